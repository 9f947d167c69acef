"""Issue 19, defect 8 (the small list), read back from the PDFs: titles, card text, bank
sheet set names, duplex file names, slip fonts and names, Japanese paper and bold."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pypdf
import pytest

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog
from printkit.cli import main
from printkit.render.slips import QR_SIZE, RoundSlips, Slip, SlipSeat, write_round_slips

NEEDS_POPPLER = pytest.mark.skipif(not shutil.which("pdffonts"), reason="make test installs it")
MM = 72 / 25.4


def text_of(pdf: Path) -> str:
    """Return the text of every page."""
    return "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(pdf).pages)


def fonts_of(pdf: Path) -> list[tuple[str, bool]]:
    """Return (font name, embedded) for every font pdffonts lists."""
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    rows = [line.split() for line in out.stdout.splitlines()[2:] if line.strip()]
    return [(row[0], "yes" in row[-5:-2][:1]) for row in rows]


def test_flash_duel_title_names_the_game_once(catalog: Catalog, tmp_path: Path) -> None:
    options = BuildOptions(out_dir=tmp_path, game="flash-duel", only=frozenset({"loyalty-card"}))
    [pdf] = build(catalog, options)
    text = text_of(pdf)
    assert "Flash Duel, 2nd edition" in text and "Flash Duel: Flash Duel" not in text


def test_cards_print_no_companion_detail(catalog: Catalog, tmp_path: Path) -> None:
    options = BuildOptions(out_dir=tmp_path, game="flash-duel", only=frozenset({"ability-card"}))
    [pdf] = build(catalog, options)
    text = " ".join(text_of(pdf).split())
    assert "Block with higher cards" in text and "bot" not in text


def test_bank_sheets_name_their_sets(catalog: Catalog, tmp_path: Path) -> None:
    options = BuildOptions(out_dir=tmp_path, set_id="base-3e", only=frozenset({"bank-sheet"}))
    [pdf] = build(catalog, options)
    text = text_of(pdf)
    assert "Puzzle Strike, 3rd edition (base set)" in text and "base-3e" not in text


def test_duplex_and_simplex_builds_write_different_files(catalog: Catalog, tmp_path: Path) -> None:
    one = build(catalog, BuildOptions(out_dir=tmp_path, game="flash-duel"))
    two = build(catalog, BuildOptions(out_dir=tmp_path, game="flash-duel", duplex=True))
    sided = [p.name for p in two if p not in one]
    assert sided == ["flash-duel_2e_cards_letter_en_duplex.pdf"]
    assert all(p.is_file() for p in one + two)
    assert len(pypdf.PdfReader(one[0]).pages) < len(pypdf.PdfReader(two[0]).pages)


def round_with(name: str) -> RoundSlips:
    """A one-table round whose first player has the given name."""
    seats = (SlipSeat(name, "http://t.test/s/1"), SlipSeat("Bo", "http://t.test/s/2"))
    return RoundSlips("Cup", 1, "swiss", "best 2 of 3", None, (Slip(1, seats),))


@NEEDS_POPPLER
def test_slips_embed_every_font_they_name(tmp_path: Path) -> None:
    pdf = tmp_path / "slips.pdf"
    write_round_slips(round_with("Ana"), pdf)
    fonts = fonts_of(pdf)
    assert fonts and all(embedded for _, embedded in fonts), fonts
    assert not any("Helvetica" in name for name, _ in fonts)


def test_a_long_name_stays_under_its_qr_code(tmp_path: Path) -> None:
    name = "Bartholomew Fitzgerald-Q"  # 24 characters
    pdf = tmp_path / "slips.pdf"
    write_round_slips(round_with(name), pdf)
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words()
        chars = doc.pages[0].chars
    # each QR code has 'scan to take your seat' centred under it and the name just above
    scans = sorted((w for w in words if w["text"] == "scan"), key=lambda w: w["x0"])
    seats = sorted((w for w in words if w["text"] == "seat"), key=lambda w: w["x0"])
    assert len(scans) == len(seats) == 2
    centres = [(a["x0"] + b["x1"]) / 2 for a, b in zip(scans, seats, strict=True)]
    top = scans[0]["top"]
    label = [
        ch
        for ch in chars
        if 0 < top - ch["bottom"] < 8 * MM and ch["x1"] < (centres[0] + centres[1]) / 2
    ]
    assert "".join(ch["text"] for ch in label).startswith("Bartholomew")
    assert min(ch["size"] for ch in label) >= 8  # readable, on two lines if need be
    assert centres[0] - QR_SIZE * MM / 2 - 0.5 <= min(ch["x0"] for ch in label)
    assert max(ch["x1"] for ch in label) <= centres[0] + QR_SIZE * MM / 2 + 0.5


@NEEDS_POPPLER
def test_japanese_prints_on_a4_with_a_bold_weight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["build", "--lang", "ja", "--game", "flash-duel", "--only", "aid"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    [pdf] = list(tmp_path.glob("*.pdf"))
    assert pdf.name == "flash-duel_2e_aids_a4_ja.pdf"
    names = {name.split("+")[-1] for name, _ in fonts_of(pdf)}
    assert {"BIZUDPGothic-Regular", "BIZUDPGothic-Bold"} <= names
