#!/usr/bin/env python3
"""A QWP Gorilla timestamp-column codec in Python, written from spec qwp-gorilla.md, speaking the
external subject protocol (subjects/external/PROTOCOL.md) on stdin/stdout. An example of plugging
an implementation in another language into the suite:

    TSCONFORM_EXTERNAL='qwp_gorilla:python=python3 subjects/external/examples/qwp_gorilla_subject.py' \\
    TSCONFORM_SUBJECTS=external:python build/dev/test_qwp_gorilla --gtest_filter='*Vectors*'
    build/dev/tsconform conform --testee python='python3 subjects/external/examples/qwp_gorilla_subject.py'

TSCONFORM_PLANTED_BUG=1 plants a bug, for the runner's own test: the encoder takes the 7-bit bucket as
-63..63+1 (a range written symmetric by mistake), so a delta-of-delta of exactly 64 wraps to -64 and
one of -64 takes the 9-bit bucket.

TSCONFORM_PLANTED_DIVERGENCE=1 plants a known upstream divergence instead, which finding
gorilla_below_3_values_read explains: under `strict` the decoder reads a Gorilla column of fewer than
3 values, as the QuestDB server does (§4 D2).
"""
import json
import os
import sys

MASK64 = (1 << 64) - 1
# §2.3 buckets: (prefix ones, payload width, lowest, highest), after the single 0 bit for DoD 0.
BUCKETS = [(1, 7, -64, 63), (2, 9, -256, 255), (3, 12, -2048, 2047), (4, 32, -(1 << 31), (1 << 31) - 1)]
ENCODER_BUCKETS = [(1, 7, -63, 64)] + BUCKETS[1:] if os.environ.get("TSCONFORM_PLANTED_BUG") == "1" else BUCKETS
# §4 D2, D3, §3.1a: what each profile accepts.
NO_CAP = MASK64
PROFILES = {  # name: (fewest values Gorilla accepts, null flag must be 0 or 1, most rows a frame may declare)
    "strict": (3, False, NO_CAP), "server": (0, False, NO_CAP), "rust": (0, True, NO_CAP),
    "typescript": (3, True, 1 << 20), "dotnet": (2, False, NO_CAP), "go": (3, False, 1 << 20),
}
if os.environ.get("TSCONFORM_PLANTED_DIVERGENCE") == "1":
    PROFILES["strict"] = PROFILES["server"]
# The encoder profiles (§2.9): go and typescript are never sent a bitmap that marks no row, so only
# typescript's exact delta-of-deltas (§4 D4) change what this encoder writes.
ENCODE_PROFILES = ["canonical", "go", "typescript"]


def signed64(u):
    u &= MASK64
    return u - (1 << 64) if u >> 63 else u


class Bits:
    """LSB-first bit writer (§2.2); unused bits of the last byte stay zero (§2.5)."""

    def __init__(self):
        self.out, self.used = bytearray(), 0

    def put(self, value, count):
        for i in range(count):
            if self.used == 0:
                self.out.append(0)
            self.out[-1] |= ((value >> i) & 1) << self.used
            self.used = (self.used + 1) % 8


def encode(rows, null_bitmap, values, gorilla, exact):
    out = bytearray([0 if null_bitmap is None else 1])
    if null_bitmap is not None:
        bits = Bits()
        for row in range(rows):
            bits.put(null_bitmap[row >> 3] >> (row & 7), 1)
        out += bits.out
    # §2.4 wraps the delta-of-deltas to int64; the typescript encoder profile keeps them exact (§4 D4).
    dods = [(values[i] - values[i - 1]) - (values[i - 1] - values[i - 2]) for i in range(2, len(values))]
    if not exact:
        dods = [signed64(d) for d in dods]
    if gorilla and len(values) >= 3 and all(-(1 << 31) <= d < (1 << 31) for d in dods):  # §2.8
        out.append(1)
        out += b"".join((v & MASK64).to_bytes(8, "little") for v in values[:2])
        bits = Bits()
        for d in dods:
            if d == 0:
                bits.put(0, 1)
                continue
            ones, width, _, _ = next(b for b in ENCODER_BUCKETS if b[2] <= d <= b[3])
            bits.put((1 << ones) - 1, ones + (ones < 4))  # ones, then a 0 unless all four are ones
            bits.put(d & ((1 << width) - 1), width)
        return bytes(out + bits.out)
    if gorilla:
        out.append(0)
    return bytes(out + b"".join((v & MASK64).to_bytes(8, "little") for v in values))


