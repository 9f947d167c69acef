"""What one phone's player must do now: the prompt and the buttons of a table's bottom bar.

Each game has a pure function that reads the state as a phone is sent it and returns a
``NextStep`` for the viewer's seat (or ``None`` for a spectator or a finished table); the
page draws the bar from it. The prompt is a word key (looked up in the phone's language)
with its English text, whose ``{slots}`` are filled from ``args``.
"""

from __future__ import annotations

from typing import NotRequired

from companion.game.words import Said, filled


class NextStep(Said):
    """The bar at the bottom of one phone: its prompt (a word key with slots) and buttons."""

    mine: bool
    """True when this phone's player must act now; False while it waits for others."""
    actions: list[str]
    """The buttons the bar offers, by name (the page knows what each one sends)."""
    hint: NotRequired[Said]
    """A short line under the prompt that explains it (e.g. what counter-crash means)."""


def step(mine: bool, say: str, text: str, *actions: str, **args: str | int) -> NextStep:
    """Build one next step: its prompt, the buttons it offers, and the prompt's slots."""
    return {"mine": mine, "say": say, "text": text, "args": args, "actions": list(actions)}


def said(next_step: NextStep) -> str:
    """Return the prompt in English with its slots filled (for tests and logs)."""
    return filled(next_step)


def names(players: list[str] | tuple[str, ...]) -> str:
    """Join player names for a prompt: 'Ana', 'Ana, Ben'."""
    return ", ".join(players)
