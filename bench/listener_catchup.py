"""How long a phone waits on a second app server while that server's LISTEN connection is
down (issue #28 item 12: docs/hosting.md said 150 ms; the host measured about 1 s).

Two `companion serve` processes on one throwaway PostgreSQL cluster (tests/pg.py), a phone
long-polling a match on the second; each trial cuts the second server's listening
connection (pg_terminate_backend), then writes through the first at once, and times the
wake-up. Also the same write with the listener up, for comparison.
Run: .venv/bin/python bench/listener_catchup.py [TRIALS]   (root, Debian's postgresql)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg

from tests.pg import Cluster
from tests.server.test_pg_notify import etag_of, long_poll, serve
from tests.storage.test_multiprocess import copy_phone, seated_match, stop


def cut_listeners(url: str) -> int:
    """End every LISTENing connection of the database; return how many."""
    with psycopg.connect(url, autocommit=True) as admin:
        rows = admin.execute(
            "select pg_terminate_backend(pid) from pg_stat_activity "
            "where datname = current_database() and query ilike 'listen%'"
        ).fetchall()
    return len(rows)


def trial(writer: Any, reader: Any, match_id: str, stack: str, url: str, cut: bool) -> float:
    """Write once while the reader waits (its server's listener cut first, or not); return
    the seconds from the write to the reader's answer."""
    answer: list[tuple[int, float]] = []
    etag = etag_of(reader, match_id)
    thread = threading.Thread(target=lambda: answer.append(long_poll(reader, match_id, etag, 20)))
    thread.start()
    time.sleep(0.5)  # the poll waits on the second server
    if cut:
        assert cut_listeners(url) >= 1
    version = writer.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
    body = {"action": {"type": "stack", "stack": stack, "state": "empty"},
            "base_version": version, "idempotency_key": uuid.uuid4().hex}  # fmt: skip
    wrote = time.monotonic()
    assert writer.call("POST", f"/api/matches/{match_id}/actions", body)[0] == 200
    thread.join()
    assert answer[0][0] == 200, answer
    return time.monotonic() - wrote


def main(trials: int) -> None:
    """Print the wake-up times with the listener up and cut."""
    cluster = Cluster()
    try:
        url = cluster.new_database()
        folder = Path(tempfile.mkdtemp(prefix="catchup-"))
        first, base_1 = serve(url, folder / "instance")
        second, base_2 = serve(url, folder / "instance")
        try:
            writer, match_id, stacks = seated_match(base_1)
            reader = copy_phone(writer)
            reader.base = base_2
            results: dict[bool, list[float]] = {False: [], True: []}
            for n in range(trials * 2):
                cut = n % 2 == 1
                results[cut].append(trial(writer, reader, match_id, stacks[n % len(stacks)],
                                          url, cut))  # fmt: skip
                time.sleep(1.5 if cut else 0.2)  # let the listener come back
            for cut, waits in results.items():
                label = "listener cut just before the write" if cut else "listener up"
                print(f"{label}: median {statistics.median(waits) * 1000:.0f} ms, "
                      f"max {max(waits) * 1000:.0f} ms over {len(waits)} writes")  # fmt: skip
        finally:
            stop(first)
            stop(second)
    finally:
        cluster.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
