"""The one action of a draft room: a pick, read from ``{"type": "pick", "key": ...}``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.game.errors import InvalidAction

MAX_KEY = 200


@dataclass(frozen=True)
class Pick:
    """The player whose pick it is takes an item of the pool."""

    key: str
    """``character/chip`` (or ``character/ability``)."""


def parse_action(data: Mapping[str, object]) -> Pick:
    """Read a pick.

    :raises InvalidAction: for any other action, or a key that is not text.
    """
    if data.get("type") != "pick":
        raise InvalidAction("the only action in a draft room is 'pick' (with 'key')")
    key = data.get("key")
    if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY:
        raise InvalidAction("'key' must name an item of the pool")
    return Pick(key)


def action_to_json(action: Pick) -> dict[str, object]:
    """Return a pick as the log stores it."""
    return {"type": "pick", "key": action.key}
