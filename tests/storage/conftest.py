"""The storage tests run on both engines: ``app`` here is made on ``database`` (SQLite, then
PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask


@pytest.fixture
def app(tmp_path: Path, database: str) -> Iterator[Flask]:
    """An app on a fresh database of each engine, its instance folder in a temporary folder."""
    from companion import create_app
    from companion.storage.db import close_thread_connections
    from companion.storage.matches import clear_cache

    clear_cache()
    config = {"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"}
    yield create_app(config, instance_path=tmp_path / "instance")
    clear_cache()
    close_thread_connections()
