"""Hostile and odd requests: never a 500, nothing stored (defect 9 and the POST fuzz)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import CSRF, act, open_room, phone, post, start_duel, state, stored

DEEP = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
HOSTILE_RAW = [
    DEEP,
    DEEP_OBJECT,
    str(2**70),
    str(-(2**70)),
    str(2**63),
    "-1",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "1e308",
    "3.5",
    '"\\ud800"',
    '"\\udfff x"',
    json.dumps("\x00\x1b[31m\u202e"),
    json.dumps("x" * 5000),
    json.dumps("💥" * 30),
    '""',
    "null",
    "true",
    "[]",
    "{}",
    '[1, "a", null]',
    '{"type": {"type": "ante"}}',
]
"""Values put in place of each field of a good body (as raw JSON text)."""
ALWAYS_REFUSED = {DEEP, DEEP_OBJECT, "NaN", "Infinity", "-Infinity", "1e999", '"\\ud800"'}
ALWAYS_REFUSED.add('"\\udfff x"')


def hostile_bodies(good: dict[str, Any]) -> list[tuple[str, bool]]:
    """Return (raw JSON body, must be refused) for each field of a good body and an extra one."""
    bodies = []
    for key in [*good, "extra"]:
        for raw in HOSTILE_RAW:
            text = json.dumps({**good, key: "__HOSTILE__"}).replace('"__HOSTILE__"', raw)
            bodies.append((text, raw in ALWAYS_REFUSED))
    bodies += [(raw, True) for raw in ("[]", "null", "1", '"x"', DEEP, "{", "\xff")]
    return bodies


def send(client: FlaskClient, url: str, text: str) -> Any:
    """POST raw text as JSON, with the page's CSRF header."""
    headers = {"X-CSRF-Token": CSRF, "Content-Type": "application/json"}
    return client.post(url, data=text.encode("utf-8", "surrogatepass"), headers=headers)


def check_endpoint(app: Flask, client: FlaskClient, url: str, good: dict[str, Any]) -> int:
    """Send every hostile body to one endpoint; return how many were sent."""
    bodies = hostile_bodies(good)
    for text, must_refuse in bodies:
        before = stored(app)
        response = send(client, url, text)
        assert response.status_code < 500, (url, text[:120], response.get_json())
        if response.status_code >= 400 or must_refuse:
            assert 400 <= response.status_code < 500, (url, text[:120])
            assert "error" in response.get_json()
            assert stored(app) == before, (url, text[:120])
    return len(bodies)


def test_every_post_endpoint_survives_hostile_bodies(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    draft, data, (d0, _) = open_room(app, {"kind": "draft", "players": ["Ana", "Ben"]})
    bank = post(a, "/api/banks", {"seed": 1}).get_json()["code"]
    version = state(a, match_id)["version"]
    write = {"base_version": version, "idempotency_key": "fuzz-key-0001"}
    endpoints = [
        (a, "/api/banks", {"sets": ["base-3e"], "seed": 4, "players": 2, "no_attacks": True}),
        (a, f"/api/banks/{bank}/reroll", {"slot": "x", "seed": 3}),
        (phone(app), "/api/matches", {"players": ["Ana", "Ben"], "seat": 0, "mode": "two-player"}),
        (phone(app), "/api/rooms", {"kind": "shadowfist", "players": ["Ana", "Ben"], "seat": 1}),
        (phone(app), "/api/rooms", {"kind": "flash-duel", "players": ["A", "B"], "mode": "simple"}),
        (phone(app), "/api/rooms", {"kind": "draft", "players": ["Ana", "Ben"], "game": "x"}),
        (phone(app), f"/api/join/{data['join_code']}", {"seat": 1}),
        (a, f"/api/matches/{match_id}/actions", {**write, "action": {"type": "choose"}}),
        (a, f"/api/matches/{match_id}/undo", write),
        (a, f"/api/matches/{match_id}/redo", write),
        (d0, f"/api/matches/{draft}/carry", {"recommended": "First Game"}),
        (a, f"/api/matches/{match_id}/seats/1/hand-over", {}),
    ]
    sent = sum(check_endpoint(app, client, url, good) for client, url, good in endpoints)
    assert sent > 1000
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200


@pytest.mark.parametrize("url", ["/api/banks", "/api/matches", "/api/rooms"])
def test_json_nested_5000_deep_is_refused(app: Flask, client: FlaskClient, url: str) -> None:
    before = stored(app)
    response = send(client, url, '{"players": ' + DEEP + "}")
    assert response.status_code == 400 and "not valid JSON" in response.get_json()["error"]
    assert stored(app) == before


@pytest.mark.parametrize("seat", [2**70, -(2**70), 2**63, -1, 2])
def test_huge_or_negative_seats_are_refused_and_nothing_is_stored(app: Flask, seat: int) -> None:
    client = phone(app)
    before = stored(app)
    for url, body in [
        ("/api/matches", {"players": ["Ana", "Ben"]}),
        ("/api/rooms", {"kind": "shadowfist", "players": ["Ana", "Ben"]}),
    ]:
        response = post(client, url, {**body, "seat": seat})
        assert response.status_code in (400, 404), response.get_json()
        assert "seat" in response.get_json()["error"]
    assert stored(app) == before
    made = post(client, "/api/matches", {"players": ["Ana", "Ben"]}).get_json()
    before = stored(app)
    joined = post(client, f"/api/join/{made['join_code']}", {"seat": seat})
    assert joined.status_code in (400, 404) and stored(app) == before


def test_non_latin_names_read_the_table(app: Flask) -> None:
    match_id, a, b = start_duel(app, ("アナ", "Zoe\u0301"))
    for phone_ in (a, b):
        response = phone_.get(f"/api/matches/{match_id}/state")
        assert response.status_code == 200
        etag = response.headers["ETag"]
        assert etag.isascii()  # a header is Latin-1 at most: waitress refused アナ with a 500
        again = phone_.get(f"/api/matches/{match_id}/state", headers={"If-None-Match": etag})
        assert again.status_code == 304
    assert state(b, match_id)["state"]["you"] == "Zo\u00e9"
    page = a.get(f"/m/{match_id}")
    assert page.status_code == 200 and all(v.isascii() for _, v in page.headers.items())


def test_lone_surrogates_are_refused(app: Flask) -> None:
    client = phone(app)
    before = stored(app)
    named = send(client, "/api/matches", '{"players": ["\\ud800", "Ben"]}')
    assert named.status_code == 400 and "surrogate" in named.get_json()["error"]
    match_id, a, _ = start_duel(app)
    before = stored(app)
    body = '{"action": {"type": "ante"}, "base_version": 0, "idempotency_key": "abcdefgh\\ud800"}'
    keyed = send(a, f"/api/matches/{match_id}/actions", body)
    assert keyed.status_code == 400 and stored(app) == before
