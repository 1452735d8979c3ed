#!/usr/bin/env python3
"""Turn tsconform golden vector files into libFuzzer seed inputs.

Usage:
    vectors_to_seeds.py OUT_DIR [VECTOR_FILES...]

With no VECTOR_FILES, every ``corpora/vectors/*.json`` of the repository is read
(the repository root is found from this script's own path, ``corpora/tools/``).
Python 3 standard library only.

Each seed is written to ``OUT_DIR/<fuzz target>/<sha1 of the file content>``
(the Bitcoin qa-assets naming: identical inputs collapse into one file, and
re-running the script is idempotent). One summary line per target is printed.

Families
--------
``qwp_gorilla`` (spec ``shared/specs/qwp-gorilla.md``) -> targets
``qwp_gorilla_decode`` and ``qwp_gorilla_roundtrip``. One seed per
(vector, profile listed in the vector's ``profiles``). Input format of
``qwp_gorilla_decode``:

    offset  size  field
    0       1     control byte:
                    bit 0     gorilla_flag (FLAG_GORILLA set in the message header)
                    bits 1..3 decoder profile index:
                              0 strict, 1 server, 2 rust, 3 typescript, 4 dotnet
                    bits 4..7 zero in seeds
    1       4     row_count, uint32 little-endian
    5       ...   the column body bytes (the vector's "bytes"), to the end of input

Vectors whose row_count does not fit in uint32 are skipped (they stay covered by the
golden-vector tests, which read row_count as a uint64 decimal string).
``qwp_gorilla_roundtrip`` gets the same files: that target reads its input through
FuzzedDataProvider, so any bytes are a valid seed, and these steer it towards the
interesting shapes.

``bitmap`` (spec ``shared/specs/tablets-and-bitmaps.md`` §4) -> target
``bitmap_ops``. One seed per vector: its program with raw int32 arguments, so that
the seed replays exactly the vector's operations (the target compares every subject
with the reference under the tsfile profile, whatever the vector's profile). Input
format (decode_fuzz_input in ``conformance/harness/bitmap_program.cpp``):

    offset  size  field
    0       2     bitmap size selector, uint16 little-endian (size = value % 1025)
    2       1     flags: bit 0 = initial bytes follow
    3       n     initial bytes, n = size/8+1, if flag bit 0
    ...           operations to the end of input, each:
                    1 byte   opcode: bits 0..4 index in BITMAP_OPS (mod 20),
                             bit 7 = raw arguments (always set in seeds)
                    value    merge/equals/equalsInRange: uint16 LE size selector,
                             then size/8+1 bytes
                    ints     raw: int32 LE each; otherwise uint16 LE each, scaled
                             to u % (size+3) - 1
                    rows     orFailedRows: ceil(length/8) bytes (fewer at the end)

``tsfile_tablet`` (spec ``shared/specs/tablets-and-bitmaps.md`` §3) -> targets
``tsfile_tablet_deserialize`` and ``tsfile_tablet_roundtrip``. One seed per
(vector with "bytes", layout listed in the vector's ``layouts``). Input format of
``tsfile_tablet_deserialize``:

    offset  size  field
    0       1     control byte: bit 0 = layout (0 newest, 1 v15201a9d), bits 1..7 zero
    1       ...   the serialized tablet (the vector's "bytes"), to the end of input

``tsfile_tablet_roundtrip`` gets the same files (FuzzedDataProvider input: any bytes
are valid and these steer it).

``iotdb_tablet`` (spec ``shared/specs/tablets-and-bitmaps.md`` §1-2) -> targets
``iotdb_tablet_parse`` and ``iotdb_tablet_serialize``. One seed per parse vector and
per (serialize vector, profile whose expected outcome is bytes). Input format of
``iotdb_tablet_parse``:

    offset  size  field
    0       1     column count c (the target reads the low 3 bits; seeds have c <= 7)
    1       c     type codes, one byte each (TSDataType codes, any byte)
    1+c     4     row count n, int32 little-endian
    5+c     ...   the timestamps buffer: 8*n bytes, or all that is left if fewer
                  (or n < 0); then the values buffer, to the end of input

A vector whose timestamps buffer is not exactly 8*n bytes becomes a seed whose split
differs from the vector's (still a useful seed). Cases with more than 7 columns are
skipped. ``iotdb_tablet_serialize`` gets the same files: it reads its input through
FuzzedDataProvider, so any bytes are a valid seed.

Families this script does not know are skipped with a message on stderr. To add
one, write a function ``(vector_file_dict) -> {target: [seed bytes, ...]}`` and
register it in ``FAMILY_WRITERS``.
"""

