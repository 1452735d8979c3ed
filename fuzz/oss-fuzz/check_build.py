#!/usr/bin/env python3
"""Checks the OSS-Fuzz and ClusterFuzzLite integration as their own tooling would see it.

1. Configuration: fuzz/oss-fuzz/project.yaml against OSS-Fuzz's presubmit rules (known sections,
   main_repo, language, sanitizer and engine names, e-mail shapes), .clusterfuzzlite/project.yaml,
   and every .github/workflows/ file that runs ClusterFuzzLite (it parses; build and run steps
   agree on the sanitizer; the four modes code-change, batch, prune and coverage are all run).
2. The build: fuzz/oss-fuzz/build.sh run as the builder's `compile` runs it (a copy as $SRC/build.sh,
   the checkout as $SRC/tsconform, CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE SRC WORK OUT set, an
   AddressSanitizer libFuzzer build) must put in $OUT every fuzz target of the source tree
   (fuzz/<family>_*.cpp, fuzz/suite_*.cpp) with its <target>_seed_corpus.zip holding every file of
   corpora/seeds/<target>/ and corpora/regressions/<target>/, and its .options and .dict.
3. What OSS-Fuzz's check_build does: each target, with its .options and dictionary as run_fuzzer
   passes them, runs --runs times from its unzipped seed corpus without a crash, and is built with
   coverage instrumentation and AddressSanitizer.

Every failure says what failed, where, and the command that reproduces it. --out checks an existing
$OUT (e.g. one made by OSS-Fuzz's helper.py build_fuzzers) without building.
"""
import argparse
import configparser
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from libfuzzer_flags import RUNNER_ENVIRONMENT, libfuzzer_flags  # noqa: E402

try:
    import yaml
except ImportError:
    sys.exit("check_build.py needs PyYAML: apt-get install python3-yaml (ci/setup.sh installs it)")

# OSS-Fuzz's compile script: the flags of an AddressSanitizer libFuzzer build. OSS-Fuzz also adds
# -stdlib=libc++ to CXXFLAGS, for its own libc++; the host's clang builds against libstdc++ here.
OSS_FUZZ_FLAGS = ("-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION "
                  "-fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link")
# The engines this check builds; project.yaml claims no other (an unbuilt engine is an unchecked claim).
BUILT_ENGINES = {"libfuzzer"}

# OSS-Fuzz's infra/presubmit.py and infra/constants.py.
PROJECT_SECTIONS = {"architectures", "auto_ccs", "blackbox", "builds_per_day", "coverage_extra_args",
                    "disabled", "fuzzing_engines", "help_url", "homepage", "language", "labels",
                    "main_repo", "primary_contact", "run_tests", "sanitizers", "selective_unpack",
                    "vendor_ccs", "view_restrictions", "file_github_issue"}
LANGUAGES = {"c", "c++", "go", "javascript", "jvm", "python", "rust", "swift", "ruby"}
SANITIZERS = {"address", "none", "memory", "undefined", "thread", "coverage", "introspector", "hwaddress"}
ARCHITECTURES = {"i386", "x86_64", "aarch64"}
ENGINES = {"libfuzzer", "afl", "honggfuzz", "centipede", "none"}
CFLITE_MODES = {"code-change", "batch", "prune", "coverage"}

# bad_build_check's threshold: fewer edges means the code under test is not instrumented.
MIN_EDGES = 100


class Checker:
    def __init__(self, source):
        self.source = source
        self.failures = []

    def fail(self, what, where, reproduce):
        self.failures.append((what, where, reproduce))
        print(f"FAILED: {what}\n  where: {where}\n  reproduce: {reproduce}", flush=True)

    def rel(self, path):
        return os.path.relpath(path, self.source)


def load_yaml(checker, path, reproduce):
    try:
        return yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as error:
        checker.fail(f"{checker.rel(path)} does not parse as YAML: {error}", path, reproduce)
        return None


