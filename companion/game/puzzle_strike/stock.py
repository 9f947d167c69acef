"""How many chips each bank stack holds: the catalog's sizes, less the buys of this game.

Rules: a puzzle stack holds its set's copies (seed 000 "Components": 24 x 5 copies); the fixed
stacks hold the box's count less what the starting bags took (seed 000 "Quick start": each
player puts their starting chips in their bag, e.g. six 1-gems and a Crash Gem in the 3rd
edition). Bought chips leave the bank (seed 000 "Buy Phase", line 240); a stack that runs out
stays empty (line 475) and counts for Panic Time (line 276). Gem stacks are the game's gem
supply (``piles.GemSupply``), which antes, combines and crashes move too. The table may still
mark a stack empty, full (a refill correction) or removed (Into Oblivion, line 665).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.game.puzzle_strike.actions import StackState
from companion.game.puzzle_strike.piles import GemSupply
from printkit.catalog import Catalog, PuzzleStrikeSet
from printkit.catalog.puzzle_strike import BankStack

Counts = tuple[tuple[str, int], ...]
"""(stack key, number) pairs, in bank order."""


def starting_bag(first: PuzzleStrikeSet) -> dict[str, int]:
    """Return the chips of each fixed stack one starting bag takes, by stack id."""
    return {s.stack: s.count for s in first.starting_bag.stacks}


def fixed_size(stack: BankStack, first: PuzzleStrikeSet, players: int) -> int:
    """Return a fixed stack's chips once every starting bag has taken its own."""
    return max(0, stack.count - players * starting_bag(first).get(stack.id, 0))


def gem_stacks(first: PuzzleStrikeSet) -> dict[str, int]:
    """Return the gem value of each fixed gem stack, by stack key."""
    return {f"fixed/{s.id}": s.value for s in first.stacks if s.kind == "gem" and s.value}


def sizes(catalog: Catalog, first: PuzzleStrikeSet, bank: Sequence[str], players: int) -> Counts:
    """Return the size of every non-gem stack at the start of a game (gems: ``supply``)."""
    copies = {s.id: s.puzzle_chip_copies for s in catalog.puzzle_strike_sets()}
    fixed = [(f"fixed/{s.id}", fixed_size(s, first, players)) for s in first.stacks]
    puzzle = [(key, copies[key.split("/")[0]]) for key in bank if key.split("/")[0] in copies]
    return tuple((k, n) for k, n in (*fixed, *puzzle) if k not in gem_stacks(first))


def supply(first: PuzzleStrikeSet, players: int) -> GemSupply:
    """Return the gems of the bank at the start of a game: the box's less the starting bags'."""
    counts = [0, 0, 0, 0]
    for stack in first.stacks:
        if stack.kind == "gem" and 1 <= stack.value <= 4:
            counts[stack.value - 1] += fixed_size(stack, first, players)
    return GemSupply((counts[0], counts[1], counts[2], counts[3]))


def left(
    key: str,
    sized: Mapping[str, int],
    bought: Mapping[str, int],
    gems: Mapping[str, int],
    bank: GemSupply | None,
) -> int | None:
    """Return how many chips a stack holds now (None where nobody knows)."""
    if key in gems:
        return bank.counts[gems[key] - 1] if bank is not None else None
    size = sized.get(key)
    return None if size is None else max(0, size - bought.get(key, 0))


def effective(marked: StackState, count: int | None) -> StackState:
    """Return how a stack stands: as marked, or empty once its count reached 0."""
    if marked is StackState.FULL and count == 0:
        return StackState.EMPTY
    return marked


def add_one(bought: Counts, key: str) -> Counts:
    """Return the buys with one more chip of this stack."""
    counts = dict(bought)
    counts[key] = counts.get(key, 0) + 1
    return tuple(counts.items())


def refill(bought: Counts, key: str) -> Counts:
    """Return the buys with this stack's forgotten (a stack marked full holds its size)."""
    return tuple((k, n) for k, n in bought if k != key)
