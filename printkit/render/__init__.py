"""Drawing with reportlab. Renderers are registered by component shape.

``RENDERERS`` maps each shape group to the module function that draws a piece's front or
back inside its trim box; ``renderer_for`` finds it with a clear error.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from printkit.layout import Box
from printkit.pieces import Piece, has_uncertain_name
from printkit.render import cards, chips, track, writein
from printkit.render.style import Style

Draw = Callable[[Canvas, Piece, Box, float, Style], None]


def card_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a card's face: in full, or as a write-in card; mark an uncertain name."""
    if piece.write_in:
        writein.draw_front(c, piece, box, bleed, style)
    else:
        cards.draw_front(c, piece, box, bleed, style)
    if has_uncertain_name(piece):
        writein.draw_uncertain_mark(c, box, style, dark=piece.kind == "dragon-card")


RENDERERS: dict[str, tuple[Draw, Draw]] = {
    "chip": (chips.draw_front, chips.draw_back),
    "card": (card_front, cards.draw_back),
    "track": (track.draw_front, track.draw_back),
}
"""Front and back drawers per shape group; full-page sheets live in
printkit.render.cover, printkit.render.banksheet and printkit.render.aids."""

SHAPE_GROUPS = {
    "chip": "chip",
    "token": "chip",
    "counter": "chip",
    "card": "card",
    "dragon-card": "card",
    "track-card": "track",
}


SHORT_BLEED_BACKS: dict[str, Draw] = {"card": cards.draw_bordered_back}
"""Back drawers for a sheet whose bleed is under 3 mm: a light border that forgives drift."""


def back_for(shape: str, short_bleed: bool) -> Draw:
    """Return the back drawer of a shape, the light-bordered one when the bleed is short."""
    _, back = renderer_for(shape)
    if short_bleed:
        return SHORT_BLEED_BACKS.get(SHAPE_GROUPS[shape], back)
    return back


class RenderError(ValueError):
    """A piece of a shape no renderer knows."""


def renderer_for(shape: str) -> tuple[Draw, Draw]:
    """Return the (front, back) drawers for a layouts.toml shape.

    :raises RenderError: for a shape with no renderer.
    """
    group = SHAPE_GROUPS.get(shape)
    if group is None or group not in RENDERERS:
        raise RenderError(f"no renderer for shape {shape!r} (known: {', '.join(SHAPE_GROUPS)})")
    return RENDERERS[group]
