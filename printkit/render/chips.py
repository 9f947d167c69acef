"""Round pieces: Puzzle Strike chips, Flash Duel win tokens, Shadowfist counters.

A chip's face, top to bottom: the cost badge (puzzle chips) or the owner's mark
(character chips), the banner in its colours with the name and banner icons at both ends,
the top-line icons, the ongoing / once-per-turn marks, and the summary. Backgrounds and
banners run ``bleed`` mm past the cut circle (clipped to the bleed circle); text and icons
stay in the safe zone, 2 mm inside it (see ``printkit.render.safezone``). The cut circle is
not part of the art: the build draws it as its own layer (``printkit.render.cutline``).
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import BankStack, CharacterChip, ChipFace, Counter, PuzzleChip
from printkit.i18n import text
from printkit.layout import Box
from printkit.pieces import Piece
from printkit.render.chiptext import (
    Disc,
    draw_foot_marks,
    draw_marks,
    draw_summary,
    marks_and_summary,
)
from printkit.render.cues import draw_stripes, tone
from printkit.render.icons import draw_banner_icon, draw_top_icon
from printkit.render.safezone import (
    centred_baseline,
    chord,
    fit_block,
    fit_line,
    safe_radius,
    scale_for,
)
from printkit.render.style import (
    BANNER,
    INK,
    Style,
    best_ink,
    circle,
    circle_path,
    colour,
    contrast,
    draw_lines,
    luminance,
)
from printkit.render.writein import draw_chip_lines

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
    "puzzle": "#5d4037",
    "character": "#263238",
    "gem": "#37474f",
    "purple": "#4a2c6e",
    "wound": "#616161",
    "blank": "#9e9e9e",
    "win-token": "#8d6e00",
    "counter-power": "#2e7d32",
    "counter-damage": "#b71c1c",
}
"""Back colour per family; the word on the back is the i18n phrase ``back_<family>``."""
PLATE = "#f7f1e3"
"""The pale centre of a character chip, inside a rim of its owner's colours."""
RIM = 1.6
"""Width (mm) of the owner's colours left showing inside the cut around the plate."""


def clip_circle(c: Canvas, cx: float, cy: float, r: float) -> None:
    """Clip what follows to a circle (call inside saveState / restoreState)."""
    p = c.beginPath()
    circle_path(p, cx * mm, cy * mm, r * mm)
    c.clipPath(p, stroke=0, fill=0)


def background(c: Canvas, cx: float, cy: float, r: float, colours: list[str]) -> None:
    """Fill the disc (bleed included); several colours make bands from the top down."""
    if len(colours) == 1:
        c.setFillColor(colour(colours[0]))
        circle(c, cx * mm, cy * mm, r * mm, stroke=0, fill=1)
        return
    c.saveState()
    clip_circle(c, cx, cy, r)
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


def plate(c: Canvas, cx: float, cy: float, r: float, below: float) -> None:
    """Lay the pale plate over the disc below height ``below`` (mm from the centre)."""
    c.saveState()
    clip_circle(c, cx, cy, r - RIM)
    c.setFillColor(colour(PLATE))
    c.rect((cx - r) * mm, (cy - r) * mm, 2 * r * mm, (r + below) * mm, stroke=0, fill=1)
    c.restoreState()


def is_dark(hex_code: str) -> bool:
    """Return True for a colour that needs white text on it."""
    return best_ink([hex_code]) == "#ffffff"


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


def content_colour(piece: Piece) -> str:
    """Return the colour under a chip's icons and summary (the plate on character chips)."""
    if piece.kind == "character-chip":
        return PLATE
    return face_colours(piece)[0]


