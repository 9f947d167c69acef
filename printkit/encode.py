"""Write many PNGs quickly: a light zlib level, optionally in a pool of worker processes.

PNG encoding was most of the time of an image export (``optimize=True`` tries every filter
at zlib level 9). Level 3 without ``optimize`` writes files a little larger in a fraction of
the time. A batch can be encoded in a pool of worker processes (STRIKEKIT_PNG_WORKERS); by
default it is not (see WORKERS). Every file is written atomically.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image

from printkit.write import atomic_path

COMPRESS_LEVEL = 3
WORKERS = 1
"""Encode in this process by default: measured on our busy 2-core machine, a pool of two
spent more CPU on moving images between processes than it saved (bench/RESULTS.md);
STRIKEKIT_PNG_WORKERS=2 turns the pool on."""
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
    """Return how many processes encode a batch: $STRIKEKIT_PNG_WORKERS, else at most
    WORKERS and at most the CPUs."""
    chosen = os.environ.get("STRIKEKIT_PNG_WORKERS", "")
    if chosen.isdigit() and int(chosen) >= 1:
        return int(chosen)
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
