"""Capacity of one machine: how many phones (2 per table) one companion server holds.

Each phone keeps one keep-alive connection and polls its table's state once a second with a
conditional GET (``If-None-Match``), as the app does; one phone per table also posts one
action every 5 s. The load ramps through the given phone counts (default 400, 800, 1600,
3200); each step runs STEP seconds and reports requests/s, p50/p99 latency (from sending a
request to reading its whole answer), errors (anything but 200/304, and failed connections),
and the server's resident memory (all its processes). Loopback only, bounded in time.

Usage: .venv/bin/python bench/capacity_bench.py [--workers N] [--threads T] [--step S]
       [--phones 400,800,1600,3200] [--clients 2] [--wait 20]
       [--db postgresql://user@host:port/dbname [--groups 2]]
The client runs in ``--clients`` processes on the same machine as the server: on a 2-core
machine it takes part of the CPU that it measures, so read the figures as a lower bound.

``--db postgresql://...`` serves from that PostgreSQL database instead of a new SQLite file
(its tables are added to whatever it holds). ``--groups 2`` starts a second group of
``--workers`` app processes on another port, on the same database: a simulated second
machine. Each table's writing phone then talks to one group and its other phone to the
other, so "seen by the other phone" is a write crossing machines (through the database's
notices on PostgreSQL), and each step says how many of its writes the other phone saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

WRITE_EVERY = 5  # seconds between two writes at one table
WARMUP = WRITE_EVERY + 1.0  # not counted: connections opening, every table's first write


def free_port() -> int:
    """Pick a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def make_tables(path: Path | str, count: int) -> list[tuple[str, str, str]]:
    """Create ``count`` 2-player tables directly in the database; return (id, cookie A, B)."""
    from companion.game.puzzle_strike.actions import Choose
    from companion.game.puzzle_strike.piles import Mode
    from companion.game.puzzle_strike.room import RULES
    from companion.game.puzzle_strike.setup import Setup
    from companion.storage import db
    from companion.storage import matches as store
    from companion.storage import seats as seating
    from printkit.catalog import load_catalog

    catalog = load_catalog()
    db.migrate(path)
    conn = db.connect(path)
    tables = []
    bank = tuple(c.key for c in table_bank(catalog))
    setup = Setup(("Ana", "Ben"), Mode("two-player"), 3, ("base-3e",), bank, "base-3e", 1,
                  False)  # fmt: skip
    for _ in range(count):
        ids = store.create_match(conn, RULES, setup, catalog)
        _, token_a = seating.claim_seat(conn, ids["id"], 0, None)
        _, token_b = seating.claim_seat(conn, ids["id"], 1, None)
        for version, (who, character) in enumerate((("Ana", "grave"), ("Ben", "rook"))):
            write = store.Write(who, "action", Choose(character), version, f"s{who}")
            store.append(conn, ids["id"], write, catalog)
        tables.append((ids["id"], f"seat_{ids['id']}={token_a}", f"seat_{ids['id']}={token_b}"))
    conn.close()
    return tables


def table_bank(catalog):  # type: ignore[no-untyped-def]
    """The first recommended bank of base-3e (any fixed bank will do)."""
    from companion.game.puzzle_strike.bank import recommended_bank

    sets = {s.id: s for s in catalog.puzzle_strike_sets()}
    return recommended_bank(catalog, "base-3e", sets["base-3e"].recommended_banks[0].id).chips


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, str, bool]:
    """Read one HTTP answer: status, ETag, whether the server closes the connection."""
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionError("closed")
    length, etag, close = 0, "", False
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.partition(b":")
        name = name.lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"etag":
            etag = value.strip().decode()
        elif name == b"connection":
            close = value.strip().lower() == b"close"
    if length:
        await reader.readexactly(length)
    return int(status_line.split()[1]), etag, close


class Connection:
    """One keep-alive connection of a phone; reopened when the server closes it."""

    def __init__(self, port: int, count_from: float, out: dict[str, list]) -> None:
        self.port, self.count_from, self.out = port, count_from, out
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def ask(self, request: bytes, kind: str) -> tuple[int, str, float]:
        """Send a request and read its answer; return status, ETag and when it ended.

        Like a browser, a request on a kept-alive connection that the server closed before
        answering (its keep-alive timeout) is sent once more on a new connection.
        """
        start = time.monotonic()
        reused = self.streams is not None
        try:
            status, etag, close = await self.send(request, start)
        except (ConnectionError, asyncio.IncompleteReadError):
            self.close()
            if not reused:
                raise
            status, etag, close = await self.send(request, start)
        end = time.monotonic()
        if close:
            self.close()
        if start >= self.count_from:
            self.out[kind].append(end - start)
            if status not in (200, 304):
                self.out["errors"].append(status)
        return status, etag, end

    async def send(self, request: bytes, start: float) -> tuple[int, str, bool]:
        """Send on the open connection (opening one if needed) and read the answer."""
        if self.streams is None:
            self.streams = await asyncio.open_connection("127.0.0.1", self.port)
            if start >= self.count_from:
                self.out["connects"].append(1)
        reader, writer = self.streams
        writer.write(request)
        return await read_answer(reader)

    def close(self) -> None:
        """Close the connection."""
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


