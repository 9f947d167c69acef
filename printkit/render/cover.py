"""A document's cover page and the duplex alignment test."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.i18n import text
from printkit.layout import Box, Frame, Paper, mirror_long_edge
from printkit.render.page import inch_ruler, ruler
from printkit.render.style import INK, Style, circle, colour, fit_size, text_block


@dataclass
class Cover:
    """What a document's cover page says."""

    title: str
    contents: list[str]
    notes: list[str]
    """How to print this document: only the lines that apply to it."""
    missing: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)


def draw_cover(c: Canvas, paper: Paper, frame: Frame, cover: Cover, style: Style) -> None:
    """Draw the cover: contents, how to print, calibration rulers, what is missing."""
    lang = style.lang
    left, top = frame.margin + 6, paper.height - frame.margin - 10
    width = paper.width - 2 * left
    c.setFillColor(colour(INK))
    c.setFont(style.bold, fit_size(c, cover.title, style.bold, width * mm, 18, 9))
    c.drawString(left * mm, top * mm, cover.title)
    y = top - 12
    c.setFont(style.bold, 11)
    c.drawString(left * mm, y * mm, text(lang, "contents"))
    c.setFont(style.regular, 9)
    for line in cover.contents:
        y -= 5
        c.drawString((left + 3) * mm, y * mm, line)
    y -= 9
    for note in cover.notes:
        y -= text_block(c, note, style.regular, left, y, width, 8, largest=9, smallest=6) + 2
    y = draw_calibration(c, left, y - 6, style)
    for heading, lines in (
        (text(lang, "missing"), cover.missing),
        (text(lang, "gaps"), cover.gaps),
    ):
        if lines:
            y = draw_listing(c, heading, "; ".join(lines), left, y, width, frame, style)


def draw_calibration(c: Canvas, left: float, y: float, style: Style) -> float:
    """Draw the 100 mm and 4 inch calibration rulers; return the y below them."""
    c.setFont(style.bold, 9)
    c.drawString(left * mm, y * mm, text(style.lang, "ruler"))
    ruler(c, left, y - 7, 100, style)
    c.setFont(style.bold, 9)
    c.drawString(left * mm, (y - 14) * mm, text(style.lang, "ruler_in"))
    inch_ruler(c, left, y - 21, 4, style)
    return y - 32


def draw_listing(
    c: Canvas,
    heading: str,
    body: str,
    left: float,
    y: float,
    width: float,
    frame: Frame,
    style: Style,
) -> float:
    """Draw a heading and a long run of text fitted above the bottom margin; return the y
    below it."""
    c.setFont(style.bold, 9)
    c.drawString(left * mm, y * mm, heading)
    room = y - 2 - frame.margin - 4
    used = text_block(
        c, body, style.regular, left + 3, y - 2, width - 3, room, largest=7, smallest=4
    )
    return y - used - 8


def draw_alignment(
    c: Canvas, paper: Paper, frame: Frame, style: Style, back: bool, offset: tuple[float, float]
) -> None:
    """Draw the duplex alignment test: crosses that meet through the paper when aligned, a
    millimetre scale round the centre cross, and which way --back-offset moves the backs."""
    c.setStrokeColor(colour("#b71c1c" if back else INK))
    c.setLineWidth(0.5)
    for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75), (0.5, 0.5)):
        point = Box(paper.width * fx, paper.height * fy, 0.0, 0.0)
        if back:
            point = mirror_long_edge(point, paper, offset)
        x, y = point.x, point.y
        c.line((x - 8) * mm, y * mm, (x + 8) * mm, y * mm)
        c.line(x * mm, (y - 8) * mm, x * mm, (y + 8) * mm)
        circle(c, x * mm, y * mm, 4 * mm, stroke=1, fill=0)
    if not back:
        alignment_scale(c, paper.width / 2, paper.height / 2, style)
    c.setFillColor(colour(INK))
    left, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    note = text(style.lang, "alignment_back" if back else "alignment")
    if not back:
        note += " " + text(style.lang, "alignment_offset")
    text_block(c, note, style.regular, left, frame.margin + 22, width, 16, largest=9, smallest=6)


def alignment_scale(c: Canvas, x: float, y: float, style: Style) -> None:
    """Draw millimetre scales (-10 to +10) along both arms of the centre cross."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(0.25)
    c.setFont(style.regular, 5)
    for i in range(-10, 11):
        tick = 2.0 if i % 5 == 0 else 1.0
        c.line((x + i) * mm, (y - 12) * mm, (x + i) * mm, (y - 12 + tick) * mm)
        c.line((x - 12) * mm, (y + i) * mm, (x - 12 + tick) * mm, (y + i) * mm)
        if i % 5 == 0 and i:
            c.drawCentredString((x + i) * mm, (y - 14.5) * mm, f"{i:+d}")
            c.drawRightString((x - 12.8) * mm, (y + i - 0.6) * mm, f"{i:+d}")
    c.line((x - 10) * mm, (y - 12) * mm, (x + 10) * mm, (y - 12) * mm)
    c.line((x - 12) * mm, (y - 10) * mm, (x - 12) * mm, (y + 10) * mm)
