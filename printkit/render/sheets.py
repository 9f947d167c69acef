"""Full-page sheets: cover page, headers and rulers, bank setup sheets, player aids."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import FlashDuelSet, PuzzleStrikeSet, ShadowfistSet
from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.qr import draw_qr
from printkit.render.style import BANNER, INK, Style, colour, fit_size, text_block
from printkit.rules import PANIC_ANTES, height_bonus, panic_thresholds

SMALL_RULER = 50.0
RULER_FORM = "SMALL_RULER"
"""The small ruler is drawn once per document as a form of this name (see build)."""


def ruler(c: Canvas, x: float, y: float, length_mm: float, style: Style, label: str = "") -> None:
    """Draw a millimetre ruler with a tick every mm and a number every 10 mm."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(0.35)
    c.line(x * mm, y * mm, (x + length_mm) * mm, y * mm)
    c.setFont(style.regular, 5)
    for i in range(int(length_mm) + 1):
        tall = 2.2 if i % 10 == 0 else (1.4 if i % 5 == 0 else 0.8)
        c.line((x + i) * mm, y * mm, (x + i) * mm, (y + tall) * mm)
        if i % 10 == 0:
            c.drawCentredString((x + i) * mm, (y + 2.8) * mm, str(i))
    if label:
        c.drawString((x + length_mm + 2) * mm, y * mm, label)


def inch_ruler(c: Canvas, x: float, y: float, inches: int, style: Style) -> None:
    """Draw an inch ruler with quarter-inch ticks."""
    c.setStrokeColor(colour(INK))
    c.setLineWidth(0.35)
    c.line(x * mm, y * mm, x * mm + inches * inch, y * mm)
    c.setFont(style.regular, 5)
    for q in range(inches * 4 + 1):
        tall = 2.2 if q % 4 == 0 else 1.0
        c.line(x * mm + q * inch / 4, y * mm, x * mm + q * inch / 4, (y + tall) * mm)
        if q % 4 == 0:
            c.drawCentredString(x * mm + q * inch / 4, (y + 2.8) * mm, f"{q // 4} in")


def header(
    c: Canvas, paper: Paper, frame: Frame, title: str, page: int, style: Style, on_top: bool = True
) -> None:
    """Label a sheet with its title and page number, and a small ruler when it has a band on
    top; without one the title runs up the left margin's narrow band (no ruler)."""
    label = f"{title} - {text(style.lang, 'page', n=page)}"
    c.setFillColor(colour(INK))
    if on_top:
        y = paper.height - frame.margin - 5
        size = fit_size(c, label, style.bold, (paper.width - 2 * frame.margin - 60) * mm, 8, 5)
        c.setFont(style.bold, size)
        c.drawString(frame.margin * mm, y * mm, label)
        c.saveState()
        c.translate((paper.width - frame.margin - SMALL_RULER - 1) * mm, y * mm)
        c.doForm(RULER_FORM)
        c.restoreState()
        return
    c.saveState()
    c.translate((frame.margin + 2.3) * mm, (frame.margin + 2) * mm)
    c.rotate(90)
    c.setFont(style.bold, fit_size(c, label, style.bold, (paper.height - 40) * mm, 6, 4.5))
    c.drawString(0, 0, label)
    c.restoreState()


# --- cover -----------------------------------------------------------------------------


@dataclass
class Cover:
    """What a document's cover page says."""

    title: str
    contents: list[str]
    notes: list[str]
    """How to print this document: only the lines that apply to it."""
    missing: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)


def draw_cover(c: Canvas, paper: Paper, frame: Frame, cover: Cover, style: Style) -> None:
    """Draw the cover: contents, how to print, calibration rulers, what is missing."""
    lang = style.lang
    left, top = frame.margin + 6, paper.height - frame.margin - 10
    width = paper.width - 2 * left
    c.setFillColor(colour(INK))
    c.setFont(style.bold, fit_size(c, cover.title, style.bold, width * mm, 18, 9))
    c.drawString(left * mm, top * mm, cover.title)
    y = top - 12
    c.setFont(style.bold, 11)
    c.drawString(left * mm, y * mm, text(lang, "contents"))
    c.setFont(style.regular, 9)
    for line in cover.contents:
        y -= 5
        c.drawString((left + 3) * mm, y * mm, line)
    y -= 9
    for note in cover.notes:
        y -= text_block(c, note, style.regular, left, y, width, 8, largest=9, smallest=6) + 2
    y = draw_calibration(c, left, y - 6, style)
    for heading, lines in (
        (text(lang, "missing"), cover.missing),
        (text(lang, "gaps"), cover.gaps),
    ):
        if lines:
            y = draw_listing(c, heading, "; ".join(lines), left, y, width, frame, style)


