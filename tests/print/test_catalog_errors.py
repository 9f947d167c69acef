"""Broken data is refused as a whole, with messages that name file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.catalog import CatalogError, load_catalog
from tests.conftest import edit

PS3 = "puzzle-strike/base-3e.toml"
DRAW_THREE = 'id = "draw-three"\nname = "Draw Three"\ncost = 3\nbanner = ["brown"]\n'
DRAW_THREE_ICONS = "icons = { chip-draw = 3 }"

BROKEN = [
    pytest.param(
        "shadowfist/basic.toml",
        "victory_sites = 5",
        "victory_sites = = 5",
        ["basic.toml: -: -: not valid TOML", "line"],
        id="bad-syntax",
    ),
    pytest.param(
        PS3,
        DRAW_THREE,
        DRAW_THREE.replace("cost = 3\n", ""),
        ["base-3e.toml: set 'base-3e' > puzzle_chip 'draw-three': cost: missing"],
        id="missing-field",
    ),
    pytest.param(
        PS3,
        DRAW_THREE,
        DRAW_THREE.replace("cost = 3", 'cost = "3"'),
        ["puzzle_chip 'draw-three': cost: must be int, got str '3' (remove the quotes)"],
        id="wrong-type",
    ),
    pytest.param(
        PS3,
        DRAW_THREE,
        DRAW_THREE.replace('["brown"]', '["borwn"]'),
        [
            "puzzle_chip 'draw-three': banner: item 1: 'borwn' is not allowed "
            "(did you mean 'brown'?)"
        ],
        id="unknown-colour",
    ),
    pytest.param(
        PS3,
        DRAW_THREE_ICONS,
        "icons = { chip-drwa = 3 }",
        ["puzzle_chip 'draw-three': icons: unknown icon 'chip-drwa' (did you mean 'chip-draw'?)"],
        id="unknown-icon",
    ),
    pytest.param(
        PS3,
        '"draw-three", "gem-essence"',
        '"draw-three", "axe-kick"',
        [
            "base-3e.toml: set 'base-3e' > recommended_bank 'first-game': chips: names 'axe-kick', "
            "which is not a puzzle chip of 'base-3e'"
        ],
        id="bank-chip-not-in-set",
    ),
    pytest.param(
        PS3,
        'name = "Draw Three"',
        'name = "Gem Essence"',
        [
            "set 'base-3e' > puzzle_chip 'gem-essence': name: 'Gem Essence' is already used by "
            "puzzle_chip draw-three"
        ],
        id="duplicate-name",
    ),
    pytest.param(
        PS3,
        'id = "gem-essence"',
        'id = "draw-three"',
        ["set 'base-3e' > puzzle_chip 'draw-three': id: used by 2 entries"],
        id="duplicate-id",
    ),
    pytest.param(
        PS3,
        "count = 64",
        "count = 0",
        ["stack '1-gem': count: must be at least 1, got 0"],
        id="out-of-range",
    ),
    pytest.param(
        "flash-duel/2e.toml",
        'id = "reversal"\nname = "Reversal"\n',
        'id = "reversal"\nname = "Reversal"\ncolour = "red"\n',
        ["2e.toml: set '2e' > character 'grave' > ability 'reversal': colour: unknown field"],
        id="unknown-field",
    ),
    pytest.param(
        "flash-duel/2e.toml",
        "spaces = [15, 16, 17, 18]",
        "spaces = [15, 16, 17]",
        ["2e.toml: set '2e': track_card: the cards' spaces"],
        id="track-does-not-cover-board",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), BROKEN)
def test_broken_data_is_reported(
    data_copy: Path, file: str, old: str, new: str, expected: list[str]
) -> None:
    edit(data_copy / file, old, new)
    with pytest.raises(CatalogError) as caught:
        load_catalog(builtin=data_copy)
    text = str(caught.value)
    for fragment in expected:
        assert fragment in text


def test_every_problem_is_reported_at_once(data_copy: Path) -> None:
    edit(data_copy / PS3, DRAW_THREE, DRAW_THREE.replace("cost = 3", 'cost = "3"'))
    edit(data_copy / "flash-duel/2e.toml", "hand_size = 5", "hand_size = -5")
    edit(data_copy / "shadowfist/basic.toml", "victory_sites = 5", "victory_sites = true")
    with pytest.raises(CatalogError) as caught:
        load_catalog(builtin=data_copy)
    files = {Path(p.file).name for p in caught.value.problems}
    assert files == {"base-3e.toml", "2e.toml", "basic.toml"}
    assert len(caught.value.problems) == 3


def test_a_set_defined_twice_is_refused(data_copy: Path) -> None:
    twin = data_copy / "puzzle-strike/copy.toml"
    twin.write_text((data_copy / PS3).read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CatalogError, match=r"copy.toml: set 'base-3e': id: defined twice"):
        load_catalog(builtin=data_copy)


def test_a_character_needs_exactly_three_chips(data_copy: Path) -> None:
    edit(
        data_copy / PS3,
        '[[character.chip]]\nid = "reversal"',
        '[[character.chip]]\nid = "reversal-2"',
    )
    text = (data_copy / PS3).read_text(encoding="utf-8")
    grave_chip = text[text.index('id = "reversal-2"') - len("[[character.chip]]\n") :]
    grave_chip = grave_chip[: grave_chip.index("\n\n") + 2]
    edit(
        data_copy / PS3,
        grave_chip,
        grave_chip
        + grave_chip.replace("reversal-2", "reversal-3").replace(
            'name = "Reversal"', 'name = "Reversal Again"'
        ),
    )
    with pytest.raises(CatalogError, match=r"character 'grave': chip: has 4 chips"):
        load_catalog(builtin=data_copy)


def test_unknown_field_value_conflict(data_copy: Path) -> None:
    edit(data_copy / "flash-duel/2e.toml", 'id = "gloria-1"', 'id = "gloria-1"\nname = "Guess"')
    with pytest.raises(CatalogError, match=r"ability 'gloria-1': name: is listed as unknown"):
        load_catalog(builtin=data_copy)


def test_missing_data_directory(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="catalog directory not found"):
        load_catalog(builtin=tmp_path / "nowhere")
