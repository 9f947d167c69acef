"""Faults on purpose under write load: how long a fault takes to be said, how long the
server takes to recover, and whether any write is lost or doubled (#28 "Done when").

Runs ``companion serve`` (one process) on loopback, with writer phones each adding gems to
a table of their own as fast as answers come, and a prober reading /healthz and a static
file every 0.2 s. Three faults, one after another:

- ``frozen``: PostgreSQL stopped with SIGSTOP for --freeze seconds, then resumed;
- ``stopped``: PostgreSQL stopped (``pg_ctl stop -m fast``) for --down seconds, then started;
- ``disk-full``: SQLite on a small tmpfs, filled for --full seconds, then freed (root only).

A writer behaves as a phone that believes the server: after a 503 saying "nothing was
saved" it sends the write again as a new write (a new idempotency key); after a 503 saying
the outcome is unknown, or no answer, it sends it again with the same key. So a write the
server said was not saved but was is stored twice ("doubled"); an acknowledged write that
is not in the database at the end is "lost".

Usage: .venv/bin/python bench/fault_bench.py [--writers 4] [--freeze 20] [--down 10]
       [--full 10] [--only frozen,stopped,disk-full]
Loopback only; the throwaway PostgreSQL cluster comes from tests/pg.py; about a minute.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.pg import Cluster, free_port  # noqa: E402

WAIT = 5.0
"""A client's patience for one answer (a hang past it counts as no answer)."""


class Phone:
    """A phone with its own cookies, talking JSON to the server."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("GET", "/")

    def call(self, method: str, path: str, body: Any = None, etag: str = "") -> tuple[int, Any]:
        """Send one request; return the status (0: no answer within WAIT) and the body."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if etag:
            request.add_header("If-None-Match", etag)
        request.add_header("Content-Type", "application/json")
        csrf = next((c.value for c in self.jar if c.name == "csrf"), "") or ""
        request.add_header("X-CSRF-Token", csrf)
        try:
            with self.opener.open(request, timeout=WAIT) as answer:
                raw = answer.read()
                return answer.status, json.loads(raw) if raw[:1] in (b"{", b"[") else raw
        except urllib.error.HTTPError as err:
            with err:
                raw = err.read()
                return err.code, json.loads(raw) if raw[:1] == b"{" else {}
        except OSError:
            return 0, {}


@dataclass
class Log:
    """What the phones saw, with the monotonic time of each answer."""

    answers: list[tuple[float, str, int]] = field(default_factory=list)
    """(time, who: 'write' or 'health' or 'static', status)."""
    acked: set[str] = field(default_factory=set)
    """Logical writes acknowledged (200)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, who: str, status: int) -> None:
        """Record one answer."""
        with self.lock:
            self.answers.append((time.monotonic(), who, status))


def seated_match(base: str) -> tuple[Phone, str]:
    """Open a match, seat both players, choose both characters; return Ana's phone."""
    ana, ben = Phone(base), Phone(base)
    made = ana.call("POST", "/api/matches", {"players": ["Ana", "Ben"], "seat": 0})[1]
    ben.call("POST", f"/api/join/{made['join_code']}", {"seat": 1})
    for phone, who in ((ana, "grave"), (ben, "rook")):
        read = phone.call("GET", f"/api/matches/{made['match_id']}/state")
        assert read[0] == 200, read
        body = {"action": {"type": "choose", "character": who},
                "base_version": read[1]["version"],
                "idempotency_key": f"setup-{who}-{made['match_id']}"}  # fmt: skip
        phone.call("POST", f"/api/matches/{made['match_id']}/actions", body)
    return ana, made["match_id"]


