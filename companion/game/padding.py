"""Secrets padded to one width, so an answer's length does not tell them (issue #26).

Over HTTPS an onlooker still sees how long each answer is: "traitor" is two letters longer
than "loyal", and a secret pick's id or name has its own length. A view that shows its
viewer a secret also sends ``pad``, spaces that bring the secrets' JSON to ``SECRET_WIDTH``
bytes whatever they are (measured as the server writes JSON: ASCII, no spaces).
"""

from __future__ import annotations

import json

SECRET_WIDTH = 160
"""More than any secret the catalog can hold (a character's name, in escaped Japanese too);
tests/game/test_secret_sizes.py checks every character of every game against it."""


def json_size(value: object) -> int:
    """Return how many bytes a value takes in an answer."""
    return len(json.dumps(value, separators=(",", ":")).encode())


def pad_for(*secrets: object) -> str:
    """Return the spaces that bring these secrets' JSON to ``SECRET_WIDTH`` bytes."""
    return " " * max(0, SECRET_WIDTH - sum(json_size(s) for s in secrets))
