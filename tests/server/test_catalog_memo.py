"""Catalog look-ups made once (#29): every state view asked for the Puzzle Strike sets and the
counter-crashing chips again; the remembered answers are the same as the ones worked out anew,
for every viewer, and a viewer never gets another's."""

from __future__ import annotations

import pytest

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike.counter_chips import chips_for, counter_chips
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.sets import find_sets
from printkit.catalog import Catalog
from printkit.catalog.models import MEMO_SIZE
from tests.ps_helpers import do, new_room, playing

FOUR = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}


def test_remembered_counter_chips_are_each_viewer_s_own(catalog: Catalog) -> None:
    """Each viewer's chips come from their own character: asked in turn, twice over, each
    answer is the one worked out anew for that viewer (none for a spectator)."""
    state = playing(catalog, FOUR, Mode.FREE_FOR_ALL)
    fresh = {p: chips_for(state, p, catalog) for p in FOUR}
    assert len({str(chips) for chips in fresh.values()}) > 1  # the characters differ
    for _ in range(2):
        for player in FOUR:
            assert counter_chips(state, player, catalog) == fresh[player]
    assert counter_chips(state, None, catalog) == []


def test_a_character_chosen_later_changes_the_remembered_chips(catalog: Catalog) -> None:
    """Before choosing, a phone's chips are the bank's alone; once its character is chosen
    they are that character's too (the remembered answer before is not reused)."""
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    before = counter_chips(state, "Ana", catalog)
    assert before == chips_for(state, "Ana", catalog)
    state = do(state, catalog, "Ana", type="choose", character="midori")
    state = do(state, catalog, "Ben", type="choose", character="rook")
    assert counter_chips(state, "Ana", catalog) == chips_for(state, "Ana", catalog)


def test_the_catalog_remembers_a_bounded_number_of_look_ups(catalog: Catalog) -> None:
    """Past MEMO_SIZE keys the memo starts again: a server's memory does not grow with
    every bank ever played."""
    for n in range(MEMO_SIZE + 10):
        assert catalog.remembered(("test", n), lambda n=n: n * 2) == n * 2
    assert len(catalog.memo) <= MEMO_SIZE


def test_find_sets_keeps_catalog_order_and_refuses_an_unknown_set_each_time(
    catalog: Catalog,
) -> None:
    """The remembered look-up answers as before: catalog order, and an unknown set refused
    every time it is asked for (a refusal is not remembered as an answer)."""
    ids = [s.id for s in catalog.puzzle_strike_sets()]
    assert [s.id for s in find_sets(catalog, reversed(ids))] == ids
    for _ in range(2):
        with pytest.raises(IllegalMove, match="unknown set 'nope'"):
            find_sets(catalog, ["nope"])
