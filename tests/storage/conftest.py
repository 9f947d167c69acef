"""The storage tests run on both engines: ``app`` here is made on ``database`` (SQLite, then
PostgreSQL)."""

from __future__ import annotations

import pytest
from flask import Flask


@pytest.fixture
def app(engine_app: Flask) -> Flask:
    """An app on a fresh database of each engine, its instance folder in a temporary folder."""
    return engine_app
