"""A Custom Clockwork draft room: one pool, picks in the rulebook's order, one phone each.

Puzzle Strike (2, 3, 4 players or 2 vs 2) and Flash Duel (2 players); the pool and, for
Flash Duel, the coin flip come from the room's seed (see ``companion.game.draft``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.game import draft
from companion.game.rooms import RoomError
from printkit.catalog import Catalog, FlashDuelSet, PuzzleStrikeSet

KIND = "draft"
GAMES = ("puzzle-strike", "flash-duel")


class DraftRoomError(RoomError):
    """A pick or setup the draft room refuses."""


@dataclass(frozen=True)
class Setup:
    """What is drafted, by whom, from which seed."""

    game: str
    players: tuple[str, ...]
    set_id: str
    seed: int
    team_battle: bool = False

    def to_json(self) -> dict[str, Any]:
        """Describe the setup as JSON-ready data."""
        return {
            "kind": KIND,
            "game": self.game,
            "players": list(self.players),
            "set_id": self.set_id,
            "seed": self.seed,
            "team_battle": self.team_battle,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Read a setup back."""
        return cls(
            str(data["game"]),
            tuple(data["players"]),
            str(data["set_id"]),
            int(data["seed"]),
            bool(data.get("team_battle", False)),
        )


def find_set(catalog: Catalog, setup: Setup) -> PuzzleStrikeSet | FlashDuelSet:
    """Return the set drafted from.

    :raises DraftRoomError: for an unknown game or set.
    """
    if setup.game not in GAMES:
        raise DraftRoomError(f"'game' must be one of {', '.join(GAMES)}")
    for game in catalog.games:
        if game.id == setup.game:
            for candidate in game.sets:
                if candidate.id == setup.set_id and isinstance(
                    candidate, (PuzzleStrikeSet, FlashDuelSet)
                ):
                    return candidate
    raise DraftRoomError(f"{setup.game} has no set {setup.set_id!r}")


def start(setup: Setup, catalog: Catalog) -> draft.Draft:
    """Deal the pool (and flip the coin for Flash Duel).

    :raises DraftRoomError: for bad players, sets, or too few known abilities.
    """
    game_set = find_set(catalog, setup)
    rng = random.Random(setup.seed)
    try:
        if isinstance(game_set, PuzzleStrikeSet):
            return draft.deal_puzzle_strike(game_set, setup.players, rng, setup.team_battle)
        return draft.deal_flash_duel(game_set, setup.players, rng)
    except draft.DraftError as exc:
        raise DraftRoomError(str(exc)) from None


def apply(
    state: draft.Draft, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> draft.Draft:
    """Make a pick for the player whose phone sent it.

    :raises DraftRoomError: for any other action, out-of-turn or taken picks.
    """
    if action.get("type") != "pick":
        raise DraftRoomError("the only action in a draft room is 'pick' (with 'key')")
    key = action.get("key")
    if not isinstance(key, str):
        raise DraftRoomError("'key' must name an item of the pool")
    try:
        return draft.pick(state, actor, key)
    except draft.DraftError as exc:
        raise DraftRoomError(str(exc)) from None


def view(state: draft.Draft, viewer: str | None, catalog: Catalog) -> dict[str, Any]:
    """Describe the draft: pool, whose pick, every seat's picks (nothing is secret)."""
    owner = {key: state.seats[seat - 1] for seat, key in state.picks}
    turn = state.whose_pick()
    return {
        "kind": KIND,
        "game": state.game,
        "you": viewer,
        "seats": list(state.seats),
        "order": list(state.order),
        "done": state.is_done,
        "turn": None if turn is None else state.seats[turn - 1],
        "pool": [
            {"key": i.key, "name": i.name, "character": i.character, "taken_by": owner.get(i.key)}
            for i in state.pool
        ],
        "picks": {
            name: [i.key for i in state.picked_by(n + 1)] for n, name in enumerate(state.seats)
        },
        "teams": team_names(state),
        "first_player": draft.first_player(state) if state.game == "flash-duel" else None,
    }


def team_names(state: draft.Draft) -> list[list[str]] | None:
    """Return the 2 vs 2 teams by player name (seats 1 & 4 against 2 & 3), or None."""
    teams = state.teams()
    if teams is None:
        return None
    return [[state.seats[seat - 1] for seat in team] for team in teams]


def describe(action: Mapping[str, Any], actor: str, after: Any) -> str:
    """Say a pick in one history line."""
    name = action.get("key")
    if isinstance(after, draft.Draft):
        name = next((i.name for i in after.pool if i.key == action.get("key")), name)
    return f"{actor} picked {name}"
