"""Shadowfist table aids: the turn and attack-sequence reference and the tracker."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import ShadowfistSet
from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.page import titled_lines
from printkit.render.style import INK, Style, colour


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
