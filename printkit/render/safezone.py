"""The safe zone of a round piece: text and icons stay ``SAFE_MARGIN`` mm inside the cut.

A 1.5-inch punch or scissors wander by a millimetre or so, so nothing that must be read
comes closer to the cut circle than 2 mm; only backgrounds and banners run out into the
bleed. Text lines are fitted to the width of the safe circle at their own height.
Pure geometry and font metrics: nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from printkit.render.style import breaker_for, text_width

SAFE_MARGIN = 2.0
"""Millimetres between the cut circle and any text or icon."""
MIN_TEXT_PT = 6.0
"""The smallest text (points) on a chip of the default 38 mm, a win token or a counter:
the usual floor for printed small print."""
DESIGN_RADIUS = 17.0
"""Safe radius (mm) of the 38 mm chip the face layout is designed for; it scales with the
safe radius of the actual chip."""
LEADING = 1.1
"""Baseline to baseline, as a share of the text size: 6.6 pt at 6 pt, the usual leading of
small print, which lets every chip summary of the catalog fit at 6 pt or more."""


def safe_radius(r: float) -> float:
    """Return the radius (mm) inside which text and icons stay, for a cut radius ``r``."""
    return r - SAFE_MARGIN


def scale_for(r: float) -> float:
    """Return the layout scale of a chip of cut radius ``r`` (1.0 at 38 mm)."""
    return safe_radius(r) / DESIGN_RADIUS


def chord(r: float, dy: float) -> float:
    """Return the width of a circle of radius ``r`` at ``dy`` from its centre (0 outside)."""
    return 2 * math.sqrt(max(0.0, r * r - dy * dy))


def width_between(r: float, low: float, high: float) -> float:
    """Return the width (mm) a centred box from ``low`` to ``high`` (mm from the centre) may
    have and stay inside a circle of radius ``r``."""
    if low <= 0 <= high:
        return chord(r, max(-low, high))
    return chord(r, max(abs(low), abs(high)))


@lru_cache(maxsize=32)
def ascent(font: str) -> float:
    """Return how far a font reaches above its baseline, as a share of its size."""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    return float(getattr(face, "ascent", 880)) / 1000


@lru_cache(maxsize=32)
def descent(font: str) -> float:
    """Return how far a font reaches below its baseline, as a share of its size."""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    return -float(getattr(face, "descent", -240)) / 1000


def line_extent(baseline: float, size: float, font: str) -> tuple[float, float]:
    """Return the (bottom, top) of a line's glyphs (mm) for a baseline (mm) and size (pt)."""
    return baseline - descent(font) * size / mm, baseline + ascent(font) * size / mm


def centred_baseline(y: float, size: float, font: str) -> float:
    """Return the baseline (mm) that centres a line's glyph box on ``y``."""
    return y - (ascent(font) - descent(font)) * size / mm / 2


@dataclass(frozen=True)
class TextFit:
    """Lines that fit, their size (pt) and the baseline (mm from the centre) of each."""

    lines: tuple[str, ...]
    size: float
    baselines: tuple[float, ...]


@lru_cache(maxsize=4096)
def fit_block(
    text: str,
    font: str,
    top: float,
    bottom: float,
    radius: float,
    largest: float,
    smallest: float,
) -> TextFit | None:
    """Wrap ``text`` centred between ``top`` and ``bottom`` (mm from the centre), each line
    no wider than the circle of ``radius`` at that line's height; shrink from ``largest``
    to ``smallest`` points. Return None when it does not fit even at ``smallest``.
    Cached: the same text is laid out alike on every chip and in every PDF that shows it
    (do not change the returned lists)."""
    size = largest
    while size >= smallest - 1e-9:
        found = fit_at(text, font, top, bottom, radius, size)
        if found is not None:
            return found
        size -= 0.25
    return None


def fit_at(
    text: str, font: str, top: float, bottom: float, radius: float, size: float
) -> TextFit | None:
    """Try one size for :func:`fit_block`."""
    step = size * LEADING / mm
    first = top - ascent(font) * size / mm
    baselines = []
    y = first
    while line_extent(y, size, font)[0] >= bottom - 1e-9:
        baselines.append(y)
        y -= step
    if not baselines:
        return None
    widths = [width_between(radius, *line_extent(b, size, font)) * mm for b in baselines]
    lines = breaker_for(text)(text, font, size, widths)
    if lines is None:
        return None
    return TextFit(tuple(lines), size, tuple(baselines[: len(lines)]))


@lru_cache(maxsize=4096)
def fit_line(
    text: str, font: str, y: float, radius: float, room: float, largest: float, smallest: float
) -> float | None:
    """Return the largest size (pt) from ``largest`` down to ``smallest`` at which one line
    centred on ``y`` (mm from the centre) is at most ``room`` mm wide and inside the circle;
    None when even ``smallest`` is too big."""
    size = largest
    while size >= smallest - 1e-9:
        half = (ascent(font) + descent(font)) * size / mm / 2
        width = min(room, width_between(radius, y - half, y + half))
        if text_width(text, font) * size <= width * mm:
            return size
        size -= 0.25
    return None