def version_of(etag: str) -> int:
    """Read the version from a state ETag ("v12.2-Ana")."""
    return int(etag.strip('"W/').split(".")[0].lstrip("v"))


async def guarded(job: Any, out: dict[str, list]) -> None:
    """Run a phone's loop; a failed connection counts as an error."""
    try:
        await job
    except (OSError, ConnectionError, asyncio.IncompleteReadError, ValueError) as exc:
        out["errors"].append(0)
        out.setdefault("why", []).append(repr(exc))


async def pace(due: float) -> None:
    """Sleep until ``due``: each phone keeps its own phase.

    Sleeping a fixed time after each answer instead would line the phones up after any
    pause (all the answers it held end together, and so would the next requests), a
    synchronised burst that phones on their own networks, with their own delays, do not make.
    """
    await asyncio.sleep(max(0.0, due - time.monotonic()))


async def poller(conn: Connection, table: tuple[str, str, str], seat: int, until: float,
                 wait: float, acks: dict[tuple[str, int], float],
                 seen: dict[str, int]) -> None:  # fmt: skip
    """A phone polling its table: once a second, or a long poll at most once a second."""
    match_id, cookie = table[0], table[1 + seat]
    headers = f"Host: 127.0.0.1\r\nCookie: {cookie}; csrf=bench\r\n"
    path = f"/api/matches/{match_id}/state"
    etag = ""
    due = time.monotonic() + random.random()  # each phone its own phase, kept (see pace)
    await pace(due)
    while time.monotonic() < until:
        started = time.monotonic()
        query = f"?wait={wait:g}" if wait and etag else ""
        conditional = f"If-None-Match: {etag}\r\n" if etag else ""
        request = f"GET {path}{query} HTTP/1.1\r\n{headers}{conditional}\r\n".encode()
        status, new_etag, ended = await conn.ask(request, "longpoll" if query else "poll")
        if status == 200 and etag and seat == 1:  # the other phone sees a write
            seen[match_id] = max(seen.get(match_id, 0), version_of(new_etag))
            acked = acks.get((match_id, version_of(new_etag)))
            if acked is not None and ended >= conn.count_from:
                conn.out["delay"].append(max(0.0, ended - acked))
        etag = new_etag or etag
        due = max(due + 1.0, started + 1.0)
        await pace(due)
    conn.close()


