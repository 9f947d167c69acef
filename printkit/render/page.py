"""Sheet furniture every page shares: title line, small ruler, calibration rulers, headed text."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.style import INK, Style, colour, fit_size, text_block

SMALL_RULER = 50.0


RULER_FORM = "SMALL_RULER"
"""The small ruler is drawn once per document as a form of this name (see build)."""


def ruler(c: Canvas, x: float, y: float, length_mm: float, style: Style, label: str = "") -> None:
    """Draw a millimetre ruler with a tick every mm and a number every 10 mm."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(0.35)
    c.line(x * mm, y * mm, (x + length_mm) * mm, y * mm)
    c.setFont(style.regular, 5)
    for i in range(int(length_mm) + 1):
        tall = 2.2 if i % 10 == 0 else (1.4 if i % 5 == 0 else 0.8)
        c.line((x + i) * mm, y * mm, (x + i) * mm, (y + tall) * mm)
        if i % 10 == 0:
            c.drawCentredString((x + i) * mm, (y + 2.8) * mm, str(i))
    if label:
        c.drawString((x + length_mm + 2) * mm, y * mm, label)


def inch_ruler(c: Canvas, x: float, y: float, inches: int, style: Style) -> None:
    """Draw an inch ruler with quarter-inch ticks."""
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.35)
    c.line(x * mm, y * mm, x * mm + inches * inch, y * mm)
    c.setFont(style.regular, 5)
    for q in range(inches * 4 + 1):
        tall = 2.2 if q % 4 == 0 else 1.0
        c.line(x * mm + q * inch / 4, y * mm, x * mm + q * inch / 4, (y + tall) * mm)
        if q % 4 == 0:
            c.drawCentredString(x * mm + q * inch / 4, (y + 2.8) * mm, f"{q // 4} in")


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
