"""bench/club_bench.py still runs on today's club store and pages (in small sizes)."""

from __future__ import annotations

from tests.project.test_bench_scripts import run_script


def test_club_bench_measures_recompute_update_and_page() -> None:
    out = run_script("bench/club_bench.py", "--matches", "300", "--players", "20")
    assert "SQLite, 20 players, 300 results" in out
    for line in ("pure recompute of 300 results", "store recompute", "one rating update: n=200",
                 "GET /club: n=30"):  # fmt: skip
        assert line in out, out
