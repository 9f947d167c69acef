"""Woken long polls answered by the front with the answers the write made (#29): the same
status, headers and body, byte for byte, as Flask makes anew for the same request, for every
seated viewer and a spectator, in every game, secrets included (double-blind picks, Betrayal's
loyalty cards); anything the front cannot be sure of goes to Flask."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.server import front as fronts
from companion.server.front import Front, call_wsgi, wsgi_environ
from companion.storage import replayed
from companion.storage.db import close_thread_connections
from tests.helpers import CSRF, close_fast_polls, open_room, start_duel, state
from tests.server.test_front import Answer, call, call_post, cookies, posted, scope

MATTERS = ("content-type", "content-length", "etag", "cache-control", "strict-transport-security",
           "content-security-policy", "x-content-type-options", "x-frame-options",
           "referrer-policy", "permissions-policy", "cross-origin-opener-policy", "set-cookie",
           "vary")  # fmt: skip


@pytest.fixture
def app(database: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on each engine in turn (SQLite, PostgreSQL), a fresh database each time."""
    replayed.clear_cache()
    config = {"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"}
    made = create_app(config, instance_path=tmp_path / "instance")
    yield made
    replayed.clear_cache()
    close_fast_polls(made)
    close_thread_connections()


@pytest.fixture
def front(app: Flask) -> Iterator[Front]:
    """The front around the test app, room for every phone's long poll."""
    made = Front(app, threads=4, long_polls=20)
    yield made
    made.executor.shutdown(wait=True)
    made.close()


def poll_of(client: FlaskClient, url: str, host: str = "localhost") -> dict[str, Any]:
    """A phone's long poll of its state as the front gets it (its current ETag held)."""
    etag = client.get(url).headers["ETag"]
    headers = {"Host": host, "If-None-Match": etag, "Cookie": cookies(client)}
    return scope(url, "wait=20", headers)


def viewers(phones: dict[str, FlaskClient], match_id: str) -> dict[str, dict[str, Any]]:
    """Every seated phone's long poll, and a spectator's (through the view link)."""
    first = next(iter(phones.values()))
    token = state(first, match_id)["links"]["view_url"].rsplit("/", 1)[1]
    polls = {name: poll_of(p, f"/api/matches/{match_id}/state") for name, p in phones.items()}
    polls["(spectator)"] = poll_of(first, f"/api/view/{token}/state")
    return polls


def uncached(app: Flask, request: dict[str, Any]) -> Answer:
    """Flask's answer to the same request, made anew (no replayed state, no made answer)."""
    replayed.clear_cache()
    status, raw, body = call_wsgi(app, wsgi_environ(request, b""))
    return status, {k.decode(): v.decode() for k, v in raw}, body


def wake(
    front: Front, polls: dict[str, dict[str, Any]], writer: FlaskClient, match_id: str,
    action: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
) -> tuple[dict[str, Answer], list[str]]:  # fmt: skip
    """Hold every poll, post ``action`` through the front; return the woken answers and the
    paths of the GETs that went to Flask."""
    to_flask: list[str] = []
    through = front.flask

    async def flask(scope: dict[str, Any], *args: Any) -> None:
        if scope["method"] == "GET":
            to_flask.append(scope["path"])
        await through(scope, *args)

    monkeypatch.setattr(front, "flask", flask)
    version = writer.get(f"/api/matches/{match_id}/state").get_json()["version"]
    key = "woken-write-1"
    body = json.dumps({"action": action, "base_version": version, "idempotency_key": key})
    headers = {"Host": "localhost", "Cookie": cookies(writer), "X-CSRF-Token": CSRF,
               "Content-Type": "application/json"}  # fmt: skip

    async def run() -> dict[str, Answer]:
        tasks: dict[str, asyncio.Task[Answer]] = {}
        for name, poll in polls.items():  # one at a time: the gate's 3 threads check each
            tasks[name] = asyncio.create_task(call(front, poll))
            while front.polls.count < len(tasks):
                assert not tasks[name].done(), tasks[name].result()  # answered at once
                await asyncio.sleep(0.01)
        request, receive = posted(f"/api/matches/{match_id}/actions", body.encode(), headers)
        written = await call_post(front, request, receive)
        assert written[0] == 200, written
        return {name: await asyncio.wait_for(t, timeout=10) for name, t in tasks.items()}

    return asyncio.run(run()), to_flask


def same_as_flask(app: Flask, polls: dict[str, dict[str, Any]], got: dict[str, Answer]) -> None:
    """Each viewer's woken answer is byte for byte Flask's answer made anew for them."""
    for name, request in polls.items():
        status, headers, body = got[name]
        fresh = uncached(app, request)
        assert status == fresh[0] == 200, name
        assert body == fresh[2], name
        mine = {k: v for k, v in headers.items() if k in MATTERS}
        assert mine == {k: v for k, v in fresh[1].items() if k in MATTERS}, name
    bodies = [answer[2] for answer in got.values()]
    assert len(set(bodies)) == len(bodies)  # each viewer's own (they all differ here)


def check_game(
    app: Flask, front: Front, phones: dict[str, FlaskClient], match_id: str, writer: str,
    action: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
) -> dict[str, Answer]:  # fmt: skip
    """Wake every viewer with ``action``: seated phones answered by the front, all as Flask."""
    polls = viewers(phones, match_id)
    got, to_flask = wake(front, polls, phones[writer], match_id, action, monkeypatch)
    assert not [p for p in to_flask if p.startswith("/api/matches/")], to_flask
    same_as_flask(app, polls, got)
    return got