class Truncated(Exception):
    pass


class Reader:
    def __init__(self, data):
        self.data, self.bit = data, 0  # bit position

    def byte(self):
        self.bit = (self.bit + 7) // 8 * 8  # bytes start on a byte boundary
        if self.bit >= 8 * len(self.data):
            raise Truncated
        self.bit += 8
        return self.data[self.bit // 8 - 1]

    def int64(self):
        return signed64(int.from_bytes(bytes(self.byte() for _ in range(8)), "little"))

    def bits(self, count):
        value = 0
        for i in range(count):
            if self.bit >= 8 * len(self.data):
                raise Truncated
            value |= ((self.data[self.bit >> 3] >> (self.bit & 7)) & 1) << i
            self.bit += 1
        return value

    def consumed(self):
        return (self.bit + 7) // 8


def read_dod(r):
    ones = 0
    while ones < 4 and r.bits(1):
        ones += 1
    if ones == 0:
        return 0
    width = BUCKETS[ones - 1][1]
    payload = r.bits(width)
    return payload - (1 << width) if payload >> (width - 1) else payload


def decode(data, rows, gorilla, profile):
    fewest, strict_flag, most_rows = PROFILES[profile]
    if rows > most_rows:
        return {"error": "row_count_out_of_range"}
    r = Reader(data)
    try:
        flag = r.byte()
    except Truncated:
        return {"error": "missing_null_flag"}
    null_bitmap, nulls = None, 0
    if flag != 0:
        if flag != 1 and strict_flag:
            return {"error": "invalid_null_flag"}
        null_bitmap = bytearray()
        for row in range(rows):  # one bit per row: a short input ends the loop, not the row count
            try:
                b = r.bits(1)
            except Truncated:
                return {"error": "truncated_null_bitmap"}
            if row & 7 == 0:
                null_bitmap.append(0)
            null_bitmap[-1] |= b << (row & 7)
            nulls += b
    n = rows - nulls
    encoding = "none"
    if gorilla:
        try:
            enc = r.byte()
        except Truncated:
            return {"error": "missing_encoding_flag"}
        if enc not in (0, 1):
            return {"error": "unknown_encoding"}
        encoding = "gorilla" if enc == 1 else "raw"
    values = []
    if encoding == "gorilla":
        if n < fewest:
            return {"error": "gorilla_too_few_values"}
        try:
            for _ in range(min(n, 2)):
                values.append(r.int64())
        except Truncated:
            return {"error": "truncated_seeds"}
        if n >= 3:
            delta = signed64(values[1] - values[0])
            try:
                for _ in range(n - 2):
                    delta = signed64(delta + read_dod(r))
                    values.append(signed64(values[-1] + delta))
            except Truncated:
                return {"error": "truncated_bitstream"}
    else:
        try:
            for _ in range(n):
                values.append(r.int64())
        except Truncated:
            return {"error": "truncated_raw_values"}
    return {"encoding": encoding, "consumed": r.consumed(),
            "column": {"rows": str(rows), "null_bitmap": None if null_bitmap is None else null_bitmap.hex(),
                       "values": [str(v) for v in values]}}


def outcome(family, op, profile, given):
    if (family, op) == ("qwp_gorilla", "encode"):
        column, bitmap = given["column"], given["column"]["null_bitmap"]
        return {"bytes": encode(int(column["rows"]), None if bitmap is None else bytes.fromhex(bitmap),
                                [int(v) for v in column["values"]], given["gorilla"], profile == "typescript").hex()}
    if (family, op) == ("qwp_gorilla", "decode"):
        return decode(bytes.fromhex(given["bytes"]), int(given["rows"]), given["gorilla"], profile)
    return None


def answer(request):
    if request["op"] == "hello":
        return {"protocol": 1, "operations": [
            {"family": "qwp_gorilla", "op": "decode", "profiles": list(PROFILES)},
            {"family": "qwp_gorilla", "op": "encode", "profiles": list(ENCODE_PROFILES)}]}
    first = next(iter(PROFILES)) if request["op"] == "decode" else ENCODE_PROFILES[0]
    result = outcome(request["family"], request["op"], request.get("profile", first), request["input"])
    if result is None:
        return {"unsupported": request["family"] + "/" + request["op"]}
    return {"outcome": result}


def main():
    for line in sys.stdin:
        try:
            reply = answer(json.loads(line))
        except (KeyError, ValueError) as e:
            reply = {"protocol_error": repr(e)}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
