"""CPU per unchanged poll on the front's fast 304 path, in one process, no sockets.

Calls the ASGI front directly with a phone's conditional GET of an unchanged state, N times
one after another, and prints the CPU and wall time per answer. Run it against another
checkout's code with PYTHONPATH=/path/to/checkout to compare.
Usage: fast_poll_bench.py [N] [DATABASE]  (default 5000 polls, a SQLite file in a temp folder)
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def main() -> None:
    """Run the bench and print the figures."""
    from companion import create_app
    from companion.server.front import Front

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    folder = Path(tempfile.mkdtemp(prefix="fastpoll-"))
    database = sys.argv[2] if len(sys.argv) > 2 else str(folder / "bench.db")
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "bench",
                      "HOSTING_FAST_POLLS": False}, instance_path=folder)  # fmt: skip
    phone = app.test_client()
    phone.set_cookie("csrf", "c")
    made = phone.post("/api/matches", json={"players": ["Ana", "Ben"], "seat": 0,
                      "recommended": "First Game"}, headers={"X-CSRF-Token": "c"})  # fmt: skip
    match_id = made.get_json()["match_id"]
    path = f"/api/matches/{match_id}/state"
    etag = phone.get(path).headers["ETag"]
    cookie = "; ".join(f"{c.key}={c.value}" for c in (phone._cookies or {}).values())
    front = Front(app, threads=4, long_polls=16)
    scope: dict[str, Any] = {
        "type": "http", "http_version": "1.1", "method": "GET", "scheme": "http",
        "path": path, "query_string": b"", "server": ("127.0.0.1", 5000),
        "client": ("127.0.0.1", 40000),
        "headers": [(b"if-none-match", etag.encode()), (b"cookie", cookie.encode())],
    }  # fmt: skip
    statuses: list[int] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        if message["type"] == "http.response.start":
            statuses.append(int(message["status"]))

    async def run() -> None:
        for _ in range(200):  # warm up
            await front(scope, receive, send)
        statuses.clear()
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(count):
            await front(scope, receive, send)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        assert set(statuses) == {304}, set(statuses)
        print(f"{count} unchanged polls: {cpu / count * 1e6:.0f} us CPU, "
              f"{wall / count * 1e6:.0f} us wall each")  # fmt: skip

    asyncio.run(run())
    getattr(front, "close", front.executor.shutdown)()


if __name__ == "__main__":
    main()
