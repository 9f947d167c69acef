"""Shared fixtures: the real catalog, and copies of our data to break on purpose."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from companion.server.limits import Limits
from printkit.catalog import BUILTIN_DATA, Catalog, load_catalog

if TYPE_CHECKING:
    from tests.pg import Cluster

# Files whose tests start servers, build wheels or render PDFs in subprocesses: marked slow, so
# `pytest -m "not slow and not browser"` gives the quick loop while editing.
SLOW_FILES = {
    "test_multiprocess.py",
    "test_pg_notify.py",
    "test_copy.py",
    "test_durability.py",
    "test_hosting.py",
    "test_front.py",
    "test_serve_stop.py",
    "test_http_limits.py",
    "test_wheel.py",
    "test_bench_scripts.py",
    "test_print_quality.py",
    "test_tournament_slips.py",
    "test_build.py",
    "test_tournament_limits.py",
    "test_migration_race.py",
    "test_copy_live.py",
    "test_hosting_recipe.py",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests (their folder) and the slow ones (SLOW_FILES)."""
    for item in items:
        if item.path.parent.name == "browser":
            item.add_marker(pytest.mark.browser)
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


# Hypothesis keeps no example database in the checkout (tests write nothing there).
settings.register_profile("strikekit", database=None)
settings.load_profile("strikekit")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for this session (this xdist worker), started at first
    use (tests/pg.py); skipped where Debian's postgresql is missing, except on CI."""
    from tests.pg import Cluster

    try:
        cluster = Cluster()
    except FileNotFoundError as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))
    yield cluster
    cluster.stop()


ENGINES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgresql),
]


@pytest.fixture(params=ENGINES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database on each engine in turn: a SQLite file in the test's folder, or a
    database of its own in the session's PostgreSQL cluster (dropped after the test)."""
    from companion.storage.db import close_thread_connections
    from companion.storage.matches import clear_cache

    if request.param == "sqlite":
        yield str(tmp_path / "db.sqlite3")
        return
    cluster = request.getfixturevalue("pg_cluster")
    url = cluster.new_database()
    yield url
    clear_cache()
    close_thread_connections()
    cluster.drop_database(url)


@pytest.fixture
def pg_database(pg_cluster: Cluster) -> Iterator[str]:
    """An empty PostgreSQL database of its own (for tests of PostgreSQL alone)."""
    from companion.storage.db import close_thread_connections
    from companion.storage.matches import clear_cache

    url = pg_cluster.new_database()
    yield url
    clear_cache()
    close_thread_connections()
    pg_cluster.drop_database(url)


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

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from tests.helpers import CSRF, act, close_fast_polls, phone, post, start_duel  # noqa: E402, F401


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """An app with a fresh database and instance folder in a temporary folder."""
    from companion import create_app
    from companion.storage.db import close_thread_connections
    from companion.storage.matches import clear_cache

    clear_cache()
    config = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "SECRET_KEY": "t"}
    made = create_app(config, instance_path=tmp_path / "instance")
    yield made
    clear_cache()
    close_fast_polls(made)
    close_thread_connections()


@pytest.fixture
def engine_app(tmp_path: Path, database: str) -> Iterator[Flask]:
    """An app on a fresh database of each engine (SQLite, then PostgreSQL), its instance
    folder in a temporary folder."""
    from companion import create_app
    from companion.storage.db import close_thread_connections
    from companion.storage.matches import clear_cache

    clear_cache()
    config = {"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"}
    made = create_app(config, instance_path=tmp_path / "instance")
    yield made
    clear_cache()
    close_fast_polls(made)
    close_thread_connections()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """One phone."""
    return phone(app)


@contextlib.contextmanager
def served(app: Flask, limits: Limits | None = None) -> Iterator[str]:
    """Serve the app as ``companion serve`` does (uvicorn, the front, the HTTP limits) on a
    free local port; yield its address."""
    import socket
    import threading
    import time

    import uvicorn

    from companion.server.front import Front
    from companion.server.serve import FrontServer, uvicorn_options

    front = Front(app, threads=8, long_polls=64)
    limits = dataclasses.replace(
        limits or Limits(), body_bytes=front.body_limit, behind_proxy=front.proxy
    )
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        front, log_level="warning", timeout_graceful_shutdown=2, **uvicorn_options(limits)
    )
    srv = FrontServer(config)  # as served: stopping answers the waiting long polls
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the test server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        front.close()
        sock.close()


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """Serve the app as ``companion serve`` does on a free local port."""
    with served(app) as address:
        yield address


@pytest.fixture
def browser() -> Iterator[object]:
    """Debian's Chromium, headless, through Playwright."""
    from playwright.sync_api import sync_playwright

    from tests.phones import CHROMIUM, LAUNCH_ARGS

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield launched
        launched.close()
