"""The Puzzle Strike bank setup sheet: the 10 stacks, the fixed ones, Panic Time, the QR code."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.cues import draw_stripes, tone
from printkit.render.qr import draw_qr
from printkit.render.style import BANNER, INK, Style, colour, fit_size
from printkit.rules import PANIC_ANTES, panic_thresholds


@dataclass
class BankStackLine:
    """One puzzle stack as the bank sheet lists it."""

    name: str
    cost: int | None
    banner: tuple[str, ...]
    attack: bool
    set_name: str
    """The set it comes from, printed when a bank mixes sets (else empty)."""


@dataclass
class BankSheet:
    """Everything a bank setup sheet prints."""

    title: str
    code: str
    sets: list[str]
    stacks: list[BankStackLine]
    fixed: list[tuple[str, int, int | None]]
    url: str
    """The companion address the QR code opens; empty: the QR code holds the bank code."""

    @property
    def qr_text(self) -> str:
        """Return what the QR code holds: the bank's address, or else its code."""
        return self.url or self.code


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
    c.drawString(left * mm, (top - 14) * mm, f"{text(lang, 'code')}:")
    c.setFont(style.bold, BANK_CODE_PT)
    c.drawString(left * mm, (top - 23) * mm, sheet.code)
    qr_size = 42.0
    draw_qr(c, sheet.qr_text, paper.width - left - qr_size, top - qr_size + 6, qr_size)
    draw_qr_note(c, sheet, paper.width - left, top - qr_size + 3, style)
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


BANK_CODE_PT = 22
"""The bank code's size: large enough to type from across the table."""


def draw_qr_note(c: Canvas, sheet: BankSheet, right: float, y: float, style: Style) -> None:
    """Say under the QR code what it holds and how to use it."""
    lang = style.lang
    c.setFillColor(colour(INK))
    c.setFont(style.regular, 7)
    if sheet.url:
        c.drawRightString(right * mm, y * mm, text(lang, "scan"))
        address = sheet.url.split("?", 1)[0]  # the QR code also carries the bank's name
        c.drawRightString(right * mm, (y - 3) * mm, address)
        return
    for i, line in enumerate(text(lang, "scan_code").split("\n")):
        c.drawRightString(right * mm, (y - 3 * i) * mm, line)


def draw_stack_line(
    c: Canvas, x: float, y: float, width: float, line: BankStackLine, style: Style
) -> None:
    """Draw one puzzle stack: banner swatch, cost, name, set and attack mark."""
    swatch = 16.0
    colours = line.banner or ("gray",)
    seg = swatch / len(colours)
    for i, name in enumerate(colours):
        fill = BANNER.get(name, "#999999")
        band = c.beginPath()
        band.rect((x + i * seg) * mm, (y - 1.5) * mm, seg * mm, 6 * mm)
        c.setFillColor(colour(fill))
        c.drawPath(band, stroke=0, fill=1)
        draw_stripes(c, name, (x + i * seg, y - 1.5, seg, 6.0), band, tone(fill), 1.5, 0.5)
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
    parts = [part for part in (line.set_name, mark.strip(), per) if part]
    c.drawRightString((x + width) * mm, y * mm, "  ".join(parts))


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
