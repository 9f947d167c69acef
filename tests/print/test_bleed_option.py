"""Issue 31, item 2: '--bleed 3' gives 3 mm on every side of every card (fewer cards a
sheet) instead of a warning, read back from the PDF's form boxes and the art's extent; the
build says plainly which files are for a print shop."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from PIL import Image

from printkit.cli import main

MM = 72 / 25.4
DPI = 150
PLACED = re.compile(rb"1 0 0 1 ([\d.\-]+) ([\d.\-]+) cm\s*/FormXob\.(F_\S+) Do")
NEEDS_POPPLER = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="make test installs it")


def cards_pdf(tmp_path: Path, paper: str, *bleed: str) -> Path:
    """Build Flash Duel's numbered cards; return the PDF."""
    args = ["build", "--game", "flash-duel", "--only", "numbered-card", "--paper", paper]
    assert main([*args, *bleed, "--out", str(tmp_path)]) == 0
    return tmp_path / f"flash-duel_2e_cards_{paper}_en.pdf"


def placed_cards(page: pypdf.PageObject) -> list[tuple[float, float, list[float]]]:
    """Return (x, y, form BBox) in points of every card front a page places."""
    forms = page["/Resources"]["/XObject"]
    contents = page.get_contents()
    assert contents is not None
    return [
        (float(x), float(y), [float(v) for v in forms[f"/FormXob.{name.decode()}"]["/BBox"]])
        for x, y, name in PLACED.findall(contents.get_data())
    ]


@NEEDS_POPPLER
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_bleed_3_gives_3_mm_on_every_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], paper: str
) -> None:
    pdf = cards_pdf(tmp_path, paper, "--bleed", "3")
    said = capsys.readouterr().err
    assert "warning" not in said and "card sheets hold 4 (2 x 2, not 9)" in said
    reader = pypdf.PdfReader(pdf)
    page = reader.pages[0]
    media = [float(v) for v in page.mediabox]
    assert [float(v) for v in page.trimbox] == media  # a home sheet is its own finished page
    assert [float(v) for v in page.bleedbox] == media
    cards = placed_cards(page)
    assert len(cards) == 4
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")
    sx, sy = image.width / media[2], image.height / media[3]  # pixels a point
    for x, y, (x0, y0, x1, y1) in cards:
        assert x0 <= -3 * MM + 0.5 and y0 <= -3 * MM + 0.5  # the form reaches 3 mm out
        assert x1 >= 66 * MM - 0.5 and y1 >= 91 * MM - 0.5
        # and the art fills it: 2.5 mm outside the middle of each edge is not paper white
        # (the default sheet's bleed is 1.03 mm at most)
        middle_x, middle_y = x + 31.5 * MM, y + 44 * MM
        for ox, oy in (
            (x - 2.5 * MM, middle_y),
            (x + 65.5 * MM, middle_y),
            (middle_x, y - 2.5 * MM),
            (middle_x, y + 90.5 * MM),
        ):
            pixel = image.getpixel((int(ox * sx), int(image.height - oy * sy)))
            assert isinstance(pixel, tuple)
            assert min(pixel) < 245, (ox / MM, oy / MM, pixel)


def test_the_default_keeps_nine_cards_and_names_the_print_shop_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = cards_pdf(tmp_path, "letter")
    said = capsys.readouterr().err
    assert len(placed_cards(pypdf.PdfReader(pdf).pages[0])) == 9
    assert "1.03 mm of bleed left and right, 0.00 mm above and below" in said
    assert "for a print shop's card or token service use 'printkit pod" in said
