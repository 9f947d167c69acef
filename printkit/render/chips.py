"""Round pieces: Puzzle Strike chips, Flash Duel win tokens, Shadowfist counters.

A chip's face, top to bottom: the cost badge (puzzle chips) or the owner's mark
(character chips), the banner in its colours with the name and banner icons at both ends,
the top-line icons, the ongoing / once-per-turn marks, and the summary. Art runs ``bleed``
mm past the cut circle, which is drawn as a thin line.
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import BankStack, CharacterChip, ChipFace, Counter, PuzzleChip
from printkit.layout import Box
from printkit.pieces import Piece
from printkit.render.icons import draw_banner_icon, draw_top_icon
from printkit.render.style import BANNER, INK, Style, colour, fit_size, text_block

FACE = {
    "puzzle": "#eadcb8",
    "gold": "#f3d36b",
    "gem": "#f7f7f7",
    "purple": "#e6dcf2",
    "wound": "#c9c9c9",
    "blank": "#ffffff",
    "win-token": "#f3d36b",
    "counter-power": "#d8ecd8",
    "counter-damage": "#f4d3d3",
}
GEM_COLOURS = {1: "#c62828", 2: "#1e5fb4", 3: "#2e8b57", 4: "#6a3d9a"}
BACKS = {
    "puzzle": ("#5d4037", "PUZZLE"),
    "character": ("#263238", "CHARACTER"),
    "gem": ("#37474f", "GEM"),
    "purple": ("#4a2c6e", "PURPLE"),
    "wound": ("#616161", "WOUND"),
    "blank": ("#9e9e9e", ""),
    "win-token": ("#8d6e00", "FLASH DUEL"),
    "counter-power": ("#2e7d32", "POWER"),
    "counter-damage": ("#b71c1c", "DAMAGE"),
}
FLAG_MARKS = {"ongoing": "ONGOING", "once-per-turn": "ONCE PER TURN"}


def cut_circle(c: Canvas, cx: float, cy: float, r: float) -> None:
    """Draw the thin cut line."""
    c.setStrokeColor(colour("#000000"))
    c.setLineWidth(0.25)
    c.circle(cx * mm, cy * mm, r * mm, stroke=1, fill=0)


def background(c: Canvas, cx: float, cy: float, r: float, colours: list[str]) -> None:
    """Fill the disc (bleed included); several colours make bands from the top down."""
    if len(colours) == 1:
        c.setFillColor(colour(colours[0]))
        c.circle(cx * mm, cy * mm, r * mm, stroke=0, fill=1)
        return
    c.saveState()
    p = c.beginPath()
    p.circle(cx * mm, cy * mm, r * mm)
    c.clipPath(p, stroke=0, fill=0)
    band = 2 * r / len(colours)
    for i, hex_code in enumerate(colours):
        c.setFillColor(colour(hex_code))
        c.rect(
            (cx - r) * mm,
            (cy + r - (i + 1) * band) * mm,
            2 * r * mm,
            band * mm + 0.5,
            stroke=0,
            fill=1,
        )
    c.restoreState()


def is_dark(hex_code: str) -> bool:
    """Return True for a colour that needs white text on it."""
    r, g, b = (int(hex_code[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45


def face_colours(piece: Piece) -> list[str]:
    """Return the background colours of a chip's face."""
    subject = piece.subject
    if (
        piece.kind == "character-chip"
        and piece.owner is not None
        and hasattr(piece.owner, "background")
    ):
        return list(piece.owner.background)
    if isinstance(subject, (PuzzleChip, CharacterChip)) and "gold" in (subject.banner or ()):
        return [FACE["gold"]]
    if piece.kind == "puzzle-chip":
        return [FACE["puzzle"]]
    return [FACE.get(piece.family or "", FACE["blank"])]


def draw_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a round piece's face in its trim box."""
    cx, cy = box.centre
    r = box.width / 2
    background(c, cx, cy, r + bleed, face_colours(piece))
    subject = piece.subject
    if isinstance(subject, BankStack) and subject.kind == "gem":
        draw_gem(c, subject, cx, cy, r, style)
    elif isinstance(subject, ChipFace):
        draw_chip_face(c, piece, subject, cx, cy, r, style)
    elif isinstance(subject, Counter):
        draw_counter(c, subject, cx, cy, r, style)
    elif piece.kind == "win-token":
        draw_win_token(c, cx, cy, r, style)
    cut_circle(c, cx, cy, r)


