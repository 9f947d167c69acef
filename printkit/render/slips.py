"""A tournament round on paper: table slips (four to a page) and a pairings sheet.

Each slip shows the table number, the two players, the round and its clock, the bank (10
stacks with their costs, and the bank's code), and one QR code per seat that seats that
player's phone at the table. The pairings sheet lists every player by name with their
table and opponent, for the wall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.render.qr import draw_qr
from printkit.render.style import (
    Style,
    colour,
    fit_size,
    japanese_fonts,
    style_for,
    text_width,
)

PAPERS = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
MARGIN = 8.0
SLIPS_PER_PAGE = 4
QR_SIZE = 30.0
ROWS_PER_PAGE = 44
LABEL_PT = 8.0
"""The smallest size (pt) of a player's name under their QR code."""


@dataclass(frozen=True)
class SlipSeat:
    """One player at a table and the link that seats their phone."""

    name: str
    url: str


@dataclass(frozen=True)
class SlipBank:
    """The bank of a table: its code, name (recommended banks) and stacks (name, cost)."""

    code: str
    name: str | None
    stacks: tuple[tuple[str, int | None], ...]


@dataclass(frozen=True)
class Slip:
    """One table of the round."""

    table: int
    seats: tuple[SlipSeat, SlipSeat]
    bank: SlipBank | None = None
    detail: str | None = None
    """A line under the players (Flash Duel: their characters)."""


@dataclass(frozen=True)
class RoundSlips:
    """Everything printed for one round."""

    title: str
    round_no: int
    stage: str
    """'swiss' or 'top'."""
    match_format: str
    """E.g. 'Puzzle Strike: best 2 of 3, loser's choice'."""
    clock: str | None
    """The round's time limit in words, or None."""
    slips: tuple[Slip, ...]
    byes: tuple[str, ...] = ()


class SlipError(ValueError):
    """Slips that cannot be printed (unknown paper)."""


def style_of(rs: RoundSlips) -> Style:
    """Use the Japanese font when a name needs it (Helvetica has Latin-1 only)."""
    names = [s.name for slip in rs.slips for s in slip.seats] + list(rs.byes) + [rs.title]
    if any(ord(ch) > 0xFF for name in names for ch in name):
        regular, bold = japanese_fonts()
        return Style("ja", regular, bold)
    return style_for("en")


def round_words(rs: RoundSlips) -> str:
    """Return 'Round 3', or 'Round 5 (top cut)'."""
    return f"Round {rs.round_no}" + (" (top cut)" if rs.stage == "top" else "")


def draw_slip(
    c: Canvas, rs: RoundSlips, slip: Slip, x: float, y: float, w: float, h: float, st: Style
) -> None:
    """Draw one slip in the box whose lower-left corner is (x, y) (mm)."""
    c.setStrokeColor(colour("#999999"))
    c.setDash(2, 2)
    c.rect(x * mm, y * mm, w * mm, h * mm, stroke=1, fill=0)
    c.setDash()
    c.setFillColor(colour("#000000"))
    top = y + h - 4
    c.setFont(st.bold, 30)
    c.drawString((x + 4) * mm, (top - 10) * mm, str(slip.table))
    c.setFont(st.regular, 7)
    c.drawString((x + 4) * mm, (top - 14) * mm, "TABLE")
    c.setFont(st.bold, 9)
    head = f"{rs.title} · {round_words(rs)}" + (f" · {rs.clock}" if rs.clock else "")
    c.setFont(st.bold, fit_size(c, head, st.bold, (w - 2 * QR_SIZE - 30) * mm, 9, 6))
    c.drawString((x + 22) * mm, (top - 3) * mm, head)
    c.setFont(st.regular, 7)
    c.drawString((x + 22) * mm, (top - 7) * mm, rs.match_format)
    names = f"{slip.seats[0].name}  vs  {slip.seats[1].name}"
    c.setFont(st.bold, fit_size(c, names, st.bold, (w - 2 * QR_SIZE - 30) * mm, 14, 8))
    c.drawString((x + 22) * mm, (top - 13) * mm, names)
    if slip.detail:
        c.setFont(
            st.regular, fit_size(c, slip.detail, st.regular, (w - 2 * QR_SIZE - 30) * mm, 10, 6)
        )
        c.drawString((x + 22) * mm, (top - 19) * mm, slip.detail)
    if slip.bank is not None:
        draw_bank(c, slip.bank, x + 4, top - 20, w - 2 * QR_SIZE - 14, st)
    c.setFont(st.regular, 7)
    c.drawString((x + 4) * mm, (y + 3) * mm, "Result: ____ – ____   (games won by each)")
    for i, seat in enumerate(slip.seats):
        qx = x + w - (2 - i) * (QR_SIZE + 2) - 1
        qy = y + h - QR_SIZE - 6
        if seat.url:
            draw_qr(c, seat.url, qx, qy, QR_SIZE)
        c.setFillColor(colour("#000000"))
        below = draw_seat_label(c, seat.name, qx + QR_SIZE / 2, qy - 4, st)
        c.setFont(st.regular, 6)
        c.drawCentredString((qx + QR_SIZE / 2) * mm, below * mm, "scan to take your seat")


def draw_seat_label(c: Canvas, name: str, cx: float, y: float, st: Style) -> float:
    """Draw a player's name centred under their QR code at ``LABEL_PT`` or more, on two lines
    (the second cut short) when one is too narrow; return the y (mm) of the line below."""
    width = QR_SIZE * mm
    size = fit_size(c, name, st.bold, width, 9, LABEL_PT)
    lines = [name] if text_width(name, st.bold) * size <= width else split_name(name, st)
    c.setFont(st.bold, size)
    for i, line in enumerate(lines):
        c.drawCentredString(cx * mm, (y - i * 3.2) * mm, line)
    return y - 3.5 - (len(lines) - 1) * 3.2