async def writer(conn: Connection, table: tuple[str, str, str], until: float,
                 acks: dict[tuple[str, int], float]) -> None:  # fmt: skip
    """The first phone's actions: one every WRITE_EVERY seconds."""
    match_id, cookie = table[0], table[1]
    headers = f"Host: 127.0.0.1\r\nCookie: {cookie}; csrf=bench\r\nX-CSRF-Token: bench\r\n"
    nonce = f"{match_id}-{random.getrandbits(64):x}"  # each step writes with new keys
    due = time.monotonic() + random.random() * WRITE_EVERY
    await pace(due)
    version, tick = await current_version(conn, match_id, headers), 0
    while time.monotonic() < until:
        tick += 1
        action = {"type": "stack", "stack": "fixed/wound", "state": "empty" if tick % 2 else "full"}
        body = json.dumps(
            {"action": action, "base_version": version, "idempotency_key": f"{nonce}-{tick}"}
        ).encode()
        request = (
            f"POST /api/matches/{match_id}/actions HTTP/1.1\r\n{headers}"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        status, _, ended = await conn.ask(request, "write")
        if status == 200:
            version += 1
            acks[(match_id, version)] = ended
        else:
            version = await current_version(conn, match_id, headers)
        due = max(due + WRITE_EVERY, time.monotonic())
        await pace(due)
    conn.close()


async def current_version(conn: Connection, match_id: str, headers: str) -> int:
    """Read a table's version (once, before the first write of a step)."""
    request = f"GET /api/matches/{match_id}/state HTTP/1.1\r\n{headers}\r\n".encode()
    _, etag, _ = await conn.ask(request, "setup")
    return version_of(etag)


SEEN_WITHIN = 3.0
"""A write acknowledged this long before a step ends must have been seen by the other phone."""


def client(
    args: tuple[list[int], list[tuple[str, str, str]], float, float, float],
) -> dict[str, list]:
    """One client process: two phones per table, until ``until`` (wall clock). With two
    ports (two groups of app servers), table i's writer talks to ports[i % 2] and its
    other phone to the other port."""
    ports, tables, until_wall, count_from_wall, wait = args
    kinds = ("poll", "longpoll", "write", "setup", "delay", "errors", "connects")
    out: dict[str, list] = {k: [] for k in kinds}
    acks: dict[tuple[str, int], float] = {}
    seen: dict[str, int] = {}

    async def run() -> None:
        offset = time.monotonic() - time.time()
        until, count_from = until_wall + offset, count_from_wall + offset
        jobs = []
        for i, t in enumerate(tables):
            mine, other = ports[i % len(ports)], ports[(i + 1) % len(ports)]
            for seat in (0, 1):
                conn = Connection(other if seat else mine, count_from, out)
                jobs.append(guarded(poller(conn, t, seat, until, wait, acks, seen), out))
            jobs.append(guarded(writer(Connection(mine, count_from, out), t, until, acks), out))
        await asyncio.gather(*jobs)
        due = [(m, v) for (m, v), at in acks.items() if count_from <= at <= until - SEEN_WITHIN]
        out["writes_due"] = [len(due)]
        out["writes_seen"] = [sum(1 for m, v in due if seen.get(m, 0) >= v)]

    asyncio.run(run())
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu"] = [usage.ru_utime + usage.ru_stime]
    return out


def server_pids(pid: int) -> list[int]:
    """Return the server's process and its children (gunicorn workers)."""
    try:
        return [
            pid,
            *(int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()),
        ]
    except OSError:
        return [pid]


def server_cpu_seconds(pid: int) -> float:
    """Sum the CPU time (user + system) the server's processes have used so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in server_pids(pid):
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def server_memory_mb(pid: int) -> float:
    """Sum the resident memory of the server and its child processes."""
    total = 0
    for p in server_pids(pid):
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def percentile(values: list[float], q: float) -> float:
    """Return the q-quantile in milliseconds."""
    if not values:
        return float("nan")
    if len(values) == 1:  # too few to cut into quantiles (a very short step)
        return values[0] * 1000
    return statistics.quantiles(values, n=1000)[int(q * 1000) - 1] * 1000


class SteadyCpu:
    """The servers' CPU over the measured seconds alone (read at their start and end from a
    thread), beside ``server_ms``, which reads it over the warm-up too and scales it."""

    def __init__(self, servers: list[int], start: float, end: float) -> None:
        self.servers = servers
        self.read: list[float] = []
        self.thread = threading.Thread(target=self.sample, args=(start, end), daemon=True)
        self.thread.start()

    def sample(self, start: float, end: float) -> None:
        """Read the servers' CPU at ``start`` and at ``end`` (wall clock)."""
        for at in (start, end):
            time.sleep(max(0.0, at - time.time()))
            self.read.append(sum(server_cpu_seconds(s) for s in self.servers))

    def seconds(self) -> float:
        """Return the CPU seconds between the two readings."""
        self.thread.join()
        return self.read[1] - self.read[0]


