"""Impose a document: its pieces laid out on pages, fronts then backs, with cover and marks."""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TextIO

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.i18n import STRINGS, kind_label, text
from printkit.layout import (
    Box,
    Frame,
    Geometry,
    Grid,
    Paper,
    Shape,
    crop_lines,
    grid_for,
    grid_with_bleed,
    mirror_long_edge,
    pages_needed,
)
from printkit.paging import Page, paginate
from printkit.pieces import (
    PIECE_KINDS,
    Missing,
    Piece,
    spares_line,
    with_spares,
)
from printkit.plan import DEFAULT_BLEED, BuildOptions, Document
from printkit.render import back_for, renderer_for
from printkit.render.cover import Cover, draw_alignment, draw_cover
from printkit.render.cutline import draw_cut_line
from printkit.render.formstream import use_fast_form_streams
from printkit.render.page import RULER_FORM, SMALL_RULER, header, ruler
from printkit.render.style import Style, colour, style_for


@lru_cache(maxsize=4096)
def form_name(design: str, back: bool = False) -> str:
    """Turn a design key into a PDF form name."""
    return ("B_" if back else "F_") + re.sub(r"[^A-Za-z0-9]", "_", design)


def form_bounds(grid: Grid) -> tuple[float, float, float, float]:
    """Return a piece form's box in points: its trim plus the grid's bleed on each axis.

    A form clips to this box, so art drawn with the larger bleed stops at each axis's own.
    """
    shape = grid.shape
    if shape.outline == "circle":
        bx = by = grid.bleed
    else:
        bx, by = grid.bleed_x, grid.bleed_y
    return (-bx * mm, -by * mm, (shape.width + bx) * mm, (shape.height + by) * mm)


def define_forms(
    c: Canvas,
    pieces: list[Piece],
    grids: dict[str, Grid],
    style: Style,
    duplex: bool,
) -> None:
    """Draw each distinct front (and back) once as a reusable form."""
    backs_done: set[str] = set()
    for piece in pieces:
        grid = grids[piece.shape]
        shape = grid.shape
        box = Box(0, 0, shape.width, shape.height)
        bleed = grid.bleed if shape.outline == "circle" else max(grid.bleed_x, grid.bleed_y)
        front, _ = renderer_for(piece.shape)
        back = back_for(piece.shape, is_short_bleed(grid))
        bounds = form_bounds(grid)
        with clipped_form(c, form_name(piece.design), bounds):
            front(c, piece, box, bleed, style)
        key = f"{piece.shape}:{piece.family}"
        if duplex and piece.family and key not in backs_done:
            backs_done.add(key)
            with clipped_form(c, form_name(key, back=True), bounds):
                back(c, piece, box, bleed, style)


def is_short_bleed(grid: Grid) -> bool:
    """Return True when a sheet of cards has less than the full bleed on some side."""
    shape = grid.shape
    return shape.outline != "circle" and min(grid.bleed_x, grid.bleed_y) < DEFAULT_BLEED - 1e-6


def cut_form_name(grid: Grid) -> str:
    """Name the form holding one piece's cut line."""
    return f"CUT_{re.sub(r'[^A-Za-z0-9]', '_', grid.shape.name)}"


def define_cut_forms(c: Canvas, grids: dict[str, Grid]) -> None:
    """Draw each shape's cut line once, as a form placed like the pieces' own."""
    for grid in grids.values():
        shape = grid.shape
        c.beginForm(
            cut_form_name(grid),
            -1,
            -1,
            math.ceil(shape.width * mm) + 1,
            math.ceil(shape.height * mm) + 1,
        )
        draw_cut_line(c, shape, Box(0, 0, shape.width, shape.height))
        c.endForm()


