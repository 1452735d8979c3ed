#!/usr/bin/env python3
"""The runner's own tests: `tsconform conform` must turn every fault of a testee into a failed
check and go on, honour expected-failure lists both ways, write JUnit XML, JSON and a matrix that
tools can read, and catch a planted bug with a shrunk input.

usage: run_conform_tests.py TSCONFORM SCENARIO [ARG]
  faults              a testee that crashes, hangs, writes no JSON or the wrong shape
  expected            expected-failure lists: unexpected passes, stale and malformed lines, one list per testee,
                      failures explained by a registered finding and waived by its id
  outputs             --junit, --json and --report with two testees side by side
  planted NAME=CMD    the testee with TSCONFORM_PLANTED_BUG=1 fails, with the check and a shrunk input; the
                      list --write-expected-failures writes waives it on other seeds; a stale line fails;
                      with TSCONFORM_PLANTED_DIVERGENCE=1 every failure is under a registered finding,
                      whose lines waive it on other seeds and are stale without it
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
CLOSING = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped(, (\d+) expected failures?)?(, \d+ unexpected pass(es)?)?"
                     r"(, (\d+) outside the domain)?$", re.M)


def conform(tsconform, *args, env=None):
    seed = [] if "--seed" in args else ["--seed", "7"]
    run = subprocess.run([tsconform, "conform", *seed, *args], capture_output=True, text=True,
                         env={**os.environ, **(env or {})}, timeout=900)
    return run.returncode, run.stderr + run.stdout  # the closing line ends stdout


def expect(condition, what, output):
    if not condition:
        sys.exit(f"FAILED: {what}\n--- the runner printed:\n{output[-6000:]}")


def closing(output):
    """passed, failed, skipped from the closing line, which must be the last line of the output."""
    lines = output.rstrip("\n").split("\n")
    match = CLOSING.match(lines[-1])
    expect(match, "the last line is the closing line `N passed, N failed, N skipped`", output)
    return [int(x) for x in match.groups()[:3]]


def closing_count(output, group):
    """A count of the closing line that may be absent (0): expected failures, outside the domain."""
    value = CLOSING.match(output.rstrip("\n").split("\n")[-1]).group(group)
    return int(value) if value else 0


def processes_with(marker):
    """The processes whose command line holds `marker` (this process's own pgrep excepted)."""
    found = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout.split()
    return [pid for pid in found if int(pid) != os.getpid()]


def faults(tsconform):
    # The testee is a wrapper with a child of its own (`tsconform serve`); the marker names this run's.
    marker = f"faulty-run-{os.getpid()}"
    testee = f"faulty=python3 {HERE}/faulty_testee.py {tsconform} {marker}"
    # Each hang costs the timeout and each fault a restart of the testee: few generated cases and a
    # short timeout keep this test at seconds, and every kind of fault still occurs.
    status, out = conform(tsconform, "--testee", testee, "--family", "bitmap", "--cases", "40", "--timeout-ms", "1000")
    left = processes_with(marker)
    expect(not left, f"no process of a stopped testee outlives the run (left: {left})", out)
    passed, failed, _ = closing(out)
    expect(status == 1, f"exit status 1 (got {status})", out)
    expect(passed > 100 and failed > 4, f"most checks pass and the faulted ones fail (passed {passed}, failed {failed})", out)
    for text in ["no answer within 1000 ms", "exited with status 3", "crashing on purpose", "the answer is no JSON",
                 "an answer of the wrong shape", "faulty: restarted", ":ok->timeout", ":ok->exited"]:
        expect(text in out, f"the report says `{text}`", out)
    expect(closing_count(out, 9) > 0, "inputs outside the testee's domain are counted apart", out)
    expect(closing(out)[2] > 0, "a bitmap outcome that built nothing, where the reference built one, is skipped", out)


def expected(tsconform):
    fast = "fast=builtin:fast-long"
    with tempfile.TemporaryDirectory() as d:
        listed = os.path.join(d, "expected.txt")

        def run_with(lines, *args):
            with open(listed, "w") as f:
                f.write(lines)
            return conform(tsconform, "--testee", fast, "--cases", "20", *args)

        status, out = run_with("# a comment\n\nbitmap/program/vector/lsb_first_*  listed although it passes\n"
                               "no/such/check  stale\n", "--family", "bitmap", "--expected-failures", listed)
        expect(status == 1, f"an unexpected pass fails the run (status {status})", out)
        expect("unexpected pass" in out and "remove the line" in out, "the unexpected pass is named", out)
        expect("`no/such/check` matched no check of this run (a narrowed run)" in out,
               "a narrowed run only notes a line that matched nothing", out)
        closing(out)

        status, out = run_with("signature bitmap/program@*:ok->fault  never happens\n", "--expected-failures", f"fast={listed}")
        expect(status == 1 and "a stale line, remove it" in out, f"a whole run fails on a stale line (status {status})", out)
        expect(closing(out)[1] == 1, "the stale line is one failed check", out)

        # A testee that claims the spec's profile but answers as the legacy scanner does: every failure is
        # explained by one of two registered findings, and their two lines waive them on any seed.
        legacy = f"legacy=python3 {HERE}/as_profile_testee.py {tsconform} tsfile-array iotdb-legacy"
        with open(listed, "w") as f:
            f.write("finding legacy_contains_marked_bit_len_0  the legacy scanner at len 0\n"
                    "finding legacy_contains_marked_bit_no_range_check  the legacy scanner has no range check\n")
        marker = os.path.join(d, "exited")
        status, out = conform(tsconform, "--testee", legacy, "--family", "bitmap", "--all-failures",
                              env={"TSCONFORM_EXIT_MARKER": marker})
        expect(os.path.exists(marker), "the testee's stderr stays open until it exits at the end of the run", out)
        vector = out.partition("FAILED bitmap/program/vector/")[2].split("\nFAILED ")[0]
        expect(re.search(r"differs: +operation \d+ `\w+[^`]*`", vector) and "`?`" not in out,
               "a vector's failure names the call where it differs", vector or out)
        for finding in ("legacy_contains_marked_bit_len_0", "legacy_contains_marked_bit_no_range_check"):
            report = out.partition(f"FAILED bitmap/program/seed/finding_{finding}.iotdb-legacy@tsfile-array (legacy)\n")[2]
            expect(report.split("\nFAILED ")[0].count(f"finding:   {finding} ") == 1,
                   f"the finding's own example is explained by it: {finding}", out)
        for seed in ("7", "8"):
            status, out = conform(tsconform, "--testee", legacy, "--family", "bitmap", "--seed", seed)
            expect(status == 1 and re.search(r"^FAILED finding legacy_contains_marked_bit_\w+ \(legacy\): \d+ checks?", out, re.M),
                   f"failures are reported under the finding that explains them (seed {seed}, status {status})", out)
            status, out = conform(tsconform, "--testee", legacy, "--family", "bitmap", "--seed", seed,
                                  "--expected-failures", f"legacy={listed}")
            expect(status == 0 and closing_count(out, 5) > 0, f"two finding lines waive them (seed {seed}, status {status})", out)

        status, out = run_with("bitmap/program/vector/x\n", "--expected-failures", listed)
        expect(status == 2 and "has no reason" in out, f"a line without a reason is an input error (status {status})", out)
        status, out = run_with("signature\n", "--expected-failures", listed)
        expect(status == 2 and "names no signature" in out, f"a signature line without one is an input error ({status})", out)
        status, out = run_with("x y\n", "--expected-failures", listed, "--expected-failures", f"fast={listed}",
                               "--expected-failures", f"fast={listed}")
        expect(status == 2 and "a second list for testee fast" in out, f"two lists for one testee (status {status})", out)


def outputs(tsconform):
    with tempfile.TemporaryDirectory() as d:
        junit, js, md = (os.path.join(d, n) for n in ("junit.xml", "results.json", "matrix.md"))
        status, out = conform(tsconform, "--testee", "long=builtin:fast-long", "--testee", "array=builtin:fast-array",
                              "--family", "bitmap", "--cases", "30", "--junit", junit, "--json", js, "--report", md)
        passed, failed, skipped = closing(out)
        expect(status == 0 and failed == 0, f"two fast subjects pass (status {status})", out)
        suites = ET.parse(junit).getroot()
        tests = sum(int(s.get("tests")) for s in suites.iter("testsuite"))
        outside = closing_count(out, 9)
        expect(tests == passed + failed + skipped + outside, f"JUnit holds every check ({tests})", out)
        # Seeds of sizes past a profile's largest bitmap (BitMapLongImpl's 64 bits, the suite's maximum)
        # are not sent; generated programs are drawn inside the profile.
        expect({s.get("name").split(":")[0] for s in suites.iter("testsuite")} == {"long", "array"},
               "a JUnit suite per testee", out)
        results = json.load(open(js))["results"]
        outside_checks = [r["check"] for r in results if r["status"] == "outside domain"]
        # fast-long builds no bitmap over 64 positions: where the reference builds one, the check is skipped.
        skipped_checks = [r["check"] for r in results if r["status"] == "skipped"]
        expect(len(results) == tests and len(outside_checks) == outside and len(skipped_checks) == skipped and
               all(r["status"] == "passed" for r in results if r["check"] not in outside_checks + skipped_checks),
               "the JSON results", out)
        # Seeds of sizes past a profile's largest bitmap (BitMapLongImpl's 64 bits, the suite's maximum)
        # are not sent; generated programs are drawn inside the profile.
        expect(outside > 0 and not any("/generated/" in c for c in outside_checks),
               f"programs larger than a profile holds are not sent, and none is generated ({outside_checks[:5]})", out)
        matrix = open(md).read()
        columns = [c.strip() for c in matrix.split("\n")[0].split("|")[2:-1]]
        ran = [f"{t}@{p}" for t, p in re.findall(r"^(long|array) bitmap/program \[([a-z0-9-]+)\]", out, re.M)]
        expect(columns == ran and len(ran) > 2 and "| bitmap/program/generated |" in matrix,
               f"a matrix row per group and a column per testee and profile ({columns})", matrix)
        expect({r["profile"] for r in results} == {c.split("@")[1] for c in ran}, "the JSON results name their profile", out)


def report_inputs_kept_apart(tmp, out):
    """Without TSCONFORM_REPORT_DIR a run keeps the inputs its reports name with @ in one folder of its
    own in the temporary folder `tmp`, and leaves nothing there when no report names one."""
    named = re.findall(r"@(\S+\.json)", out)
    left = os.listdir(tmp)
    if not named:
        expect(left == [], f"a run whose reports name no input file leaves nothing in the temporary folder ({left})", out)
        return
    folders = {os.path.dirname(p) for p in named}
    expect(len(folders) == 1 and left == [os.path.basename(next(iter(folders)))] and all(os.path.isfile(p) for p in named),
           f"every input file a report names is in the run's one folder ({sorted(folders)[:3]}, {left})", out)
    expect(f"kept in {next(iter(folders))}" in out, "the run says where it kept them", out)


def planted(tsconform, testee):
    with tempfile.TemporaryDirectory() as d:
        apart = {"TSCONFORM_REPORT_DIR": "", "TMPDIR": d}
        status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", env=apart)
        passed, failed, _ = closing(out)
        expect(status == 0 and failed == 0, f"the example passes without its planted bug (status {status})", out)
        report_inputs_kept_apart(d, out)
    bug = {"TSCONFORM_PLANTED_BUG": "1"}
    name = testee.split("=")[0]
    with tempfile.TemporaryDirectory() as d, tempfile.TemporaryDirectory() as tmp:
        listed = os.path.join(d, "expected.txt")
        status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--write-expected-failures", listed,
                              env={**bug, "TSCONFORM_REPORT_DIR": "", "TMPDIR": tmp})
        passed, failed, _ = closing(out)
        expect(status == 1 and failed > 0, f"the planted bug fails the run (status {status}, {failed} failed)", out)
        report_inputs_kept_apart(tmp, out)
        expect(re.search(r"^FAILED [a-z_]+/[a-z]+(@[a-z0-9-]+)?:[a-z_]+->[a-z_]+\S* \(" + name + r"\): \d+ checks?, e\.g\. ",
                         out, re.M), "one report per signature, with its count and a check", out)
        expect(re.search(r"shrunk from \d+ choices to \d+ in \d+ steps", out), "a generated case is shrunk", out)
        print(out[out.find("\nFAILED"):][:4000])
        status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--expected-failures",
                              f"{name}={listed}", env=bug)
        expect(status == 0 and closing(out)[1] == 0 and closing_count(out, 5) > 0,
               f"the written list waives every failure of its own run (status {status})", out)
        # One line per operation and profile the bug shows in waives it on every seed, where other
        # cases fail, and where a bug of several faces may show only some of them.
        signatures = re.findall(r"^signature (\S+?:)\S+ ", open(listed).read(), re.M)
        with open(listed, "w") as f:
            f.writelines(f"signature {prefix}*  the planted bug\n" for prefix in sorted(set(signatures)))
        for seed in ("11", "12"):
            status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--seed", seed,
                                  "--expected-failures", f"{name}={listed}", env=bug)
            expect(status == 0 and closing(out)[1] == 0 and closing_count(out, 5) > 0,
                   f"a signature line waives the planted bug on seed {seed} (status {status})", out)
        with open(listed, "a") as f:
            f.write("signature qwp_gorilla/decode:ok->fault  a crash that was fixed\n")
        status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--expected-failures", listed,
                              env=bug)
        expect(status == 1 and "a stale line, remove it" in out, f"a stale line fails the run (status {status})", out)
    planted_divergence(tsconform, testee)


