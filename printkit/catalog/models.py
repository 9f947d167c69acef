"""The catalog as a whole: games, their sets, and lookups across them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from printkit.catalog.common import parse_slug
from printkit.catalog.flash_duel import FlashDuelSet
from printkit.catalog.puzzle_strike import PuzzleStrikeSet
from printkit.catalog.schema import meta
from printkit.catalog.shadowfist import ShadowfistSet

GameSet = PuzzleStrikeSet | FlashDuelSet | ShadowfistSet

SET_SCHEMAS: dict[str, type[PuzzleStrikeSet] | type[FlashDuelSet] | type[ShadowfistSet]] = {
    cls.SCHEMA: cls for cls in (PuzzleStrikeSet, FlashDuelSet, ShadowfistSet)
}
"""Set model per game schema; a new kind of game adds its class here."""
MEMO_SIZE = 4096
"""Look-ups a catalog keeps (``Catalog.remembered``): one per bank and viewer in use, about."""
T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class Game:
    """A game of the catalog and its sets."""

    id: str = meta(parse=parse_slug)
    name: str
    schema: str = meta(choices=tuple(SET_SCHEMAS))
    publisher: str
    order: int = meta(minimum=0, maximum=1000, default=100)
    """Where the game comes in listings (lower first)."""
    sets: tuple[GameSet, ...] = meta(default=())

    def set(self, set_id: str) -> GameSet:
        """Return the set with this id.

        :raises KeyError: when the game has no such set.
        """
        for game_set in self.sets:
            if game_set.id == set_id:
                return game_set
        known = ", ".join(s.id for s in self.sets)
        raise KeyError(f"game {self.id!r} has no set {set_id!r} (known: {known})")


@dataclass(frozen=True)
class Catalog:
    """Every game, loaded and validated."""

    games: tuple[Game, ...]
    sources: tuple[str, ...]
    """The data directories it was read from, ours first."""

    def game(self, game_id: str) -> Game:
        """Return the game with this id.

        :raises KeyError: when there is no such game.
        """
        for game in self.games:
            if game.id == game_id:
                return game
        known = ", ".join(g.id for g in self.games)
        raise KeyError(f"no game {game_id!r} (known: {known})")

    def puzzle_strike_sets(self) -> tuple[PuzzleStrikeSet, ...]:
        """Return every Puzzle Strike set (worked out once: every state view asks)."""
        return self.all_puzzle_strike_sets

    @cached_property
    def all_puzzle_strike_sets(self) -> tuple[PuzzleStrikeSet, ...]:
        """Every Puzzle Strike set, in catalog order (see ``puzzle_strike_sets``)."""
        return tuple(s for g in self.games for s in g.sets if isinstance(s, PuzzleStrikeSet))

    @cached_property
    def memo(self) -> dict[Hashable, Any]:
        """Answers of pure look-ups on this catalog (it never changes), by a key that starts
        with the name of the function that made it (see ``remembered``)."""
        return {}

    def remembered(self, key: Hashable, make: Callable[[], T]) -> T:
        """Return ``make()``, made once per key (at most MEMO_SIZE keys are kept)."""
        try:
            found: T = self.memo[key]
        except KeyError:
            if len(self.memo) >= MEMO_SIZE:
                self.memo.clear()
            found = self.memo[key] = make()
        return found
