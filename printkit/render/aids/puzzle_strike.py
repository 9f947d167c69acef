"""Puzzle Strike player aids: the turn summary and the gem-pile mat."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import PuzzleStrikeSet
from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.banksheet import draw_panic_table
from printkit.render.page import titled_lines
from printkit.render.style import INK, Style, colour
from printkit.rules import height_bonus


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