def draw_front(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw a round piece's face in its trim box."""
    cx, cy = box.centre
    r = box.width / 2
    background(c, cx, cy, r + bleed, face_colours(piece))
    subject = piece.subject
    if isinstance(subject, BankStack) and subject.kind == "gem":
        draw_gem(c, subject, cx, cy, r, style)
    elif isinstance(subject, ChipFace):
        draw_chip_face(c, piece, subject, Disc(cx, cy, r, bleed), style)
    elif isinstance(subject, Counter):
        draw_counter(c, subject, cx, cy, r, style)
    elif piece.kind == "win-token":
        draw_win_token(c, cx, cy, r, style)


def draw_back(c: Canvas, piece: Piece, box: Box, bleed: float, style: Style) -> None:
    """Draw the back of a round piece: its family's colour and word."""
    cx, cy = box.centre
    r = box.width / 2
    family = piece.family or ""
    fill = BACKS.get(family, "#9e9e9e")
    word = text(style.lang, f"back_{family}") if family in BACKS else ""
    background(c, cx, cy, r + bleed, [fill])
    c.setStrokeColor(colour("#ffffff"))
    c.setLineWidth(0.8)
    circle(c, cx * mm, cy * mm, (safe_radius(r) - 0.3) * mm, stroke=1, fill=0)
    if word:
        c.setFillColor(colour("#ffffff"))
        v = scale_for(r)
        size = fit_line(word, style.bold, 0, safe_radius(r) - 1, 2 * r, 9 * v, 1) or 1
        c.setFont(style.bold, size)
        c.drawCentredString(cx * mm, centred_baseline(cy, size, style.bold) * mm, word)


BADGE_Y = 12.6
BANNER_Y, BANNER_H = 6.8, 6.2
ICONS_Y, ICON = 0.8, 4.6
SUMMARY_TOP = -2.2


def draw_chip_face(c: Canvas, piece: Piece, chip: ChipFace, d: Disc, style: Style) -> None:
    """Draw badge, banner, icons, marks and summary of a bannered chip."""
    v = d.v
    if piece.kind == "character-chip":
        plate(c, d.cx, d.cy, d.r, (BANNER_Y - BANNER_H / 2) * v)
    cost = chip.cost if isinstance(chip, (PuzzleChip, BankStack)) else None
    if piece.kind == "character-chip" and piece.owner is not None:
        draw_owner_mark(c, piece.owner.name, d, style)
    elif piece.kind == "puzzle-chip" or cost is not None:
        draw_cost_badge(c, cost, d.cx, d.cy + BADGE_Y * v, v, style)
    draw_banner(c, chip, d, style, face_colours(piece))
    has_icons = draw_icons(c, chip, d, style)
    ink = best_ink([content_colour(piece)])
    top = (SUMMARY_TOP if has_icons else BANNER_Y - BANNER_H / 2 - 0.6) * v
    marks, foot, summary = marks_and_summary(chip, style.lang)
    if marks:
        top = draw_marks(c, "  ·  ".join(marks), d, top, ink, style)
    bottom = -d.safe
    if foot:
        bottom = draw_foot_marks(c, "  ·  ".join(foot), d, ink, style)
    if summary:
        draw_summary(c, summary, d, top, ink, style, bottom)
    elif "summary" in chip.unknown:
        draw_chip_lines(c, d.cx, d.cy, d.safe, top, v, ink, style)


def draw_cost_badge(
    c: Canvas, cost: int | None, cx: float, cy: float, v: float, style: Style
) -> None:
    """Draw the black puzzle-piece badge with the cost ('?' when unknown)."""
    w, h = 7.0 * v, 5.0 * v
    c.setFillColor(colour("#111111"))
    c.roundRect(
        (cx - w / 2) * mm, (cy - h / 2) * mm, w * mm, h * mm, 1.0 * v * mm, stroke=0, fill=1
    )
    circle(c, cx * mm, (cy + h / 2) * mm, 1.1 * v * mm, stroke=0, fill=1)
    c.setFillColor(colour("#ffffff"))
    size = 11 * v
    c.setFont(style.bold, size)
    label = "?" if cost is None else str(cost)
    c.drawCentredString(cx * mm, centred_baseline(cy, size, style.bold) * mm, label)


def draw_owner_mark(c: Canvas, name: str, d: Disc, style: Style) -> None:
    """Draw the character's name on a white label where puzzle chips show their cost."""
    v = d.v
    label = name.upper()
    h = 4.6 * v
    y = BADGE_Y * v
    room = chord(d.safe, y + h / 2) - 2 * v
    size = fit_line(label, style.bold, y, d.safe, room - 2 * v, 7 * v, d.min_text())
    size = size or d.min_text()
    width = min(room, pdfmetrics.stringWidth(label, style.bold, size) / mm + 3 * v)
    c.setFillColor(colour("#ffffff"))
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.5)
    c.roundRect(
        (d.cx - width / 2) * mm,
        (d.cy + y - h / 2) * mm,
        width * mm,
        h * mm,
        1.5 * v * mm,
        stroke=1,
        fill=1,
    )
    c.setFillColor(colour(INK))
    c.setFont(style.bold, size)
    c.drawCentredString(d.cx * mm, (d.cy + centred_baseline(y, size, style.bold)) * mm, label)


