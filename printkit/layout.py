"""Pure page geometry: grids of pieces on a sheet, duplex mirroring, crop marks.

All lengths are millimetres, measured from the bottom-left corner of the paper (as PDF
does). The numbers come from ``printkit/layouts.toml``; nothing here draws.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LAYOUTS_FILE = Path(__file__).with_name("layouts.toml")


class LayoutError(ValueError):
    """Geometry that cannot work: a piece larger than the page, a bad paper name."""


@dataclass(frozen=True)
class Paper:
    """A paper size."""

    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Shape:
    """A printed shape's trim size, outline and (for cards) its fixed grid."""

    name: str
    outline: str
    width: float
    height: float
    columns: int | None = None
    rows: int | None = None


@dataclass(frozen=True)
class Frame:
    """The page's frame: margins, header band, spacing and crop-mark sizes."""

    margin: float
    header: float
    gap: float
    crop_length: float
    crop_offset: float


@dataclass(frozen=True)
class Box:
    """A rectangle: lower-left corner and size."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        """Return the middle point."""
        return self.x + self.width / 2, self.y + self.height / 2


@dataclass(frozen=True)
class Grid:
    """Where the pieces of one shape go on a page."""

    shape: Shape
    columns: int
    rows: int
    pitch_x: float
    pitch_y: float
    left: float
    top: float
    """Top edge of the first row's trim box."""
    bleed: float
    """Bleed drawn around every piece: the requested one, or half the gutter if less."""
    header_on_top: bool = True

    @property
    def per_page(self) -> int:
        """Return the number of pieces on one page."""
        return self.columns * self.rows

    def slot(self, index: int) -> Box:
        """Return the trim box of slot ``index`` (row by row from the top left)."""
        row, column = divmod(index, self.columns)
        x = self.left + column * self.pitch_x
        y = self.top - self.shape.height - row * self.pitch_y
        return Box(x, y, self.shape.width, self.shape.height)


@dataclass(frozen=True)
class Geometry:
    """Everything read from layouts.toml."""

    frame: Frame
    papers: dict[str, Paper]
    shapes: dict[str, Shape]

    def paper(self, name: str) -> Paper:
        """Return a paper size by name.

        :raises LayoutError: for an unknown paper.
        """
        if name not in self.papers:
            raise LayoutError(f"unknown paper {name!r} (known: {', '.join(self.papers)})")
        return self.papers[name]


def load_geometry(path: Path = LAYOUTS_FILE, chip_diameter: float | None = None) -> Geometry:
    """Read the sheet geometry, optionally with another chip diameter.

    :raises LayoutError: for a chip diameter outside 20-60 mm.
    """
    with path.open("rb") as handle:
        raw: dict[str, Any] = tomllib.load(handle)
    frame = Frame(**raw["page"])
    papers = {name: Paper(name, **size) for name, size in raw["paper"].items()}
    shapes = {name: Shape(name, **spec) for name, spec in raw["shape"].items()}
    if chip_diameter is not None:
        if not 20 <= chip_diameter <= 60:
            raise LayoutError(f"--chip-diameter must be 20-60 mm, got {chip_diameter}")
        chip = shapes["chip"]
        shapes["chip"] = Shape(chip.name, chip.outline, chip_diameter, chip_diameter)
    return Geometry(frame, papers, shapes)


def grid_for(shape: Shape, paper: Paper, frame: Frame, bleed: float) -> Grid:
    """Lay out one shape on a page: a fixed grid for cards, as many as fit otherwise.

    The sheet's title and ruler go in a band at the top; when a fixed grid leaves no room
    for it, they go in the left margin instead (``Grid.header_on_top`` is then False).

    :raises LayoutError: when not even one piece fits.
    """
    try:
        return lay_out(shape, paper, frame, bleed, frame.header)
    except LayoutError:
        if not (shape.columns and shape.rows):
            raise
        return lay_out(shape, paper, frame, bleed, 0.0)


