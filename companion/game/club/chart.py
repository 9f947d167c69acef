"""A player's rating over time as an SVG line chart, drawn by the server.

It reads in grey: the rating is a solid dark line with a round marker per match, the
uncertainty a light band around it, and the axis labels say the numbers; no colour carries
meaning. Colours come from ``currentColor`` so the page's light or dark text colour is used.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from html import escape

WIDTH, HEIGHT = 340, 176
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 40
MOST_TICKS = 6
"""At most this many steps along the horizontal axis, so its numbers stay readable."""
AXIS = "rated matches played"
"""What the horizontal axis counts (club.js has its Japanese under ``club_axis_matches``)."""
NAMES = {
    "club_chart_label_one": "{game} rating: {before} before the first rated match, {now} after "
    "{matches} rated match",
    "club_chart_label": "{game} rating: {before} before the first rated match, {now} after "
    "{matches} rated matches",
}
"""The chart's accessible name by its word key (one match, more); club.js has the Japanese."""


def nice_steps() -> Iterator[int]:
    """Yield 1, 2, 5, 10, 20, 50, 100, ... without end."""
    power = 1
    while True:
        yield from (power, 2 * power, 5 * power)
        power *= 10


def axis_ticks(matches: int) -> list[int]:
    """Return where the horizontal axis is numbered: 0, round steps (1, 2, 5, 10, 20, ...)
    and the number of matches at its end (in place of a step too close to it)."""
    step = next(s for s in nice_steps() if matches <= s * MOST_TICKS)
    ticks = list(range(0, matches + 1, step))
    if matches - ticks[-1] >= step / 2:
        return [*ticks, matches]
    return [*ticks[:-1], matches]


def chart_name(points: Sequence[tuple[int, int]], game: str) -> tuple[str, str, str]:
    """Return a chart's name for a screen reader (the game, the rating before the first match
    and now, how many matches) as its word key, its English and its slots in JSON."""
    args = {"game": game, "before": points[0][0], "now": points[-1][0], "matches": len(points) - 1}
    key = "club_chart_label_one" if args["matches"] == 1 else "club_chart_label"
    return key, NAMES[key].format(**args), json.dumps(args, ensure_ascii=False)


def chart_svg(points: Sequence[tuple[int, int]], game: str) -> str:
    """Return an SVG chart of (rating, margin) before the first match and after each,
    oldest first, named by the game and the ratings it shows; the x axis counts the matches
    played (0: before the first)."""
    if not points:
        return ""
    low = min(r - m for r, m in points)
    high = max(r + m for r, m in points)
    span = max(high - low, 1)
    steps = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * i / steps

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / span

    upper = [f"{x(i):.1f},{y(r + m):.1f}" for i, (r, m) in enumerate(points)]
    lower = [f"{x(i):.1f},{y(r - m):.1f}" for i, (r, m) in reversed(list(enumerate(points)))]
    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (r, _) in enumerate(points))
    dots = "".join(f'<circle cx="{x(i):.1f}" cy="{y(r):.1f}" r="3"/>'
                   for i, (r, _) in enumerate(points))  # fmt: skip
    labels = (
        f'<text x="{LEFT - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>'
        f'<text x="{LEFT - 4}" y="{y(low):.1f}" text-anchor="end">{low}</text>'
    ) + x_axis(x, len(points) - 1)
    key, name, args = chart_name(points, game)
    words = f'data-i18n-args="{escape(args)}"'  # the slots of the name's Japanese
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'class="chart" aria-label="{escape(name)}" data-i18n-aria-label="{key}" {words}>'
        f'<title data-i18n="{key}" {words}>{escape(name)}</title>'
        f'<polygon points="{" ".join(upper + lower)}" fill="currentColor" opacity="0.15"/>'
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f'<g fill="currentColor">{dots}</g>'
        f'<g fill="currentColor" font-size="11">{labels}</g></svg>'
    )


def x_axis(x: Callable[[int], float], matches: int) -> str:
    """Draw the horizontal axis: its line, its numbered ticks and what it counts."""
    base = HEIGHT - BOTTOM + 4
    ticks = "".join(
        f'<line x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{base}" y2="{base + 4}" stroke="currentColor"/>'
        f'<text class="x-tick" x="{x(i):.1f}" y="{base + 15}" text-anchor="middle">{i}</text>'
        for i in axis_ticks(matches)
    )
    return (
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{base}" y2="{base}" stroke="currentColor" '
        f'opacity="0.5"/>{ticks}<text x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{HEIGHT - 3}" '
        f'text-anchor="middle" data-i18n="club_axis_matches">{AXIS}</text>'
    )
