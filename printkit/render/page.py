"""Sheet furniture every page shares: title line, small ruler, calibration rulers, headed text."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.style import INK, Style, colour, draw_lines, fit_size, text_block

SMALL_RULER = 50.0


RULER_FORM = "SMALL_RULER"
"""The small ruler is drawn once per document as a form of this name (see build)."""


TICK = 0.35
"""Width (pt) of a ruler's line and ticks."""


def comb(c: Canvas, x: float, y: float, length: float, step: float, tall: float) -> None:
    """Draw ticks ``tall`` high every ``step`` along ``length`` from (x, y), all in points,
    as one dashed stroke: each dash is a tick (far cheaper than a line per tick)."""
    c.saveState()
    c.setLineWidth(tall)
    c.setDash([TICK, step - TICK], 0)
    c.line(x - TICK / 2, y + tall / 2, x + length + TICK / 2, y + tall / 2)
    c.restoreState()


def ruler(c: Canvas, x: float, y: float, length_mm: float, style: Style, label: str = "") -> None:
    """Draw a millimetre ruler with a tick every mm and a number every 10 mm."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(TICK)
    c.line(x * mm, y * mm, (x + length_mm) * mm, y * mm)
    whole = int(length_mm)
    for every, tall in ((1, 0.8), (5, 1.4), (10, 2.2)):
        span = whole - whole % every
        comb(c, x * mm, y * mm, span * mm, every * mm, tall * mm)
    numbers = [((x + i) * mm, (y + 2.8) * mm, str(i)) for i in range(0, whole + 1, 10)]
    draw_lines(c, style.regular, 5, numbers, centred=True)
    if label:
        c.drawString((x + length_mm + 2) * mm, y * mm, label)


def inch_ruler(c: Canvas, x: float, y: float, inches: int, style: Style) -> None:
    """Draw an inch ruler with quarter-inch ticks."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(TICK)
    c.line(x * mm, y * mm, x * mm + inches * inch, y * mm)
    comb(c, x * mm, y * mm, inches * inch, inch / 4, 1.0 * mm)
    comb(c, x * mm, y * mm, inches * inch, inch, 2.2 * mm)
    numbers = [(x * mm + n * inch, (y + 2.8) * mm, f"{n} in") for n in range(inches + 1)]
    draw_lines(c, style.regular, 5, numbers, centred=True)


def header(
    c: Canvas, paper: Paper, frame: Frame, title: str, page: int, style: Style, on_top: bool = True
) -> None:
    """Label a sheet with its title and page number, and a small ruler when it has a band on
    top; without one the title runs up the left margin's narrow band (no ruler)."""
    label = f"{title} - {text(style.lang, 'page', n=page)}"
    c.setFillColor(colour(INK))
    if on_top:
        y = paper.height - frame.margin - 5
        size = fit_size(c, label, style.bold, (paper.width - 2 * frame.margin - 60) * mm, 8, 5)
        c.setFont(style.bold, size)
        c.drawString(frame.margin * mm, y * mm, label)
        c.saveState()
        c.translate((paper.width - frame.margin - SMALL_RULER - 1) * mm, y * mm)
        c.doForm(RULER_FORM)
        c.restoreState()
        return
    c.saveState()
    c.translate((frame.margin + 2.3) * mm, (frame.margin + 2) * mm)
    c.rotate(90)
    c.setFont(style.bold, fit_size(c, label, style.bold, (paper.height - 40) * mm, 6, 4.5))
    c.drawString(0, 0, label)
    c.restoreState()


def titled_lines(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    title: str,
    lines: Sequence[str],
    style: Style,
    size: float = 9,
) -> float:
    """Draw a heading and wrapped lines; return the y (mm) below them."""
    c.setFillColor(colour(INK))
    c.setFont(style.bold, size + 3)
    c.drawString(x * mm, y * mm, title)
    y -= 3
    for line in lines:
        y -= (
            text_block(c, line, style.regular, x + 2, y, width - 2, 14, largest=size, smallest=6)
            + 1.5
        )
    return y - 4
