"""printkit build: the PDFs a player prints, read back as a person and a machine would."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pdfplumber
import pypdf
import pytest
from flask import Flask

from printkit.build import BuildError, BuildOptions, Progress, build, plan
from printkit.catalog import Catalog, PuzzleStrikeSet
from printkit.cli import main

BASE_URL = "http://table.test:5000"
NEEDS_POPPLER = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="make test installs it")


@pytest.fixture(scope="module")
def default_build(tmp_path_factory: pytest.TempPathFactory, catalog: Catalog) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("build")
    files = build(catalog, BuildOptions(out_dir=out, base_url=BASE_URL))
    return {f.name: f for f in files}


def text_of(path: Path) -> str:
    """All the text of a PDF, with line breaks folded into spaces."""
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
    return " ".join(text.split())


def test_file_names(default_build: dict[str, Path]) -> None:
    assert set(default_build) == {
        f"puzzle-strike_{s}_{k}_letter_en.pdf"
        for s in ("base-2e", "base-3e", "shadows")
        for k in ("chips", "banks", "aids")
    } | {
        "flash-duel_2e_cards_letter_en.pdf",
        "flash-duel_2e_aids_letter_en.pdf",
        "shadowfist_basic_counters_letter_en.pdf",
        "shadowfist_basic_aids_letter_en.pdf",
    }


@pytest.mark.parametrize("set_id", ["base-2e", "base-3e", "shadows"])
def test_every_chip_name_is_in_the_pdf(
    default_build: dict[str, Path], catalog: Catalog, set_id: str
) -> None:
    game_set = catalog.game("puzzle-strike").set(set_id)
    assert isinstance(game_set, PuzzleStrikeSet)
    text = text_of(default_build[f"puzzle-strike_{set_id}_chips_letter_en.pdf"])
    names = [c.name for c in game_set.puzzle_chips] + [
        c.name for _, c in game_set.character_chips()
    ]
    names += [s.name for s in game_set.stacks if s.kind != "gem"]
    names += [c.name.upper() for c in game_set.characters]  # character chips carry their owner
    assert [n for n in names if n not in text] == []


def test_chip_pages_hold_every_piece(default_build: dict[str, Path]) -> None:
    reader = pypdf.PdfReader(default_build["puzzle-strike_base-3e_chips_letter_en.pdf"])
    assert len(reader.pages) == 18  # 342 chips at 20 a page, 18 spares; no cover by default


def test_cut_circles_are_the_configured_diameter(default_build: dict[str, Path]) -> None:
    with pdfplumber.open(default_build["puzzle-strike_shadows_chips_letter_en.pdf"]) as pdf:
        curves = pdf.pages[0].curves
    cut = [c for c in curves if c.get("stroke") and not c.get("fill")]
    sizes = [(c["x1"] - c["x0"]) * 25.4 / 72 for c in cut if (c["x1"] - c["x0"]) > 72]
    assert len(sizes) == 20
    assert all(abs(size - 38.0) <= 0.2 for size in sizes)


@pytest.fixture(scope="module")
def covered_cards(tmp_path_factory: pytest.TempPathFactory, catalog: Catalog) -> Path:
    """Flash Duel's cards with a cover (--covers)."""
    out = tmp_path_factory.mktemp("covered")
    options = BuildOptions(out_dir=out, game="flash-duel", covers=True)
    return next(f for f in build(catalog, options) if "_cards_" in f.name)


def test_flash_duel_cover_lists_what_is_missing(covered_cards: Path) -> None:
    text = text_of(covered_cards)
    assert "Write-in cards, facts unknown" in text
    assert "Gloria: gloria-1 (name, trigger, effect)" in text
    assert "Deathstrike Dragon: dragon-1" in text
    assert "Knowing the Opponent" in text  # known abilities are printed


def test_every_flash_duel_card_and_aid_is_there(
    default_build: dict[str, Path], covered_cards: Path
) -> None:
    cards = text_of(covered_cards)
    assert "numbered-card: 5 designs, 50 pieces" in cards
    assert "loyalty-card: 2 designs, 5 pieces" in cards
    assert "track-card: 5 designs, 5 pieces" in cards
    assert "START" in cards and "TRAITOR" in cards
    aids = text_of(default_build["flash-duel_2e_aids_letter_en.pdf"])
    assert "Raid on Deathstrike Dragon" in aids and "Betrayal" in aids
    sf = text_of(default_build["shadowfist_basic_aids_letter_en.pdf"])
    assert "Establishing Shot" in sf and "Feng Shui Sites" in sf