def draw_back(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw the back of a round piece: its family's colour and word."""
    cx, cy = box.centre
    r = box.width / 2
    fill, word = BACKS.get(piece.family or "", ("#9e9e9e", ""))
    background(c, cx, cy, r + bleed, [fill])
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.8)
    c.circle(cx * mm, cy * mm, (r - 2.2) * mm, stroke=1, fill=0)
    if word:
        c.setFillColor(colour("#ffffff"))
        size = fit_size(c, word, style.bold, (2 * r - 8) * mm, 9, 4)
        c.setFont(style.bold, size)
        c.drawCentredString(cx * mm, cy * mm - size * 0.35, word)
    cut_circle(c, cx, cy, r)


def chord(r: float, dy: float) -> float:
    """Return the width of the circle at ``dy`` from its centre."""
    return 2 * math.sqrt(max(0.0, r * r - dy * dy))


def draw_chip_face(
    c: Canvas, piece: Piece, chip: ChipFace, cx: float, cy: float, r: float, style: Style
) -> None:
    """Draw badge, banner, icons, marks and summary of a bannered chip."""
    u = r / 19  # layouts are designed for a 38 mm chip and scale with it
    if isinstance(chip, (PuzzleChip, BankStack)) and piece.kind == "puzzle-chip":
        draw_cost_badge(c, chip.cost, cx, cy + 14.2 * u, u, style)
    elif piece.kind == "character-chip" and piece.owner is not None:
        draw_owner_mark(c, piece.owner.name, cx, cy + 14.2 * u, u, style)
    if isinstance(chip, BankStack) and chip.cost is not None:
        draw_cost_badge(c, chip.cost, cx, cy + 14.2 * u, u, style)
    draw_banner(c, chip, cx, cy, 7.2 * u, r, u, style)
    icons_y = cy + 1.2 * u
    draw_icons(c, chip, cx, icons_y, u, style)
    marks = [FLAG_MARKS[f] for f in chip.flags if f in FLAG_MARKS]
    top = cy - 2.4 * u
    ink = "#ffffff" if is_dark(face_colours(piece)[-1]) else INK
    if marks:
        c.setFillColor(colour(ink))
        c.setFont(style.bold, 4.2 * u)
        c.drawCentredString(cx * mm, (top - 1.6 * u) * mm, "  ·  ".join(marks))
        top -= 2.4 * u
    if chip.summary:
        width = chord(r, top - cy - 4 * u) - 6 * u
        c.setFillColor(colour(ink))
        text_block(
            c,
            chip.summary,
            style.regular,
            cx - width / 2,
            top,
            width,
            top - (cy - r + 3.5 * u),
            largest=5.4 * u,
            smallest=3.0,
            centred=True,
        )


def draw_cost_badge(
    c: Canvas, cost: int | None, cx: float, cy: float, u: float, style: Style
) -> None:
    """Draw the black puzzle-piece badge with the cost ('?' when unknown)."""
    w, h = 8.6 * u, 6.4 * u
    c.setFillColor(colour("#111111"))
    c.roundRect(
        (cx - w / 2) * mm, (cy - h / 2) * mm, w * mm, h * mm, 1.2 * u * mm, stroke=0, fill=1
    )
    c.circle(cx * mm, (cy + h / 2) * mm, 1.4 * u * mm, stroke=0, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.setFont(style.bold, 12 * u)
    c.drawCentredString(cx * mm, (cy - 1.5 * u) * mm, "?" if cost is None else str(cost))


def draw_owner_mark(c: Canvas, name: str, cx: float, cy: float, u: float, style: Style) -> None:
    """Draw the character's name on a white label where puzzle chips show their cost."""
    label = name.upper()
    size = fit_size(c, label, style.bold, 16 * u * mm, 7 * u, 3.5)
    width = pdfmetrics.stringWidth(label, style.bold, size) / mm + 3 * u
    c.setFillColor(colour("#ffffff"))
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.5)
    c.roundRect(
        (cx - width / 2) * mm,
        (cy - 2.6 * u) * mm,
        width * mm,
        5.2 * u * mm,
        1.5 * u * mm,
        stroke=1,
        fill=1,
    )
    c.setFillColor(colour(INK))
    c.setFont(style.bold, size)
    c.drawCentredString(cx * mm, cy * mm - size * 0.35, label)