@contextmanager
def clipped_form(c: Canvas, name: str, bounds: tuple[float, float, float, float]) -> Iterator[None]:
    """Record a form whose drawing is clipped to ``bounds`` (points)."""
    x0, y0, x1, y1 = bounds
    c.beginForm(name, math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1))
    # no saveState / restoreState: a form's clip ends with the form
    path = c.beginPath()
    path.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(path, stroke=0, fill=0)
    yield
    c.endForm()


def define_ruler_form(c: Canvas, style: Style) -> None:
    """Draw the small ruler every sheet carries once, as a form."""
    c.beginForm(RULER_FORM, 0, 0, math.ceil((SMALL_RULER + 2) * mm), math.ceil(5 * mm))
    ruler(c, 0, 0, SMALL_RULER, style)
    c.endForm()


def place(c: Canvas, name: str, box: Box) -> None:
    """Put a form at a trim box's position: the operators ``saveState``, ``translate`` and
    ``restoreState`` would write, without copying the canvas's state for each piece."""
    c.addLiteral(f"q\n1 0 0 1 {fp_str(box.x * mm, box.y * mm)} cm")
    c.doForm(name)
    c.addLiteral("Q")


def crop_form_name(grid: Grid) -> str:
    """Name the form holding the crop marks of a full page of one shape."""
    return f"CROPS_{re.sub(r'[^A-Za-z0-9]', '_', grid.shape.name)}"


def define_crop_forms(c: Canvas, grids: dict[str, Grid], geometry: Geometry, mode: str) -> None:
    """Draw the crop marks of a full page of each shape once, as a form (page coordinates)."""
    for grid in grids.values():
        paper = grid.area.x + grid.area.width + geometry.frame.margin
        top = grid.area.y + grid.area.height + geometry.frame.margin + geometry.frame.header
        c.beginForm(crop_form_name(grid), 0, 0, math.ceil(paper * mm), math.ceil(top * mm))
        draw_crops(c, crop_lines(grid, grid.per_page, geometry.frame, mode))
        c.endForm()


def draw_crops(c: Canvas, lines: list[tuple[float, float, float, float]]) -> None:
    """Draw crop-mark lines, as one stroke."""
    c.setStrokeColor(colour("#000000"))
    c.setLineWidth(0.3)
    c.lines([(x1 * mm, y1 * mm, x2 * mm, y2 * mm) for x1, y1, x2, y2 in lines])


def is_two_sided(doc: Document, options: BuildOptions) -> bool:
    """Return True when a document prints backs: a duplex build of a document with pieces."""
    return options.duplex and bool(doc.selection.pieces)


def has_cover(doc: Document, options: BuildOptions) -> bool:
    """Return True when covers are asked for (--covers) and the document is more than one
    full-page sheet, which needs no cover."""
    return options.covers and (bool(doc.selection.pieces) or len(doc.sheets) > 1)


def filled(doc: Document, grids: dict[str, Grid]) -> list[Piece]:
    """Return a document's pieces with the spares that fill their shape's last page."""
    per_page = {shape: grid.per_page for shape, grid in grids.items()}
    return with_spares(doc.selection.pieces, doc.selection.spares, per_page)


def count_pages(doc: Document, grids: dict[str, Grid], frame: Frame, options: BuildOptions) -> int:
    """Return the pages a document will have."""
    sides = 2 if options.duplex and doc.selection.pieces else 1
    pieces = len(paginate(filled(doc, grids), grids, frame))
    alignment = 2 if sides == 2 else 0
    return (int(has_cover(doc, options)) + pieces + len(doc.sheets)) * sides + alignment


def count_unpacked(doc: Document, grids: dict[str, Grid], options: BuildOptions) -> int:
    """Return the sheets a document took before pages were shared and covers made optional:
    a cover, and every shape's run on pages of its own."""
    pieces = doc.selection.pieces
    runs = sum(
        pages_needed(sum(p.copies for p in pieces if p.shape == shape), grid.per_page)
        for shape, grid in grids.items()
    )
    cover = bool(pieces) or len(doc.sheets) > 1
    return int(cover) + runs + len(doc.sheets)