def draw_banner(c: Canvas, chip: ChipFace, d: Disc, style: Style, rim: list[str]) -> None:
    """Draw the banner band across the chip into the bleed, in its colours, with the name
    and the banner icons at both ends inside the safe zone; outlined where it crosses a
    rim (the chip's own colours) it would otherwise run into."""
    v = d.v
    h, y = BANNER_H * v, BANNER_Y * v
    colours = [BANNER[name] for name in (chip.banner or ())]
    if colours:
        outer = d.r + d.bleed
        width = chord(outer, y)
        seg = width / len(colours)
        c.saveState()
        clip_circle(c, d.cx, d.cy, outer)
        for i, (name, fill) in enumerate(zip(chip.banner or (), colours, strict=True)):
            x0 = d.cx - width / 2 + i * seg
            box = (x0, d.cy + y - h / 2, seg + 0.3 / mm, h)
            band = c.beginPath()
            band.rect(box[0] * mm, box[1] * mm, box[2] * mm, box[3] * mm)
            c.setFillColor(colour(fill))
            c.drawPath(band, stroke=0, fill=1)
            draw_stripes(c, name, box, band, tone(fill), 1.6 * v, 0.5 * v)
        outline_banner(c, colours, rim, d, width, (y - h / 2, y + h / 2))
        c.restoreState()
    room = draw_banner_icons(c, chip, d, y, style)
    c.setFillColor(colour(best_ink(colours) if colours else INK))
    name = chip.name_ja if style.lang == "ja" and chip.name_ja else chip.name
    draw_banner_name(c, name, d, y, room, style)


OUTLINE_BELOW = 1.6
"""Contrast ratio (WCAG) under which a banner and the rim it crosses are outlined apart:
Jaina's red banner on her red rim is 1.1, about the same grey."""


def outline_banner(
    c: Canvas,
    colours: list[str],
    rim: list[str],
    d: Disc,
    width: float,
    edges: tuple[float, float],
) -> None:
    """Draw a line along the banner's top and bottom edges when a banner colour is too
    close to a rim colour to tell apart in grey (white on a dark rim, ink on a light one)."""
    if min(contrast(a, b) for a in colours for b in rim) >= OUTLINE_BELOW:
        return
    ink = "#ffffff" if min(luminance(x) for x in rim) < 0.3 else INK
    c.setStrokeColor(colour(ink))
    c.setLineWidth(0.9)
    left, right = (d.cx - width / 2) * mm, (d.cx + width / 2) * mm
    c.lines([(left, (d.cy + e) * mm, right, (d.cy + e) * mm) for e in edges])


def draw_banner_icons(c: Canvas, chip: ChipFace, d: Disc, y: float, style: Style) -> float:
    """Draw one banner icon at each end (the first left, the last right), as far out as the
    safe zone lets them; return the width left for the name between them (mm)."""
    icons = list(chip.banner_icons)
    if not icons:
        return 2 * d.r
    size = ICON * d.v
    ring = size / 2 + 0.35 * d.v
    reach = math.sqrt(max(0.0, (d.safe - ring) ** 2 - y * y))
    for side, name in ((-1, icons[0]), (1, icons[-1])):
        ix = d.cx + side * reach
        c.setFillColor(colour("#ffffff"))
        circle(c, ix * mm, (d.cy + y) * mm, ring * mm, stroke=0, fill=1)
        draw_banner_icon(c, name, ix, d.cy + y, size, style.bold)
    return 2 * (reach - ring - 0.4 * d.v)


def draw_banner_name(c: Canvas, name: str, d: Disc, y: float, room: float, style: Style) -> None:
    """Draw a chip's name on its banner: one line if it fits, else two, never under the
    chip's smallest text size unless even two lines cannot hold it."""
    font = style.font_for(name, bold=True)
    size = fit_line(name, font, y, d.safe, room, 8.5 * d.v, d.min_text())
    if size is not None:
        c.setFont(font, size)
        c.drawCentredString(d.cx * mm, (d.cy + centred_baseline(y, size, font)) * mm, name)
        return
    h = BANNER_H * d.v
    fitted = fit_block(name, font, y + h / 2, y - h / 2, d.safe, 6 * d.v, d.min_text())
    fitted = fitted or fit_block(name, font, y + h / 2, y - h / 2, d.safe, d.min_text(), 2.0)
    if fitted is None:
        return
    placed = [
        (d.cx * mm, (d.cy + baseline) * mm, line)
        for line, baseline in zip(fitted.lines, fitted.baselines, strict=True)
    ]
    draw_lines(c, font, fitted.size, placed, centred=True)