def draw_banner(
    c: Canvas, chip: ChipFace, cx: float, cy: float, rise: float, r: float, u: float, style: Style
) -> None:
    """Draw the banner band ``rise`` mm above the centre, in its colours, with the name and
    the banner icons at both ends."""
    h = 6.2 * u
    y = cy + rise
    width = chord(r, rise + h / 2) - 1.5 * u
    colours = list(chip.banner or ())
    x0 = cx - width / 2
    if colours:
        seg = width / len(colours)
        for i, name in enumerate(colours):
            c.setFillColor(colour(BANNER[name]))
            c.rect((x0 + i * seg) * mm, (y - h / 2) * mm, seg * mm + 0.3, h * mm, stroke=0, fill=1)
    icons = list(chip.banner_icons)
    icon = 4.6 * u
    if icons:  # one icon at each end: the first on the left, the last on the right
        for side, name in ((-1, icons[0]), (1, icons[-1])):
            ix = cx + side * (width / 2 - icon / 2 - 0.4 * u)
            c.setFillColor(colour("#ffffff"))
            c.circle(ix * mm, y * mm, (icon / 2 + 0.35 * u) * mm, stroke=0, fill=1)
            draw_banner_icon(c, name, ix, y, icon, style.bold)
    room = width - 2 * ((icon + 0.6 * u) if icons else 0) - 1.5 * u
    ink = "#ffffff" if colours and colours != ["gold"] else INK
    c.setFillColor(colour(ink))
    name = chip.name_ja if style.lang == "ja" and chip.name_ja else chip.name
    size = fit_size(c, name, style.bold, room * mm, 8.5 * u, 3.5)
    c.setFont(style.bold, size)
    c.drawCentredString(cx * mm, y * mm - size * 0.35, name)


def draw_icons(c: Canvas, chip: ChipFace, cx: float, y: float, u: float, style: Style) -> None:
    """Draw the top-line icons (or the choices, split by bars) in one centred row."""
    groups: list[list[tuple[str, int]]] = []
    if chip.icon_choices:
        groups = [[(i.name, i.count) for i in option] for option in chip.icon_choices]
    elif chip.icons:
        groups = [[(i.name, i.count) for i in chip.icons]]
    items: list[tuple[str, int] | None] = []
    for n, group in enumerate(groups):
        if n:
            items.append(None)
        for name, count in group:
            repeat = 1 if name in ("gem-power", "gem") else count
            items += [(name, count)] * repeat
    if not items:
        return
    size = min(4.6 * u, 26 * u / max(len(items), 1))
    step = size * 1.12
    x = cx - step * (len(items) - 1) / 2
    for item in items:
        if item is None:
            c.setStrokeColor(colour(INK))
            c.setLineWidth(0.5)
            c.line(x * mm, (y - size / 2) * mm, x * mm, (y + size / 2) * mm)
        else:
            draw_top_icon(c, item[0], x, y, size, item[1], style.bold)
        x += step


def draw_gem(c: Canvas, stack: BankStack, cx: float, cy: float, r: float, style: Style) -> None:
    """Draw a gem chip: a faceted gem in its colour with its value."""
    u = r / 19
    fill = GEM_COLOURS.get(stack.value, "#555555")
    s = 11 * u
    p = c.beginPath()
    p.moveTo((cx - s) * mm, (cy + s * 0.35) * mm)
    p.lineTo((cx - s * 0.55) * mm, (cy + s * 0.85) * mm)
    p.lineTo((cx + s * 0.55) * mm, (cy + s * 0.85) * mm)
    p.lineTo((cx + s) * mm, (cy + s * 0.35) * mm)
    p.lineTo(cx * mm, (cy - s) * mm)
    p.close()
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.8)
    c.drawPath(p, fill=1, stroke=1)
    c.setFillColor(colour("#ffffff"))
    c.setFont(style.bold, 26 * u)
    c.drawCentredString(cx * mm, (cy - 4 * u) * mm, str(stack.value))
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 7 * u)
    name = stack.name_ja if style.lang == "ja" and stack.name_ja else stack.name
    c.drawCentredString(cx * mm, (cy - 15 * u) * mm, name)
    if stack.cost is not None:
        c.setFont(style.regular, 5 * u)
        c.drawCentredString(cx * mm, (cy + 14.5 * u) * mm, f"cost {stack.cost}")


def draw_counter(c: Canvas, counter: Counter, cx: float, cy: float, r: float, style: Style) -> None:
    """Draw a Shadowfist counter: its value and use."""
    u = r / 10
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 16 * u)
    c.drawCentredString(cx * mm, (cy - 2 * u) * mm, str(counter.value))
    c.setFont(style.bold, 4.6 * u)
    c.drawCentredString(cx * mm, (cy - 6.5 * u) * mm, counter.name.upper())


def draw_win_token(c: Canvas, cx: float, cy: float, r: float, style: Style) -> None:
    """Draw a Flash Duel win token: a star and the word."""
    u = r / 12.5
    p = c.beginPath()
    for i in range(10):
        rad = (8.5 if i % 2 == 0 else 3.6) * u
        a = math.pi / 2 + math.pi * i / 5
        x, y = (cx + rad * math.cos(a)) * mm, (cy + 1.5 * u + rad * math.sin(a)) * mm
        p.moveTo(x, y) if i == 0 else p.lineTo(x, y)
    p.close()
    c.setFillColor(colour("#b71c1c"))
    c.drawPath(p, fill=1, stroke=0)
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 6 * u)
    c.drawCentredString(cx * mm, (cy - 9 * u) * mm, "WIN")