def writer(base: str, name: str, log: Log, until: list[float]) -> None:
    """Add gems, one logical write after another, as a phone that believes the answers."""
    phone, match_id = seated_match(base)
    path = f"/api/matches/{match_id}/actions"
    version = phone.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
    number = 0
    while time.monotonic() < until[0]:
        number += 1
        attempt = 0
        while time.monotonic() < until[0]:
            key = f"{name}-{number}-{attempt}"
            body = {"action": {"type": "add_gem", "player": "Ana", "value": 1},
                    "base_version": version, "idempotency_key": key}  # fmt: skip
            status, said = phone.call("POST", path, body)
            log.note("write", status)
            if status == 200:
                version = int(said["version"])
                log.acked.add(f"{name}-{number}")
                break
            if status == 409:  # another version: read it, send again as a new write
                read = phone.call("GET", f"/api/matches/{match_id}/state")
                version = int(read[1]["version"]) if read[0] == 200 else version
                attempt += 1
            elif status == 503 and "nothing was saved" in str(said.get("error", "")):
                attempt += 1  # believed: a new write
            time.sleep(0.05)


def prober(base: str, log: Log, until: list[float]) -> None:
    """Read /healthz and a static file every 0.2 s."""
    phone = Phone(base)
    while time.monotonic() < until[0]:
        log.note("health", phone.call("GET", "/healthz")[0])
        log.note("static", phone.call("GET", "/static/app.css")[0])
        time.sleep(0.2)


def poller(base: str, log: Log, until: list[float]) -> None:
    """Poll a table's state as a phone does (a conditional GET, answered 304 unchanged)."""
    phone, match_id = seated_match(base)
    path = f"/api/matches/{match_id}/state"
    etag = ""
    while time.monotonic() < until[0]:
        request = urllib.request.Request(base + path)
        request.add_header("If-None-Match", etag)
        try:
            with phone.opener.open(request, timeout=WAIT) as answer:
                etag, status = answer.headers.get("ETag", etag), answer.status
                answer.read()
        except urllib.error.HTTPError as err:
            with err:
                status = err.code
        except OSError:
            status = 0
        log.note("poll", status)
        time.sleep(0.2)


def stored_writes(database: str) -> dict[str, int]:
    """Count the stored events of each logical write (by its idempotency key's prefix)."""
    from companion.storage import db

    conn = db.connect(database)
    try:
        keys = [row[0] for row in conn.execute("select idem from events where idem like 'w%'")]
    finally:
        conn.close()
    counts: dict[str, int] = {}
    for key in keys:
        logical = key.rsplit("-", 1)[0]
        counts[logical] = counts.get(logical, 0) + 1
    return counts


@contextmanager
def server(database: str, folder: Path) -> Any:
    """Run ``companion serve`` on the database; yield its address."""
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    errors = (folder / "server.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", database,
         "--no-limits", "--instance", str(folder / "instance")],
        stdout=subprocess.DEVNULL, stderr=errors,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        with suppress(subprocess.TimeoutExpired):
            process.wait(10)
        if process.poll() is None:
            process.kill()
        errors.close()


def run_fault(name: str, database: str, base: str, writers: int, fault: Any) -> str:
    """Run writers and the prober through one fault; return the figures as one line."""
    log = Log()
    until = [time.monotonic() + 3600.0]
    threads = [threading.Thread(target=writer, args=(base, f"w{name}{n}", log, until))
               for n in range(writers)]  # fmt: skip
    threads.append(threading.Thread(target=prober, args=(base, log, until)))
    threads.append(threading.Thread(target=poller, args=(base, log, until)))
    for thread in threads:
        thread.start()
    time.sleep(3)  # writing normally
    began = time.monotonic()
    ended = fault()
    time.sleep(5)  # writing again after it
    until[0] = 0.0
    for thread in threads:
        thread.join(WAIT + 5)
    return figures(name, log, began, ended, stored_writes(database))


