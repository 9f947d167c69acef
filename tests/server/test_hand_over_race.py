"""A hand-over racing the old phone's secret pick, under ``companion serve --workers 2``
(issue #26, item 4): the seat is checked inside the write's own transaction, so the old
phone's ``choose`` is either applied before the hand-over (which then refuses: the seat holds
a secret) or refused after it; never both accepted.
"""

from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.storage.test_durability import Phone, free_port
from tests.storage.test_multiprocess import start_workers, stop

pytestmark = pytest.mark.slow
TRIALS = 150


def casual_table(base: str) -> tuple[Phone, Phone, str]:
    """Open a casual Puzzle Strike table with Ana (seat 0) and Ben (seat 1) seated."""
    ana, ben = Phone(base), Phone(base)
    ana.call("GET", "/")
    ben.call("GET", "/")
    status, made = ana.call("POST", "/api/matches", {"players": ["Ana", "Ben"], "seat": 0})
    assert status == 201, made
    assert ben.call("POST", f"/api/join/{made['join_code']}", {"seat": 1})[0] == 200
    return ana, ben, str(made["match_id"])


def race(first: Any, second: Any, shift: float) -> tuple[Any, Any]:
    """Start both calls from threads released together, the second ``shift`` seconds late."""
    gate = threading.Barrier(2)
    answers: list[Any] = [None, None]

    def run(n: int, call: Any, delay: float) -> None:
        gate.wait()
        if delay:
            time.sleep(delay)
        answers[n] = call()

    threads = [
        threading.Thread(target=run, args=(0, first, 0.0)),
        threading.Thread(target=run, args=(1, second, shift)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers[0], answers[1]


@pytest.fixture
def server(tmp_path: Path) -> Any:
    """``companion serve --workers 2`` on a fresh database."""
    port = free_port()
    process = start_workers(tmp_path / "t.db", port, 2)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def test_the_old_phones_secret_pick_never_lands_after_its_seat_was_handed_over(
    server: str,
) -> None:
    both = []
    orders = {"pick first": 0, "hand-over first": 0}
    for trial in range(TRIALS):
        ana, ben, match_id = casual_table(server)
        version = ana.call("GET", f"/api/matches/{match_id}/state")[1]["version"]
        pick_body = {
            "action": {"type": "choose", "character": "grave"},
            "base_version": version,
            "idempotency_key": uuid.uuid4().hex,
        }

        def pick(ana: Phone = ana, match_id: str = match_id, body: Any = pick_body) -> Any:
            return ana.call("POST", f"/api/matches/{match_id}/actions", body)

        def hand(ben: Phone = ben, match_id: str = match_id) -> Any:
            return ben.call("POST", f"/api/matches/{match_id}/seats/0/hand-over", {})

        shift = (trial // 2 % 8) * 0.0005  # both orders, and a little apart
        if trial % 2:
            handed, picked = race(hand, pick, shift)
        else:
            picked, handed = race(pick, hand, shift)
        if picked[0] == 200 and handed[0] == 200:
            both.append(trial)
            continue
        assert {picked[0], handed[0]} in ({200, 409}, {200, 403}), (picked, handed)
        if picked[0] == 200:
            orders["pick first"] += 1
            assert "secret" in handed[1]["error"]  # a secret pick is held now
        else:
            orders["hand-over first"] += 1
            assert picked[0] == 403, picked
        # Whatever the order, the table agrees with the answers the phones got.
        table = ben.call("GET", f"/api/matches/{match_id}/state")[1]
        history = " ".join(str(line) for line in table["history"])
        assert ("handed" in history) == (handed[0] == 200)
    assert not both, f"both the old phone's pick and the hand-over were accepted in {both}"
    assert all(orders.values()), orders  # both orders were played