def draw_calibration(c: Canvas, left: float, y: float, style: Style) -> float:
    """Draw the 100 mm and 4 inch calibration rulers; return the y below them."""
    c.setFont(style.bold, 9)
    c.drawString(left * mm, y * mm, text(style.lang, "ruler"))
    ruler(c, left, y - 7, 100, style)
    c.setFont(style.bold, 9)
    c.drawString(left * mm, (y - 14) * mm, text(style.lang, "ruler_in"))
    inch_ruler(c, left, y - 21, 4, style)
    return y - 32


def draw_listing(
    c: Canvas,
    heading: str,
    body: str,
    left: float,
    y: float,
    width: float,
    frame: Frame,
    style: Style,
) -> float:
    """Draw a heading and a long run of text fitted above the bottom margin; return the y
    below it."""
    c.setFont(style.bold, 9)
    c.drawString(left * mm, y * mm, heading)
    room = y - 2 - frame.margin - 4
    used = text_block(
        c, body, style.regular, left + 3, y - 2, width - 3, room, largest=7, smallest=4
    )
    return y - used - 8


def draw_alignment(
    c: Canvas, paper: Paper, frame: Frame, style: Style, back: bool, offset: tuple[float, float]
) -> None:
    """Draw the duplex alignment test: crosses that meet through the paper when aligned, a
    millimetre scale round the centre cross, and which way --back-offset moves the backs."""
    dx, dy = offset if back else (0.0, 0.0)
    c.setStrokeColor(colour("#b71c1c" if back else INK))
    c.setLineWidth(0.5)
    for fx, fy in ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75), (0.5, 0.5)):
        x = paper.width * (1 - fx if back else fx) + dx
        y = paper.height * fy + dy
        c.line((x - 8) * mm, y * mm, (x + 8) * mm, y * mm)
        c.line(x * mm, (y - 8) * mm, x * mm, (y + 8) * mm)
        c.circle(x * mm, y * mm, 4 * mm, stroke=1, fill=0)
    if not back:
        alignment_scale(c, paper.width / 2, paper.height / 2, style)
    c.setFillColor(colour(INK))
    left, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    note = text(style.lang, "alignment_back" if back else "alignment")
    if not back:
        note += " " + text(style.lang, "alignment_offset")
    text_block(c, note, style.regular, left, frame.margin + 22, width, 16, largest=9, smallest=6)


def alignment_scale(c: Canvas, x: float, y: float, style: Style) -> None:
    """Draw millimetre scales (-10 to +10) along both arms of the centre cross."""
    c.setStrokeColor(colour(INK))
    c.setFillColor(colour(INK))
    c.setLineWidth(0.25)
    c.setFont(style.regular, 5)
    for i in range(-10, 11):
        tick = 2.0 if i % 5 == 0 else 1.0
        c.line((x + i) * mm, (y - 12) * mm, (x + i) * mm, (y - 12 + tick) * mm)
        c.line((x - 12) * mm, (y + i) * mm, (x - 12 + tick) * mm, (y + i) * mm)
        if i % 5 == 0 and i:
            c.drawCentredString((x + i) * mm, (y - 14.5) * mm, f"{i:+d}")
            c.drawRightString((x - 12.8) * mm, (y + i - 0.6) * mm, f"{i:+d}")
    c.line((x - 10) * mm, (y - 12) * mm, (x + 10) * mm, (y - 12) * mm)
    c.line((x - 12) * mm, (y - 10) * mm, (x - 12) * mm, (y + 10) * mm)


# --- Puzzle Strike bank setup sheet --------------------------------------------------------


@dataclass
class BankStackLine:
    """One puzzle stack as the bank sheet lists it."""

    name: str
    cost: int | None
    banner: tuple[str, ...]
    attack: bool
    set_id: str


@dataclass
class BankSheet:
    """Everything a bank setup sheet prints."""

    title: str
    code: str
    sets: list[str]
    stacks: list[BankStackLine]
    fixed: list[tuple[str, int, int | None]]
    url: str


