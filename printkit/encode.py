"""Write many PNGs quickly: a light zlib level, and two worker processes for big batches.

PNG encoding was most of the time of an image export (``optimize=True`` tries every filter
at zlib level 9). Level 3 without ``optimize`` writes files a little larger in a fraction of
the time; a batch of more than a few images is encoded in a pool of worker processes (two:
the machines we print from have few cores). Every file is written atomically.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image

from printkit.write import atomic_path

COMPRESS_LEVEL = 3
WORKERS = 2
POOL_MIN = 8
"""Fewer images than this are encoded in this process (starting workers costs more)."""


def write_png(image: Image.Image, path: Path) -> Path:
    """Write one PNG atomically at the fast compression level."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG", compress_level=COMPRESS_LEVEL)
    return path


def _write(job: tuple[Image.Image, Path]) -> Path:
    return write_png(*job)


def worker_count() -> int:
    """Return how many processes encode a batch: at most WORKERS, at most the CPUs."""
    return max(1, min(WORKERS, os.cpu_count() or 1))


def write_pngs(jobs: Sequence[tuple[Image.Image, Path]], workers: int | None = None) -> list[Path]:
    """Write every (image, path) as a PNG, in a pool of processes for a big batch."""
    count = worker_count() if workers is None else workers
    if count <= 1 or len(jobs) < POOL_MIN:
        return [write_png(image, path) for image, path in jobs]
    for _, path in jobs:
        path.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(max_workers=count) as pool:
        return list(pool.map(_write, jobs, chunksize=max(1, len(jobs) // (4 * count))))
