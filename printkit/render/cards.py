"""Flash Duel cards: numbered cards, ability cards, Deathstrike Dragon cards, loyalty cards.

An ability card shows its character, its name, the timing trigger in a wood-coloured band
and the effect below it (the layout the 2nd edition uses). Art runs ``bleed`` mm past the
rounded cut line.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import Ability, LoyaltyCard
from printkit.i18n import text
from printkit.layout import Box
from printkit.pieces import Piece
from printkit.render.style import INK, Style, circle, colour, fit_size, text_block
from printkit.render.style import fill_bleed as fill_box

WOOD = "#a0703c"
FACES = {
    "numbered": "#fdf6e3",
    "ability": "#f4efe6",
    "dragon": "#2b1d1d",
    "loyalty": "#efe7d6",
}
BACKS = {
    "numbered": "#1f3a5f",
    "ability": "#5f1f1f",
    "dragon": "#1b1b1b",
    "loyalty": "#3e2723",
    "track": "#2f4f3f",
}
"""Back colour per family; the word on the back is the i18n phrase ``back_<family>``."""
BORDER = 3.5
"""Width (mm) of the light border of a back drawn for a sheet with less than 3 mm of bleed:
the duplex drift it forgives."""
BORDER_COLOUR = "#f4efe6"
"""The light border's colour (the ability cards' face)."""


def fill_bleed(c: Canvas, box: Box, bleed: float, hex_code: str) -> None:
    """Fill the card and its bleed with one colour."""
    fill_box(c, box.x, box.y, box.width, box.height, bleed, hex_code)


def draw_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a card's face."""
    fill_bleed(c, box, bleed, FACES.get(piece.family or "", "#ffffff"))
    subject = piece.subject
    if isinstance(subject, int):
        draw_number(c, subject, box, style)
    elif isinstance(subject, Ability):
        owner = piece.owner.name if piece.owner is not None else "Deathstrike Dragon"
        draw_ability(c, subject, owner, box, style, dark=piece.kind == "dragon-card")
    elif isinstance(subject, LoyaltyCard):
        draw_loyalty(c, subject, box, style)


def draw_back(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a card back: one design per family, so backs never give a card away."""
    fill_bleed(c, box, bleed, BACKS.get(piece.family or "", "#555555"))
    back_panel(c, piece, box, 4.0, style)


def draw_bordered_back(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a card back for a sheet with too little bleed: the family's colour on a panel
    ``BORDER`` mm inside the cut, on a light border that runs into the bleed, so a duplex
    drift of up to that much moves the panel but shows no white sliver at the edge."""
    fill_bleed(c, box, bleed, BORDER_COLOUR)
    c.setFillColor(colour(BACKS.get(piece.family or "", "#555555")))
    c.roundRect(
        (box.x + BORDER) * mm,
        (box.y + BORDER) * mm,
        (box.width - 2 * BORDER) * mm,
        (box.height - 2 * BORDER) * mm,
        2 * mm,
        stroke=0,
        fill=1,
    )
    back_panel(c, piece, box, BORDER + 2.0, style)


def back_panel(c: Canvas, piece: Piece, box: Box, inset: float, style: Style) -> None:
    """Draw a back's white frame ``inset`` mm inside the cut and its family's word."""
    family = piece.family or ""
    word = text(style.lang, f"back_{family}") if family in BACKS else ""
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(1)
    c.roundRect(
        (box.x + inset) * mm,
        (box.y + inset) * mm,
        (box.width - 2 * inset) * mm,
        (box.height - 2 * inset) * mm,
        2 * mm,
        stroke=1,
        fill=0,
    )
    cx, cy = box.centre
    c.setFillColor(colour("#ffffff"))
    size = fit_size(c, word, style.bold, (box.width - 2 * inset - 6) * mm, 14, 6)
    c.setFont(style.bold, size)
    c.drawCentredString(cx * mm, cy * mm - size * 0.35, word)


def draw_number(c: Canvas, value: int, box: Box, style: Style) -> None:
    """Draw a numbered card: the number large in the middle and small in two corners."""
    cx, cy = box.centre
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 90)
    c.drawCentredString(cx * mm, cy * mm - 32, str(value))
    c.setFont(style.bold, 16)
    c.drawString((box.x + 4) * mm, (box.y + box.height - 9) * mm, str(value))
    c.saveState()
    c.translate((box.x + box.width - 4) * mm, (box.y + 9) * mm)
    c.rotate(180)
    c.drawString(0, 0, str(value))
    c.restoreState()
    for i in range(value):
        circle(
            c, (cx - (value - 1) * 2.5 + i * 5) * mm, (box.y + 12) * mm, 1.2 * mm, stroke=0, fill=1
        )


def draw_ability(
    c: Canvas, ability: Ability, owner: str, box: Box, style: Style, dark: bool = False
) -> None:
    """Draw an ability: owner, name, the trigger band and the effect."""
    ink = "#ffffff" if dark else INK
    x, w = box.x + 4, box.width - 8
    top = box.y + box.height - 5
    c.setFillColor(colour(ink))
    c.setFont(style.regular, 7)
    c.drawString(x * mm, (top - 2) * mm, owner.upper())
    name = ability.name or ""
    size = fit_size(c, name, style.bold, w * mm, 14, 6)
    c.setFont(style.bold, size)
    c.drawString(x * mm, (top - 9) * mm, name)
    band_top, band_h = top - 13, box.height * 0.2
    c.setFillColor(colour(WOOD))
    c.roundRect(
        (x - 1) * mm,
        (band_top - band_h) * mm,
        (w + 2) * mm,
        band_h * mm,
        1.5 * mm,
        stroke=0,
        fill=1,
    )
    c.setFillColor(colour("#ffffff"))
    text_block(
        c,
        ability.trigger or "",
        style.bold,
        x + 1,
        band_top - 1.5,
        w - 2,
        band_h - 3,
        largest=9,
        smallest=5,
    )
    c.setFillColor(colour(ink))
    effect_top = band_top - band_h - 4
    text_block(
        c,
        ability.effect or "",
        style.regular,
        x,
        effect_top,
        w,
        effect_top - box.y - 5,
        largest=10,
        smallest=5.5,
    )


def draw_loyalty(c: Canvas, card: LoyaltyCard, box: Box, style: Style) -> None:
    """Draw a loyalty card: loyal or traitor, unmistakable at a glance."""
    cx, cy = box.centre
    fill = "#b71c1c" if card.side == "traitor" else "#2e7d32"
    c.setFillColor(colour(fill))
    circle(c, cx * mm, (cy + 8) * mm, 16 * mm, stroke=0, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.setFont(style.bold, 40)
    c.drawCentredString(cx * mm, (cy + 8) * mm - 14, "!" if card.side == "traitor" else "+")
    c.setFillColor(colour(INK))
    name = text(style.lang, card.side) if style.lang != "en" else card.name.upper()
    size = fit_size(c, name, style.bold, (box.width - 10) * mm, 16, 8)
    c.setFont(style.bold, size)
    c.drawCentredString(cx * mm, (box.y + 18) * mm, name)
