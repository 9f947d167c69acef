"""Hosting: behind a proxy (ProxyFix), the public address (--base-url), HSTS, and limits."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import create_app
from companion.game.tournament.model import MAX_PLAYERS
from companion.storage.db import close_thread_connections
from companion.storage.matches import clear_cache
from companion.web.hosting import DEFAULT_LIMITS, BaseUrlError, Limiter, Rate, public_address
from tests.conftest import CSRF, phone, post
from tests.storage.test_durability import Phone, free_port

FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org"}


def make_app(tmp_path: Path, **config: Any) -> Flask:
    """An app with a fresh database and the given hosting settings."""
    clear_cache()
    close_thread_connections()
    settings = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "SECRET_KEY": "t"}
    return create_app({**settings, **config})


def new_match(client: Any, address: str = "10.0.0.1") -> Any:
    """Create a match from a client address, taking seat 0."""
    return client.post(
        "/api/matches",
        json={"players": ["Ana", "Ben"], "seat": 0},
        headers={"X-CSRF-Token": CSRF},
        environ_base={"REMOTE_ADDR": address},
    )


def test_behind_a_proxy_cookies_are_secure_links_public_and_hsts_sent(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOSTING_PROXY=True)
    client = phone(app)
    made = client.post(
        "/api/matches",
        json={"players": ["Ana", "Ben"], "seat": 0},
        headers={**FORWARDED, "X-CSRF-Token": CSRF},
    )
    assert made.status_code == 201
    assert made.get_json()["join_url"].startswith("https://games.example.org/join/")
    cookie = made.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    assert made.headers["Strict-Transport-Security"] == "max-age=31536000"
    page = app.test_client().get("/", headers=FORWARDED)  # a phone without a CSRF cookie
    assert "Secure" in page.headers["Set-Cookie"]  # the CSRF cookie too


def test_without_proxy_forwarded_headers_are_ignored(tmp_path: Path) -> None:
    client = phone(make_app(tmp_path))
    made = client.post(
        "/api/matches",
        json={"players": ["Ana", "Ben"], "seat": 0},
        headers={**FORWARDED, "X-CSRF-Token": CSRF},
    )
    assert made.get_json()["join_url"].startswith("http://localhost/join/")
    assert "Secure" not in made.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in made.headers


def test_base_url_wins_for_links_qr_and_state(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOSTING_PROXY=True, HOSTING_BASE_URL="https://club.example.net")
    client = phone(app)
    made = client.post(
        "/api/matches",
        json={"players": ["Ana", "Ben"], "seat": 0},
        headers={"X-Forwarded-Host": "internal:8000", "X-CSRF-Token": CSRF},
    )
    data = made.get_json()
    assert data["join_url"].startswith("https://club.example.net/join/")
    assert "Secure" in made.headers["Set-Cookie"]
    state = client.get(f"/api/matches/{data['match_id']}/state").get_json()
    assert state["links"]["join_url"] == data["join_url"]  # what the table's QR code shows


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("games.example.org", "write the public address"),
        ("ftp://games.example.org", "write the public address"),
        ("https://example.org/games", "root of its host"),
    ],
)
def test_bad_base_url_is_refused(url: str, problem: str) -> None:
    with pytest.raises(BaseUrlError, match=problem):
        public_address(url)


def test_creating_matches_is_rate_limited_per_client(tmp_path: Path) -> None:
    limits = {**DEFAULT_LIMITS, "create": Rate(3, 600), "open_matches": None}
    client = phone(make_app(tmp_path, HOSTING_LIMITS=limits))
    assert [new_match(client).status_code for _ in range(3)] == [201, 201, 201]
    refused = new_match(client)
    assert refused.status_code == 429
    body = refused.get_json()
    assert (
        "too many new matches, rooms and tournaments from your address: at most 3 per 10 minutes"
        in (body["error"])
    )
    assert int(refused.headers["Retry-After"]) == body["retry_after"] > 0
    assert new_match(client, "10.0.0.2").status_code == 201  # another client is not affected


def test_creating_a_tournament_counts_as_a_new_match(tmp_path: Path) -> None:
    """A tournament (which opens matches) is not a plain write: it uses the 'create' budget."""
    limits = {**DEFAULT_LIMITS, "create": Rate(2, 600), "open_matches": None}
    client = phone(make_app(tmp_path, HOSTING_LIMITS=limits))
    made = [
        client.post(
            "/api/tournaments", json={"name": f"Cup {n}"}, environ_base={"REMOTE_ADDR": "10.0.0.1"}
        ).status_code
        for n in (1, 2)
    ]
    assert made == [201, 201]
    assert new_match(client).status_code == 429


def start_tournament(client: Any, players: int, address: str) -> tuple[Any, str]:
    """Create a tournament of ``players`` players from an address and ask for its round 1."""
    names = [f"Player {n}" for n in range(players)]
    made = client.post("/api/tournaments", json={"name": "Cup", "players": names, "rounds": 1},
                       environ_base={"REMOTE_ADDR": address})  # fmt: skip
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["organiser_url"].rsplit("/", 1)[1]
    tid = made.get_json()["tournament_id"]
    started = client.post(f"/api/tournaments/{tid}/rounds", json={"round": 1},
                          headers={"X-Organiser-Token": token},
                          environ_base={"REMOTE_ADDR": address})  # fmt: skip
    return started, tid


def test_tournament_tables_count_toward_their_own_cap_per_address(tmp_path: Path) -> None:
    """One address cannot open matches without end through tournaments: their tables count
    toward a cap of open tournament matches (a 512-player event's round fits under it)."""
    limits = {**DEFAULT_LIMITS, "open_tournament_matches": 6, "open_matches": 2}
    app = make_app(tmp_path, HOSTING_LIMITS=limits)
    client = phone(app)
    first, _ = start_tournament(client, 8, "10.0.0.1")  # 4 tables
    assert first.status_code == 201, first.get_json()
    refused, tid = start_tournament(client, 6, "10.0.0.1")  # 3 more: 7 > 6
    assert refused.status_code == 429
    assert "already has 4 open tournament tables" in refused.get_json()["error"]
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        rounds = "select count(*) from tournament_rounds where tournament_id = ?"
        assert db.execute(rounds, (tid,)).fetchone()[0] == 0  # refused: nothing written
    assert start_tournament(client, 6, "10.0.0.2")[0].status_code == 201  # another address
    # Casual tables keep their own cap: the tournament's tables do not use it up.
    assert [new_match(client).status_code for _ in range(3)] == [201, 201, 429]


def test_the_default_tournament_table_cap_holds_the_largest_event() -> None:
    assert DEFAULT_LIMITS["open_tournament_matches"] >= MAX_PLAYERS // 2


def test_writes_are_rate_limited_per_client(tmp_path: Path) -> None:
    limits = {**DEFAULT_LIMITS, "write": Rate(2, 60)}
    client = phone(make_app(tmp_path, HOSTING_LIMITS=limits))
    bank = {"sets": ["base-3e"], "seed": 1}
    assert post(client, "/api/banks", bank).status_code == 200
    assert post(client, "/api/banks", bank).status_code == 200
    refused = post(client, "/api/banks", bank)
    assert refused.status_code == 429
    assert "too many changes from your address: at most 2 per minute" in refused.get_json()["error"]
    assert client.get("/api/ping").status_code == 200  # reads are not limited


def test_open_matches_are_capped_per_client_across_processes(tmp_path: Path) -> None:
    limits = {**DEFAULT_LIMITS, "open_matches": 2}
    app = make_app(tmp_path, HOSTING_LIMITS=limits)
    assert [new_match(phone(app)).status_code for _ in range(2)] == [201, 201]
    other_process = make_app(tmp_path, HOSTING_LIMITS=limits)  # same database, fresh memory
    refused = new_match(phone(other_process))
    assert refused.status_code == 429
    assert "already has 2 open matches" in refused.get_json()["error"]
    assert new_match(phone(other_process), "10.0.0.9").status_code == 201


def test_concurrent_creates_from_one_address_stop_at_the_cap(tmp_path: Path) -> None:
    """40 creates at once from one address with a cap of 5 open 5 matches, not 22-38."""
    limits = {**DEFAULT_LIMITS, "create": Rate(1000, 60), "open_matches": 5}
    app = make_app(tmp_path, HOSTING_LIMITS=limits)
    gate = threading.Barrier(40)
    answers: list[int] = []

    def create() -> None:
        client = phone(app)
        gate.wait()
        answers.append(new_match(client).status_code)
        close_thread_connections()

    threads = [threading.Thread(target=create) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == [201] * 5 + [429] * 35, answers
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from matches").fetchone()[0] == 5
        assert conn.execute("select count(*) from match_holds").fetchone()[0] == 0
    conn.close()


def test_limiter_refills_over_time() -> None:
    now = [0.0]
    limiter = Limiter({"write": Rate(2, 10)}, clock=lambda: now[0])
    assert limiter.take("write", "a") == 0 and limiter.take("write", "a") == 0
    assert limiter.take("write", "a") == pytest.approx(5.0)
    now[0] = 5.0
    assert limiter.take("write", "a") == 0


def test_ipv6_clients_are_counted_by_their_64_network(tmp_path: Path) -> None:
    limits = {**DEFAULT_LIMITS, "create": Rate(1, 600), "open_matches": None}
    client = phone(make_app(tmp_path, HOSTING_LIMITS=limits))
    assert new_match(client, "2001:db8:1:2::10").status_code == 201
    assert new_match(client, "2001:db8:1:2::99").status_code == 429
    assert new_match(client, "2001:db8:1:3::10").status_code == 201


def served_links(tmp_path: Path, *options: str) -> str:
    """Start the real server with options; return the join link of a match made through a
    request carrying forwarded headers."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
         str(tmp_path / f"{port}.sqlite3"), "--no-limits", *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        while True:
            try:
                if Phone(base).call("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.2)
        phone = Phone(base)
        request = urllib.request.Request(
            base + "/api/matches",
            data=b'{"players": ["Ana", "Ben"]}',
            headers={"Content-Type": "application/json", **FORWARDED},
            method="POST",
        )
        with phone.opener.open(request, timeout=10) as answer:
            return str(json.loads(answer.read())["join_url"])
    finally:
        server.terminate()
        server.wait(timeout=15)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_real_servers_trust_forwarded_headers_only_with_proxy(tmp_path: Path, workers: str) -> None:
    """waitress drops X-Forwarded-* unless told; gunicorn trusts X-Forwarded-Proto from
    127.0.0.1 by default: both now leave the decision to --proxy."""
    proxied = served_links(tmp_path, "--workers", workers, "--proxy")
    assert proxied.startswith("https://games.example.org/join/")
    direct = served_links(tmp_path, "--workers", workers)
    assert direct.startswith("http://127.0.0.1:")


@pytest.mark.parametrize(
    ("option", "problem"),
    [
        (["--long-polls", "-1"], "--long-polls must be 0 to 100000, not -1"),
        (["--threads", "0"], "--threads must be 1-256, not 0"),
        (["--workers", "65"], "--workers must be 1-64, not 65"),
    ],
)
def test_bad_serve_options_are_refused_before_serving(
    option: list[str], problem: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from companion.cli import main

    assert main(["serve", "--db", str(tmp_path / "db.sqlite3"), *option]) == 2
    assert problem in capsys.readouterr().err
    assert not (tmp_path / "db.sqlite3").exists()  # refused before the database is made
