"""Panic Time: bigger antes once enough bank stacks are empty at the same moment.

Rules (seed 000, "Panic Time!"): with X players (2 vs 2 counts as 4), the first moment X
stacks are empty at once starts Panic Time (everyone antes 2-gems), X+1 starts Danger Time
(3-gems), X+2 Deadly Time (4-gems). A level never goes back, even if stacks refill.
Stacks removed by Into Oblivion count as empty. In Last Man Standing each elimination
raises the level by one. The ante is owed even when the bank is out of that gem.
Panic Time is a 3rd-edition rule: a 2nd-edition game (seed 001) always antes 1-gems.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from enum import IntEnum

from companion.game.puzzle_strike.refusals import REFUSE
from printkit.rules import TEAM_BATTLE_PLAYERS, panic_thresholds


class PanicLevel(IntEnum):
    """How big the ante is: the level's value is the ante gem."""

    NORMAL = 1
    PANIC = 2
    DANGER = 3
    DEADLY = 4

    @property
    def label(self) -> str:
        """Return the level's name as players say it."""
        return {1: "Normal Time", 2: "Panic Time", 3: "Danger Time", 4: "Deadly Time"}[self.value]


class PanicError(ValueError):
    """A player count or stack count that makes no sense."""


def counted_players(players: int, team_battle: bool = False) -> int:
    """Return X of the Panic rules: the player count, 4 for a 2 vs 2 Team Battle.

    :raises PanicError: for fewer than 2 or more than 4 players.
    """
    if team_battle:
        return TEAM_BATTLE_PLAYERS
    if not 2 <= players <= 4:
        raise REFUSE(PanicError, "ps_panic_players", n=players)
    return players


def thresholds(players: int, team_battle: bool = False) -> dict[PanicLevel, int]:
    """Return the number of empty stacks that starts each level."""
    panic, danger, deadly = panic_thresholds(counted_players(players, team_battle), team_battle)
    return {PanicLevel.PANIC: panic, PanicLevel.DANGER: danger, PanicLevel.DEADLY: deadly}


@functools.cache  # a pure function of three small numbers, asked after every action
def level_for(empty_stacks: int, players: int, team_battle: bool = False) -> PanicLevel:
    """Return the level that this many empty stacks at once calls for."""
    if empty_stacks < 0:
        raise REFUSE(PanicError, "ps_panic_empty", n=empty_stacks)
    reached = [lvl for lvl, n in thresholds(players, team_battle).items() if empty_stacks >= n]
    return max(reached, default=PanicLevel.NORMAL)


@dataclass(frozen=True)
class PanicState:
    """The level a game has reached; it only ever rises."""

    players: int
    team_battle: bool = False
    level: PanicLevel = PanicLevel.NORMAL
    eliminations: int = 0
    """Last Man Standing eliminations so far (each raises the level by one)."""
    active: bool = True
    """False in the 2nd edition, which has no Panic Time."""

    def after_empty_count(self, empty_stacks: int) -> PanicState:
        """Return the state after the bank shows this many empty (or removed) stacks."""
        if not self.active:
            return self
        reached = level_for(empty_stacks, self.players, self.team_battle)
        raised = PanicLevel(min(PanicLevel.DEADLY, reached + self.eliminations))
        return replace(self, level=max(self.level, raised))

    def after_elimination(self) -> PanicState:
        """Return the state after a Last Man Standing elimination."""
        if not self.active:
            return self
        level = PanicLevel(min(PanicLevel.DEADLY, self.level + 1))
        return replace(self, level=level, eliminations=self.eliminations + 1)

    @property
    def ante(self) -> int:
        """Return the value of the gem each player antes now."""
        return int(self.level)


def describe_thresholds(players: int, team_battle: bool = False) -> str:
    """Say the thresholds in one line, e.g. for a bank setup sheet."""
    t = thresholds(players, team_battle)
    who = "2 vs 2" if team_battle else f"{players} players"
    return (
        f"{who}: Panic at {t[PanicLevel.PANIC]} empty stacks, "
        f"Danger at {t[PanicLevel.DANGER]}, Deadly at {t[PanicLevel.DEADLY]}"
    )


def count_empty(stack_counts: dict[str, int], removed: frozenset[str] = frozenset()) -> int:
    """Count the stacks that are empty for Panic Time: none left, or removed from the
    game by Into Oblivion."""
    return sum(1 for key, n in stack_counts.items() if n <= 0 or key in removed) + sum(
        1 for key in removed if key not in stack_counts
    )
