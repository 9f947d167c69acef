"""The server settles its memory before serving (#29): the start's objects frozen out of the
collector's scans, the youngest generation collected less often, the catalog loaded first."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from flask import Flask

from companion.server.serve import YOUNG_COLLECTION_EVERY, settle_memory


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the collector back as it was after the test."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_settling_freezes_the_start_and_collects_the_young_less_often(
    app: Flask, collector: None
) -> None:
    assert "strikekit-catalog" not in app.extensions
    settle_memory(app)
    assert "strikekit-catalog" in app.extensions  # loaded before the freeze, so frozen too
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == YOUNG_COLLECTION_EVERY > 700
