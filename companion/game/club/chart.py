"""A player's rating over time as an SVG line chart, drawn by the server.

It reads in grey: the rating is a solid dark line with a round marker per match, the
uncertainty a light band around it, and the axis labels say the numbers; no colour carries
meaning. Colours come from ``currentColor`` so the page's light or dark text colour is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT = 340, 160
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 24


def chart_svg(points: Sequence[tuple[int, int]], title: str) -> str:
    """Return an SVG chart of (rating, margin) before the first match and after each,
    oldest first; the x axis counts the matches played."""
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
        f'<text x="{LEFT}" y="{HEIGHT - 6}">0</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">{len(points) - 1}</text>'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'class="chart" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f'<polygon points="{" ".join(upper + lower)}" fill="currentColor" opacity="0.15"/>'
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f'<g fill="currentColor">{dots}</g>'
        f'<g fill="currentColor" font-size="11">{labels}</g></svg>'
    )
