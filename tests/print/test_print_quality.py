"""Print-shop quality read back from the PDFs: duplex parity, printable area, chip safe
zone, embedded fonts."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from PIL import Image

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog

BASE_URL = "http://table.test:5000"
NEEDS_POPPLER = pytest.mark.skipif(not shutil.which("pdftoppm"), reason="make test installs it")
MM = 72 / 25.4
PLACED = re.compile(r"/FormXob\.(\S+) Do")


@pytest.fixture(scope="module", params=["letter", "a4"])
def every_pdf(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, catalog: Catalog
) -> list[Path]:
    """Every PDF of a default build and of a duplex build, on one paper size."""
    out = tmp_path_factory.mktemp(f"all-{request.param}")
    files = build(
        catalog, BuildOptions(out_dir=out / "one", paper=request.param, base_url=BASE_URL)
    )
    files += build(
        catalog,
        BuildOptions(
            out_dir=out / "two", paper=request.param, duplex=True, base_url=BASE_URL, lang="ja"
        ),
    )
    return files


def forms_on(page: pypdf.PageObject) -> list[str]:
    """Return the names of the piece forms (fronts and backs) a page places, in order."""
    contents = page.get_contents()
    names = [] if contents is None else PLACED.findall(contents.get_data().decode("latin-1"))
    return [name for name in names if name.startswith(("F_", "B_"))]


def test_duplex_fronts_are_on_odd_pages_with_their_backs_next(
    catalog: Catalog, tmp_path: Path
) -> None:
    options = BuildOptions(
        out_dir=tmp_path, duplex=True, game="flash-duel", base_url=BASE_URL, covers=True
    )
    cards = next(f for f in build(catalog, options) if "_cards_" in f.name)
    reader = pypdf.PdfReader(cards)
    pages = reader.pages
    texts = [page.extract_text() or "" for page in pages]
    assert "Contents" in texts[0] and texts[1].strip() == "" and not forms_on(pages[1])
    assert "Duplex alignment test" in texts[2] and "(back)" in texts[3]
    assert len(pages) % 2 == 0
    fronts = 0
    for number in range(5, len(pages) + 1, 2):  # 1-based page numbers of the fronts
        front, back = forms_on(pages[number - 1]), forms_on(pages[number])
        assert front and all(name.startswith("F_") for name in front), number
        assert all(name.startswith("B_") for name in back), number + 1
        assert len(back) == len(front), number + 1  # every card has a back, track cards too
        fronts += 1
    assert fronts >= 10


def test_a_one_sided_document_has_no_blank_pages_or_alignment(
    catalog: Catalog, tmp_path: Path
) -> None:
    options = BuildOptions(out_dir=tmp_path, duplex=True, game="shadowfist", base_url=BASE_URL)
    aids = next(f for f in build(catalog, options) if "_aids_" in f.name)
    texts = [page.extract_text() or "" for page in pypdf.PdfReader(aids).pages]
    assert all(t.strip() for t in texts)
    assert not any("alignment" in t for t in texts)


def blank_edge(png: Path, distance: float, dpi: int) -> bool:
    """Return True when nothing is printed within ``distance`` mm of the image's edge."""
    with Image.open(png) as image:
        gray = image.convert("L")
        width, height = gray.size
        strip = math.floor(distance * dpi / 25.4)  # pixels lying wholly inside the strip
        boxes = [
            (0, 0, width, strip),
            (0, height - strip, width, height),
            (0, 0, strip, height),
            (width - strip, 0, width, height),
        ]
        return all(gray.crop(box).getextrema()[0] >= 250 for box in boxes)


@NEEDS_POPPLER
def test_nothing_is_drawn_within_5_mm_of_the_paper_edge(
    every_pdf: list[Path], tmp_path: Path
) -> None:
    dpi = 72
    bad = []
    for pdf in every_pdf:
        prefix = tmp_path / pdf.stem
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), str(pdf), str(prefix)], check=True)
        for image in sorted(tmp_path.glob(f"{pdf.stem}-*.pgm")):
            if not blank_edge(image, 5.0, dpi):
                bad.append(f"{pdf.parent.name}/{pdf.name} page {image.stem.rsplit('-', 1)[1]}")
    assert bad == []


def test_blank_edge_sees_a_mark_near_the_edge(tmp_path: Path) -> None:
    image = Image.new("L", (612, 792), 255)
    image.putpixel((13, 400), 0)  # 4.6 mm from the left edge at 72 dpi
    path = tmp_path / "x.pgm"
    image.save(path)
    assert not blank_edge(path, 5.0, 72)
    image.putpixel((13, 400), 255)
    image.putpixel((15, 400), 0)  # 5.3 mm
    image.save(path)
    assert blank_edge(path, 5.0, 72)


