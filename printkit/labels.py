"""Chips on round label stock (to stick on poker chips) and in strips for a 1.5 in punch.

Sheet geometry is data (``printkit/labels.toml``): each stock's published template, and the
punch layout's spacing. Label sheets put each chip's centre on a label's centre and run its
art a little past the label's edge; the punch layout lays chips in strips with a dashed cut
guide between strips and a tick at each chip's centre on it, to line the punch up.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.i18n import text
from printkit.impose import clipped_form, define_ruler_form, form_name, place
from printkit.layout import Box, Paper, load_geometry
from printkit.pieces import Piece, expand, spares_line, with_spares
from printkit.press import mark_press_ready
from printkit.render import renderer_for
from printkit.render.page import header
from printkit.render.style import INK, Style, colour
from printkit.write import atomic_path

LABELS_FILE = Path(__file__).with_name("labels.toml")
PUNCH = "punch"


class LabelError(ValueError):
    """An unknown label stock or a stock that does not suit the paper."""


@dataclass(frozen=True)
class Sheet:
    """Where chips go on a page: their centres (mm from the bottom left) and cut guides."""

    name: str
    paper: Paper
    centres: list[tuple[float, float]]
    art_radius: float
    """How far (mm) each chip's art reaches from its centre."""
    guides: list[tuple[float, float, float, float]]
    """Cut-guide lines (x1, y1, x2, y2), mm."""
    ticks: list[tuple[float, float]]
    """Points (mm) on the guides that line a punch up with a chip's centre."""
    header: bool = False


def load_labels(path: Path = LABELS_FILE) -> dict[str, Any]:
    """Read labels.toml."""
    with path.open("rb") as handle:
        return tomllib.load(handle)


def stock_ids() -> list[str]:
    """Return the label stocks' ids, then 'punch'."""
    return [*load_labels()["stock"], PUNCH]


def label_sheet(stock_id: str) -> Sheet:
    """Return the sheet of a label stock: label centres from its published template.

    :raises LabelError: for an unknown stock.
    """
    stocks = load_labels()["stock"]
    if stock_id not in stocks:
        raise LabelError(f"--stock: no stock {stock_id!r} (known: {', '.join(stock_ids())})")
    s = stocks[stock_id]
    paper = load_geometry().paper(s["paper"])
    r = s["diameter"] / 2
    centres = [
        (s["left"] + r + col * s["pitch_x"], paper.height - (s["top"] + r + row * s["pitch_y"]))
        for row in range(s["rows"])
        for col in range(s["columns"])
    ]
    return Sheet(s["name"], paper, centres, r + s["overprint"], [], [])


def punch_sheet(paper_name: str) -> Sheet:
    """Return the punch layout on a paper: strips of chips with cut guides between them."""
    p = load_labels()["punch"]
    paper = load_geometry().paper(paper_name)
    art = p["diameter"] / 2 + p["bleed"]
    pitch_x, pitch_y = 2 * art + p["gap"], 2 * art + p["strip_gap"]
    width = paper.width - 2 * p["margin"]
    height = paper.height - 2 * p["margin"] - p["header"]
    columns = math.floor((width + p["gap"]) / pitch_x)
    rows = math.floor((height + p["strip_gap"]) / pitch_y)
    left = p["margin"] + (width - (columns * pitch_x - p["gap"])) / 2 + art
    top = paper.height - p["margin"] - p["header"] - art
    xs = [left + col * pitch_x for col in range(columns)]
    ys = [top - row * pitch_y for row in range(rows)]
    x0, x1 = p["margin"], paper.width - p["margin"]
    edges = [ys[0] + art + p["strip_gap"] / 2] + [y - art - p["strip_gap"] / 2 for y in ys]
    guides = [(x0, y, x1, y) for y in edges]
    ticks = [(x, y) for y in edges for x in xs]
    centres = [(x, y) for y in ys for x in xs]
    return Sheet(f"1.5 in punch, {paper.name}", paper, centres, art, guides, ticks, header=True)


