#!/usr/bin/env python3
"""The libFuzzer flags OSS-Fuzz's run_fuzzer passes a target: the [libfuzzer] section of
<target>.options as -key=value, a dictionary as a path inside the target's folder, and <target>.dict
when the options name no dictionary. The folder is fuzz/ in the repository, $OUT in an OSS-Fuzz build.

One reader for ci/mutants.py, ci/fuzz.sh and ci/fuzz-speed.sh (`python3 fuzz/libfuzzer_flags.py
FOLDER TARGET`, a flag a line) and fuzz/oss-fuzz/check_build.py. A malformed .options file raises configparser.Error.
"""
import configparser
import sys
from pathlib import Path


def libfuzzer_flags(folder, target):
    folder = Path(folder)
    config = configparser.ConfigParser()
    config.read(folder / f"{target}.options")
    options = dict(config["libfuzzer"]) if config.has_section("libfuzzer") else {}
    if "dict" not in options and (folder / f"{target}.dict").is_file():
        options["dict"] = f"{target}.dict"
    return [f"-{key}={folder / value if key == 'dict' else value}" for key, value in options.items()]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: libfuzzer_flags.py FOLDER TARGET")
    for flag in libfuzzer_flags(*sys.argv[1:]):
        print(flag)