def lay_out(shape: Shape, paper: Paper, frame: Frame, bleed: float, header: float) -> Grid:
    """Lay out one shape with a header band of the given height."""
    width = paper.width - 2 * frame.margin
    height = paper.height - 2 * frame.margin - header
    if shape.columns and shape.rows:
        columns, rows = shape.columns, shape.rows
        gutter_x = gutter(width, shape.width, columns, bleed)
        gutter_y = gutter(height, shape.height, rows, bleed)
        gaps = [g / 2 for g, n in ((gutter_x, columns), (gutter_y, rows)) if n > 1]
        used_bleed = min([bleed, *gaps])
    else:
        spacing = frame.gap + 2 * bleed
        columns = fit(width, shape.width, spacing, bleed)
        rows = fit(height, shape.height, spacing, bleed)
        gutter_x = gutter_y = spacing
        used_bleed = bleed
    if columns < 1 or rows < 1:
        raise LayoutError(f"a {shape.name} of {shape.width} x {shape.height} mm does not fit")
    used_w = columns * shape.width + (columns - 1) * gutter_x
    used_h = rows * shape.height + (rows - 1) * gutter_y
    left = frame.margin + (width - used_w) / 2
    top = paper.height - frame.margin - header - (height - used_h) / 2
    return Grid(
        shape,
        columns,
        rows,
        shape.width + gutter_x,
        shape.height + gutter_y,
        left,
        top,
        used_bleed,
        header_on_top=header > 0,
    )


def fit(available: float, size: float, spacing: float, bleed: float) -> int:
    """Count the pieces of ``size`` that fit, ``spacing`` apart, with bleed at both ends."""
    return max(0, math.floor((available - 2 * bleed + spacing) / (size + spacing)))


def gutter(available: float, size: float, count: int, bleed: float) -> float:
    """Return the space between ``count`` pieces: 2 x bleed, or what is left if less.

    :raises LayoutError: when the pieces alone are wider than the space.
    """
    if count * size > available:
        raise LayoutError(f"{count} pieces of {size} mm need more than {available:.1f} mm")
    if count == 1:
        return 0.0
    return min(2 * bleed, (available - count * size) / (count - 1))


def pages_needed(pieces: int, per_page: int) -> int:
    """Return the pages needed for this many pieces."""
    return math.ceil(pieces / per_page) if pieces else 0


def mirror_long_edge(box: Box, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    """Return where a piece's back goes so that a long-edge duplex flip lands it behind
    its front: mirrored left to right, then shifted by the printer's back offset."""
    dx, dy = offset
    return Box(paper.width - box.x - box.width + dx, box.y + dy, box.width, box.height)


def crop_lines(
    grid: Grid, used: int, frame: Frame, mode: str
) -> list[tuple[float, float, float, float]]:
    """Return crop-mark lines (x1, y1, x2, y2) for the first ``used`` slots of a page.

    ``corners``: short marks outside the grid on every cut line, clear of the bleed.
    ``full``: every cut line drawn across the whole grid and out past its bleed.
    ``none``: no marks.

    :raises LayoutError: for an unknown mode.
    """
    if mode not in CROP_MODES:
        raise LayoutError(f"unknown crop-mark style {mode!r} (known: {', '.join(CROP_MODES)})")
    if mode == "none" or used <= 0:
        return []
    boxes = [grid.slot(i) for i in range(min(used, grid.per_page))]
    xs = sorted({b.x for b in boxes} | {b.x + b.width for b in boxes})
    ys = sorted({b.y for b in boxes} | {b.y + b.height for b in boxes})
    left, right = min(xs) - grid.bleed, max(xs) + grid.bleed
    bottom, top = min(ys) - grid.bleed, max(ys) + grid.bleed
    near, far = frame.crop_offset, frame.crop_offset + frame.crop_length
    lines = []
    for x in xs:
        if mode == "full":
            lines.append((x, bottom - far, x, top + far))
        else:
            lines += [(x, top + near, x, top + far), (x, bottom - near, x, bottom - far)]
    for y in ys:
        if mode == "full":
            lines.append((left - far, y, right + far, y))
        else:
            lines += [(left - near, y, left - far, y), (right + near, y, right + far, y)]
    return lines


CROP_MODES = ("corners", "full", "none")
