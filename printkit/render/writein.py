"""Write-in cards, and the mark on a card whose name is uncertain.

A write-in card stands in for a Flash Duel ability or Deathstrike Dragon card whose text no
source gives, so every deck is whole. It keeps the layout of a printed ability card (owner,
name, the wood-coloured trigger band, the effect area), prints what is known and leaves ruled
lines where a fact is missing, and says "WRITE-IN" at the foot. The face stays light so a pen
writes on it.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import Ability
from printkit.layout import Box
from printkit.pieces import Piece, owner_name
from printkit.render.cards import WOOD
from printkit.render.safezone import MIN_TEXT_PT, chord
from printkit.render.style import INK, Style, circle, colour, fill_bleed, fit_size, text_block

FACE = "#fbf8f1"
PALE_WOOD = "#ecdcc4"
RULE = "#9e9182"
LABEL = "#6d6256"
DRAGON_HEADER = "#2b1d1d"
LINE_GAP = 6.5
"""Millimetres between ruled lines: room for ordinary handwriting."""

WORDS = {
    "en": {
        "write_in": "WRITE-IN",
        "name": "Name",
        "trigger": "Timing trigger",
        "effect": "Effect",
        "unconfirmed": "name unconfirmed",
        "clues": "Known:",
    },
    "ja": {
        "write_in": "記入用",
        "name": "名前",
        "trigger": "タイミング",
        "effect": "効果",
        "unconfirmed": "名前未確認",
        "clues": "判明している点：",
    },
}


def word(style: Style, key: str) -> str:
    """Return one of this module's labels in the build's language."""
    return WORDS.get(style.lang, WORDS["en"])[key]


def ruled_lines(c: Canvas, x: float, top: float, width: float, bottom: float, ink: str) -> int:
    """Draw writing lines from ``top`` down to ``bottom`` (mm); return how many."""
    c.setStrokeColor(colour(ink))
    c.setLineWidth(0.4)
    y, count = top - LINE_GAP, 0
    while y >= bottom:
        c.line(x * mm, y * mm, (x + width) * mm, y * mm)
        y -= LINE_GAP
        count += 1
    return count


def small_label(c: Canvas, text: str, x: float, y: float, style: Style, ink: str = LABEL) -> None:
    """Draw a small caption (which fact goes on the lines below it)."""
    c.setFillColor(colour(ink))
    c.setFont(style.regular, 6)
    c.drawString(x * mm, y * mm, text)


def draw_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a write-in card: what is known, and ruled lines for the rest."""
    ability = piece.subject
    if not isinstance(ability, Ability):
        raise TypeError(f"write-in card {piece.design!r} shows no ability")
    fill_bleed(c, box.x, box.y, box.width, box.height, bleed, FACE)
    dragon = piece.kind == "dragon-card"
    x, w = box.x + 4, box.width - 8
    top = box.y + box.height - 5
    if dragon:
        header_bottom = top - 12
        c.setFillColor(colour(DRAGON_HEADER))
        c.rect(
            (box.x - bleed) * mm,
            header_bottom * mm,
            (box.width + 2 * bleed) * mm,
            (box.y + box.height + bleed - header_bottom) * mm,
            stroke=0,
            fill=1,
        )
    draw_header(c, ability, owner_name(piece), x, top, w, style, "#ffffff" if dragon else INK)
    band_top = top - (15 if dragon else 13)
    band_h = max(box.height * 0.2, 2 * LINE_GAP + 3)
    draw_trigger(c, ability, x, band_top, w, band_h, style)
    effect_top = band_top - band_h - 3
    draw_effect(c, ability, x, effect_top, w, box.y + 11, style)
    draw_foot(c, ability, box, style)


def draw_header(
    c: Canvas, ability: Ability, owner: str, x: float, top: float, w: float, style: Style, ink: str
) -> None:
    """Draw the owner and the name, or a line to write the name on."""
    c.setFillColor(colour(ink))
    c.setFont(style.regular, 7)
    c.drawString(x * mm, (top - 2) * mm, owner.upper())
    if ability.name:
        size = fit_size(c, ability.name, style.bold, (w - 8) * mm, 14, 6)
        c.setFont(style.bold, size)
        c.drawString(x * mm, (top - 9) * mm, ability.name)
        return
    small_label(c, word(style, "name"), x, top - 9.8, style, ink)
    c.setStrokeColor(colour(ink))
    c.setLineWidth(0.4)
    c.line((x + 9) * mm, (top - 10) * mm, (x + w - 8) * mm, (top - 10) * mm)


