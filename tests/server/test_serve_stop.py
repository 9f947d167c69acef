"""Stopping ``companion serve`` (SIGTERM, Ctrl-C) while phones wait in long polls."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from tests.storage.test_durability import Phone, free_port


def started(tmp_path: Path, port: int, workers: str) -> subprocess.Popen[bytes]:
    """Start the real server; return it once it answers."""
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db",
         str(tmp_path / "db.sqlite3"), "--no-limits", "--workers", workers, "--threads", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.time() + 30
    while True:
        try:
            if Phone(f"http://127.0.0.1:{port}").call("GET", "/healthz")[0] == 200:
                return server
        except OSError:
            if time.time() > deadline:
                server.kill()
                raise AssertionError("the server did not start") from None
            time.sleep(0.2)


@pytest.mark.parametrize(
    ("workers", "stop"),
    [("1", signal.SIGTERM), ("1", signal.SIGINT), ("2", signal.SIGTERM), ("2", signal.SIGINT)],
)
def test_stopping_answers_the_waiting_long_polls(
    tmp_path: Path, workers: str, stop: signal.Signals
) -> None:
    """A waiting phone gets its 304 at once; before, it waited out the graceful 5 s and
    then lost its connection with no answer (and every stop took those 5 s). gunicorn's
    master stops its workers with SIGQUIT on SIGINT (Ctrl-C on the master alone)."""
    port = free_port()
    server = started(tmp_path, port, workers)
    try:
        base = f"http://127.0.0.1:{port}"
        status, made = Phone(base).call("POST", "/api/matches", {"players": ["Ana", "Ben"]})
        assert status == 201
        url = f"/api/matches/{made['match_id']}/state"
        with urllib.request.urlopen(base + url, timeout=10) as answer:
            etag = answer.headers["ETag"]
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(
            f"GET {url}?wait=25 HTTP/1.1\r\nHost: x\r\nIf-None-Match: {etag}\r\n\r\n".encode()
        )
        answers: list[bytes] = []
        reader = threading.Thread(target=lambda: answers.append(sock.recv(4096)))
        reader.start()
        time.sleep(1)  # the poll is waiting on the server (not a limit: any delay shows it)
        server.send_signal(stop)
        reader.join()
        sock.close()
        assert answers[0].startswith(b"HTTP/1.1 304 "), answers
        _, errors = server.communicate(timeout=30)
        assert b"Cancel" not in errors and b"Traceback" not in errors, errors.decode()
    finally:
        if server.poll() is None:
            server.kill()
        if server.stderr is not None:
            server.stderr.close()
        server.wait()


def running(pid: int) -> bool:
    """Say whether a process runs (an exited one nobody has reaped yet does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def test_workers_exit_when_their_master_is_killed(tmp_path: Path) -> None:
    """kill -9 of the gunicorn master: its workers stop within seconds (they kept serving
    60 s and more), and a new server starts on the same port."""
    from tests.storage.test_multiprocess import start_workers, worker_pids

    port = free_port()
    master = start_workers(tmp_path / "t.db", port, 2)
    workers = worker_pids(master.pid)
    assert len(workers) == 2
    master.kill()
    master.wait(10)
    deadline = time.monotonic() + 20  # a bound, not a speed target
    while time.monotonic() < deadline and any(running(p) for p in workers):
        time.sleep(0.2)
    left = [p for p in workers if running(p)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], "workers kept serving after their master died"
    again = start_workers(tmp_path / "t.db", port, 2)
    try:
        assert Phone(f"http://127.0.0.1:{port}").call("GET", "/healthz")[0] == 200
    finally:
        again.terminate()
        again.wait(30)
