"""PostgreSQL's share of a write and of a state read, against SQLite's (issue #29).

On a throwaway PostgreSQL cluster (tests/pg.py, with pg_stat_statements loaded) and on a
SQLite file, the same 2-player Puzzle Strike tables (``capacity_bench.make_tables``) take
rounds of: one write per table through the store (``matches.append``), one write per table
through the Flask test client (POST .../actions), then both phones' state reads through
Flask (GET .../state, each a new version: the body is made once per version and viewer).
Printed per operation, for each kind:

- statements: calls counted by pg_stat_statements (``begin; set local ...; select lock``
  sent as one string counts as its parts);
- PostgreSQL ms: pg_stat_statements' execution and planning time, and the CPU time of the
  app's backends (``/proc/PID/stat`` of the connections named ``strikekit``: parsing,
  binding, planning, executing, locks, commit, sending);
- app CPU ms on each engine (``time.process_time`` of this process: every thread), and
  PostgreSQL's against SQLite's.

``--list``: also the statements of one kind of operation with their calls per operation.
Run it with another checkout's code by ``cd`` there (the current directory's code is
imported). Usage (root, Debian's postgresql):
    .venv/bin/python bench/pg_write_bench.py [--tables 50] [--rounds 6] [--list]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, os.getcwd())
sys.path.insert(1, str(Path(__file__).resolve().parent))

from capacity_bench import make_tables  # noqa: E402

sys.path.insert(0, os.getcwd())  # capacity_bench put its checkout first: the cwd's code runs

import psycopg  # noqa: E402

import tests.pg as pgtest  # noqa: E402

KINDS = ("store write", "Flask write", "Flask read")
TICKS = os.sysconf("SC_CLK_TCK")
CATALOG: list[Any] = []
"""The catalog, loaded once (``main``)."""


class Table:
    """One table's two phones (their cookies) and its version as the first phone saw it."""

    def __init__(self, match_id: str, cookie_a: str, cookie_b: str) -> None:
        self.match_id = match_id
        self.cookies = (cookie_a, cookie_b)
        self.version = 2  # make_tables wrote two actions
        self.tick = 0

    def action(self) -> dict[str, Any]:
        """The next action: the wound stack flipped between empty and full."""
        self.tick += 1
        return {"type": "stack", "stack": "fixed/wound",
                "state": "empty" if self.tick % 2 else "full"}  # fmt: skip


class Engine:
    """One engine's app, client and tables, and what its operations cost."""

    def __init__(self, name: str, database: str, folder: Path, count: int) -> None:
        from companion import create_app

        self.name = name
        self.database = database
        self.tables = [Table(*t) for t in make_tables(database, count)]
        app = create_app({"DATABASE": database, "SECRET_KEY": "x" * 32}, instance_path=folder)
        self.client = app.test_client(use_cookies=False)
        self.cpu: dict[str, float] = dict.fromkeys(KINDS, 0.0)
        self.count: dict[str, int] = dict.fromkeys(KINDS, 0)

    def timed(self, kind: str, step: Callable[[Table], None]) -> None:
        """Run one step per table; add its process CPU to ``kind``'s."""
        started = time.process_time()
        for table in self.tables:
            step(table)
        self.cpu[kind] += time.process_time() - started
        self.count[kind] += len(self.tables)

    def store_write(self, table: Table) -> None:
        """Append the next action through the store, as the first seat."""
        from companion.game.puzzle_strike.room import RULES
        from companion.storage import db
        from companion.storage import matches as store

        action = RULES.parse_action(table.action())
        write = store.Write("Ana", "action", action, table.version, f"st{table.tick}")
        conn = db.request_connection(self.database)
        try:
            table.version = store.append(conn, table.match_id, write, CATALOG[0]).version
        finally:
            db.release(conn)

    def flask_write(self, table: Table) -> None:
        """Post the next action through Flask, from the first seat's phone."""
        body = {"action": table.action(), "base_version": table.version,
                "idempotency_key": f"fl{table.match_id[:8]}-{table.tick}"}  # fmt: skip
        headers = {"Cookie": f"{table.cookies[0]}; csrf=bench", "X-CSRF-Token": "bench"}
        answer = self.client.post(f"/api/matches/{table.match_id}/actions", json=body,
                                  headers=headers)  # fmt: skip
        assert answer.status_code == 200, answer.get_data(as_text=True)
        table.version = int(answer.get_json()["version"])

    def flask_read(self, table: Table) -> None:
        """Both phones read the state (a new version: each body is made)."""
        for cookie in table.cookies:
            answer = self.client.get(f"/api/matches/{table.match_id}/state",
                                     headers={"Cookie": cookie})  # fmt: skip
            assert answer.status_code == 200, answer.status_code

    def round(self, counter: Counter | None) -> None:
        """One write through the store, one through Flask and two reads, at every table."""
        steps = (self.store_write, self.flask_write, self.flask_read)
        for kind, step in zip(KINDS, steps, strict=True):
            if counter is not None:
                counter.start()
            self.timed(kind, step)
            if counter is not None:
                counter.stop(kind)


