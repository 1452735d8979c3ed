#!/usr/bin/env python3
"""A testee that claims a profile but implements another, for the runner's own tests: it answers
through `tsconform serve --subject reference` (argv[1] is the tsconform binary), sending every request
of profile argv[2] as profile argv[3]. Where the two profiles differ, the runner must find the
registered finding that records the second against the first, and report the failures under its id."""
import json
import subprocess
import sys

tsconform, claimed, actual = sys.argv[1:4]
served = subprocess.Popen([tsconform, "serve", "--subject", "reference"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    request = json.loads(line)
    if request.get("profile") == claimed:
        request["profile"] = actual
    served.stdin.write(json.dumps(request) + "\n")
    served.stdin.flush()
    print(served.stdout.readline(), end="", flush=True)
