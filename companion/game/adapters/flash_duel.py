"""The Flash Duel table (``companion.game.duel_room``) under the room contract."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from companion.game import duel_room
from companion.game.adapters import action_json, action_mapping
from companion.game.errors import IllegalMove, InvalidSetup
from companion.game.names import parse_players
from companion.game.rooms import Rules
from printkit.catalog import Catalog


def characters_of(data: Mapping[str, Any]) -> dict[str, str]:
    """Read 'characters': player name -> character id (names read as parse_players does).

    :raises InvalidSetup: when it is not such a map.
    """
    characters = data.get("characters") or {}
    if not isinstance(characters, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in characters.items()
    ):
        raise InvalidSetup("'characters' must map each player to a character id")
    return {unicodedata.normalize("NFC", k).strip(): v for k, v in characters.items()}


def name_field(data: Mapping[str, Any], key: str) -> str | None:
    """Read an optional name ('dragon', 'bot') as parse_players reads names."""
    value = data.get(key)
    return unicodedata.normalize("NFC", value).strip() if isinstance(value, str) else None


def setup_from_request(data: Mapping[str, Any], catalog: Catalog, seed: int) -> duel_room.Setup:
    """Read a Flash Duel table's setup: mode, players, characters, Dragon or bot.

    :raises InvalidSetup: for a field of the wrong shape; IllegalMove for an unknown mode.
    """
    players = parse_players(data, 1, 5)
    characters = characters_of(data)
    mode = data.get("mode", "full")
    if not isinstance(mode, str) or mode not in duel_room.MODES:
        raise IllegalMove(f"'mode' must be one of {', '.join(duel_room.MODES)}")
    dragon = name_field(data, "dragon")
    if mode not in ("simple", "custom-clockwork"):
        missing = [p for p in players if p not in characters and p != dragon]
        if missing:
            raise InvalidSetup(f"'characters' needs a character for {', '.join(missing)}")
    return duel_room.Setup(
        mode, players, seed, tuple(characters.items()), dragon=dragon, bot=name_field(data, "bot")
    )


def players_of(setup: duel_room.Setup) -> tuple[str, ...]:
    """Return the seats' names."""
    return setup.players


def to_json(setup: duel_room.Setup) -> dict[str, Any]:
    """Return the setup as stored."""
    return setup.to_json()


def describe(action: Mapping[str, Any], actor: str, after: duel_room.State) -> str:
    """Say an action in one history line."""
    return duel_room.describe(action, actor, after)


RULES: Rules[duel_room.Setup, duel_room.State, Mapping[str, Any]] = Rules(
    kind=duel_room.KIND,
    setup_from_request=setup_from_request,
    setup_from_json=duel_room.Setup.from_json,
    setup_to_json=to_json,
    players=players_of,
    parse_action=action_mapping,
    action_to_json=action_json,
    start=duel_room.start,
    apply=duel_room.apply,
    view=duel_room.view,
    describe=describe,
)