@NEEDS_POPPLER
def test_bank_sheet_qr_decodes_to_the_companion_url(
    default_build: dict[str, Path], tmp_path: Path, app: Flask
) -> None:
    pdf = default_build["puzzle-strike_shadows_banks_letter_en.pdf"]
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    png = next(tmp_path.glob("p*.png"))
    done = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True)
    url = urlsplit(done.stdout.strip())
    assert f"{url.scheme}://{url.netloc}" == BASE_URL and url.path.startswith("/bank/1")
    code = url.path.rsplit("/", 1)[1]
    assert code in text_of(pdf)
    assert "First Game" in text_of(pdf)
    assert parse_qs(url.query) == {"name": ["First Game"]}  # the companion shows the name
    with app.test_client() as client:
        bank = client.get(f"/api/banks/{code}?{url.query}").get_json()
    assert bank["name"] == "First Game" and bank["code"] == code


@NEEDS_POPPLER
def test_every_pdf_renders_without_errors(default_build: dict[str, Path], tmp_path: Path) -> None:
    for name, path in default_build.items():
        done = subprocess.run(
            ["pdftoppm", "-png", "-r", "12", str(path), str(tmp_path / "x")],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, name
        assert "Error" not in done.stderr, (name, done.stderr[:300])


def test_same_input_gives_identical_bytes(catalog: Catalog, tmp_path: Path) -> None:
    options = dict(game="flash-duel", base_url=BASE_URL)
    one = build(catalog, BuildOptions(out_dir=tmp_path / "a", **options))  # type: ignore[arg-type]
    two = build(catalog, BuildOptions(out_dir=tmp_path / "b", **options))  # type: ignore[arg-type]
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]


def test_duplex_backs_mirror_their_fronts_with_the_offset(catalog: Catalog, tmp_path: Path) -> None:
    import re

    options = BuildOptions(
        out_dir=tmp_path,
        duplex=True,
        back_offset=(1.5, -0.5),
        only=frozenset({"numbered-card"}),
        set_id="2e",
    )
    [path] = build(catalog, options)
    reader = pypdf.PdfReader(path)
    placed = r"1 0 0 1 ([\d.]+) ([\d.]+) cm\s*/FormXob\.(\S+) Do"
    # the alignment pair, then the first fronts and their backs (no cover by default)
    front, back = (
        [
            m
            for m in re.findall(placed, page.get_contents().get_data().decode("latin-1"))
            if not m[2].startswith("CUT_")
        ]  # cut lines are a layer of their own
        for page in (reader.pages[2], reader.pages[3])
    )
    assert len(front) == len(back) == 9
    width, card, dx, dy = 215.9 * 72 / 25.4, 63 * 72 / 25.4, 1.5 * 72 / 25.4, -0.5 * 72 / 25.4
    for (fx, fy, fname), (bx, by, bname) in zip(front, back, strict=True):
        assert fname.startswith("F_") and bname.startswith("B_")
        assert float(bx) == pytest.approx(width - float(fx) - card + dx, abs=0.01)
        assert float(by) == pytest.approx(float(fy) - dy, abs=0.01)  # both axes correct
    assert "Duplex alignment test" in text_of(path)


def test_japanese_build_holds_japanese_text_and_its_font(catalog: Catalog, tmp_path: Path) -> None:
    files = build(
        catalog, BuildOptions(out_dir=tmp_path, lang="ja", set_id="base-3e", base_url=BASE_URL)
    )
    aids = next(f for f in files if f.name == "puzzle-strike_base-3e_aids_letter_ja.pdf")
    text = text_of(aids)
    assert "パニックタイム" in text and "融合" in text
    chips = text_of(next(f for f in files if "_chips_" in f.name))
    assert "クラッシュジェム" in chips
    fonts = {
        str(f.get("/BaseFont"))
        for page in pypdf.PdfReader(aids).pages
        for f in page["/Resources"]["/Font"].values()
    }
    assert any(name in f for f in fonts for name in ("BIZUDPGothic", "IPAPGothic", "HeiseiKakuGo"))


