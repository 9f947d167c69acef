"""Pattern cues for colour-coded meanings: a banner's or an action arrow's colour also shows
as a stripe direction, so a chip reads the same in grayscale and to a colour-blind player.

Brown is plain; red is striped like '/', blue like '|', purple like '\\'. Gray and gold stay
plain: they differ from the others in lightness (tests/print/test_colour_cues.py measures
both, in grayscale and under simulated protanopia and deuteranopia).
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from printkit.render.style import colour

STRIPES = {"red": 45.0, "blue": 90.0, "purple": -45.0}
"""Stripe angle (degrees from the horizontal) of each patterned colour."""
MIX = 0.32
"""Share of white mixed into a banner's stripes: a lighter tone of the same colour."""


def tone(hex_code: str, share: float = MIX) -> str:
    """Return ``hex_code`` mixed with ``share`` of white."""
    rgb = [int(hex_code[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * share):02x}" for v in rgb)


def stripe_lines(
    angle: float, x: float, y: float, w: float, h: float, pitch: float
) -> list[tuple[float, float, float, float]]:
    """Return stripes (points) at ``angle`` degrees, ``pitch`` apart, covering a box (mm)."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    nx, ny = -dy, dx
    cx, cy = x + w / 2, y + h / 2
    reach = math.hypot(w, h) / 2
    lines = []
    steps = math.ceil(reach / pitch)
    for k in range(-steps, steps + 1):
        ox, oy = cx + nx * k * pitch, cy + ny * k * pitch
        lines.append(
            (
                (ox - dx * reach) * mm,
                (oy - dy * reach) * mm,
                (ox + dx * reach) * mm,
                (oy + dy * reach) * mm,
            )
        )
    return lines


def draw_stripes(
    c: Canvas,
    name: str,
    box: tuple[float, float, float, float],
    clip: PDFPathObject,
    ink: str,
    pitch: float,
    width: float,
) -> None:
    """Hatch the area of ``clip`` (its bounding ``box`` in mm: x, y, w, h) with the stripes
    of colour ``name``, if it has any, in ``ink``; ``pitch`` and ``width`` in mm."""
    angle = STRIPES.get(name)
    if angle is None:
        return
    c.saveState()
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColor(colour(ink))
    c.setLineWidth(width * mm)
    c.lines(stripe_lines(angle, *box, pitch))
    c.restoreState()
