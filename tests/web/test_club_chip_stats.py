"""Puzzle Strike's bank chips on the club's statistics page (#30 item 5): the buys a
counted match records (undone buys left out) and the page's per-chip lines."""

from __future__ import annotations

from contextlib import closing
from typing import Any

import pytest
from flask import Flask

from companion.game.club.ratings import Result
from companion.storage import club_results, db
from tests.helpers import act, phone, post, start_duel
from tests.web.test_club_api import profile


@pytest.fixture
def app(engine_app: Flask) -> Flask:
    """An app on a fresh database of each engine (SQLite, then PostgreSQL)."""
    return engine_app


SNEAK = "base-3e/sneak-attack"
KNOCK = "base-3e/knockdown"


def undo(client: Any, match_id: str) -> Any:
    """Take back this phone's last action."""
    version = client.get(f"/api/matches/{match_id}/state").get_json()["version"]
    return post(client, f"/api/matches/{match_id}/undo",
                {"base_version": version, "idempotency_key": f"undo-key-{version}"})  # fmt: skip


def test_the_buys_in_effect_are_recorded_by_the_seat_that_made_them(app: Flask) -> None:
    match_id, ana, ben = start_duel(app)
    assert act(ana, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(ben, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    for chip in (SNEAK, KNOCK):
        assert act(ana, match_id, {"type": "buy", "stack": chip}).status_code == 200, chip
    assert undo(ana, match_id).status_code == 200  # the Knockdown is taken back
    with closing(db.connect(app.config["DATABASE"])) as conn:
        assert club_results.bought(conn, match_id) == {"Ana": [SNEAK]}


def record_strike_matches(app: Flask) -> None:
    """Count 12 Puzzle Strike matches of Ana and Ben with Sneak Attack and Knockdown in the
    bank, buys recorded in the first 10 (Ana won those with n % 3 != 0)."""
    a, b = phone(app), phone(app)
    ana, ben = profile(a, "Ana")["id"], profile(b, "Ben")["id"]
    with closing(db.connect(app.config["DATABASE"])) as conn, db.write_transaction(conn):
        for n in range(12):
            result = Result("puzzle-strike", ((ana,), (ben,)), (1, 2) if n % 3 else (2, 1))
            buys = {ana: [SNEAK], ben: [SNEAK, KNOCK]} if n < 10 else None
            details = {"bank": [SNEAK, KNOCK], **({"buys": buys} if buys else {})}
            club_results.record_locked(conn, f"test:{n}", result, f"2026-01-01T00:{n:02d}:00",
                                       details)  # fmt: skip


def test_the_statistics_page_shows_each_bank_chip_with_its_buys(app: Flask) -> None:
    record_strike_matches(app)
    page = phone(app).get("/club/stats/puzzle-strike").get_data(as_text=True)
    assert "Bank chips" in page and "Sneak Attack" in page and "Knockdown" in page
    # 12 matches with both in the bank, 10 with buys: Ana won 6 of those 10 (n % 3 != 0).
    assert '<td>12</td><td>100 % <span class="small">(72–100 %, n = 10)</span>' in page
    assert '<td>12</td><td>40 % <span class="small">(17–69 %, n = 10)</span>' in page
