"""Issue 19, defects 1 and 2, read back from the PDFs: card backs forgive a 3 mm duplex
drift, cut lines are their own option, and round pieces get strip-cut marks."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog
from printkit.layout import Box, crop_lines, grid_for, load_geometry, mirror_long_edge

NEEDS_POPPLER = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="make test installs it")
GEO = load_geometry()
DPI = 150
DRIFT = 2.8
"""Millimetres of duplex drift a back must forgive (3 mm, less half a pixel's doubt)."""


def render_page(pdf: Path, page: int, out: Path) -> Image.Image:
    """Render one page (1-based) as RGB."""
    stem = out / f"{pdf.stem}-{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-singlefile", "-f", str(page), "-l", str(page)]
        + [str(pdf), str(stem)],
        check=True,
    )
    return Image.open(f"{stem}.png").convert("RGB")


def pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """Return the colour at a point given in PDF millimetres (origin bottom left)."""
    px = round(x_mm / 25.4 * DPI)
    py = round(image.height - 1 - y_mm / 25.4 * DPI)
    value = image.getpixel((px, py))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def edge_spread(image: Image.Image, box: Box) -> int:
    """Return the largest colour difference met across every edge of a trim box, from DRIFT
    mm inside the cut to DRIFT mm outside it: what a drift that far would show at the cut."""
    worst = 0
    steps = [i / 10 for i in range(round(-DRIFT * 10), round(DRIFT * 10) + 1)]
    for t in (0.3, 0.5, 0.7):
        across = [
            [(box.x + d, box.y + box.height * t) for d in steps],
            [(box.x + box.width - d, box.y + box.height * t) for d in steps],
            [(box.x + box.width * t, box.y + d) for d in steps],
            [(box.x + box.width * t, box.y + box.height - d) for d in steps],
        ]
        for line in across:
            colours = [pixel(image, x, y) for x, y in line]
            worst = max(worst, *(max(ch) - min(ch) for ch in zip(*colours, strict=True)))
    return worst


@NEEDS_POPPLER
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("kind", ["numbered-card", "dragon-card"])
def test_card_backs_show_no_sliver_when_duplex_drifts_3_mm(
    catalog: Catalog, tmp_path: Path, paper: str, kind: str
) -> None:
    options = BuildOptions(
        out_dir=tmp_path, paper=paper, duplex=True, only=frozenset({kind}), set_id="2e"
    )
    [pdf] = build(catalog, options)
    shape = "dragon-card" if kind == "dragon-card" else "card"
    grid = grid_for(GEO.shapes[shape], GEO.paper(paper), GEO.frame, 3.0)
    back = render_page(pdf, 4, tmp_path)  # alignment pair, first fronts, their backs
    for i in range(min(grid.per_page, 4)):
        box = mirror_long_edge(grid.slot(i), GEO.paper(paper))
        assert edge_spread(back, box) <= 40, (paper, kind, i)


def test_dragon_cards_get_3_mm_bleed_on_letter() -> None:
    grid = grid_for(GEO.shapes["dragon-card"], GEO.paper("letter"), GEO.frame, 3.0)
    assert (grid.bleed_x, grid.bleed_y) == pytest.approx((3.0, 3.0))


def cut_circles(pdf: Path, page: int, diameter: float = 38.0) -> int:
    """Count the stroked, unfilled circles of the cut diameter on a page (0-based)."""
    with pdfplumber.open(pdf) as doc:
        curves = doc.pages[page].curves
    sizes = [(c["x1"] - c["x0"]) * 25.4 / 72 for c in curves if c.get("stroke")]
    return sum(1 for size in sizes if abs(size - diameter) <= 0.2)


@pytest.mark.parametrize(
    ("cut_lines", "fronts", "backs"), [("fronts", 20, 0), ("both", 20, 20), ("none", 0, 0)]
)
def test_cut_lines_are_their_own_option(
    catalog: Catalog, tmp_path: Path, cut_lines: str, fronts: int, backs: int
) -> None:
    options = BuildOptions(
        out_dir=tmp_path,
        duplex=True,
        crop_marks="none",
        cut_lines=cut_lines,
        only=frozenset({"puzzle-chip"}),
        set_id="base-3e",
    )
    [pdf] = build(catalog, options)
    assert (cut_circles(pdf, 4), cut_circles(pdf, 5)) == (fronts, backs)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("shape", ["chip", "token", "counter"])
def test_round_pieces_get_strip_cuts_between_rows_and_columns(shape: str, paper: str) -> None:
    grid = grid_for(GEO.shapes[shape], GEO.paper(paper), GEO.frame, 3.0)
    lines = crop_lines(grid, grid.per_page, GEO.frame, "corners")
    slots = [grid.slot(i) for i in range(grid.per_page)]
    reach = grid.shape.width / 2 + grid.bleed
    xs = {x1 for x1, _, x2, _ in lines if x1 == x2}
    ys = {y1 for _, y1, _, y2 in lines if y1 == y2}
    for x in xs:  # no cut runs through a piece or its bleed
        assert all(abs(x - s.centre[0]) >= reach - 1e-6 for s in slots), x
    for y in ys:
        assert all(abs(y - s.centre[1]) >= reach - 1e-6 for s in slots), y
    for column in range(grid.columns - 1):  # a strip cut in every gap
        left, right = slots[column], slots[column + 1]
        assert any(left.x + left.width + grid.bleed <= x <= right.x - grid.bleed for x in xs)
    for row in range(grid.rows - 1):
        upper, lower = slots[row * grid.columns], slots[(row + 1) * grid.columns]
        assert any(lower.y + lower.height + grid.bleed <= y <= upper.y - grid.bleed for y in ys)
