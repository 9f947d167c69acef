"""strikekit's companion: the rules engine (``companion.game``) and, on top, the phone app."""

__version__ = "0.1.0"