def draw_bank_sheet(c: Canvas, paper: Paper, frame: Frame, sheet: BankSheet, style: Style) -> None:
    """Draw a bank setup sheet: the 10 stacks, the 8 fixed ones, Panic Time, the QR code."""
    lang = style.lang
    left, top = frame.margin + 6, paper.height - frame.margin - frame.header - 8
    width = paper.width - 2 * left
    c.setFillColor(colour(INK))
    title = f"{text(lang, 'bank')}: {sheet.title}"
    c.setFont(style.bold, fit_size(c, title, style.bold, (width - 50) * mm, 20, 10))
    c.drawString(left * mm, top * mm, title)
    c.setFont(style.regular, 10)
    c.drawString(left * mm, (top - 7) * mm, f"{text(lang, 'sets')}: {', '.join(sheet.sets)}")
    c.drawString(left * mm, (top - 13) * mm, f"{text(lang, 'code')}: {sheet.code}")
    qr_size = 42.0
    draw_qr(c, sheet.url, paper.width - left - qr_size, top - qr_size + 6, qr_size)
    c.setFont(style.regular, 6.5)
    c.drawRightString((paper.width - left) * mm, (top - qr_size + 3) * mm, text(lang, "scan"))
    address = sheet.url.split("?", 1)[0]  # the QR code also carries the bank's name
    c.drawRightString((paper.width - left) * mm, (top - qr_size) * mm, address)
    y = top - qr_size - 10
    c.setFont(style.bold, 12)
    c.drawString(left * mm, y * mm, text(lang, "puzzle_stacks"))
    for line in sheet.stacks:
        y -= 9.5
        draw_stack_line(c, left, y, width, line, style)
    y -= 14
    c.setFont(style.bold, 12)
    c.drawString(left * mm, y * mm, text(lang, "fixed_stacks"))
    c.setFont(style.regular, 10)
    for i, (name, count, cost) in enumerate(sheet.fixed):
        col, row = divmod(i, 4)
        x = left + col * width / 2
        cost_text = "" if cost is None else text(lang, "stack_cost", cost=cost)
        label = text(lang, "stack_count", name=name, count=count) + cost_text
        c.drawString(x * mm, (y - 7 - row * 6) * mm, label)
    y -= 7 + 4 * 6 + 8
    draw_panic_table(c, left, y, style)


def draw_stack_line(
    c: Canvas, x: float, y: float, width: float, line: BankStackLine, style: Style
) -> None:
    """Draw one puzzle stack: banner swatch, cost, name, set and attack mark."""
    swatch = 16.0
    colours = line.banner or ("gray",)
    seg = swatch / len(colours)
    for i, name in enumerate(colours):
        c.setFillColor(colour(BANNER.get(name, "#999999")))
        c.rect((x + i * seg) * mm, (y - 1.5) * mm, seg * mm, 6 * mm, stroke=0, fill=1)
    c.setFillColor(colour("#111111"))
    c.roundRect((x + swatch + 2) * mm, (y - 1.5) * mm, 8 * mm, 6 * mm, 1 * mm, stroke=0, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.setFont(style.bold, 11)
    c.drawCentredString((x + swatch + 6) * mm, y * mm, "?" if line.cost is None else str(line.cost))
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 12)
    c.drawString((x + swatch + 13) * mm, y * mm, line.name)
    c.setFont(style.regular, 8)
    mark = text(style.lang, "attack_mark") if line.attack else ""
    per = text(style.lang, "per_stack", n=5)
    c.drawRightString((x + width) * mm, y * mm, f"{line.set_id}{mark}  {per}")


def draw_panic_table(c: Canvas, x: float, y: float, style: Style) -> None:
    """Draw the Panic / Danger / Deadly thresholds for 2, 3, 4 players and 2 vs 2."""
    lang = style.lang
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 12)
    c.drawString(x * mm, y * mm, text(lang, "panic"))
    c.setFont(style.regular, 9)
    rows = [(text(lang, "players", n=n), panic_thresholds(n)) for n in (2, 3, 4)]
    rows.append((text(lang, "team"), panic_thresholds(4, team_battle=True)))
    for i, (who, (p, d, x3)) in enumerate(rows):
        line = text(lang, "panic_line", who=who, p=p, d=d, x=x3)
        c.drawString((x + 3) * mm, (y - 6 - i * 5) * mm, line)
    antes = ", ".join(text(lang, "gem_n", n=a) for a in PANIC_ANTES)
    c.drawString((x + 3) * mm, (y - 6 - 4 * 5) * mm, text(lang, "ante_line", gems=antes))


