"""The club's rating chart has an accessible name a screen-reader user can use: the game,
the rating before the first rated match and now, and how many rated matches, with the word
key and the numbers a Japanese page needs to say it in Japanese."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from companion.game.club.chart import chart_svg

CLUB_JS = Path(__file__).resolve().parents[2] / "companion" / "web" / "static" / "club.js"


def named(svg: str) -> tuple[str, str]:
    """Return the chart's aria-label and its <title> text."""
    label = re.search(r'<svg [^>]* aria-label="([^"]*)"', svg)
    title = re.search(r"<title[^>]*>([^<]*)</title>", svg)
    assert label and title
    return unescape(label.group(1)), unescape(title.group(1))


def test_the_name_says_the_game_the_rating_before_and_now_and_the_matches() -> None:
    one = "Flash Duel rating: 1500 before the first rated match, 1605 after 1 rated match"
    assert named(chart_svg([(1500, 667), (1605, 645)], "Flash Duel")) == (one, one)
    three = chart_svg([(1500, 667), (1540, 600), (1520, 560), (1488, 530)], "Puzzle Strike")
    many = "Puzzle Strike rating: 1500 before the first rated match, 1488 after 3 rated matches"
    assert named(three) == (many, many)


def test_the_name_carries_its_key_and_numbers_for_the_japanese_page() -> None:
    svg = chart_svg([(1500, 667), (1540, 600), (1520, 560)], "Flash Duel")
    tag = re.search(r"<svg [^>]*>", svg)
    assert tag
    key = re.search(r'data-i18n-aria-label="(club_[a-z_]+)"', tag.group(0))
    args = re.search(r'data-i18n-args="([^"]*)"', tag.group(0))
    assert key and args
    assert json.loads(unescape(args.group(1))) == {
        "game": "Flash Duel", "before": 1500, "now": 1520, "matches": 2}  # fmt: skip
    assert re.search(rf'<title data-i18n="{key.group(1)}" data-i18n-args="', svg)
    japanese = re.search(key.group(1) + r': "([^"]*)"', CLUB_JS.read_text(encoding="utf-8"))
    assert japanese and "レーティング" in japanese.group(1)
    assert set(re.findall(r"\{(\w+)\}", japanese.group(1))) == {"game", "before", "now", "matches"}


def test_a_game_name_is_escaped_in_the_markup() -> None:
    svg = chart_svg([(1500, 667), (1605, 645)], 'A & "B"')
    assert 'aria-label="A &amp; &quot;B&quot; rating:' in svg
    assert named(svg)[0].startswith('A & "B" rating:')
