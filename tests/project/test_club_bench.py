"""bench/club_bench.py still runs on today's club store and pages (in small sizes)."""

from __future__ import annotations

import re

from tests.project.test_bench_scripts import run_script


def test_club_bench_measures_recompute_update_and_page() -> None:
    out = run_script("bench/club_bench.py", "--matches", "300", "--players", "20")
    assert "SQLite, 20 players, 300 results" in out
    assert "pure recompute of 300 results" in out
    assert re.search(r"load average [\d.]+ [\d.]+ [\d.]+", out), out
    assert re.search(r"of which: read [\d.]+ s \(cpu [\d.]+ s\), rate ", out), out


def test_the_club_bench_prints_each_goal_figure_on_a_line_of_its_own() -> None:
    # #30: the coordinator re-measures on a quiet machine and reads these three lines.
    out = run_script("bench/club_bench.py", "--matches", "300", "--players", "20")
    goals = [line for line in out.splitlines() if line.startswith("GOAL ")]
    assert len(goals) == 3, out
    assert re.fullmatch(r"GOAL recompute: [\d.]+ s \(cpu [\d.]+ s\) target < 10 s", goals[0])
    cpu = r" \(cpu p50 [\d.]+ ms p99 [\d.]+ ms\)"
    assert re.fullmatch(r"GOAL one rating update: n=200 p50 [\d.]+ ms p99 [\d.]+ ms "
                        r"target < 5 ms" + cpu, goals[1])  # fmt: skip
    assert re.fullmatch(r"GOAL GET /club: n=200 p50 [\d.]+ ms p99 [\d.]+ ms target < 100 ms"
                        + cpu, goals[2])  # fmt: skip
