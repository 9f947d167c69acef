"""Pure page geometry: grids of pieces on a sheet, duplex mirroring, crop marks.

All lengths are millimetres, measured from the bottom-left corner of the paper (as PDF
does). The numbers come from ``printkit/layouts.toml``; nothing here draws.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
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
    bleed_x: float
    """Bleed drawn left and right of every piece (what the gutters leave room for)."""
    bleed_y: float
    """Bleed drawn above and below every piece."""
    area: Box
    """The part of the page the pieces, their bleed and their crop marks may use."""
    header_on_top: bool = True

    @property
    def bleed(self) -> float:
        """Return the smaller of the two bleeds (round pieces use it all round)."""
        return min(self.bleed_x, self.bleed_y)

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
    """Read the sheet geometry, optionally with another chip diameter (read once per file
    version: an export asks for it for every piece). The result is shared: do not change it.

    :raises LayoutError: for a chip diameter outside 20-60 mm.
    """
    stat = path.stat()
    return read_geometry(path, stat.st_mtime_ns, stat.st_size, chip_diameter)


@lru_cache(maxsize=16)
def read_geometry(path: Path, mtime_ns: int, size: int, chip_diameter: float | None) -> Geometry:
    """Read the sheet geometry of one version of a layouts file (see ``load_geometry``)."""
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


SIDE_LABEL = 3.5
"""Width (mm) of the band in the left margin that carries a sheet's label when no header
band fits above a fixed grid."""
MIN_MARK = 1.0
"""The shortest crop mark (mm) worth drawing."""
MARK_ROOM = 2.0
"""The length of crop mark (mm) a fixed grid keeps room for before it gives up bleed."""
MARK_INSET = 0.3
"""Space (mm) between a crop mark in a gutter and the bleed on either side of it."""


@lru_cache(maxsize=256)
def grid_for(shape: Shape, paper: Paper, frame: Frame, bleed: float) -> Grid:
    """Lay out one shape on a page: a fixed grid for cards, as many as fit otherwise.

    The sheet's title and ruler go in a band at the top; when a fixed grid leaves no room
    for it, or gets more bleed without it, the title goes in a narrow band of the left
    margin instead (``Grid.header_on_top`` is then False).

    :raises LayoutError: when not even one piece fits.
    """
    try:
        top = lay_out(shape, paper, frame, bleed, on_top=True)
    except LayoutError:
        if not (shape.columns and shape.rows):
            raise
        return lay_out(shape, paper, frame, bleed, on_top=False)
    if not (shape.columns and shape.rows) or top.bleed >= bleed - 1e-9:
        return top
    side = lay_out(shape, paper, frame, bleed, on_top=False)
    return side if side.bleed > top.bleed + 1e-9 else top


def grid_with_bleed(shape: Shape, paper: Paper, frame: Frame, bleed: float) -> Grid:
    """Lay out one shape so every piece gets ``bleed`` on every side: a fixed grid that has
    no room for it drops rows or columns (as few pieces lost as can be) until it has.

    :raises LayoutError: when not even one piece fits with that bleed.
    """
    grid = grid_for(shape, paper, frame, bleed)
    if grid.bleed >= bleed - 1e-6 or not (shape.columns and shape.rows):
        return grid
    sizes = [(c, r) for c in range(shape.columns, 0, -1) for r in range(shape.rows, 0, -1)]
    for columns, rows in sorted(sizes, key=lambda cr: -cr[0] * cr[1]):
        smaller = grid_for(replace(shape, columns=columns, rows=rows), paper, frame, bleed)
        if smaller.bleed >= bleed - 1e-6:
            return smaller
    raise LayoutError(f"a {shape.name} with {bleed:g} mm of bleed does not fit on {paper.name}")


def grid_area(paper: Paper, frame: Frame, on_top: bool) -> Box:
    """Return the part of a page left for pieces once the margins and label band are off."""
    side = 0.0 if on_top else SIDE_LABEL
    header = frame.header if on_top else 0.0
    return Box(
        frame.margin + side,
        frame.margin,
        paper.width - 2 * frame.margin - side,
        paper.height - 2 * frame.margin - header,
    )


def lay_out(shape: Shape, paper: Paper, frame: Frame, bleed: float, on_top: bool) -> Grid:
    """Lay out one shape with the label band on top or at the side."""
    return lay_out_in(shape, grid_area(paper, frame, on_top), frame, bleed, on_top)


def lay_out_in(shape: Shape, area: Box, frame: Frame, bleed: float, on_top: bool) -> Grid:
    """Lay out one shape in an area of the page (centred in it).

    :raises LayoutError: when not even one piece fits.
    """
    if shape.columns and shape.rows:
        columns, rows = shape.columns, shape.rows
        gutter_x, bleed_x = card_axis(area.width, columns, shape.width, bleed, frame)
        gutter_y, bleed_y = card_axis(area.height, rows, shape.height, bleed, frame)
    else:
        spacing = frame.gap + 2 * bleed
        columns = fit(area.width, shape.width, spacing, bleed)
        rows = fit(area.height, shape.height, spacing, bleed)
        gutter_x = gutter_y = spacing
        bleed_x = bleed_y = bleed
    if columns < 1 or rows < 1:
        raise LayoutError(f"a {shape.name} of {shape.width} x {shape.height} mm does not fit")
    used_w = columns * shape.width + (columns - 1) * gutter_x
    used_h = rows * shape.height + (rows - 1) * gutter_y
    return Grid(
        shape,
        columns,
        rows,
        shape.width + gutter_x,
        shape.height + gutter_y,
        area.x + (area.width - used_w) / 2,
        area.y + area.height - (area.height - used_h) / 2,
        bleed_x,
        bleed_y,
        area,
        header_on_top=on_top,
    )


def card_axis(
    available: float, count: int, size: float, bleed: float, frame: Frame
) -> tuple[float, float]:
    """Return (gutter, bleed) along one axis of a fixed grid, keeping room for crop marks.

    Marks go outside the grid when the margin has room for them, else in the gutters; the
    bleed is the requested one or as much as is left once the marks have their room.

    :raises LayoutError: when the pieces alone are longer than the space.
    """
    leftover = available - count * size
    if leftover < -1e-9:
        raise LayoutError(f"{count} pieces of {size} mm need more than {available:.1f} mm")
    outside = min(bleed, (leftover - 2 * (frame.crop_offset + MARK_ROOM)) / (2 * count))
    if count == 1:
        return 0.0, max(0.0, min(bleed, outside if outside >= 0 else leftover / 2))
    band = 2 * MARK_INSET + MARK_ROOM
    inside = min(bleed, (leftover - (count - 1) * band) / (2 * count))
    if outside >= 0 and outside >= inside:
        return 2 * outside, outside
    if inside >= 0:
        widest = 2 * inside + 2 * MARK_INSET + frame.crop_length
        return min((leftover - 2 * inside) / (count - 1), widest), inside
    return leftover / (count - 1), 0.0


def fit(available: float, size: float, spacing: float, bleed: float) -> int:
    """Count the pieces of ``size`` that fit, ``spacing`` apart, with bleed at both ends."""
    return max(0, math.floor((available - 2 * bleed + spacing) / (size + spacing)))


def pages_needed(pieces: int, per_page: int) -> int:
    """Return the pages needed for this many pieces."""
    return math.ceil(pieces / per_page) if pieces else 0


def mirror_long_edge(box: Box, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    """Return where a piece's back goes so that a long-edge duplex flip lands it behind
    its front: mirrored left to right, then corrected for the printer's drift.

    ``offset`` is the drift as read on the alignment test, seen from the front (+x: the backs
    land to the right, +y: higher); the backs move the other way on both axes, which on the
    back page (mirrored) is +x and -y."""
    dx, dy = offset
    return Box(paper.width - box.x - box.width + dx, box.y - dy, box.width, box.height)


def crop_lines(
    grid: Grid, used: int, frame: Frame, mode: str
) -> list[tuple[float, float, float, float]]:
    """Return crop-mark lines (x1, y1, x2, y2) for the first ``used`` slots of a page.

    ``corners``: short marks on every cut line wherever it crosses paper left blank, outside
    the grid when the margin has room, else in the gutters between pieces.
    ``full``: every cut line drawn across the whole grid and out past its bleed.
    ``none``: no marks. Every line stays inside ``grid.area``.

    Round pieces are cut out with a punch or scissors, not along their tangents: their marks
    show where to cut the sheet into strips first, midway between rows and columns.

    :raises LayoutError: for an unknown mode.
    """
    if mode not in CROP_MODES:
        raise LayoutError(f"unknown crop-mark style {mode!r} (known: {', '.join(CROP_MODES)})")
    if mode == "none" or used <= 0:
        return []
    boxes = [grid.slot(i) for i in range(min(used, grid.per_page))]
    if grid.shape.outline == "circle":
        return strip_lines(grid, boxes, frame, mode)
    area = grid.area
    lines: list[tuple[float, float, float, float]] = []
    for x in sorted({b.x for b in boxes} | {b.x + b.width for b in boxes}):
        spans = [
            (b.y - grid.bleed_y, b.y + b.height + grid.bleed_y)
            for b in boxes
            if b.x - grid.bleed_x - 1e-6 <= x <= b.x + b.width + grid.bleed_x + 1e-6
        ]
        for lo, hi in marks_along(spans, area.y, area.y + area.height, frame, mode):
            lines.append((x, lo, x, hi))
    for y in sorted({b.y for b in boxes} | {b.y + b.height for b in boxes}):
        spans = [
            (b.x - grid.bleed_x, b.x + b.width + grid.bleed_x)
            for b in boxes
            if b.y - grid.bleed_y - 1e-6 <= y <= b.y + b.height + grid.bleed_y + 1e-6
        ]
        for lo, hi in marks_along(spans, area.x, area.x + area.width, frame, mode):
            lines.append((lo, y, hi, y))
    return lines


def strip_lines(
    grid: Grid, boxes: list[Box], frame: Frame, mode: str
) -> list[tuple[float, float, float, float]]:
    """Return the marks of the strip cuts of round pieces: midway between neighbouring
    columns and rows (and as far outside the outer ones, within the grid's area)."""
    area = grid.area
    half_x = (grid.pitch_x - grid.shape.width) / 2
    half_y = (grid.pitch_y - grid.shape.height) / 2
    xs = {round(b.x - half_x, 6) for b in boxes} | {round(b.x + b.width + half_x, 6) for b in boxes}
    ys = {round(b.y - half_y, 6) for b in boxes} | {
        round(b.y + b.height + half_y, 6) for b in boxes
    }
    low_y = min(b.y for b in boxes) - grid.bleed
    high_y = max(b.y + b.height for b in boxes) + grid.bleed
    low_x = min(b.x for b in boxes) - grid.bleed
    high_x = max(b.x + b.width for b in boxes) + grid.bleed
    xs = {min(max(x, area.x), area.x + area.width) for x in xs}
    ys = {min(max(y, area.y), area.y + area.height) for y in ys}
    lines: list[tuple[float, float, float, float]] = []
    for x in sorted(xs):
        for lo, hi in marks_along([(low_y, high_y)], area.y, area.y + area.height, frame, mode):
            lines.append((x, lo, x, hi))
    for y in sorted(ys):
        for lo, hi in marks_along([(low_x, high_x)], area.x, area.x + area.width, frame, mode):
            lines.append((lo, y, hi, y))
    if mode == "corners":
        reach = grid.shape.width / 2 + grid.bleed
        centres = [b.centre for b in boxes]
        lines += strip_crosses(sorted(xs), sorted(ys), area, frame.crop_length / 2, centres, reach)
    return lines


def strip_crosses(
    xs: list[float],
    ys: list[float],
    area: Box,
    arm: float,
    centres: list[tuple[float, float]],
    reach: float,
) -> list[tuple[float, float, float, float]]:
    """Return a small cross where strip cuts meet, in the blank paper between four round
    pieces (each arm kept only if it stays ``reach`` from every centre)."""
    lines = []
    for x in xs:
        for y in ys:
            # Only the pieces within an arm's length of the crossing can come near its arms.
            near = [c for c in centres if math.hypot(c[0] - x, c[1] - y) < arm + reach]
            for dx, dy in ((arm, 0.0), (-arm, 0.0), (0.0, arm), (0.0, -arm)):
                end_x = min(max(x + dx, area.x), area.x + area.width)
                end_y = min(max(y + dy, area.y), area.y + area.height)
                arm_line = (x, y, end_x, end_y)
                if (end_x, end_y) != (x, y) and all(
                    distance_to(arm_line, centre) >= reach - 1e-9 for centre in near
                ):
                    lines.append(arm_line)
    return lines


def distance_to(line: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    """Return the distance from a point to a line segment."""
    x1, y1, x2, y2 = line
    px, py = point
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def marks_along(
    spans: list[tuple[float, float]], start: float, end: float, frame: Frame, mode: str
) -> list[tuple[float, float]]:
    """Return the stretches of one cut line to mark, given the pieces (with bleed) it crosses.

    The line runs from ``start`` to ``end``; only the blank paper between the pieces is
    marked: near the piece at the two ends, across the gutter in between.
    """
    if not spans:
        return []
    if mode == "full":
        low = max(start, min(lo for lo, _ in spans) - frame.crop_offset - frame.crop_length)
        high = min(end, max(hi for _, hi in spans) + frame.crop_offset + frame.crop_length)
        return [(low, high)]
    edges = sorted(spans)
    marks = []
    before = edges[0][0] - frame.crop_offset
    if before - start >= MIN_MARK - 1e-6:
        marks.append((max(start, before - frame.crop_length), before))
    after = max(hi for _, hi in edges) + frame.crop_offset
    if end - after >= MIN_MARK - 1e-6:
        marks.append((after, min(end, after + frame.crop_length)))
    reach = edges[0][1]
    for lo, hi in edges[1:]:
        if lo - reach - 2 * MARK_INSET >= MIN_MARK - 1e-6:
            marks.append((reach + MARK_INSET, lo - MARK_INSET))
        reach = max(reach, hi)
    return marks


CROP_MODES = ("corners", "full", "none")
CUT_MODES = ("fronts", "both", "none")
"""Where the thin cut (die) lines are drawn: on the fronts only (the default), on fronts and
backs, or nowhere. Images (Tabletop Simulator, previews) never carry them."""
