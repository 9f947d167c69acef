"""Write many PNGs quickly: a light zlib level, encoded in threads while drawing goes on.

PNG encoding was most of the time of an image export (``optimize=True`` tries every filter
at zlib level 9). Level 3 without ``optimize`` writes files a little larger in a fraction of
the time. Pillow lets go of the interpreter lock while it compresses, so threads encode side
by side on several cores without copying images between processes (a process pool spent more
CPU moving images than it saved, bench/RESULTS.md). ``PngWriter`` starts each image as soon
as it is drawn, so the next pieces are drawn (pdfium also runs outside the lock) while the
earlier ones are encoded. Every file is written atomically.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import TracebackType

from PIL import Image

from printkit.write import atomic_path

COMPRESS_LEVEL = 3
WORKERS = 2
"""Encoding threads by default (at most the CPUs); STRIKEKIT_PNG_WORKERS chooses another
number (1: encode in the drawing thread, one image after another)."""


def write_png(image: Image.Image, path: Path) -> Path:
    """Write one PNG atomically at the fast compression level."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG", compress_level=COMPRESS_LEVEL)
    return path


def worker_count() -> int:
    """Return how many threads encode: $STRIKEKIT_PNG_WORKERS, else WORKERS at most the CPUs."""
    chosen = os.environ.get("STRIKEKIT_PNG_WORKERS", "")
    if chosen.isdigit() and int(chosen) >= 1:
        return int(chosen)
    return max(1, min(WORKERS, os.cpu_count() or 1))


class PngWriter:
    """Encode PNGs in the background as they are handed over; ``finish`` waits for them all.

    Use as a context manager: leaving it waits for every file, and raises the first error.
    """

    def __init__(self, workers: int | None = None) -> None:
        count = worker_count() if workers is None else workers
        self.pool = ThreadPoolExecutor(count, thread_name_prefix="png") if count > 1 else None
        self.pending: list[Future[Path]] = []

    def write(self, image: Image.Image, path: Path) -> Path:
        """Start writing ``image`` to ``path`` (the image must not change afterwards)."""
        if self.pool is None:
            return write_png(image, path)
        self.pending.append(self.pool.submit(write_png, image, path))
        return path

    def finish(self) -> None:
        """Wait until every file handed over is written; raise the first error."""
        pending, self.pending = self.pending, []
        for future in pending:
            future.result()

    def __enter__(self) -> PngWriter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            if kind is None:
                self.finish()
        finally:
            if self.pool is not None:
                self.pool.shutdown(wait=True, cancel_futures=kind is not None)


def write_pngs(jobs: Sequence[tuple[Image.Image, Path]], workers: int | None = None) -> list[Path]:
    """Write every (image, path) as a PNG, several at once; return the paths in order."""
    with PngWriter(workers) as writer:
        return [writer.write(image, path) for image, path in jobs]
