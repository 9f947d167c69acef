"""A user's data directory overlays ours and is validated the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.catalog import CatalogError, FlashDuelSet, PuzzleStrikeSet, load_catalog


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_overlay_overrides_chip_text(tmp_path: Path) -> None:
    write(
        tmp_path,
        "puzzle-strike/mine.toml",
        """
[set]
id = "base-3e"

[[puzzle_chip]]
id = "draw-three"
summary = "Draw three chips from your bag."
icons = { chip-draw = 3, piggy = 1 }
""",
    )
    catalog = load_catalog(tmp_path)
    s = catalog.game("puzzle-strike").set("base-3e")
    assert isinstance(s, PuzzleStrikeSet)
    chip = s.puzzle_chip("draw-three")
    assert chip.summary == "Draw three chips from your bag."
    assert [(i.name, i.count) for i in chip.icons or ()] == [("chip-draw", 3), ("piggy", 1)]
    assert chip.cost == 3  # untouched fields stay ours
    assert catalog.sources[-1] == str(tmp_path)


def test_overlay_fills_an_unknown_ability(tmp_path: Path) -> None:
    write(
        tmp_path,
        "flash-duel/my-abilities.toml",
        """
[set]
id = "2e"

[[character]]
id = "gloria"

[[character.ability]]
id = "gloria-1"
name = "Our Name"
trigger = "Start of your turn"
effect = "Our effect."
""",
    )
    s = load_catalog(tmp_path).game("flash-duel").set("2e")
    assert isinstance(s, FlashDuelSet)
    ability = dict((a.id, a) for _, a in s.abilities())["gloria-1"]
    assert ability.is_known()
    assert ability.unknown == ()
    assert not any("gloria-1" in gap for gap in s.gaps())


def test_overlay_adds_a_set(tmp_path: Path) -> None:
    base = (Path(__file__).resolve().parents[2] / "data/puzzle-strike/shadows.toml").read_text(
        encoding="utf-8"
    )
    write(tmp_path, "puzzle-strike/house.toml", base.replace('id = "shadows"', 'id = "house"', 1))
    game = load_catalog(tmp_path).game("puzzle-strike")
    assert [s.id for s in game.sets][-1] == "house"


def test_overlay_overriding_a_field_that_does_not_exist(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "puzzle-strike/mine.toml",
        """
[set]
id = "base-3e"

[[puzzle_chip]]
id = "draw-three"
sumary = "typo"
""",
    )
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    assert (
        f"{path}: set 'base-3e' > puzzle_chip 'draw-three': sumary: overrides a field that "
        "does not exist (did you mean 'summary'?)" in str(caught.value)
    )


def test_overlay_naming_an_entry_we_do_not_have(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "puzzle-strike/mine.toml",
        """
[set]
id = "base-3e"

[[puzzle_chip]]
id = "draw-thre"
summary = "typo in the id"
""",
    )
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    assert f"{path}: set 'base-3e' > puzzle_chip 'draw-thre': id: no entry of ours" in str(
        caught.value
    )
    assert "did you mean 'draw-three'?" in str(caught.value)


def test_overlay_bad_value_names_the_overlay_file(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "puzzle-strike/mine.toml",
        """
[set]
id = "shadows"

[[puzzle_chip]]
id = "axe-kick"
banner = ["green"]
""",
    )
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    [problem] = caught.value.problems
    assert problem.file == str(path)
    assert problem.entry == "set 'shadows' > puzzle_chip 'axe-kick'"
    assert problem.field == "banner"


def test_overlay_new_game_needs_game_file(tmp_path: Path) -> None:
    write(tmp_path, "yomi/cards.toml", '[set]\nid = "base"\n')
    with pytest.raises(CatalogError, match=r"yomi: -: -: no game.toml here"):
        load_catalog(tmp_path)


def test_overlay_directory_must_exist(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="is not a directory"):
        load_catalog(tmp_path / "missing")
