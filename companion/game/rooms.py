"""Kinds of rooms the companion hosts, all kept as an action log replayed by pure rules.

Each kind gives: how to read its setup, its start state, how an action changes the state,
what a viewer may see, and a history line per action. The store, the API, undo / redo and
the phones' sync are the same for every kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.catalog import Catalog


class RoomError(ValueError):
    """An action or setup a room's rules refuse; the message says why."""


@dataclass(frozen=True)
class Rules:
    """What the store needs to know about one kind of room."""

    kind: str
    read_setup: Callable[[Mapping[str, Any]], Any]
    start: Callable[[Any, Catalog], Any]
    apply: Callable[[Any, Mapping[str, Any], str, Catalog, int], Any]
    view: Callable[[Any, str | None, Catalog], dict[str, Any]]
    describe: Callable[[Mapping[str, Any], str, Any], str]
    undo_depth: int | None = None
    """How many actions in a row may be undone (None: all); a new action resets it."""


_RULES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Add a kind of room."""
    _RULES[rules.kind] = rules
    return rules


def rules_for(setup: Mapping[str, Any]) -> Rules:
    """Return the rules of a stored setup (older setups without a kind are Puzzle Strike).

    :raises RoomError: for a kind nobody registered.
    """
    load_kinds()
    kind = str(setup.get("kind", "puzzle-strike"))
    if kind not in _RULES:
        raise RoomError(f"unknown kind of room {kind!r} (known: {', '.join(sorted(_RULES))})")
    return _RULES[kind]


def load_kinds() -> None:
    """Import the modules that register the kinds of rooms."""
    from companion.game import draft_room, shadowfist_room, table  # noqa: F401
    from companion.game.flash_duel import room  # noqa: F401


def stacks_of(
    events: Sequence[tuple[str, Any]],
) -> tuple[list[tuple[int, Any]], list[tuple[int, Any]]]:
    """Return (actions in effect, actions undone and redoable), with their positions.

    ``events`` are (kind, payload) with kind 'action', 'undo' or 'redo'. A new action
    clears what could be redone.
    """
    applied: list[tuple[int, Any]] = []
    undone: list[tuple[int, Any]] = []
    for position, (kind, payload) in enumerate(events):
        if kind == "action":
            applied.append((position, payload))
            undone.clear()
        elif kind == "undo" and applied:
            undone.append(applied.pop())
        elif kind == "redo" and undone:
            applied.append(undone.pop())
    return applied, undone


def replay(rules: Rules, setup: Any, events: Sequence[tuple[str, Any]], catalog: Catalog) -> Any:
    """Rebuild a room's state from its log: the actions in effect, applied in order."""
    state = rules.start(setup, catalog)
    for position, payload in stacks_of(events)[0]:
        state = rules.apply(state, payload["action"], payload["actor"], catalog, position)
    return state
