"""PNG writing: in this thread or in encoding threads, every file complete and atomic."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from printkit.encode import WORKERS, PngWriter, worker_count, write_pngs


@pytest.mark.parametrize("workers", [1, 2])
def test_every_image_is_written_whole(tmp_path: Path, workers: int) -> None:
    jobs = [
        (Image.new("RGB", (40, 30), (i * 20, 0, 0)), tmp_path / f"d{i}" / "x.png")
        for i in range(10)
    ]
    assert write_pngs(jobs, workers=workers) == [path for _, path in jobs]
    for image, path in jobs:
        with Image.open(path) as written:
            assert written.tobytes() == image.tobytes()
    assert not list(tmp_path.rglob(".*.tmp"))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failed_write_is_raised_and_leaves_no_part_file(tmp_path: Path, workers: int) -> None:
    (tmp_path / "taken.png").mkdir()  # a folder where the file should go
    good = (Image.new("RGB", (8, 8)), tmp_path / "good.png")
    bad = (Image.new("RGB", (8, 8)), tmp_path / "taken.png")
    with pytest.raises(OSError):
        with PngWriter(workers) as writer:
            writer.write(*good)
            writer.write(*bad)
    assert (tmp_path / "good.png").is_file()
    assert not list(tmp_path.rglob(".*.tmp"))


def test_finish_waits_for_every_file(tmp_path: Path) -> None:
    with PngWriter(2) as writer:
        paths = [
            writer.write(Image.new("RGB", (300, 300)), tmp_path / f"{i}.png") for i in range(6)
        ]
        writer.finish()
        assert all(p.is_file() for p in paths)  # before the block ends


def test_workers_follow_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRIKEKIT_PNG_WORKERS", "3")
    assert worker_count() == 3
    monkeypatch.setenv("STRIKEKIT_PNG_WORKERS", "x")
    assert worker_count() == max(1, min(WORKERS, os.cpu_count() or 1))