def check_project_yaml(checker, dockerfile_text):
    path = checker.source / "fuzz/oss-fuzz/project.yaml"
    reproduce = f"python3 -c 'import yaml; print(yaml.safe_load(open(\"{path}\")))'"
    doc = load_yaml(checker, path, reproduce)
    if doc is None:
        return None
    if not isinstance(doc, dict):
        checker.fail("project.yaml is not a mapping of sections", path, reproduce)
        return None
    problems = [f"unknown section `{name}`" for name in doc if name not in PROJECT_SECTIONS]
    if "main_repo" not in doc:
        problems.append("no `main_repo` (OSS-Fuzz requires it)")
    elif not str(doc["main_repo"]).startswith("https://"):
        problems.append(f"main_repo {doc['main_repo']!r} is no https URL")
    elif str(doc["main_repo"]) not in dockerfile_text:
        problems.append(f"fuzz/oss-fuzz/Dockerfile does not clone main_repo {doc['main_repo']}")
    if doc.get("language") not in LANGUAGES:
        problems.append(f"language {doc.get('language')!r} is not one of {sorted(LANGUAGES)}")
    for section, allowed in (("sanitizers", SANITIZERS), ("architectures", ARCHITECTURES),
                             ("fuzzing_engines", ENGINES)):
        for value in doc.get(section, []):
            name = next(iter(value)) if isinstance(value, dict) else value
            if name not in allowed:
                problems.append(f"{section}: {name!r} is not one of {sorted(allowed)}")
    for engine in doc.get("fuzzing_engines", []):
        if engine in ENGINES and engine not in BUILT_ENGINES:
            problems.append(f"fuzzing_engines claims {engine}, which check_build.py does not build")
    contacts = ([doc["primary_contact"]] if doc.get("primary_contact") else []) + list(doc.get("auto_ccs") or [])
    problems += [f"{address!r} is not an e-mail address" for address in contacts
                 if "@" not in address or "." not in address]
    for problem in problems:
        checker.fail(f"project.yaml: {problem}", path, f"edit {checker.rel(path)}, then: {reproduce}")
    return doc


def check_cflite_project(checker, language):
    path = checker.source / ".clusterfuzzlite/project.yaml"
    reproduce = f"python3 -c 'import yaml; print(yaml.safe_load(open(\"{path}\")))'"
    doc = load_yaml(checker, path, reproduce)
    if doc is not None and (not isinstance(doc, dict) or doc.get("language") != language):
        checker.fail(f".clusterfuzzlite/project.yaml: language must be {language!r}, as in fuzz/oss-fuzz/project.yaml",
                     path, reproduce)


def check_workflows(checker, language):
    """Every workflow parses; each ClusterFuzzLite job builds before it runs, with the same sanitizer."""
    modes = set()
    for path in sorted((checker.source / ".github/workflows").glob("*.y*ml")):
        reproduce = f"python3 -c 'import yaml; print(yaml.safe_load(open(\"{path}\")))'"
        doc = load_yaml(checker, path, reproduce)
        if doc is None:
            continue
        # YAML 1.1 reads the key `on` as True.
        if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), dict) or not ({"on", True} & doc.keys()):
            checker.fail(f"{checker.rel(path)} is no GitHub Actions workflow (needs `on` and `jobs`)", path, reproduce)
            continue
        for job_name, job in doc["jobs"].items():
            built = None
            for step in job.get("steps", []) if isinstance(job, dict) else []:
                uses = step.get("uses", "") if isinstance(step, dict) else ""
                if not uses.startswith("google/clusterfuzzlite/actions/"):
                    continue
                with_ = step.get("with") or {}
                sanitizer = with_.get("sanitizer", "address")
                where = f"{path}: job {job_name}, step {step.get('name', uses)}"
                if uses.endswith("/build_fuzzers@v1"):
                    built = sanitizer
                    if with_.get("language", language) != language:
                        checker.fail(f"build_fuzzers language {with_['language']!r} is not {language!r}", where, reproduce)
                elif uses.endswith("/run_fuzzers@v1"):
                    mode = with_.get("mode", "code-change")
                    modes.add(mode)
                    if mode not in CFLITE_MODES:
                        checker.fail(f"run_fuzzers mode {mode!r} is not one of {sorted(CFLITE_MODES)}", where, reproduce)
                    if built is None:
                        checker.fail("run_fuzzers without a build_fuzzers step before it in the job", where, reproduce)
                    elif built != sanitizer:
                        checker.fail(f"run_fuzzers sanitizer {sanitizer!r} differs from the build's {built!r}",
                                     where, reproduce)
                    if (mode == "coverage") != (sanitizer == "coverage"):
                        checker.fail("the coverage mode runs a coverage build, and only it does", where, reproduce)
                else:
                    checker.fail(f"unknown ClusterFuzzLite action {uses} (build_fuzzers@v1, run_fuzzers@v1)",
                                 where, reproduce)
    for mode in sorted(CFLITE_MODES - modes):
        checker.fail(f"no workflow runs ClusterFuzzLite in mode {mode}", checker.source / ".github/workflows",
                     "grep -n 'mode:' .github/workflows/*.yml")


