"""Print speed and size: the full default build against a bare reportlab floor.

The floor draws as many round chips as the build places, each with a circle, a name, a
number and three small vector icons, 20 to a Letter page, with no catalog, no layout
engine and no reuse of drawings. Both are timed in this run (median of 5).
Targets (printkit issue): within 1.5x of the floor per piece, over 1,000 pieces per
second, under 3 MB for the whole default build.
Run: .venv/bin/python bench/print_bench.py   (or make bench)
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.build import BuildOptions, Document, build, plan
from printkit.catalog import load_catalog
from printkit.impose import filled, grids_for
from printkit.layout import load_geometry

REPEATS = 5


def floor(pieces: int, path: Path) -> None:
    """Draw ``pieces`` simple chips directly: the cost of reportlab alone."""
    c = Canvas(str(path), pagesize=letter, invariant=1, pageCompression=1)
    for i in range(pieces):
        slot = i % 20
        x, y = (30 + (slot % 4) * 46) * mm, (40 + (slot // 4) * 46) * mm
        c.setFillColorRGB(0.92, 0.86, 0.72)
        c.circle(x, y, 22 * mm, stroke=0, fill=1)
        c.setStrokeColorRGB(0, 0, 0)
        c.circle(x, y, 19 * mm, stroke=1, fill=0)
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont("Helvetica-Bold", 8)
        c.drawCentredString(x, y + 7 * mm, f"Chip {i % 63}")
        c.setFont("Helvetica-Bold", 12)
        c.drawCentredString(x, y + 13 * mm, str(i % 9))
        for k in range(3):
            p = c.beginPath()
            ix = x + (k - 1) * 5 * mm
            p.moveTo(ix - 2 * mm, y)
            p.lineTo(ix + 2 * mm, y + 1.5 * mm)
            p.lineTo(ix - 2 * mm, y + 3 * mm)
            p.close()
            c.drawPath(p, fill=1, stroke=0)
        c.setFont("Helvetica", 5)
        c.drawCentredString(x, y - 6 * mm, "Draw a chip and take one more action.")
        if slot == 19:
            c.showPage()
    c.save()


def placed(docs: list[Document], options: BuildOptions) -> int:
    """Count the pieces the build places, the spares that fill last sheets included."""
    geometry = load_geometry()
    paper = geometry.paper(options.paper)
    return sum(
        p.copies
        for d in docs
        for p in filled(d, grids_for(d.selection.pieces, geometry, paper, options.bleed_mm))
    )


def main() -> None:
    catalog = load_catalog()
    options = BuildOptions(base_url="http://192.0.2.1:5000")
    docs = plan(catalog, options)
    pieces = placed(docs, options) + sum(len(d.sheets) for d in docs)
    build_times, floor_times, size = [], [], 0
    for _ in range(REPEATS):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            files = build(catalog, BuildOptions(**{**options.__dict__, "out_dir": Path(tmp)}))
            build_times.append(time.perf_counter() - start)
            size = sum(f.stat().st_size for f in files)
            start = time.perf_counter()
            floor(pieces, Path(tmp) / "floor.pdf")
            floor_times.append(time.perf_counter() - start)
    built, bare = statistics.median(build_times), statistics.median(floor_times)
    print(f"default build: {len(files)} PDFs, {pieces:,} pieces and sheets, {size / 1e6:.2f} MB")
    print(f"build: {built:.3f} s = {pieces / built:,.0f} pieces/s (target > 1,000)")
    print(f"floor: {bare:.3f} s = {pieces / bare:,.0f} pieces/s (bare reportlab, same pieces)")
    print(f"build / floor per piece: {built / bare:.2f}x (target <= 1.5x)")
    print(f"size: {size / 1e6:.2f} MB (target < 3 MB)")


if __name__ == "__main__":
    main()
