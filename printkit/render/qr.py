"""QR codes drawn as one vector path (much cheaper than reportlab's QR widget)."""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.render.style import colour

QUIET_ZONE = 4


@lru_cache(maxsize=256)
def modules(payload: str) -> tuple[tuple[bool, ...], ...]:
    """Encode a payload once; return its module matrix without the quiet zone."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
    code.add_data(payload)
    code.make(fit=True)
    return tuple(tuple(bool(m) for m in row) for row in code.get_matrix())


def draw_qr(c: Canvas, payload: str, x: float, y: float, size: float) -> None:
    """Draw a QR code with its white quiet zone; (x, y) is the lower-left corner (mm)."""
    matrix = modules(payload)
    n = len(matrix)
    cell = size / (n + 2 * QUIET_ZONE)
    c.setFillColor(colour("#ffffff"))
    c.rect(x * mm, y * mm, size * mm, size * mm, stroke=0, fill=1)
    path = c.beginPath()
    for row, line in enumerate(matrix):
        col = 0
        while col < n:
            if not line[col]:
                col += 1
                continue
            start = col
            while col < n and line[col]:
                col += 1
            left = x + (QUIET_ZONE + start) * cell
            bottom = y + size - (QUIET_ZONE + row + 1) * cell
            path.rect(left * mm, bottom * mm, (col - start) * cell * mm, cell * mm)
    c.setFillColor(colour("#000000"))
    c.drawPath(path, stroke=0, fill=1)
