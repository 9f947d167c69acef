"""On PostgreSQL a long poll is woken by the database's notice, whichever app server wrote:
two servers (two machines, as far as they know) on one database, a phone waiting on one, a
write through the other."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest

from companion.server.front import SAFETY_SECONDS
from tests.storage.test_durability import Phone, free_port
from tests.storage.test_multiprocess import copy_phone, seated_match, stop

pytestmark = pytest.mark.postgresql


def serve(database: str, instance: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``companion serve`` (one process) on the database; return it and its address."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", database,
         "--no-limits", "--instance", str(instance)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if Phone(base).call("GET", "/healthz")[0] == 200:
                return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


def long_poll(phone: Phone, match_id: str, etag: str, wait: int) -> tuple[int, float]:
    """Wait on a match's state; return the status and the seconds it took."""
    request = urllib.request.Request(f"{phone.base}/api/matches/{match_id}/state?wait={wait}")
    request.add_header("If-None-Match", etag)
    started = time.monotonic()
    try:
        with phone.opener.open(request, timeout=wait + 10) as response:
            return response.status, time.monotonic() - started
    except urllib.error.HTTPError as err:
        with err:
            return err.code, time.monotonic() - started


def etag_of(phone: Phone, match_id: str) -> str:
    """Return the ETag of a match's state as this phone reads it."""
    with phone.opener.open(f"{phone.base}/api/matches/{match_id}/state", timeout=10) as response:
        return str(response.headers["ETag"])


def test_a_write_through_one_server_wakes_a_long_poll_on_another_at_once(
    pg_database: str, tmp_path: Path
) -> None:
    database = pg_database
    first, base_1 = serve(database, tmp_path / "instance")
    second, base_2 = serve(database, tmp_path / "instance")
    try:
        writer, match_id, stacks = seated_match(base_1)
        reader = copy_phone(writer)
        reader.base = base_2
        assert long_poll(reader, match_id, etag_of(reader, match_id), 1)[0] == 304  # listens
        waits: list[float] = []
        for n in range(3):
            etag = etag_of(reader, match_id)
            answer: list[tuple[int, float]] = []
            thread = threading.Thread(
                target=lambda e, out: out.append(long_poll(reader, match_id, e, 20)),
                args=(etag, answer),
            )
            thread.start()
            time.sleep(0.5)  # the poll waits on the second server
            version = writer.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
            body: dict[str, Any] = {
                "action": {"type": "stack", "stack": stacks[n], "state": "empty"},
                "base_version": version,
                "idempotency_key": uuid.uuid4().hex,
            }
            wrote = time.monotonic()
            assert writer.call("POST", f"/api/matches/{match_id}/actions", body)[0] == 200
            thread.join()
            status, _ = answer[0]
            assert status == 200
            waits.append(time.monotonic() - wrote)
        # Without the notice the second server would read versions every SAFETY_SECONDS.
        assert max(waits) < SAFETY_SECONDS / 2, waits
    finally:
        stop(first)
        stop(second)
