"""Issue 19, defect 5: the alignment test's reading and --back-offset agree on both axes,
the offset is bounded, and it is refused or flagged without --duplex. Read from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from printkit.build import BuildError, BuildOptions, build
from printkit.catalog import Catalog
from printkit.cli import main

MM = 72 / 25.4
PLACED = re.compile(r"1 0 0 1 ([\d.]+) ([\d.]+) cm\s*/FormXob\.(B_\S+) Do")


def red_centre_seen_from_front(pdf: Path, paper_width: float) -> tuple[float, float]:
    """Return where the red centre cross of the alignment test's back lands, seen from the
    front after a long-edge flip (mm): its vertical arm's x mirrored, its horizontal arm's y."""
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[1]  # alignment front, alignment back (no cover by default)
        lines = [ln for ln in page.lines if ln["stroking_color"] not in (None, (0,), [0])]
        height = page.height
    middle = [ln for ln in lines if abs(ln["x0"] - page.width / 2) < 30 * MM]
    vertical = next(ln for ln in middle if abs(ln["x0"] - ln["x1"]) < 0.01)
    horizontal = next(ln for ln in middle if abs(ln["top"] - ln["bottom"]) < 0.01)
    x = vertical["x0"] / MM
    y = (height - horizontal["top"]) / MM
    return paper_width - x, y


@pytest.mark.parametrize("reading", [(1.5, 0.0), (0.0, 2.0), (-1.0, -2.5)])
def test_entering_the_reading_moves_the_backs_back_on_both_axes(
    catalog: Catalog, tmp_path: Path, reading: tuple[float, float]
) -> None:
    """A printer that drifts the backs by the reading shows the red cross at the reading; a
    rebuild with --back-offset set to it must move the backs by minus the reading."""

    def built(offset: tuple[float, float], out: str) -> Path:
        options = BuildOptions(
            out_dir=tmp_path / out,
            duplex=True,
            back_offset=offset,
            only=frozenset({"numbered-card"}),
            set_id="2e",
        )
        [pdf] = build(catalog, options)
        return pdf

    plain, fixed = built((0.0, 0.0), "plain"), built(reading, "fixed")
    x0, y0 = red_centre_seen_from_front(plain, 215.9)
    x1, y1 = red_centre_seen_from_front(fixed, 215.9)
    assert (x1 - x0, y1 - y0) == pytest.approx((-reading[0], -reading[1]), abs=0.01)
    # the card backs move the same way as the test's cross
    backs = [
        [(float(x), float(y)) for x, y, _ in PLACED.findall(page_text(pdf, 3))]
        for pdf in (plain, fixed)
    ]
    for (bx0, by0), (bx1, by1) in zip(*backs, strict=True):
        seen_dx = -(bx1 - bx0) / MM  # the back page is mirrored when seen from the front
        assert (seen_dx, (by1 - by0) / MM) == pytest.approx((-reading[0], -reading[1]), abs=0.01)


def page_text(pdf: Path, index: int) -> str:
    """Return the raw content stream of a page."""
    import pypdf

    contents = pypdf.PdfReader(pdf).pages[index].get_contents()
    assert contents is not None
    return contents.get_data().decode("latin-1")


def test_back_offset_is_bounded(catalog: Catalog, tmp_path: Path) -> None:
    with pytest.raises(BuildError, match=r"--back-offset must be within 5 mm each way, not 12,0"):
        build(catalog, BuildOptions(out_dir=tmp_path, duplex=True, back_offset=(12.0, 0.0)))
    BuildOptions(duplex=True, back_offset=(5.0, -5.0)).check()


def test_back_offset_without_duplex_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["build", "--set", "2e", "--only", "numbered-card", "--out", str(tmp_path)]
    assert main([*argv, "--back-offset", "1,0"]) == 0
    assert "--back-offset moves the backs, which only --duplex prints" in capsys.readouterr().err
    assert main([*argv, "--duplex", "--back-offset", "9,0"]) == 2
    assert "within 5 mm each way" in capsys.readouterr().err
