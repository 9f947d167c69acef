"""Shared fixtures: the real catalog, and copies of our data to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from printkit.catalog import BUILTIN_DATA, Catalog, load_catalog

# Hypothesis keeps no example database in the checkout (tests write nothing there).
settings.register_profile("strikekit", database=None)
settings.load_profile("strikekit")


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

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from tests.helpers import CSRF, act, phone, post, start_duel  # noqa: E402, F401


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """An app with a fresh database and instance folder in a temporary folder."""
    from companion import create_app
    from companion.db import close_thread_connections
    from companion.store import clear_cache

    clear_cache()
    config = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "SECRET_KEY": "t"}
    yield create_app(config, instance_path=tmp_path / "instance")
    clear_cache()
    close_thread_connections()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """One phone."""
    return phone(app)


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """Serve the app with waitress on a free port of 127.0.0.1."""
    import threading

    from waitress.server import create_server

    app.wsgi_app.watcher.limit = 4  # type: ignore[attr-defined]  # phones long-poll, as served
    srv = create_server(app, host="127.0.0.1", port=0, threads=8)
    closing = threading.Event()

    def serve() -> None:
        try:
            srv.run()
        except (OSError, ValueError):
            # Closing the sockets from this thread can catch the loop inside select():
            # that is the shutdown we asked for, not a failure.
            if not closing.is_set():
                raise

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    closing.set()
    srv.close()
    thread.join(timeout=5)


@pytest.fixture
def browser() -> Iterator[object]:
    """Debian's Chromium, headless, through Playwright."""
    from playwright.sync_api import sync_playwright

    from tests.phones import CHROMIUM, LAUNCH_ARGS

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield launched
        launched.close()
