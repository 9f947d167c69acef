"""The one action of a draft room: a pick, read from ``{"type": "pick", "key": ...}``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.game.draft.rules import REFUSE
from companion.game.errors import InvalidAction
from companion.game.fields import text


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
        raise REFUSE(InvalidAction, "dr_only_pick")
    return Pick(text(data, "key", "gm_field_pool_item"))


def action_to_json(action: Pick) -> dict[str, object]:
    """Return a pick as the log stores it."""
    return {"type": "pick", "key": action.key}
