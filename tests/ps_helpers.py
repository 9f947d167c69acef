"""Helpers for Puzzle Strike rule tests: a table room driven through its ``apply``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.game.history import told
from companion.game.puzzle_strike import lines, room
from companion.game.puzzle_strike import view as views
from companion.game.puzzle_strike.actions import parse_action
from companion.game.puzzle_strike.bank import recommended_bank
from companion.game.puzzle_strike.piles import RULES_VERSION, Mode
from companion.game.puzzle_strike.setup import Setup
from printkit.catalog import Catalog

State = room.State


def new_room(
    catalog: Catalog,
    players: Sequence[str],
    mode: Mode,
    edition: int = 3,
    mirrors: bool = False,
    seed: int = 7,
    rules: int = RULES_VERSION,
    best_of: int | None = None,
) -> Any:
    """Start a match with the set's 'First Game' bank (base 2nd or 3rd edition)."""
    set_id = "base-2e" if edition == 2 else "base-3e"
    bank = tuple(c.key for c in recommended_bank(catalog, set_id, "First Game").chips)
    setup = Setup(
        tuple(players), mode, edition, (set_id,), bank, set_id, seed, mirrors, rules=rules,
        best_of=best_of,
    )  # fmt: skip
    return room.start(setup, catalog)


def do(current: Any, catalog: Catalog, actor: str, /, **action: Any) -> Any:
    """Apply one action, given as its JSON fields, by ``actor``."""
    return room.apply(current, parse_action(action), actor, catalog, 0)


def playing(
    catalog: Catalog,
    characters: dict[str, str],
    mode: Mode,
    edition: int = 3,
    rules: int = RULES_VERSION,
    best_of: int | None = None,
) -> Any:
    """Start a match and let everyone choose (no clash): the first game is on."""
    state = new_room(catalog, list(characters), mode, edition, rules=rules, best_of=best_of)
    for player, character in characters.items():
        state = do(state, catalog, player, type="choose", character=character)
    return state


def give(state: Any, catalog: Catalog, player: str, *values: int) -> Any:
    """Put gems into a player's pile (the table's correction action)."""
    for value in values:
        state = do(state, catalog, player, type="add_gem", player=player, value=value)
    return state


def view(state: Any, viewer: str | None, catalog: Catalog) -> dict[str, Any]:
    """Return what a phone shows."""
    return views.view(state, viewer, catalog)


def describe(action: dict[str, Any], actor: str, after: Any) -> str:
    """Return the history line of an action, in English."""
    return told(lines.describe(parse_action(action), actor, after))
