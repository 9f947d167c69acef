"""Issue 31, item 4: every character on every chip, card, token and counter prints at 6 pt
or more, in every build (Letter and A4, English and Japanese).

The size is read from the text matrix, so turned text counts at its real size: pdfminer's
own ``size`` of a turned character is its advance, not its height. Every design of every
set is printed once, through the same renderers and imposition as a build; a build's
copies are the same forms placed again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pytest

from printkit.build import BuildOptions, write_pieces
from printkit.catalog import Catalog, ChipFace
from printkit.impose import form_name
from printkit.pieces import Piece, pieces_for

SMALLEST_PT = 6.0
PLACED = re.compile(rb"1 0 0 1 ([\d.\-]+) ([\d.\-]+) cm\s*/FormXob\.(F_\S+) Do")


def every_design(catalog: Catalog) -> list[Piece]:
    """Every design of every set, one copy each."""
    return [
        replace(p, copies=1) for g in catalog.games for s in g.sets for p in pieces_for(s).pieces
    ]


def text_size(char: dict[str, Any]) -> float:
    """Return a character's size from its text matrix: the height of upright or upside-down
    text, the width of text turned a quarter."""
    a, b, c, d, _, _ = char["matrix"]
    if abs(b) < 1e-6 and abs(c) < 1e-6:
        return float(char["height"])
    assert abs(a) < 1e-6 and abs(d) < 1e-6, f"text turned at an angle: {char['matrix']}"
    return float(char["width"])


def piece_chars(pdf: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (design form, character) for every character inside a placed piece's form."""
    reader = pypdf.PdfReader(pdf)
    with pdfplumber.open(pdf) as doc:
        for page, raw in zip(doc.pages, reader.pages, strict=True):
            forms = raw["/Resources"]["/XObject"]
            contents = raw.get_contents()
            assert contents is not None
            boxes = []
            for x, y, name in PLACED.findall(contents.get_data()):
                x0, y0, x1, y1 = (float(v) for v in forms[f"/FormXob.{name.decode()}"]["/BBox"])
                boxes.append((float(x) + x0, float(y) + y0, float(x) + x1, float(y) + y1, name))
            for char in page.chars:
                if not char["text"].strip():
                    continue
                cx = (char["x0"] + char["x1"]) / 2
                cy = page.height - (char["top"] + char["bottom"]) / 2
                for left, low, right, high, name in boxes:
                    if left <= cx <= right and low <= cy <= high:
                        yield name.decode(), char
                        break


@pytest.mark.parametrize(
    ("paper", "lang"), [("letter", "en"), ("a4", "en"), ("letter", "ja"), ("a4", "ja")]
)
def test_every_piece_character_is_at_least_6_pt(
    catalog: Catalog, tmp_path: Path, paper: str, lang: str
) -> None:
    pdf = write_pieces(
        every_design(catalog),
        "every design",
        tmp_path / "all.pdf",
        BuildOptions(paper=paper, lang=lang),
    )
    sizes = [(name, char["text"], text_size(char)) for name, char in piece_chars(pdf)]
    assert len({name for name, _, _ in sizes}) > 250  # every design with text was read
    small = sorted({(name, round(size, 2)) for name, _, size in sizes if size < SMALLEST_PT - 1e-3})
    assert not small, f"{len(small)} designs with text under {SMALLEST_PT} pt: {small[:10]}"


@pytest.mark.parametrize(("lang", "word"), [("en", "ongoing"), ("ja", "進行中")])
def test_a_chip_says_ongoing_once(catalog: Catalog, tmp_path: Path, lang: str, word: str) -> None:
    designs = every_design(catalog)
    pdf = write_pieces(designs, "every design", tmp_path / "all.pdf", BuildOptions(lang=lang))
    words: dict[str, str] = {}
    for name, char in piece_chars(pdf):
        words[name] = words.get(name, "") + char["text"]
    flagged = {
        form_name(p.design)
        for p in designs
        if isinstance(p.subject, ChipFace) and "ongoing" in p.subject.flags
    }
    assert len(flagged) >= 14  # the 14 chips whose summary opens "Ongoing:" among them
    for name in flagged:
        said = words[name].casefold()
        assert said.count(word) == 1, (name, words[name])
        assert lang == "en" or "ongoing" not in said  # the English summary's word dropped
