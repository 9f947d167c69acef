"""Kill the server with SIGKILL during a write load: every acknowledged event survives."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Phone:
    """A phone talking HTTP to the server, with its own cookies."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrf"), "") or ""

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("X-CSRF-Token", self.csrf())
        try:
            with self.opener.open(request, timeout=5) as response:
                raw = response.read()
                return response.status, json.loads(raw) if raw and raw[:1] in b"{[" else raw
        except urllib.error.HTTPError as err:
            with err:
                return err.code, json.loads(err.read() or b"{}")


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", str(db)]
        + ["--no-limits", "--instance", str(db.parent / "instance")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30  # a bound (a busy machine starts slowly), never a timing
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    process.wait()
    raise AssertionError("the server did not start")


def test_kill_9_during_writes_loses_no_acknowledged_event(tmp_path: Path) -> None:
    db, port = tmp_path / "db.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port)
    acknowledged: list[str] = []
    try:
        a, b = Phone(base), Phone(base)
        a.call("GET", "/")
        b.call("GET", "/")
        status, made = a.call("POST", "/api/matches", {"players": ["Ana", "Ben"], "seat": 0})
        assert status == 201
        match_id = made["match_id"]
        assert b.call("POST", f"/api/join/{made['join_code']}", {"seat": 1})[0] == 200
        for phone_, who in ((a, "grave"), (b, "rook")):
            version = phone_.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
            key = uuid.uuid4().hex
            assert (
                phone_.call(
                    "POST",
                    f"/api/matches/{match_id}/actions",
                    {
                        "action": {"type": "choose", "character": who},
                        "base_version": version,
                        "idempotency_key": key,
                    },
                )[0]
                == 200
            )
            acknowledged.append(key)
        stop = time.time() + 30  # a bound only: the kill ends the load much sooner
        lock = threading.Lock()

        def writer(phone_: Phone, value: int) -> None:
            while time.time() < stop:
                try:
                    version = phone_.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
                    key = uuid.uuid4().hex
                    status, _ = phone_.call(
                        "POST",
                        f"/api/matches/{match_id}/actions",
                        {
                            "action": {"type": "add_gem", "player": "Ben", "value": value},
                            "base_version": version,
                            "idempotency_key": key,
                        },
                    )
                except (OSError, ValueError, KeyError, TypeError, http.client.HTTPException):
                    return  # the kill cut this request short: only acknowledged writes count
                if status == 200:
                    with lock:
                        acknowledged.append(key)

        threads = [threading.Thread(target=writer, args=(p, v)) for p, v in ((a, 1), (b, 1))]
        for t in threads:
            t.start()
        # Kill mid-load once some writes are acknowledged, however loaded the machine is.
        deadline = time.time() + 20
        while len(acknowledged) < 14 and time.time() < deadline:
            time.sleep(0.02)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=5)
        for t in threads:
            t.join(timeout=10)
        assert len(acknowledged) > 10
        server = start_server(db, port)
        status, data = Phone(base).call("GET", f"/api/matches/{match_id}/state")
        assert status == 200
        with sqlite3.connect(db) as conn:
            keys = {
                k
                for (k,) in conn.execute("select idem from events where match_id = ?", (match_id,))
            }
            assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
            count = conn.execute("select count(*) from events").fetchone()[0]
        assert set(acknowledged) <= keys
        assert data["version"] == count
    finally:
        server.kill()
        server.wait(timeout=5)
