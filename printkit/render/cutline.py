"""Cut (die) lines: the thin outline of a piece's trim.

Renderers draw art only; the build lays cut lines over the pieces as their own layer, on the
fronts by default (``--cut-lines``). Backs and images leave them off: an off-centre punch or
a duplex drift would show a dark crescent or a misplaced ring.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.layout import Box, Shape
from printkit.render.style import circle, colour

CUT_WIDTH = 0.25
"""Line width (pt) of a cut line: thin enough to vanish in the cut."""
CORNER = 3.0
"""Corner radius (mm) of a rounded card's trim."""


def draw_cut_line(c: Canvas, shape: Shape, box: Box) -> None:
    """Draw the outline of ``shape``'s trim in ``box`` (mm): a circle, a rounded or a square
    rectangle."""
    c.setStrokeColor(colour("#000000"))
    c.setLineWidth(CUT_WIDTH)
    if shape.outline == "circle":
        cx, cy = box.centre
        circle(c, cx * mm, cy * mm, box.width / 2 * mm, stroke=1, fill=0)
        return
    x, y, w, h = box.x * mm, box.y * mm, box.width * mm, box.height * mm
    if shape.outline == "rounded":
        c.roundRect(x, y, w, h, CORNER * mm, stroke=1, fill=0)
    else:
        c.rect(x, y, w, h, stroke=1, fill=0)