import glob
import hashlib
import json
import os
import struct
import sys

QWP_PROFILES = ["strict", "server", "rust", "typescript", "dotnet"]
UINT32_MAX = 0xFFFFFFFF


def qwp_gorilla_seed(gorilla_flag, profile, row_count, body):
    """Build one qwp_gorilla_decode input (format in the module docstring)."""
    control = (1 if gorilla_flag else 0) | (QWP_PROFILES.index(profile) << 1)
    return bytes([control]) + struct.pack("<I", row_count) + body


def qwp_gorilla_seeds(doc, log):
    seeds = []
    skipped = 0
    for v in doc.get("vectors", []):
        row_count = int(v["row_count"])
        if row_count < 0 or row_count > UINT32_MAX:
            skipped += 1
            continue
        body = bytes.fromhex(v["bytes"])
        for profile in v["profiles"]:
            if profile not in QWP_PROFILES:
                raise ValueError("vector %s: unknown profile %r" % (v.get("name"), profile))
            seeds.append(qwp_gorilla_seed(bool(v["gorilla_flag"]), profile, row_count, body))
    if skipped:
        log("qwp_gorilla: %d vector(s) skipped: row_count above uint32" % skipped)
    return {"qwp_gorilla_decode": seeds, "qwp_gorilla_roundtrip": list(seeds)}


# The bitmap_ops operation table, in opcode order (conformance/harness/bitmap_program.hpp kOps):
# (name, int arguments, operand: None, "value" before the ints, "rows" after them).
BITMAP_OPS = [
    ("mark", 1, None), ("unmark", 1, None), ("isMarked", 1, None), ("markAll", 0, None), ("reset", 0, None),
    ("markRange", 2, None), ("unmarkRange", 2, None), ("isAllUnmarked", 0, None), ("isAllUnmarked", 1, None),
    ("isAllMarked", 0, None), ("isRangeAnyMarked", 2, None), ("isRangeAllMarked", 2, None),
    ("isRangeNoneMarked", 2, None), ("containsMarkedBit", 2, None), ("merge", 3, "value"), ("bytes", 0, None),
    ("getTruncatedByteArray", 1, None), ("equals", 0, "value"), ("equalsInRange", 1, "value"),
    ("orFailedRows", 2, "rows"),
]
BITMAP_FUZZ_MAX_SIZE = 1024


def bitmap_hex(token):
    return b"" if token == "-" else bytes.fromhex(token)


def bitmap_op_seed(text):
    """One operation of the tsconform bitmap text form as bitmap_ops bytes, raw arguments."""
    tokens = text.split()
    for code, (name, ints, operand) in enumerate(BITMAP_OPS):
        want = 1 + ints + {None: 0, "value": 2, "rows": 1}[operand]
        if tokens[0] != name or len(tokens) != want:
            continue
        out = bytearray([0x80 | code])
        rest = tokens[1:]
        if operand == "value":
            size, data = int(rest[0]), bitmap_hex(rest[1])
            if size > BITMAP_FUZZ_MAX_SIZE or len(data) != size // 8 + 1:
                raise ValueError("bitmap value %r does not fit the fuzz format" % text)
            out += struct.pack("<H", size) + data
            rest = rest[2:]
        args = [int(t) for t in rest[:ints]]
        out += b"".join(struct.pack("<i", a) for a in args)
        if operand == "rows":
            # The decoder reads ceil(length/8) row bytes: pad or cut to exactly that (missing bits are 0).
            need = (args[1] + 7) // 8 if args[1] > 0 else 0
            out += bitmap_hex(rest[ints])[:need].ljust(need, b"\0")
        return bytes(out)
    raise ValueError("unknown bitmap operation %r" % text)


