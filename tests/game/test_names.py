"""Player names: one reader (names.parse_players) for every kind of table (defect 13)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.game.errors import InvalidSetup
from companion.game.names import parse_players
from tests.helpers import post


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["Ana", "Ben"], ("Ana", "Ben")),
        (["  Ana ", "Ben\t"], ("Ana", "Ben")),
        (["Zoe\u0301", "アナ"], ("Zo\u00e9", "アナ")),  # decomposed é becomes one character
        (["Бен", "👩\u200d👩\u200d👧"], ("Бен", "👩\u200d👩\u200d👧")),  # a ZWJ emoji stays
        (["A" * 24, "B"], ("A" * 24, "B")),
        (["Ana", "Ben", "Cid", "Dee"], ("Ana", "Ben", "Cid", "Dee")),
    ],
)
def test_good_names_are_cleaned(players: list[str], expected: tuple[str, ...]) -> None:
    assert parse_players({"players": players}, 2, 4) == expected


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ana", "Ana\u200b"], "invisible character (U+200B)"),
        (["Ana", "ANA"], "'Ana' and 'ANA' are the same name"),
        (["Zo\u00e9", "Zoe\u0301"], "are the same name"),
        (["A\x00na", "Ben"], "a control character (U+0000)"),
        (["\u202eAna", "Ben"], "invisible character (U+202E)"),
        (["Ana", "\ud800"], "lone surrogate"),
        (["Ana", "   "], "player name '   ' is empty (a name has 1 to 24 characters"),
        (["\u202eAna", "Ben"], "player name '\\u202eAna' contains an invisible"),
        (["Ana", "B\ud800"], "player name 'B\\ud800' contains a lone surrogate (U+D800)"),
        (["A", "B", "C", "D", "E"], "'players' must list 2 to 4 names, not 5"),
        (["A" * 25, "B"], "has 25 characters (at most 24)"),
        (["Ana"], "'players' must list 2 to 4 names, not 1"),
        ("Ana", "'players' must list 2 to 4 different names"),
        ([1, 2], "'players' must list 2 to 4 different names"),
    ],
)
def test_bad_names_are_refused(players: Any, message: str) -> None:
    with pytest.raises(InvalidSetup) as caught:
        parse_players({"players": players}, 2, 4)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["Ana", "Ana\u200b"]},
        {"kind": "shadowfist", "players": ["Ana", "Ana\u200b"]},
        {"kind": "draft", "players": ["Ana", "ana"]},
        {"kind": "flash-duel", "mode": "simple", "players": ["Ana", "A\x07"]},  # NUL: 400 earlier
        {"kind": "shadowfist", "players": ["Ana", "\u202eBen"]},
    ],
)
def test_every_table_reads_names_the_same_way(client: FlaskClient, body: dict[str, Any]) -> None:
    url = "/api/rooms" if "kind" in body else "/api/matches"
    response = post(client, url, body)
    assert response.status_code == 400, response.get_json()
    assert (
        "player name" in response.get_json()["error"] or "same name" in response.get_json()["error"]
    )


def test_names_are_stored_clean(client: FlaskClient) -> None:
    made = post(client, "/api/rooms", {"kind": "shadowfist", "players": [" Zoe\u0301 ", "Бен"]})
    assert made.status_code == 201
    seats = client.get(f"/api/join/{made.get_json()['join_code']}").get_json()["seats"]
    assert [s["name"] for s in seats] == ["Zo\u00e9", "Бен"]
