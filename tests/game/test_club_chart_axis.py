"""The club's rating chart says what its horizontal axis counts (the play-test could not tell
games from dates): rated matches played this season, 0 being the rating before the first,
with readable ticks at round steps however many matches there are."""

from __future__ import annotations

import re
from pathlib import Path

from companion.game.club.chart import axis_ticks, chart_svg

CLUB_JS = Path(__file__).resolve().parents[2] / "companion" / "web" / "static" / "club.js"


def x_labels(svg: str) -> list[str]:
    """The numbers written under the horizontal axis, left to right."""
    return re.findall(r'<text class="x-tick"[^>]*>(\d+)</text>', svg)


def test_the_axis_is_named_as_matches_with_its_japanese() -> None:
    svg = chart_svg([(1500, 667), (1540, 600), (1520, 560)], "Flash Duel: Ana")
    title = re.search(r'<text [^>]*data-i18n="(club_[a-z_]+)"[^>]*>([^<]+)</text>', svg)
    assert title and title.group(2) == "rated matches played"
    assert re.search(title.group(1) + r': "[^"]*対戦', CLUB_JS.read_text(encoding="utf-8"))
    assert x_labels(svg) == ["0", "1", "2"]  # every match while they are few


def test_ticks_fall_on_round_steps() -> None:
    assert axis_ticks(0) == [0]
    assert axis_ticks(5) == [0, 1, 2, 3, 4, 5]
    assert axis_ticks(12) == [0, 2, 4, 6, 8, 10, 12]
    assert axis_ticks(23) == [0, 5, 10, 15, 20, 23]
    assert axis_ticks(21) == [0, 5, 10, 15, 21]  # the last is the count; 20 would crowd it
    assert axis_ticks(140) == [0, 50, 100, 140]


def test_a_long_season_has_a_few_ticks_not_one_per_match() -> None:
    points = [(1500 + i % 7, 300) for i in range(41)]  # 40 matches
    assert x_labels(chart_svg(points, "Puzzle Strike: Ben")) == ["0", "10", "20", "30", "40"]
