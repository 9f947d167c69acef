"""Whose decision each of a phone's controls is, read from a room's own ``deciders``.

A view names its controls by a sample action each ("add_gem:Ben": a gem put in Ben's pile);
this module asks the room's rules whose decision that action is. The page then draws a
control as its viewer's own, folds it behind "Record for Ben" at a casual table, or leaves
it out at a tournament table, without a copy of the rules in JavaScript.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT")
Whose = dict[str, list[str] | None]
"""A control's key -> the seats whose decision it is (None: anyone's, e.g. a shared pile)."""


def whose(
    deciders: Callable[[ActionT, StateT], tuple[str, ...] | None],
    state: StateT,
    samples: Mapping[str, ActionT],
) -> Whose:
    """Return, for each control named by a sample action, the seats whose decision it is."""
    found: Whose = {}
    for key, action in samples.items():
        seats = deciders(action, state)
        found[key] = None if seats is None else list(dict.fromkeys(seats))
    return found