def test_a4_and_only_filters(catalog: Catalog, tmp_path: Path) -> None:
    files = build(
        catalog,
        BuildOptions(
            out_dir=tmp_path, paper="a4", only=frozenset({"bank-sheet"}), base_url=BASE_URL
        ),
    )
    assert sorted(f.name for f in files) == [
        f"puzzle-strike_{s}_banks_a4_en.pdf" for s in ("base-2e", "base-3e", "shadows")
    ]
    page = pypdf.PdfReader(files[0]).pages[0]
    assert float(page.mediabox.width) == pytest.approx(210 * 72 / 25.4, abs=0.1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (BuildOptions(lang="fr"), "--lang must be one of en, ja"),
        (BuildOptions(bleed=50), "--bleed must be 0 to 10 mm"),
        (BuildOptions(crop_marks="dots"), "--crop-marks must be one of"),
        (BuildOptions(only=frozenset({"poster"})), "--only: unknown kind 'poster'"),
        (BuildOptions(game="chess"), "--game: no game 'chess'"),
        (BuildOptions(set_id="base-9e"), "--set: no set 'base-9e'"),
        (BuildOptions(paper="legal"), "unknown paper 'legal'"),
        (BuildOptions(game="shadowfist", only=frozenset({"puzzle-chip"})), "nothing to build"),
    ],
)
def test_bad_options(catalog: Catalog, tmp_path: Path, options: BuildOptions, message: str) -> None:
    from dataclasses import replace

    with pytest.raises(BuildError, match=message):
        build(catalog, replace(options, out_dir=tmp_path / "out"))
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_failed_write_leaves_no_file(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import printkit.impose as build_module

    def explode(*args: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(build_module, "draw_cover", explode)
    with pytest.raises(RuntimeError):
        options = BuildOptions(out_dir=tmp_path, game="shadowfist", base_url=BASE_URL, covers=True)
        build(catalog, options)
    assert list(tmp_path.iterdir()) == []


def test_broken_overlay_exits_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    overlay = tmp_path / "mine" / "puzzle-strike"
    overlay.mkdir(parents=True)
    (overlay / "x.toml").write_text(
        '[set]\nid = "base-3e"\n\n[[puzzle_chip]]\nid = "draw-three"\ncost = "free"\n'
    )
    out = tmp_path / "out"
    assert main(["build", "--data-dir", str(tmp_path / "mine"), "--out", str(out)]) == 2
    assert "puzzle_chip 'draw-three': cost: must be int" in capsys.readouterr().err
    assert not out.exists()


def test_cli_build_and_bad_offset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["build", "--game", "shadowfist", "--out", str(tmp_path), "--base-url", BASE_URL]) == 0
    )
    assert len(list(tmp_path.glob("*.pdf"))) == 2
    assert main(["build", "--back-offset", "one", "--out", str(tmp_path)]) == 2
    assert "--back-offset: 'one' is not X,Y" in capsys.readouterr().err


def test_bank_sheet_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chips = (
        "Draw Three,Knockdown,Roundhouse,One of Each,Sale Prices,Risky Move,Sneak Attack,"
        "Recklessness,It's a Trap,Training Day"
    )
    out = tmp_path / "sheet.pdf"
    assert main(["bank-sheet", "--chips", chips, "--out", str(out), "--base-url", BASE_URL]) == 0
    assert "Training Day" in text_of(out)
    assert main(["bank-sheet", "--chips", "Draw Three", "--out", str(out)]) == 2
    assert "a bank is 10 different chips" in capsys.readouterr().err
    assert (
        main(
            [
                "bank-sheet",
                "--code",
                "1209E2TS7",
                "--title",
                "Club night",
                "--out",
                str(out),
                "--base-url",
                BASE_URL,
            ]
        )
        == 0
    )
    assert "Club night" in text_of(out)


def test_progress_bar_only_on_a_terminal() -> None:
    import io

    stream = io.StringIO()
    progress = Progress(3, stream)
    progress.start -= 5
    for _ in range(3):
        progress.step("x")
    progress.close()
    assert stream.getvalue() == ""


def test_plan_respects_set_filter(catalog: Catalog) -> None:
    docs = plan(catalog, BuildOptions(set_id="shadows", base_url=BASE_URL))
    assert all("_shadows_" in d.filename for d in docs)
