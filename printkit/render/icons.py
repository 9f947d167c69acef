"""Vector icons of Puzzle Strike chips, drawn centred on a point (lengths in mm).

``TOP_DRAWERS`` covers every top-line icon of ``printkit.catalog.vocab.TOP_ICONS`` and
``BANNER_DRAWERS`` every banner icon of ``BANNER_ICONS``; a test keeps them in step.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.render.cues import draw_stripes
from printkit.render.safezone import MIN_TEXT_PT as MIN_LABEL_PT
from printkit.render.style import BANNER, circle, colour

ARROW_COLOURS = {
    "black-arrow": "#111111",
    "brown-arrow": BANNER["brown"],
    "purple-arrow": BANNER["purple"],
    "red-arrow": BANNER["red"],
    "blue-arrow": BANNER["blue"],
}
GREEN = "#1f7a4a"
PINK = "#f29bb6"
PIGGY_LINE = "#8a3b55"


def arrow(c: Canvas, x: float, y: float, size: float, fill: str, cue: str = "") -> None:
    """Draw a right-pointing arrow, striped in white when its colour ``cue`` has stripes."""
    s = size * mm / 2
    cx, cy = x * mm, y * mm
    p = c.beginPath()
    p.moveTo(cx - s, cy - s * 0.35)
    p.lineTo(cx + s * 0.1, cy - s * 0.35)
    p.lineTo(cx + s * 0.1, cy - s * 0.8)
    p.lineTo(cx + s, cy)
    p.lineTo(cx + s * 0.1, cy + s * 0.8)
    p.lineTo(cx + s * 0.1, cy + s * 0.35)
    p.lineTo(cx - s, cy + s * 0.35)
    p.close()
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.3)
    c.drawPath(p, fill=1, stroke=1)
    box = (x - size / 2, y - size / 2, size, size)
    draw_stripes(c, cue, box, p, "#ffffff", size * 0.24, size * 0.07)


def chip_draw(c: Canvas, x: float, y: float, size: float) -> None:
    """Draw the chip icon: a black disc with a white ring."""
    c.setFillColor(colour("#111111"))
    circle(c, x * mm, y * mm, size * mm / 2, stroke=0, fill=1)
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.5)
    circle(c, x * mm, y * mm, size * mm / 3.2, stroke=1, fill=0)


def piggy(c: Canvas, x: float, y: float, size: float) -> None:
    """Draw a piggy bank: body, ear, snout, legs."""
    s = size * mm
    cx, cy = x * mm, y * mm
    c.setFillColor(colour(PINK))
    c.setStrokeColor(colour(PIGGY_LINE))
    c.setLineWidth(0.6)
    for lx in (-0.25, 0.2):
        c.rect(cx + lx * s, cy - s * 0.42, s * 0.1, s * 0.18, stroke=1, fill=1)
    c.ellipse(cx - s * 0.45, cy - s * 0.3, cx + s * 0.4, cy + s * 0.3, stroke=1, fill=1)
    circle(c, cx + s * 0.42, cy, s * 0.11, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(cx - s * 0.05, cy + s * 0.25)
    p.lineTo(cx + s * 0.05, cy + s * 0.42)
    p.lineTo(cx + s * 0.15, cy + s * 0.22)
    p.close()
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(colour("#111111"))
    c.rect(cx - s * 0.1, cy + s * 0.22, s * 0.16, s * 0.03, stroke=0, fill=1)


def starburst(c: Canvas, x: float, y: float, size: float, label: str, font: str) -> None:
    """Draw the green '$N' gem-power burst."""
    import math

    points_size = max(MIN_LABEL_PT, size * (1.15 if len(label) <= 2 else 1.0))
    # the burst grows to keep a longer label ('-$1') at a readable size inside its points
    width = pdfmetrics.stringWidth(label, font, points_size)
    r_out = max(size * mm / 2, 0.76 * width)
    r_in = r_out / 1.45
    cx, cy = x * mm, y * mm
    p = c.beginPath()
    points = 10
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / points
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        p.moveTo(px, py) if i == 0 else p.lineTo(px, py)
    p.close()
    c.setFillColor(colour(GREEN))
    c.drawPath(p, fill=1, stroke=0)
    c.setFillColor(colour("#ffffff"))
    c.setFont(font, points_size)
    c.drawCentredString(cx, cy - points_size * 0.35, label)


def gem_square(c: Canvas, x: float, y: float, size: float, value: int, font: str) -> None:
    """Draw a green square holding a gem's value."""
    s = size * mm
    c.setFillColor(colour(GREEN))
    c.roundRect(x * mm - s / 2, y * mm - s / 2, s, s, s * 0.15, stroke=0, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.setFont(font, size * 1.7)
    c.drawCentredString(x * mm, y * mm - size * 0.6, str(value))


def money_label(value: int) -> str:
    """Write a gem-power amount: '$2', '-$1'."""
    return f"-${-value}" if value < 0 else f"${value}"


def draw_top_icon(
    c: Canvas, name: str, x: float, y: float, size: float, value: int, font: str
) -> None:
    """Draw one top-line icon (value: the number of '$N' or of a gem square)."""
    TOP_DRAWERS[name](c, x, y, size, value, font)


def arrow_drawer(name: str) -> Callable[[Canvas, float, float, float, int, str], None]:
    """Return a drawer for the arrow ``name`` ('red-arrow'): its colour and stripes."""
    fill, cue = ARROW_COLOURS[name], name.removesuffix("-arrow")
    return lambda c, x, y, s, v, f: arrow(c, x, y, s, fill, cue)


TOP_DRAWERS: dict[str, Callable[[Canvas, float, float, float, int, str], None]] = {
    **{name: arrow_drawer(name) for name in ARROW_COLOURS},
    "chip-draw": lambda c, x, y, s, v, f: chip_draw(c, x, y, s),
    "piggy": lambda c, x, y, s, v, f: piggy(c, x, y, s),
    "gem-power": lambda c, x, y, s, v, f: starburst(c, x, y, s * 1.15, money_label(v), f),
    "gem": lambda c, x, y, s, v, f: gem_square(c, x, y, s, v, f),
}


ICON_INKS: dict[str, tuple[str, ...]] = {
    **{name: (fill,) for name, fill in ARROW_COLOURS.items()},
    "chip-draw": ("#111111",),
    "piggy": (PIGGY_LINE,),
    "gem-power": (GREEN,),
    "gem": (GREEN,),
}
"""The colours that give each top-line icon its shape against the chip face."""


def disc(c: Canvas, x: float, y: float, size: float, fill: str) -> None:
    """Draw a filled disc with a thin white edge."""
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.4)
    circle(c, x * mm, y * mm, size * mm / 2, stroke=1, fill=1)


