#!/usr/bin/env python3
"""The example workflow a client repository adds (ci/examples/github-actions-conform.yml) must be
valid YAML of the GitHub Actions shape, and every suite command it runs must exist: the scripts,
the build's options and target, and each option it passes to `tsconform conform`.

usage: check_workflow.py WORKFLOW SOURCE_DIR TSCONFORM"""
import glob
import re
import subprocess
import sys

import yaml


def fail(what):
    sys.exit(f"FAILED: {sys.argv[1]}: {what}")


def main():
    workflow, source, tsconform = sys.argv[1:4]
    doc = yaml.safe_load(open(workflow))
    if not isinstance(doc, dict) or "jobs" not in doc:
        fail("no `jobs`")
    steps = [s for job in doc["jobs"].values() for s in job.get("steps", [])]
    if not steps or not all(isinstance(s, dict) and ("run" in s or "uses" in s) for s in steps):
        fail("every step needs `run` or `uses`")
    script = "\n".join(s["run"] for s in steps if "run" in s)

    for path in re.findall(r"tsconform/(ci/[\w./-]+)", script):
        try:
            open(f"{source}/{path}").close()
        except OSError:
            fail(f"names {path}, which the suite does not have")
    cmake_text = "".join(open(p).read() for p in glob.glob(f"{source}/CMakeLists.txt") + glob.glob(f"{source}/cmake/*.cmake"))
    for variable in re.findall(r"-D(TSC_\w+)=", script):
        if variable not in cmake_text:
            fail(f"sets {variable}, which the build does not have")
    if "--target tsconform" not in script:
        fail("does not build the tsconform target")
    help_text = subprocess.run([tsconform, "conform", "--help"], capture_output=True, text=True).stdout
    conform = script[script.index("tsconform conform"):]
    for option in re.findall(r"(--[a-z-]+)", conform):
        if option not in help_text:
            fail(f"passes {option}, which `tsconform conform` does not take")
    print("workflow ok:", len(steps), "steps")


if __name__ == "__main__":
    main()