# --- player aids -------------------------------------------------------------------------


def titled_lines(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    title: str,
    lines: Sequence[str],
    style: Style,
    size: float = 9,
) -> float:
    """Draw a heading and wrapped lines; return the y (mm) below them."""
    c.setFillColor(colour(INK))
    c.setFont(style.bold, size + 3)
    c.drawString(x * mm, y * mm, title)
    y -= 3
    for line in lines:
        y -= (
            text_block(c, line, style.regular, x + 2, y, width - 2, 14, largest=size, smallest=6)
            + 1.5
        )
    return y - 4


def draw_turn_aid(
    c: Canvas, paper: Paper, frame: Frame, game_set: PuzzleStrikeSet, style: Style
) -> None:
    """Draw the Puzzle Strike turn summary: phases, height bonus, Panic, counter-crash."""
    lang = style.lang
    x, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    y = paper.height - frame.margin - frame.header - 8
    stacks = {s.id: s for s in game_set.stacks}
    combine = stacks.get("combine")
    combine_money = (
        next((i.count for i in (combine.icons or ()) if i.name == "gem-power"), 0) if combine else 0
    )
    money = f"{'+' if combine_money > 0 else '-'}${abs(combine_money)}"
    phases = [
        f"1. {text(lang, 'ante')}: {text(lang, 'turn_ante')}",
        f"2. {text(lang, 'action')}: {text(lang, 'turn_action')}",
        f"3. {text(lang, 'buy')}: {text(lang, 'turn_buy', money=money)}",
        f"4. {text(lang, 'cleanup')}: {text(lang, 'turn_cleanup')}",
    ]
    y = titled_lines(c, x, y, width, text(lang, "turn"), phases, style, 10)
    bonus = [f"{t}-{t + 2}: +{height_bonus(t)}" for t in (3, 6)] + [f"9+: +{height_bonus(9)}"]
    y = titled_lines(c, x, y, width, text(lang, "height_bonus"), ["   ".join(bonus)], style, 10)
    draw_panic_table(c, x, y, style)
    y -= 36
    crash = [text(lang, key) for key in ("crash_1", "crash_2", "crash_3")]
    titled_lines(c, x, y, width, text(lang, "counter_crash"), crash, style, 10)


def draw_gem_mat(c: Canvas, paper: Paper, frame: Frame, style: Style) -> None:
    """Draw the gem-pile mat: gem pile (with the height-bonus scale), ongoing and discard zones."""
    lang = style.lang
    x = frame.margin + 6
    width = paper.width - 2 * x
    top = paper.height - frame.margin - frame.header - 6
    zones = [
        (text(lang, "gem_pile"), 0.45),
        (text(lang, "ongoing"), 0.25),
        (text(lang, "discard"), 0.25),
    ]
    height = top - frame.margin - 6
    y = top
    for name, share in zones:
        h = height * share
        c.setStrokeColor(colour(INK))
        c.setLineWidth(1.2)
        c.roundRect(x * mm, (y - h) * mm, width * mm, h * mm, 4 * mm, stroke=1, fill=0)
        c.setFillColor(colour(INK))
        c.setFont(style.bold, 16)
        c.drawString((x + 5) * mm, (y - 10) * mm, name)
        y -= h + height * 0.05 / 2
    c.setFont(style.regular, 9)
    for i, total in enumerate((3, 6, 9)):
        c.drawString((x + 5 + i * 40) * mm, (top - 18) * mm, f"{total}+: +{height_bonus(total)}")


