"""A finished draft's carry (companion/game/draft/carry.py): the one pure function that turns
a Flash Duel draft into its Custom Clockwork duel, for a draft room and a tournament table."""

from __future__ import annotations

from companion.game.draft.actions import Pick
from companion.game.draft.carry import clockwork_duel, picks
from companion.game.draft.room import RULES as DRAFT
from companion.game.flash_duel import room as duel_room
from printkit.catalog import Catalog


def test_a_finished_flash_duel_draft_becomes_its_clockwork_duel(catalog: Catalog) -> None:
    setup = DRAFT.setup_from_request({"game": "flash-duel", "players": ["Ana", "Ben"]}, catalog, 4)
    state = DRAFT.start(setup, catalog)
    for n, seat in enumerate(state.order):
        state = DRAFT.apply(
            state, Pick(state.available()[0].key), state.seats[seat - 1], catalog, n
        )
    duel = clockwork_duel(state, 99)
    assert duel.players == tuple(state.seats) and duel.seed == 99
    assert duel.clockwork == picks(state)
    assert all(
        len(keys) == len(state.picked_by(n + 1)) for n, (_, keys) in enumerate(duel.clockwork)
    )
    assert set(duel.unused) == {item.key for item in state.available()}
    duel_room.RULES.start(duel, catalog)  # the rules take it as it is
