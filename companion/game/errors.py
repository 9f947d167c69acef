"""The errors the game rules raise: a bad shape (400) versus a move the rules refuse (422).

As python-chess separates ``InvalidMoveError`` (bad notation) from ``IllegalMoveError`` (the
position forbids it), a request that cannot even be read is ``InvalidSetup`` /
``InvalidAction``, and one the rules refuse in this state is ``IllegalMove``.

A refusal said through a ``Refusals`` table carries its word key and slots (``said``), as
the history does, so a phone shows it in its own language (Japanese in static/refusals.js).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from companion.game.words import Said


class GameError(ValueError):
    """Base of every error the game rules raise."""

    said: Said | None = None
    """The refusal as a word key with its slots (None: said in English only)."""


E = TypeVar("E", bound=GameError)


class Refusals:
    """One module's refusals: word key -> English text with {slots}."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        ALL.append(self)

    def __call__(self, kind: type[E], key: str, /, **args: str | int) -> E:
        """Return the error ``kind`` saying this refusal (raise it).

        :raises KeyError: for a key the table does not have.
        """
        error = kind(self.texts[key].format(**args))
        error.said = {"say": key, "text": self.texts[key], "args": args}
        return error


ALL: list[Refusals] = []
"""Every refusal table (tests check each key has Japanese)."""


class InvalidSetup(GameError):
    """A setup request of the wrong shape (HTTP 400)."""


class InvalidAction(GameError):
    """An action of the wrong shape (HTTP 400)."""


class IllegalMove(GameError):
    """An action or setup the rules refuse in this state (HTTP 422)."""
