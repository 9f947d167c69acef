"""What one phone's player must do now: the prompt and the buttons of a table's bottom bar.

Each game has a pure function that reads the state as a phone is sent it and returns a
``NextStep`` for the viewer's seat (or ``None`` for a spectator or a finished table); the
page draws the bar from it. The prompt is a word key (looked up in the phone's language)
with its English text, whose ``{slots}`` are filled from ``args``.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class NextStep(TypedDict):
    """The bar at the bottom of one phone."""

    mine: bool
    """True when this phone's player must act now; False while it waits for others."""
    say: str
    """The prompt's word key, e.g. 'ps_ante_first'."""
    text: str
    """The prompt in English, with {slots} filled from args."""
    args: dict[str, str | int]
    actions: list[str]
    """The buttons the bar offers, by name (the page knows what each one sends)."""
    terms: NotRequired[dict[str, str]]
    """Slots whose value is a game term, with its word key (shown in the phone's language)."""
    hint: NotRequired[Hint]
    """A short line under the prompt that explains it (e.g. what counter-crash means)."""


class Hint(TypedDict):
    """A line of help under a prompt: its word key, English text and slots, as a prompt's."""

    say: str
    text: str
    args: dict[str, str | int]


def step(mine: bool, say: str, text: str, *actions: str, **args: str | int) -> NextStep:
    """Build one next step: its prompt, the buttons it offers, and the prompt's slots."""
    return {"mine": mine, "say": say, "text": text, "args": args, "actions": list(actions)}


def said(next_step: NextStep) -> str:
    """Return the prompt in English with its slots filled (for tests and logs)."""
    return next_step["text"].format(**next_step["args"])


def names(players: list[str] | tuple[str, ...]) -> str:
    """Join player names for a prompt: 'Ana', 'Ana, Ben'."""
    return ", ".join(players)
