#!/usr/bin/env python3
"""Every path the project's Markdown names resolves in the source tree.

    doc_links_test.py SOURCE_DIR

A relative Markdown link ([text](path)) must name an existing file or folder, from the file that
holds it; a path in backticks whose first folder is one of the repository's (`ci/gate.sh`,
`docs/spec/`) must exist from the top. Paths with a placeholder (<family>, *, {a,b}) are patterns,
not checked. docs/spec/ cites upstream repositories' paths in backticks: only its links are checked.
Prints each path that does not resolve with its file, and exits 1 when there is one.
"""
import os
import re
import subprocess
import sys

PATTERN = re.compile(r"`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.*{},<>-]+)+/?)`|\]\(([^)#\s]+)")


def main():
    root = sys.argv[1]
    folders = {d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))} - {"build", ".git"}
    listed = subprocess.run(["git", "ls-files", "*.md"], cwd=root, capture_output=True, text=True)
    files = listed.stdout.split() if listed.returncode == 0 else [  # a source tree without its history
        os.path.relpath(os.path.join(d, n), root) for d, subs, names in os.walk(root)
        if not os.path.relpath(d, root).split(os.sep)[0] in ("build", ".git") for n in names if n.endswith(".md")]
    missing = []
    for f in files:
        text = open(os.path.join(root, f), encoding="utf-8").read()
        for m in PATTERN.finditer(text):
            quoted, link = m.groups()
            path = quoted or link
            if link and re.match(r"[a-z]+:", link):
                continue  # a URL
            if quoted and (f.startswith("docs/spec/") or path.split("/")[0] not in folders):
                continue
            if any(c in path for c in "*{}<>"):
                continue
            if not os.path.exists(os.path.join(root, os.path.dirname(f) if link else "", path)):
                missing.append(f"{f}: {path}")
    for line in missing:
        print(f"does not resolve: {line}")
    print(f"{len(files)} Markdown files, {len(missing)} paths that do not resolve")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
