"""How a finished room places its sides, per kind: the teams and games won a rating reads.

Each kind of room says it in its own terms (Puzzle Strike's match of games, Flash Duel's
sides and rounds, Shadowfist's one winner); this turns that into sides of seat names with
their games won, most first once ranked (``ratings.places_from_wins``). One entry per kind
in ``PLACERS``; a kind that is not there (the draft) is never rated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.game.flash_duel.state import State as DuelState
from companion.game.puzzle_strike.room import State as StrikeState
from companion.game.shadowfist.room import State as ShadowfistState

Sides = tuple[tuple[tuple[str, ...], int], ...]
"""Each side's seat names and the games (or rounds) it won."""


def strike_sides(state: StrikeState) -> Sides | None:
    """Return a decided Puzzle Strike match's sides (players, or 2 vs 2 teams) and wins."""
    m = state.match
    if m is None or m.winner is None:
        return None
    return tuple((m.members(side), m.wins(side)) for side in m.sides)


def duel_sides(state: DuelState) -> Sides | None:
    """Return a decided Flash Duel match's sides as they stand at its end (Raid's Dragon,
    Betrayal's sides as revealed) and the rounds each won."""
    if state.match.winner is None:
        return None
    return tuple((members, state.match.wins(side)) for side, members in state.sides)


def strike_characters(state: StrikeState) -> dict[str, str]:
    """Return each Puzzle Strike player's character at the end of the match."""
    return {} if state.match is None else dict(state.match.characters)


def strike_bank(state: StrikeState) -> tuple[str, ...]:
    """Return the bank's puzzle stacks at the end of the match (``set/chip`` keys)."""
    return () if state.match is None else state.match.bank


def duel_characters(state: DuelState) -> dict[str, str]:
    """Return each Flash Duel fighter's character (none in the simple game)."""
    return dict(state.setup.characters)


def none(state: object) -> dict[str, str]:
    """Return no characters (a game without them)."""
    return {}


def no_bank(state: object) -> tuple[str, ...]:
    """Return no bank (a game without one)."""
    return ()


def shadowfist_sides(state: ShadowfistState) -> Sides | None:
    """Return a won Shadowfist game: the winner first, every other player tied behind."""
    if state.winner is None:
        return None
    return tuple(((p.name,), int(p.name == state.winner)) for p in state.players)


@dataclass(frozen=True)
class Placer:
    """One kind of room's way of placing its sides once its match is decided."""

    kind: str
    game: str
    """The game the rating belongs to."""
    sides: Callable[[Any], Sides | None]
    characters: Callable[[Any], dict[str, str]] = none
    """Each seat's character, by seat name (for the statistics)."""
    bank: Callable[[Any], tuple[str, ...]] = no_bank


PLACERS: tuple[Placer, ...] = (
    Placer("puzzle-strike", "puzzle-strike", strike_sides, strike_characters, strike_bank),
    Placer("flash-duel", "flash-duel", duel_sides, duel_characters),
    Placer("shadowfist", "shadowfist", shadowfist_sides),
)
GAMES: tuple[str, ...] = tuple(p.game for p in PLACERS)


def find_placer(kind: str) -> Placer | None:
    """Return the placer of a kind of room, or None for a kind that is never rated."""
    return next((p for p in PLACERS if p.kind == kind), None)
