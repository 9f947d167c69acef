"""The Tabletop Simulator saved object of a set: decks, tile stacks and bags, laid out.

Pure JSON building: ``printkit.tts`` renders the images and calls :func:`saved_object`.
The format is the one TTS writes for a saved object (a save whose ``ObjectStates`` holds the
objects): decks are ``Deck`` objects whose ``Card``s carry ``CardID = key * 100 + slot`` and
a ``CustomDeck`` entry per sheet; tiles are ``Custom_Tile`` (``CustomImage.CustomTile.Type``
2 for a circle, 0 for a box) and identical copies one ``Custom_Tile_Stack`` with ``Number``;
bags are ``Bag`` objects with ``ContainedObjects``. Every object's ``GMNotes`` holds the
strikekit design key, so the save can be checked against the catalog.

Sizes: a TTS card at scale 1 stands for our 63 mm card; a custom tile at scale 1 is taken
to be about 2 table units wide. Everything keeps its size relative to the cards.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from printkit.catalog import Ability
from printkit.encode import PngWriter
from printkit.layout import load_geometry
from printkit.pieces import Piece, has_uncertain_name

Json = dict[str, Any]
CARD_WIDTH_MM = 63.0
UNITS_PER_MM = 2.3 / CARD_WIDTH_MM
"""Table units per millimetre: a standard TTS card is about 2.3 units wide."""
TILE_UNITS_AT_SCALE_1 = 2.0
GAP = 0.6
"""Table units between laid-out objects."""
STACKS_PER_ROW = 8
FACE_DOWN_FAMILIES = ("numbered", "loyalty")
"""Decks that start face down (their faces are secret in play)."""
NOTE_PREFIX = "strikekit:"
HAND_SHAPES = ("chip",)
"""Tiles a player holds in a secret hand (Puzzle Strike draws its chips into one)."""


@dataclass
class Deck:
    """One family of cards: its sheets (CustomDeck entries) and the pieces on each."""

    family: str
    shape: str
    sheets: list[tuple[int, int, int, list[Piece]]] = field(default_factory=list)
    """(CustomDeck key, columns, rows, pieces in slot order)."""
    face_paths: list[Path] = field(default_factory=list)
    back_path: Path | None = None


@dataclass
class Export:
    """Everything written for one set, and how to address it."""

    out_dir: Path
    prefix: str
    image_url: str | None
    written: list[Path] = field(default_factory=list)
    fronts: dict[str, Path] = field(default_factory=dict)
    backs: dict[str, Path] = field(default_factory=dict)
    guid_count: int = 0
    writer: PngWriter = field(default_factory=lambda: PngWriter(1))
    """Encodes each image from the moment it is saved (in the background: pass a
    ``PngWriter`` with threads, and leave its ``with`` block once done)."""

    def url(self, path: Path) -> str:
        """Return the address TTS loads an image from."""
        if self.image_url:
            return f"{self.image_url.rstrip('/')}/{path.relative_to(self.out_dir).as_posix()}"
        return path.resolve().as_uri()

    def guid(self) -> str:
        """Return the next object id (6 hex digits, the same for the same export)."""
        self.guid_count += 1
        return hashlib.sha1(f"{self.prefix}/{self.guid_count}".encode()).hexdigest()[:6]

    def save(self, image: Image.Image, path: Path) -> Path:
        """Start writing a PNG (see :meth:`flush`) and remember it."""
        self.written.append(self.writer.write(image, path))
        return path

    def flush(self) -> None:
        """Wait until every PNG saved so far is written (``printkit.encode``)."""
        self.writer.finish()


def shape_size(shape: str) -> tuple[float, float]:
    """Return a shape's trim size in table units."""
    s = load_geometry().shapes[shape]
    return s.width * UNITS_PER_MM, s.height * UNITS_PER_MM


def transform(x: float, z: float, scale: float = 1.0, face_down: bool = False) -> Json:
    """Place an object at (x, z) on the table, facing the player."""
    return {
        "posX": round(x, 3),
        "posY": 1.0,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }


