"""Label sheets and punch strips: chip centres measured in the PDF against the stock's template."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.units import inch, mm

from printkit.cli import main

CHIP_MM = 38.0


def chip_centres(path: Path, page: int = 0) -> list[tuple[float, float]]:
    """Centres (mm from the top-left corner) of the chip forms placed on a page."""
    reader = PdfReader(path)
    sheet = reader.pages[page]
    height = float(sheet.mediabox.height)
    stream = ContentStream(sheet.get_contents(), reader)
    centres, origin = [], (0.0, 0.0)
    for operands, operator in stream.operations:
        if operator == b"cm":
            origin = (float(operands[4]), float(operands[5]))
        elif operator == b"Do" and ".F_" in str(operands[0]):
            x, y = origin
            centres.append((x / mm + CHIP_MM / 2, (height - y) / mm - CHIP_MM / 2))
    return centres


def template(left: float, top: float, diameter: float, pitch: float, columns: int, rows: int):
    """Label centres from a published template's numbers (mm from the top-left corner)."""
    r = diameter / 2
    return [
        (left + r + col * pitch, top + r + row * pitch)
        for row in range(rows)
        for col in range(columns)
    ]


# Avery 8293 / 3274.2, OnlineLabels OL158 (gLabels avery-us-templates.xml, online-templates.xml):
# 1.5 in circles, 4 x 5, first label at 0.5 in, 0.75 in, pitch 2 in.
LETTER_TEMPLATE = template(0.5 * inch / mm, 0.75 * inch / mm, 1.5 * inch / mm, 2 * inch / mm, 4, 5)
# Hisago GB3019, Endisch 6500040x (gLabels): 40 mm circles, 4 x 6, first at 16, 13.5 mm, pitch 46.
A4_TEMPLATE = template(16.0, 13.5, 40.0, 46.0, 4, 6)


@pytest.mark.parametrize(
    ("args", "expected", "size"),
    [
        (["--paper", "letter"], LETTER_TEMPLATE, (215.9, 279.4)),
        (["--stock", "a4-40mm-24"], A4_TEMPLATE, (210.0, 297.0)),
    ],
)
def test_chip_centres_sit_on_the_labels(
    tmp_path: Path, args: list[str], expected: list[tuple[float, float]], size: tuple[float, float]
) -> None:
    out = tmp_path / "labels.pdf"
    assert main(["labels", "--set", "base-3e", *args, "--out", str(out)]) == 0
    reader = PdfReader(out)
    box = reader.pages[0].mediabox
    assert (float(box.width) / mm, float(box.height) / mm) == pytest.approx(size, abs=0.01)
    assert len(reader.pages) == -(-342 // len(expected))  # every copy of the box's chips
    measured = chip_centres(out)
    assert len(measured) == len(expected)
    for (x, y), (ex, ey) in zip(measured, expected, strict=True):
        assert abs(x - ex) <= 0.5 and abs(y - ey) <= 0.5, ((x, y), (ex, ey))


def test_punch_strips_have_room_and_cut_guides(tmp_path: Path) -> None:
    out = tmp_path / "punch.pdf"
    assert main(["labels", "--stock", "punch", "--paper", "a4", "--out", str(out)]) == 0
    centres = chip_centres(out)
    assert len(centres) == 20
    xs = sorted({round(x, 3) for x, _ in centres})
    ys = sorted({round(y, 3) for _, y in centres})
    punch = 1.5 * inch / mm
    # the punch's 38.1 mm cut plus 2 mm of art each side, and 5 mm of paper between chips
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= punch + 4 + 5 - 1e-6
    assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) >= punch + 4 + 4 - 1e-6
    assert min(xs) - punch / 2 >= 6 and 210 - max(xs) - punch / 2 >= 6
    text = PdfReader(out).pages[0].get_contents().get_data()
    assert b"[ 3 2 ] 0 d" in text or b"[3 2] 0 d" in text  # dashed cut guides between strips


def test_combined_sets_put_shared_chips_on_labels_once(tmp_path: Path) -> None:
    out = tmp_path / "both.pdf"
    assert main(["labels", "--set", "base-3e", "--set", "shadows", "--out", str(out)]) == 0
    reader = PdfReader(out)
    placed = sum(len(chip_centres(out, i)) for i in range(len(reader.pages)))
    # gems, purple chips, wounds and blanks once; 8 spares fill the last sheet
    assert placed == 342 + 342 - 192 + 8


def test_unknown_stock_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["labels", "--stock", "avery-9999"])
    assert "invalid choice" in capsys.readouterr().err
