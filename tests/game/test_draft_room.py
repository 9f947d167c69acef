"""The draft room through its reducer and its typed pick."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.game.draft import DraftError
from companion.game.draft.actions import Pick, action_to_json, parse_action
from companion.game.draft.room import RULES, Setup
from companion.game.errors import InvalidAction, InvalidSetup
from companion.game.history import told
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
    assert told(RULES.describe(Pick(second), "Ben", state)) == f"Ben picked {name}"
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


@pytest.mark.parametrize("key", ["k", "k" * 200])
def test_pick_keys_of_1_to_200_characters(key: str) -> None:
    assert parse_action({"type": "pick", "key": key}) == Pick(key)


def test_a_pick_key_over_200_characters_is_refused() -> None:
    with pytest.raises(InvalidAction):
        parse_action({"type": "pick", "key": "k" * 201})


def test_the_draft_view(catalog: Catalog) -> None:
    setup = RULES.setup_from_request(
        {"players": ["Ana", "Ben", "Cid", "Dee"], "team_battle": True}, catalog, 9
    )
    state = RULES.start(setup, catalog)
    key = state.pool[2].key
    state = RULES.apply(state, Pick(key), "Ana", catalog, 0)
    seen = RULES.view(state, "Dee", catalog)
    assert seen["kind"] == "draft" and seen["game"] == "puzzle-strike" and seen["you"] == "Dee"
    assert seen["seats"] == ["Ana", "Ben", "Cid", "Dee"] and seen["done"] is False
    assert seen["order"] == [int(c) for c in "123443211234"] and seen["turn"] == "Ben"
    assert seen["teams"] == [["Ana", "Dee"], ["Ben", "Cid"]] and seen["first_player"] is None
    item = state.pool[2]
    assert seen["pool"][2] == {
        "key": key,
        "name": item.name,
        "character": item.character,
        "text": item.text,
        "taken_by": "Ana",
    }
    assert all(p["taken_by"] is None for i, p in enumerate(seen["pool"]) if i != 2)
    assert seen["picks"] == {"Ana": [key], "Ben": [], "Cid": [], "Dee": []}
    names = {1: "Ana", 2: "Ben", 3: "Cid", 4: "Dee"}
    assert seen["pick_order"] == [names[int(c)] for c in "123443211234"]
    assert seen["picks_made"] == 1
    assert seen["picks_left"] == {"Ana": 2, "Ben": 3, "Cid": 3, "Dee": 3}


def test_every_pool_item_carries_its_text_from_the_catalog(catalog: Catalog) -> None:
    """A phone can read what a chip or an ability does before picking it."""
    ps = RULES.start(RULES.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 3), catalog)
    chips = {
        f"{who.id}/{chip.id}": chip.summary
        for game_set in catalog.puzzle_strike_sets()
        for who, chip in game_set.character_chips()
    }
    assert [i.text for i in ps.pool] == [chips[i.key] for i in ps.pool]
    assert any(i.text for i in ps.pool)
    setup = RULES.setup_from_request({"game": "flash-duel", "players": ["Ana", "Ben"]}, catalog, 4)
    duel = RULES.start(setup, catalog)
    for item in duel.pool:
        trigger, _, effect = (item.text or "").partition(": ")
        assert trigger and effect, item


def test_picks_left_count_down_to_zero(catalog: Catalog) -> None:
    setup = RULES.setup_from_request({"game": "flash-duel", "players": ["Ana", "Ben"]}, catalog, 4)
    state = RULES.start(setup, catalog)
    for n, seat in enumerate(state.order):
        picker = state.seats[seat - 1]
        state = RULES.apply(state, Pick(state.available()[0].key), picker, catalog, n)
    seen = RULES.view(state, None, catalog)
    assert seen["picks_left"] == {state.seats[0]: 0, state.seats[1]: 0}
    assert seen["picks_made"] == 8 and seen["done"] is True


def test_a_flash_duel_draft_view_names_the_first_player(catalog: Catalog) -> None:
    setup = RULES.setup_from_request({"game": "flash-duel", "players": ["Ana", "Ben"]}, catalog, 4)
    assert setup.set_id == "2e"
    seen = RULES.view(RULES.start(setup, catalog), None, catalog)
    assert seen["first_player"] == seen["seats"][0] and seen["teams"] is None
    assert seen["coin"] == seen["seats"][0] == seen["pick_order"][0]  # every phone is told
    coins = {
        RULES.view(RULES.start(replace(setup, seed=n), catalog), "Ana", catalog)["coin"]
        for n in range(12)
    }
    assert coins == {"Ana", "Ben"}  # a coin, not the order the players were typed in
    assert len(seen["pool"]) == 12 and seen["game"] == "flash-duel"


def test_stored_setups_read_back(catalog: Catalog) -> None:
    setup = Setup("flash-duel", ("Ana", "Ben"), "2e", 11, team_battle=False)
    data = RULES.setup_to_json(setup)
    assert data == {
        "kind": "draft",
        "game": "flash-duel",
        "players": ["Ana", "Ben"],
        "set_id": "2e",
        "seed": 11,
        "team_battle": False,
    }
    assert RULES.setup_from_json(data) == setup
    assert RULES.setup_from_json({**data, "team_battle": None}).team_battle is False
    old = {k: v for k, v in data.items() if k != "team_battle"}
    assert RULES.setup_from_json(old) == setup


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (Setup("chess", ("A", "B"), "x", 1), "'game' must be one of puzzle-strike, flash-duel"),
        (Setup("puzzle-strike", ("A", "B"), "2e", 1), "puzzle-strike has no set '2e'"),
        (Setup("flash-duel", ("A", "B"), "base-3e", 1), "flash-duel has no set 'base-3e'"),
    ],
)
def test_unknown_games_and_sets(catalog: Catalog, setup: Setup, message: str) -> None:
    with pytest.raises(DraftError, match=message):
        RULES.start(setup, catalog)


def test_the_same_seed_deals_the_same_pool(catalog: Catalog) -> None:
    setup = Setup("puzzle-strike", ("A", "B", "C"), "base-3e", 21)
    first, again = RULES.start(setup, catalog), RULES.start(setup, catalog)
    assert first == again and len(first.pool) == 12
    other = RULES.start(Setup("puzzle-strike", ("A", "B", "C"), "base-3e", 22), catalog)
    assert other.pool != first.pool
