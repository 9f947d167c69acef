"""What a 512-player round's slips PDF and public event JSON cost per request, drawn and
then kept (issue #28 item 11: the slips cost seconds of CPU on every download and every
spectator's first read rebuilt the JSON). Through the Flask test client, SQLite.
Run: PYTHONPATH=. .venv/bin/python bench/tournament_cache_bench.py
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import create_app
from companion.game.tournament.model import MAX_PLAYERS

CSRF = "bench-csrf"


def timed(action: Callable[[], Any]) -> tuple[Any, float, float]:
    """Run an action; return its result, its CPU and wall milliseconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = action()
    return result, (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def main() -> None:
    """Pair round 1 of the largest event, then download its slips and read it three times."""
    folder = Path(tempfile.mkdtemp(prefix="cache-bench-"))
    app = create_app({"TESTING": True, "DATABASE": str(folder / "db.sqlite3"),
                      "SECRET_KEY": "bench"}, instance_path=folder / "instance")  # fmt: skip
    client = app.test_client()
    client.set_cookie("csrf", CSRF)
    names = [f"Player {n:03}" for n in range(MAX_PLAYERS)]
    made = client.post("/api/tournaments", json={"name": "Nationals", "players": names},
                       headers={"X-CSRF-Token": CSRF}).get_json()  # fmt: skip
    tid, key = made["tournament_id"], made["organiser_url"].rsplit("/", 1)[1]
    organiser = {"X-Organiser-Token": key, "X-CSRF-Token": CSRF}
    started = client.post(f"/api/tournaments/{tid}/rounds", json={"round": 1}, headers=organiser)
    assert started.status_code == 201, started.get_json()
    for n in (1, 2, 3):
        got, cpu, wall = timed(lambda: client.get(f"/api/tournaments/{tid}/rounds/1/slips.pdf"
                                                  f"?key={key}"))  # fmt: skip
        print(f"slips.pdf download {n}: {cpu:.0f} ms CPU, {wall:.0f} ms wall, "
              f"{len(got.data) / 1e6:.2f} MB")  # fmt: skip
    for n in (1, 2, 3):
        spectator = app.test_client()
        got, cpu, wall = timed(lambda s=spectator: s.get(f"/api/tournaments/{tid}"))
        print(f"public event JSON, spectator {n} (no ETag yet): {cpu:.1f} ms CPU, "
              f"{wall:.1f} ms wall, {len(got.data) / 1e3:.0f} kB")  # fmt: skip


if __name__ == "__main__":
    main()
