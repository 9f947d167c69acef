"""Finding Puzzle Strike sets in the catalog: written once, used by setups, rooms and views."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike.refusals import REFUSE
from printkit.catalog import Catalog, PuzzleStrikeSet
from printkit.catalog.bankcode import pool_of


def find_sets(catalog: Catalog, set_ids: Iterable[str]) -> list[PuzzleStrikeSet]:
    """Return the named Puzzle Strike sets, in catalog order.

    :raises IllegalMove: naming the first unknown set and the known ones.
    """
    wanted = tuple(set_ids)
    return list(catalog.remembered(("find_sets", wanted), lambda: look_up(catalog, wanted)))


def look_up(catalog: Catalog, wanted: tuple[str, ...]) -> tuple[PuzzleStrikeSet, ...]:
    """Return the named sets in catalog order (``find_sets``, uncached)."""
    known = {s.id: s for s in catalog.puzzle_strike_sets()}
    unknown = [s for s in wanted if s not in known]
    if unknown:
        raise REFUSE(IllegalMove, "ps_unknown_set", set=unknown[0], known=", ".join(known))
    return tuple(s for s in known.values() if s.id in wanted)


def find_set(catalog: Catalog, set_id: str) -> PuzzleStrikeSet:
    """Return one Puzzle Strike set.

    :raises IllegalMove: when there is no such set.
    """
    return find_sets(catalog, [set_id])[0]


def pool_keys(catalog: Catalog, set_ids: Iterable[str]) -> list[str]:
    """Return the ``set/chip`` keys of every puzzle chip of these sets."""
    return [c.key for c in pool_of(find_sets(catalog, set_ids))]


def display_names(
    catalog: Catalog, character_set: str, sets: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    """Return the names of the set's characters and of every stack a match can show."""
    first = find_set(catalog, character_set)
    names = [(c.id, c.name) for c in first.characters]
    names += [(f"fixed/{s.id}", s.name) for s in first.stacks]
    for game_set in find_sets(catalog, sets):
        names += [(f"{game_set.id}/{c.id}", c.name) for c in game_set.puzzle_chips]
    return tuple(names)


def japanese_names(
    catalog: Catalog, character_set: str, sets: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    """Return the Japanese names the catalog gives a match's stacks (by stack key)."""
    first = find_set(catalog, character_set)
    names = [(f"fixed/{s.id}", s.name_ja) for s in first.stacks]
    for game_set in find_sets(catalog, sets):
        names += [(f"{game_set.id}/{c.id}", c.name_ja) for c in game_set.puzzle_chips]
    return tuple((key, name) for key, name in names if name)
