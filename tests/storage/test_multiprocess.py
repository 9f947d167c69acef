"""Several server processes on one database (``companion serve --workers N``), on SQLite and
on PostgreSQL.

- 4 processes, 8 writers, 500 acknowledged events on one match: every acknowledged event is
  in the log once, versions strictly increase, no 5xx;
- kill -9 of one worker under load: no acknowledged event is lost, the master replaces it;
- a backup taken during a write load passes integrity_check and replays every match.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from companion.storage import db
from companion.storage import matches as store
from printkit.catalog import Catalog
from tests.storage.test_durability import Phone, free_port

WORKERS, WRITERS, TOTAL = 4, 8, 500
DEADLINE = 120.0  # seconds: a bound on each load, never a pass/fail timing


def start_workers(path: str | Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    """Start ``companion serve --workers N`` and wait until it answers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", str(path),
         "--workers", str(workers), "--threads", "4", "--no-limits"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.time() + 30
    while time.time() < deadline:
        if (
            len(worker_pids(process.pid)) == workers
            and Phone(f"http://127.0.0.1:{port}").call("GET", "/healthz")[0] == 200
        ):
            return process
        time.sleep(0.2)
    process.kill()
    process.wait()
    raise AssertionError("the workers did not start")


def worker_pids(master: int) -> list[int]:
    """Return the gunicorn master's worker processes."""
    try:
        text = Path(f"/proc/{master}/task/{master}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server (the master stops its workers)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


def seated_match(base: str) -> tuple[Phone, str, list[str]]:
    """Start a match with both characters chosen; return the seated phone, id and stacks."""
    a, b = Phone(base), Phone(base)
    a.call("GET", "/")
    b.call("GET", "/")
    status, made = a.call("POST", "/api/matches", {"players": ["Ana", "Ben"], "seat": 0})
    assert status == 201, made
    match_id = made["match_id"]
    assert b.call("POST", f"/api/join/{made['join_code']}", {"seat": 1})[0] == 200
    for phone, who in ((a, "grave"), (b, "rook")):
        version = phone.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
        body = {
            "action": {"type": "choose", "character": who},
            "base_version": version,
            "idempotency_key": uuid.uuid4().hex,
        }
        assert phone.call("POST", f"/api/matches/{match_id}/actions", body)[0] == 200
    state = a.call("GET", f"/api/matches/{match_id}/state")[1]
    return a, match_id, [s["key"] for s in state["state"]["stacks"]]


def copy_phone(seated: Phone) -> Phone:
    """Another phone with the same seat cookie (another writer at the same seat)."""
    phone = Phone(seated.base)
    for cookie in seated.jar:
        phone.jar.set_cookie(cookie)
    return phone


class Load:
    """Writers posting stack changes to matches until told to stop; what they were told."""

    def __init__(self) -> None:
        self.acknowledged: dict[str, list[tuple[int, str]]] = {}
        self.statuses: Counter[int] = Counter()
        self.cut_short = 0
        self.lock = threading.Lock()

    def count(self) -> int:
        """Count the acknowledged events."""
        with self.lock:
            return sum(len(v) for v in self.acknowledged.values())

    def writer(
        self, phone: Phone, match_id: str, stacks: list[str], done: Callable[[], bool]
    ) -> None:
        """Post until ``done()``; a 409 tells the current version, so no read is needed."""
        version = None
        while version is None and not done():  # a busy machine may answer the first read late
            try:
                version = phone.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
            except OSError:
                time.sleep(0.1)
        i = 0
        while not done():
            i += 1
            key = uuid.uuid4().hex
            action = {"type": "stack", "stack": stacks[i % len(stacks)], "state": "empty"}
            if i % 2:
                action["state"] = "full"
            body = {"action": action, "base_version": version, "idempotency_key": key}
            try:
                status, answer = phone.call("POST", f"/api/matches/{match_id}/actions", body)
            except Exception:  # a connection cut by a killed worker: not acknowledged
                with self.lock:
                    self.cut_short += 1
                time.sleep(0.05)
                continue
            with self.lock:
                self.statuses[status] += 1
                if status == 200:
                    self.acknowledged.setdefault(match_id, []).append((answer["version"], key))
            if status == 200:
                version = answer["version"]
            elif status == 409 and isinstance(answer, dict) and "current" in answer:
                version = answer["current"]["version"]

    def run(self, writers: list[tuple[Phone, str, list[str]]], done: Callable[[], bool]) -> None:
        """Run the writers in threads until ``done()`` (bounded by DEADLINE)."""
        until = time.time() + DEADLINE
        threads = [
            threading.Thread(target=self.writer, args=(*w, lambda: done() or time.time() > until))
            for w in writers
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()


def log_of(path: str | Path, match_id: str) -> list[tuple[int, str]]:
    """Return a match's (version, idempotency key) pairs in order."""
    with closing(db.connect(path)) as conn:
        rows = conn.execute(
            "select version, idem from events where match_id = ? order by version", (match_id,)
        ).fetchall()
    return [(int(v), str(k)) for v, k in rows]


def check_exact(path: str | Path, load: Load) -> None:
    """Every acknowledged event is in the log once, at the version it was told."""
    for match_id, acked in load.acknowledged.items():
        log = log_of(path, match_id)
        assert [v for v, _ in log] == list(range(1, len(log) + 1))
        by_key = {k: v for v, k in log}
        assert len(by_key) == len(log)  # each key once
        for version, key in acked:
            assert by_key.get(key) == version, f"acknowledged {key} at v{version} is not there"
        versions = [v for v, _ in acked]
        assert len(set(versions)) == len(versions)


def test_four_processes_eight_writers_500_events(database: str) -> None:
    path, port = database, free_port()
    server = start_workers(path, port, WORKERS)
    try:
        seated, match_id, stacks = seated_match(f"http://127.0.0.1:{port}")
        load = Load()
        writers = [(copy_phone(seated), match_id, stacks) for _ in range(WRITERS)]
        load.run(writers, lambda: load.count() >= TOTAL)
        assert load.count() >= TOTAL
        assert set(load.statuses) <= {200, 409}, load.statuses  # no 5xx, nothing else
        assert load.cut_short == 0
        for _, acked in load.acknowledged.items():
            per_answer = [v for v, _ in acked]
            assert sorted(per_answer) == sorted(set(per_answer))
        check_exact(path, load)
    finally:
        stop(server)


def test_kill_9_of_one_worker_loses_no_acknowledged_event(database: str) -> None:
    path, port = database, free_port()
    server = start_workers(path, port, WORKERS)
    try:
        base = f"http://127.0.0.1:{port}"
        seated, match_id, stacks = seated_match(base)
        load = Load()
        writers = [(copy_phone(seated), match_id, stacks) for _ in range(WRITERS)]
        victim = worker_pids(server.pid)[0]
        stop_at = [time.time() + DEADLINE]

        def killer() -> None:
            while load.count() < 100:
                time.sleep(0.02)
            os.kill(victim, signal.SIGKILL)  # mid-load
            stop_at[0] = time.time() + 1.5  # keep writing to the survivors for a while

        thread = threading.Thread(target=killer)
        thread.start()
        load.run(writers, lambda: time.time() > stop_at[0])
        thread.join()
        assert load.count() > 100
        assert not any(s >= 500 for s in load.statuses), load.statuses
        check_exact(path, load)
        deadline = time.time() + 20  # the master replaces the killed worker
        while time.time() < deadline and (
            victim in worker_pids(server.pid) or len(worker_pids(server.pid)) != WORKERS
        ):
            time.sleep(0.2)
        assert victim not in worker_pids(server.pid)
        assert len(worker_pids(server.pid)) == WORKERS
        status, state = Phone(base).call("GET", f"/api/matches/{match_id}/state")
        assert status == 200 and state["version"] == len(log_of(path, match_id))
    finally:
        stop(server)


def test_backup_during_writes_is_sound_and_replays_every_match(
    tmp_path: Path, catalog: Catalog, database: str
) -> None:
    path, port = database, free_port()
    server = start_workers(path, port, 2)
    backup = tmp_path / "backup" / "copy.sqlite3"
    try:
        base = f"http://127.0.0.1:{port}"
        matches = [seated_match(base) for _ in range(4)]
        load = Load()
        writers = [(copy_phone(p), m, s) for p, m, s in matches for _ in range(2)]
        finished: list[Any] = []

        def back_up() -> None:
            while load.count() < 100:
                time.sleep(0.02)
            finished.append(
                subprocess.run(
                    [sys.executable, "-m", "companion", "backup", str(backup), "--db", str(path)],
                    capture_output=True,
                    text=True,
                    timeout=60,
                    check=False,
                )
            )

        thread = threading.Thread(target=back_up)
        thread.start()
        load.run(writers, lambda: bool(finished) and load.count() >= 300)
        thread.join()
        done = finished[0]
        assert done.returncode == 0, done.stderr
        assert "integrity check: ok" in done.stdout
        assert set(load.statuses) <= {200, 409}
    finally:
        stop(server)
    check_exact(path, load)
    conn = db.connect(backup)
    try:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        store.clear_cache()
        for _, match_id, _ in matches:
            row = store.find_match(conn, match_id=match_id)
            cached = store.load(conn, row, catalog)  # replays the whole log
            copied = [(int(r["version"]), str(r["idem"])) for r in store.event_rows(conn, match_id)]
            assert cached.version == len(copied) >= 2
            assert copied == log_of(path, match_id)[: len(copied)]  # a prefix of the live log
        store.clear_cache()
    finally:
        conn.close()


def conditional_gets_on_one_connection(port: int, path: str) -> list[bytes]:
    """Send a GET then two conditional GETs on one socket; return the three status lines."""
    import socket

    lines = []
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        reader = sock.makefile("rb")
        etag = ""
        for _ in range(3):
            condition = f"If-None-Match: {etag}\r\n" if etag else ""
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n{condition}\r\n".encode())
            lines.append(reader.readline())
            length = 0
            while (header := reader.readline()) not in (b"\r\n", b""):
                name, _, value = header.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                if name.lower() == "etag":
                    etag = value.strip()
            reader.read(length)
    return lines


def test_unchanged_polls_keep_their_connection(tmp_path: Path) -> None:
    """A 304 keeps the connection open (waitress alone would close it every time)."""
    path = tmp_path / "db.sqlite3"
    for workers in (1, 2):
        port = free_port()
        server = start_workers(path, port, workers) if workers > 1 else None
        if server is None:
            server = subprocess.Popen(
                [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
                 str(path), "--no-limits"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.time() + 30
            while time.time() < deadline:
                try:
                    if Phone(base).call("GET", "/healthz")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.2)
            _, match_id, _ = seated_match(base)
            statuses = conditional_gets_on_one_connection(port, f"/api/matches/{match_id}/state")
            assert [s.split()[1] for s in statuses] == [b"200", b"304", b"304"]
        finally:
            stop(server)
