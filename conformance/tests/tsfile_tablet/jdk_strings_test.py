#!/usr/bin/env python3
"""The TsFile reference and fast deserializers decode a String as the JDK does (profile rule
strings_decoded_with_replacement), checked against the JVM on this machine.

    jdk_strings_test.py TSCONFORM JAVA [CASES] [SEED]

Draws CASES byte strings (default 20000) from SEED (default: a new one, printed), most of them
from the bytes where UTF-8 decoders differ (continuation bytes, every lead byte's edges, bytes that
lead nothing), asks JdkStrings.java for the JDK's String of each, and `tsconform serve` for the
target of a tablet with those bytes, per subject. Every difference is printed with its bytes and the
command that reproduces it; the exit status is 1 when there is one.
"""
import json
import random
import struct
import subprocess
import sys
from pathlib import Path

EDGES = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
         0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF]
SUBJECTS = ["reference", "fast", "fast-portable"]


def draw(rng):
    return bytes(rng.choice(EDGES) if rng.random() < 0.8 else rng.randrange(256) for _ in range(rng.randint(0, 8)))


def tablet(target):
    """A tablet with only a target, row size 0 and no sections (tablets-and-bitmaps.md §3 rows 1-6)."""
    return struct.pack(">i", len(target)) + target + struct.pack(">i", 0) + bytes(4)


def jdk_strings(java, strings):
    source = Path(__file__).with_name("JdkStrings.java")
    out = subprocess.run([java, str(source)], input="".join(s.hex() + "\n" for s in strings),
                         capture_output=True, text=True, check=True).stdout.split("\n")[:-1]
    if len(out) != len(strings):
        sys.exit(f"JdkStrings.java answered {len(out)} lines for {len(strings)} strings")
    return [bytes.fromhex(line) for line in out]


def targets(tsconform, subject, strings):
    requests = "".join(json.dumps({"family": "tsfile_tablet", "op": "deserialize", "profile": "newest",
                                   "input": {"bytes": tablet(s).hex()}}) + "\n" for s in strings)
    out = subprocess.run([tsconform, "serve", "--subject", subject], input=requests, capture_output=True,
                         text=True, check=True).stdout.split("\n")[:-1]
    found = []
    for line in out:
        target = json.loads(line)["outcome"]["tablet"]["target"]
        found.append(bytes.fromhex(target["hex"]) if isinstance(target, dict) else target.encode())
    return found


def main():
    tsconform, java = sys.argv[1], sys.argv[2]
    cases = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else random.randrange(2**32)
    print(f"seed {seed}, {cases} strings")
    rng = random.Random(seed)
    strings = [draw(rng) for _ in range(cases)]
    expected = jdk_strings(java, strings)
    failures = 0
    for subject in SUBJECTS:
        for s, want, got in zip(strings, expected, targets(tsconform, subject, strings)):
            if want != got:
                failures += 1
                if failures <= 10:
                    print(f"FAIL {subject}: the String of bytes {s.hex() or '(empty)'}: JDK {want.hex()}, "
                          f"{subject} {got.hex()}\n  reproduce: {tsconform} tsfile-tablet deserialize --subject {subject} "
                          f"'{{\"bytes\": \"{tablet(s).hex()}\"}}'")
    print(f"{len(SUBJECTS)} subjects x {cases} strings: {failures} differ from the JDK")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