def draw_trigger(
    c: Canvas, ability: Ability, x: float, band_top: float, w: float, band_h: float, style: Style
) -> None:
    """Draw the trigger band: the known trigger, or pale wood with lines to write on."""
    known = ability.trigger is not None
    c.setFillColor(colour(WOOD if known else PALE_WOOD))
    c.roundRect(
        (x - 1) * mm,
        (band_top - band_h) * mm,
        (w + 2) * mm,
        band_h * mm,
        1.5 * mm,
        stroke=0,
        fill=1,
    )
    if ability.trigger is not None:
        c.setFillColor(colour("#ffffff"))
        text_block(
            c,
            ability.trigger,
            style.bold,
            x + 1,
            band_top - 1.5,
            w - 2,
            band_h - 3,
            largest=9,
            smallest=MIN_TEXT_PT,
        )
        return
    small_label(c, word(style, "trigger"), x + 0.5, band_top - 2.8, style, WOOD)
    ruled_lines(c, x + 0.5, band_top - 1, w - 1, band_top - band_h + 1.5, WOOD)


def draw_effect(
    c: Canvas, ability: Ability, x: float, top: float, w: float, bottom: float, style: Style
) -> None:
    """Draw the effect, or lines to write it on."""
    if ability.effect is not None:
        c.setFillColor(colour(INK))
        text_block(c, ability.effect, style.regular, x, top, w, top - bottom, 10, MIN_TEXT_PT)
        return
    small_label(c, word(style, "effect"), x, top - 1.5, style)
    if ability.clues:
        c.setFillColor(colour(LABEL))
        used = text_block(
            c,
            f"{word(style, 'clues')} {ability.clues}",
            style.regular,
            x,
            top - 3,
            w,
            12,
            6,
            MIN_TEXT_PT,
        )
        top -= used + 2
    ruled_lines(c, x, top, w, bottom, RULE)


def draw_foot(c: Canvas, ability: Ability, box: Box, style: Style) -> None:
    """Say 'WRITE-IN' in a tag at the foot, with the catalog id (for --data-dir)."""
    label = word(style, "write_in")
    c.setFont(style.bold, 7)
    width = c.stringWidth(label, style.bold, 7) / mm + 4
    left, base = box.x + 4, box.y + 5
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.6)
    c.roundRect(left * mm, base * mm, width * mm, 4.2 * mm, 1 * mm, stroke=1, fill=0)
    c.setFillColor(colour(INK))
    c.drawString((left + 2) * mm, (base + 1.2) * mm, label)
    c.setFillColor(colour(LABEL))
    c.setFont(style.regular, 6)
    c.drawRightString((box.x + box.width - 4) * mm, (base + 1.3) * mm, ability.id)


CHIP_LINE_GAP = 4.2
"""Millimetres between the writing lines of a chip (at 38 mm): small handwriting."""


def draw_chip_lines(
    c: Canvas, cx: float, cy: float, safe: float, top: float, v: float, ink: str, style: Style
) -> None:
    """Rule writing lines on a chip whose text no source gives, from ``top`` (mm from the
    centre) down inside the safe circle of radius ``safe``, with 'WRITE-IN' at the foot."""
    gap = CHIP_LINE_GAP * v
    foot = -safe + 2.6 * v
    c.setStrokeColor(colour(RULE if ink == INK else ink))
    c.setLineWidth(0.4)
    y = top - gap
    while y - gap * 0.5 >= foot:
        half = chord(safe, y) / 2 - 1.5 * v
        c.line((cx - half) * mm, (cy + y) * mm, (cx + half) * mm, (cy + y) * mm)
        y -= gap
    c.setFillColor(colour(LABEL if ink == INK else ink))
    c.setFont(style.bold, MIN_TEXT_PT * min(v, 1.0))
    c.drawCentredString(cx * mm, (cy + foot - 0.8 * v) * mm, word(style, "write_in"))


def draw_uncertain_mark(c: Canvas, box: Box, style: Style, dark: bool = False) -> None:
    """Mark a card whose name is uncertain: a circled '?' in the top right corner."""
    ink = "#ffffff" if dark else INK
    cx, cy, radius = box.x + box.width - 7, box.y + box.height - 7.5, 2.6
    c.setStrokeColor(colour(ink))
    c.setLineWidth(0.6)
    circle(c, cx * mm, cy * mm, radius * mm, stroke=1, fill=0)
    c.setFillColor(colour(ink))
    c.setFont(style.bold, 8)
    c.drawCentredString(cx * mm, (cy - 1.05) * mm, "?")
    c.setFont(style.regular, MIN_TEXT_PT)
    c.drawRightString((cx - radius - 1) * mm, (cy - 0.7) * mm, word(style, "unconfirmed"))
