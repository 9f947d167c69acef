"""The club's pages (issue #30) as the server draws them: the club, a player's card and
page (with the rating chart), a game's statistics; every word key has its Japanese."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from companion.game.club.chart import chart_svg
from companion.game.club.stats import (
    MIN_GAMES,
    Played,
    Rate,
    character_rates,
    matchups,
    seat_rates,
    wilson,
)
from tests.helpers import phone, post
from tests.web.test_club_api import count, finished_duel, profile

WEB = Path(__file__).resolve().parents[2] / "companion" / "web"


def test_every_club_word_key_has_its_japanese() -> None:
    keys = set()
    for template in (WEB / "templates").glob("*club*.html"):
        keys |= set(re.findall(r'data-i18n="([a-z_]+)"', template.read_text(encoding="utf-8")))
        keys |= set(re.findall(r"'(club_[a-z_]+)'", template.read_text(encoding="utf-8")))
    home = (WEB / "templates" / "home.html").read_text(encoding="utf-8")
    keys |= set(re.findall(r'data-i18n="(club_[a-z_]+)"', home))  # the home page's link
    script = "".join((WEB / "static" / n).read_text(encoding="utf-8")
                     for n in ("club.js", "club_count.js"))  # fmt: skip
    keys |= set(re.findall(r't\("(club_[a-z_]+)"', script))
    keys |= server_drawn_keys()
    common = (WEB / "static" / "i18n.js").read_text(encoding="utf-8")
    japanese = set(re.findall(r"(club_[a-z_]+): \"", script + common))
    assert keys and keys <= japanese, sorted(keys - japanese)


def server_drawn_keys() -> set[str]:
    """The club's word keys in Python that writes page markup (the rating chart): every
    quoted club_ literal in a module of companion/game/club or companion/web that writes
    data-i18n attributes, so a key chosen at run time is found as well as a literal one."""
    keys = set()
    for source in (*(WEB.parent / "game" / "club").rglob("*.py"), *WEB.rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        if "data-i18n" in text:
            keys |= set(re.findall(r"[\"'](club_[a-z_]+)[\"']", text))
    return keys


def test_the_server_drawn_chart_keys_are_checked() -> None:
    assert "club_axis_matches" in server_drawn_keys()  # written by chart.py, not a template


def test_the_club_player_and_statistics_pages_after_a_counted_match(app: Flask) -> None:
    room, (ana, ben) = finished_duel(app)
    me = profile(ana, "Ana")
    profile(ben, "Ben")
    card = ana.get("/club/me").get_data(as_text=True)
    assert f'data-count="{room}"' in card  # the finished match waits for Ana's tap
    count(ana, room)
    assert f'data-count="{room}"' not in ana.get("/club/me").get_data(as_text=True)
    count(ben, room)
    club = phone(app).get("/club").get_data(as_text=True)
    assert "Ana" in club and "Ben" in club and "provisional" in club
    player = phone(app).get(me["url"])
    assert player.status_code == 200
    text = player.get_data(as_text=True)
    assert "<svg" in text and "Grave" in text and "Ben" in text  # chart, character, rival
    stats = phone(app).get("/club/stats/flash-duel").get_data(as_text=True)
    assert "too few games" in stats and "Grave" in stats and "Rook" in stats
    assert phone(app).get("/club/stats/chess").status_code == 404
    assert phone(app).get("/club/p/nobody").status_code == 404


def test_a_hidden_player_has_no_public_page(app: Flask) -> None:
    ana = phone(app)
    me = profile(ana, "Ana")
    post(ana, "/api/club/me/hidden", {"hidden": True})
    assert phone(app).get(me["url"]).status_code == 404


def test_wilson_interval_and_too_few_games() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)  # the textbook 8/10 interval
    assert wilson(0, 0) == (0.0, 1.0)
    assert not Rate("grave", 3, MIN_GAMES - 1).is_enough and Rate("grave", 3, MIN_GAMES).is_enough


def test_character_seat_and_matchup_counts() -> None:
    played = [
        Played((("a",), ("b",)), (1, 2), {"a": "grave", "b": "rook"}, {"a": 0, "b": 1}),
        Played((("a",), ("b",)), (2, 1), {"a": "grave", "b": "rook"}, {"a": 1, "b": 0}),
        Played((("a",), ("c",)), (1, 2), {"a": "grave", "c": "grave"}, {"a": 0, "c": 1}),
        Played((("a", "b"), ("c", "d")), (1, 2), {}, {"a": 0, "b": 2, "c": 1, "d": 3}),
    ]
    rates = {r.label: (r.wins, r.games) for r in character_rates(played)}
    assert rates == {"grave": (2, 4), "rook": (1, 2)}
    assert [(r.label, r.wins, r.games) for r in seat_rates(played)] == [
        ("1", 4, 4), ("2", 0, 4), ("3", 1, 1), ("4", 0, 1)]  # fmt: skip
    grid = matchups(played)
    assert grid[("grave", "rook")] == (1, 2) and grid[("rook", "grave")] == (1, 2)
    assert grid[("grave", "grave")] == (1, 2)  # a mirror match from both seats


def test_the_chart_reads_without_colour() -> None:
    svg = chart_svg([(1500, 667), (1540, 600), (1520, 560)], "Flash Duel")
    assert svg.count("<circle") == 3 and "currentColor" in svg and "#" not in svg
    assert ">2167<" in svg and ">833<" in svg  # the range's ends are written out
    assert chart_svg([], "nothing") == ""