def chip_text_report(pdf: Path, diameter: float) -> tuple[float, float, int]:
    """Return (closest approach of any glyph box to its chip's cut circle in mm, the
    smallest text size in pt, the number of chips seen) over a chip PDF's piece pages."""
    closest, smallest, chips = math.inf, math.inf, 0
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages[1:]:
            cuts = [
                ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2, (c["x1"] - c["x0"]) / 2)
                for c in page.curves
                if c.get("stroke")
                and not c.get("fill")
                and abs((c["x1"] - c["x0"]) / MM - diameter) < 0.2
            ]
            chips += len(cuts)
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                mx, my = (ch["x0"] + ch["x1"]) / 2, (ch["top"] + ch["bottom"]) / 2
                near = [cut for cut in cuts if math.dist((mx, my), cut[:2]) < cut[2] * 1.2]
                if not near:
                    continue  # the page label, not on a chip
                cx, cy, r = near[0]
                corners = [(x, y) for x in (ch["x0"], ch["x1"]) for y in (ch["top"], ch["bottom"])]
                reach = max(math.dist(corner, (cx, cy)) for corner in corners)
                closest = min(closest, (r - reach) / MM)
                smallest = min(smallest, ch["size"])
    return closest, smallest, chips


@pytest.mark.parametrize("diameter", [38.0, 30.0, 50.0])
def test_chip_text_keeps_2_mm_inside_the_cut(
    catalog: Catalog, tmp_path: Path, diameter: float
) -> None:
    options = BuildOptions(
        out_dir=tmp_path,
        game="puzzle-strike",
        only=frozenset({"puzzle-chip", "character-chip", "gem", "purple", "wound"}),
        chip_diameter=diameter,
    )
    closest, smallest, chips = math.inf, math.inf, 0
    for pdf in build(catalog, options):
        near, small, seen = chip_text_report(pdf, diameter)
        closest, smallest, chips = min(closest, near), min(smallest, small), chips + seen
    assert chips > 900
    assert closest >= 2.0 - 0.01
    if diameter >= 38:
        assert smallest >= 5.0 - 0.01


def test_a_smaller_chip_warns_that_its_text_goes_under_5_pt(
    catalog: Catalog, tmp_path: Path
) -> None:
    options = BuildOptions(out_dir=tmp_path, set_id="shadows", chip_diameter=30)
    assert any("5 pt" in w for w in options.warnings())
    assert BuildOptions(chip_diameter=40).warnings() == []


@NEEDS_POPPLER
def test_every_font_is_embedded(every_pdf: list[Path]) -> None:
    seen = set()
    for pdf in every_pdf:
        listing = subprocess.run(
            ["pdffonts", str(pdf)], capture_output=True, text=True, check=True
        ).stdout.splitlines()[2:]
        for row in listing:
            name, emb = row.split()[0], row.split()[-5]
            seen.add(name.split("+")[-1])
            assert emb == "yes", (pdf.name, row)
    assert any("DejaVu" in name for name in seen)