def fist(c: Canvas, x: float, y: float, size: float, font: str) -> None:
    """Draw the attack icon: a red disc with a white fist."""
    disc(c, x, y, size, BANNER["red"])
    s = size * mm
    cx, cy = x * mm, y * mm
    c.setFillColor(colour("#ffffff"))
    c.roundRect(cx - s * 0.24, cy - s * 0.2, s * 0.42, s * 0.34, s * 0.08, stroke=0, fill=1)
    c.roundRect(cx - s * 0.3, cy - s * 0.12, s * 0.12, s * 0.2, s * 0.05, stroke=0, fill=1)
    c.setStrokeColor(colour(BANNER["red"]))
    c.setLineWidth(0.35)
    for i in range(1, 4):
        lx = cx - s * 0.24 + i * s * 0.105
        c.line(lx, cy + s * 0.14, lx, cy + s * 0.02)


def shield(c: Canvas, x: float, y: float, size: float, cue: str) -> None:
    """Draw a shield (reaction) in a banner colour, with that colour's stripes."""
    fill = BANNER[cue]
    s = size * mm / 2
    cx, cy = x * mm, y * mm
    p = c.beginPath()
    p.moveTo(cx - s * 0.85, cy + s * 0.8)
    p.lineTo(cx + s * 0.85, cy + s * 0.8)
    p.curveTo(cx + s * 0.9, cy - s * 0.2, cx + s * 0.5, cy - s * 0.7, cx, cy - s)
    p.curveTo(cx - s * 0.5, cy - s * 0.7, cx - s * 0.9, cy - s * 0.2, cx - s * 0.85, cy + s * 0.8)
    p.close()
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.4)
    c.drawPath(p, fill=1, stroke=1)
    box = (x - size / 2, y - size / 2, size, size)
    draw_stripes(c, cue, box, p, "#ffffff", size * 0.26, size * 0.08)


def orb(c: Canvas, x: float, y: float, size: float) -> None:
    """Draw the purple crash sphere with a highlight."""
    disc(c, x, y, size, BANNER["purple"])
    c.setFillColor(colour("#d6c2ea"))
    circle(c, (x - size * 0.15) * mm, (y + size * 0.15) * mm, size * mm * 0.14, stroke=0, fill=1)


def mark(c: Canvas, x: float, y: float, size: float, fill: str, char: str, font: str) -> None:
    """Draw a character ('!' or '?') on a disc."""
    disc(c, x, y, size, fill)
    c.setFillColor(colour("#ffffff"))
    c.setFont(font, size * 2.2)
    c.drawCentredString(x * mm, y * mm - size * 0.75, char)


BANNER_INKS = {
    "fist": BANNER["red"],
    "blue-shield": BANNER["blue"],
    "purple-shield": BANNER["purple"],
    "brown-shield": BANNER["brown"],
    "orb": BANNER["purple"],
    "exclamation": "#b71c1c",
    "question": BANNER["gray"],
}
"""The colour of each banner icon, drawn on a white disc."""
BANNER_DRAWERS: dict[str, Callable[[Canvas, float, float, float, str], None]] = {
    "fist": fist,
    "blue-shield": lambda c, x, y, s, f: shield(c, x, y, s, "blue"),
    "purple-shield": lambda c, x, y, s, f: shield(c, x, y, s, "purple"),
    "brown-shield": lambda c, x, y, s, f: shield(c, x, y, s, "brown"),
    "orb": lambda c, x, y, s, f: orb(c, x, y, s),
    "exclamation": lambda c, x, y, s, f: mark(c, x, y, s, "#b71c1c", "!", f),
    "question": lambda c, x, y, s, f: mark(c, x, y, s, BANNER["gray"], "?", f),
}


def draw_banner_icon(c: Canvas, name: str, x: float, y: float, size: float, font: str) -> None:
    """Draw one banner icon."""
    BANNER_DRAWERS[name](c, x, y, size, font)
