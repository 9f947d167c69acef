"""The Flash Duel reference sheet: modes, time-over, the Raid table and Betrayal."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import FlashDuelSet
from printkit.i18n import text
from printkit.layout import Frame, Paper
from printkit.render.page import titled_lines
from printkit.render.style import Style

HEADS = ("mortals", "deck", "reshuffles", "hit_points", "hand", "abilities")


def draw_duel_reference(
    c: Canvas, paper: Paper, frame: Frame, game_set: FlashDuelSet, style: Style
) -> None:
    """Draw the Flash Duel reference: modes, time-over, the Raid table and Betrayal row."""
    lang = style.lang
    x, width = frame.margin + 6, paper.width - 2 * (frame.margin + 6)
    y = paper.height - frame.margin - frame.header - 8
    y = titled_lines(c, x, y, width, text(lang, "modes"), mode_lines(game_set, lang), style, 10)
    over = [text(lang, key) for key in ("over_1v1", "over_2v2", "over_raid")]
    y = titled_lines(c, x, y, width, text(lang, "time_over"), over, style, 10)
    c.setFont(style.bold, 12)
    c.drawString(x * mm, y * mm, text(lang, "raid"))
    heads = [text(lang, f"head_{key}") for key in HEADS]
    draw_table(c, x, y - 7, width, heads, raid_rows(game_set, lang), style)


def mode_lines(game_set: FlashDuelSet, lang: str) -> list[str]:
    """Describe each mode in one line: its name, its sides and how many play."""
    lines = []
    for m in game_set.modes:
        name = m.name_ja if lang == "ja" and m.name_ja else m.name
        players = f" ({m.min_players}-{m.max_players})" if m.min_players != m.max_players else ""
        lines.append(f"{name}: {m.sides}{players}")
    return lines


def raid_rows(game_set: FlashDuelSet, lang: str) -> list[list[str]]:
    """Return the Raid table's rows (one per number of mortals) and the Betrayal row."""
    rows = []
    for r in (*game_set.raid, game_set.betrayal):
        mortals = str(r.mortals)
        if r is game_set.betrayal:
            mortals += f" ({text(lang, 'betrayal')})"
        numbers = (r.deck_cards, r.reshuffles, r.dragon_hit_points, r.dragon_hand_size)
        rows.append([mortals, *map(str, numbers), str(r.dragon_abilities)])
    return rows


def draw_table(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    heads: list[str],
    rows: list[list[str]],
    style: Style,
) -> None:
    """Draw a table with bold column heads at ``y`` and evenly spaced columns."""
    col = width / len(heads)
    c.setFont(style.bold, 9)
    for i, head in enumerate(heads):
        c.drawString((x + i * col) * mm, y * mm, head)
    c.setFont(style.regular, 9)
    for r, row in enumerate(rows):
        for i, cell in enumerate(row):
            c.drawString((x + i * col) * mm, (y - 6 - r * 5.5) * mm, cell)
