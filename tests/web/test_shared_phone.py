"""A shared phone at a casual table (#27 item 2, pass-and-play): a seated phone may take
another free seat too, and names the seat it acts as in ``X-Seat``; each seat's state (its
own secret choice) is read only as that seat. A tournament table keeps one seat a phone."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import CSRF, phone, post, seat_link
from tests.web.test_table_authority import tournament_table


def as_seat(client: FlaskClient, match_id: str, seat: int | None) -> dict[str, Any]:
    """Read the match as one seat this phone holds (None: its own first seat)."""
    headers = {} if seat is None else {"X-Seat": str(seat)}
    data: dict[str, Any] = client.get(f"/api/matches/{match_id}/state", headers=headers).json
    return data


def act_as(client: FlaskClient, match_id: str, seat: int, action: dict[str, Any]) -> Any:
    """Post an action as one seat this phone holds."""
    version = as_seat(client, match_id, seat)["version"]
    body = {"action": action, "base_version": version, "idempotency_key": uuid.uuid4().hex}
    headers = {"X-CSRF-Token": CSRF, "X-Seat": str(seat)}
    return client.post(f"/api/matches/{match_id}/actions", json=body, headers=headers)


def test_one_phone_holds_both_seats_and_keeps_each_secret_to_its_seat(app: Flask) -> None:
    shared = phone(app)
    made = post(shared, "/api/matches", {"players": ["Ana", "Ben"], "seat": 0}).get_json()
    match_id, code = made["match_id"], made["join_code"]
    taken = post(shared, f"/api/join/{code}", {"seat": 1, "shared": True})
    assert taken.status_code == 200 and taken.get_json()["you"] == "Ben"
    assert as_seat(shared, match_id, None)["state"]["you"] == "Ana"
    assert as_seat(shared, match_id, 1)["state"]["you"] == "Ben"
    assert act_as(shared, match_id, 0, {"type": "choose", "character": "grave"}).status_code == 200
    ben = as_seat(shared, match_id, 1)["state"]
    assert ben["characters"]["Ana"] is None  # Ana's secret pick is not Ben's to see
    assert act_as(shared, match_id, 1, {"type": "choose", "character": "rook"}).status_code == 200
    history = as_seat(shared, match_id, None)["history"]
    assert any(line["text"].startswith("Ben chose") for line in history)  # Ben's own choice


def test_a_tournament_table_keeps_one_seat_a_phone(app: Flask, client: FlaskClient) -> None:
    _, _, table = tournament_table(client)
    mine = phone(app)
    _, code, own_seat, own_claim = seat_link(table["seat_urls"][0])
    own = {"seat": own_seat, "claim": own_claim}
    assert post(mine, f"/api/join/{code}", own).status_code == 200
    _, _, other_seat, other_claim = seat_link(table["seat_urls"][1])
    body = {"seat": other_seat, "claim": other_claim, "shared": True}
    refused = post(mine, f"/api/join/{code}", body)
    assert refused.status_code == 403
    assert "each phone holds its own seat" in refused.get_json()["error"]
