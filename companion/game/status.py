"""The status line every room page keeps on screen: each side's key numbers, the viewer's
side first, and what concerns the whole table (issue 27, item 3).

Each game's view module fills it from its state; the words are word keys with {slots}
(Japanese in static/status.js, checked by tests/web/test_status_line.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from companion.game.words import Said

__all__ = ["Said", "Status", "StatusSide", "WORDS", "count", "say", "side", "status"]

WORDS: dict[str, str] = {
    "st_pile": "pile {total}/10",
    "st_out": "out",
    "st_level_1": "Normal Time · ante 1",
    "st_level_2": "Panic Time · ante 2",
    "st_level_3": "Danger Time · ante 3",
    "st_level_4": "Deadly Time · ante 4",
    "st_air": "in the air: {ones} → {target}",
    "st_floating": "floating: {ones} → {target}",
    "st_space": "space {space}",
    "st_at": "{who} on {space}",
    "st_rounds": "rounds {won}/{of}",
    "st_hit_points": "{n} hit points",
    "st_hit_point": "1 hit point",
    "st_deck": "pile {n} left",
    "st_sites": "{n} sites",
    "st_site": "1 site",
    "st_power": "power {n}",
    "st_victory": "{n}/{of} toward victory",
}
"""Every word of the status line: word key -> English text with {slots}."""


class StatusSide(TypedDict):
    """One side of the table (a player, or a team sharing a pile) and its numbers."""

    name: str
    mine: bool
    """The viewer plays on this side (drawn first and marked)."""
    turn: bool
    """It is this side's turn."""
    facts: list[Said]


class Status(TypedDict):
    """The status line: every side, the viewer's first, then what concerns the table."""

    sides: list[StatusSide]
    table: list[Said]


def say(key: str, **args: str | int) -> Said:
    """Return a status word with its slots.

    :raises KeyError: for a key the status line does not have.
    """
    return {"say": key, "text": WORDS[key], "args": args}


def side(
    name: str, members: Iterable[str], viewer: str | None, turn: bool, *facts: Said
) -> StatusSide:
    """Describe one side; ``mine`` when the viewer is one of its members."""
    return {"name": name, "mine": viewer in set(members), "turn": turn, "facts": list(facts)}


def status(sides: Iterable[StatusSide], table: Iterable[Said] = ()) -> Status:
    """Put the viewer's side first, the others in table order."""
    ordered = sorted(sides, key=lambda s: not s["mine"])
    return {"sides": ordered, "table": list(table)}


def count(one: str, many: str, n: int, **args: str | int) -> Said:
    """Say a count: the singular key for exactly 1 ('1 site', '1 hit point')."""
    return say(one, **args) if n == 1 else say(many, n=n, **args)
