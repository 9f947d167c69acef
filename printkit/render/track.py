"""Flash Duel track cards: laid end to end they make the 18-space bridge.

Each card shows its run of spaces, numbered, with dark spaces shaded and the start spaces
marked. Track cards are single-sided.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import TrackCard
from printkit.i18n import text
from printkit.layout import Box
from printkit.pieces import Piece
from printkit.render.style import INK, Style, colour, fill_bleed

LIGHT, DARK = "#efe3c8", "#6d5a44"


def draw_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a track card's spaces."""
    card = piece.subject
    if not isinstance(card, TrackCard):
        return
    board = piece.board
    dark = set(board.dark_spaces) if board else set()
    starts = set(board.start_spaces) if board else set()
    fill_bleed(c, box.x, box.y, box.width, box.height, bleed, LIGHT)
    width = box.width / len(card.spaces)
    for i, space in enumerate(card.spaces):
        x = box.x + i * width
        shade = DARK if space in dark else LIGHT
        c.setFillColor(colour(shade))
        c.setStrokeColor(colour(INK))
        c.setLineWidth(0.6)
        c.rect(x * mm, box.y * mm, width * mm, box.height * mm, stroke=1, fill=1)
        ink = "#ffffff" if space in dark else INK
        c.setFillColor(colour(ink))
        c.setFont(style.bold, 22)
        c.drawCentredString((x + width / 2) * mm, (box.y + box.height / 2) * mm - 8, str(space))
        if space in starts:
            c.setFont(style.bold, 8)
            c.drawCentredString((x + width / 2) * mm, (box.y + 6) * mm, text(style.lang, "start"))


def draw_back(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Track cards have no back design."""
