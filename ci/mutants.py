#!/usr/bin/env python3
"""Runs the mutant catalogue against the suite and prints the kill table.

Each mutant of subjects/mutants/catalogue.json is a subject named mutant:<family>:<name>, built
into the dev build, the s390x build (big-endian-only mutants), the armhf build (mutants only a
32-bit host can kill), the asan build (sanitizer-only mutants) and the fuzz-mutants build. Before anything runs, the catalogue is checked against the
code: every catalogued name must occur under subjects/ as mutant("<name>"), and every
mutant("...") switch there must be catalogued; a mismatch lists the names and exits with status 2.
For each mutant the checks of its family run in order, selected with TSCONFORM_SUBJECTS, until one fails:
  vectors, properties (the rest of the family's test binary), replay:<target> (each fuzz
  target over its corpus), and, unless --fast, fuzz:<target> for --fuzz-seconds each.
A mutant whose catalogue entry has "platform": "s390x" only misbehaves on a big-endian host:
its checks run in the s390x build under qemu-s390x; one with "platform": "armhf" only where
size_t is 32 bits: its checks run in the armhf build under qemu-arm. A mutant with "cpu": "avx2" sits in a path
taken only on hosts with that instruction set; on other hosts it is reported as skipped.
A mutant with "sanitizer": "address" misbehaves only in ways a sanitizer sees (an out-of-bounds
read that returns the right answer): its checks run in the asan build (`cmake --preset asan`, which
sets TSC_MUTANT_SANITIZER=address and so builds only those mutants), and a sanitizer report fails
the check like any other failure. --sanitizer address runs only those mutants.

Exit status 1 when a mutant survives or is missing from its build.

--fuzz-only measures the fuzzers alone (learned from Magma's time-to-bug): for every mutant an x86-64
host can expose, the family's fuzz targets of the fuzz-mutants build run side by side on it from an
empty corpus (no golden-vector seeds: those are the vectors' kills), with each target's .options,
for at most --fuzz-seconds; the first divergence stops them. A crash (or an out-of-memory, leak or
timeout input) counts only if its input passes against the built-in subjects, so that it is the
mutant's, not the harness's. The table gives each mutant's time to the first divergence; the summary
the share found and the median time, a miss counting as longer than the limit. Exit status 1 when fewer than --fuzz-goal percent are found.
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Where a failing check writes an input too long for its reproduce line (saved_report_file): the
# build folder, not the temporary folder, for every tier.
REPORTS = {"TSCONFORM_REPORT_DIR": str(ROOT / "build/mutant-reports")}
sys.path.insert(0, str(ROOT / "fuzz"))
from libfuzzer_flags import RUNNER_ENVIRONMENT, libfuzzer_flags  # noqa: E402
# The foreign platforms: the build of each and how its binaries run.
EMULATORS = {"s390x": ["qemu-s390x", "-L", "/usr/s390x-linux-gnu"],
             "armhf": ["qemu-arm", "-L", "/usr/arm-linux-gnueabihf"]}
CHECK_TIMEOUT = 900


def load_catalogue():
    with open(ROOT / "subjects/mutants/catalogue.json") as f:
        return json.load(f)["mutants"]


SWITCH = re.compile(r'mutant\("([^"]*)"\)')
CODE_SUFFIXES = {".hpp", ".cpp", ".h", ".cc"}


def switches_in_code():
    """Every name switched on as mutant("<name>") in the code under subjects/."""
    names = set()
    for path in (ROOT / "subjects").rglob("*"):
        if path.suffix in CODE_SUFFIXES:
            names.update(SWITCH.findall(path.read_text()))
    return names


def catalogue_mismatches(catalogue):
    """(catalogued names without a switch, switches without a catalogue entry), each sorted."""
    catalogued = {m["name"] for m in catalogue}
    switched = switches_in_code()
    return sorted(catalogued - switched), sorted(switched - catalogued)


def fuzz_targets(family):
    return sorted(p.stem for p in (ROOT / "fuzz").glob(f"{family}_*.cpp")) + (
        [family] if (ROOT / "fuzz" / f"{family}.cpp").exists() else [])


def corpus_dirs(target):
    return [str(d) for d in (ROOT / "corpora/seeds" / target, ROOT / "corpora/regressions" / target) if d.is_dir()]


def checks_for(mutant, args):
    """(check name, build folder, argv) in the order they run; the fuzz tier last."""
    family = mutant["family"]
    platform = mutant.get("platform")
    build = ROOT / "build" / (platform or ("asan" if "sanitizer" in mutant else "dev"))
    prefix = EMULATORS.get(platform, [])
    test = [*prefix, str(build / f"test_{family}")]
    checks = [("vectors", test + ["--gtest_filter=*Vectors*", "--gtest_fail_fast"]),
              ("properties", test + ["--gtest_filter=-*Vectors*:*Inputs*", "--gtest_fail_fast"])]
    for target in fuzz_targets(family):
        checks.append((f"replay:{target}", [*prefix, str(build / f"replay_{target}"), *corpus_dirs(target)]))
    if not args.fast and not platform:
        for target in fuzz_targets(family):
            checks.append((f"fuzz:{target}", ["fuzz", target]))
    return build, checks


def fuzz_argv(target, seconds, workdir, seeded):
    """A fresh working folder with a corpus (the target's seeds and regressions when `seeded`) and
    the libFuzzer command line that fuzzes it in the fuzz-mutants build."""
    corpus = workdir / "corpus"
    shutil.rmtree(workdir, ignore_errors=True)
    corpus.mkdir(parents=True)
    for d in corpus_dirs(target) if seeded else []:
        shutil.copytree(d, corpus, dirs_exist_ok=True)
    return [str(ROOT / "build/fuzz-mutants" / f"fuzz_{target}"), *libfuzzer_flags(ROOT / "fuzz", target),
            f"-max_total_time={seconds}", f"-artifact_prefix={workdir}/", str(corpus)]


def run_fuzz(target, env, seconds, workdir):
    return subprocess.run(fuzz_argv(target, seconds, workdir, seeded=True), env=dict(env, **RUNNER_ENVIRONMENT),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def host_cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            return {flag for line in f if line.startswith("flags") for flag in line.split(":", 1)[1].split()}
    except OSError:
        return set()


def registered(build, name, platform):
    if not (build / "tsconform").exists():  # that build was never made
        return False
    out = subprocess.run([*EMULATORS.get(platform, []), str(build / "tsconform"), "subjects"],
                         capture_output=True, text=True).stdout
    return any(line.split()[-1:] == [name] for line in out.splitlines())


def hunt(mutant, args):
    name = f"mutant:{mutant['family']}:{mutant['name']}"
    if "cpu" in mutant and mutant["cpu"] not in host_cpu_flags():
        return {"mutant": mutant, "status": "skipped", "check": f"host has no {mutant['cpu']}", "seconds": 0.0}
    build, checks = checks_for(mutant, args)
    if not registered(build, name, mutant.get("platform")):
        return {"mutant": mutant, "status": "NOT BUILT", "check": "-", "seconds": 0.0}
    env = dict(os.environ, **REPORTS, TSCONFORM_SUBJECTS=name, RC_PARAMS=args.rc_params)
    start = time.monotonic()
    for check, argv in checks:
        if argv[0] == "fuzz":
            workdir = ROOT / "build/mutant-fuzz" / mutant["name"] / argv[1]
            result = run_fuzz(argv[1], env, args.fuzz_seconds, workdir)
        else:
            try:
                result = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        text=True, timeout=CHECK_TIMEOUT)
            except subprocess.TimeoutExpired:  # a hang is a detected misbehaviour too
                return {"mutant": mutant, "status": "killed", "check": f"{check} (hang)",
                        "seconds": time.monotonic() - start}
        if result.returncode != 0:
            return {"mutant": mutant, "status": "killed", "check": check, "seconds": time.monotonic() - start}
    return {"mutant": mutant, "status": "SURVIVED", "check": "-", "seconds": time.monotonic() - start}


# The inputs libFuzzer writes when it stops: a divergence or sanitizer report (crash-), an allocation
# past -malloc_limit_mb, e.g. storage sized from a declared count (oom-), a leak, a hang.
ARTIFACTS = ("crash-*", "oom-*", "leak-*", "timeout-*")


def crash_is_the_mutants(target, workdir):
    """True when libFuzzer left an input in `workdir` that passes against the built-in subjects."""
    env = {k: v for k, v in dict(os.environ, **RUNNER_ENVIRONMENT, **REPORTS).items() if k != "TSCONFORM_SUBJECTS"}
    binary = str(ROOT / "build/fuzz-mutants" / f"fuzz_{target}")
    return any(subprocess.run([binary, str(crash)], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
               for pattern in ARTIFACTS for crash in workdir.glob(pattern))


def fuzz_hunt(mutant, args):
    """The family's targets side by side on one mutant from an empty corpus, until one diverges."""
    name = f"mutant:{mutant['family']}:{mutant['name']}"
    result = {"mutant": mutant, "status": "missed", "check": "-", "seconds": float(args.fuzz_seconds)}
    if mutant.get("platform"):
        return dict(result, status="n/a", check=f"{mutant['platform']} only", seconds=0.0)
    if "cpu" in mutant and mutant["cpu"] not in host_cpu_flags():
        return dict(result, status="skipped", check=f"host has no {mutant['cpu']}", seconds=0.0)
    if not registered(ROOT / "build/fuzz-mutants", name, None):
        return dict(result, status="NOT BUILT", seconds=0.0)
    env = dict(os.environ, **RUNNER_ENVIRONMENT, **REPORTS, TSCONFORM_SUBJECTS=name)
    base = ROOT / "build/mutant-fuzz-only" / mutant["name"]
    start = time.monotonic()
    running = {}
    for target in fuzz_targets(mutant["family"]):
        argv = fuzz_argv(target, args.fuzz_seconds, base / target, seeded=False)
        running[target] = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while running:
        time.sleep(0.05)
        for target, process in list(running.items()):
            if process.poll() is None:
                continue
            del running[target]
            if process.returncode != 0 and crash_is_the_mutants(target, base / target):
                result = dict(result, status="found", check=f"fuzz:{target}", seconds=time.monotonic() - start)
                for other in running.values():
                    other.kill()
                    other.wait()
                running.clear()
                break
    return result


def print_fuzz_only_table(results, args):
    print(f"{'mutant':44} {'family':14} {'result':9} {'found by':32} {'time to find':>12}")
    for r in results:
        m = r["mutant"]
        t = f"{r['seconds']:.2f}s" if r["status"] == "found" else "-"
        print(f"{m['name']:44} {m['family']:14} {r['status']:9} {r['check']:32} {t:>12}")
    counted = [r for r in results if r["status"] in ("found", "missed", "NOT BUILT")]
    found = [r["seconds"] for r in counted if r["status"] == "found"]
    # A miss takes longer than the limit: sorting it last gives the median over the whole catalogue.
    times = sorted(found) + [float("inf")] * (len(counted) - len(found))
    median = statistics.median(times) if times else float("inf")
    share = 100.0 * len(found) / len(counted) if counted else 0.0
    median_text = f"{median:.2f}s" if median != float("inf") else f"over {args.fuzz_seconds}s"
    print(f"fuzz-only: {len(found)}/{len(counted)} found within {args.fuzz_seconds}s ({share:.1f}%), "
          f"median time to find {median_text} (a miss counts as longer); "
          f"{len(results) - len(counted)} for other hosts or skipped")
    for family in sorted({r["mutant"]["family"] for r in counted}):
        mine = [r for r in counted if r["mutant"]["family"] == family]
        print(f"  {family}: {sum(r['status'] == 'found' for r in mine)}/{len(mine)}")
    return share


def print_table(results):
    print(f"{'mutant':44} {'family':14} {'platform':8} {'result':9} {'killed by':32} {'time to kill':>12}")
    for r in results:
        m = r["mutant"]
        t = f"{r['seconds']:.2f}s" if r["status"] == "killed" else "-"
        print(f"{m['name']:44} {m['family']:14} {m.get('platform', 'any'):8} {r['status']:9} {r['check']:32} {t:>12}")
    killed = [r["seconds"] for r in results if r["status"] == "killed"]
    by_fuzz = sum(1 for r in results if r["check"].startswith("fuzz:"))
    skipped = sum(1 for r in results if r["status"] == "skipped")
    summary = f"mutants: {len(killed)}/{len(results) - skipped} killed" + (f" ({skipped} skipped)" if skipped else "")
    if killed:
        summary += f", time to kill median {statistics.median(killed):.2f}s, worst {max(killed):.2f}s"
    print(f"{summary}, {by_fuzz} only by fuzzing")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fast", action="store_true", help="no fuzzing tier")
    parser.add_argument("--fuzz-only", action="store_true",
                        help="time to the first divergence of the fuzzers alone, from empty corpora")
    parser.add_argument("--fuzz-goal", type=float, default=90.0, help="with --fuzz-only: percent to find")
    parser.add_argument("--fuzz-seconds", type=int, default=60, help="per fuzz target, on mutants still alive")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    # No shrinking: a kill needs one failing case, not the smallest one, and shrinking a stateful
    # sequence against a broken subject can take minutes. A person reproduces with shrinking on.
    parser.add_argument("--rc-params", default="max_success=1000 noshrink=1")
    parser.add_argument("--family", action="append", help="only these families")
    parser.add_argument("--only", action="append", help="only these mutant names")
    parser.add_argument("--sanitizer", choices=["address"],
                        help="only the mutants that this sanitizer kills (they run in build/asan)")
    args = parser.parse_args()
    catalogue = load_catalogue()
    uncoded, uncatalogued = catalogue_mismatches(catalogue)
    if uncoded or uncatalogued:
        if uncoded:
            print("catalogued, but no mutant(\"<name>\") under subjects/: " + ", ".join(uncoded), file=sys.stderr)
        if uncatalogued:
            print("mutant(\"<name>\") under subjects/, but not catalogued: " + ", ".join(uncatalogued), file=sys.stderr)
        sys.exit(2)
    mutants = [m for m in catalogue
               if (not args.family or m["family"] in args.family) and (not args.only or m["name"] in args.only)
               and (not args.sanitizer or m.get("sanitizer") == args.sanitizer)]
    if args.fuzz_only:
        # Each hunt runs a family's targets side by side: one hunt per two cores.
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs // 2)) as pool:
            results = list(pool.map(lambda m: fuzz_hunt(m, args), mutants))
        sys.exit(0 if print_fuzz_only_table(results, args) >= args.fuzz_goal else 1)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda m: hunt(m, args), mutants))
    print_table(results)
    sys.exit(0 if all(r["status"] in ("killed", "skipped") for r in results) else 1)


if __name__ == "__main__":
    main()
