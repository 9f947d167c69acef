"""Ink saving: light backs and no flood fills, without touching the renderers.

``InkSaverCanvas`` is a reportlab canvas that redraws every colour as it is set: a dark or
strong fill (a card back, a chip's banner, a track's dark spaces) becomes a light tint of
itself, keeping a quarter of its ink, so each colour still reads as itself; text drawn in a
light colour (white on a dark back) is drawn dark instead, since its background is now
light (unless the fill under it stayed dark: white on a black cost badge); light strokes
become mid grey for the same reason. Black stays black, so QR codes, rules text and crop
marks are unchanged.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

KEEP = 0.25
"""The share of a flood fill's ink kept."""
LIGHT = 0.6
"""Luminance above which a colour counts as light (text or line on a dark ground)."""
PALE = 0.82
"""Luminance above which a fill is left as it is (paper-like already)."""
BLACKISH = 0.16
"""A colour whose every channel is below this stays: black ink for text and QR codes."""
DARK_TEXT = Color(0.13, 0.13, 0.13)
MID_LINE = Color(0.4, 0.4, 0.4)


def luminance(c: Color) -> float:
    """Return a colour's relative luminance (0 black, 1 white), sRGB weights."""
    return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue


def tint(c: Color) -> Color:
    """Return the light tint a fill becomes: a quarter of its ink, or itself when pale/black."""
    if luminance(c) >= PALE or is_blackish(c):
        return c
    return Color(*(1 - KEEP * (1 - v) for v in (c.red, c.green, c.blue)))


def is_blackish(c: Color) -> bool:
    """Return True for black ink (every channel dark): left as it is."""
    return max(c.red, c.green, c.blue) < BLACKISH


def as_color(value: Any) -> Color:
    """Return a reportlab Color for any colour value reportlab accepts."""
    return value if isinstance(value, Color) else toColor(value)


class InkSaverCanvas(Canvas):
    """A canvas that prints light tints instead of flood fills (see the module)."""

    _ink_fill: Color | None = None
    _ground: Color | None = None
    """The fill set before the current one: what text of the current colour sits on."""

    def setFillColor(self, aColor: Any, alpha: Any = None) -> None:  # noqa: N802 (reportlab)
        """Remember the colour asked for; fill with its tint."""
        self._ground = self._ink_fill
        self._ink_fill = as_color(aColor)
        super().setFillColor(tint(self._ink_fill), alpha)

    def setStrokeColor(self, aColor: Any, alpha: Any = None) -> None:  # noqa: N802
        """Stroke a light line (drawn on a dark ground) in mid grey."""
        colour = as_color(aColor)
        super().setStrokeColor(MID_LINE if luminance(colour) > LIGHT else colour, alpha)

    def _text(self, draw: Any, *args: Any, **kwargs: Any) -> Any:
        """Draw text dark when its colour was light, then restore the fill's tint."""
        asked, ground = self._ink_fill, self._ground
        on_black = ground is not None and is_blackish(ground)
        if asked is None or luminance(asked) <= LIGHT or on_black:
            return draw(*args, **kwargs)  # dark text, or light text on a ground left black
        super().setFillColor(DARK_TEXT)
        try:
            return draw(*args, **kwargs)
        finally:
            super().setFillColor(tint(asked))

    def drawString(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802
        """Draw a string (dark where it was light)."""
        return self._text(super().drawString, *args, **kwargs)

    def drawCentredString(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802
        """Draw a centred string (dark where it was light)."""
        return self._text(super().drawCentredString, *args, **kwargs)

    def drawRightString(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802
        """Draw a right-aligned string (dark where it was light)."""
        return self._text(super().drawRightString, *args, **kwargs)

    def drawText(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802
        """Draw a text object (dark where it was light)."""
        return self._text(super().drawText, *args, **kwargs)
