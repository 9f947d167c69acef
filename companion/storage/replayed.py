"""A match replayed at one version, as the store caches it: the state, the last history
lines, the stacks of actions in effect and undone, and who owns the actions undo and redo
would move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.game import rooms

Stack = tuple[int, "Stack"] | None
"""An immutable linked stack of positions: (top, rest). Push and pop are O(1)."""


@dataclass
class Cached:
    """A replayed match at one version, and the JSON answers already made for it.

    It holds no copy of the log: writing costs the same however long the match is.
    """

    version: int
    rules: rooms.Rules[Any, Any, Any]
    setup: Any
    state: Any
    lines: tuple[str, ...]
    """The last lines of the history (at most HISTORY)."""
    applied: Stack = None
    """Positions of the actions in effect, the latest on top."""
    undone: Stack = None
    """Positions of undone actions that redo brings back, the last undone on top."""
    top_is_final: bool = False
    """The action on top of ``applied`` can never be undone (the rules say it is final, or
    it ended a tournament table's match)."""
    top: Owned | None = None
    """The action on top of ``applied``: the last in effect, which undo would take back."""
    redo_top: Owned | None = None
    """The action on top of ``undone``, which redo would bring back."""
    answers: dict[str, bytes] = field(default_factory=dict)
    """Response bodies by seat version and viewer, made once per version."""

    def can_undo_redo(self, viewer: str | None) -> tuple[bool, bool]:
        """Return (can undo, can redo) for this viewer's phone."""
        can_undo = self.top is not None and self.undo_refusal(viewer) is None
        return can_undo, self.redo_top is not None and self.redo_top.actor == viewer

    def undo_refusal(self, viewer: str | None, for_anyone: bool = False) -> str | None:
        """Return why this viewer may not undo now, or None when they may. ``for_anyone``:
        a tournament's organiser, who may take back any seat's action (not a final one)."""
        if self.top is None:
            return "there is nothing to undo"
        if self.top_is_final:
            return f"'{self.top.line}' is final: it cannot be taken back"
        if self.top.actor != viewer and not for_anyone:
            return (f"only {self.top.actor}'s phone can take back '{self.top.line}': "
                    f"ask {self.top.actor} to undo it")  # fmt: skip
        depth = self.rules.undo_depth
        if depth is not None and stack_depth(self.undone) >= depth:
            return "only the last action can be taken back here, once"
        return None

    def undo_offer(self, viewer: str | None) -> dict[str, Any] | None:
        """Return what this viewer's undo would take back (its line and log position)."""
        if self.top is None or self.undo_refusal(viewer) is not None:
            return None
        return {"line": self.top.line, "target": self.top.position}

    def short_answer(self, viewer: str) -> dict[str, Any]:
        """Return what a write answers: the new version, its history line, undo / redo."""
        can_undo, can_redo = self.can_undo_redo(viewer)
        line = self.lines[-1] if self.lines else ""
        return {"version": self.version, "line": line, "can_undo": can_undo,
                "can_redo": can_redo, "undo": self.undo_offer(viewer)}  # fmt: skip


@dataclass(frozen=True)
class Owned:
    """An action in a match's log with the seat that made it."""

    position: int
    """Its place in the log (0 = the first event)."""
    actor: str
    line: str


def stack_depth(stack: Stack) -> int:
    """Count the entries of a stack."""
    count = 0
    while stack is not None:
        count, stack = count + 1, stack[1]
    return count


def stack_of(positions: list[int]) -> Stack:
    """Build a stack whose top is the last position."""
    stack: Stack = None
    for position in positions:
        stack = (position, stack)
    return stack
