#!/usr/bin/env python3
"""The gate's verdict (ci/gate.sh): reads what the gate's steps left in its work folder, prints one
row per family and one for the suite's own checks, and exits 1 when a check group failed.
    gate_summary.py WORK

WORK holds
  rows.txt       the rows, one a line: the families `tsconform families` lists, then `suite`
  results.tsv    ROW<TAB>COLUMN<TAB>VALUE lines written by the steps:
                   checks, cases, fuzz execs, exec/s   numbers, summed over a row's lines
                   s390x, armhf                        pass or FAIL
                   failure                             one line per failing check group, VALUE says which
                 and `gate<TAB>mutants<TAB>ok|FAIL`, `gate<TAB>coverage<TAB>ok|FAIL` (exit statuses)
  mutants.txt    ci/mutants.py's kill table; fuzz-only.txt  ci/mutants.py --fuzz-only's table
A cell no step filled reads "not run", never "pass": a platform, the mutants or the coverage that did
not run is not a pass. Fuzz-only is a measurement (how fast the fuzzers alone find the catalogue),
reported and never failed: a mutant found near the time limit is found or missed by luck.
"""
import collections
import pathlib
import sys

NOT_RUN = "not run"
SUMMED = ("checks", "cases", "fuzz execs", "exec/s")
COLUMNS = ("checks", "cases", "failures", "fuzz execs", "exec/s", "s390x", "armhf", "mutants", "fuzz-only")
ROW_FORMAT = "{:<15} {:>7} {:>10} {:>9} {:>12} {:>9} {:>8} {:>8} {:>8} {:>9}"


def read_results(path):
    """{row: {column: [values]}} from results.tsv (empty when no step wrote it)."""
    results = collections.defaultdict(lambda: collections.defaultdict(list))
    if path.exists():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            fields = line.split("\t")
            if len(fields) != 3:
                raise SystemExit(f"{path}:{number}: expected ROW<TAB>COLUMN<TAB>VALUE, got {line!r}")
            row, column, value = fields
            results[row][column].append(value)
    return results


def mutant_counts(path):
    """{family: (killed, counted)} from the kill table, or None when the mutant step did not run."""
    if not path.exists():
        return None
    counts = collections.defaultdict(lambda: [0, 0])
    for line in path.read_text().splitlines()[1:]:
        fields = line.split()
        if len(fields) < 4 or fields[3] == "skipped":
            continue
        counts[fields[1]][1] += 1
        counts[fields[1]][0] += fields[3] == "killed"
    return counts


def fuzz_only_cells(path):
    """{family: "found/counted"} from the fuzz-only table's per-family lines."""
    if not path.exists():
        return {}
    cells = {}
    for line in path.read_text().splitlines():
        name, _, cell = line.strip().partition(": ")
        if line.startswith("  ") and "/" in cell:
            cells[name] = cell
    return cells


def platform_cell(values):
    if not values:
        return NOT_RUN
    return "FAIL" if "FAIL" in values else "pass"


def summarize(work):
    work = pathlib.Path(work)
    rows = [r for r in (work / "rows.txt").read_text().split() if r]
    results = read_results(work / "results.tsv")
    mutants = mutant_counts(work / "mutants.txt")
    fuzz_only = fuzz_only_cells(work / "fuzz-only.txt")
    failing = []  # (row, what) of every failing check group

    print(ROW_FORMAT.format("family", *COLUMNS))
    for row in rows:
        mine = results.get(row, {})
        cells = {c: str(sum(int(v) for v in mine[c])) if mine.get(c) else "-" for c in SUMMED}
        row_failures = [(row, what) for what in mine.get("failure", [])]
        for platform in ("s390x", "armhf"):
            cells[platform] = platform_cell(mine.get(platform, []))
            if cells[platform] == "FAIL":
                row_failures.append((row, f"{platform} ctest (see {work}/{platform}_{row}.log)"))
        if mutants is None:
            cells["mutants"] = NOT_RUN
        elif row in mutants or row != "suite":
            killed, counted = mutants.get(row, (0, 0))
            cells["mutants"] = f"{killed}/{counted}"
            if killed != counted:
                row_failures.append((row, f"{counted - killed} mutant(s) not killed (see {work}/mutants.txt)"))
        else:
            cells["mutants"] = "-"
        cells["fuzz-only"] = fuzz_only.get(row, "-")
        cells["failures"] = str(len(row_failures))
        failing += row_failures
        print(ROW_FORMAT.format(row, *(cells[c] for c in COLUMNS)))

    gate = results.get("gate", {})
    if mutants is None:
        failing.append(("gate", "the mutant gate did not run"))
    elif "FAIL" in gate.get("mutants", []) and not any("mutant" in what for _, what in failing):
        failing.append(("gate", f"the mutant gate failed with every mutant killed (see {work}/mutants.txt)"))
    coverage = gate.get("coverage", [])
    if not coverage:
        failing.append(("gate", "the coverage run did not run"))
    elif "FAIL" in coverage:
        failing.append(("gate", f"the coverage run failed (see {work}/coverage.txt)"))
    unknown = sorted(set(results) - set(rows) - {"gate"})
    if unknown:
        failing.append(("gate", "results for rows the gate does not have: " + ", ".join(unknown)))

    if failing:
        print(f"gate: {len(failing)} failing check group(s)")
        for row, what in failing:
            print(f"  {row}: {what}")
        return 1
    print("gate: passed")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: gate_summary.py WORK")
    sys.exit(summarize(sys.argv[1]))
