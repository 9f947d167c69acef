"""PNG writing: in this process or a pool, every file complete and atomic."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from printkit.encode import POOL_MIN, worker_count, write_pngs


@pytest.mark.parametrize("workers", [1, 2])
def test_every_image_is_written_whole(tmp_path: Path, workers: int) -> None:
    jobs = [
        (Image.new("RGB", (40, 30), (i * 20, 0, 0)), tmp_path / f"d{i}" / "x.png")
        for i in range(POOL_MIN + 2)
    ]
    assert write_pngs(jobs, workers=workers) == [path for _, path in jobs]
    for image, path in jobs:
        with Image.open(path) as written:
            assert written.tobytes() == image.tobytes()
    assert not list(tmp_path.rglob(".*.tmp"))


def test_workers_follow_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRIKEKIT_PNG_WORKERS", "2")
    assert worker_count() == 2
    monkeypatch.setenv("STRIKEKIT_PNG_WORKERS", "x")
    assert worker_count() == 1
