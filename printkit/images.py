"""PNG images of the designs: for Tabletop Simulator (``printkit.tts``) and contact sheets.

Each design is drawn by the same renderers as the PDFs, into a one-page PDF the size of its
trim box plus a bleed margin, and rasterised with pdfium, so the images and the print sheets
match. Images come out at exactly the pixel size asked for (never one pixel more, so deck
sheets have no overlap), and round pieces are RGBA with everything outside their bleed circle
transparent.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]
from PIL import Image, ImageDraw
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.encode import write_png
from printkit.layout import Box, Shape, load_geometry
from printkit.pieces import Piece
from printkit.render import renderer_for
from printkit.render.style import Style

ROUND_OUTLINES = ("circle",)
SUPERSAMPLE = 4
"""The circle mask is drawn this many times larger, then shrunk: a smooth edge."""


@dataclass(frozen=True)
class Raster:
    """How to rasterise one shape: the bleed drawn around it and the pixel size."""

    shape: Shape
    bleed: float
    """Millimetres of art drawn past the cut line on every side."""
    width_px: int
    height_px: int

    @property
    def is_round(self) -> bool:
        """Return True for round pieces (transparent outside their circle)."""
        return self.shape.outline in ROUND_OUTLINES

    @property
    def page_size(self) -> tuple[float, float]:
        """Return the page size in millimetres: trim plus bleed on both sides."""
        return self.shape.width + 2 * self.bleed, self.shape.height + 2 * self.bleed


def raster_for(shape_name: str, bleed: float, width_px: int) -> Raster:
    """Return the raster of a layouts.toml shape at ``width_px`` wide (bleed included)."""
    shape = load_geometry().shapes[shape_name]
    width_mm = shape.width + 2 * bleed
    height_mm = shape.height + 2 * bleed
    return Raster(shape, bleed, width_px, round(width_px * height_mm / width_mm))


def render_pngs(
    pieces: list[Piece], style: Style, raster: Raster, back: bool = False
) -> list[Image.Image]:
    """Draw each piece (its front, or its back) at exactly the raster's pixel size."""
    if not pieces:
        return []
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1)
    page_w, page_h = raster.page_size
    for piece in pieces:
        c.setPageSize((page_w * mm, page_h * mm))
        front_draw, back_draw = renderer_for(piece.shape)
        box = Box(raster.bleed, raster.bleed, raster.shape.width, raster.shape.height)
        (back_draw if back else front_draw)(c, piece, box, raster.bleed, style)
        c.showPage()
    c.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    scale = raster.width_px / (page_w * mm)
    images = []
    for index in range(len(pieces)):
        if raster.is_round:
            bitmap = document[index].render(scale=scale, fill_color=(255, 255, 255, 0))
            image = exact_size(bitmap.to_pil().convert("RGBA"), raster)
            images.append(round_mask(image))
        else:
            bitmap = document[index].render(scale=scale)
            images.append(exact_size(bitmap.to_pil().convert("RGB"), raster))
    document.close()
    return images


def render_in_order(
    pieces: list[Piece], style: Style, raster: Callable[[str], Raster], back: bool = False
) -> list[Image.Image]:
    """Draw pieces of several shapes (one PDF per shape), returned in the pieces' order."""
    by_shape: dict[str, list[int]] = {}
    for index, piece in enumerate(pieces):
        by_shape.setdefault(piece.shape, []).append(index)
    out: dict[int, Image.Image] = {}
    for shape, indexes in by_shape.items():
        images = render_pngs([pieces[i] for i in indexes], style, raster(shape), back)
        out.update(zip(indexes, images, strict=True))
    return [out[i] for i in range(len(pieces))]


def exact_size(image: Image.Image, raster: Raster) -> Image.Image:
    """Return the image at exactly the raster's size (pdfium may round up by a pixel)."""
    size = (raster.width_px, raster.height_px)
    if image.size == size:
        return image
    if 0 <= image.width - size[0] <= 1 and 0 <= image.height - size[1] <= 1:
        return image.crop((0, 0, *size))  # a rounding pixel: cropping is exact and cheap
    return image.resize(size, Image.Resampling.LANCZOS)


def round_mask(image: Image.Image) -> Image.Image:
    """Make everything outside the inscribed circle fully transparent, with a smooth edge."""
    mask = circle_mask(image.size)
    alpha = Image.composite(image.getchannel("A"), mask, mask)
    out = image.copy()
    out.putalpha(alpha)
    return out


@lru_cache(maxsize=16)
def circle_mask(size: tuple[int, int]) -> Image.Image:
    """Return the smooth-edged circle mask of an image size (drawn larger, then shrunk),
    made once per size: a set's round pieces share a few sizes."""
    big = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    mask = Image.new("L", big, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, big[0] - 1, big[1] - 1), fill=255)
    return mask.resize(size, Image.Resampling.LANCZOS)


def save_png(image: Image.Image, path: Path) -> None:
    """Write a PNG atomically, at the fast compression level (``printkit.encode``)."""
    write_png(image, path)


def write_preview(
    pieces: list[Piece], style: Style, path: Path, columns: int = 8, width: int = 240
) -> Path:
    """Write a contact sheet: every design of a set once, row by row."""
    images = render_in_order(pieces, style, lambda shape: raster_for(shape, 0.0, width))
    rows = -(-len(images) // columns)
    cell_h = max(img.height for img in images)
    sheet = Image.new("RGB", (columns * (width + 8) + 8, rows * (cell_h + 8) + 8), "white")
    for i, img in enumerate(images):
        row, col = divmod(i, columns)
        sheet.paste(img, (8 + col * (width + 8), 8 + row * (cell_h + 8)), img.convert("RGBA"))
    save_png(sheet, path)
    return path


def slug(design: str) -> str:
    """Turn a design key into a file-name part."""
    return design.replace("/", "_").replace(os.sep, "_")
