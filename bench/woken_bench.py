"""CPU per request of a table's long-poll cycle through the front, in one process, no sockets.

Each cycle, every table's two phones long-poll their state (``?wait=20``, holding their
ETag), then the first phone posts an action; the write wakes both polls. The figure is the
process's CPU time over all the requests (the write and the two woken answers), the same
mix ``capacity_bench.py --wait 20`` makes, without HTTP parsing (uvicorn's, the same for any
code) and without the other processes of a shared machine in the figure: run it with
another checkout's code by ``cd`` there (``-m``/``sys.path[0]`` is the current directory).

Usage: .venv/bin/python bench/woken_bench.py [tables] [cycles] [--hz]
``--hz``: the 1 Hz mode instead: each phone's conditional GET of an unchanged state (304),
then one write per table and each phone's GET of the new state (no long polls).
Also printed: per cycle of a table (3 requests; 5 with ``--hz``), the CPU of the event loop's
thread and of the Flask calls in their threads, and how many calls of each method went to Flask.
"""

from __future__ import annotations

import asyncio
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.getcwd())
sys.path.insert(1, str(Path(__file__).resolve().parent))

from capacity_bench import make_tables  # noqa: E402

sys.path.insert(0, os.getcwd())  # capacity_bench put this checkout first: the cwd's code runs

from companion import create_app  # noqa: E402
from companion.server import front as fronts  # noqa: E402
from companion.server.front import Front  # noqa: E402

FLASK_CPU: collections.Counter[str] = collections.Counter()
FLASK_CALLS: collections.Counter[str] = collections.Counter()
through_flask = fronts.call_wsgi


def timed_wsgi(app: Any, environ: dict[str, Any]) -> Any:
    """The front's call of Flask, its thread CPU counted by method."""
    started = time.thread_time()
    try:
        return through_flask(app, environ)
    finally:
        FLASK_CPU[environ["REQUEST_METHOD"]] += time.thread_time() - started
        FLASK_CALLS[environ["REQUEST_METHOD"]] += 1


fronts.call_wsgi = timed_wsgi  # type: ignore[assignment]


def request(method: str, path: str, query: str, headers: dict[str, str]) -> dict[str, Any]:
    """An ASGI request as uvicorn gives it."""
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query.encode(),
        "root_path": "", "server": ("127.0.0.1", 5000), "client": ("127.0.0.1", 40000),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }  # fmt: skip


async def call(front: Front, scope: dict[str, Any], body: bytes = b"") -> tuple[int, str]:
    """Send one request through the front; return its status and ETag."""
    parts = [body]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if parts:
            return {"type": "http.request", "body": parts.pop(), "more_body": False}
        await asyncio.sleep(3600)  # the client stays
        return {"type": "http.disconnect"}

    async def send(message: Any) -> None:
        sent.append(dict(message))

    await front(scope, receive, send)
    headers = dict(sent[0]["headers"])
    return int(sent[0]["status"]), headers.get(b"etag", b"").decode()


class Table:
    """One table's two phones: their cookies, ETags, and the table's version."""

    def __init__(self, match_id: str, cookie_a: str, cookie_b: str) -> None:
        self.match_id = match_id
        self.cookies = (cookie_a, cookie_b)
        self.etags = ["", ""]
        self.version = 0
        self.tick = 0

    def state(self, seat: int, query: str = "") -> dict[str, Any]:
        """A phone's conditional GET of its state."""
        headers = {"Host": "127.0.0.1", "Cookie": self.cookies[seat]}
        if self.etags[seat]:
            headers["If-None-Match"] = self.etags[seat]
        return request("GET", f"/api/matches/{self.match_id}/state", query, headers)

    def write(self) -> tuple[dict[str, Any], bytes]:
        """The first phone's next action (a stack's state, flipped)."""
        self.tick += 1
        action = {
            "type": "stack",
            "stack": "fixed/wound",
            "state": "empty" if self.tick % 2 else "full",
        }
        key = f"k{self.match_id}-{self.tick}"
        sent = {"action": action, "base_version": self.version, "idempotency_key": key}
        body = json.dumps(sent).encode()
        headers = {"Host": "127.0.0.1", "Cookie": f"{self.cookies[0]}; csrf=bench",
                   "X-CSRF-Token": "bench", "Content-Type": "application/json",
                   "Content-Length": str(len(body))}  # fmt: skip
        self.version += 1
        return request("POST", f"/api/matches/{self.match_id}/actions", "", headers), body


async def long_poll_cycle(front: Front, tables: list[Table]) -> int:
    """Every phone long-polls, every table writes once: return the requests made."""
    polls = [
        asyncio.ensure_future(call(front, t.state(s, "wait=20"))) for t in tables for s in (0, 1)
    ]
    while front.polls.count < len(polls):
        await asyncio.sleep(0.001)
    for t in tables:
        status, _ = await call(front, *t.write())
        assert status == 200, status
    answers = await asyncio.gather(*polls)
    for i, (status, etag) in enumerate(answers):
        assert status == 200, status
        tables[i // 2].etags[i % 2] = etag
    return len(tables) * 3


async def hz_cycle(front: Front, tables: list[Table]) -> int:
    """Each phone's unchanged poll (304), one write per table, each phone's new state."""
    for t in tables:
        for s in (0, 1):
            assert (await call(front, t.state(s)))[0] == 304
    for t in tables:
        assert (await call(front, *t.write()))[0] == 200
        for s in (0, 1):
            status, t.etags[s] = await call(front, t.state(s))
            assert status == 200
    return len(tables) * 5


async def run(front: Front, tables: list[Table], cycles: int, hz: bool) -> float:
    """Warm up, then return CPU ms per request over ``cycles`` cycles."""
    for t in tables:
        for s in (0, 1):
            status, t.etags[s] = await call(front, t.state(s))
            t.version = int(t.etags[s].strip('"').split(".")[0][1:])
    cycle = hz_cycle if hz else long_poll_cycle
    per_table = await cycle(front, tables) // len(tables)
    FLASK_CPU.clear()
    FLASK_CALLS.clear()
    started, loop_started, count = time.process_time(), time.thread_time(), 0
    for _ in range(cycles):
        count += await cycle(front, tables)
    loop = (time.thread_time() - loop_started) / count * per_table * 1000
    flask = sum(FLASK_CPU.values()) / count * per_table * 1000
    print(f"per table's cycle ({per_table} requests): event loop {loop:.3f} ms, Flask calls "
          f"{flask:.3f} ms CPU; to Flask: {dict(FLASK_CALLS)}")  # fmt: skip
    return (time.process_time() - started) / count * 1000


def main() -> None:
    """Print CPU per request of the long-poll (or 1 Hz) cycle."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count, cycles = int(args[0]) if args else 100, int(args[1]) if len(args) > 1 else 5
    tmp = Path(tempfile.mkdtemp())
    made = make_tables(tmp / "bench.sqlite3", count)
    app = create_app({"DATABASE": str(tmp / "bench.sqlite3"), "SECRET_KEY": "x" * 32},
                     instance_path=tmp)  # fmt: skip
    front = Front(app, threads=8, long_polls=4 * count)
    tables = [Table(*t) for t in made]
    ms = asyncio.run(run(front, tables, cycles, "--hz" in sys.argv))
    mode = "1 Hz" if "--hz" in sys.argv else "long poll"
    print(f"{mode}: {ms:.3f} ms CPU per request ({count} tables, {cycles} cycles)")
    getattr(front, "close", lambda: None)()  # 83bd517's front has no close()


if __name__ == "__main__":
    main()
