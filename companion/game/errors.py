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


E = TypeVar("E", bound=Exception)


class Refusals:
    """One module's refusals: word key -> English text with {slots}."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        ALL.append(self)

    def __call__(self, kind: type[E], key: str, /, **args: str | int) -> E:
        """Return the error ``kind`` saying this refusal (raise it); any error class whose
        ``said`` the web layer answers (the rules', the store's, the club's, the API's).

        :raises KeyError: for a key the table does not have.
        """
        text, said = self.say(key, **args)
        return saying(kind(text), said)

    def say(self, key: str, /, **args: str | int) -> tuple[str, Said]:
        """Return this refusal's English text and its word key with slots.

        :raises KeyError: for a key the table does not have.
        """
        return self.texts[key].format(**args), {"say": key, "text": self.texts[key], "args": args}


def passed_on(kind: type[E], error: BaseException) -> E:
    """Return the error ``kind`` with another error's text and word key (raise it)."""
    return saying(kind(str(error)), said_of(error))


def saying(error: E, said: Said | None) -> E:
    """Return the error with this word key and slots (None: said in English only)."""
    setattr(error, "said", said)  # noqa: B010 (any error class, not only GameError)
    return error


def with_terms(error: E, **terms: str) -> E:
    """Return the error with these slots said as terms (their value's word key, e.g. a
    player's status 't_status_dropped'), so a phone shows them in its language too."""
    said = said_of(error)
    if said is not None:
        said["terms"] = {**said.get("terms", {}), **terms}
    return error


def said_of(error: BaseException) -> Said | None:
    """Return the word key and slots an error was raised with (None: said in English only)."""
    said: Said | None = getattr(error, "said", None)
    return said


ALL: list[Refusals] = []
"""Every refusal table (tests check each key has Japanese)."""


class InvalidSetup(GameError):
    """A setup request of the wrong shape (HTTP 400)."""


class InvalidAction(GameError):
    """An action of the wrong shape (HTTP 400)."""


class IllegalMove(GameError):
    """An action or setup the rules refuse in this state (HTTP 422)."""
