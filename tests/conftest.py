"""Shared fixtures: the real catalog, and copies of our data to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.catalog import BUILTIN_DATA, Catalog, load_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The real catalog, loaded once."""
    return load_catalog()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of data/ that a test may edit."""
    target = tmp_path / "data"
    shutil.copytree(BUILTIN_DATA, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace one exact occurrence of ``old`` in a data file (fails loudly if absent)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- the companion web app -------------------------------------------------------------

from collections.abc import Iterator  # noqa: E402
from typing import Any  # noqa: E402

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

CSRF = "test-csrf-token"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """An app with a fresh database in a temporary folder."""
    from companion import create_app
    from companion.db import close_thread_connections
    from companion.store import clear_cache

    clear_cache()
    yield create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "SECRET_KEY": "t"})
    clear_cache()
    close_thread_connections()


def phone(app: Flask) -> FlaskClient:
    """A phone: its own cookies, and the CSRF cookie a page would have set."""
    client = app.test_client()
    client.set_cookie("csrf", CSRF)
    return client


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """One phone."""
    return phone(app)


def post(client: FlaskClient, url: str, body: Any, csrf: bool = True) -> Any:
    """POST JSON the way the app's pages do."""
    headers = {"X-CSRF-Token": CSRF} if csrf else {}
    return client.post(url, json=body, headers=headers)


def start_duel(
    app: Flask, players: tuple[str, str] = ("Ana", "Ben")
) -> tuple[str, FlaskClient, FlaskClient]:
    """Start a 2-player match on phone A (seat 0) and join phone B (seat 1)."""
    a, b = phone(app), phone(app)
    made = post(
        a, "/api/matches", {"players": list(players), "seat": 0, "recommended": "First Game"}
    )
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    joined = post(b, f"/api/join/{data['join_code']}", {"seat": 1})
    assert joined.status_code == 200, joined.get_json()
    return data["match_id"], a, b


def act(client: FlaskClient, match_id: str, action: dict[str, Any], key: str | None = None) -> Any:
    """Post an action based on the phone's latest version."""
    import uuid

    version = client.get(f"/api/matches/{match_id}/state").get_json()["version"]
    body = {"action": action, "base_version": version, "idempotency_key": key or uuid.uuid4().hex}
    return post(client, f"/api/matches/{match_id}/actions", body)
