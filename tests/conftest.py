"""Shared fixtures: the real catalog, and copies of our data to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.catalog import BUILTIN_DATA, load_catalog
from printkit.models import Catalog


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