def split_name(name: str, st: Style) -> list[str]:
    """Break a name that is too wide for one line under a QR code into two, the second cut
    short with an ellipsis if it still does not fit."""
    width = QR_SIZE * mm
    words = name.split()
    for cut in range(len(words) - 1, 0, -1):
        first = " ".join(words[:cut])
        if text_width(first, st.bold) * LABEL_PT <= width:
            rest = " ".join(words[cut:])
            return [first, shorten(rest, st.bold, LABEL_PT, width)]
    return [shorten(name, st.bold, LABEL_PT, width)]


def shorten(name: str, font: str, size: float, width: float) -> str:
    """Return ``name``, cut short with an ellipsis until it fits ``width`` (pt) at ``size``."""
    if text_width(name, font) * size <= width:
        return name
    while name and text_width(name + "…", font) * size > width:
        name = name[:-1]
    return name.rstrip() + "…"


def draw_bank(c: Canvas, bank: SlipBank, x: float, top: float, width: float, st: Style) -> None:
    """Draw the 10 stacks in two columns under the bank's code."""
    c.setFont(st.bold, 8)
    label = f"Bank {bank.code}" + (f" · {bank.name}" if bank.name else "")
    c.drawString(x * mm, top * mm, label)
    half = (len(bank.stacks) + 1) // 2
    column = width / 2
    for i, (name, cost) in enumerate(bank.stacks):
        cx = x + (i // half) * column
        cy = top - 4.2 * (i % half + 1)
        c.setFont(st.bold, 8)
        c.drawRightString((cx + 4) * mm, cy * mm, "" if cost is None else str(cost))
        c.setFont(st.regular, fit_size(c, name, st.regular, (column - 7) * mm, 8, 5))
        c.drawString((cx + 6) * mm, cy * mm, name)


def draw_slip_pages(c: Canvas, rs: RoundSlips, paper: tuple[float, float], st: Style) -> None:
    """Draw the slips, four to a page."""
    width, height = paper
    w = width - 2 * MARGIN
    h = (height - 2 * MARGIN) / SLIPS_PER_PAGE
    for start in range(0, len(rs.slips), SLIPS_PER_PAGE):
        for k, slip in enumerate(rs.slips[start : start + SLIPS_PER_PAGE]):
            y = height - MARGIN - (k + 1) * h
            draw_slip(c, rs, slip, MARGIN, y + 1, w, h - 2, st)
        c.showPage()


def pairing_rows(rs: RoundSlips) -> list[tuple[str, str, str]]:
    """Return (player, table, opponent) for everyone, sorted by name."""
    rows = []
    for slip in rs.slips:
        a, b = slip.seats
        rows.append((a.name, str(slip.table), b.name))
        rows.append((b.name, str(slip.table), a.name))
    rows.extend((name, "—", "bye") for name in rs.byes)
    return sorted(rows, key=lambda r: r[0].casefold())


def draw_pairings(c: Canvas, rs: RoundSlips, paper: tuple[float, float], st: Style) -> None:
    """Draw the pairings sheet: every player by name, their table and opponent."""
    width, height = paper
    rows = pairing_rows(rs)
    for start in range(0, max(len(rows), 1), ROWS_PER_PAGE):
        c.setFillColor(colour("#000000"))
        c.setFont(st.bold, 16)
        c.drawString(MARGIN * mm, (height - MARGIN - 8) * mm, f"{rs.title} · {round_words(rs)}")
        c.setFont(st.regular, 9)
        note = "Pairings by player name" + (f" · {rs.clock}" if rs.clock else "")
        c.drawString(MARGIN * mm, (height - MARGIN - 13) * mm, note)
        y = height - MARGIN - 22
        c.setFont(st.bold, 10)
        for col, text in ((0, "Player"), (90, "Table"), (115, "Opponent")):
            c.drawString((MARGIN + col) * mm, y * mm, text)
        for name, table, opponent in rows[start : start + ROWS_PER_PAGE]:
            y -= 5.5
            c.setFont(st.regular, 10)
            c.drawString(MARGIN * mm, y * mm, name)
            c.setFont(st.bold, 11)
            c.drawString((MARGIN + 90) * mm, y * mm, table)
            c.setFont(st.regular, 10)
            c.drawString((MARGIN + 115) * mm, y * mm, opponent)
        c.showPage()


def write_round_slips(rs: RoundSlips, path: Path, paper: str = "letter") -> None:
    """Write one round's PDF: the slips, then the pairings sheet.

    :raises SlipError: for a paper other than letter or a4.
    """
    if paper not in PAPERS:
        raise SlipError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    size = PAPERS[paper]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    st = style_of(rs)
    c = Canvas(
        str(tmp),
        pagesize=(size[0] * mm, size[1] * mm),
        invariant=1,
        # each page opens with this font selected: an embedded one, not Helvetica
        initialFontName=st.regular,  # type: ignore[arg-type]
    )
    c.setTitle(f"{rs.title}: {round_words(rs)}")
    draw_slip_pages(c, rs, size, st)
    draw_pairings(c, rs, size, st)
    c.save()
    tmp.replace(path)


def slips_from_rows(
    title: str,
    round_no: int,
    stage: str,
    match_format: str,
    clock: str | None,
    tables: Sequence[Slip],
    byes: Sequence[str],
) -> RoundSlips:
    """Gather a round's slips (tables in number order)."""
    ordered = tuple(sorted(tables, key=lambda s: s.table))
    return RoundSlips(title, round_no, stage, match_format, clock, ordered, tuple(byes))
