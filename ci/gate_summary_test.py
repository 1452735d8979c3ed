#!/usr/bin/env python3
"""Drives every failure condition of the gate's verdict (ci/gate_summary.py) with the files its steps
write, and the "not run" cells: run by ctest on the dev build, so that a gate which cannot fail, or
fails on a clean run, does not land unnoticed. The gate itself takes longer than a change's CI run."""
import contextlib
import io
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import gate_summary  # noqa: E402

KILL_TABLE_HEADER = "mutant family platform result killed-by time"


class GateVerdict(unittest.TestCase):
    def setUp(self):
        self.work = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        (self.work / "rows.txt").write_text("qwp_gorilla\nbitmap\nsuite\n")
        self.results = [
            ("qwp_gorilla", "checks", "120"), ("qwp_gorilla", "cases", "5000"),
            ("qwp_gorilla", "fuzz execs", "1000"), ("qwp_gorilla", "exec/s", "50"),
            ("qwp_gorilla", "fuzz execs", "3000"), ("qwp_gorilla", "exec/s", "70"),
            ("bitmap", "checks", "30"), ("suite", "checks", "12"),
            ("qwp_gorilla", "s390x", "pass"), ("bitmap", "s390x", "pass"), ("suite", "s390x", "pass"),
            ("qwp_gorilla", "armhf", "pass"), ("bitmap", "armhf", "pass"),
            ("gate", "mutants", "ok"), ("gate", "coverage", "ok"),
        ]
        self.kill_table = [KILL_TABLE_HEADER, "qwp_a qwp_gorilla any killed vectors 0.01s",
                           "bitmap_a bitmap any killed properties 0.02s", "bitmap_b bitmap s390x skipped - -"]
        (self.work / "fuzz-only.txt").write_text("fuzz-only: 2/2 found\n  bitmap: 1/1\n  qwp_gorilla: 1/1\n")

    def verdict(self):
        (self.work / "results.tsv").write_text("".join("\t".join(r) + "\n" for r in self.results))
        if self.kill_table is not None:
            (self.work / "mutants.txt").write_text("\n".join(self.kill_table) + "\n")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = gate_summary.summarize(self.work)
        return status, out.getvalue()

    def assert_fails(self, because):
        status, text = self.verdict()
        self.assertEqual(status, 1, text)
        self.assertIn(because, text)
        self.assertNotIn("gate: passed", text)
        return text

    def test_a_clean_run_passes_and_sums_a_rows_targets(self):
        status, text = self.verdict()
        self.assertEqual(status, 0, text)
        self.assertTrue(text.rstrip().endswith("gate: passed"), text)
        self.assertIn("4000", text)  # fuzz execs of qwp_gorilla's two targets
        self.assertIn(" 120 ", text)

    def test_a_platform_without_tests_reads_not_run(self):
        status, text = self.verdict()
        self.assertEqual(status, 0, text)
        self.assertRegex(text, r"suite .* pass +not run")

    def test_a_failing_ctest_fails(self):
        self.results.append(("bitmap", "failure", "dev ctest (see build/gate/test_bitmap.log)"))
        self.assert_fails("bitmap: dev ctest")

    def test_a_fuzz_crash_fails(self):
        self.results.append(("suite", "failure", "fuzz target suite_json"))
        self.assert_fails("suite: fuzz target suite_json")

    def test_a_failing_foreign_platform_fails(self):
        self.results.append(("bitmap", "armhf", "FAIL"))
        self.results.remove(("bitmap", "armhf", "pass"))
        self.assert_fails("bitmap: armhf ctest")

    def test_a_surviving_mutant_fails(self):
        self.kill_table.append("qwp_b qwp_gorilla any survived - -")
        text = self.assert_fails("qwp_gorilla: 1 mutant(s) not killed")
        self.assertIn("1/2", text)

    def test_a_skipped_mutant_is_not_counted(self):
        status, text = self.verdict()
        self.assertEqual(status, 0, text)
        self.assertRegex(text, r"bitmap .* 1/1 ")

    def test_a_mutant_gate_that_did_not_run_fails(self):
        self.kill_table = None
        self.assert_fails("the mutant gate did not run")

    def test_a_mutant_gate_error_fails(self):
        self.results.remove(("gate", "mutants", "ok"))
        self.results.append(("gate", "mutants", "FAIL"))
        self.assert_fails("the mutant gate failed")

    def test_a_failing_coverage_run_fails(self):
        self.results.remove(("gate", "coverage", "ok"))
        self.results.append(("gate", "coverage", "FAIL"))
        self.assert_fails("the coverage run failed")

    def test_a_coverage_run_that_did_not_run_fails(self):
        self.results.remove(("gate", "coverage", "ok"))
        self.assert_fails("the coverage run did not run")

    def test_results_for_an_unknown_row_fail(self):
        self.results.append(("runner", "checks", "0"))
        self.assert_fails("rows the gate does not have: runner")

    def test_fuzz_only_misses_are_reported_not_failed(self):
        (self.work / "fuzz-only.txt").write_text("fuzz-only: 1/2 found\n  bitmap: 0/1\n  qwp_gorilla: 1/1\n")
        status, text = self.verdict()
        self.assertEqual(status, 0, text)
        self.assertRegex(text, r"bitmap .* 0/1")


if __name__ == "__main__":
    unittest.main()
