"""Tabletop Simulator export (images and saved object) and contact sheets."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from printkit.catalog import Catalog
from printkit.cli import main
from printkit.images import raster_for, render_pngs
from printkit.pieces import pieces_for
from printkit.render.style import style_for
from printkit.tts import deck_sheet, sheet_grid, slot_width

Json = dict[str, Any]


def walk(objects: list[Json]) -> Iterator[Json]:
    """Every object of a save, contained ones included."""
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects", []))


def urls(save: Json) -> set[str]:
    """Every image address a save names."""
    found = set()
    for obj in walk(save["ObjectStates"]):
        for entry in obj.get("CustomDeck", {}).values():
            found |= {entry["FaceURL"], entry["BackURL"]}
        image = obj.get("CustomImage", {})
        found |= {u for u in (image.get("ImageURL"), image.get("ImageSecondaryURL")) if u}
    return found


def physical_counts(save: Json) -> Counter[str]:
    """Pieces per design in a save: cards, tiles, and the Number of each tile stack."""
    counts: Counter[str] = Counter()
    for obj in walk(save["ObjectStates"]):
        note = obj.get("GMNotes", "")
        if note.startswith("strikekit:"):
            counts[note.removeprefix("strikekit:")] += obj.get("Number", 1)
    return counts


def export(tmp: Path, set_id: str, *extra: str) -> tuple[Path, Json]:
    assert main(["tts", "--set", set_id, "--out", str(tmp), *extra]) == 0
    return tmp, json.loads((tmp / f"strikekit_{set_id}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def flash_duel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Json]:
    return export(tmp_path_factory.mktemp("tts-fd"), "2e")


@pytest.mark.parametrize(
    ("count", "grid"),
    [(1, (1, 1)), (5, (5, 1)), (8, (8, 1)), (12, (6, 2)), (60, (10, 6)), (70, (10, 7))],
)
def test_sheets_are_sized_to_their_decks(count: int, grid: tuple[int, int]) -> None:
    assert sheet_grid(count) == grid


def test_a_sheet_holds_at_most_70() -> None:
    with pytest.raises(ValueError, match="1 to 70"):
        sheet_grid(71)


def test_slots_are_exact_and_sheets_within_4096() -> None:
    assert slot_width(10, 7, 1.38) == 409
    assert 7 * round(409 * 1.38) <= 4096
    assert slot_width(1, 1, 1.4) == 750  # a one-card deck does not get a huge sheet
    colours = ["#ff0000", "#00ff00", "#0000ff"]
    images = [Image.new("RGB", (7, 11), c) for c in colours]
    sheet = deck_sheet(images, 3, 1)
    assert sheet.size == (21, 11)
    for i, image in enumerate(images):
        assert sheet.crop((7 * i, 0, 7 * i + 7, 11)).tobytes() == image.tobytes()
    with pytest.raises(ValueError, match="slot size"):
        deck_sheet([images[0], Image.new("RGB", (8, 11))], 2, 1)


def test_images_come_out_at_exactly_the_slot_size(catalog: Catalog) -> None:
    pieces = pieces_for(catalog.game("puzzle-strike").set("shadows")).pieces
    chip = next(p for p in pieces if p.kind == "puzzle-chip")
    style = style_for("en")
    (image,) = render_pngs([chip], style, raster_for("chip", 1.5, 409))
    assert image.size == (409, 409) and image.mode == "RGBA"
    assert image.getpixel((0, 0))[3] == 0 and image.getpixel((408, 408))[3] == 0
    assert image.getpixel((204, 204))[3] == 255
    assert image.getpixel((204, 2))[3] == 255  # the bleed ring is drawn, not cut at the trim


def test_flash_duel_save_names_every_image(flash_duel: tuple[Path, Json]) -> None:
    out, save = flash_duel
    named = {Path(unquote(urlparse(u).path)) for u in urls(save)}
    assert all(u.startswith("file:///") for u in urls(save))
    assert all(path.is_file() for path in named)
    written = {p.resolve() for p in out.rglob("*.png")} - {(out / "strikekit_2e.png").resolve()}
    assert written == {p.resolve() for p in named}


def test_flash_duel_counts_match_the_catalog(
    flash_duel: tuple[Path, Json], catalog: Catalog
) -> None:
    _, save = flash_duel
    selection = pieces_for(catalog.game("flash-duel").set("2e"))
    assert physical_counts(save) == {p.design: p.copies for p in selection.pieces}
    assert sum(physical_counts(save).values()) == 128 + 5
    decks = {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "Deck"}
    assert {k: len(d["ContainedObjects"]) for k, d in decks.items()} == {
        "numbered cards": 50,
        "ability cards": 60,
        "dragon cards": 8,
        "loyalty cards": 5,
    }
    write_ins = [
        c for c in decks["ability cards"]["ContainedObjects"] if "Write-in" in c["Description"]
    ]
    assert len(write_ins) == 42


def test_flash_duel_deck_sheets_match_their_grids(flash_duel: tuple[Path, Json]) -> None:
    out, save = flash_duel
    for deck in (o for o in save["ObjectStates"] if o["Name"] == "Deck"):
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        for key, entry in deck["CustomDeck"].items():
            columns, rows = entry["NumWidth"], entry["NumHeight"]
            slots = {i % 100 for i in deck["DeckIDs"] if i // 100 == int(key)}
            assert max(slots) < columns * rows and len(slots) > (rows - 1) * columns
            with Image.open(unquote(urlparse(entry["FaceURL"]).path)) as sheet:
                assert sheet.width <= 4096 and sheet.height <= 4096
                assert sheet.width % columns == 0 and sheet.height % rows == 0
                slot = (sheet.width // columns, sheet.height // rows)
            with Image.open(unquote(urlparse(entry["BackURL"]).path)) as back:
                ratio = back.height / back.width
            assert abs(slot[1] / slot[0] - ratio) < 0.01
    numbered = next(o for o in save["ObjectStates"] if o["Nickname"] == "numbered cards")
    assert (numbered["CustomDeck"]["1"]["NumWidth"], numbered["CustomDeck"]["1"]["NumHeight"]) == (
        5,
        1,
    )


def test_round_tokens_are_transparent_outside_the_circle(flash_duel: tuple[Path, Json]) -> None:
    out, save = flash_duel
    tokens = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile_Stack"]
    assert [
        (t["Nickname"], t["Number"], t["CustomImage"]["CustomTile"]["Type"]) for t in tokens
    ] == [("win-token", 5, 2)]
    for url in (
        tokens[0]["CustomImage"]["ImageURL"],
        tokens[0]["CustomImage"]["ImageSecondaryURL"],
    ):
        with Image.open(unquote(urlparse(url).path)) as image:
            assert image.mode == "RGBA" and image.width == image.height
            w = image.width - 1
            assert [image.getpixel(p)[3] for p in ((0, 0), (w, 0), (0, w), (w, w))] == [0] * 4
            assert image.getpixel((w // 2, w // 2))[3] == 255


def test_puzzle_strike_bank_stacks_and_character_bags(tmp_path: Path, catalog: Catalog) -> None:
    _, save = export(tmp_path, "shadows", "--image-url", "https://example.org/ps/")
    selection = pieces_for(catalog.game("puzzle-strike").set("shadows"))
    counts = physical_counts(save)
    assert counts == {p.design: p.copies for p in selection.pieces}
    assert sum(counts.values()) == 342
    bags = [o for o in save["ObjectStates"] if o["Name"] == "Bag"]
    assert len(bags) == 10 and all(len(b["ContainedObjects"]) == 3 for b in bags)
    stacks = {o["Nickname"]: o["Number"] for o in save["ObjectStates"] if "Number" in o}
    assert (stacks["1-gem"], stacks["Wound"], stacks["Combine"]) == (64, 24, 20)
    assert sorted(stacks.values()).count(5) == 24  # the 24 puzzle chips, 5 each
    spots = [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in save["ObjectStates"]]
    assert len(set(spots)) == len(spots) == 24 + 8 + 1 + 10  # stacks, blanks, bags: laid out
    for url in urls(save):
        assert url.startswith("https://example.org/ps/") and "//" not in url[8:]
        assert (tmp_path / url.removeprefix("https://example.org/ps/")).is_file()


def test_a_bad_image_url_exits_2(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["tts", "--set", "basic", "--out", str(tmp_path), "--image-url", "ftp://x"]) == 2
    assert "--image-url" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_preview_contact_sheet(tmp_path: Path) -> None:
    out = tmp_path / "preview.png"
    assert main(["preview", "--set", "shadows", "--out", str(out)]) == 0
    with Image.open(out) as img:
        assert img.width > 1000 and img.height > 1000


def test_unknown_set(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["preview", "--set", "nope"]) == 2
    assert "no set 'nope'" in capsys.readouterr().err


def test_an_unwritable_out_exits_2(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    assert main(["tts", "--set", "basic", "--out", str(blocker / "tts")]) == 2
    assert "--out: cannot write to" in capsys.readouterr().err
