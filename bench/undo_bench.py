"""One table's long history against every other table's writes (issue #21, item 2).

A Puzzle Strike table with a 4,000-event log has its last action undone and redone 10 times a
second, while six other tables each write 10 actions a second. The other tables' write
latency (p50 / p99, from sending a request to reading its answer) is measured twice in one
run: without the undo load, then with it. Before the undo was worked out outside the write
lock, each undo replayed the whole log while holding it.

Usage: .venv/bin/python bench/undo_bench.py [--events 4000] [--seconds 15] [--workers 2]
Loopback only, bounded in time; the server runs in its own processes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.capacity_bench import free_port, make_tables  # noqa: E402

CSRF = "bench-csrf-token"
OTHER_TABLES = 6
RATE = 10  # writes a second at each other table, and undo / redo a second at the long one
WARMUP = 3.0
"""Seconds not counted at the start of each phase: each server process reads the long table
once (a whole replay of its log, ~0.5 s of CPU, once per process) before it keeps states."""


def lengthen(path: Path, match_id: str, events: int) -> None:
    """Append ``events`` gem actions by Ana to one table, directly in the database."""
    from companion.game.puzzle_strike.actions import AddGem, RemoveGem
    from companion.storage import db
    from companion.storage import matches as store
    from printkit.catalog import load_catalog

    catalog, conn = load_catalog(), db.connect(path)
    version = store.load(conn, store.find_match(conn, match_id=match_id), catalog).version
    for n in range(events):
        action = AddGem("Ana", 1) if n % 2 == 0 else RemoveGem("Ana", 1)
        store.append(
            conn, match_id, store.Write("Ana", "action", action, version, f"L{n}"), catalog
        )
        version += 1
    conn.close()


class Phone:
    """One phone's keep-alive connection, with its seat cookie."""

    def __init__(self, port: int, seat: str) -> None:
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Cookie": f"{seat}; csrf={CSRF}", "X-CSRF-Token": CSRF,
                        "Content-Type": "application/json"}  # fmt: skip

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Send one request; return its status and JSON answer."""
        data = None if body is None else json.dumps(body)
        self.http.request(method, path, body=data, headers=self.headers)
        answer = self.http.getresponse()
        raw = answer.read()
        return answer.status, json.loads(raw) if raw else None


def gem_write(match_id: str, n: int) -> tuple[str, dict[str, Any]]:
    """The n-th write at an ordinary table: a gem in, then out again."""
    kind = "add_gem" if n % 2 == 0 else "remove_gem"
    return f"/api/matches/{match_id}/actions", {
        "action": {"type": kind, "player": "Ana", "value": 1}}  # fmt: skip


def undo_or_redo(match_id: str, n: int) -> tuple[str, dict[str, Any]]:
    """The n-th write at the long table: undo Ana's last action, then redo it."""
    return f"/api/matches/{match_id}/{'undo' if n % 2 == 0 else 'redo'}", {}


def paced_loop(phone: Phone, match_id: str, make: Any, until: float, out: list[float],
               errors: list[int], counted_from: float) -> None:  # fmt: skip
    """Send ``make(match_id, n)`` writes at RATE a second; record each one's latency."""
    version = phone.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
    n = 0
    while time.monotonic() < until:
        path, body = make(match_id, n)
        body |= {"base_version": version, "idempotency_key": uuid.uuid4().hex}
        start = time.monotonic()
        status, answer = phone.call("POST", path, body)
        if start >= counted_from:
            out.append(time.monotonic() - start)
        if status != 200:
            errors.append(status)
            version = phone.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
        else:
            version = answer["version"]
        n += 1
        time.sleep(max(0.0, 1 / RATE - (time.monotonic() - start)))


def phase(port: int, tables: list[tuple[str, str, str]], long: tuple[str, str, str] | None,
          seconds: float) -> dict[str, Any]:  # fmt: skip
    """Run the other tables' writes (and the long table's undo load, if given) for a while."""
    counted_from = time.monotonic() + WARMUP
    until = counted_from + seconds
    writes: list[float] = []
    undos: list[float] = []
    errors: list[int] = []
    loops = [(Phone(port, a), m, gem_write, until, writes, errors, counted_from)
             for m, a, _ in tables]  # fmt: skip
    if long is not None:
        loops.append((Phone(port, long[1]), long[0], undo_or_redo, until, undos, errors,
                      counted_from))  # fmt: skip
    threads = [threading.Thread(target=paced_loop, args=loop) for loop in loops]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"writes": writes, "undos": undos, "errors": errors}


def ms(values: list[float], q: float) -> float:
    """Return a quantile of latencies in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    """Build the tables, start the server, measure both phases, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=4000)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="undo-bench-"))
    path = folder / "bench.db"
    tables = make_tables(path, OTHER_TABLES + 1)
    long, others = tables[0], tables[1:]
    lengthen(path, long[0], args.events)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", str(path),
         "--workers", str(args.workers), "--threads", "4", "--no-limits"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.time() + 30
        while True:
            try:
                Phone(port, long[1]).call("GET", "/healthz")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        quiet = phase(port, others, None, args.seconds)
        loaded = phase(port, others, long, args.seconds)
    finally:
        server.terminate()
        server.wait(10)
    print(f"long table: {args.events} events; {OTHER_TABLES} other tables at {RATE} writes/s; "
          f"{args.workers} workers; {args.seconds:.0f} s per phase")  # fmt: skip
    for name, run in (("without undo load", quiet), ("with undo/redo at 10/s", loaded)):
        w, u = run["writes"], run["undos"]
        line = f"{name}: other tables' writes n={len(w)} p50 {ms(w, 0.5):.1f} ms"
        line += f" p99 {ms(w, 0.99):.1f} ms"
        if u:
            line += f"; undo/redo n={len(u)} p50 {ms(u, 0.5):.1f} ms p99 {ms(u, 0.99):.1f} ms"
        print(line + f"; errors {len(run['errors'])}")
    print("target: other tables' writes p99 < 50 ms with the undo load")


if __name__ == "__main__":
    main()
