"""Issue 19, defect 6, read back from the PDF: track spaces are the same width on every
card, and each card's edge colour runs into its bleed (no light seam between cards)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog
from printkit.layout import grid_for, load_geometry
from tests.print.test_bleed_and_cuts import NEEDS_POPPLER, pixel, render_page

GEO = load_geometry()
MM = 72 / 25.4


def track_pdf(catalog: Catalog, out: Path, paper: str) -> Path:
    """Build the track cards alone, without cut lines or crop marks."""
    options = BuildOptions(
        out_dir=out,
        paper=paper,
        cut_lines="none",
        crop_marks="none",
        only=frozenset({"track-card"}),
        game="flash-duel",
    )
    [pdf] = build(catalog, options)
    return pdf


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_track_spaces_are_even_on_every_card(catalog: Catalog, tmp_path: Path, paper: str) -> None:
    with pdfplumber.open(track_pdf(catalog, tmp_path, paper)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    spaces = [w for w in words if w["size"] > 20 and w["text"].isdigit()]
    assert sorted(int(w["text"]) for w in spaces) == list(range(1, 19))
    grid = grid_for(GEO.shapes["track-card"], GEO.paper(paper), GEO.frame, 3.0)
    pitches = set()
    for card in range(5):
        box = grid.slot(card)
        on_card = sorted(
            (w["x0"] + w["x1"]) / 2 / MM
            for w in spaces
            if box.x * MM <= w["x0"] <= (box.x + box.width) * MM
            and abs(pdf_y(w, paper) - box.centre[1]) < box.height / 2
        )
        pitches |= {round(b - a, 1) for a, b in zip(on_card, on_card[1:], strict=False)}
    assert len(pitches) == 1, pitches  # one width for every space on every card


def pdf_y(word: dict[str, float], paper: str) -> float:
    """Return a word's middle height in mm from the bottom of the page."""
    return GEO.paper(paper).height - (word["top"] + word["bottom"]) / 2 / MM


@NEEDS_POPPLER
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_track_colours_run_into_the_bleed(catalog: Catalog, tmp_path: Path, paper: str) -> None:
    """Across each card's edges, from 2.8 mm inside to 2.8 mm outside, the colour does not
    change: cut a little off and the cards laid end to end still meet without a seam."""
    image = render_page(track_pdf(catalog, tmp_path, paper), 1, tmp_path)
    grid = grid_for(GEO.shapes["track-card"], GEO.paper(paper), GEO.frame, 3.0)
    steps = [i / 10 for i in range(-28, 29)]
    for card in range(5):
        box = grid.slot(card)
        lines = []
        for share in (0.125, 0.375, 0.625, 0.875):  # the middle of each quarter of the width
            x = box.x + box.width * share
            lines.append([(x, box.y + d) for d in steps])
            lines.append([(x, box.y + box.height - d) for d in steps])
        for share in (0.2, 0.8):  # clear of the numbers and the start label
            y = box.y + box.height * share
            lines.append([(box.x + d, y) for d in steps])
            lines.append([(box.x + box.width - d, y) for d in steps])
        for line in lines:
            colours = [pixel(image, x, y) for x, y in line]
            spread = max(max(ch) - min(ch) for ch in zip(*colours, strict=True))
            assert spread <= 30, (paper, card, line[0])
