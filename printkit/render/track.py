"""Flash Duel track cards: laid end to end they make the 18-space bridge.

Each card shows its run of spaces, numbered, with dark spaces shaded and the start spaces
marked. Every space has the same width on every card (the card's width over the most spaces
a card holds), so a card with fewer spaces keeps a plain end that the next card is laid
over. Each space's colour runs into the bleed at the card's edges, so cards laid edge to edge
show no light seam. Track cards are single-sided.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import TrackCard
from printkit.i18n import text
from printkit.layout import Box
from printkit.pieces import Piece
from printkit.render import cards
from printkit.render.style import INK, Style, colour, fit_size

LIGHT, DARK = "#efe3c8", "#6d5a44"
OVERLAP = "#c9c0ae"
"""The plain end of a card with fewer spaces, covered by the next card."""


def draw_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a track card's spaces, each the same width, their colours into the bleed."""
    card = piece.subject
    if not isinstance(card, TrackCard):
        return
    board = piece.board
    dark = set(board.dark_spaces) if board else set()
    starts = set(board.start_spaces) if board else set()
    width = box.width / max(piece.span, len(card.spaces))
    bottom, height = box.y - bleed, box.height + 2 * bleed
    for i, space in enumerate(card.spaces):
        left = box.x + i * width - (bleed if i == 0 else 0.0)
        right = box.x + (i + 1) * width
        if i == len(card.spaces) - 1 and right >= box.x + box.width - 1e-6:
            right += bleed
        c.setFillColor(colour(DARK if space in dark else LIGHT))
        c.rect(left * mm, bottom * mm, (right - left) * mm, height * mm, stroke=0, fill=1)
        centre = box.x + (i + 0.5) * width
        c.setFillColor(colour("#ffffff" if space in dark else INK))
        c.setFont(style.bold, 22)
        c.drawCentredString(centre * mm, (box.y + box.height / 2) * mm - 8, str(space))
        if space in starts:
            c.setFont(style.bold, 8)
            c.drawCentredString(centre * mm, (box.y + 6) * mm, text(style.lang, "start"))
    end = box.x + len(card.spaces) * width
    if end < box.x + box.width - 1e-6:
        draw_overlap(c, end, box, bleed, style)
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.6)
    for i in range(1, len(card.spaces) + (end < box.x + box.width - 1e-6)):
        x = (box.x + i * width) * mm
        c.line(x, (box.y - bleed) * mm, x, (box.y + box.height + bleed) * mm)


def draw_overlap(c: Canvas, left: float, box: Box, bleed: float, style: Style) -> None:
    """Draw the plain end of a short card: the next card is laid over it."""
    right = box.x + box.width + bleed
    c.setFillColor(colour(OVERLAP))
    c.rect(
        left * mm, (box.y - bleed) * mm, (right - left) * mm, (box.height + 2 * bleed) * mm, 0, 1
    )
    label = text(style.lang, "track_overlap")
    c.saveState()
    c.translate((left + (box.x + box.width - left) / 2) * mm, (box.y + box.height / 2) * mm)
    c.rotate(90)
    c.setFillColor(colour(INK))
    size = fit_size(c, label, style.bold, (box.height - 12) * mm, 9, 5)
    c.setFont(style.bold, size)
    c.drawCentredString(0, -size * 0.35, label)
    c.restoreState()


def draw_back(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a track card's back: the card back of its family, like every other card."""
    cards.draw_back(c, piece, box, bleed, style)
