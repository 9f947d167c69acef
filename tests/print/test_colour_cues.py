"""Issue 19, defect 3: colour is not the only cue. Banners, action arrows and reaction
shields of every colour are told apart in grayscale and under simulated protanopia and
deuteranopia, measured on rendered images.

The simulation uses the matrices of Machado, Oliveira and Fernandes, "A Physiologically-based
Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009 (severity 1.0),
applied to linear RGB; grayscale is the Rec. 601 luma a grayscale printer or poppler's
``-gray`` uses.
"""

from __future__ import annotations

import io
import itertools

import pypdfium2 as pdfium  # type: ignore[import-untyped]
import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import PuzzleChip
from printkit.images import raster_for, render_pngs
from printkit.pieces import Piece
from printkit.render.icons import draw_banner_icon, draw_top_icon
from printkit.render.style import BANNER, style_for

PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))  # fmt: skip
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))  # fmt: skip
ACTION_COLOURS = ("brown", "red", "blue", "purple")
"""The four colours with a meaning in play (Puzzle Strike's actions and chip types)."""


def linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def encode(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


LINEAR = [linear(v) for v in range(256)]


def simulate(image: Image.Image, matrix: tuple[tuple[float, ...], ...]) -> list[tuple[float, ...]]:
    """Return the pixels of an RGB image as a viewer with this deficiency sees them."""
    out = []
    for r, g, b in image.get_flattened_data():
        lin = (LINEAR[r], LINEAR[g], LINEAR[b])
        out.append(
            tuple(encode(sum(m * c for m, c in zip(row, lin, strict=True))) for row in matrix)
        )
    return out


def views(image: Image.Image) -> dict[str, list[tuple[float, ...]]]:
    """Return the image's pixels in grayscale and as protanopes and deuteranopes see it."""
    grey = [(0.299 * r + 0.587 * g + 0.114 * b,) for r, g, b in image.get_flattened_data()]
    return {
        "grayscale": grey,
        "protanopia": simulate(image, PROTANOPIA),
        "deuteranopia": simulate(image, DEUTERANOPIA),
    }


def difference(one: list[tuple[float, ...]], other: list[tuple[float, ...]]) -> float:
    """Return the mean distance between two same-sized images, pixel by pixel (0-255)."""
    total = sum(
        sum((a - b) ** 2 for a, b in zip(p, q, strict=True)) ** 0.5
        for p, q in zip(one, other, strict=True)
    )
    return total / len(one)


def assert_apart(patches: dict[str, Image.Image], least: float) -> None:
    """Assert every pair of patches differs by ``least`` in every view."""
    seen = {name: views(patch) for name, patch in patches.items()}
    for (a, va), (b, vb) in itertools.combinations(seen.items(), 2):
        for view in va:
            assert difference(va[view], vb[view]) >= least, (a, b, view)


def banner_patch(colour_name: str) -> Image.Image:
    """Render a chip whose banner is one colour and has no name; crop the banner's middle."""
    chip = PuzzleChip(id="probe", name="", banner=(colour_name,), summary=None, cost=1)
    piece = Piece("puzzle-chip", "chip", f"t/{colour_name}", 1, "", "puzzle", chip)
    raster = raster_for("chip", 0.0, 380)  # 10 px a millimetre
    [image] = render_pngs([piece], style_for("en"), raster)
    rgb = Image.new("RGB", image.size, "white")
    rgb.paste(image, mask=image.getchannel("A"))
    centre = image.width // 2
    y = centre - 68  # the banner's middle, 6.8 mm above the centre
    return rgb.crop((centre - 90, y - 20, centre + 90, y + 20))


def icon_patch(draw: object, name: str) -> Image.Image:
    """Render one icon 20 mm across and return it as RGB."""
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(24 * mm, 24 * mm), invariant=1)
    font = style_for("en").bold
    if draw is draw_top_icon:
        draw_top_icon(c, name, 12, 12, 20, 1, font)
    else:
        draw_banner_icon(c, name, 12, 12, 20, font)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    return page.render(scale=240 / (24 * mm)).to_pil().convert("RGB")  # type: ignore[no-any-return]


def test_banners_differ_without_colour_vision() -> None:
    patches = {name: banner_patch(name) for name in BANNER}
    assert_apart(patches, 12)


@pytest.mark.parametrize(
    ("draw", "names"),
    [
        (draw_top_icon, [f"{c}-arrow" for c in ACTION_COLOURS]),
        (draw_banner_icon, [f"{c}-shield" for c in ("brown", "blue", "purple")]),
    ],
)
def test_action_arrows_and_shields_differ_without_colour_vision(
    draw: object, names: list[str]
) -> None:
    assert_apart({name: icon_patch(draw, name) for name in names}, 12)