def expected_targets(source):
    """fuzz/<family>_*.cpp for each family (conformance/tests/<family>/, as the gate finds them), fuzz/suite_*.cpp."""
    families = [d.name for d in (source / "conformance/tests").iterdir() if d.is_dir() and d.name != "common"]
    return sorted({p.stem for prefix in families + ["suite"] for p in (source / "fuzz").glob(f"{prefix}_*.cpp")})


def build(checker, scratch, cxx, cc):
    """Runs build.sh as OSS-Fuzz's compile does; returns OUT, or None when the build failed."""
    src, work, out = scratch / "src", scratch / "work", scratch / "out"
    for folder in (src, work, out):
        folder.mkdir(parents=True)
    (src / "tsconform").symlink_to(checker.source)
    shutil.copy(checker.source / "fuzz/oss-fuzz/build.sh", src / "build.sh")
    builder_env = {"CC": cc, "CXX": cxx, "CFLAGS": OSS_FUZZ_FLAGS, "CXXFLAGS": OSS_FUZZ_FLAGS,
                   "LIB_FUZZING_ENGINE": "-fsanitize=fuzzer", "SRC": str(src), "WORK": str(work), "OUT": str(out),
                   "SANITIZER": "address", "FUZZING_ENGINE": "libfuzzer", "FUZZING_LANGUAGE": "c++",
                   "ARCHITECTURE": "x86_64"}
    command = ["bash", "-eux", str(src / "build.sh")]
    reproduce = (f"cd {shlex.quote(str(src / 'tsconform'))} && "
                 + " ".join(f"{k}={shlex.quote(v)}" for k, v in builder_env.items()) + " " + shlex.join(command))
    log = scratch / "build.log"
    print(f"build: {shlex.join(command)} (log: {log})", flush=True)
    start = time.monotonic()
    with log.open("w") as stream:
        status = subprocess.run(command, cwd=src / "tsconform", env={**os.environ, **builder_env},
                                stdout=stream, stderr=subprocess.STDOUT).returncode
    print(f"build: exit {status} after {time.monotonic() - start:.0f} s", flush=True)
    if status != 0:
        print("".join(log.read_text(errors="replace").splitlines(True)[-40:]))
        checker.fail(f"fuzz/oss-fuzz/build.sh failed (exit {status})", log, reproduce)
        return None
    return out


