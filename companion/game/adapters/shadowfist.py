"""The Shadowfist table (``companion.game.shadowfist_room``) under the room contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import shadowfist_room as room
from companion.game.adapters import action_json, action_mapping
from companion.game.names import parse_players
from companion.game.rooms import Rules
from printkit.catalog import Catalog


def setup_from_request(data: Mapping[str, Any], catalog: Catalog, seed: int) -> room.Setup:
    """Read a Shadowfist table's setup: 2 to 6 players."""
    return room.Setup(parse_players(data, 2, room.MAX_PLAYERS), seed)


def players_of(setup: room.Setup) -> tuple[str, ...]:
    """Return the seats' names."""
    return setup.players


def to_json(setup: room.Setup) -> dict[str, Any]:
    """Return the setup as stored."""
    return setup.to_json()


RULES: Rules[room.Setup, room.State, Mapping[str, Any]] = Rules(
    kind=room.KIND,
    setup_from_request=setup_from_request,
    setup_from_json=room.Setup.from_json,
    setup_to_json=to_json,
    players=players_of,
    parse_action=action_mapping,
    action_to_json=action_json,
    start=room.start,
    apply=room.apply,
    view=room.view,
    describe=room.describe,
)
