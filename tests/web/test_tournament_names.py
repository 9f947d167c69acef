"""A tournament player's name follows the rules every table's names follow (issue #28, item
11; companion/game/names.py): no zero-width, bidi-control or control characters, compared
as the tables compare them, so "Ana" and "Ana\u200b" cannot both enter one event."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.helpers import CSRF, phone, post

REFUSED = [
    ("Ana\u200b", "an invisible character (U+200B)"),
    ("\u202eanA", "an invisible character (U+202E)"),
    ("Ana\u2066x\u2069", "an invisible character (U+2066)"),
    ("\x1b[31mEve", "a control character (U+001B)"),
    ("Eve\tLee", "a control character (U+0009)"),
    ("x" * 25, "has 25 characters (at most 24)"),
]


@pytest.mark.parametrize(("name", "problem"), REFUSED)
def test_a_name_a_table_would_refuse_is_refused_everywhere_a_player_enters(
    client: FlaskClient, name: str, problem: str
) -> None:
    made = post(client, "/api/tournaments", {"name": "Cup", "players": ["Ana", name]})
    assert made.status_code == 400 and problem in made.get_json()["error"], made.get_json()
    made = post(client, "/api/tournaments", {"name": "Cup", "players": ["Ana"]})
    tid = made.get_json()["tournament_id"]
    organiser = {"X-Organiser-Token": made.get_json()["organiser_url"].rsplit("/", 1)[1],
                 "X-CSRF-Token": CSRF}  # fmt: skip
    typed = client.post(f"/api/tournaments/{tid}/players", json={"name": name},
                        headers=organiser)  # fmt: skip
    assert typed.status_code == 400 and problem in typed.get_json()["error"]
    asked = post(phone(client.application), f"/api/tournaments/{tid}/entries", {"name": name})
    assert asked.status_code == 400 and problem in asked.get_json()["error"]
    players = client.get(f"/api/tournaments/{tid}", headers=organiser).get_json()["players"]
    assert [p["name"] for p in players] == ["Ana"]


@pytest.mark.parametrize("twin", ["ANA", "\uff21na", " Ana "])
def test_names_the_tables_count_as_one_are_one_player(client: FlaskClient, twin: str) -> None:
    made = post(client, "/api/tournaments", {"name": "Cup", "players": ["Ana", twin]})
    assert made.status_code == 409 and "has already entered" in made.get_json()["error"]


def test_names_are_stored_as_the_tables_store_them(client: FlaskClient) -> None:
    """NFC, trimmed, inner spaces as one: the name on the slip is the name at the table."""
    made = post(client, "/api/tournaments", {"name": "Cup",
                "players": ["Jose\u0301", "  Ana   Lee "]})  # fmt: skip
    assert made.status_code == 201, made.get_json()
    tid = made.get_json()["tournament_id"]
    players = client.get(f"/api/tournaments/{tid}").get_json()["standings"]
    assert sorted(p["name"] for p in players) == ["Ana Lee", "Jos\u00e9"]
