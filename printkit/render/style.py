"""Fonts, colours and text fitting shared by every renderer."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from printkit.render.embed import reusing_subsets

JA_FONT = "HeiseiKakuGo-W5"
"""reportlab's built-in Japanese font: needs no file, but is not embedded."""
JA_TTF_NAME = "IPAPGothic"
JA_TTF_FILES = (
    Path("/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"),
    Path("/usr/share/fonts/truetype/ipafont-gothic/ipagp.ttf"),
)
"""Debian's fonts-ipafont-gothic: embedded (as a subset) when installed; one weight only."""
JA_FAMILY = (
    "BIZUDPGothic",
    Path("/usr/share/fonts/truetype/bizud-gothic/BIZUDPGothic-Regular.ttf"),
    Path("/usr/share/fonts/truetype/bizud-gothic/BIZUDPGothic-Bold.ttf"),
)
"""Debian's fonts-morisawa-bizud-gothic: a Japanese family with a bold weight (TrueType
outlines, which reportlab embeds; Noto Sans CJK and M+ are CFF, which it cannot)."""


FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
"""Where Debian's fonts-dejavu-core and fonts-dejavu-extra put DejaVu Sans."""
LATIN_FAMILIES = (
    ("DejaVuSansCondensed", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"),
    ("DejaVuSans", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
)
"""Embedded Latin fonts, best first: the condensed cut (fonts-dejavu-extra) fits more on a
chip; the normal cut (fonts-dejavu-core) is the fallback."""
MISSING_FONTS = (
    "DejaVu Sans is not installed, so the PDFs use Helvetica, which is not embedded (viewers "
    "and print shops substitute it): install it with 'apt-get install fonts-dejavu-core "
    "fonts-dejavu-extra' (make run and make test do)"
)


@dataclass(frozen=True)
class Style:
    """The fonts and language of a build."""

    lang: str
    regular: str
    bold: str
    embedded: bool = True
    """False when a font had to fall back to one that is not embedded."""
    latin_regular: str = ""
    latin_bold: str = ""
    """The Latin fonts English text is set in within a Japanese build (empty: the build's own
    fonts): the condensed cut fits a chip's English summary at a readable size."""

    def font_for(self, words: str, bold: bool = False) -> str:
        """Return the font to set ``words`` in: the Latin cut for plain ASCII text in a
        Japanese build when one is installed, else the build's own."""
        latin = self.latin_bold if bold else self.latin_regular
        if latin and words.isascii():
            return latin
        return self.bold if bold else self.regular


def style_for(lang: str) -> Style:
    """Return the style of a language with embedded fonts where they are installed."""
    if lang == "ja":
        regular, bold = japanese_fonts()
        latin = latin_family() or ("", "")
        return Style("ja", regular, bold, regular != JA_FONT, *latin)
    family = latin_family()
    if family is None:
        return Style("en", "Helvetica", "Helvetica-Bold", embedded=False)
    return Style("en", *family)


def latin_family() -> tuple[str, str] | None:
    """Register and return the (regular, bold) names of the first installed Latin family."""
    registered = pdfmetrics.getRegisteredFontNames()
    for name, regular, bold in LATIN_FAMILIES:
        for folder in FONT_DIRS:
            files = (folder / regular, folder / bold)
            if not all(f.is_file() for f in files):
                continue
            for font, path in zip((name, f"{name}-Bold"), files, strict=True):
                if font not in registered:
                    pdfmetrics.registerFont(reusing_subsets(TTFont(font, str(path))))
            return name, f"{name}-Bold"
    return None


def japanese_fonts() -> tuple[str, str]:
    """Register and return the (regular, bold) Japanese fonts: BIZ UDPGothic's two weights
    if installed, else one font for both (see ``japanese_font``)."""
    name, regular, bold = JA_FAMILY
    if regular.is_file() and bold.is_file():
        registered = pdfmetrics.getRegisteredFontNames()
        for font, path in ((name, regular), (f"{name}-Bold", bold)):
            if font not in registered:
                pdfmetrics.registerFont(reusing_subsets(TTFont(font, str(path))))
        return name, f"{name}-Bold"
    font = japanese_font()
    return font, font


def japanese_font() -> str:
    """Register and return the Japanese font: IPA P Gothic embedded if installed, else the
    built-in CID font (which viewers must supply; poppler needs poppler-data)."""
    registered = pdfmetrics.getRegisteredFontNames()
    for path in JA_TTF_FILES:
        if path.is_file():
            if JA_TTF_NAME not in registered:
                pdfmetrics.registerFont(reusing_subsets(TTFont(JA_TTF_NAME, str(path))))
            return JA_TTF_NAME
    if JA_FONT not in registered:
        pdfmetrics.registerFont(UnicodeCIDFont(JA_FONT))
    return JA_FONT


@lru_cache(maxsize=1024)
def luminance(hex_code: str) -> float:
    """Return a colour's relative luminance (WCAG 2)."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(hex_code[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """Return the WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def best_ink(backgrounds: list[str]) -> str:
    """Return white or the dark ink, whichever contrasts more with every background."""
    if not backgrounds:
        return INK
    dark = min(contrast(INK, b) for b in backgrounds)
    light = min(contrast("#ffffff", b) for b in backgrounds)
    return INK if dark >= light else "#ffffff"


@lru_cache(maxsize=32768)
def text_width(text: str, font: str) -> float:
    """Return the width (pt) of ``text`` at 1 pt; widths scale with the size. Cached: fitting
    text tries the same words at many sizes."""
    return float(pdfmetrics.stringWidth(text, font, 1.0))


KAPPA = 0.5522847498
"""Control-point distance of a quarter circle drawn as one cubic Bézier, per unit radius."""


def circle_path(path: PDFPathObject, x: float, y: float, r: float) -> None:
    """Add a circle (points) to a path as four Bézier quarters; reportlab's own circle
    computes the same curves with trigonometry every time, which costs more."""
    k = KAPPA * r
    path.moveTo(x + r, y)
    path.curveTo(x + r, y + k, x + k, y + r, x, y + r)
    path.curveTo(x - k, y + r, x - r, y + k, x - r, y)
    path.curveTo(x - r, y - k, x - k, y - r, x, y - r)
    path.curveTo(x + k, y - r, x + r, y - k, x + r, y)
    path.close()


def circle(c: Canvas, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
    """Draw a circle (points), like ``Canvas.circle`` but cheaper."""
    path = c.beginPath()
    circle_path(path, x, y, r)
    c.drawPath(path, stroke=stroke, fill=fill)


@lru_cache(maxsize=256)
def colour(hex_code: str) -> Color:
    """Return a reportlab colour from '#rrggbb'."""
    return HexColor(hex_code)


BANNER = {
    "brown": "#6b4423",
    "red": "#e53b2c",
    "blue": "#16468f",
    "purple": "#9467c9",
    "gray": "#757575",
    "gold": "#d9ae2c",
}
"""Banner and action colours, spread in lightness so they stay apart in grayscale; red, blue
and purple also carry stripes (``printkit.render.cues``)."""
INK = "#1b1b1b"


def fit_size(
    c: Canvas, text: str, font: str, width: float, largest: float, smallest: float
) -> float:
    """Return the largest font size (pt) from ``largest`` down that fits ``width`` (pt)."""
    size = largest
    while size > smallest and text_width(text, font) * size > width:
        size -= 0.25
    return size


def wrap(text: str, font: str, size: float, widths: list[float]) -> list[str] | None:
    """Break text into lines, line i at most widths[i] (pt) wide; None if it overflows."""
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        limit = widths[min(len(lines), len(widths) - 1)]
        if text_width(trial, font) * size <= limit:
            current = trial
            continue
        if not current:
            return None
        lines.append(current)
        if len(lines) >= len(widths):
            return None
        current = word
        if text_width(current, font) * size > widths[min(len(lines), len(widths) - 1)]:
            return None
    if current:
        lines.append(current)
    return lines if len(lines) <= len(widths) else None


NO_LINE_START = frozenset(
    "、。，．・：；？！ー～…‥」』）】〕〉》］｝ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々,.:;!?)]}%"
)
"""Characters a line never starts with (kinsoku shori, JIS X 4051): closing brackets,
punctuation, the long-vowel mark, small kana."""
NO_LINE_END = frozenset("「『（【〔〈《［｛([{")
"""Characters a line never ends with: opening brackets."""


def is_wide(char: str) -> bool:
    """Return True for a character set on its own em square (kanji, kana, full-width
    punctuation): text may break on either side of one."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def break_units(text: str) -> list[tuple[str, bool]]:
    """Split Japanese text into the pieces a line may break between, each with whether a
    space came before it: each wide character alone, each run of other characters whole
    ('-$1', '10'); a closing mark joins the piece before it, an opening mark the one after."""
    units: list[tuple[str, bool]] = []
    spaced = False
    for char in text:
        if char.isspace():
            spaced = True
            continue
        glue_before = (
            units
            and not spaced
            and (
                char in NO_LINE_START
                or units[-1][0][-1] in NO_LINE_END
                or not (is_wide(char) or is_wide(units[-1][0][-1]))
            )
        )
        if glue_before:
            units[-1] = (units[-1][0] + char, units[-1][1])
        else:
            units.append((char, spaced and bool(units)))
        spaced = False
    return units


SHORTEST_LAST = 5
"""Characters the last line of wrapped Japanese holds at least, taken from the line above
when it is shorter: no '-$1。' or '敗北。' alone on a line."""


def wrap_ja(text: str, font: str, size: float, widths: list[float]) -> list[str] | None:
    """Break Japanese (or mixed) text into lines, line i at most widths[i] (pt) wide,
    between the pieces of ``break_units`` (so kinsoku rules hold), the last line never
    shorter than ``SHORTEST_LAST``; None if it overflows."""
    lines: list[list[tuple[str, bool]]] = [[]]
    for unit in break_units(text):
        trial = joined([*lines[-1], unit])
        if text_width(trial, font) * size <= widths[min(len(lines) - 1, len(widths) - 1)]:
            lines[-1].append(unit)
            continue
        if not lines[-1] or len(lines) >= len(widths):
            return None
        lines.append([unit])
    last = widths[min(len(lines) - 1, len(widths) - 1)]
    while len(lines) > 1 and len(joined(lines[-1])) < SHORTEST_LAST and len(lines[-2]) > 2:
        moved = [lines[-2][-1], *lines[-1]]
        if text_width(joined(moved), font) * size > last:
            break
        lines[-2].pop()
        lines[-1] = moved
    return [joined(line) for line in lines if line]


def joined(units: list[tuple[str, bool]]) -> str:
    """Join break units into a line, with a space where the text had one (none at its start)."""
    return "".join((" " if spaced and i else "") + unit for i, (unit, spaced) in enumerate(units))


def breaker_for(text: str) -> Callable[[str, str, float, list[float]], list[str] | None]:
    """Return the line breaker for a text: by words, or by ``wrap_ja`` when it holds any
    Japanese."""
    return wrap_ja if any(is_wide(ch) for ch in text) else wrap


NUMBERED = re.compile(r"^\s*\S{1,3}[.．]\s+")
"""An item number at the start of a line ('4. '), which continuation lines hang under."""


def text_block(
    c: Canvas,
    text: str,
    font: str,
    x: float,
    top: float,
    width: float,
    height: float,
    largest: float = 9.0,
    smallest: float = 4.0,
    centred: bool = False,
) -> float:
    """Draw wrapped text in a box (mm, top-left at x, top), shrinking until it fits; a
    numbered item's continuation lines hang under its text, right of the number.

    Returns the height used (mm).
    """
    number = NUMBERED.match(text)
    size = largest
    while True:
        leading = size * 1.18
        lines_fit = max(1, int(height * mm // leading))
        indent = text_width(number.group(0), font) * size if number and not centred else 0.0
        widths = [width * mm] + [width * mm - indent] * (lines_fit - 1)
        lines = breaker_for(text)(text, font, size, widths)
        if lines is not None or size <= smallest:
            break
        size -= 0.25
    lines = lines or [text]
    left = (x + width / 2) * mm if centred else x * mm
    baselines = [top * mm - size - i * size * 1.18 for i in range(len(lines))]
    placed = [
        (left + (indent if i else 0.0), y, line)
        for i, (y, line) in enumerate(zip(baselines, lines, strict=True))
    ]
    draw_lines(c, font, size, placed, centred)
    return len(lines) * size * 1.18 / mm


def draw_lines(
    c: Canvas,
    font: str,
    size: float,
    lines: Sequence[tuple[float, float, str]],
    centred: bool = False,
) -> None:
    """Draw lines of one font and size, each at its (x, baseline) in points (x is the middle
    when ``centred``), as one text object: cheaper than a drawString per line."""
    if not lines:
        return
    c.setFont(font, size)
    block = c.beginText()
    block.setFont(font, size)
    for x, y, line in lines:
        shift = text_width(line, font) * size / 2 if centred else 0.0
        block.setTextOrigin(x - shift, y)
        block.textOut(line)
    c.drawText(block)


def fill_bleed(
    c: Canvas, x: float, y: float, width: float, height: float, bleed: float, hex_code: str
) -> None:
    """Fill a trim box (mm) and its bleed with one colour."""
    c.setFillColor(colour(hex_code))
    c.rect(
        (x - bleed) * mm,
        (y - bleed) * mm,
        (width + 2 * bleed) * mm,
        (height + 2 * bleed) * mm,
        stroke=0,
        fill=1,
    )