def corpus_files(source, target):
    """The file names of the target's seed and regression inputs, relative to their folder."""
    names = set()
    for kind in ("seeds", "regressions"):
        folder = source / "corpora" / kind / target
        if folder.is_dir():
            names |= {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    return names


def check_out(checker, out, targets, reproduce_build):
    """Every target is in OUT with what the source tree has for it; returns the targets to run."""
    runnable = []
    for target in targets:
        binary = out / target
        if not (binary.is_file() and os.access(binary, os.X_OK)):
            checker.fail(f"fuzz target {target} (fuzz/{target}.cpp) is not in OUT", binary, reproduce_build)
            continue
        runnable.append(target)
        for extra in ("options", "dict"):
            origin = checker.source / "fuzz" / f"{target}.{extra}"
            copy = out / f"{target}.{extra}"
            if origin.is_file() and not (copy.is_file() and copy.read_bytes() == origin.read_bytes()):
                checker.fail(f"OUT lacks fuzz/{target}.{extra}, or holds another file under its name", copy,
                             f"{reproduce_build} && cmp {origin} {copy}")
        options = out / f"{target}.options"
        if options.is_file():
            try:
                for option in libfuzzer_flags(out, target):
                    if option.startswith("-dict=") and not Path(option[len("-dict="):]).is_file():
                        checker.fail(f"{target}.options names dictionary {option[6:]}, which OUT lacks", out,
                                     f"{reproduce_build} && ls {out}")
            except configparser.Error as error:
                checker.fail(f"{target}.options does not parse: {error}", options, f"cat {options}")
        inputs = corpus_files(checker.source, target)
        archive = out / f"{target}_seed_corpus.zip"
        if inputs:
            try:
                with zipfile.ZipFile(archive) as z:
                    missing = sorted(inputs - {n for n in z.namelist() if not n.endswith("/")})
            except (OSError, zipfile.BadZipFile) as error:
                checker.fail(f"{target}_seed_corpus.zip is missing or no zip ({error})", archive, reproduce_build)
                continue
            if missing:
                checker.fail(f"{target}_seed_corpus.zip lacks {len(missing)} of the {len(inputs)} seed and regression "
                             f"inputs, e.g. {missing[0]}", archive, f"{reproduce_build} && unzip -l {archive}")
    return runnable


def run_target(checker, out, target, corpus_root, runs):
    """check_build's run: the target from its unzipped seed corpus, with its options and dictionary."""
    corpus = corpus_root / target
    corpus.mkdir(parents=True)
    archive = out / f"{target}_seed_corpus.zip"
    if archive.is_file():
        with zipfile.ZipFile(archive) as z:
            z.extractall(corpus)
    command = [f"./{target}", f"-runs={runs}", "-seed=1337", "-rss_limit_mb=2560", "-timeout=25"]
    command += libfuzzer_flags(out, target) + [f"-artifact_prefix={corpus_root}/{target}-", str(corpus)]
    environment = " ".join(f"{name}={shlex.quote(value)}" for name, value in RUNNER_ENVIRONMENT.items())
    reproduce = f"cd {shlex.quote(str(out))} && {environment} {shlex.join(command)}"
    start = time.monotonic()
    try:
        result = subprocess.run(command, cwd=out, env={**os.environ, **RUNNER_ENVIRONMENT}, capture_output=True,
                                text=True, errors="replace", timeout=900)
    except subprocess.TimeoutExpired:
        checker.fail(f"{target} did not finish {runs} runs in 900 s", out / target, reproduce)
        return
    output = result.stderr + result.stdout
    (corpus_root / f"{target}.log").write_text(output)
    done = re.search(r"Done (\d+) runs in (\d+) second", output)
    edges = re.search(r"INFO: Loaded \d+ modules?\s+\((\d+) (?:inline 8-bit counters|guards)\)", output)
    final = re.findall(r"#\d+\s+DONE\s+cov: (\d+) ft: (\d+)", output)
    if result.returncode != 0 or not done:
        artifact = re.search(r"Test unit written to (\S+)", output)
        tail = "\n    ".join(output.splitlines()[-25:])
        checker.fail(f"{target} failed on its seed corpus (exit {result.returncode}"
                     + (f", input {artifact.group(1)}" if artifact else "") + f"):\n    {tail}",
                     corpus_root / f"{target}.log", reproduce)
        return
    if not edges or int(edges.group(1)) < MIN_EDGES:
        checker.fail(f"{target} has {edges.group(1) if edges else 'no'} coverage edges: the code under test is "
                     f"not instrumented (CXXFLAGS without -fsanitize=fuzzer-no-link?)", out / target, reproduce)
    if b"__asan_report_load" not in (out / target).read_bytes():
        checker.fail(f"{target} is not built with AddressSanitizer (CXXFLAGS not honoured?)", out / target,
                     f"nm {out / target} | grep -c __asan_report")
    cov = f", cov: {final[-1][0]} ft: {final[-1][1]}" if final else ""
    print(f"  {target}: {done.group(1)} runs in {time.monotonic() - start:.1f} s, "
          f"{edges.group(1) if edges else '?'} edges{cov}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, default=Path(__file__).resolve().parents[2], help="the checkout")
    parser.add_argument("--scratch", type=Path, required=True,
                        help="a folder for SRC, WORK, OUT and the corpora, emptied first")
    parser.add_argument("--out", type=Path, help="check this existing OUT instead of building")
    parser.add_argument("--cxx", default="clang++")
    parser.add_argument("--cc", default="clang")
    parser.add_argument("--runs", type=int, default=1000, help="libFuzzer -runs per target (check_build's run)")
    args = parser.parse_args()
    checker = Checker(args.source.resolve())
    rerun = shlex.join([sys.executable, *sys.argv])

    print("configuration: project.yaml files and workflows", flush=True)
    dockerfile = (checker.source / "fuzz/oss-fuzz/Dockerfile").read_text()
    project = check_project_yaml(checker, dockerfile) or {}
    check_cflite_project(checker, project.get("language", "c++"))
    check_workflows(checker, project.get("language", "c++"))

    shutil.rmtree(args.scratch, ignore_errors=True)
    args.scratch.mkdir(parents=True)
    out = args.out.resolve() if args.out else build(checker, args.scratch.resolve(), args.cxx, args.cc)
    targets = expected_targets(checker.source)
    if out is not None:
        print(f"OUT {out}: {len(targets)} targets expected: {' '.join(targets)}", flush=True)
        runnable = check_out(checker, out, targets, rerun)
        print(f"each target {args.runs} runs from its seed corpus:", flush=True)
        for target in runnable:
            run_target(checker, out, target, args.scratch.resolve() / "corpus", args.runs)

    if checker.failures:
        print(f"\n{len(checker.failures)} failure(s); the whole check again: {rerun}")
        sys.exit(1)
    print(f"oss-fuzz build ok: {len(targets)} targets, each with its seed corpus, options and dictionary")


if __name__ == "__main__":
    main()
