#!/usr/bin/env python3
"""Runs every row of a table of bad tsconform invocations and checks each one's exit status and
message. Usage: run_bad_invocations.py TABLE.json [EMULATOR...] TSCONFORM
(the emulator is CMAKE_CROSSCOMPILING_EMULATOR in a cross build, nothing otherwise)."""
import json
import subprocess
import sys


def main():
    table, command = sys.argv[1], sys.argv[2:]
    failures = 0
    rows = json.load(open(table))["invocations"]
    for row in rows:
        run = subprocess.run(command + row["args"], input=row.get("stdin", ""), capture_output=True, text=True,
                             timeout=120)
        output = run.stdout + run.stderr
        if run.returncode != row["status"] or row["message"] not in output:
            failures += 1
            print(f"FAIL {row['args']}: status {run.returncode} (expected {row['status']}), "
                  f"expected the message to hold {row['message']!r}, got:\n{output}")
    print(f"{len(rows) - failures} of {len(rows)} bad invocations as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
