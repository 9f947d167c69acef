"""The bank while a Puzzle Strike game is played: fresh stacks, buys, marks, Panic Time.

Rules: seed 000 "Buy Phase" (line 240: bought chips leave the bank; line 310: 2 vs 2
teammates share their buy phase), line 475 (an empty stack cannot be bought from), "Panic
Time!" (line 276: the first moment X stacks are empty at once; the level never goes back),
line 665 (a stack removed by Into Oblivion counts as empty). Stock sizes: ``stock``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike import stock
from companion.game.puzzle_strike.actions import MarkStack, StackState
from companion.game.puzzle_strike.bank import BANK_SIZE
from companion.game.puzzle_strike.panic import PanicState
from companion.game.puzzle_strike.piles import Mode, Table
from companion.game.puzzle_strike.refusals import REFUSE
from companion.game.puzzle_strike.sets import pool_keys
from companion.game.puzzle_strike.setup import Setup
from printkit.catalog import Catalog, PuzzleStrikeSet

if TYPE_CHECKING:  # the room's state; the room imports this module
    from companion.game.puzzle_strike.room import State


class StockError(IllegalMove):
    """A buy or a mark the bank does not allow now; the message says why."""


def left(state: State, key: str) -> int | None:
    """Return how many chips a stack holds now (None where nobody knows)."""
    supply = state.table.supply if state.table else None
    return stock.left(key, state.size_of, state.bought_of, state.gem_value_of, supply)


def stack_states(state: State) -> tuple[tuple[str, StackState], ...]:
    """Return each stack as it stands: as marked, or empty once nothing is left."""
    return tuple((k, s) for k, s, _ in stack_rows(state))


def stack_rows(state: State) -> tuple[tuple[str, StackState, int | None], ...]:
    """Return each stack as it stands (``stack_states``) with the chips it holds now."""
    rows = []
    for key, marked in state.stacks:
        count = left(state, key)
        rows.append((key, stock.effective(marked, count), count))
    return tuple(rows)


def check_bank(catalog: Catalog, sets: Sequence[str], bank: Sequence[str]) -> None:
    """Refuse a bank that is not 10 different chips of the match's sets."""
    if len(set(bank)) != BANK_SIZE or not set(bank) <= set(pool_keys(catalog, sets)):
        raise REFUSE(StockError, "ps_bank_ten")


def new_panic(setup: Setup) -> PanicState:
    """Return Normal Time for the setup (the 2nd edition never panics)."""
    team = setup.mode is Mode.TEAM_BATTLE
    return PanicState(len(setup.players), team, active=setup.edition == 3)


def fresh_stacks(first: PuzzleStrikeSet, bank: Sequence[str]) -> tuple[tuple[str, StackState], ...]:
    """Return the stacks of a new game (the set's fixed stacks and the bank), all full."""
    fixed = [f"fixed/{s.id}" for s in first.stacks]
    return tuple((key, StackState.FULL) for key in (*fixed, *bank))


def settle_panic(after: State, before: State) -> State:
    """Raise Panic Time for the stacks empty now; note the level the action raised it from.

    Seed 000 "Panic Time!" (line 276): the first moment X stacks are empty at once."""
    if after.phase != "playing":
        return after
    empty = sum(1 for _, s in stack_states(after) if s is not StackState.FULL)
    panic = after.panic.after_empty_count(empty)
    same_game = before.phase == "playing" and before.game_no == after.game_no
    rose = same_game and panic.level > before.panic.level
    return replace(after, panic=panic, panic_from=before.panic.level if rose else None)


def set_stack(state: State, action: MarkStack) -> State:
    """Mark a bank stack full, empty or removed (Into Oblivion); Panic Time may start.

    Marking a stack full is a correction: it holds its whole size again."""
    check_stack(state, action.stack)
    stacks = tuple((k, action.state if k == action.stack else s) for k, s in state.stacks)
    bought = state.bought
    if action.state is StackState.FULL:
        bought = stock.refill(bought, action.stack)
    return replace(state, stacks=stacks, bought=bought)


def check_stack(state: State, key: str) -> None:
    """Refuse a stack the bank does not have."""
    if key not in dict(state.stacks):
        raise REFUSE(StockError, "ps_stack_one_of", stack=key)


def buy(state: State, table: Table, actor: str, key: str) -> State:
    """Take one chip of a stack: by the turn's player (seed 000 line 240; 2 vs 2: either
    teammate, line 310), never from an empty or removed stack (line 475)."""
    check_stack(state, key)
    if not table.is_turn_of(actor):
        raise REFUSE(StockError, "ps_buy_turn", actor=actor, turn=table.current)
    if dict(stack_states(state))[key] is not StackState.FULL:
        raise REFUSE(StockError, "ps_buy_empty", stack=state.name(key))
    gem = dict(state.gem_stacks).get(key)
    if gem is not None:
        return replace(state, table=replace(table, supply=table.supply.take(gem)))
    return replace(state, bought=stock.add_one(state.bought, key))
