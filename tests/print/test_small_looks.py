"""Issue 31, item 7: a banner on a rim of about the same grey is outlined (Jaina's red
Burning Vigor banner on her red rim); the label sheets' scale mark is tested with the
label sheets (test_sheet_fill.py)."""

from __future__ import annotations

from PIL import Image

from printkit.catalog import Catalog
from printkit.images import raster_for, render_pngs
from printkit.pieces import Piece, pieces_for
from printkit.render.chips import BANNER_H, BANNER_Y
from printkit.render.style import style_for

BLEED = 3.0
PX = 880
"""Chip images 880 px across: 20 px a millimetre for a 38 mm chip and its 3 mm bleed."""
PER_MM = PX / (38 + 2 * BLEED)


def chip(catalog: Catalog, design: str) -> Piece:
    """Return one chip design of the 3rd edition base set."""
    pieces = pieces_for(catalog.game("puzzle-strike").set("base-3e")).pieces
    return next(p for p in pieces if p.design.endswith(design))


COLUMN = 17.9
"""Millimetres left of the centre of the column read: inside the cut, outside the plate
(17.4 mm) and the banner icons (15.3 mm), where the banner crosses the rim."""


def grey_at(image: Image.Image, up: float) -> float:
    """Return the grey (0-255) of the read column at ``up`` mm above the chip's centre."""
    x, y = round(PX / 2 - COLUMN * PER_MM), round(PX / 2 - up * PER_MM)
    return float(image.convert("L").getpixel((x, y)))  # type: ignore[arg-type]


def test_a_red_banner_on_a_red_rim_is_outlined(catalog: Catalog) -> None:
    jaina = chip(catalog, "character/jaina/burning-vigor")
    [image] = render_pngs([jaina], style_for("en"), raster_for("chip", BLEED, PX))
    edge = BANNER_Y - BANNER_H / 2  # the banner's lower edge
    rim, band = grey_at(image, edge - 1.0), grey_at(image, edge + 1.5)
    assert abs(rim - band) < 40  # about the same grey: why the outline is needed
    line = [grey_at(image, edge + dy / PER_MM) for dy in range(-3, 4)]
    assert max(min(abs(v - rim), abs(v - band)) for v in line) >= 80


def test_a_banner_on_a_light_face_gets_no_outline(catalog: Catalog) -> None:
    knockdown = chip(catalog, "puzzle/knockdown")
    [image] = render_pngs([knockdown], style_for("en"), raster_for("chip", BLEED, PX))
    edge = BANNER_Y - BANNER_H / 2
    face, band = grey_at(image, edge - 1.0), grey_at(image, edge + 1.5)
    assert abs(face - band) >= 60  # the face already sets the banner apart
    line = [grey_at(image, edge + dy / PER_MM) for dy in range(-3, 4)]
    assert max(line) <= max(face, band) + 10  # so no line is drawn
