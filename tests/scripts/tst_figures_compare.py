#!/usr/bin/env python3
"""The figures guard's verdicts (scripts/figures_guard.py) on synthetic inputs: a build 20 %
slower than its baseline is REGRESSED; a machine 20 % slower, with both builds equal, is not
(while the comparison with the recorded value would flag it); noise floors and 'higher is
better' figures; the whole report read from synthetic benchmark logs."""
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import figures_guard as guard  # noqa: E402


def write_logs(work, build, passes_cpu_ms):
    """Kendall benchmark logs (bench metrics' table) of one build, one CPU time per pass."""
    for p, cpu_ms in enumerate(passes_cpu_ms, start=1):
        folder = os.path.join(work, build, f"pass{p}")
        os.makedirs(folder)
        with open(os.path.join(folder, "metrics.log"), "w") as log:
            log.write(f"random reals  1000000  {cpu_ms + 3:.1f}  {cpu_ms:.1f}  0.4470\n")
        with open(os.path.join(folder, "metrics.meta"), "w") as meta:
            meta.write("4 0 1.05\n")


class Verdicts(unittest.TestCase):
    def test_a_slower_build_is_regressed(self):
        new, base = guard.best("lower", [12.1, 12.0]), guard.best("lower", [10.0, 10.2])
        self.assertAlmostEqual(guard.worse_ratio("lower", new, base), 1.2)
        self.assertTrue(guard.is_regressed("lower", new, base))

    def test_a_slower_machine_with_equal_builds_is_not(self):
        recorded = 10.0
        new, base = guard.best("lower", [12.0, 12.3]), guard.best("lower", [12.1, 11.95])
        self.assertFalse(guard.is_regressed("lower", new, base))
        # ... where the comparison with the recorded value, the day's machine against another
        # day's, says REGRESSED:
        self.assertTrue(guard.is_regressed("lower", new, recorded))

    def test_higher_is_better(self):
        self.assertTrue(guard.is_regressed("higher", 100.0, 125.0))  # configs/s 20 % lower
        self.assertFalse(guard.is_regressed("higher", 130.0, 125.0))  # faster is never worse
        self.assertFalse(guard.is_regressed("higher", 110.0, 125.0))  # within 15 %

    def test_noise_floor(self):
        # A 0.7 -> 0.9 ms frame is 29 % worse but within the scheduler's 0.5 ms.
        self.assertFalse(guard.is_regressed("lower", 0.9, 0.7, noise_floor=0.5))
        self.assertTrue(guard.is_regressed("lower", 1.4, 0.7, noise_floor=0.5))

    def test_near_counts_either_way(self):
        self.assertTrue(guard.is_regressed("near", 60.0, 73.0))
        self.assertTrue(guard.is_regressed("near", 90.0, 73.0))
        self.assertFalse(guard.is_regressed("near", 71.0, 73.0))

    def test_recorded_tokens(self):
        marked, twice = guard.marked_values(["**<!--f:a-->3.7x** and **<!--f:b-->81-112 ms**",
                                             "**<!--f:a-->4.0x**"])
        self.assertEqual(marked["b"], "81-112")
        self.assertEqual(guard.numbers(marked["b"]), [81.0, 112.0])
        self.assertEqual(twice, ["a"])


class Report(unittest.TestCase):
    """The report over synthetic logs of the Kendall step, in a folder with its own store."""

    def run_report(self, new_ms, base_ms):
        with tempfile.TemporaryDirectory() as folder:
            old = os.getcwd()
            os.chdir(folder)
            try:
                with open("README.md", "w") as readme:
                    readme.write("| Kendall | < 1 s | **<!--f:kendall_cpu_s-->0.20 s** |\n")
                write_logs(folder, "new", new_ms)
                write_logs(folder, "base", base_ms)
                out = io.StringIO()
                regressed, tokens = guard.report(folder, len(new_ms), "metrics", "abc1234", out)
            finally:
                os.chdir(old)
        return regressed, tokens, out.getvalue()

    def test_slower_build(self):
        regressed, tokens, text = self.run_report([240.0, 250.0], [200.0, 205.0])
        self.assertEqual(regressed, ["kendall_cpu_s"])
        self.assertIn("| 1.20 |", text)
        self.assertIn("| REGRESSED |", text)
        self.assertEqual(tokens["kendall_cpu_s"], "0.24")

    def test_slower_machine(self):
        # Recorded 0.20 s; today both builds read 0.24 s: the machine, not the code.
        regressed, _, text = self.run_report([240.0, 245.0], [242.0, 240.0])
        self.assertEqual(regressed, [])
        self.assertNotIn("| REGRESSED |", text)
        self.assertIn("| 1.00 |", text)


if __name__ == "__main__":
    unittest.main()