def test_without_dejavu_the_build_falls_back_and_says_so(
    catalog: Catalog,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import printkit.render.style as style_module

    monkeypatch.setattr(style_module, "FONT_DIRS", (tmp_path / "no-fonts",))
    assert style_module.style_for("en").embedded is False
    build(catalog, BuildOptions(out_dir=tmp_path, game="shadowfist", base_url=BASE_URL))
    assert "fonts-dejavu-core" in capsys.readouterr().err


# --- Japanese builds -----------------------------------------------------------------

ENGLISH_LABELS = [
    "Combine x",
    "(attack)",
    "ante:",
    "corners",
    "designs",
    "sheet:",
    "Contents",
    "page ",
    "reshuffles",
    "hit points",
    "Time-over",
    "ONGOING",
    "PUZZLE",
    "FLASH DUEL",
    "START",
    "WIN",
    "Bleed used",
    "Duplex",
]


def catalog_words(value: object, seen: set[int] | None = None) -> set[str]:
    """Collect every ASCII word of every text in the catalog (names, summaries, ids)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return set()
    seen.add(id(value))
    if isinstance(value, str):
        return set(re.findall(r"[A-Za-z]+", value))
    if isinstance(value, dict):
        items: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    elif hasattr(value, "__dataclass_fields__"):
        items = [getattr(value, name) for name in value.__dataclass_fields__]
    else:
        return set()
    return set().union(*(catalog_words(item, seen) for item in items)) if items else set()


def test_a_japanese_build_writes_no_english_label(catalog: Catalog, tmp_path: Path) -> None:
    files = build(
        catalog, BuildOptions(out_dir=tmp_path, lang="ja", duplex=True, base_url=BASE_URL)
    )
    # names and texts that come from the catalog stay as the catalog (and seed 003) has them
    allowed = {w.casefold() for w in catalog_words(catalog)} | {
        "mm", "x", "y", "strikekit", "readme", "base", "url", "duplex", "data", "dir", "back",
        "offset", "qr",
    }  # fmt: skip
    english = []
    for pdf in files:
        text = " ".join((page.extract_text() or "") for page in pypdf.PdfReader(pdf).pages)
        english += [f"{pdf.name}: {label}" for label in ENGLISH_LABELS if label in text]
        text = re.sub(r"\S*://\S*|\b[A-Z0-9]*[0-9][A-Z0-9]*\b", " ", text)  # URLs, bank codes
        words = {w for w in re.findall(r"[A-Za-z]+", text) if w.casefold() not in allowed}
        english += [f"{pdf.name}: {word}" for word in sorted(words)]
    assert english == [], "\n".join(english)
    chips = next(f for f in files if f.name == "puzzle-strike_base-3e_chips_letter_ja_duplex.pdf")
    text = " ".join((page.extract_text() or "") for page in pypdf.PdfReader(chips).pages)
    assert "価格1" in text and "進行中" in text  # gem costs and chip flags in seed 003's words


# --- options -------------------------------------------------------------------------


def test_an_unwritable_out_folder_exits_2_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from printkit.cli import main

    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert main(["build", "--game", "shadowfist", "--out", str(blocked / "out")]) == 2
    err = capsys.readouterr().err
    assert f"--out {blocked / 'out'}: cannot write there" in err and "Traceback" not in err


def test_option_warnings(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build(catalog, BuildOptions(out_dir=tmp_path, set_id="2e", bleed=10, back_offset=(1, 0)))
    err = capsys.readouterr().err
    assert "--back-offset moves the backs, which only --duplex prints" in err
    # an explicit bleed is given on every side, with fewer cards a sheet (#31 item 2)
    assert "--bleed 10: card sheets hold 4 (2 x 2, not 9)" in err
    build(catalog, BuildOptions(out_dir=tmp_path, set_id="2e"))
    assert "warning" not in capsys.readouterr().err  # the default bleed shrinks quietly


def test_a_one_sheet_pdf_has_no_cover(catalog: Catalog, tmp_path: Path) -> None:
    from printkit.build import write_bank_sheets

    keys = [
        f"base-3e/{c}"
        for c in catalog.game("puzzle-strike").set("base-3e").recommended_banks[0].chips
    ]  # type: ignore[attr-defined]
    path = write_bank_sheets(
        catalog,
        [("Club night", ["base-3e"], keys)],
        tmp_path / "b.pdf",
        BuildOptions(base_url=BASE_URL),
    )
    assert len(pypdf.PdfReader(path).pages) == 1


def test_covers_say_only_what_applies(catalog: Catalog, tmp_path: Path) -> None:
    options = BuildOptions(out_dir=tmp_path, base_url=BASE_URL, covers=True)
    files = {f.name: f for f in build(catalog, options)}
    counters = (
        pypdf.PdfReader(files["shadowfist_basic_counters_letter_en.pdf"]).pages[0].extract_text()
    )
    assert "counters 20 mm" in counters and "chips" not in counters
    aids = (
        pypdf.PdfReader(files["puzzle-strike_base-3e_aids_letter_en.pdf"]).pages[0].extract_text()
    )
    assert "--duplex" not in aids and "Bleed" not in aids
    cards = pypdf.PdfReader(files["flash-duel_2e_cards_letter_en.pdf"]).pages[0].extract_text()
    assert "1.03 mm left and right, 0 mm above and below" in " ".join(cards.split())


# --- contrast ------------------------------------------------------------------------


def test_chip_icons_and_text_stand_out_from_what_is_under_them(catalog: Catalog) -> None:
    from printkit.pieces import puzzle_strike_pieces
    from printkit.render.chips import content_colour
    from printkit.render.icons import BANNER_INKS, ICON_INKS
    from printkit.render.style import BANNER, best_ink, contrast

    low = []
    for game_set in catalog.puzzle_strike_sets():
        for piece in puzzle_strike_pieces(game_set).pieces:
            chip = piece.subject
            if not hasattr(chip, "banner"):
                continue
            under = content_colour(piece)
            icons = [i.name for i in (chip.icons or ())]
            icons += [i.name for option in chip.icon_choices for i in option]
            for name in icons:
                best = max(contrast(ink, under) for ink in ICON_INKS[name])
                if best < 3:
                    low.append(f"{piece.design}: {name} {best:.2f}")
            if chip.summary and contrast(best_ink([under]), under) < 3:
                low.append(f"{piece.design}: summary")
            banner = [BANNER[b] for b in (chip.banner or ())]
            if banner and min(contrast(best_ink(banner), b) for b in banner) < 3:
                low.append(f"{piece.design}: name on {chip.banner}")
            low += [
                f"{piece.design}: {name}"
                for name in chip.banner_icons
                if contrast(BANNER_INKS[name], "#ffffff") < 3
            ]
    assert low == []


def test_contrast_ratio() -> None:
    from printkit.render.style import best_ink, contrast

    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#c62828", "#c62828") == pytest.approx(1)  # a red arrow on a red face
    assert best_ink(["#5aa55a"]) == "#1b1b1b"  # dark text on a mid green, not white
