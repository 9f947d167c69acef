"""A retried idempotency key is answered with one lookup: each write's short answer is kept
with its event, so an old key no longer replays the log up to it (#28 item 11: 0.12-0.19 s
for a long table). On both engines (tests/storage/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.storage import matches as store
from tests.conftest import act, post, start_duel


def test_an_old_key_gets_its_first_answer_without_a_replay(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, a, b = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    version = a.get(f"/api/matches/{match_id}/state").get_json()["version"]
    body = {"action": {"type": "add_gem", "player": "Ben", "value": 1}, "base_version": version,
            "idempotency_key": "old-key-1234"}  # fmt: skip
    first = post(a, f"/api/matches/{match_id}/actions", body)
    assert first.status_code == 200, first.get_json()
    for _ in range(3):  # the table moves on
        assert act(b, match_id, {"type": "add_gem", "player": "Ana", "value": 1}).status_code == 200

    def no_replay(*args: Any) -> Any:
        raise AssertionError("a retry replayed the log")

    monkeypatch.setattr(store, "replay_at", no_replay)
    retried = post(a, f"/api/matches/{match_id}/actions", body)
    assert retried.status_code == 200, retried.get_json()
    assert retried.get_json() == first.get_json()
