"""A chip's text below its icons: the flag marks (ongoing, once per turn) and the summary,
fitted to the safe circle at 6 pt or more, each flag said once; and ``Disc``, the chip
being drawn, which every part of a chip's face is laid out on."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import ChipFace
from printkit.i18n import text
from printkit.render.safezone import (
    MIN_TEXT_PT,
    centred_baseline,
    fit_block,
    fit_line,
    safe_radius,
    scale_for,
)
from printkit.render.style import Style, colour, draw_lines

FLAG_MARKS = ("ongoing", "once-per-turn")
"""Chip flags printed as a line of their own (the i18n phrase ``flag_<flag>``)."""
FOOT = 2.6
"""Height (mm) of the band at the foot of the safe circle that holds a flag mark."""


class Disc:
    """A chip being drawn: centre, cut radius, bleed, and its layout scale."""

    def __init__(self, cx: float, cy: float, r: float, bleed: float, fixed: bool = False) -> None:
        self.cx, self.cy, self.r, self.bleed = cx, cy, r, bleed
        self.safe = safe_radius(r)
        self.v = scale_for(r)
        """Layout unit: 1 mm on the 38 mm chip the layout is designed for."""
        self.fixed = fixed
        """True for a piece of one size only (win token, counter): its text never scales."""

    def min_text(self) -> float:
        """Return the smallest text size (pt) on this piece: 6 pt; on a chip made smaller
        with --chip-diameter, scaled with it (the build warns)."""
        return MIN_TEXT_PT * (1.0 if self.fixed else min(1.0, self.v))


def says_flag(summary: str | None, flag: str) -> bool:
    """Return True when a summary opens with the flag's English word ('Ongoing: ...')."""
    word = text("en", f"flag_{flag}").casefold()
    return summary is not None and summary.casefold().startswith(f"{word}:")


def marks_and_summary(chip: ChipFace, lang: str) -> tuple[list[str], list[str], str | None]:
    """Return the flag marks a chip prints on a line under its icons, those it prints at
    its foot, and its summary, saying each flag once: an English chip whose summary opens
    'Ongoing:' prints no ONGOING line; a Japanese one prints 進行中 at its foot (the narrow
    end of the circle, where a summary line holds little) and its English summary without
    the opening word."""
    summary = chip.summary
    marks, foot = [], []
    for flag in (f for f in chip.flags if f in FLAG_MARKS):
        if not says_flag(summary, flag):
            marks.append(text(lang, f"flag_{flag}"))
        elif lang != "en" and summary is not None:
            foot.append(text(lang, f"flag_{flag}"))
            rest = summary.split(":", 1)[1].strip()
            summary = rest[:1].upper() + rest[1:]
    return marks, foot, summary


def draw_marks(c: Canvas, line: str, d: Disc, top: float, ink: str, style: Style) -> float:
    """Draw the ongoing / once-per-turn line below ``top``; return the y below it."""
    size = max(d.min_text(), 5.2 * d.v)
    y = top - size / mm * 0.6
    fitted = fit_line(line, style.bold, y, d.safe, 2 * d.r, size, d.min_text())
    size = fitted or d.min_text()
    c.setFillColor(colour(ink))
    c.setFont(style.bold, size)
    c.drawCentredString(d.cx * mm, (d.cy + centred_baseline(y, size, style.bold)) * mm, line)
    return y - size / mm * 0.7


def draw_foot_marks(c: Canvas, line: str, d: Disc, ink: str, style: Style) -> float:
    """Draw flag marks at the foot of the safe circle; return the y above them."""
    size = d.min_text()
    y = -d.safe + FOOT * d.v / 2
    c.setFillColor(colour(ink))
    c.setFont(style.bold, size)
    c.drawCentredString(d.cx * mm, (d.cy + centred_baseline(y, size, style.bold)) * mm, line)
    return -d.safe + FOOT * d.v


def draw_summary(
    c: Canvas, summary: str, d: Disc, top: float, ink: str, style: Style, bottom: float
) -> None:
    """Draw the summary, each line as wide as the safe circle allows at its height."""
    largest = max(6.0 * d.v, d.min_text())
    font = style.font_for(summary)
    fitted = fit_block(summary, font, top, bottom, d.safe, largest, d.min_text())
    if fitted is None:  # too long even at the smallest size: shrink rather than cross the cut
        fitted = fit_block(summary, font, top, bottom, d.safe, d.min_text(), 2.0)
    if fitted is None:
        return
    c.setFillColor(colour(ink))
    placed = [
        (d.cx * mm, (d.cy + baseline) * mm, line)
        for line, baseline in zip(fitted.lines, fitted.baselines, strict=True)
    ]
    draw_lines(c, font, fitted.size, placed, centred=True)
