"""Pick and count: chosen designs by name with copies, sets combined with shared chips once."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.catalog import Catalog
from printkit.cli import main
from printkit.pick import PickError, Request, combine, pick
from printkit.pieces import pieces_for


def placed(path: Path) -> Counter[str]:
    """Count the piece forms placed on every page of a PDF, by form name."""
    reader = PdfReader(path)
    counts: Counter[str] = Counter()
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"Do" and ".F_" in str(operands[0]):
                counts[str(operands[0]).split(".F_", 1)[1]] += 1
    return counts


def test_one_lost_chip_and_a_counted_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "lost.pdf"
    args = ["pick", "--set", "base-3e", "--out", str(out)]
    assert main([*args, "--chip", "chip damage"]) == 0
    assert placed(out) == {"base_3e_puzzle_chip_damage": 1}
    assert main([*args, "--chip", "Chip Damage=2", "--chip", "Wound=3", "--chip", "1-gem"]) == 0
    assert placed(out) == {
        "base_3e_puzzle_chip_damage": 2,
        "base_3e_wound_wound": 3,
        "base_3e_gem_1_gem": 1,
    }
    assert "6 pieces, 3 designs" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("chip", "message"),
    [
        ("chip damag", "no design named 'chip damag'; close matches: 'Chip Damage'"),
        ("Zzyzx", "no design named 'Zzyzx'"),
        ("Chip Damage=0", "the count after '=' must be 1 to 200"),
        ("=2", "give a name"),
    ],
)
def test_unknown_names_exit_2_naming_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], chip: str, message: str
) -> None:
    out = tmp_path / "x.pdf"
    assert main(["pick", "--set", "base-3e", "--chip", chip, "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_name_in_two_sets_asks_for_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pick", "--set", "base-2e", "--set", "base-3e", "--chip", "Knockdown"]) == 2
    err = capsys.readouterr().err
    assert "base-2e/puzzle/knockdown, base-3e/puzzle/knockdown" in err


def test_combined_sets_print_shared_chips_once(catalog: Catalog, tmp_path: Path) -> None:
    ps = catalog.game("puzzle-strike")
    base, shadows = (pieces_for(ps.set(s)).pieces for s in ("base-3e", "shadows"))
    pieces, skipped = combine([base, shadows])
    assert sum(p.copies for p in skipped) == 64 + 20 + 16 + 12 + 20 + 16 + 10 + 24 + 10
    assert {p.kind for p in skipped} == {"gem", "purple", "wound", "blank"}
    assert sum(p.copies for p in pieces) == 342 + 342 - 192
    out = tmp_path / "both.pdf"
    assert main(["pick", "--set", "base-3e", "--set", "shadows", "--out", str(out)]) == 0
    counts = placed(out)
    assert sum(counts.values()) == 492
    assert counts["base_3e_wound_wound"] == 24 and "shadows_wound_wound" not in counts


def test_pick_adds_up_repeated_names(catalog: Catalog) -> None:
    pieces = pieces_for(catalog.game("puzzle-strike").set("base-3e")).pieces
    chosen = pick(pieces, [Request.from_text("Wound=2"), Request.from_text("wound")])
    assert [(p.title, p.copies) for p in chosen] == [("Wound", 3)]
    with pytest.raises(PickError, match="close matches: 'Wound'"):
        pick(pieces, [Request("Wund")])
