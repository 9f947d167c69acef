"""The errors every game's rules raise (pure: the web layer maps them to status codes)."""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the game rules raise."""


class InvalidSetup(GameError):
    """A setup request of the wrong shape (HTTP 400)."""


class InvalidAction(GameError):
    """An action of the wrong shape (HTTP 400)."""


class IllegalMove(GameError):
    """An action or setup the rules refuse in this state (HTTP 422)."""