def run_step(ports: list[int], servers: list[int], tables: list, phones: int, seconds: float,
             clients: int, wait: float) -> dict[str, float]:  # fmt: skip
    """Run one step of the ramp and summarise it."""
    mine = tables[: phones // 2]
    load = os.getloadavg()[0]
    cpu_before = sum(server_cpu_seconds(s) for s in servers)
    start = time.time()
    until, count_from = start + WARMUP + seconds, start + WARMUP
    parts = [mine[i::clients] for i in range(clients)]
    steady = SteadyCpu(servers, count_from, until)
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        results = pool.map(client, [(ports, p, until, count_from, wait) for p in parts])
    server_cpu = sum(server_cpu_seconds(s) for s in servers) - cpu_before
    client_cpu = sum(r["cpu"][0] for r in results)
    got = {k: [x for r in results for x in r[k]] for k in ("poll", "longpoll", "write", "delay")}
    errors = sum(len(r["errors"]) for r in results)
    connects = sum(len(r["connects"]) for r in results)
    why = [w for r in results for w in r.get("why", [])]
    if why:
        print(f"  first failure: {why[0]}", flush=True)
    immediate = got["poll"] + got["write"]
    requests = len(immediate) + len(got["longpoll"])
    share = seconds / (seconds + WARMUP)  # CPU is read over the warm-up too
    return {
        "phones": phones,
        "req_s": requests / seconds,
        "p50": percentile(immediate, 0.5),
        "p99": percentile(immediate, 0.99),
        "write_p99": percentile(got["write"], 0.99),
        "delay_p50": percentile(got["delay"], 0.5),
        "delay_p99": percentile(got["delay"], 0.99),
        "errors": errors,
        "connects_s": connects / seconds,
        "load": load,
        "writes_due": sum(r["writes_due"][0] for r in results),
        "writes_seen": sum(r["writes_seen"][0] for r in results),
        "server_ms": server_cpu * share / max(1, requests) * 1000,
        "steady_ms": steady.seconds() / max(1, requests) * 1000,
        "client_ms": client_cpu * share / max(1, requests) * 1000,
    }


def is_held(r: dict[str, float], wait: float) -> bool:
    """Whether a step held: no error, and p99 < 50 ms for the answers that do not wait
    (polls and writes; with long polls, the writes, and a change seen within 1 s at p99)."""
    if r["errors"] or r["writes_seen"] < r["writes_due"]:
        return False
    if wait:
        return r["write_p99"] < 50 and r["delay_p99"] < 1000
    return r["p99"] < 50


def describe(r: dict[str, float], memory: float) -> str:
    """One line per step."""
    return (
        f"{r['phones']:>5} phones: {r['req_s']:5.0f} req/s  p50 {r['p50']:6.1f} ms  "
        f"p99 {r['p99']:6.1f} ms  (writes p99 {r['write_p99']:6.1f} ms)  seen by the other "
        f"phone p50 {r['delay_p50']:4.0f} / p99 {r['delay_p99']:4.0f} ms "
        f"({r['writes_seen']:.0f} of {r['writes_due']:.0f} writes seen)  "
        f"errors {r['errors']:>3}  new conn. {r['connects_s']:3.0f}/s  server {memory:3.0f} MB, "
        f"CPU {r['server_ms']:.2f} ms/req (steady {r['steady_ms']:.2f})  "
        f"client CPU {r['client_ms']:.2f} ms/req  "
        f"load avg {r['load']:.1f}"
    )


def start_server(database: str, port: int, args: argparse.Namespace, log: Path) -> Any:
    """Start one group of app processes (``companion serve``) on the database."""
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", database,
         "--workers", str(args.workers), "--threads", str(args.threads), "--no-limits",
         # every simulated phone comes from 127.0.0.1: the per-address cap (#28's guard,
         # 512 a process) would refuse most of them, which real phones on their own
         # addresses never meet
         "--max-connections-per-address", "4096",
         *(["--long-polls", str(args.long_polls)] if args.long_polls is not None else [])],
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
    )  # fmt: skip


def is_ready(server: Any, port: int, seconds: float = 60) -> bool:
    """Wait until a server answers /healthz (all its workers up, on a busy machine too)."""
    deadline = time.time() + seconds
    while time.time() < deadline and server.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    time.sleep(1)  # gunicorn's other workers boot alongside the first
                    return True
        except OSError:
            pass
        time.sleep(0.3)
    return False


def main() -> None:
    """Start the server(s), ramp the phones, print one line per step and the largest held load."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1, help="app processes per group")
    parser.add_argument("--threads", type=int, default=32)
    parser.add_argument("--step", type=float, default=15.0, help="seconds measured per step")
    parser.add_argument("--phones", default="400,800,1600,3200")
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument("--wait", type=float, default=0, help="long-poll seconds (0: none)")
    parser.add_argument("--long-polls", type=int, help="waiting polls per process (threads/2)")
    parser.add_argument("--db", help="postgresql://... (default: a new SQLite file)")
    parser.add_argument("--groups", type=int, default=1, choices=(1, 2),
                        help="2: a second group of app processes on another port (a second "
                        "machine); each table's phones talk to different groups")  # fmt: skip
    args = parser.parse_args()
    steps = [int(p) for p in args.phones.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="capacity-"))
    database = args.db or str(tmp / "db.sqlite3")
    began = time.time()
    tables = make_tables(database, max(steps) // 2)
    print(f"setup: {len(tables)} tables in {time.time() - began:.1f} s", flush=True)
    ports = [free_port() for _ in range(args.groups)]
    servers = [start_server(database, p, args, tmp / f"server{n}.log") for n, p in enumerate(ports)]
    for n, (server, port) in enumerate(zip(servers, ports, strict=True)):
        if not is_ready(server, port):
            for other in servers:
                other.kill()
            sys.exit("a server did not start: " + (tmp / f"server{n}.log").read_text()[-500:])
    held = 0
    try:
        waiting = f", long poll {args.wait:g} s" if args.wait else ""
        engine = "PostgreSQL" if database.startswith("postgres") else "SQLite"
        print(f"{engine}, {args.groups} group(s) of {args.workers} workers, threads "
              f"{args.threads}, {args.clients} client processes, {args.step:g} s per step"
              f"{waiting}")  # fmt: skip
        pids = [s.pid for s in servers]
        for phones in steps:
            r = run_step(ports, pids, tables, phones, args.step, args.clients, args.wait)
            print(describe(r, sum(server_memory_mb(p) for p in pids)), flush=True)
            if is_held(r, args.wait):
                held = phones
        print(f"largest load held (p99 < 50 ms, no error, every write seen): {held} phones "
              f"({held // 2} tables)")  # fmt: skip
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=15)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