class Counter:
    """PostgreSQL's side of each kind of operation: statements, their time, backend CPU."""

    def __init__(self, admin_url: str, database: str) -> None:
        self.admin = psycopg.connect(admin_url, autocommit=True)
        self.dbname = database.rsplit("/", 1)[1]
        self.totals: dict[str, list[float]] = {k: [0.0, 0.0, 0.0] for k in KINDS}
        self.texts: dict[str, dict[str, float]] = {k: {} for k in KINDS}
        self.before: tuple[dict[str, tuple[float, float]], float] = ({}, 0.0)

    def statements(self) -> dict[str, tuple[float, float]]:
        """Return calls and milliseconds (execution and planning) per statement text."""
        rows = self.admin.execute(
            "select query, sum(calls), sum(total_exec_time + total_plan_time) "
            "from pg_stat_statements s join pg_database d on d.oid = s.dbid "
            "where d.datname = %s group by query",
            (self.dbname,),
        ).fetchall()
        return {q: (float(c), float(ms)) for q, c, ms in rows}

    def backend_cpu(self) -> float:
        """Return the CPU seconds of the app's backends on the bench's database."""
        pids = self.admin.execute(
            "select pid from pg_stat_activity where datname = %s and application_name = "
            "'strikekit'",
            (self.dbname,),
        ).fetchall()
        total = 0
        for (pid,) in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / TICKS

    def start(self) -> None:
        """Take the figures before a phase."""
        self.before = (self.statements(), self.backend_cpu())

    def stop(self, kind: str) -> None:
        """Add what a phase cost to ``kind``'s totals."""
        after, cpu = self.statements(), self.backend_cpu()
        totals = self.totals[kind]
        for query, (calls, ms) in after.items():
            was = self.before[0].get(query, (0.0, 0.0))
            totals[0] += calls - was[0]
            totals[1] += ms - was[1]
            texts = self.texts[kind]
            texts[query] = texts.get(query, 0.0) + calls - was[0]
        totals[2] += cpu - self.before[1]


def bench_cluster() -> pgtest.Cluster:
    """Start a throwaway cluster with pg_stat_statements loaded."""
    pgtest.SETTINGS.update({
        "shared_preload_libraries": "pg_stat_statements",
        "pg_stat_statements.track": "all",
        "pg_stat_statements.track_utility": "on",
        "pg_stat_statements.track_planning": "on",
    })  # fmt: skip
    return pgtest.Cluster()


def main() -> None:
    """Print statements, PostgreSQL's time and app CPU per write and per read."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pgwrite-"))
    from printkit.catalog import load_catalog

    CATALOG.append(load_catalog())
    cluster = bench_cluster()
    try:
        url = cluster.new_database()
        with psycopg.connect(cluster.url(), autocommit=True) as conn:
            conn.execute("create extension pg_stat_statements")  # read from the admin's db
        engines = [Engine("SQLite", str(folder / "bench.sqlite3"), folder, args.tables),
                   Engine("PostgreSQL", url, folder, args.tables)]  # fmt: skip
        counter = Counter(cluster.url(), url)
        for engine in engines:  # warm-up: every table's first write and read, not counted
            engine.round(None)
            engine.cpu, engine.count = dict.fromkeys(KINDS, 0.0), dict.fromkeys(KINDS, 0)
        for _ in range(args.rounds):  # alternating engines, so both see the same machine
            for engine in engines:
                engine.round(counter if engine.name == "PostgreSQL" else None)
        report(engines, counter, args.list)
    finally:
        cluster.stop()


def report(engines: list[Engine], counter: Counter, listed: bool) -> None:
    """Print the figures per operation."""
    sqlite, pg = engines
    print(f"{len(pg.tables)} tables x rounds; per operation (a read: one phone's GET)")
    print(f"{'':12} {'statements':>10} {'PG stmt ms':>10} {'PG CPU ms':>10} "
          f"{'app CPU ms PG':>14} {'SQLite':>8} {'PG/SQLite':>9}")  # fmt: skip
    for kind in KINDS:
        n = pg.count[kind] * (2 if kind == "Flask read" else 1)
        statements, ms, cpu = counter.totals[kind]
        app_pg = pg.cpu[kind] / n * 1000
        app_sqlite = sqlite.cpu[kind] / n * 1000
        print(f"{kind:12} {statements / n:10.2f} {ms / n:10.3f} {cpu / n * 1000:10.3f} "
              f"{app_pg:14.3f} {app_sqlite:8.3f} {app_pg / app_sqlite:9.2f}")  # fmt: skip
    if listed:
        for kind in KINDS:
            n = pg.count[kind] * (2 if kind == "Flask read" else 1)
            print(f"\n{kind}: statements per operation")
            for query, calls in sorted(counter.texts[kind].items(), key=lambda x: -x[1]):
                if calls:
                    print(f"  {calls / n:5.2f}  {json.dumps(' '.join(query.split()))[:150]}")


if __name__ == "__main__":
    main()
