"""A tournament of the largest legal size finishes on the default limits: its address's cap
on open tournament tables counts only the tables still being played (issue #28, item 1)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.game.tournament.model import MAX_PLAYERS
from companion.storage.db import close_thread_connections
from companion.storage.matches import clear_cache
from companion.web.hosting import DEFAULT_LIMITS
from tests.conftest import CSRF

ORGANISER = "10.0.0.1"


@pytest.fixture
def limited(database: str, tmp_path: Path) -> Iterator[Flask]:
    """An app on either engine with the default hosting limits."""
    clear_cache()
    config = {"TESTING": True, "DATABASE": database, "SECRET_KEY": "t",
              "HOSTING_LIMITS": DEFAULT_LIMITS}  # fmt: skip
    yield create_app(config, instance_path=tmp_path / "instance")
    clear_cache()
    close_thread_connections()


def as_from(client: FlaskClient, url: str, body: Any, headers: dict[str, str], address: str) -> Any:
    """POST JSON from one client address."""
    return client.post(url, json=body, headers={**headers, "X-CSRF-Token": CSRF},
                       environ_base={"REMOTE_ADDR": address})  # fmt: skip


def judges() -> Iterator[str]:
    """Addresses of the judges' phones that type the results in: 256 results a round come
    from many phones over a round's 40 minutes, so the per-address write rate (600 a
    minute, a separate limit) is not what this test measures."""
    for n in itertools.count():
        yield f"10.1.{n // 250 % 250}.{n % 250 + 1}"


def test_the_largest_event_runs_its_swiss_rounds_and_top_cut_on_default_limits(
    limited: Flask,
) -> None:
    """512 players: 9 Swiss rounds of 256 tables and a top 8 from one organiser's address
    (before, round 2 was refused with 429: the 256 finished tables of round 1 counted)."""
    client = limited.test_client()
    client.set_cookie("csrf", CSRF)
    names = [f"Player {n:03}" for n in range(MAX_PLAYERS)]
    made = as_from(client, "/api/tournaments", {"name": "Nationals", "players": names,
                                                "top_cut": 8}, {}, ORGANISER)  # fmt: skip
    assert made.status_code == 201, made.get_json()
    tid = made.get_json()["tournament_id"]
    headers = {"X-Organiser-Token": made.get_json()["organiser_url"].rsplit("/", 1)[1]}
    phones = judges()
    stages = []
    for number in itertools.count(1):
        started = as_from(client, f"/api/tournaments/{tid}/rounds", {"round": number}, headers,
                          ORGANISER)  # fmt: skip
        assert started.status_code == 201, (number, started.get_json())
        data = client.get(f"/api/tournaments/{tid}", headers=headers).get_json()
        stages.append(data["rounds"][-1]["stage"])
        for t in data["rounds"][-1]["tables"]:
            if t["b"] is None:
                continue
            url = f"/api/tournaments/{tid}/rounds/{number}/tables/{t['table']}/result"
            entered = as_from(client, url, {"wins_a": 2, "wins_b": 1}, headers, next(phones))
            assert entered.status_code == 200, entered.get_json()
        if data["next"]["stage"] is None:
            break
    final = client.get(f"/api/tournaments/{tid}").get_json()
    assert stages == ["swiss"] * 9 + ["top"] * 3
    assert final["next"]["over"] and final["next"]["winner"]
