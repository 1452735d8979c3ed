#!/usr/bin/env python3
"""Formats `llvm-cov export -summary-only` (on stdin) as one table per source tree: line and branch
coverage of each file, then the tree's total. Used by ci/coverage.sh:
    coverage_summary.py SOURCE_DIR TREE/ [TREE/...] < summary.json
"""
import json
import os
import sys


def cell(counts):
    """'97.5% 117/120', or '-' for a file without any (a header of constants has no branches)."""
    if counts["count"] == 0:
        return "-"
    return f'{100 * counts["covered"] / counts["count"]:5.1f}% {counts["covered"]}/{counts["count"]}'


def main():
    root = sys.argv[1].rstrip("/") + "/"
    trees = sys.argv[2:]
    files = json.load(sys.stdin)["data"][0]["files"]
    summaries = {os.path.normpath(f["filename"]).removeprefix(root): f["summary"] for f in files}
    row = "{:<48} {:>20} {:>20}"
    for tree in trees:
        names = sorted(name for name in summaries if name.startswith(tree))
        total = {kind: {"count": 0, "covered": 0} for kind in ("lines", "branches")}
        print(row.format(tree, "lines", "branches"))
        for name in names:
            s = summaries[name]
            print(row.format("  " + name, cell(s["lines"]), cell(s["branches"])))
            for kind in total:
                for key in ("count", "covered"):
                    total[kind][key] += s[kind][key]
        print(row.format(f"{tree} total", cell(total["lines"]), cell(total["branches"])))
        print()


if __name__ == "__main__":
    main()
