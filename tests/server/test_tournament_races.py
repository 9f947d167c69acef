"""Tournament steps under ``companion serve --workers 2``: each is one transaction that holds
across processes (issue #17, items 6 and 7).

- two "start round" requests at once open one round and exactly its matches (no orphans);
- an organiser's correction answered 200 is never replaced by the table's result read by
  another process at the same moment.
"""

from __future__ import annotations

import functools
import http.cookiejar
import json
import sqlite3
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import seat_link
from tests.storage.test_durability import free_port
from tests.storage.test_multiprocess import start_workers, stop

pytestmark = pytest.mark.slow
PLAYERS = [f"P{n}" for n in range(1, 17)]


class Client:
    """A phone or the organiser's laptop, with its own cookies and headers."""

    def __init__(self, base: str, headers: dict[str, str] | None = None) -> None:
        self.base = base
        self.headers = headers or {}
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Send one request; return (status, JSON answer)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        csrf = next((c.value for c in self.jar if c.name == "csrf"), "") or ""
        request.add_header("X-CSRF-Token", csrf)
        for name, value in self.headers.items():
            request.add_header(name, value)
        try:
            with self.opener.open(request, timeout=20) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw[:1] in b"{[" else raw
        except urllib.error.HTTPError as err:
            with err:
                return err.code, json.loads(err.read() or b"{}")


def take_seat(base: str, seat_url: str) -> tuple[Client, str]:
    """Take a seat from its slip link (with the seat's own code); return the phone and match."""
    phone = Client(base)
    page, code, seat, claim = seat_link(seat_url)
    assert phone.call("GET", page)[0] == 200
    status, joined = phone.call("POST", f"/api/join/{code}", {"seat": seat, "claim": claim})
    assert status == 200, joined
    return phone, str(joined["match_id"])


def act(phone: Client, match_id: str, action: dict[str, Any]) -> None:
    """Post an action at the table's current version; it must be accepted."""
    status, state = phone.call("GET", f"/api/matches/{match_id}/state")
    assert status == 200, state
    status, answer = phone.call(
        "POST",
        f"/api/matches/{match_id}/actions",
        {"base_version": state["version"], "idempotency_key": f"k-{id(action)}-{state['version']}",
         "action": action},
    )  # fmt: skip
    assert status == 200, answer


def finish_table(base: str, table: dict[str, Any]) -> None:
    """Seat both players and play the match to a 0-2 finish (seat a overflows twice)."""
    (a, match_id), (b, _) = (take_seat(base, url) for url in table["seat_urls"])
    act(a, match_id, {"type": "choose", "character": "grave"})
    act(b, match_id, {"type": "choose", "character": "rook"})
    name_a = table["a"]["name"]
    for game in range(2):
        for value in (4, 4, 2):
            act(a, match_id, {"type": "add_gem", "player": name_a, "value": value})
        act(a, match_id, {"type": "ante"})
        act(a, match_id, {"type": "end_turn"})
        if game == 0:
            act(a, match_id, {"type": "losers_choice", "option": "keep"})


def at_once(calls: list[Any]) -> list[Any]:
    """Run calls in threads released together; return their answers in order."""
    gate = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(n: int) -> None:
        gate.wait()
        answers[n] = calls[n]()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def new_tournament(base: str) -> tuple[Client, str]:
    """Create a Puzzle Strike tournament of 16 players; return the organiser and its id."""
    status, made = Client(base).call(
        "POST", "/api/tournaments", {"name": "Race night", "players": PLAYERS, "seed": 7}
    )
    assert status == 201, made
    token = made["organiser_url"].rsplit("/", 1)[1]
    return Client(base, {"X-Organiser-Token": token}), str(made["tournament_id"])


@pytest.fixture
def server(tmp_path: Path) -> Any:
    """``companion serve --workers 2`` on a fresh database."""
    port = free_port()
    process = start_workers(tmp_path / "t.db", port, 2)
    try:
        yield f"http://127.0.0.1:{port}", tmp_path / "t.db"
    finally:
        stop(process)


def test_two_round_starts_at_once_open_one_round_and_no_orphan_match(server: Any) -> None:
    base, path = server
    for attempt in range(5):
        organiser, tid = new_tournament(base)
        start = functools.partial(organiser.call, "POST", f"/api/tournaments/{tid}/rounds",
                                  {"round": 1})  # fmt: skip
        answers = at_once([start, start])
        assert sorted(status for status, _ in answers) == [201, 409], answers
        with sqlite3.connect(path) as conn:
            tables = conn.execute(
                "select count(*) from tournament_tables where tournament_id = ?", (tid,)
            ).fetchone()[0]
            made = conn.execute("select count(*) from matches").fetchone()[0]
        assert tables == 8
        assert made == 8 * (attempt + 1), "a refused round start left matches behind"


def test_an_organisers_correction_is_never_replaced_by_the_tables_result(server: Any) -> None:
    base, _ = server
    organiser, tid = new_tournament(base)
    assert organiser.call("POST", f"/api/tournaments/{tid}/rounds", {"round": 1})[0] == 201
    tables = organiser.call("GET", f"/api/tournaments/{tid}")[1]["rounds"][0]["tables"]
    for table in tables:
        finish_table(base, table)
    readers = [Client(base) for _ in range(6)]
    corrections = [
        lambda n=t["table"]: organiser.call(
            "POST", f"/api/tournaments/{tid}/rounds/1/tables/{n}/result",
            {"wins_a": 2, "wins_b": 1, "draws": 0},
        )
        for t in tables
    ]  # fmt: skip
    reads = [lambda r=r: r.call("GET", f"/api/tournaments/{tid}") for r in readers for _ in "ab"]
    answers = at_once(corrections + reads)
    assert all(status == 200 for status, _ in answers), answers
    final = organiser.call("GET", f"/api/tournaments/{tid}")[1]["rounds"][0]["tables"]
    kept = [(t["table"], t["result"], t["source"]) for t in final]
    assert all(
        result == {"wins_a": 2, "wins_b": 1, "draws": 0} and source == "organiser"
        for _, result, source in kept
    ), kept
