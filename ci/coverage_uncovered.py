#!/usr/bin/env python3
"""Lists every line of the given trees that no test ran, from `llvm-cov show -format=text` on stdin,
each with the reason it is not run, and exits 1 when a line has none. Used by ci/coverage.sh:
    coverage_uncovered.py SOURCE_DIR TREE/ [TREE/...] < show.txt

A line needs no check when it is
  mutant       code of a seeded bug (`if constexpr (mutant(...))`, a `MUTANT` comment): the coverage
               build has no mutants, the mutant gate runs them;
  compile-time inside a constexpr function that only constant evaluation calls (tables, profile
               lookups by name), which runs in the compiler;
  no code      a closing brace or an #endif, which llvm-cov counts as part of a region no test entered;
  unreachable  the return after a switch that handles every enumerator (it keeps -Wreturn-type quiet);
or is one of KNOWN below, with its reason. Anything else is a line a check should reach.
"""
import functools
import os
import re
import sys

# (file, the line's text without surrounding blanks) -> why no test runs it.
KNOWN = {
    ("subjects/fast/tsfile_tablet/columns.hpp", "(void)out, (void)in, (void)n;"):
        "the lane swap's fallback, which every portable instantiation runs (`llvm-cov show "
        "-show-instantiations -name-regex=wide_swap`: 129k times); the merged view takes the line counts "
        "of the AVX2 instantiations, which return before it",
    ("subjects/fast/tsfile_tablet/columns.hpp", "return 0;"):
        "the lane swap's fallback, as above",
    ("reference/iotdb_tablet/model.hpp",
     "constexpr std::string_view name_of(ErrorClass e) { return kErrorClassNames[static_cast<std::size_t>(e)]; }"):
        "prints an error class in a failing property's counterexample (conformance/tests/iotdb_tablet/"
        "generators.hpp), so it runs only when a property fails",
    ("reference/iotdb_tablet/model.hpp", "bool operator==(const ColumnBitmapState&) const = default;"):
        "kept so that ClientState's defaulted comparison compiles; no check compares two client states",
}


KINDS = {"mutant", "compile-time", "no code", "unreachable"}


def zero_lines(stream, root):
    """(file relative to root, line number, text) of every line with an execution count of 0."""
    current = None
    for raw in stream:
        line = raw.rstrip("\n")
        header = re.match(r"^(/\S+):$", line)
        if header:
            current = os.path.normpath(header.group(1)).removeprefix(root)
            continue
        count = re.match(r"^\s*(\d+)\|\s*0\|(.*)$", line)
        if count and current:
            yield current, int(count.group(1)), count.group(2)


@functools.lru_cache(maxsize=None)
def source_lines(root, name):
    with open(os.path.join(root, name), encoding="utf-8") as f:
        return f.read().splitlines()


def indent(text):
    return len(text) - len(text.lstrip())


def code(text):
    """The line without its // comment and surrounding blanks."""
    return text.split("//")[0].strip()


def enclosing(lines, number):
    """(index, text) of the lines that open the blocks around line `number` (1-based), innermost first."""
    level = indent(lines[number - 1]) if lines[number - 1].strip() else 1 << 30
    for i in range(number - 2, -1, -1):
        text = lines[i]
        if text.strip() and not text.lstrip().startswith("//") and indent(text) < level:
            level = indent(text)
            yield i, text
            if level == 0:
                return


def mutant_condition(lines, condition):
    """True when `condition` (an `if constexpr` test) holds only in a mutant build, False when it holds
    only without one, None when it does not depend on the build's mutant."""
    names = [re.escape(m.group(1)) for l in lines for m in [re.search(r"constexpr bool (\w+) = mutant\(", l)] if m]
    mutant = r"(tsc::)?mutant\(|kMutantImplementation|" + "|".join(names or ["$^"])
    if re.search(r"!\s*(" + mutant + r")|kMutant\.empty\(\)", condition):
        return False
    if re.search(mutant, condition):
        return True
    return None


def chain_head(lines, i):
    """For an opener `} else ...` at line index i, the `if constexpr` line that starts its chain."""
    for j in range(i - 1, -1, -1):
        if indent(lines[j]) == indent(lines[i]) and "if constexpr" in lines[j] and not lines[j].lstrip().startswith("}"):
            return j
    return None


def in_mutant_branch(lines, number):
    for i, opener in enclosing(lines, number):
        stripped = opener.strip()
        if stripped.startswith("if constexpr"):
            if mutant_condition(lines, stripped):
                return True
        elif stripped.startswith("} else"):
            head = chain_head(lines, i)
            if head is not None:
                depends = mutant_condition(lines, lines[head])
                if depends is False or (depends is None and mutant_condition(lines, stripped)):
                    return True
    # After `if constexpr (!mutant(...)) return ...;` in the same block, only a mutant goes on.
    level = indent(lines[number - 1])
    for i in range(number - 2, -1, -1):
        text = lines[i]
        if text.strip() and indent(text) < level:
            break
        if indent(text) == level and re.match(r"\s*if constexpr \(.*\)\s*(return|continue|break)\b", text) and \
                mutant_condition(lines, text) is False:
            return True
    return False


def reason(root, name, number, text):
    stripped = text.strip()
    if (name, stripped) in KNOWN:
        return KNOWN[(name, stripped)]
    lines = source_lines(root, name)
    if "MUTANT" in text or mutant_condition(lines, text) or in_mutant_branch(lines, number):
        return "mutant"
    if re.fullmatch(r"}+;?|} else {|#(endif|else).*", stripped):
        return "no code"
    constexpr_function = r"\s*(static |inline )?constexpr [^=]*\("
    if re.match(constexpr_function, text) or any(re.match(constexpr_function, o) for _, o in enclosing(lines, number)):
        return "compile-time"
    if stripped.startswith("return") and lines[number - 2].strip() == "}":
        if any("switch (" in l for l in lines[max(0, number - 15):number - 1]):
            return "unreachable"
    return None


def main():
    root = sys.argv[1].rstrip("/") + "/"
    trees = sys.argv[2:]
    unexplained = 0
    by_reason = {}
    for name, number, text in zero_lines(sys.stdin, root):
        if not any(name.startswith(tree) for tree in trees):
            continue
        why = reason(root, name, number, text)
        kind = why if why in KINDS else "known"
        if why is None:
            unexplained += 1
            kind = "UNEXPLAINED"
            why = "UNEXPLAINED: reach it with a check, or add it to KNOWN in ci/coverage_uncovered.py with why"
        by_reason[kind] = by_reason.get(kind, 0) + 1
        print(f"{name}:{number}: {why}\n    {text.strip()}")
    print("uncovered lines by reason: " + (", ".join(f"{n} {r}" for r, n in sorted(by_reason.items())) or "none"))
    sys.exit(1 if unexplained else 0)


if __name__ == "__main__":
    main()