def draw_duel_reference(
    c: Canvas, paper: Paper, frame: Frame, game_set: FlashDuelSet, style: Style
) -> None:
    """Draw the Flash Duel reference: modes, time-over, the Raid table and Betrayal row."""
    lang = style.lang
    x, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    y = paper.height - frame.margin - frame.header - 8
    modes = [
        f"{m.name}: {m.sides} ({m.min_players}-{m.max_players})"
        if m.min_players != m.max_players
        else f"{m.name}: {m.sides}"
        for m in game_set.modes
    ]
    y = titled_lines(c, x, y, width, text(lang, "modes"), modes, style, 10)
    over = [text(lang, key) for key in ("over_1v1", "over_2v2", "over_raid")]
    y = titled_lines(c, x, y, width, text(lang, "time_over"), over, style, 10)
    c.setFont(style.bold, 12)
    c.drawString(x * mm, y * mm, text(lang, "raid"))
    heads = [
        text(lang, f"head_{key}")
        for key in ("mortals", "deck", "reshuffles", "hit_points", "hand", "abilities")
    ]
    rows = [
        [
            str(r.mortals),
            str(r.deck_cards),
            str(r.reshuffles),
            str(r.dragon_hit_points),
            str(r.dragon_hand_size),
            str(r.dragon_abilities),
        ]
        for r in game_set.raid
    ]
    b = game_set.betrayal
    rows.append(
        [
            f"{b.mortals} ({text(lang, 'betrayal')})",
            str(b.deck_cards),
            str(b.reshuffles),
            str(b.dragon_hit_points),
            str(b.dragon_hand_size),
            str(b.dragon_abilities),
        ]
    )
    col = width / len(heads)
    c.setFont(style.bold, 9)
    for i, head in enumerate(heads):
        c.drawString((x + i * col) * mm, (y - 7) * mm, head)
    c.setFont(style.regular, 9)
    for r, row in enumerate(rows):
        for i, cell in enumerate(row):
            c.drawString((x + i * col) * mm, (y - 13 - r * 5.5) * mm, cell)


def draw_shadowfist_reference(
    c: Canvas, paper: Paper, frame: Frame, game_set: ShadowfistSet, style: Style
) -> None:
    """Draw the Shadowfist turn and attack-sequence reference."""
    lang = style.lang
    x, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    y = paper.height - frame.margin - frame.header - 8
    turn = []
    for phase in game_set.turn:
        turn.append(f"{phase.name}: {phase.summary}")
        turn += [f"   {i}. {s.name}: {s.summary}" for i, s in enumerate(phase.steps, 1)]
    y = titled_lines(c, x, y, width, text(lang, "turn_sequence"), turn, style, 9)
    attack = [f"{i}. {s.name}: {s.summary}" for i, s in enumerate(game_set.attack_steps, 1)]
    y = titled_lines(c, x, y, width, text(lang, "attack"), attack, style, 9)
    combat = [f"{i}. {s.name}: {s.summary}" for i, s in enumerate(game_set.combat_steps, 1)]
    y = titled_lines(c, x, y, width, text(lang, "combat"), combat, style, 9)
    rules = game_set.rules
    victory = [s.summary for s in game_set.victory] + [
        text(
            lang,
            "feng_shui",
            first=rules.first_site_power_gain,
            bonus=rules.burn_for_power_bonus,
            most=rules.burn_for_power_max,
        )
    ]
    titled_lines(c, x, y, width, text(lang, "victory"), victory, style, 9)


def draw_shadowfist_tracker(
    c: Canvas, paper: Paper, frame: Frame, game_set: ShadowfistSet, style: Style
) -> None:
    """Draw the victory and power tracker: per player, sites controlled and burned, power."""
    lang = style.lang
    x, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    y = paper.height - frame.margin - frame.header - 10
    c.setFillColor(colour(INK))
    c.setFont(style.bold, 14)
    c.drawString(x * mm, y * mm, text(lang, "tracker"))
    goal = game_set.rules.victory_sites
    row_h = (y - frame.margin - 10) / 5
    for p in range(5):
        top = y - 6 - p * row_h
        c.setStrokeColor(colour(INK))
        c.setLineWidth(0.8)
        c.roundRect(
            x * mm, (top - row_h + 3) * mm, width * mm, (row_h - 3) * mm, 3 * mm, stroke=1, fill=0
        )
        c.setFont(style.bold, 9)
        c.drawString((x + 3) * mm, (top - 6) * mm, f"{text(lang, 'player')} ______________")
        for r, label in enumerate((text(lang, "sites"), text(lang, "burned"))):
            ly = top - 14 - r * 9
            c.setFont(style.regular, 8)
            c.drawString((x + 3) * mm, ly * mm, label)
            for i in range(goal):
                c.rect((x + 48 + i * 9) * mm, (ly - 2) * mm, 7 * mm, 7 * mm, stroke=1, fill=0)
        c.setFont(style.regular, 8)
        c.drawString((x + 105) * mm, (top - 14) * mm, f"{text(lang, 'power')}:")
        c.rect(
            (x + 120) * mm,
            (top - row_h + 8) * mm,
            (width - 124) * mm,
            (row_h - 18) * mm,
            stroke=1,
            fill=0,
        )