def sheet_for(stock: str | None, paper: str) -> Sheet:
    """Return the sheet asked for: a label stock, the punch layout, or the paper's stock."""
    if stock == PUNCH:
        return punch_sheet(paper)
    if stock is None:
        stock = {"letter": "letter-1.5in-20", "a4": "a4-40mm-24"}.get(paper)
        if stock is None:
            raise LabelError(f"--paper: no label stock for {paper!r}; give --stock")
    return label_sheet(stock)


def write_labels(
    pieces: list[Piece],
    sheet: Sheet,
    path: Path,
    title: str,
    style: Style,
    spares: tuple[Piece, ...] = (),
) -> Path:
    """Write every copy of the round pieces onto the sheet's places, page after page; the
    last page's free places take spare copies of ``spares``."""
    chips = [p for p in pieces if p.shape == "chip"]
    if not chips:
        raise LabelError("nothing to put on labels: no chips chosen")
    size = load_geometry().shapes["chip"].width
    bleed = sheet.art_radius - size / 2
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp:
        page = (sheet.paper.width * mm, sheet.paper.height * mm)
        # types-reportlab types initialFontName as a number, wrongly
        c = Canvas(str(tmp), pagesize=page, invariant=1, initialFontName=style.regular)  # type: ignore[arg-type]
        c.setTitle(title)
        c.setCreator("strikekit printkit")
        mark_press_ready(c, sheet.paper.width, sheet.paper.height, duplex=False)
        front, _ = renderer_for("chip")
        if sheet.header:
            define_ruler_form(c, style)
        reach = (-bleed * mm, -bleed * mm, (size + bleed) * mm, (size + bleed) * mm)
        for piece in chips:
            with clipped_form(c, form_name(piece.design), reach):
                front(c, piece, Box(0, 0, size, size), bleed, style)
        per_page = len(sheet.centres)
        copies = list(expand(with_spares(chips, list(spares), {"chip": per_page})))
        for start in range(0, len(copies), per_page):
            draw_page(c, sheet, copies[start : start + per_page], size, title, style)
        c.save()
    return path


def draw_page(
    c: Canvas, sheet: Sheet, batch: list[Piece], size: float, title: str, style: Style
) -> None:
    """Draw one page: the chips on their places, then the cut guides and punch ticks."""
    if sheet.header:
        header(c, sheet.paper, load_geometry().frame, title, c.getPageNumber(), style)
    else:
        low = min(y for _, y in sheet.centres) - sheet.art_radius
        draw_scale_mark(c, SCALE_LEFT, low / 2, style, spares_line(batch, style.lang))
    for piece, (x, y) in zip(batch, sheet.centres, strict=False):
        place(c, form_name(piece.design), Box(x - size / 2, y - size / 2, size, size))
    if sheet.guides:
        c.setStrokeColor(colour("#555555"))
        c.setLineWidth(0.4)
        c.setDash([3, 2], 0)
        c.lines([(a * mm, b * mm, x * mm, y * mm) for a, b, x, y in sheet.guides])
        c.setDash([], 0)
        c.lines([(x * mm, (y - 1.5) * mm, x * mm, (y + 1.5) * mm) for x, y in sheet.ticks])
    c.showPage()


SCALE_BARS = ((25.4, "1 in"), (25.0, "25 mm"))
"""The scale bars under a label sheet's chips: an inch and 25 mm, to check the printer
prints at actual size before label stock goes in."""


SCALE_LEFT = 14.0
"""Where (mm from the left edge) the scale bars start."""


def draw_scale_mark(c: Canvas, x: float, y: float, style: Style, spares: str) -> None:
    """Draw the scale bars from (x, y) mm, then how to use them (and any spares)."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(0.6)
    left = x
    for length, label in SCALE_BARS:
        c.line(left * mm, y * mm, (left + length) * mm, y * mm)
        for end in (left, left + length):
            c.line(end * mm, (y - 1.5) * mm, end * mm, (y + 1.5) * mm)
        c.setFont(style.bold, 7)
        c.drawCentredString((left + length / 2) * mm, (y + 1.2) * mm, label)
        left += length + 6
    note = text(style.lang, "label_scale")
    if spares:
        note += "  " + text(style.lang, "spares", list=spares)
    c.setFont(style.regular, 7)
    c.drawString(left * mm, (y - 1) * mm, note)
