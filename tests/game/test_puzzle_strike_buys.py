"""Puzzle Strike buys and bank stock (issue 27, item 5): a buy takes one chip of a stack, a
stack the catalog sizes empties by itself, and Panic Time follows from the empty stacks.

Rules: seed 000 "Buy Phase" (line 240: bought chips leave the bank), "Panic Time!" (line 276:
the first moment X stacks are empty at once, X the player count), line 475 (an empty stack
cannot be bought from), line 665 (a stack removed by Into Oblivion counts as empty), line 310
(2 vs 2: teammates share their buy phase); seed 003 line 190 says the same in Japanese.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.game.errors import IllegalMove
from companion.game.history import told
from companion.game.puzzle_strike import lines
from companion.game.puzzle_strike.actions import parse_action
from companion.game.puzzle_strike.panic import PanicLevel
from companion.game.puzzle_strike.piles import Mode
from printkit.catalog import Catalog
from tests.helpers import act, post, start_duel
from tests.ps_helpers import do, playing, view

DUEL = {"Ana": "grave", "Ben": "rook"}
TEAMS = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}
SNEAK = "base-3e/sneak-attack"
KNOCK = "base-3e/knockdown"


def buy(state: Any, catalog: Catalog, actor: str, stack: str, times: int = 1) -> Any:
    """Buy a stack's chip ``times`` times."""
    for _ in range(times):
        state = do(state, catalog, actor, type="buy", stack=stack)
    return state


def stack(state: Any, catalog: Catalog, key: str, viewer: str = "Ana") -> dict[str, Any]:
    """Return one stack as a phone shows it."""
    found: dict[str, Any] = next(
        x for x in view(state, viewer, catalog)["stacks"] if x["key"] == key
    )
    return found


def said(action: dict[str, Any], actor: str, after: Any) -> str:
    """Return the history line of an action, in English, with its following lines."""
    return told(lines.describe(parse_action(action), actor, after))