def common(export: Export, name: str, nickname: str, place: Json, design: str = "") -> Json:
    """Return the fields every saved object has."""
    return {
        "GUID": export.guid(),
        "Name": name,
        "Transform": place,
        "Nickname": nickname,
        "Description": "",
        "GMNotes": f"{NOTE_PREFIX}{design}" if design else "",
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "Hands": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def describe(piece: Piece) -> str:
    """Return a card's tooltip note: write-in, uncertain name."""
    notes = []
    if piece.write_in:
        notes.append("Write-in card: facts unknown (see the strikekit README).")
        if isinstance(piece.subject, Ability) and piece.subject.clues:
            notes.append(f"Known: {piece.subject.clues}")
    if has_uncertain_name(piece):
        notes.append("Name unconfirmed (a single or indirect source).")
    return " ".join(notes)


def custom_deck(export: Export, deck: Deck, index: int) -> Json:
    """Return the CustomDeck entry of one face sheet."""
    key, columns, rows, _ = deck.sheets[index]
    if deck.back_path is None:
        raise ValueError(f"deck {deck.family!r} has no back image")
    return {
        str(key): {
            "FaceURL": export.url(deck.face_paths[index]),
            "BackURL": export.url(deck.back_path),
            "NumWidth": columns,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
    }


def cards_of(export: Export, deck: Deck, place: Json) -> Iterator[tuple[int, Json]]:
    """Yield (CardID, Card object) for every copy of every card of a deck."""
    for index, (key, _, _, pieces) in enumerate(deck.sheets):
        entry = custom_deck(export, deck, index)
        for slot, piece in enumerate(pieces):
            for _ in range(piece.copies):
                card = common(export, "Card", piece.title, dict(place), piece.design)
                card_id = key * 100 + slot
                card.update(
                    Description=describe(piece),
                    CardID=card_id,
                    CustomDeck=entry,
                    Hands=True,
                    HideWhenFaceDown=True,
                    SidewaysCard=False,
                )
                yield card_id, card


def deck_object(export: Export, deck: Deck, x: float, z: float) -> Json:
    """Return a deck of every copy of a family's cards (a lone card stays a card)."""
    width = shape_size(deck.shape)[0]
    place = transform(x, z, width / shape_size("card")[0], deck.family in FACE_DOWN_FAMILIES)
    cards = list(cards_of(export, deck, place))
    if len(cards) == 1:
        return cards[0][1]
    obj = common(export, "Deck", f"{deck.family} cards", place)
    entries: Json = {}
    for index in range(len(deck.sheets)):
        entries.update(custom_deck(export, deck, index))
    obj.update(
        Hands=False,
        HideWhenFaceDown=True,
        SidewaysCard=False,
        DeckIDs=[card_id for card_id, _ in cards],
        CustomDeck=entries,
        ContainedObjects=[card for _, card in cards],
    )
    return obj


def tile_object(export: Export, piece: Piece, count: int, x: float, z: float) -> Json:
    """Return a custom tile, or a stack of ``count`` identical tiles."""
    outline = load_geometry().shapes[piece.shape].outline
    scale = shape_size(piece.shape)[0] / TILE_UNITS_AT_SCALE_1
    name = "Custom_Tile_Stack" if count > 1 else "Custom_Tile"
    obj = common(export, name, piece.title or piece.kind, transform(x, z, scale), piece.design)
    back = export.backs.get(piece.family or "")
    obj["CustomImage"] = {
        "ImageURL": export.url(export.fronts[piece.design]),
        "ImageSecondaryURL": export.url(back) if back else "",
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomTile": {
            "Type": 2 if outline == "circle" else 0,
            "Thickness": 0.1 if outline == "circle" else 0.05,
            "Stackable": outline == "circle",
            "Stretch": outline == "circle",
        },
    }
    obj["Hands"] = piece.shape in HAND_SHAPES
    if count > 1:
        obj["Number"] = count
    return obj


def bag_object(export: Export, owner: str, pieces: list[Piece], x: float, z: float) -> Json:
    """Return a bag holding one tile per copy of each piece (a character's own chips)."""
    bag = common(export, "Bag", owner, transform(x, z))
    bag.update(MaterialIndex=-1, MeshIndex=-1)
    bag["ContainedObjects"] = [
        tile_object(export, piece, 1, x, z) for piece in pieces for _ in range(piece.copies)
    ]
    return bag


def saved_object(export: Export, decks: list[Deck], tiles: list[Piece]) -> Json:
    """Return the whole saved object: decks in a row, then tile stacks, track and bags."""
    objects: list[Json] = []
    x = 0.0
    for deck in decks:
        width = shape_size(deck.shape)[0]
        objects.append(deck_object(export, deck, x + width / 2, 0.0))
        x += width + GAP
    z = -max((shape_size(d.shape)[1] for d in decks), default=0.0) - GAP
    objects += laid_out_tiles(export, tiles, z)
    return {
        "SaveName": f"strikekit {export.prefix}",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


def laid_out_tiles(export: Export, tiles: list[Piece], top: float) -> list[Json]:
    """Lay out tiles from ``top`` down: track cards end to end, stacks in rows, then bags."""
    objects: list[Json] = []
    track = [p for p in tiles if p.kind == "track-card"]
    x = 0.0
    for piece in track:
        width, height = shape_size(piece.shape)
        objects.append(tile_object(export, piece, 1, x + width / 2, top - height / 2))
        x += width
    if track:
        top -= shape_size(track[0].shape)[1] + GAP
    owned: dict[str, list[Piece]] = {}
    stacks = []
    for piece in tiles:
        if piece.kind == "character-chip" and piece.owner is not None:
            owned.setdefault(piece.owner.name, []).append(piece)
        elif piece.kind != "track-card":
            stacks.append(piece)
    for index, piece in enumerate(stacks):
        row, col = divmod(index, STACKS_PER_ROW)
        pitch = shape_size(piece.shape)[0] + GAP
        objects.append(
            tile_object(export, piece, piece.copies, col * pitch + pitch / 2, top - row * pitch)
        )
    if stacks:
        top -= (-(-len(stacks) // STACKS_PER_ROW)) * (shape_size(stacks[0].shape)[0] + GAP)
    for index, (owner, pieces) in enumerate(owned.items()):
        objects.append(bag_object(export, owner, pieces, index * 2.5 + 1.0, top - 1.0))
    return objects