def grids_for(
    pieces: list[Piece], geometry: Geometry, paper: Paper, bleed: float, strict: bool = False
) -> dict[str, Grid]:
    """Lay out every shape a document uses; ``strict`` (an explicit --bleed) gives every
    piece that bleed on every side, with fewer pieces a sheet where it must."""
    lay = grid_with_bleed if strict else grid_for
    return {p.shape: lay(geometry.shapes[p.shape], paper, geometry.frame, bleed) for p in pieces}


def cover_for(
    doc: Document, grids: dict[str, Grid], geometry: Geometry, options: BuildOptions, style: Style
) -> Cover:
    """Write the cover's contents lines and the printing notes that apply to the document."""
    lang = style.lang
    lines = []
    for kind in PIECE_KINDS:
        chosen = [p for p in doc.selection.pieces if p.kind == kind]
        if chosen:
            n = sum(p.copies for p in chosen)
            label = kind_label(lang, kind)
            lines.append(text(lang, "contents_line", kind=label, designs=len(chosen), n=n))
    lines += [text(lang, "sheet_line", title=title) for title, _ in doc.sheets]
    missing = [missing_line(m, lang) for m in doc.selection.missing]
    return Cover(doc.title, lines, cover_notes(doc, grids, options, lang), missing, doc.gaps)


def missing_line(item: Missing, lang: str) -> str:
    """Write one write-in card for the cover: 'Owner: Name [name unconfirmed] (trigger)'."""
    fields = ", ".join(
        text(lang, f"field_{f}") if f"field_{f}" in STRINGS[lang] else f for f in item.fields
    )
    unsure = text(lang, "name_unconfirmed") if item.uncertain_name else ""
    return f"{item.label}{unsure} ({fields})"


def cover_notes(
    doc: Document, grids: dict[str, Grid], options: BuildOptions, lang: str
) -> list[str]:
    """Return how to print a document, saying only what applies to it."""
    notes = [text(lang, "how_to_print")]
    pieces = doc.selection.pieces
    if any(p.family for p in pieces):
        notes.append(text(lang, "duplex" if options.duplex else "simplex"))
    if pieces:
        crops = text(lang, f"crops_{options.crop_marks}")
        notes.append(bleed_note(grids, crops, lang))
        sizes = [
            text(lang, f"size_{shape}", size=shape_size(grid.shape))
            for shape, grid in grids.items()
        ]
        notes.append(text(lang, "sizes_line", sizes=text(lang, "list_sep").join(sizes)))
    if doc.base_url:
        notes.append(text(lang, "qr_base", url=doc.base_url))
    return notes


def bleed_note(grids: dict[str, Grid], crops: str, lang: str) -> str:
    """Say the bleed used: one figure, or across and up-down when they differ."""
    across = min(g.bleed_x if g.shape.outline != "circle" else g.bleed for g in grids.values())
    up_down = min(g.bleed_y if g.shape.outline != "circle" else g.bleed for g in grids.values())
    if abs(across - up_down) < 0.005:
        return text(lang, "bleed", bleed=millimetres(across), crops=crops)
    x, y = millimetres(across), millimetres(up_down)
    return text(lang, "bleed_xy", x=x, y=y, crops=crops)


def millimetres(value: float) -> str:
    """Write a length in mm with at most two decimals: '3', '1.03'."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def shape_size(shape: Shape) -> str:
    """Write a shape's size: '38 mm' across for round pieces, '63 x 88 mm' otherwise."""
    if shape.outline == "circle":
        return f"{shape.width:g} mm"
    return f"{shape.width:g} x {shape.height:g} mm"


