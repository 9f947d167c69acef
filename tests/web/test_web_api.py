"""The companion's JSON API and pages, through Flask's test client."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import CSRF, act, phone, post, start_duel


def state(client: FlaskClient, match_id: str) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/state")
    assert response.status_code == 200
    data: dict[str, Any] = response.get_json()
    return data


def choose_both(match_id: str, a: FlaskClient, b: FlaskClient) -> None:
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json() == {"ok": True}


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/bank",
        "/bank/1209E2TS7",
        "/manifest.webmanifest",
        "/sw.js",
        "/icon-192.png",
        "/icon-512.png",
        "/qr.svg?text=http%3A%2F%2Fexample.test%2Fjoin%2Fabc",
        "/static/app.css",
    ],
)
def test_pages_and_security_headers(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    response.close()
    assert response.status_code == 200, path
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_pages_set_a_csrf_cookie(app: Flask) -> None:
    fresh = app.test_client()
    fresh.get("/")
    assert fresh.get_cookie("csrf") is not None


def test_secret_key_is_created_private(tmp_path: Path) -> None:
    from companion import create_app

    app = create_app({"DATABASE": str(tmp_path / "x.sqlite3")}, instance_path=tmp_path / "inst")
    key_file = Path(app.instance_path) / "secret_key"
    assert key_file.parent == tmp_path / "inst"
    assert key_file.exists()
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    assert app.config["SECRET_KEY"] == key_file.read_text().strip()
    assert not app.debug


def test_bank_endpoints(client: FlaskClient) -> None:
    drawn = post(
        client, "/api/banks", {"sets": ["base-3e", "shadows"], "seed": 7, "no_attacks": True}
    )
    assert drawn.status_code == 200
    bank = drawn.get_json()
    assert len(bank["stacks"]) == 10 and not any(s["attack"] for s in bank["stacks"])
    assert bank["valid_banks"] > 1_000_000
    assert bank["panic"] == "2 players: Panic at 2 empty stacks, Danger at 3, Deadly at 4"
    assert bank["stacks"][0]["icons"] is not None
    again = client.get(f"/api/banks/{bank['code']}").get_json()
    assert [s["key"] for s in again["stacks"]] == [s["key"] for s in bank["stacks"]]
    slot = bank["stacks"][0]["key"]
    rerolled = post(
        client, f"/api/banks/{bank['code']}/reroll", {"slot": slot, "seed": 3, "no_attacks": True}
    )
    assert rerolled.status_code == 200
    keys = [s["key"] for s in rerolled.get_json()["stacks"]]
    assert slot not in keys and len(set(keys) & {s["key"] for s in bank["stacks"]}) == 9
    recs = client.get("/api/banks/recommended/shadows").get_json()
    assert [r["name"] for r in recs][:2] == ["First Game", "Fists of Frenzy"]
    pdf = client.get(f"/bank/{bank['code']}.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_match_from_choice_to_crash_with_undo_and_redo(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    # Ana's choice is hers alone until Ben has chosen too.
    assert state(b, match_id)["state"]["characters"]["Ana"] is None
    assert state(a, match_id)["state"]["characters"]["Ana"] == "Grave"
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    seen = state(b, match_id)["state"]
    assert seen["characters"] == {"Ana": "Grave", "Ben": "Rook"}
    assert seen["phase"] == "playing" and seen["table"]["turn"] == "Ana"
    for action in ({"type": "add_gem", "player": "Ana", "value": 3}, {"type": "ante"}):
        assert act(a, match_id, action).status_code == 200
    crashed = act(a, match_id, {"type": "crash", "gems": [3]})
    assert crashed.status_code == 200
    assert crashed.get_json()["line"] == "Ana crashed a 3-gem at Ben"
    data = state(b, match_id)
    assert data["history"][-1]["text"] == "Ana crashed a 3-gem at Ben"
    assert data["state"]["table"]["pending"]["ones"] == 3
    assert data["state"]["table"]["can_counter"] == ["Ben"]
    theirs = post(  # the crash is Ana's: Ben's phone cannot take it back
        b,
        f"/api/matches/{match_id}/undo",
        {"base_version": data["version"], "idempotency_key": "undo-key-0"},
    )
    assert theirs.status_code == 409 and "only Ana's phone" in theirs.get_json()["error"]
    assert data["undo"] is None
    assert state(a, match_id)["undo"]["line"] == data["history"][-1]["text"]
    undone = post(
        a,
        f"/api/matches/{match_id}/undo",
        {"base_version": data["version"], "idempotency_key": "undo-key-1"},
    )
    assert undone.status_code == 200
    assert undone.get_json()["line"] == "Ana undid: Ana crashed a 3-gem at Ben"
    assert undone.get_json()["can_redo"] is True
    assert state(b, match_id)["history"][-1]["text"] == "Ana undid: Ana crashed a 3-gem at Ben"
    assert state(a, match_id)["state"]["table"]["pending"] is None
    redone = post(
        a,
        f"/api/matches/{match_id}/redo",
        {"base_version": undone.get_json()["version"], "idempotency_key": "redo-key-1"},
    )
    assert redone.status_code == 200
    assert state(b, match_id)["state"]["table"]["pending"]["target"] == "Ben"
    assert act(b, match_id, {"type": "land"}).status_code == 200
    piles = {p["owner"]: p for p in state(a, match_id)["state"]["table"]["piles"]}
    assert piles["Ben"]["gems"] == [1, 1, 1] and piles["Ben"]["bonus"] == 1


def test_panic_banner_data_when_stacks_empty(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    choose_both(match_id, a, b)
    stacks = [s["key"] for s in state(a, match_id)["state"]["stacks"]]
    act(a, match_id, {"type": "stack", "stack": stacks[9], "state": "empty"})
    assert state(b, match_id)["state"]["panic"]["ante"] == 1
    act(b, match_id, {"type": "stack", "stack": stacks[12], "state": "removed"})  # Into Oblivion
    panic = state(b, match_id)["state"]["panic"]
    assert panic == {"level": "Panic Time", "ante": 2}
    act(a, match_id, {"type": "stack", "stack": stacks[9], "state": "full"})
    assert state(a, match_id)["state"]["panic"]["ante"] == 2  # never goes back
    act(a, match_id, {"type": "ante"})
    pile = state(a, match_id)["state"]["table"]["piles"][0]
    assert pile["gems"] == [2]


def test_whole_match_best_two_of_three_with_losers_choice(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    choose_both(match_id, a, b)
    for _ in range(2):  # Ana ends a turn at 10: Ben wins game 1
        act(a, match_id, {"type": "add_gem", "player": "Ana", "value": 4})
    act(a, match_id, {"type": "add_gem", "player": "Ana", "value": 2})
    assert act(a, match_id, {"type": "ante"}).status_code == 200
    assert act(a, match_id, {"type": "end_turn"}).status_code == 200
    s = state(a, match_id)["state"]
    assert s["phase"] == "between" and s["match"]["awaiting_choice"] == ["Ana"]
    refused = act(b, match_id, {"type": "losers_choice", "option": "keep"})
    assert (
        refused.status_code == 422
        and "Ben has no choice to make now" in refused.get_json()["error"]
    )
    bank = [x["key"] for x in s["stacks"] if not x["key"].startswith("fixed/")]
    into = next(x["key"] for x in s["pool"] if x["key"] not in bank)
    assert (
        act(
            a, match_id, {"type": "losers_choice", "option": "swap", "out": bank[0], "into": into}
        ).status_code
        == 200
    )
    s = state(a, match_id)["state"]
    assert s["phase"] == "playing" and s["game_no"] == 2 and s["table"]["turn"] == "Ana"
    assert into in [x["key"] for x in s["stacks"]]
    for _ in range(2):  # game 2: Ana overflows again: Ben wins the match 2-0
        act(a, match_id, {"type": "add_gem", "player": "Ana", "value": 4})
    act(a, match_id, {"type": "add_gem", "player": "Ana", "value": 3})
    act(a, match_id, {"type": "ante"})
    act(a, match_id, {"type": "end_turn"})
    s = state(b, match_id)["state"]
    assert s["phase"] == "over" and s["match"]["winner"] == "Ben"
    assert s["match"]["score"] == {"Ana": 0, "Ben": 2}


def test_stale_write_gets_409_with_the_current_state(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    choose_both(match_id, a, b)
    old = state(a, match_id)["version"]
    assert act(b, match_id, {"type": "add_gem", "player": "Ben", "value": 1}).status_code == 200
    stale = post(
        a,
        f"/api/matches/{match_id}/actions",
        {
            "action": {"type": "ante"},
            "base_version": old,
            "idempotency_key": "stale-key-1",
        },
    )
    assert stale.status_code == 409
    assert stale.get_json()["current"]["version"] == old + 1


def test_a_retried_write_is_applied_once(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    choose_both(match_id, a, b)
    version = state(a, match_id)["version"]
    body = {
        "action": {"type": "add_gem", "player": "Ben", "value": 1},
        "base_version": version,
        "idempotency_key": "same-key-123",
    }
    first = post(a, f"/api/matches/{match_id}/actions", body)
    second = post(a, f"/api/matches/{match_id}/actions", body)
    assert first.status_code == second.status_code == 200
    assert first.get_json()["version"] == second.get_json()["version"] == version + 1
    assert state(a, match_id)["state"]["table"]["piles"][1]["gems"] == [1]


def test_spectators_and_strangers_cannot_write(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    made = state(a, match_id)
    view_url = made["links"]["view_url"]
    stranger = phone(app)
    refused = act(stranger, match_id, {"type": "choose", "character": "lum"})
    assert refused.status_code == 403
    token = view_url.rsplit("/", 1)[1]
    spectator = stranger.get(f"/api/view/{token}/state").get_json()
    assert "links" not in spectator  # a spectator never gets the join link
    assert stranger.post(f"/api/view/{token}/state", json={}).status_code == 405
    assert spectator["state"]["you"] is None


def test_csrf_header_is_required_from_a_seated_phone(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    body = {
        "action": {"type": "choose", "character": "lum"},
        "base_version": 0,
        "idempotency_key": "csrf-key-1",
    }
    refused = post(a, f"/api/matches/{match_id}/actions", body, csrf=False)
    assert refused.status_code == 403 and "X-CSRF-Token" in refused.get_json()["error"]


def test_conditional_get_answers_304(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    first = a.get(f"/api/matches/{match_id}/state")
    etag = first.headers["ETag"]
    again = a.get(f"/api/matches/{match_id}/state", headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_a_taken_seat_cannot_be_taken_again(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    join_code = state(a, match_id)["links"]["join_url"].rsplit("/", 1)[1]
    third = phone(app)
    refused = post(third, f"/api/join/{join_code}", {"seat": 1})
    assert refused.status_code == 409 and "already taken" in refused.get_json()["error"]


def test_ids_and_tokens_are_long_enough(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    links = state(a, match_id)["links"]
    for token in (
        match_id,
        links["join_url"].rsplit("/", 1)[1],
        links["view_url"].rsplit("/", 1)[1],
    ):
        assert len(token) >= 22  # 16 random bytes, URL-safe base 64: 128 bits
    cookie = a.get_cookie(f"seat_{match_id}")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Strict"


BAD = [
    ("get", "/api/matches/nope/state", None, 404, "no such match"),
    ("get", "/api/view/nope/state", None, 404, "no such match"),
    ("get", "/api/join/nope", None, 404, "no such match"),
    ("get", "/api/banks/ZZZZ", None, 404, "not a version-1 code"),
    ("get", "/api/banks/recommended/base-9e", None, 404, "no Puzzle Strike set"),
    ("get", "/api/nothing-here", None, 404, "not found"),
    ("post", "/api/banks", {"sets": "base-3e"}, 400, "'sets' must be a list"),
    ("post", "/api/banks", {"seed": -4}, 400, "'seed' must be a whole number"),
    ("post", "/api/banks", {"players": 5}, 400, "'players' must be 2, 3, 4"),
    ("post", "/api/banks", {"min_attacks": 11}, 422, "--min-attacks must be between 0 and 10"),
    ("post", "/api/banks", {"pin": ["Nothing Like It"]}, 422, "no puzzle chip 'Nothing Like It'"),
    ("post", "/api/banks", {"cost_bands": [[5]]}, 422, "'cost_bands' must be a list"),
    ("post", "/api/matches", {"players": ["Solo"]}, 400, "'players' must list 2 to 4 names, not 1"),
    (
        "post",
        "/api/matches",
        {"players": ["A", "B", "C"], "mode": "team-battle"},
        422,
        "team-battle is for 4 players, not 3",
    ),
    ("post", "/api/matches", {"players": "Ana"}, 400, "'players' must list"),
    (
        "post",
        "/api/matches",
        {"players": ["A", "B"], "mode": "chess"},
        400,
        "'mode' must be one of",
    ),
    ("post", "/api/matches", {"players": ["A", "B"], "sets": ["base-9e"]}, 422, "unknown set"),
    ("post", "/api/matches", {"players": ["A", "A"]}, 400, "different names"),
    ("post", "/api/matches", {"players": ["A", "B"], "bank_code": "1ZZZZ"}, 422, "bank code"),
    ("post", "/api/matches", {"players": ["A" * 40, "B"]}, 400, "1 to 24 characters"),
    ("post", "/api/matches", [1, 2], 400, "must be a JSON object"),
]


@pytest.mark.parametrize(("method", "url", "body", "status", "message"), BAD)
def test_bad_inputs(
    client: FlaskClient, method: str, url: str, body: Any, status: int, message: str
) -> None:
    response = client.get(url) if method == "get" else post(client, url, body)
    assert response.status_code == status, response.get_json()
    assert message in response.get_json()["error"]


# A badly shaped action is refused by the parser (400); the rules refuse the others (422).
ACTION_ERRORS = [
    ({"type": "fly"}, 400, "unknown action 'fly'"),
    ({"type": "combine", "a": 3, "b": 2}, 422, "the total 5 is over 4"),
    ({"type": "crash", "gems": [9]}, 400, "'gem' must be a whole number from 1 to 4"),
    ({"type": "crash", "gems": []}, 400, "'gems' must list 1 or 2"),
    ({"type": "counter", "gems": [1]}, 422, "no send to counter-crash"),
    ({"type": "stack", "stack": "x", "state": "empty"}, 422, "'stack' must be one of"),
    ({"type": "add_gem", "player": "Zed", "value": 1}, 422, "'player' must be one of"),
    ({"type": "losers_choice", "option": "keep"}, 422, "between games"),
    ({"type": "choose", "character": "lum"}, 422, "chosen at the start"),
]


@pytest.mark.parametrize(("action", "status", "message"), ACTION_ERRORS)
def test_bad_actions(app: Flask, action: dict[str, Any], status: int, message: str) -> None:
    match_id, a, b = start_duel(app)
    choose_both(match_id, a, b)
    response = act(a, match_id, action)
    assert response.status_code == status
    assert message in response.get_json()["error"]


def test_bad_write_envelopes(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    url = f"/api/matches/{match_id}/actions"
    assert (
        post(a, url, {"action": {"type": "ante"}, "idempotency_key": "abcdefgh"}).status_code == 400
    )
    assert (
        post(
            a, url, {"action": {"type": "ante"}, "base_version": 0, "idempotency_key": "x"}
        ).status_code
        == 400
    )
    assert (
        post(
            a, url, {"action": "ante", "base_version": 0, "idempotency_key": "abcdefgh"}
        ).status_code
        == 400
    )
    assert a.post(url, data="not json", headers={"X-CSRF-Token": CSRF}).status_code == 415
    big = {
        "action": {"type": "ante", "pad": "x" * 40_000},
        "base_version": 0,
        "idempotency_key": "abcdefgh",
    }
    too_big = post(a, url, big)
    assert too_big.status_code == 413 and "too large" in too_big.get_json()["error"]
    nothing = post(
        a, f"/api/matches/{match_id}/undo", {"base_version": 0, "idempotency_key": "undo-nothing"}
    )
    assert nothing.status_code == 409 and "nothing to undo" in nothing.get_json()["error"]


def test_user_text_is_escaped(app: Flask) -> None:
    a = phone(app)
    made = post(a, "/api/matches", {"players": ["<script>x</script>", "Ben"], "seat": 0})
    join_code = made.get_json()["join_code"]
    page = a.get(f"/join/{join_code}").data.decode()
    assert "<script>x</script>" not in page
    svg = a.get("/qr.svg?text=%3Cb%3E").data.decode()
    assert "<b>" not in svg and "&lt;b&gt;" in svg


def test_a_new_player_shows_up_without_an_action(app: Flask) -> None:
    a = phone(app)
    made = post(a, "/api/matches", {"players": ["Ana", "Ben"], "seat": 0}).get_json()
    url = f"/api/matches/{made['match_id']}/state"
    first = a.get(url)
    assert [s["taken"] for s in first.get_json()["seats"]] == [True, False]
    post(phone(app), f"/api/join/{made['join_code']}", {"seat": 1})
    again = a.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert [s["taken"] for s in again.get_json()["seats"]] == [True, True]


def test_a_retry_after_newer_versions_gets_the_original_answer(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    choose_both(match_id, a, b)
    version = state(a, match_id)["version"]
    body = {
        "action": {"type": "add_gem", "player": "Ben", "value": 1},
        "base_version": version,
        "idempotency_key": "retry-key-1234",
    }
    first = post(a, f"/api/matches/{match_id}/actions", body)
    assert first.status_code == 200
    act(b, match_id, {"type": "add_gem", "player": "Ana", "value": 2})  # the table moves on
    act(a, match_id, {"type": "ante"})
    retried = post(a, f"/api/matches/{match_id}/actions", body)
    assert retried.status_code == 200, retried.get_json()
    assert retried.get_json() == first.get_json()
    assert first.get_json()["line"] == "Ana put a 1-gem in Ben's pile"
    assert state(a, match_id)["state"]["table"]["piles"][1]["gems"] == [1]  # applied once
    undo = {"base_version": version + 3, "idempotency_key": "retry-undo-1"}
    undone = post(a, f"/api/matches/{match_id}/undo", undo)  # Ana's ante
    assert undone.status_code == 200, undone.get_json()
    act(b, match_id, {"type": "add_gem", "player": "Ana", "value": 1})
    assert post(a, f"/api/matches/{match_id}/undo", undo).get_json() == undone.get_json()
