"""A PostgreSQL server that stops answering (frozen with SIGSTOP: its sockets stay open, no
byte comes back) freezes no request that does not need it: static files are served, /healthz
says 503, and what needs the database is a 503 that says so instead of a hang (#28, item 2).

Served as ``companion serve`` serves (uvicorn, the front, Flask in threads) on the session's
throwaway cluster; the cluster is thawed when each test ends.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.server.gate import GATE_THREADS
from tests.conftest import served
from tests.helpers import CSRF, start_duel
from tests.pg import Cluster

pytestmark = pytest.mark.postgresql

ANSWER_WITHIN = 8.0
"""A client's patience: the frozen database lasts longer, so an answer is no hang."""


@pytest.fixture
def pg_app(pg_database: str, tmp_path: Path) -> Iterator[Flask]:
    """An app on a PostgreSQL database of its own, as ``companion serve`` builds it."""
    from companion import create_app

    config = {"TESTING": True, "DATABASE": pg_database, "SECRET_KEY": "t",
              "HOSTING_FAST_POLLS": False}  # fmt: skip
    yield create_app(config, instance_path=tmp_path / "instance")


def fetch(url: str, headers: dict[str, str] | None = None, body: object = None) -> tuple[int, str]:
    """GET (or POST JSON) and return the status and the body; the client waits at most
    ANSWER_WITHIN seconds (a timeout fails the test: the server hung)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=ANSWER_WITHIN) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        with err:
            return err.code, err.read().decode()


def seated_poll(app: Flask) -> tuple[str, str, dict[str, str]]:
    """A match with both seats taken; return its id, its state URL path and the headers of
    phone A's conditional GET (its ETag and cookies)."""
    match_id, a, _ = start_duel(app)
    path = f"/api/matches/{match_id}/state"
    etag = a.get(path).headers["ETag"]
    cookies = "; ".join(f"{c.key}={c.value}" for c in (a._cookies or {}).values())
    return match_id, path, {"If-None-Match": etag, "Cookie": cookies, "X-CSRF-Token": CSRF}


def test_while_the_database_is_frozen_static_files_answer_and_the_rest_says_503(
    pg_app: Flask, pg_cluster: Cluster
) -> None:
    match_id, path, headers = seated_poll(pg_app)
    with served(pg_app) as base:
        assert fetch(base + path, headers)[0] == 304
        with pg_cluster.frozen():
            waiting: list[tuple[int, str]] = []
            polls = [threading.Thread(target=lambda: waiting.append(fetch(base + path, headers)))
                     for _ in range(GATE_THREADS)]  # fmt: skip
            for poll in polls:  # polls that need the frozen database, first
                poll.start()
            assert fetch(base + "/static/app.css")[0] == 200
            cached = fetch(base + "/static/app.css", {"If-None-Match": '"an-old-etag"'})
            assert cached[0] == 200  # a browser's conditional GET of a file is no poll
            health = fetch(base + "/healthz")
            assert health[0] == 503, health
            assert "does not answer" in json.loads(health[1])["error"]
            for poll in polls:
                poll.join(ANSWER_WITHIN + 1)
            assert [status for status, _ in waiting] == [503] * GATE_THREADS, waiting
            assert "does not answer" in json.loads(waiting[0][1])["error"]
            body = {"action": {"type": "choose", "character": "grave"}, "base_version": 0,
                    "idempotency_key": "frozen-write-1"}  # fmt: skip
            write = fetch(f"{base}/api/matches/{match_id}/actions", headers, body)
            assert write[0] == 503, write
            assert "database" in json.loads(write[1])["error"]
        assert fetch(base + "/healthz")[0] == 200  # thawed: answering again
        assert fetch(base + path, headers)[0] in (200, 304)