def test_a_puzzle_strike_secret_pick_wakes_each_phone_with_its_own_answer(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Double-blind (seed 000, "Choosing characters"): Ana's pick is hers alone until both
    chose; her phone's woken answer shows it, Ben's and the spectator's do not."""
    match_id, a, b = start_duel(app)
    got = check_game(app, front, {"Ana": a, "Ben": b}, match_id, "Ana",
                     {"type": "choose", "character": "grave"}, monkeypatch)  # fmt: skip
    mine = json.loads(got["Ana"][2])["state"]
    assert '"grave"' in json.dumps(mine["characters"]) or "grave" in json.dumps(mine).lower()
    for other in ("Ben", "(spectator)"):
        seen = json.loads(got[other][2])
        assert seen["state"]["characters"].get("Ana") in (None, "", "?"), seen["state"]


def test_a_flash_duel_secret_pick_wakes_each_phone_with_its_own_answer(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flash Duel's double-blind pick (seed 002): only Ana's own phone reads 'midori'."""
    room, _, (a, b) = open_room(app, {"kind": "flash-duel", "mode": "full",
                                      "players": ["Ana", "Ben"]})  # fmt: skip
    got = check_game(app, front, {"Ana": a, "Ben": b}, room, "Ana",
                     {"type": "choose", "character": "midori"}, monkeypatch)  # fmt: skip
    assert json.loads(got["Ana"][2])["state"]["choosing"]["mine"] == "midori"
    for other in ("Ben", "(spectator)"):
        choosing = json.loads(got[other][2])["state"]["choosing"]
        assert choosing["mine"] is None and choosing["chosen"] == ["Ana"]


def test_betrayal_loyalty_cards_stay_each_phone_s_own_through_woken_answers(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Betrayal at the Raid table (seed 002): each seat reads its own loyalty card only; an
    accusation reveals one card to all, the others stay each phone's own."""
    players = ["Ana", "Ben", "Cid", "Dee", "Drake"]
    characters = dict(zip(players[:4], ["grave", "rook", "jaina", "midori"], strict=True))
    room, _, clients = open_room(app, {"kind": "flash-duel", "mode": "betrayal",
                                       "players": players, "characters": characters,
                                       "dragon": "Drake"})  # fmt: skip
    phones = dict(zip(players, clients, strict=True))
    cards = {name: state(p, room)["state"]["loyalty"] for name, p in phones.items()}
    accuser = state(clients[0], room)["state"]["turn"]
    accused = next(p for p in players[:4] if p != accuser)
    got = check_game(app, front, phones, room, accuser,
                     {"type": "accuse", "accused": accused}, monkeypatch)  # fmt: skip
    for name in players:
        assert json.loads(got[name][2])["state"]["loyalty"] == cards[name]
    assert json.loads(got["(spectator)"][2])["state"].get("loyalty") is None


def test_a_shadowfist_write_wakes_each_phone_with_flask_s_answer(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    room, _, (a, b) = open_room(app, {"kind": "shadowfist", "players": ["Ana", "Ben"]})
    check_game(app, front, {"Ana": a, "Ben": b}, room, "Ana",
               {"type": "gain", "player": "Ana", "amount": 5}, monkeypatch)  # fmt: skip


def test_a_phone_at_another_address_gets_its_own_links_from_flask(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The links in a state are built from the address the phone asked at: an answer made
    for the writer's address is not sent to a phone that asked at another."""
    match_id, a, b = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    polls = {"Ben": poll_of(b, url, host="192.168.1.20:8000")}
    got, to_flask = wake(front, polls, a, match_id, {"type": "choose", "character": "grave"},
                         monkeypatch)  # fmt: skip
    assert to_flask == [url]
    links = json.loads(got["Ben"][2])["links"]
    assert links["join_url"].startswith("http://192.168.1.20:8000/join/")
    same_as_flask(app, polls, got)


def test_a_seat_handed_over_meanwhile_sends_the_woken_poll_to_flask(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the seat version moved, the viewer the poll was checked as may no longer hold
    the seat: the front does not answer from what it made (Flask reads the seat anew)."""
    match_id, a, b = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    poll = poll_of(b, url)
    found = front.check.unchanged(fronts.Poll("GET", url, "wait=20", poll_cookie(poll),
                                              poll_etag(poll)))  # fmt: skip
    assert found is not None
    moved = (found.seen[0] + 1, found.seen[1] + 1)
    answer = fronts.woken_answer(poll, poll_etag(poll).encode(), match_id, found.etag,
                                 found.seen, moved, False)  # fmt: skip
    assert answer is None


def poll_cookie(request: dict[str, Any]) -> str:
    """The Cookie header of an ASGI request."""
    return dict(request["headers"])[b"cookie"].decode()


def poll_etag(request: dict[str, Any]) -> str:
    """The If-None-Match header of an ASGI request."""
    return dict(request["headers"])[b"if-none-match"].decode()


def test_a_write_makes_only_the_answers_a_waiting_poll_of_this_process_wants(
    app: Flask, front: Front
) -> None:
    """No phone waits here (it polls another process, or not at all): the write makes no
    answer, which would be work lost."""
    match_id, a, _ = start_duel(app)
    body = json.dumps({"action": {"type": "choose", "character": "grave"}, "base_version": 0,
                       "idempotency_key": "unwatched-1"}).encode()  # fmt: skip
    headers = {"Host": "localhost", "Cookie": cookies(a), "X-CSRF-Token": CSRF,
               "Content-Type": "application/json"}  # fmt: skip
    request, receive = posted(f"/api/matches/{match_id}/actions", body, headers)
    assert asyncio.run(call_post(front, request, receive))[0] == 200
    written = replayed.cached_at(match_id, 1)
    assert written is not None and written.answers == {}
