"""Eight phones writing to one table at once: nothing lost, nothing applied twice."""

from __future__ import annotations

import threading
import uuid
from collections import Counter

import pytest
from flask import Flask

from companion.storage import db
from tests.conftest import CSRF, act, phone, post, start_duel

THREADS, TOTAL = 8, 500


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # PostgreSQL: test_multiprocess
def test_eight_threads_500_events(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    seat = a.get_cookie(f"seat_{match_id}")
    assert seat is not None
    stacks = [
        s["key"] for s in a.get(f"/api/matches/{match_id}/state").get_json()["state"]["stacks"]
    ]
    accepted: list[str] = []
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def worker(n: int) -> None:
        client = phone(app)
        client.set_cookie(f"seat_{match_id}", seat.value)
        i = 0
        while True:
            with lock:
                if len(accepted) >= TOTAL:
                    return
            key = uuid.uuid4().hex
            action = {
                "type": "stack",
                "stack": stacks[(n + i) % len(stacks)],
                "state": "empty" if i % 2 == 0 else "full",
            }
            for _ in range(50):
                version = client.get(f"/api/matches/{match_id}/state").get_json()["version"]
                response = post(
                    client,
                    f"/api/matches/{match_id}/actions",
                    {"action": action, "base_version": version, "idempotency_key": key},
                )
                with lock:
                    statuses[response.status_code] += 1
                if response.status_code == 200:
                    if i % 10 == 0:  # a phone that did not hear the answer sends it again
                        again = post(
                            client,
                            f"/api/matches/{match_id}/actions",
                            {"action": action, "base_version": version, "idempotency_key": key},
                        )
                        assert again.status_code == 200
                    with lock:
                        accepted.append(key)
                    break
                assert response.status_code == 409, response.get_json()
            i += 1

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses[500] == 0
    assert set(statuses) <= {200, 409}
    conn = db.connect(app.config["DATABASE"])
    rows = conn.execute(
        "select version, idem from events where match_id = ? order by version", (match_id,)
    ).fetchall()
    conn.close()
    versions = [v for v, _ in rows]
    assert versions == list(range(1, len(rows) + 1))  # strictly increasing, no gaps
    keys = Counter(k for _, k in rows)
    assert all(keys[k] == 1 for k in accepted)  # every accepted event exactly once
    assert len(accepted) >= TOTAL and len(set(accepted)) == len(accepted)
    assert len(rows) == 2 + len(accepted)  # the two character choices, then the stacks
    assert CSRF
