"""Club speed (issue #30): ratings recomputed from 100,000 results, one rating update, and the
club page with 1,000 players and 100,000 matches, on SQLite or PostgreSQL.

- The store's ``companion ratings --recompute`` of 100,000 mixed results (three games; two
  players, free-for-all of 3 to 4 with ties, 2 vs 2, a Raid of 1 against 4): read them, rate
  them, write every rating change (target < 10 s); wall time and CPU time (this process's,
  and the server's on PostgreSQL), then the reading and the rating alone. The pure recompute
  of the same results (no database) is printed first.
- One rating update: a new latest result stored and rated, median and p99 of 200
  (target < 5 ms).
- The club page (``GET /club``, three leaderboards and the recent matches) through the app,
  median and p99 of 200 (target < 100 ms).

The three goal figures are the lines that begin ``GOAL``, each with this process's CPU time
beside the wall time (PostgreSQL's server CPU too for the recompute); the load average is
printed at the start and before them (the bench machine may be shared).

Run: .venv/bin/python bench/club_bench.py [--matches N] [--players N] [--postgres]
(--postgres starts a throwaway cluster of Debian's PostgreSQL, as the tests do).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.game.club import ratings
from companion.game.club.ratings import Result, places_from_wins
from companion.storage import bulk, club_results, db, pg
from companion.storage.engine import Connection

GAMES = ("puzzle-strike", "flash-duel", "shadowfist")
BATCH = 2_000
UPDATES = 200
"""Rating updates timed (each a new latest result, stored and rated)."""
PAGES = 200
"""Club page requests timed (enough for a p99 that is not just the slowest one)."""


def make_results(rng: random.Random, players: list[str], count: int) -> list[Result]:
    """Return mixed results among the players, oldest first."""
    out = []
    for _ in range(count):
        shape = rng.random()
        if shape < 0.55:
            chosen = rng.sample(players, 2)
            sides = tuple((p,) for p in chosen)
        elif shape < 0.75:
            sides = tuple((p,) for p in rng.sample(players, rng.choice([3, 4])))
        elif shape < 0.92:
            a, b, c, d = rng.sample(players, 4)
            sides = ((a, b), (c, d))
        else:
            chosen = rng.sample(players, 5)
            sides = ((chosen[0],), tuple(chosen[1:]))
        places = places_from_wins([rng.randint(0, 2) for _ in sides])
        out.append(Result(rng.choice(GAMES), sides, places))
    return out


def fill(database: str, players: list[str], results: list[Result]) -> None:
    """Store the profiles and results (rows written directly, in batches), unrated."""
    db.migrate(database)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    with closing(db.connect(database)) as conn, db.write_transaction(conn):
        for i in range(0, len(players), BATCH):
            chunk = players[i : i + BATCH]
            conn.execute(
                "insert into club_profiles (id, name, folded, created) values "
                + ",".join(["(?, ?, ?, ?)"] * len(chunk)),
                [v for p in chunk for v in (p, f"Player {p}", f"player {p}", start.isoformat())],
            )
        for i in range(0, len(results), BATCH):
            chunk = results[i : i + BATCH]
            rows = [
                (f"r{i + n:07d}", f"bench:{i + n}", r.game, 1,
                 (start + timedelta(seconds=i + n)).isoformat(), json.dumps(r.sides),
                 json.dumps(r.places))
                for n, r in enumerate(chunk)
            ]  # fmt: skip
            conn.execute(
                "insert into club_results (id, source, game, season, at, sides, places) values "
                + ",".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(rows)),
                [v for row in rows for v in row],
            )


def timed(fn: object, runs: int) -> tuple[list[float], list[float]]:
    """Return the milliseconds of each of ``runs`` calls: wall time, and this process's CPU
    time (which moves less with the machine's load; a long wall time with a short CPU time
    is time spent waiting for a core or the server)."""
    wall, cpu = [], []
    for n in range(runs):
        began, used = time.perf_counter(), time.process_time()
        fn(n)  # type: ignore[operator]
        wall.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return wall, cpu


def percentiles(ms: list[float]) -> str:
    """Say the median and p99 of some timings."""
    p99 = sorted(ms)[max(0, round(len(ms) * 0.99) - 1)]
    return f"p50 {statistics.median(ms):.2f} ms p99 {p99:.2f} ms"


def goal(label: str, times: tuple[list[float], list[float]], target: str) -> str:
    """Say a goal's timings: how many, wall time's median and p99, the target, CPU time's."""
    wall, cpu = times
    said = f"n={len(wall)} {percentiles(wall)} target {target}"
    return f"GOAL {label}: {said} (cpu {percentiles(cpu)})"


