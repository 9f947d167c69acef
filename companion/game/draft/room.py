"""A Custom Clockwork draft room: one pool, picks in the rulebook's order, one phone each.

Puzzle Strike (2, 3, 4 players or 2 vs 2) and Flash Duel (2 players); the pool and, for
Flash Duel, the coin flip come from the room's seed (see ``rules``). Only the last pick may
be taken back, until the next pick is made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.game.draft import view
from companion.game.draft.actions import Pick, action_to_json, parse_action
from companion.game.draft.rules import (
    REFUSE,
    Draft,
    DraftError,
    deal_flash_duel,
    deal_puzzle_strike,
    pick,
)
from companion.game.errors import InvalidSetup
from companion.game.names import parse_players
from companion.game.rooms import Rules
from printkit.catalog import Catalog, FlashDuelSet, PuzzleStrikeSet

KIND = "draft"
GAMES = ("puzzle-strike", "flash-duel")
DEFAULT_SETS = {"puzzle-strike": "base-3e", "flash-duel": "2e"}


@dataclass(frozen=True)
class Setup:
    """What is drafted, by whom, from which seed."""

    game: str
    players: tuple[str, ...]
    set_id: str
    seed: int
    team_battle: bool = False

    def to_json(self) -> dict[str, object]:
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
        """Read a stored setup back."""
        return cls(
            str(data["game"]),
            tuple(data["players"]),
            str(data["set_id"]),
            int(data["seed"]),
            bool(data.get("team_battle", False)),
        )

    @classmethod
    def from_request(cls, data: Mapping[str, object], catalog: Catalog, seed: int) -> Setup:
        """Read a create request: the game, the set, 2 to 4 players, 2 vs 2 or not.

        :raises InvalidSetup: for fields of the wrong shape; DraftError (at start) for an
            unknown game or set.
        """
        game = data.get("game", "puzzle-strike")
        if not isinstance(game, str):
            raise REFUSE(InvalidSetup, "dr_game_one_of", games=", ".join(GAMES))
        set_id = data.get("set", DEFAULT_SETS.get(game, ""))
        if not isinstance(set_id, str):
            raise REFUSE(InvalidSetup, "dr_set_id")
        players = parse_players(data, 2, 4)
        return cls(game, players, set_id, seed, data.get("team_battle") is True)


def find_set(catalog: Catalog, setup: Setup) -> PuzzleStrikeSet | FlashDuelSet:
    """Return the set drafted from.

    :raises DraftError: for an unknown game or set.
    """
    if setup.game not in GAMES:
        raise REFUSE(DraftError, "dr_game_one_of", games=", ".join(GAMES))
    for game in catalog.games:
        if game.id == setup.game:
            for candidate in game.sets:
                if candidate.id == setup.set_id and isinstance(
                    candidate, (PuzzleStrikeSet, FlashDuelSet)
                ):
                    return candidate
    raise REFUSE(DraftError, "dr_no_set", game=setup.game, set=str(setup.set_id))


def start(setup: Setup, catalog: Catalog) -> Draft:
    """Deal the pool (and flip the coin for Flash Duel).

    :raises DraftError: for bad players, sets, or too few known abilities.
    """
    game_set = find_set(catalog, setup)
    rng = random.Random(setup.seed)
    if isinstance(game_set, PuzzleStrikeSet):
        return deal_puzzle_strike(game_set, setup.players, rng, setup.team_battle)
    return deal_flash_duel(game_set, setup.players, rng)


def apply(state: Draft, action: Pick, actor: str, catalog: Catalog, position: int) -> Draft:
    """Make a pick for the player whose phone sent it.

    :raises DraftError: out of turn, or an item not in the pool or already taken.
    """
    return pick(state, actor, action.key)


def players_of(setup: Setup) -> tuple[str, ...]:
    """Return the seats' names."""
    return setup.players


RULES: Rules[Setup, Draft, Pick] = Rules(
    kind=KIND,
    setup_from_request=Setup.from_request,
    setup_from_json=Setup.from_json,
    setup_to_json=Setup.to_json,
    players=players_of,
    parse_action=parse_action,
    action_to_json=action_to_json,
    start=start,
    apply=apply,
    view=view.view,
    describe=view.describe,
    undo_depth=1,
    is_over=lambda draft: draft.is_done,
)
"""The draft room's rules; what phones see comes from the view module."""
