#!/usr/bin/env python3
"""A testee that misbehaves on purpose, for the runner's own tests: it answers through
`tsconform serve --subject reference` (argv[1] is the tsconform binary; further arguments are
ignored, and let a test find its processes), except that a request
whose line hashes to certain values makes it crash, hang, write a line that is no JSON, or answer
an outcome of the wrong shape, say the input is outside its domain, or answer a bitmap program with
an outcome that builds no bitmap. The runner must report each fault as a failed check and go on,
count an input outside the domain apart, and skip (never pass) a check whose outcome built nothing."""
import subprocess
import sys
import time
import zlib

served = subprocess.Popen([sys.argv[1], "serve", "--subject", "reference"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)

# Answers that are no outcome: no JSON, the wrong shape, an input outside the domain, no bitmap built.
CANNED = {2: "this is no JSON", 3: '{"outcome": {"nonsense": true}}',
          4: '{"outside_domain": "this client cannot hold the input"}', 5: '{"outcome": {"unsupported": true}}'}

for line in sys.stdin:
    if '"hello"' not in line:
        fault = zlib.crc32(line.encode()) % 61
        if fault == 0:
            sys.stderr.write("faulty testee: crashing on purpose\n")
            sys.stderr.flush()
            sys.exit(3)
        if fault == 1:
            time.sleep(60)
        if fault in CANNED:
            print(CANNED[fault], flush=True)
            continue
    served.stdin.write(line)
    served.stdin.flush()
    print(served.stdout.readline(), end="", flush=True)
