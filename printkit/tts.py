"""Tabletop Simulator export: images and one saved-object JSON per set.

Cards become decks: one face sheet per family (numbered, ability, dragon, loyalty cards),
sized to the deck (at most 10 x 7 designs, 4096 px), and one back image (``BackIsHidden``,
so no slot is spent on a hidden-card image). Round pieces and track cards become custom
tiles with a front and a back PNG: round ones are RGBA, transparent outside their circle.
Copies become tile stacks (``Custom_Tile_Stack`` with its ``Number``) or repeated cards in
a deck; Puzzle Strike character chips go in one bag per character. The saved object lays
all of it out on the table; a player drops the JSON (and its thumbnail PNG) into TTS's
Saved Objects folder. Field names follow the saves TTS itself writes (``ObjectStates``,
``CustomDeck`` keyed by the hundreds of ``CardID``, ``CustomImage.CustomTile``).

Image addresses are ``file:///`` URIs of the written files unless a base URL is given
(``--image-url``): local files are seen only on this computer, so a table shared with other
players needs the images uploaded (Steam Cloud or any web host) under that base URL.
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from printkit.build import atomic_path
from printkit.encode import PngWriter
from printkit.images import Raster, raster_for, render_pngs, slug
from printkit.pieces import Piece
from printkit.render.style import Style
from printkit.tts_save import Deck, Export, saved_object

TTS_MAX_SIDE = 4096
MAX_COLUMNS, MAX_ROWS = 10, 7
CARD_MAX_PX = 750
"""Widest card image on a sheet (a small deck needs no 4096 px sheet)."""
TILE_PX_PER_MM = 12.5
"""About 320 dpi for tiles."""
CARD_BLEED, ROUND_BLEED = 1.0, 1.5
"""Millimetres of bleed in the images; square tiles (track cards) are laid edge to edge
without any."""
DECK_SHAPES = ("card", "dragon-card")


def sheet_grid(count: int) -> tuple[int, int]:
    """Return (columns, rows) for ``count`` designs: at most 10 x 7, no empty row."""
    if not 1 <= count <= MAX_COLUMNS * MAX_ROWS:
        raise ValueError(f"a deck sheet holds 1 to {MAX_COLUMNS * MAX_ROWS} designs, not {count}")
    rows = -(-count // MAX_COLUMNS)
    return -(-count // rows), rows


def slot_width(columns: int, rows: int, aspect: float) -> int:
    """Return the widest slot (px) that keeps the sheet within 4096 px both ways."""
    width = min(TTS_MAX_SIDE // columns, CARD_MAX_PX)
    while rows * round(width * aspect) > TTS_MAX_SIDE:
        width -= 1
    return width


def deck_sheet(images: list[Image.Image], columns: int, rows: int) -> Image.Image:
    """Lay equal-sized images edge to edge on a columns x rows grid, row by row."""
    width, height = images[0].size
    if any(img.size != (width, height) for img in images):
        raise ValueError("every image of a deck sheet must be the slot size")
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for index, image in enumerate(images):
        row, col = divmod(index, columns)
        sheet.paste(image, (col * width, row * height))
    return sheet


def families(pieces: list[Piece]) -> dict[str, list[Piece]]:
    """Group card designs by family (one deck, one back each), in order."""
    out: dict[str, list[Piece]] = {}
    for piece in pieces:
        out.setdefault(piece.family or piece.kind, []).append(piece)
    return out


def write_decks(export: Export, cards: list[Piece], style: Style) -> list[Deck]:
    """Render every card family as face sheets and one back image."""
    decks = []
    per_sheet = MAX_COLUMNS * MAX_ROWS
    key = 0
    for family, members in families(cards).items():
        deck = Deck(family, members[0].shape)
        for start in range(0, len(members), per_sheet):
            chunk = members[start : start + per_sheet]
            columns, rows = sheet_grid(len(chunk))
            raster = card_raster(deck.shape, columns, rows)
            faces = render_pngs(chunk, style, raster)
            name = f"{export.prefix}_{family}_{start // per_sheet + 1}.png"
            deck.face_paths.append(
                export.save(deck_sheet(faces, columns, rows), export.out_dir / name)
            )
            key += 1
            deck.sheets.append((key, columns, rows, chunk))
        back = render_pngs(members[:1], style, card_raster(deck.shape, 1, 1), back=True)[0]
        deck.back_path = export.save(back, export.out_dir / f"{export.prefix}_{family}_back.png")
        decks.append(deck)
    return decks


def card_raster(shape: str, columns: int, rows: int) -> Raster:
    """Return the raster of one card slot on a columns x rows sheet."""
    probe = raster_for(shape, CARD_BLEED, 1000)
    return raster_for(shape, CARD_BLEED, slot_width(columns, rows, probe.height_px / 1000))


def write_tiles(export: Export, tiles: list[Piece], style: Style) -> None:
    """Render every tile design's front, and one back per family, into pieces/."""
    by_shape: dict[str, list[Piece]] = {}
    for piece in tiles:
        by_shape.setdefault(piece.shape, []).append(piece)
    for shape, members in by_shape.items():
        probe = raster_for(shape, ROUND_BLEED, 100)
        bleed = ROUND_BLEED if probe.is_round else 0.0
        width_mm = probe.shape.width + 2 * bleed
        raster = raster_for(shape, bleed, round(width_mm * TILE_PX_PER_MM))
        for piece, image in zip(members, render_pngs(members, style, raster), strict=True):
            name = slug(piece.design.removeprefix(f"{piece.set_id}/"))
            path = export.out_dir / "pieces" / f"{export.prefix}_{name}.png"
            export.fronts[piece.design] = export.save(image, path)
        first_of_family = {p.family: p for p in reversed(members) if p.family}
        fams = list(first_of_family.values())
        for piece, image in zip(fams, render_pngs(fams, style, raster, back=True), strict=True):
            family = piece.family or ""
            path = export.out_dir / "pieces" / f"back_{export.prefix}_{family}.png"
            export.backs[family] = export.save(image, path)


def write_tts(
    pieces: list[Piece], style: Style, out_dir: Path, prefix: str, image_url: str | None = None
) -> list[Path]:
    """Write deck sheets, tile images and the saved-object JSON (with thumbnail) of a set."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with PngWriter() as writer:
        export = Export(out_dir, prefix, image_url, writer=writer)
        cards = [p for p in pieces if p.shape in DECK_SHAPES]
        tiles = [p for p in pieces if p.shape not in DECK_SHAPES]
        decks = write_decks(export, cards, style)
        write_tiles(export, tiles, style)
        save = saved_object(export, decks, tiles)
        json_path = out_dir / f"strikekit_{prefix}.json"
        with atomic_path(json_path) as tmp:
            tmp.write_text(json.dumps(save, indent=2, ensure_ascii=False), encoding="utf-8")
        export.written.append(json_path)
        export.flush()
        export.save(thumbnail(export.written[0]), json_path.with_suffix(".png"))
    return export.written


def thumbnail(path: Path, size: int = 256) -> Image.Image:
    """Return a square thumbnail of an image (what TTS shows beside a saved object)."""
    with Image.open(path) as image:
        picture = image.convert("RGBA")
    picture.thumbnail((size, size))
    square = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    square.paste(picture, ((size - picture.width) // 2, (size - picture.height) // 2), picture)
    return square