def draw_icons(c: Canvas, chip: ChipFace, d: Disc, style: Style) -> bool:
    """Draw the top-line icons (or the choices, split by bars) in one centred row; return
    False when the chip has none."""
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
        return False
    y = d.cy + ICONS_Y * d.v
    span = chord(d.safe, ICONS_Y * d.v + ICON * d.v * 0.6)
    size = min(ICON * d.v, span / (1.12 * len(items) + 0.2))
    step = size * 1.12
    x = d.cx - step * (len(items) - 1) / 2
    for item in items:
        if item is None:
            c.setStrokeColor(colour(INK))
            c.setLineWidth(0.5)
            c.line(x * mm, (y - size / 2) * mm, x * mm, (y + size / 2) * mm)
        else:
            draw_top_icon(c, item[0], x, y, size, item[1], style.bold)
        x += step
    return True


def draw_gem(c: Canvas, stack: BankStack, cx: float, cy: float, r: float, style: Style) -> None:
    """Draw a gem chip: a faceted gem in its colour with its value."""
    d = Disc(cx, cy, r, 0.0)
    v = d.v
    fill = GEM_COLOURS.get(stack.value, "#555555")
    s = 10.5 * v
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
    c.setFont(style.bold, 24 * v)
    baseline = centred_baseline(cy + 1.5 * v, 24 * v, style.bold)
    c.drawCentredString(cx * mm, baseline * mm, str(stack.value))
    c.setFillColor(colour(INK))
    name = stack.name_ja if style.lang == "ja" and stack.name_ja else stack.name
    centred_line(c, name, d, -14 * v, 7 * v, style.bold)
    if stack.cost is not None:
        label = cost_label(stack.cost, style.lang)
        centred_line(c, label, d, 14 * v, 6 * v, style.regular)


def cost_label(cost: int, lang: str) -> str:
    """Write a gem chip's cost: 'cost 1' (コスト1 in Japanese)."""
    return text(lang, "cost", n=cost)


def centred_line(c: Canvas, label: str, d: Disc, y: float, largest: float, font: str) -> None:
    """Draw one centred line at ``y`` (mm from the centre), fitted inside the safe circle."""
    size = fit_line(label, font, y, d.safe, 2 * d.r, largest, d.min_text())
    size = size or fit_line(label, font, y, d.safe, 2 * d.r, d.min_text(), 2.0) or 2.0
    c.setFont(font, size)
    c.drawCentredString(d.cx * mm, (d.cy + centred_baseline(y, size, font)) * mm, label)


def draw_counter(c: Canvas, counter: Counter, cx: float, cy: float, r: float, style: Style) -> None:
    """Draw a Shadowfist counter: its value and use."""
    d = Disc(cx, cy, r, 0.0, fixed=True)
    u = r / 10
    c.setFillColor(colour(INK))
    value = str(counter.value)
    centred_line(c, value, d, 1.2 * u, 16 * u, style.bold)
    name = counter.name.upper()
    centred_line(c, name, d, -5.2 * u, 6.5 * u, style.font_for(name, bold=True))


def draw_win_token(c: Canvas, cx: float, cy: float, r: float, style: Style) -> None:
    """Draw a Flash Duel win token: a star and the word."""
    d = Disc(cx, cy, r, 0.0, fixed=True)
    u = d.safe / 10.5
    p = c.beginPath()
    for i in range(10):
        rad = (7.5 if i % 2 == 0 else 3.2) * u
        a = math.pi / 2 + math.pi * i / 5
        x, y = (cx + rad * math.cos(a)) * mm, (cy + 2 * u + rad * math.sin(a)) * mm
        p.moveTo(x, y) if i == 0 else p.lineTo(x, y)
    p.close()
    c.setFillColor(colour("#b71c1c"))
    c.drawPath(p, fill=1, stroke=0)
    c.setFillColor(colour(INK))
    centred_line(c, text(style.lang, "win"), d, -7.8 * u, 6 * u, style.bold)
