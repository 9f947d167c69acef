"""Issue 19, defects 7 and 8 (Tabletop Simulator): chips go in a hand, cards hide their face
when face down, piece images carry no cut ring, and no two stacks share a name."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from tests.print.test_images import Json, export, walk


@pytest.fixture(scope="module")
def shadows(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Json]:
    return export(tmp_path_factory.mktemp("tts-ps"), "shadows")


def test_puzzle_strike_chips_can_be_held_in_a_hand(shadows: tuple[Path, Json]) -> None:
    _, save = shadows
    tiles = [o for o in walk(save["ObjectStates"]) if o["Name"].startswith("Custom_Tile")]
    assert len(tiles) > 40 and all(t["Hands"] is True for t in tiles)


def test_cards_hide_their_face_when_face_down(tmp_path: Path) -> None:
    _, save = export(tmp_path, "2e")
    cards = [o for o in walk(save["ObjectStates"]) if o["Name"] in ("Card", "Deck")]
    assert len(cards) > 100 and all(c["HideWhenFaceDown"] is True for c in cards)
    tokens = [o for o in walk(save["ObjectStates"]) if o["Name"].startswith("Custom_Tile")]
    assert tokens and not any(t["Hands"] for t in tokens)  # win tokens and track stay out


def ring_contrast(path: Path) -> int:
    """Return how much darker the cut circle of a round piece image is than the art just
    inside and outside it, at the worst of 60 points round its lower half."""
    with Image.open(path) as image:
        rgb = image.convert("RGB")
    centre = (rgb.width - 1) / 2
    cut = centre * 38 / 41  # 38 mm chip in a 41 mm image (1.5 mm bleed each side)
    worst = 0
    for step in range(60):
        angle = math.pi * (1.1 + 0.8 * step / 59)  # 198 to 342 degrees: below the banner
        values = []
        for radius in (cut - 5, cut, cut + 5):
            x = round(centre + radius * math.cos(angle))
            y = round(centre - radius * math.sin(angle))
            pixel = rgb.getpixel((x, y))
            assert isinstance(pixel, tuple)
            values.append(sum(pixel[:3]) / 3)
        worst = max(worst, round(min(values[0], values[2]) - values[1]))
    return worst


def test_piece_images_carry_no_cut_ring(shadows: tuple[Path, Json]) -> None:
    _, save = shadows
    puzzle = [
        o
        for o in walk(save["ObjectStates"])
        if o.get("GMNotes", "").startswith("strikekit:shadows/puzzle/")
    ]
    assert len(puzzle) == 24
    for tile in puzzle[:8]:
        for url in (tile["CustomImage"]["ImageURL"], tile["CustomImage"]["ImageSecondaryURL"]):
            assert ring_contrast(Path(unquote(urlparse(url).path))) < 25, url


def test_shadowfist_stacks_have_distinct_names(tmp_path: Path) -> None:
    _, save = export(tmp_path, "basic")
    names = Counter(o["Nickname"] for o in save["ObjectStates"])
    assert names == {"Power 1": 1, "Power 5": 1, "Damage 1": 1, "Damage 5": 1}
