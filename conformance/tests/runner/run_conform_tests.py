#!/usr/bin/env python3
"""The runner's own tests: `tsconform conform` must turn every fault of a testee into a failed
check and go on, honour expected-failure lists both ways, write JUnit XML, JSON and a matrix that
tools can read, and catch a planted bug with a shrunk input.

usage: run_conform_tests.py TSCONFORM SCENARIO [ARG]
  faults              a testee that crashes, hangs, writes no JSON or the wrong shape
  expected            expected-failure lists: unexpected passes, stale and malformed lines
  outputs             --junit, --json and --report with two testees side by side
  planted NAME=CMD    the testee with TSCONFORM_PLANTED_BUG=1 fails, with the check and a shrunk input
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
CLOSING = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped(, \d+ expected failures?)?(, \d+ unexpected pass(es)?)?$",
                     re.M)


def conform(tsconform, *args, env=None):
    run = subprocess.run([tsconform, "conform", "--seed", "7", *args], capture_output=True, text=True,
                         env={**os.environ, **(env or {})}, timeout=900)
    return run.returncode, run.stdout + run.stderr


def expect(condition, what, output):
    if not condition:
        sys.exit(f"FAILED: {what}\n--- the runner printed:\n{output[-6000:]}")


def closing(output):
    lines = CLOSING.findall(output)
    expect(lines, "a closing line `N passed, N failed, N skipped`", output)
    return [int(x) for x in lines[-1][:3]]


def faults(tsconform):
    testee = f"faulty=python3 {HERE}/faulty_testee.py {tsconform}"
    # Each hang costs the timeout and each fault a restart of the testee: few generated cases and a
    # short timeout keep this test at seconds, and every kind of fault still occurs.
    status, out = conform(tsconform, "--testee", testee, "--family", "bitmap", "--cases", "40", "--timeout-ms", "1000")
    passed, failed, _ = closing(out)
    expect(status == 1, f"exit status 1 (got {status})", out)
    expect(passed > 100 and failed > 4, f"most checks pass and the faulted ones fail (passed {passed}, failed {failed})", out)
    for text in ["no answer within 1000 ms", "exited with status 3", "crashing on purpose", "the answer is no JSON",
                 "an answer of the wrong shape", "faulty: restarted"]:
        expect(text in out, f"the report says `{text}`", out)


def expected(tsconform):
    with tempfile.TemporaryDirectory() as d:
        listed = os.path.join(d, "expected.txt")
        with open(listed, "w") as f:
            f.write("# a comment\n\nbitmap/program/vector/lsb_first_*  listed although it passes\nno/such/check  stale\n")
        status, out = conform(tsconform, "--testee", "fast=builtin:fast-long", "--family", "bitmap", "--cases", "20",
                              "--expected-failures", listed)
        expect(status == 1, f"an unexpected pass fails the run (status {status})", out)
        expect("unexpected pass" in out and "remove the line" in out, "the unexpected pass is named", out)
        expect("`no/such/check` matched no check" in out, "a stale line is reported", out)
        with open(listed, "w") as f:
            f.write("bitmap/program/vector/x\n")
        status, out = conform(tsconform, "--testee", "fast=builtin:fast-long", "--expected-failures", listed)
        expect(status == 2 and "has no reason" in out, f"a line without a reason is an input error (status {status})", out)


def outputs(tsconform):
    with tempfile.TemporaryDirectory() as d:
        junit, js, md = (os.path.join(d, n) for n in ("junit.xml", "results.json", "matrix.md"))
        status, out = conform(tsconform, "--testee", "long=builtin:fast-long", "--testee", "array=builtin:fast-array",
                              "--family", "bitmap", "--cases", "30", "--junit", junit, "--json", js, "--report", md)
        passed, failed, skipped = closing(out)
        expect(status == 0 and failed == 0, f"two fast subjects pass (status {status})", out)
        suites = ET.parse(junit).getroot()
        tests = sum(int(s.get("tests")) for s in suites.iter("testsuite"))
        expect(tests == passed + failed + skipped, f"JUnit holds every check ({tests})", out)
        expect({s.get("name").split(":")[0] for s in suites.iter("testsuite")} == {"long", "array"},
               "a JUnit suite per testee", out)
        results = json.load(open(js))["results"]
        expect(len(results) == tests and all(r["status"] == "passed" for r in results), "the JSON results", out)
        matrix = open(md).read()
        expect("| check group | long | array |" in matrix and "| bitmap/program/generated |" in matrix,
               "a matrix row per group and a column per testee", matrix)


def planted(tsconform, testee):
    status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000")
    passed, failed, _ = closing(out)
    expect(status == 0 and failed == 0, f"the example passes without its planted bug (status {status})", out)
    status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", env={"TSCONFORM_PLANTED_BUG": "1"})
    passed, failed, _ = closing(out)
    expect(status == 1 and failed > 0, f"the planted bug fails the run (status {status}, {failed} failed)", out)
    expect(re.search(r"^FAILED [a-z_]+/[a-z]+/[a-z]+/\S+ ", out, re.M), "the failed check is named", out)
    expect(re.search(r"shrunk from \d+ choices to \d+ in \d+ steps", out), "a generated case is shrunk", out)
    print(out[out.find("\nFAILED"):][:4000])


def main():
    tsconform, scenario = sys.argv[1], sys.argv[2]
    if scenario == "planted":
        planted(tsconform, sys.argv[3])
    else:
        {"faults": faults, "expected": expected, "outputs": outputs}[scenario](tsconform)
    print(f"conform {scenario}: ok")


if __name__ == "__main__":
    main()
