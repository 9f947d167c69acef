"""Which chips can counter-crash at a Puzzle Strike table, for one player's hint.

The companion does not track hands, so it names the chips that *could* be in this player's
hand and counter-crash (seed 000, "Counter-Crashing"): the Crash Gem and Double Crash Gem
(always in the bank), bank chips and this player's own character chips whose text says they
counter-crash (a purple-shield reaction such as Reversal or Unstable Power).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from companion.game.puzzle_strike.sets import find_set, find_sets
from printkit.catalog import Catalog, ChipFace

if TYPE_CHECKING:
    from companion.game.puzzle_strike.room import State


class ChipName(TypedDict):
    """A chip's name in English and, where the catalog has it, in Japanese."""

    name: str
    name_ja: str | None


def can_counter_crash(face: ChipFace) -> bool:
    """Return True for a purple-shield reaction that counter-crashes (as a Crash Gem does)."""
    text = face.summary or ""
    reacts = "reaction" in face.flags and "purple-shield" in face.banner_icons
    return reacts and ("counter-crash" in text or text.startswith("As a Crash Gem"))


def counter_chips(state: State, viewer: str | None, catalog: Catalog) -> list[ChipName]:
    """Return the chips that can counter-crash for this player: the fixed stacks, the bank's
    puzzle chips, then their own character's chips (none for a spectator)."""
    if viewer is None or viewer not in state.setup.players:
        return []
    setup = state.setup
    drafted = dict(setup.clockwork).get(viewer)
    key = ("counter_chips", setup.character_set, setup.sets, state.bank, drafted,
           dict(state.characters).get(viewer))  # fmt: skip
    made = catalog.remembered(key, lambda: tuple(chips_for(state, viewer, catalog)))
    return [ChipName(name=chip["name"], name_ja=chip["name_ja"]) for chip in made]


def chips_for(state: State, viewer: str, catalog: Catalog) -> list[ChipName]:
    """Return the counter-crashing chips for a seated viewer (``counter_chips``, uncached)."""
    first = find_set(catalog, state.setup.character_set)
    faces: list[ChipFace] = list(first.stacks)
    in_bank = set(state.bank)
    for game_set in find_sets(catalog, state.setup.sets):
        faces += [c for c in game_set.puzzle_chips if f"{game_set.id}/{c.id}" in in_bank]
    faces += own_character_chips(state, viewer, catalog)
    return [
        {"name": f.name, "name_ja": getattr(f, "name_ja", None)}
        for f in faces
        if can_counter_crash(f)
    ]


def own_character_chips(state: State, viewer: str, catalog: Catalog) -> list[ChipFace]:
    """Return the chips of the viewer's character (or the ones they drafted)."""
    first = find_set(catalog, state.setup.character_set)
    drafted = dict(state.setup.clockwork).get(viewer)
    character = dict(state.characters).get(viewer)
    return [
        chip
        for warrior, chip in first.character_chips()
        if (f"{warrior.id}/{chip.id}" in drafted if drafted else warrior.id == character)
    ]
