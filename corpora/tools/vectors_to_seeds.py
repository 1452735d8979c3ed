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


# family name (the "family" field of a vector file) -> writer
FAMILY_WRITERS = {
    "qwp_gorilla": qwp_gorilla_seeds,
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
