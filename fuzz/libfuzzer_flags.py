#!/usr/bin/env python3
"""How OSS-Fuzz runs a target. The libFuzzer flags its run_fuzzer passes: the [libfuzzer] section of
<target>.options as -key=value, a dictionary as a path inside the target's folder, and <target>.dict
when the options name no dictionary. The folder is fuzz/ in the repository, $OUT in an OSS-Fuzz build.
And the sanitizer options its runner image sets (RUNNER_ENVIRONMENT).

One reader for ci/mutants.py, ci/fuzz.sh and ci/fuzz-speed.sh (`python3 fuzz/libfuzzer_flags.py
FOLDER TARGET`, a flag a line; `python3 fuzz/libfuzzer_flags.py --env`, a NAME=VALUE line each) and
fuzz/oss-fuzz/check_build.py. A malformed .options file raises configparser.Error.
"""
import configparser
import sys
from pathlib import Path

# The sanitizer options of OSS-Fuzz's runner image, "the settings used in ClusterFuzz"
# (google/oss-fuzz infra/base-images/base-runner/Dockerfile @000bb25b4ed6ee6c325e4fffa88ed9f6fa6aade9):
# every run of a target here is a run as it fuzzes there. Among them a 10 MB quarantine of freed
# memory instead of ASan's 256 MB, leak detection, and stack-use-after-return detection.
RUNNER_ENVIRONMENT = {
    "ASAN_OPTIONS": ":".join([
        "alloc_dealloc_mismatch=0", "allocator_may_return_null=1", "allocator_release_to_os_interval_ms=500",
        "check_malloc_usable_size=0", "detect_container_overflow=1", "detect_odr_violation=0", "detect_leaks=1",
        "detect_stack_use_after_return=1", "fast_unwind_on_fatal=0", "handle_abort=1", "handle_segv=1",
        "handle_sigill=1", "max_uar_stack_size_log=16", "print_scariness=1", "quarantine_size_mb=10",
        "strict_memcmp=1", "strip_path_prefix=/workspace/", "symbolize=1", "use_sigaltstack=1", "dedup_token_length=3",
    ]),
    "UBSAN_OPTIONS": ":".join([
        "print_stacktrace=1", "print_summary=1", "silence_unsigned_overflow=1", "strip_path_prefix=/workspace/",
        "symbolize=1", "dedup_token_length=3",
    ]),
}


def libfuzzer_flags(folder, target):
    folder = Path(folder)
    config = configparser.ConfigParser()
    config.read(folder / f"{target}.options")
    options = dict(config["libfuzzer"]) if config.has_section("libfuzzer") else {}
    if "dict" not in options and (folder / f"{target}.dict").is_file():
        options["dict"] = f"{target}.dict"
    return [f"-{key}={folder / value if key == 'dict' else value}" for key, value in options.items()]


if __name__ == "__main__":
    if sys.argv[1:] == ["--env"]:
        for name, value in RUNNER_ENVIRONMENT.items():
            print(f"{name}={value}")
    elif len(sys.argv) == 3:
        for flag in libfuzzer_flags(*sys.argv[1:]):
            print(flag)
    else:
        sys.exit("usage: libfuzzer_flags.py FOLDER TARGET | libfuzzer_flags.py --env")
