"""Club speed (issue #30): ratings recomputed from 100,000 results, one rating update, and the
club page with 1,000 players and 100,000 matches, on SQLite or PostgreSQL.

- The pure recompute of 100,000 mixed results (three games; two players, free-for-all of 3
  to 4 with ties, 2 vs 2, a Raid of 1 against 4) (target < 10 s), and the store's
  ``companion ratings --recompute`` over the same results (which also writes every change).
- One rating update: a new latest result stored and rated, median and p99 of 200
  (target < 5 ms).
- The club page (``GET /club``, three leaderboards and the recent matches) through the app,
  median and p99 of 30 (target < 100 ms).

Run: .venv/bin/python bench/club_bench.py [--matches N] [--players N] [--postgres]
(--postgres starts a throwaway cluster of Debian's PostgreSQL, as the tests do).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.game.club import ratings
from companion.game.club.ratings import Result, places_from_wins
from companion.storage import club_results, db

GAMES = ("puzzle-strike", "flash-duel", "shadowfist")
BATCH = 2_000


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


def timed(fn: object, runs: int) -> list[float]:
    """Return the milliseconds of each of ``runs`` calls."""
    out = []
    for n in range(runs):
        began = time.perf_counter()
        fn(n)  # type: ignore[operator]
        out.append((time.perf_counter() - began) * 1000)
    return out


def summary(label: str, ms: list[float]) -> str:
    """Say the median and p99 of some timings."""
    p99 = sorted(ms)[max(0, round(len(ms) * 0.99) - 1)]
    return f"{label}: n={len(ms)} p50 {statistics.median(ms):.2f} ms p99 {p99:.2f} ms"


def run(database: str, matches: int, players: int, rng: random.Random) -> list[str]:
    """Measure everything on one database; return the lines to print."""
    names = [f"p{i:05d}" for i in range(players)]
    results = make_results(rng, names, matches)
    lines = []
    began = time.perf_counter()
    ratings.recompute(results)
    lines.append(f"pure recompute of {matches} results: {time.perf_counter() - began:.2f} s")
    fill(database, names, results)
    with closing(db.connect(database)) as conn:
        began = time.perf_counter()
        club_results.recompute(conn)
        lines.append(f"store recompute (ratings --recompute): {time.perf_counter() - began:.2f} s")
        more = make_results(rng, names, 200)
        later = datetime(2027, 1, 1, tzinfo=UTC)

        def update(n: int) -> None:
            at = (later + timedelta(seconds=n)).isoformat()
            club_results.record(conn, f"bench:new:{n}", more[n], at)

        lines.append(summary("one rating update", timed(update, 200)))
    lines.append(summary("GET /club", club_page_times(database, 30)))
    return lines


def club_page_times(database: str, runs: int) -> list[float]:
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