def load() -> str:
    """Say the machine's load average (1, 5, 15 minutes): the machine may be shared."""
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def process_cpu(pid: int) -> float:
    """Return the CPU seconds (user and system) a process of this machine has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pid(conn: Connection) -> int | None:
    """Return the PostgreSQL backend's process id of a connection (None on SQLite)."""
    if not isinstance(conn, pg.PgConnection):
        return None
    return int(conn.execute("select pg_backend_pid()").fetchone()[0])


def measure_recompute(conn: Connection) -> tuple[str, list[str]]:
    """Time the store's recompute (wall, this process's CPU, the server's CPU on
    PostgreSQL), then its reading and rating alone; return the goal line and the others."""
    backend = server_pid(conn)
    server_before = process_cpu(backend) if backend else 0.0
    cpu, began = time.process_time(), time.perf_counter()
    club_results.recompute(conn)
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    server = f" + server {process_cpu(backend) - server_before:.2f} s" if backend else ""
    goal = f"GOAL recompute: {wall:.2f} s (cpu {cpu:.2f} s{server}) target < 10 s"
    with bulk.no_cycle_collection():  # as the recompute reads and rates
        results, read = clocked(club_results.ordered_results, conn)
        _, rate = clocked(ratings.replay, results)
    return goal, [f"  of which: read {read}, rate {rate}, the rest writes"]


def clocked(fn: Callable[[Any], Any], arg: object) -> tuple[Any, str]:
    """Call ``fn(arg)``; return its value and its wall and CPU seconds, said."""
    cpu, began = time.process_time(), time.perf_counter()
    value = fn(arg)
    return value, f"{time.perf_counter() - began:.2f} s (cpu {time.process_time() - cpu:.2f} s)"


def run(database: str, matches: int, players: int, rng: random.Random) -> list[str]:
    """Measure everything on one database; return the lines to print."""
    names = [f"p{i:05d}" for i in range(players)]
    results = make_results(rng, names, matches)
    lines = [load()]
    began = time.perf_counter()
    ratings.recompute(results)
    lines.append(f"pure recompute of {matches} results: {time.perf_counter() - began:.2f} s")
    fill(database, names, results)
    del results  # a server holds no such list: its collector would walk it on each page
    gc.collect()
    with closing(db.connect(database)) as conn:
        recomputed, phases = measure_recompute(conn)
        lines += phases
        more = make_results(rng, names, UPDATES)
        later = datetime(2027, 1, 1, tzinfo=UTC)

        def update(n: int) -> None:
            at = (later + timedelta(seconds=n)).isoformat()
            club_results.record(conn, f"bench:new:{n}", more[n], at)

        updates = timed(update, UPDATES)
    pages = club_page_times(database, PAGES)
    lines += [
        load(),
        recomputed,
        goal("one rating update", updates, "< 5 ms"),
        goal("GET /club", pages, "< 100 ms"),
    ]
    return lines


def club_page_times(database: str, runs: int) -> tuple[list[float], list[float]]:
    """Return the milliseconds of ``runs`` club page requests through the app."""
    from companion import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": database, "SECRET_KEY": "bench"}, instance_path=folder)
        client = app.test_client()
        assert client.get("/club").status_code == 200

        def page(_: int) -> None:
            assert client.get("/club").status_code == 200

        times = timed(page, runs)
        db.close_thread_connections()
        return times


def main() -> None:
    """Measure on a temporary SQLite file, or on a throwaway PostgreSQL cluster."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    rng = random.Random(30)
    if args.postgres:
        from tests.pg import Cluster

        cluster = Cluster()
        try:
            lines = run(cluster.new_database(), args.matches, args.players, rng)
        finally:
            cluster.stop()
    else:
        with tempfile.TemporaryDirectory() as folder:
            lines = run(str(Path(folder) / "club.sqlite3"), args.matches, args.players, rng)
    engine = "PostgreSQL" if args.postgres else "SQLite"
    print(f"{engine}, {args.players} players, {args.matches} results")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