def figures(name: str, log: Log, began: float, ended: float, stored: dict[str, int]) -> str:
    """Say time-to-503, slowest static and health answers, time-to-recover, lost, doubled."""
    during = [(t, w, s) for t, w, s in log.answers if began <= t <= ended]
    first_503 = next((t - began for t, w, s in during if w == "write" and s == 503), None)
    health_503 = next((t - began for t, w, s in during if w == "health" and s == 503), None)
    static_ok = sum(1 for _, w, s in during if w == "static" and s == 200)
    static_all = sum(1 for _, w, _ in during if w == "static")
    hangs = sum(1 for _, w, s in during if s == 0)
    poll_503 = next((t - began for t, w, s in during if w == "poll" and s == 503), None)
    back = next((t - ended for t, w, s in log.answers if t > ended and w == "write" and s == 200),
                None)  # fmt: skip
    lost = len([k for k in log.acked if k not in stored])
    doubled = sum(1 for count in stored.values() if count > 1)
    said = lambda x: "never" if x is None else f"{x:.2f} s"  # noqa: E731
    return (f"{name}: writes acked {len(log.acked)}, lost {lost}, doubled {doubled}; "
            f"first write 503 after {said(first_503)}, /healthz 503 after {said(health_503)}, "
            f"poll 503 after {said(poll_503)}, "
            f"static files {static_ok}/{static_all} answered during the fault, "
            f"{hangs} requests unanswered within {WAIT:g} s; "
            f"first write accepted {said(back)} after the fault ended")  # fmt: skip


def frozen_fault(cluster: Cluster, seconds: float) -> Any:
    """SIGSTOP the cluster for ``seconds``; return when it ended."""

    def fault() -> float:
        with cluster.frozen():
            time.sleep(seconds)
        return time.monotonic()

    return fault


def stopped_fault(cluster: Cluster, seconds: float) -> Any:
    """Stop the cluster's server for ``seconds``, then start it; return when it answers."""

    def fault() -> float:
        cluster.halt()
        time.sleep(seconds)
        cluster.start()
        return time.monotonic()

    return fault


def full_disk_fault(folder: Path, seconds: float) -> Any:
    """Fill the tmpfs for ``seconds``, then free it; return when it was freed."""

    def fault() -> float:
        filler = folder / "filler"
        with filler.open("wb", buffering=0) as out, suppress(OSError):
            while True:
                out.write(b"\0" * 65536)
        time.sleep(seconds)
        filler.unlink()
        return time.monotonic()

    return fault


def main() -> None:
    """Run the chosen faults and print one line of figures for each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--freeze", type=float, default=20.0)
    parser.add_argument("--down", type=float, default=10.0)
    parser.add_argument("--full", type=float, default=10.0)
    parser.add_argument("--only", default="frozen,stopped,disk-full")
    args = parser.parse_args()
    chosen = set(args.only.split(","))
    folder = Path(tempfile.mkdtemp(prefix="fault-bench-"))
    if chosen & {"frozen", "stopped"}:
        cluster = Cluster()
        try:
            for name, make in (("frozen", frozen_fault), ("stopped", stopped_fault)):
                if name in chosen:
                    database = cluster.new_database()
                    seconds = args.freeze if name == "frozen" else args.down
                    with server(database, folder / name) as base:
                        line = run_fault(name, database, base, args.writers,
                                         make(cluster, seconds))  # fmt: skip
                    print(f"{line} ({seconds:g} s fault, PostgreSQL)", flush=True)
        finally:
            cluster.stop()
    if "disk-full" in chosen:
        print(disk_full(folder, args), flush=True)


def disk_full(folder: Path, args: argparse.Namespace) -> str:
    """Run the disk-full fault on SQLite in a small tmpfs (root only); return its line."""
    if os.geteuid() != 0:
        return "disk-full: skipped (mounting a tmpfs needs root)"
    small = folder / "small"
    small.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(small)], check=True)
    try:
        database = str(small / "db.sqlite3")
        with server(database, folder / "disk-full") as base:
            line = run_fault("disk-full", database, base, args.writers,
                             full_disk_fault(small, args.full))  # fmt: skip
        return f"{line} ({args.full:g} s fault, SQLite)"
    finally:
        subprocess.run(["umount", "-l", str(small)], check=False)


if __name__ == "__main__":
    main()
