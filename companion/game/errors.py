"""The errors the game rules raise: a bad shape (400) versus a move the rules refuse (422).

As python-chess separates ``InvalidMoveError`` (bad notation) from ``IllegalMoveError`` (the
position forbids it), a request that cannot even be read is ``InvalidSetup`` /
``InvalidAction``, and one the rules refuse in this state is ``IllegalMove``.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the game rules raise."""


class InvalidSetup(GameError):
    """A setup request of the wrong shape (HTTP 400)."""


class InvalidAction(GameError):
    """An action of the wrong shape (HTTP 400)."""


class IllegalMove(GameError):
    """An action or setup the rules refuse in this state (HTTP 422)."""
