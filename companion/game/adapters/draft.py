"""The Custom Clockwork draft room (``companion.game.draft_room``) under the room contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import draft, draft_room
from companion.game.adapters import action_json, action_mapping
from companion.game.errors import InvalidSetup
from companion.game.names import parse_players
from companion.game.rooms import Rules
from printkit.catalog import Catalog


def setup_from_request(data: Mapping[str, Any], catalog: Catalog, seed: int) -> draft_room.Setup:
    """Read a draft room's setup: the game, 2 to 4 players, the set, 2 vs 2 or not."""
    game = data.get("game", "puzzle-strike")
    set_id = data.get("set", "base-3e" if game == "puzzle-strike" else "2e")
    if not isinstance(set_id, str):
        raise InvalidSetup("'set' must be a set id")
    players = parse_players(data, 2, 4)
    return draft_room.Setup(str(game), players, set_id, seed, data.get("team_battle") is True)


def players_of(setup: draft_room.Setup) -> tuple[str, ...]:
    """Return the seats' names."""
    return setup.players


def to_json(setup: draft_room.Setup) -> dict[str, Any]:
    """Return the setup as stored."""
    return setup.to_json()


RULES: Rules[draft_room.Setup, draft.Draft, Mapping[str, Any]] = Rules(
    kind=draft_room.KIND,
    setup_from_request=setup_from_request,
    setup_from_json=draft_room.Setup.from_json,
    setup_to_json=to_json,
    players=players_of,
    parse_action=action_mapping,
    action_to_json=action_json,
    start=draft_room.start,
    apply=draft_room.apply,
    view=draft_room.view,
    describe=draft_room.describe,
    undo_depth=1,  # only the last pick may be taken back, until the next pick is made
)
