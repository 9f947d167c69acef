"""Issue 19, defect 4: a chip whose text no source gives prints writing lines and a
write-in tag (like Flash Duel's write-in cards), not an empty body."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from PIL import Image

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog, ChipFace
from printkit.images import raster_for, render_pngs
from printkit.pieces import Piece, pieces_for
from printkit.render.style import style_for


def unknown_text_chips(catalog: Catalog) -> list[Piece]:
    """Return the chip designs whose summary the catalog marks unknown."""
    return [
        p
        for g in catalog.games
        for s in g.sets
        for p in pieces_for(s).pieces
        if isinstance(p.subject, ChipFace) and "summary" in p.subject.unknown
    ]


def ruled_rows(image: Image.Image) -> int:
    """Count pixel rows in the lower half of a chip image that carry a long thin line: rows
    where a run of at least a third of the width differs from the face colour."""
    rgb = image.convert("RGB")
    face = rgb.getpixel((rgb.width // 2, rgb.height // 2 + rgb.height // 10))
    assert isinstance(face, tuple)
    rows = 0
    for y in range(rgb.height // 2, rgb.height * 9 // 10):
        run = best = 0
        for x in range(rgb.width // 6, rgb.width * 5 // 6):
            pixel = rgb.getpixel((x, y))
            assert isinstance(pixel, tuple)
            run = run + 1 if sum(abs(a - b) for a, b in zip(pixel, face, strict=True)) > 60 else 0
            best = max(best, run)
        rows += best >= rgb.width // 3
    return rows


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_chips_with_unknown_text_get_writing_lines(catalog: Catalog, lang: str) -> None:
    chips = unknown_text_chips(catalog)
    assert len({p.design for p in chips}) == 12  # 3 puzzle chips (x5) and 9 character chips
    images = render_pngs(chips, style_for(lang), raster_for("chip", 0.0, 300))
    for piece, image in zip(chips, images, strict=True):
        assert ruled_rows(image) >= 3, piece.design


@pytest.mark.parametrize(("lang", "tag"), [("en", "WRITE-IN"), ("ja", "記入用")])
def test_the_chip_sheet_tags_every_write_in_chip(
    catalog: Catalog, tmp_path: Path, lang: str, tag: str
) -> None:
    options = BuildOptions(
        out_dir=tmp_path,
        lang=lang,
        set_id="base-2e",
        only=frozenset({"puzzle-chip", "character-chip"}),
    )
    [pdf] = build(catalog, options)
    text = "".join(page.extract_text() or "" for page in pypdf.PdfReader(pdf).pages)
    copies = sum(p.copies for p in unknown_text_chips(catalog) if p.set_id == "base-2e")
    assert copies == 24
    assert text.count(tag) == copies