def planted_divergence(tsconform, testee):
    """TSCONFORM_PLANTED_DIVERGENCE=1 makes the example behave as another implementation where a
    registered finding records it: every failure is reported under that finding, one line per finding
    waives it on any seed, and a finding line that matches nothing is stale."""
    name = testee.split("=")[0]
    divergence = {"TSCONFORM_PLANTED_DIVERGENCE": "1"}
    status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--seed", "13", env=divergence)
    found = sorted(set(re.findall(r"^FAILED finding (\w+) \(" + name + r"\): \d+ checks?", out, re.M)))
    expect(status == 1 and found, f"the planted divergence fails, reported under a finding (status {status})", out)
    expect(not re.search(r"^FAILED (?!finding )", out, re.M), "every failure is explained by a finding", out)
    with tempfile.TemporaryDirectory() as d:
        listed = os.path.join(d, "expected.txt")
        with open(listed, "w") as f:
            f.writelines(f"finding {finding}  the planted divergence\n" for finding in found)
        for seed in ("14", "15"):
            status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--seed", seed,
                                  "--expected-failures", f"{name}={listed}", env=divergence)
            expect(status == 0 and closing(out)[1] == 0 and closing_count(out, 5) > 0,
                   f"{len(found)} finding line(s) waive the planted divergence on seed {seed} (status {status})", out)
        status, out = conform(tsconform, "--testee", testee, "--timeout-ms", "20000", "--seed", "14",
                              "--expected-failures", f"{name}={listed}")
        expect(status == 1 and closing(out)[1] == len(found) and "a stale line, remove it" in out,
               f"without the divergence each finding line is stale and fails the run (status {status})", out)


def main():
    tsconform, scenario = sys.argv[1], sys.argv[2]
    if scenario == "planted":
        planted(tsconform, sys.argv[3])
    else:
        {"faults": faults, "expected": expected, "outputs": outputs}[scenario](tsconform)
    print(f"conform {scenario}: ok")


if __name__ == "__main__":
    main()
