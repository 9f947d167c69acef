"""'Nobody reacts' in a 3rd-edition free-for-all (#27 item 6): the player sent to may answer
for every player still to decide at once, instead of each phone in turn letting the gems
through (seed 000 lines 326-330: if they decline to counter-crash, each other player in turn
order gets a chance). At a tournament table each phone still answers for itself."""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.puzzle_strike import room
from companion.game.puzzle_strike.actions import Land, action_to_json, parse_action
from companion.game.puzzle_strike.piles import Mode
from printkit.catalog import Catalog
from tests.ps_helpers import describe, do, give, playing, view

FOUR = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}


def crashed_at_cid(catalog: Catalog) -> Any:
    """Ana crashes a 2-gem at Cid; Cid decides first, then Ben, then Dee."""
    state = give(playing(catalog, FOUR, Mode.FREE_FOR_ALL), catalog, "Ana", 2)
    state = give(give(state, catalog, "Ben", 1), catalog, "Dee", 3)
    return do(state, catalog, "Ana", type="crash", gems=[2], target="Cid")


def test_the_target_says_nobody_reacts_and_the_gems_land(catalog: Catalog) -> None:
    state = crashed_at_cid(catalog)
    bar = view(state, "Cid", catalog)["next_step"]
    assert bar is not None and "nobody_reacts" in bar["actions"]
    assert view(state, "Cid", catalog)["table"]["react_later"] == ["Ben", "Dee"]
    landed = do(state, catalog, "Cid", type="nobody_reacts")
    assert landed.table.pending is None and landed.table.pile("Cid").gems == (1, 1)
    assert describe({"type": "nobody_reacts"}, "Cid", landed) == (
        "Cid: nobody reacts; the gems land"
    )


def test_only_the_player_deciding_now_says_it(catalog: Catalog) -> None:
    state = crashed_at_cid(catalog)
    with pytest.raises(ValueError, match="only Cid decides now"):
        do(state, catalog, "Ben", type="nobody_reacts")
    passed = do(state, catalog, "Cid", type="land")  # Cid lets them through: Ben, then Dee
    landed = do(passed, catalog, "Ben", type="nobody_reacts")
    assert landed.table.pile("Cid").gems == (1, 1)


def test_at_a_tournament_table_it_is_the_last_deciders(catalog: Catalog) -> None:
    state = crashed_at_cid(catalog)
    assert room.deciders(Land(everyone=True), state) == ("Dee",)  # not Cid's: each phone answers
    assert view(state, "Cid", catalog)["whose"]["nobody_reacts"] == ["Dee"]
    last = do(do(state, catalog, "Cid", type="land"), catalog, "Ben", type="land")
    assert room.deciders(Land(everyone=True), last) is None  # Dee's own decision now
    assert "nobody_reacts" not in view(last, "Dee", catalog)["next_step"]["actions"]


def test_two_players_are_never_offered_it(catalog: Catalog) -> None:
    state = give(playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER), catalog,
                 "Ana", 2)  # fmt: skip
    state = do(state, catalog, "Ana", type="crash", gems=[2])
    assert "nobody_reacts" not in view(state, "Ben", catalog)["next_step"]["actions"]


def test_its_json() -> None:
    assert action_to_json(parse_action({"type": "nobody_reacts"})) == {"type": "nobody_reacts"}
