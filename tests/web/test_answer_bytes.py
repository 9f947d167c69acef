"""A state answer is the compact JSON of its payload, byte for byte (#29): the history's JSON
is made once per version and spliced in, and that must not change one byte of any answer,
names in any script included."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask

from tests.helpers import act, open_room, start_duel


def compact(body: bytes) -> bytes:
    """Return the body read and written again as json.dumps writes the answers."""
    data: dict[str, Any] = json.loads(body)
    return json.dumps(data, separators=(",", ":")).encode()


def test_an_answer_with_history_is_the_payload_s_compact_json(engine_app: Flask) -> None:
    match_id, a, b = start_duel(engine_app)
    for phone, character in ((a, "grave"), (b, "rook")):
        assert act(phone, match_id, {"type": "choose", "character": character}).status_code == 200
    for n in range(3):
        mark = {"type": "stack", "stack": "fixed/wound", "state": "full" if n % 2 else "empty"}
        assert act(a, match_id, mark).status_code == 200
    for phone in (a, b):
        answer = phone.get(f"/api/matches/{match_id}/state")
        assert answer.status_code == 200
        assert len(json.loads(answer.data)["history"]) >= 5
        assert answer.data == compact(answer.data)


def test_an_answer_with_names_beyond_ascii_is_the_payload_s_compact_json(engine_app: Flask) -> None:
    players = ["アナ", "Bén"]
    room, _, (a, b) = open_room(engine_app, {"kind": "flash-duel", "mode": "full",
                                             "players": players})  # fmt: skip
    assert act(a, room, {"type": "choose", "character": "midori"}).status_code == 200
    for phone in (a, b):
        answer = phone.get(f"/api/matches/{room}/state")
        assert "アナ" in json.dumps(json.loads(answer.data)["history"], ensure_ascii=False)
        assert answer.data == compact(answer.data)
