"""Press-ready PDFs: TrimBox and BleedBox on every page, actual size, long-edge duplex."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog
from printkit.press import page_boxes

PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}


@pytest.mark.parametrize(("paper", "duplex"), [("letter", True), ("a4", False)])
def test_every_page_has_boxes_and_print_preferences(
    catalog: Catalog, tmp_path: Path, paper: str, duplex: bool
) -> None:
    options = BuildOptions(paper=paper, duplex=duplex, game="shadowfist", out_dir=tmp_path)
    files = build(catalog, options)
    assert len(files) == 2  # counters (with backs) and aids (sheets only)
    width, height = (v * mm for v in PAPER_MM[paper])
    for path in files:
        reader = PdfReader(path)
        for page in reader.pages:
            for box in ("/TrimBox", "/BleedBox"):
                assert box in page, f"{path.name}: a page without {box}"
                assert [float(v) for v in page[box]] == pytest.approx([0, 0, width, height])
        prefs = reader.trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None"
        two_sided = duplex and "counters" in path.name
        assert prefs.get("/Duplex") == ("/DuplexFlipLongEdge" if two_sided else None)


def test_a_page_with_bleed_has_its_cut_as_trim_box() -> None:
    trim, bleed = page_boxes(69.85, 95.25, 3.175)
    assert bleed == pytest.approx([0, 0, 69.85 * mm, 95.25 * mm])
    assert trim == pytest.approx([3.175 * mm, 3.175 * mm, 66.675 * mm, 92.075 * mm])


def test_print_shop_pdf_has_a_page_per_design_with_its_cut_as_trim_box(tmp_path: Path) -> None:
    import json

    from printkit.cli import main

    args = ["pod", "--service", "tgc", "--set", "basic", "--pdf", "--out", str(tmp_path)]
    assert main(args) == 0
    folder = tmp_path / "tgc" / "basic_en"
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    reader = PdfReader(folder / data["pdf"]["file"])
    assert len(reader.pages) == data["pdf"]["pages"] == data["designs"] + len(data["backs"])
    shapes = [c["shape"] for c in data["components"]] + [b["shape"] for b in data["backs"]]
    sizes = {"counter": (300, 225)}  # MediumCircleChit: 300 px with bleed, 225 px cut
    for page, shape in zip(reader.pages, shapes, strict=True):
        image_px, trim_px = sizes[shape]
        side = image_px / 300 * 72
        inset = (image_px - trim_px) / 2 / 300 * 72
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, side, side])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, side, side])
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [inset, inset, side - inset, side - inset]
        )
