"""Rules adapters for the rooms written before the typed room contract (see rooms.Rules).

Each adapter reads a create request into the room's setup, checks that an action is an
object, and otherwise hands over to the room's module. A game package that exports its
own typed ``RULES`` replaces its adapter in ``companion.kinds``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game.errors import InvalidAction


def action_mapping(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return an action object as it is (the room's own code reads its fields).

    :raises InvalidAction: when it is not an object with a text 'type'.
    """
    if not isinstance(data, Mapping):
        raise InvalidAction('\'action\' must be an object, e.g. {"type": "ante"}')
    if not isinstance(data.get("type"), str):
        raise InvalidAction("'action' needs a 'type' (text), e.g. {\"type\": \"ante\"}")
    return data


def action_json(action: Mapping[str, Any]) -> dict[str, Any]:
    """Return an action as the log stores it."""
    return dict(action)