def test_a_puzzle_stack_holds_five_and_each_buy_takes_one(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    assert stack(state, catalog, SNEAK)["left"] == 5  # seed 000 "Components": 24 x 5 copies
    state = buy(state, catalog, "Ana", SNEAK, 2)
    assert stack(state, catalog, SNEAK) | {"left": 3, "state": "full"} == stack(
        state, catalog, SNEAK
    )


def test_the_last_chip_empties_the_stack_and_it_cannot_be_bought_again(catalog: Catalog) -> None:
    state = buy(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", SNEAK, 4)
    state = buy(state, catalog, "Ana", SNEAK)
    assert said({"type": "buy", "stack": SNEAK}, "Ana", state) == (
        "Ana bought the last Sneak Attack: the stack is empty"
    )
    assert stack(state, catalog, SNEAK)["state"] == "empty"
    assert stack(state, catalog, SNEAK)["may_buy"] is False
    with pytest.raises(IllegalMove, match="Sneak Attack is empty"):
        buy(state, catalog, "Ana", SNEAK)


def test_fixed_stacks_start_without_what_the_starting_bags_took(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    # base-3e: 16 Crash Gems, one in each starting bag; 64 1-gems, six in each bag.
    assert stack(state, catalog, "fixed/crash-gem")["left"] == 16 - 2
    assert stack(state, catalog, "fixed/1-gem")["left"] == 64 - 12
    state = buy(state, catalog, "Ana", "fixed/2-gem")
    assert stack(state, catalog, "fixed/2-gem")["left"] == 20 - 1
    assert state.table.supply.counts[1] == 19  # a bought gem is the gem supply's


def test_only_the_turns_player_buys(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    with pytest.raises(IllegalMove, match="Ben cannot buy: it is Ana's turn"):
        buy(state, catalog, "Ben", SNEAK)
    assert stack(state, catalog, SNEAK, "Ana")["may_buy"] is True
    assert stack(state, catalog, SNEAK, "Ben")["may_buy"] is False
    assert stack(state, catalog, SNEAK, None)["may_buy"] is False  # a spectator


def test_teammates_share_their_buy_phase(catalog: Catalog) -> None:
    state = playing(catalog, TEAMS, Mode.TEAM_BATTLE)
    turn = state.table.current
    mate = next(p for p in state.table.members(state.table.owner_of(turn)) if p != turn)
    state = buy(state, catalog, mate, SNEAK)
    assert stack(state, catalog, SNEAK)["left"] == 4


def test_two_stacks_bought_empty_start_panic_time_in_a_two_player_game(catalog: Catalog) -> None:
    state = buy(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", SNEAK, 5)
    assert state.panic.level is PanicLevel.NORMAL
    state = buy(state, catalog, "Ana", KNOCK, 4)
    state = buy(state, catalog, "Ana", KNOCK)
    assert state.panic.level is PanicLevel.PANIC and state.panic.ante == 2
    assert said({"type": "buy", "stack": KNOCK}, "Ana", state) == (
        "Ana bought the last Knockdown: the stack is empty. "
        "Panic Time starts: everyone antes a 2-gem from now on"
    )
    # The next action does not say it again, and the level never goes back (line 276).
    state = do(state, catalog, "Ana", type="stack", stack=KNOCK, state="full")
    assert state.panic.level is PanicLevel.PANIC
    assert "Panic" not in said({"type": "stack", "stack": KNOCK, "state": "full"}, "Ana", state)
    assert stack(state, catalog, KNOCK)["left"] == 5  # marked full: a refill correction


def test_into_oblivion_counts_with_a_bought_out_stack(catalog: Catalog) -> None:
    state = buy(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", SNEAK, 5)
    state = do(state, catalog, "Ben", type="stack", stack=KNOCK, state="removed")
    assert state.panic.level is PanicLevel.PANIC
    assert stack(state, catalog, KNOCK)["state"] == "removed"


def test_a_buy_line_has_the_catalogs_japanese_name(catalog: Catalog) -> None:
    state = buy(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", "fixed/combine")
    line = lines.describe(parse_action({"type": "buy", "stack": "fixed/combine"}), "Ana", state)
    assert line["say"] == "psh_buy" and line["ja"] == {"stack": "融合"}


def test_a_buy_is_undone_like_any_action(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "grave"})
    first = a.get(f"/api/matches/{match_id}/state").get_json()["state"]["table"]["turn"]
    buyer = a if first == "Ana" else b
    assert act(buyer, match_id, {"type": "buy", "stack": SNEAK}).status_code == 200
    shown = a.get(f"/api/matches/{match_id}/state").get_json()
    assert shown["history"][-1]["text"] == f"{first} bought Sneak Attack"
    left = {x["key"]: x["left"] for x in shown["state"]["stacks"]}
    assert left[SNEAK] == 4
    version = shown["version"]
    body = {"base_version": version, "idempotency_key": "undo-buy"}
    assert post(buyer, f"/api/matches/{match_id}/undo", body).status_code == 200
    again = a.get(f"/api/matches/{match_id}/state").get_json()["state"]["stacks"]
    assert {x["key"]: x["left"] for x in again}[SNEAK] == 5


def test_an_uncounterable_crash_line_names_whom_it_hit(catalog: Catalog) -> None:
    # Found in play: the 4-gem lands at once, and the line said "at the next player".
    state = do(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", type="add_gem",
               player="Ana", value=4)  # fmt: skip
    state = do(state, catalog, "Ana", type="crash", gems=[4])
    assert said({"type": "crash", "gems": [4]}, "Ana", state) == "Ana crashed a 4-gem at Ben"


def test_a_last_man_standing_elimination_says_the_level_it_starts(catalog: Catalog) -> None:
    three = {"Ana": "grave", "Ben": "rook", "Cid": "lum"}
    state = playing(catalog, three, Mode.LAST_MAN_STANDING)
    for value in (4, 4, 2):
        state = do(state, catalog, "Ana", type="add_gem", player="Ana", value=value)
    state = do(state, catalog, "Ana", type="end_turn", without_ante=True)
    assert state.table.eliminated == ("Ana",)  # seed 000 line 342: each elimination, one level
    assert state.panic.level is PanicLevel.PANIC
    assert said({"type": "end_turn", "without_ante": True}, "Ana", state).endswith(
        "Panic Time starts: everyone antes a 2-gem from now on"
    )


def test_a_second_edition_game_empties_stacks_without_panic_time(catalog: Catalog) -> None:
    # Seed 001 line 256: an empty stack cannot be bought from; the 2nd edition has no Panic.
    state = playing(catalog, DUEL, Mode.TWO_PLAYER, edition=2)
    stacks = [x["key"] for x in view(state, "Ana", catalog)["stacks"] if "/" in x["key"]]
    puzzle = [k for k in stacks if not k.startswith("fixed/")][:2]
    for key in puzzle:
        state = buy(state, catalog, "Ana", key, 5)
    assert state.panic.level is PanicLevel.NORMAL and state.panic_from is None
    with pytest.raises(IllegalMove, match="is empty: nothing left to buy there"):
        buy(state, catalog, "Ana", puzzle[0])
