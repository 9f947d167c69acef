"""Rule numbers that are printed on sheets and used by the companion's rules engine.

One definition for both (the companion imports printkit, never the other way round).
Seed 000: Panic, Danger and Deadly Time start at X, X+1 and X+2 simultaneously empty
stacks for X players (2 vs 2 counts as 4). Seeds 000 and 001: the height bonus draws 1,
2 or 3 more chips at pile totals of 3, 6 or 9.
"""

from __future__ import annotations

PANIC_STEPS = (0, 1, 2)
"""Empty stacks beyond X that start Panic, Danger and Deadly Time."""
PANIC_ANTES = (2, 3, 4)
"""The gem each level antes."""
TEAM_BATTLE_PLAYERS = 4
HEIGHT_BONUS = ((9, 3), (6, 2), (3, 1))
"""(pile total at least, extra chips drawn), highest first."""


def panic_thresholds(players: int, team_battle: bool = False) -> tuple[int, int, int]:
    """Return the empty-stack counts that start Panic, Danger and Deadly Time."""
    x = TEAM_BATTLE_PLAYERS if team_battle else players
    panic, danger, deadly = (x + step for step in PANIC_STEPS)
    return panic, danger, deadly


def height_bonus(total: int) -> int:
    """Return the extra chips drawn at cleanup for a gem pile of this total."""
    return next((extra for least, extra in HEIGHT_BONUS if total >= least), 0)
