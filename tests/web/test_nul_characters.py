"""NUL (U+0000) in ids and names is refused at the edge with a 400 saying so, on both
engines (issue #28, item 6): SQLite stored such names or answered 404 for such ids, and
PostgreSQL, whose text cannot hold NUL, answered 500."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.storage import db
from tests.helpers import CSRF, phone, post, start_duel


@pytest.fixture
def app(engine_app: Flask) -> Flask:
    """An app on a fresh database of each engine."""
    return engine_app


def rows(database: str) -> dict[str, int]:
    """Count the rows of the tables a refused write could have touched."""
    conn = db.connect(database)
    try:
        return {t: conn.execute(f"select count(*) from {t}").fetchone()[0]
                for t in ("matches", "seats", "tournaments", "tournament_players")}  # fmt: skip
    finally:
        conn.close()


BODIES = [
    ("/api/matches", {"players": ["Ana\x00", "Ben"], "seat": 0}),
    ("/api/rooms", {"kind": "draft", "players": ["Ana", "B\x00en"], "seat": 0}),
    ("/api/tournaments", {"name": "Friday\x00Cup"}),
    ("/api/tournaments", {"name": "Cup", "players": ["Ana", "\x00"]}),
    ("/api/matches", {"players": ["Ana", "Ben"], "seat": 0, "x\x00": 1}),
]


@pytest.mark.parametrize(("url", "sent"), BODIES)
def test_a_nul_in_a_body_is_refused_with_400_and_nothing_stored(
    app: Flask, url: str, sent: dict[str, Any]
) -> None:
    before = rows(app.config["DATABASE"])
    answer = post(phone(app), url, sent)
    assert answer.status_code == 400, answer.get_json()
    assert "NUL character (U+0000)" in answer.get_json()["error"]
    assert rows(app.config["DATABASE"]) == before


def test_a_nul_in_a_player_name_entered_later_is_refused(app: Flask) -> None:
    client = phone(app)
    made = post(client, "/api/tournaments", {"name": "Cup", "players": ["Ana", "Ben"]})
    tid = made.get_json()["tournament_id"]
    token = made.get_json()["organiser_url"].rsplit("/", 1)[1]
    typed = client.post(f"/api/tournaments/{tid}/players", json={"name": "Cat\x00"},
                        headers={"X-Organiser-Token": token, "X-CSRF-Token": CSRF})  # fmt: skip
    assert typed.status_code == 400 and "NUL" in typed.get_json()["error"]
    asked = post(phone(app), f"/api/tournaments/{tid}/entries", {"name": "Dan\x00"})
    assert asked.status_code == 400 and "NUL" in asked.get_json()["error"]


ADDRESSES = [
    "/api/matches/{match}%00/state",
    "/api/matches/{match}/state?x=%00",
    "/api/view/abc%00/state",
    "/api/tournaments/abc%00",
    "/t/abc%00",
    "/m/abc%00",
    "/join/abc%00",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_nul_in_an_address_is_refused_with_400(app: Flask, address: str) -> None:
    match_id, a, _ = start_duel(app)
    answer = a.get(address.format(match=match_id))
    assert answer.status_code == 400
    assert "NUL character (U+0000)" in answer.get_data(as_text=True)


def test_a_nul_in_an_action_or_a_join_is_refused(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    joined = post(phone(app), "/api/join/abc%00", {"seat": 1})
    assert joined.status_code == 400
    acted = post(
        a,
        f"/api/matches/{match_id}/actions",
        {"action": {"type": "ante\x00"}, "base_version": 0, "idempotency_key": "k\x00"},
    )
    assert acted.status_code == 400 and "NUL" in acted.get_json()["error"]