def draw_document(
    c: Canvas, doc: Document, geometry: Geometry, options: BuildOptions, progress: Progress
) -> None:
    """Draw a whole document on a fresh canvas.

    In a two-sided document every front is on an odd page and its back follows it: the
    cover gets a blank back and the alignment test pair comes right after it.
    """
    use_fast_form_streams()
    style = style_for(options.lang)
    paper = geometry.paper(options.paper)
    grids = grids_for(doc.selection.pieces, geometry, paper, options.bleed_mm, options.strict)
    two_sided = is_two_sided(doc, options)
    define_forms(c, doc.selection.pieces, grids, style, options.duplex)
    pages = paginate(filled(doc, grids), grids, geometry.frame)
    define_ruler_form(c, style)
    define_crop_forms(c, grids, geometry, options.crop_marks)
    define_cut_forms(c, grids)
    if has_cover(doc, options):
        draw_cover(c, paper, geometry.frame, cover_for(doc, grids, geometry, options, style), style)
        end_page(c, two_sided)
    if two_sided:
        for back in (False, True):
            draw_alignment(c, paper, geometry.frame, style, back, options.back_offset)
            c.showPage()
    for parts in pages:
        draw_fronts(c, doc, parts, grids, geometry, options, style)
        if two_sided:
            draw_backs(c, parts, paper, options)
        progress.step(doc.filename)
    for title, draw in doc.sheets:
        page = c.getPageNumber()
        header(c, paper, geometry.frame, f"{doc.title}: {title}", page, style)
        draw(c, paper, geometry, style)
        end_page(c, two_sided)
        progress.step(doc.filename)


def end_page(c: Canvas, two_sided: bool) -> None:
    """Finish a one-sided page; in a two-sided document add its blank back."""
    c.showPage()
    if two_sided:
        c.showPage()


def draw_fronts(
    c: Canvas,
    doc: Document,
    parts: Page,
    grids: dict[str, Grid],
    geometry: Geometry,
    options: BuildOptions,
    style: Style,
) -> None:
    """Draw one page of fronts: label (naming any spares on it), pieces, crop marks."""
    paper = geometry.paper(options.paper)
    page = c.getPageNumber()
    spares = spares_line([p for part in parts for p in part.pieces], style.lang)
    title = f"{doc.title} - {text(style.lang, 'spares', list=spares)}" if spares else doc.title
    header(c, paper, geometry.frame, title, page, style, parts[0].grid.header_on_top)
    for part in parts:
        for i, piece in enumerate(part.pieces):
            place(c, form_name(piece.design), part.grid.slot(i))
        if options.cut_lines in ("fronts", "both"):
            for i in range(len(part.pieces)):
                place(c, cut_form_name(part.grid), part.grid.slot(i))
        if part.is_full and part.grid == grids[part.grid.shape.name]:
            c.doForm(crop_form_name(part.grid))
        else:
            lines = crop_lines(part.grid, len(part.pieces), geometry.frame, options.crop_marks)
            draw_crops(c, lines)
    c.showPage()


def draw_backs(c: Canvas, parts: Page, paper: Paper, options: BuildOptions) -> None:
    """Draw the page of backs behind a page of fronts (mirrored for a long-edge flip), with
    cut lines only when asked for them on both sides."""
    for part in parts:
        for i, piece in enumerate(part.pieces):
            if piece.family:
                box = mirror_long_edge(part.grid.slot(i), paper, options.back_offset)
                place(c, form_name(f"{piece.shape}:{piece.family}", back=True), box)
                if options.cut_lines == "both":
                    place(c, cut_form_name(part.grid), box)
    c.showPage()


class Progress:
    """A progress bar on stderr, shown only on a terminal and only after one second."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.start = time.monotonic()
        self.stream = stream if stream is not None else sys.stderr
        self.shown = False

    def step(self, label: str) -> None:
        """Count one page done and redraw the bar when it is worth showing."""
        self.done += 1
        if not self.stream.isatty() or time.monotonic() - self.start < 1.0:
            return
        filled = int(30 * self.done / self.total)
        self.stream.write(
            f"\r[{'#' * filled}{' ' * (30 - filled)}] {self.done}/{self.total} {label[:40]:<40}"
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line."""
        if self.shown:
            self.stream.write("\n")
