"""A database that cannot be written (read-only, disk full) is a 503 that names the cause,
/healthz says so until a write succeeds again, and nothing is half-written."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.conftest import act, post, start_duel


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB file system of its own (tmpfs; needs root, as RECIPES.md "Faults on purpose"
    does), unmounted at the end."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    folder = tmp_path / "small"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Fill a file system to its last byte with one file; return it."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 65536)
        except OSError:
            pass
    return filler


def config_on(disk: Path) -> dict[str, object]:
    """The test app's settings with its database on the small file system."""
    return {"TESTING": True, "DATABASE": str(disk / "db.sqlite3"), "SECRET_KEY": "t"}


@pytest.fixture
def disk_app(small_disk: Path, tmp_path: Path) -> Iterator[Flask]:
    """An app whose database is on the small file system."""
    from companion import create_app
    from companion.storage.db import close_thread_connections

    try:
        yield create_app(config_on(small_disk), instance_path=tmp_path / "instance")
    finally:
        close_thread_connections()


def test_a_full_disk_is_a_503_naming_it_and_healthz_says_so_until_space_is_freed(
    disk_app: Flask, small_disk: Path
) -> None:
    match_id, a, _ = start_duel(disk_app)
    filler = fill(small_disk)
    refused = act(a, match_id, {"type": "choose", "character": "grave"})
    assert refused.status_code in (503, 507), refused.get_json()
    assert "database or disk is full" in refused.get_json()["error"]
    health = disk_app.test_client().get("/healthz")
    assert health.status_code == 503 and "full" in health.get_json()["error"]
    filler.unlink()
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert disk_app.test_client().get("/healthz").status_code == 200


def remount(folder: Path, mode: str) -> None:
    """Mount the small file system read-only ("ro") or read-write ("rw") again."""
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


def test_a_read_only_mount_is_a_503_naming_it_in_every_worker_until_it_is_writable(
    disk_app: Flask, small_disk: Path
) -> None:
    from companion.storage import db

    match_id, a, _ = start_duel(disk_app)
    assert disk_app.test_client().get("/healthz").status_code == 200
    db.close_thread_connections()  # a mount with files open for writing stays read-write
    db.close_lock_files()
    remount(small_disk, "ro")
    body = {"action": {"type": "choose", "character": "grave"}, "base_version": 0,
            "idempotency_key": "on-a-read-only-mount"}  # fmt: skip
    refused = post(a, f"/api/matches/{match_id}/actions", body)
    assert refused.status_code == 503, refused.get_json()
    assert "cannot be written" in refused.get_json()["error"]
    db._write_fault.clear()  # another worker, which never tried to write
    health = disk_app.test_client().get("/healthz")
    assert health.status_code == 503 and "read-only" in health.get_json()["error"]
    db.close_thread_connections()
    db.close_lock_files()
    remount(small_disk, "rw")
    assert disk_app.test_client().get("/healthz").status_code == 200
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200


def test_starting_on_a_read_only_mount_names_it_and_does_not_say_restore_a_backup(
    small_disk: Path, tmp_path: Path
) -> None:
    from companion import create_app
    from companion.storage.db import DatabaseProblem, close_lock_files, close_thread_connections

    config = config_on(small_disk)
    create_app(config, instance_path=tmp_path / "instance")  # made, then closed
    close_thread_connections()
    close_lock_files()
    remount(small_disk, "ro")
    with pytest.raises(DatabaseProblem) as refused:
        create_app(config, instance_path=tmp_path / "instance")
    assert "read-only" in str(refused.value) and "backup" not in str(refused.value)
