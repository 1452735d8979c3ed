#!/usr/bin/env python3
"""A testee that claims a profile but implements another, for the runner's own tests: it answers
through `tsconform serve --subject reference` (argv[1] is the tsconform binary), sending every request
of profile argv[2] as profile argv[3]. Where the two profiles differ, the runner must find the
registered finding that records the second against the first, and report the failures under its id.
At the end of its requests it takes a moment and writes to stderr, as a Go runtime may while it
exits: the runner must keep stderr open until then; the file TSCONFORM_EXIT_MARKER names, if any, says
it got that far."""
import json
import os
import subprocess
import sys
import time

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

time.sleep(0.2)
sys.stderr.write("as_profile_testee: exiting\n")
sys.stderr.flush()
if os.environ.get("TSCONFORM_EXIT_MARKER"):
    open(os.environ["TSCONFORM_EXIT_MARKER"], "w").close()
