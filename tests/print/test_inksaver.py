"""Ink saving: light backs, tints instead of flood fills, text and QR codes still dark."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]
import pytest
from PIL import Image, ImageStat
from reportlab.lib.colors import Color, HexColor

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog
from printkit.inksaver import luminance, tint


def page_image(path: Path, index: int, dpi: int = 30) -> Image.Image:
    """Render one page in grey."""
    document = pdfium.PdfDocument(path)
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        document.close()


def ink(image: Image.Image) -> float:
    """Return the page's mean ink coverage (0 white paper, 1 solid black)."""
    return 1 - ImageStat.Stat(image).mean[0] / 255


def test_tints_keep_a_quarter_of_the_ink_and_leave_black() -> None:
    navy = HexColor("#1e3a5f")
    light = tint(navy)
    assert 1 - luminance(light) == pytest.approx((1 - luminance(navy)) * 0.25, abs=0.02)
    assert tint(Color(0, 0, 0)) == Color(0, 0, 0)  # text and QR codes stay black
    assert tint(Color(1, 1, 1)) == Color(1, 1, 1)


@pytest.fixture(scope="module")
def builds(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> dict[bool, Path]:
    out = {}
    for saver in (False, True):
        folder = tmp_path_factory.mktemp("ink")
        options = BuildOptions(
            paper="a4", duplex=True, set_id="2e", only=frozenset({"numbered-card"}),
            out_dir=folder, ink_saver=saver,
        )  # fmt: skip
        (cards,) = [p for p in build(catalog, options) if "cards" in p.name]
        out[saver] = cards
    return out


def test_backs_are_light_and_their_words_dark(builds: dict[bool, Path]) -> None:
    # cover, its blank back, the alignment pair, then fronts (page 5) and backs (page 6)
    normal, saved = (page_image(builds[s], 5) for s in (False, True))
    assert ink(normal) > 0.5  # dark backs: most of the page inked
    assert ink(saved) < 0.4 * ink(normal)  # a third of the ink (0.21 against 0.64)
    assert saved.getextrema()[0] < 90  # the back's word is still printed, dark
    fronts_normal, fronts_saved = (page_image(builds[s], 4) for s in (False, True))
    assert ink(fronts_saved) <= ink(fronts_normal)  # pale card faces are left as they are


NEEDS_ZBAR = pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbar missing")


@NEEDS_ZBAR
def test_bank_sheet_qr_codes_still_decode(catalog: Catalog, tmp_path: Path) -> None:
    options = BuildOptions(
        set_id="base-3e", only=frozenset({"bank-sheet"}), out_dir=tmp_path, ink_saver=True,
        base_url="http://192.0.2.1:5000",
    )  # fmt: skip
    (banks,) = build(catalog, options)
    png = tmp_path / "bank.png"
    page_image(banks, 1, dpi=200).save(png)
    done = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True)
    assert done.stdout.startswith("http://192.0.2.1:5000/bank/")