def bitmap_seeds(doc, log):
    seeds = []
    for v in doc.get("vectors", []):
        size = int(v["size"])
        if size > BITMAP_FUZZ_MAX_SIZE:
            log("bitmap: vector %s skipped: size above %d" % (v["name"], BITMAP_FUZZ_MAX_SIZE))
            continue
        initial = bytes.fromhex(v["bytes"]) if "bytes" in v else b""
        seed = struct.pack("<H", size) + bytes([1 if "bytes" in v else 0]) + initial
        for item in v["ops"].replace("\n", ";").split(";"):
            if item.strip():
                seed += bitmap_op_seed(item)
        seeds.append(seed)
    return {"bitmap_ops": seeds}


TSFILE_LAYOUTS = ["newest", "v15201a9d"]


def tsfile_tablet_seeds(doc, log):
    seeds = []
    for v in doc.get("vectors", []):
        if "bytes" not in v:
            continue
        for layout in v["layouts"]:
            if layout not in TSFILE_LAYOUTS:
                raise ValueError("vector %s: unknown layout %r" % (v.get("name"), layout))
            seeds.append(bytes([TSFILE_LAYOUTS.index(layout)]) + bytes.fromhex(v["bytes"]))
    return {"tsfile_tablet_deserialize": seeds, "tsfile_tablet_roundtrip": list(seeds)}


IOTDB_TYPE_CODES = {
    "BOOLEAN": 0, "INT32": 1, "INT64": 2, "FLOAT": 3, "DOUBLE": 4, "TEXT": 5, "VECTOR": 6,
    "UNKNOWN": 7, "TIMESTAMP": 8, "DATE": 9, "BLOB": 10, "STRING": 11, "OBJECT": 12,
}
IOTDB_MAX_COLUMNS = 7


def iotdb_tablet_seed(types, rows, timestamps, values):
    """Build one iotdb_tablet_parse input (format in the module docstring)."""
    codes = [IOTDB_TYPE_CODES[t] if isinstance(t, str) else int(t) for t in types]
    return bytes([len(codes)]) + bytes(codes) + struct.pack("<i", rows) + timestamps + values


def iotdb_tablet_seeds(doc, log):
    seeds = []
    skipped = 0
    for v in doc.get("vectors", []):
        if v["kind"] == "parse":
            cases = [(v["types"], int(v["rows"]), v["timestamps"], v["values"])]
        else:
            tablet = v["tablet"]
            types = [c["type"] for c in tablet["columns"]]
            cases = [(types, len(tablet["timestamps"]), e["timestamps"], e["values"])
                     for e in v["expect"].values() if "error" not in e]
        for types, rows, timestamps, values in cases:
            if len(types) > IOTDB_MAX_COLUMNS:
                skipped += 1
                continue
            seeds.append(iotdb_tablet_seed(types, rows, bytes.fromhex(timestamps), bytes.fromhex(values)))
    if skipped:
        log("iotdb_tablet: %d case(s) skipped: more than %d columns" % (skipped, IOTDB_MAX_COLUMNS))
    return {"iotdb_tablet_parse": seeds, "iotdb_tablet_serialize": list(seeds)}


# family name (the "family" field of a vector file) -> writer
FAMILY_WRITERS = {
    "iotdb_tablet": iotdb_tablet_seeds,
    "qwp_gorilla": qwp_gorilla_seeds,
    "bitmap": bitmap_seeds,
    "tsfile_tablet": tsfile_tablet_seeds,
}


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def write_seed(out_dir, target, data):
    directory = os.path.join(out_dir, target)
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)
    return name


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2 if len(argv) < 2 else 0
    out_dir = argv[1]
    files = argv[2:] or sorted(glob.glob(os.path.join(repo_root(), "corpora", "vectors", "*.json")))
    if not files:
        sys.stderr.write("vectors_to_seeds: no vector files found\n")
        return 1
    log = lambda msg: sys.stderr.write("vectors_to_seeds: %s\n" % msg)

    per_target = {}  # target -> set of seed names (sha1), in first-seen order via dict
    for path in files:
        with open(path, "r", encoding="utf-8") as f:
            doc = json.load(f)
        family = doc.get("family")
        writer = FAMILY_WRITERS.get(family)
        if writer is None:
            log("%s: family %r has no seed writer, skipped" % (path, family))
            continue
        for target, seeds in writer(doc, log).items():
            names = per_target.setdefault(target, {})
            for data in seeds:
                names[write_seed(out_dir, target, data)] = True

    for target in sorted(per_target):
        print("%s: %d seeds -> %s" % (target, len(per_target[target]), os.path.join(out_dir, target)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
