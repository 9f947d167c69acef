"""Puzzle Strike tables through the API: what the store refuses and what phones read."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import act, post, start_duel

ISSUE_9 = pytest.mark.xfail(
    strict=True,
    reason="issue 9: needs the store to refuse undoing a final action (contract is_final)",
)


def undo(client: FlaskClient, match_id: str) -> Any:
    """Ask for an undo based on the phone's latest version."""
    version = client.get(f"/api/matches/{match_id}/state").get_json()["version"]
    body = {"base_version": version, "idempotency_key": f"undo-key-{version}"}
    return post(client, f"/api/matches/{match_id}/undo", body)


def state_of(client: FlaskClient, match_id: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/matches/{match_id}/state").get_json()
    return data


def test_a_secret_choice_may_be_undone_before_the_reveal(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert undo(a, match_id).status_code == 200
    assert state_of(a, match_id)["state"]["characters"]["Ana"] is None


def test_the_reveal_cannot_be_undone(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "grave"})
    refused = undo(b, match_id)
    assert refused.status_code in (409, 422), refused.get_json()
    assert "final" in refused.get_json()["error"]
    assert state_of(a, match_id)["state"]["characters"] == {"Ana": "Rook", "Ben": "Grave"}
    # Later actions can still be undone, down to the reveal.
    act(a, match_id, {"type": "ante"})
    assert undo(a, match_id).status_code == 200
    assert undo(a, match_id).status_code in (409, 422)


def test_the_coin_flip_cannot_be_flipped_again(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "rook"})
    flipped = state_of(a, match_id)["state"]
    assert flipped["rechoose"] in ("Ana", "Ben")
    refused = undo(a, match_id)
    assert refused.status_code in (409, 422)
    assert state_of(b, match_id)["state"]["rechoose"] == flipped["rechoose"]


def test_a_restart_of_the_character_choice_needs_every_seat(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "grave"})
    assert act(a, match_id, {"type": "restart_choice"}).status_code == 200
    seen = state_of(b, match_id)["state"]
    assert seen["phase"] == "playing" and seen["restart_votes"] == ["Ana"]
    assert act(b, match_id, {"type": "restart_choice"}).status_code == 200
    seen = state_of(b, match_id)["state"]
    assert seen["phase"] == "choosing"
    assert seen["characters"] == {"Ana": None, "Ben": None}
    assert state_of(b, match_id)["history"][-1]["text"] == (
        "Ben agreed to choose characters again: everyone chooses again"
    )


def test_each_phone_is_told_why_it_cannot_undo(app: Flask, client: FlaskClient) -> None:
    # The state says why a greyed-out Undo is off: nothing yet, another seat's action,
    # a final one (the double-blind reveal); a phone that may undo gets no reason.
    match_id, a, b = start_duel(app)
    assert state_of(a, match_id)["undo_why"] == {
        "why": "nothing",
        "text": "there is nothing to undo",
    }
    act(a, match_id, {"type": "choose", "character": "rook"})
    assert state_of(a, match_id)["undo_why"] is None
    other = state_of(b, match_id)["undo_why"]
    assert other["why"] == "other_seat" and other["actor"] == "Ana"
    assert other["text"].startswith("only Ana's phone can take back")
    act(b, match_id, {"type": "choose", "character": "grave"})
    final = state_of(b, match_id)["undo_why"]
    assert final["why"] == "final" and "is final" in final["text"]
    assert final["line"] == state_of(b, match_id)["history"][-1]["text"]
    assert final["said"] == state_of(b, match_id)["history"][-1]
    watching = client.get(f"/api/matches/{match_id}/state").get_json()
    assert watching["undo_why"]["why"] == "spectator"
