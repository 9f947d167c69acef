"""The draft room through its reducer and its typed pick."""

from __future__ import annotations

import pytest

from companion.game.draft import DraftError
from companion.game.draft.actions import Pick, action_to_json, parse_action
from companion.game.draft.room import RULES, Setup
from companion.game.errors import InvalidAction, InvalidSetup
from printkit.catalog import Catalog


def test_a_pick_reads_and_writes_the_same_json() -> None:
    data = {"type": "pick", "key": "grave/x"}
    assert parse_action(data) == Pick("grave/x") and action_to_json(Pick("grave/x")) == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "choose"}, "the only action in a draft room is 'pick'"),
        ({"type": "pick"}, "'key' must name an item"),
        ({"type": "pick", "key": ""}, "'key' must name an item"),
        ({"type": "pick", "key": 7}, "'key' must name an item"),
    ],
)
def test_bad_picks_are_refused_by_shape(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        parse_action(data)


def test_picks_in_order_through_the_rules(catalog: Catalog) -> None:
    setup = RULES.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 5)
    assert setup == Setup("puzzle-strike", ("Ana", "Ben"), "base-3e", 5)
    assert RULES.setup_from_json(RULES.setup_to_json(setup)) == setup
    state = RULES.start(setup, catalog)
    first, second = state.pool[0].key, state.pool[1].key
    state = RULES.apply(state, Pick(first), "Ana", catalog, 0)
    with pytest.raises(DraftError, match="it is Ben's pick, not Ana's"):
        RULES.apply(state, Pick(second), "Ana", catalog, 1)
    with pytest.raises(DraftError, match="already taken by Ana"):
        RULES.apply(state, Pick(first), "Ben", catalog, 1)
    state = RULES.apply(state, Pick(second), "Ben", catalog, 1)
    seen = RULES.view(state, "Ben", catalog)
    assert seen["picks"] == {"Ana": [first], "Ben": [second]} and seen["turn"] == "Ben"
    name = state.pool[1].name
    assert RULES.describe(Pick(second), "Ben", state) == f"Ben picked {name}"
    assert RULES.undo_depth == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": 3, "players": ["A", "B"]}, "'game' must be one of"),
        ({"set": ["x"], "players": ["A", "B"]}, "'set' must be a set id"),
        ({"players": ["A"]}, "'players' must list 2 to 4 names, not 1"),
    ],
)
def test_bad_draft_setups(catalog: Catalog, data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        RULES.setup_from_request(data, catalog, 1)
