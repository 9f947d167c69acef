"""A tournament's settings, read from JSON with a clear message for each bad field."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.game.names import problem_with
from companion.game.puzzle_strike.bank import BankError
from companion.game.puzzle_strike.bank_json import options_from_json
from companion.game.tournament.banks import POLICIES, BankPolicy
from companion.game.tournament.model import (
    GAMES,
    REFUSE,
    TOP_CUTS,
    MatchFormat,
    TournamentError,
    find_format,
)

DUEL_MODES = ("full", "custom-clockwork")
MAX_ROUNDS = 15
MAX_TITLE = 60


@dataclass(frozen=True)
class Config:
    """What the organiser chose when creating the tournament."""

    name: str
    game: str = "puzzle-strike"
    sets: tuple[str, ...] = ("base-3e",)
    """Puzzle Strike sets the banks come from."""
    mode: str = "full"
    """Flash Duel: 'full' (characters) or 'custom-clockwork' (a draft at each table)."""
    rounds: int | None = None
    """Swiss rounds; None: the usual count for the players at round 1."""
    top_cut: int = 0
    bank: Mapping[str, object] = field(default_factory=dict)
    """Bank policy as JSON: 'policy', 'recommended' and the bank randomizer's options."""
    round_minutes: int | None = None
    seed_by_rating: bool = False
    """Round 1 seeded by the players' club ratings instead of drawn (docs/tournaments.md)."""

    @property
    def games_to_win(self) -> int:
        """Return the games (Flash Duel: rounds) that win a match."""
        return self.format.games_to_win

    @property
    def format(self) -> MatchFormat:
        """Return how this event's matches are played (games to win, drawn games)."""
        return find_format(self.game)

    def bank_policy(self) -> BankPolicy:
        """Return the bank policy with its options read.

        :raises TournamentError: for options the bank randomizer refuses.
        """
        try:
            options = options_from_json(dict(self.bank))
        except BankError as exc:
            raise REFUSE(TournamentError, "tr_bank", problem=str(exc)) from None
        recommended = self.bank.get("recommended")
        return BankPolicy(
            str(self.bank.get("policy", "round")),
            self.sets,
            options,
            recommended if isinstance(recommended, str) else None,
        )

    def to_json(self) -> dict[str, object]:
        """Describe the settings as JSON-ready data."""
        return {
            "name": self.name,
            "game": self.game,
            "sets": list(self.sets),
            "mode": self.mode,
            "rounds": self.rounds,
            "top_cut": self.top_cut,
            "bank": dict(self.bank),
            "round_minutes": self.round_minutes,
            "seed_by_rating": self.seed_by_rating,
        }


def whole(data: Mapping[str, object], key: str, low: int, high: int) -> int | None:
    """Read an optional whole number in a range.

    :raises TournamentError: naming the field.
    """
    value = data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise REFUSE(TournamentError, "tr_whole", key=key, low=low, high=high)
    return value


def yes_or_no(data: Mapping[str, object], key: str) -> bool:
    """Read an optional true/false setting (absent: false).

    :raises TournamentError: naming the field.
    """
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise REFUSE(TournamentError, "tr_yes_or_no", key=repr(key))
    return value


def read_title(raw: object) -> str:
    """Read a tournament's name by the rules of every name (NFC, visible characters only),
    its runs of white space made one space.

    :raises TournamentError: naming what is wrong.
    """
    if raw is not None and not isinstance(raw, str):
        raise REFUSE(TournamentError, "tr_name_text")
    name = " ".join(unicodedata.normalize("NFC", raw or "").split())
    problem = problem_with(name, MAX_TITLE)
    if problem is not None:
        raise REFUSE(TournamentError, "tr_title", most=MAX_TITLE, problem=problem)
    return name


def read_config(data: Mapping[str, object], known_sets: Sequence[str]) -> Config:
    """Read and check a tournament's settings.

    :raises TournamentError: naming the first bad field and what it may be.
    """
    name = read_title(data.get("name"))
    game = data.get("game", "puzzle-strike")
    if not isinstance(game, str) or game not in GAMES:
        raise REFUSE(TournamentError, "tr_game_one_of", games=", ".join(GAMES))
    sets = data.get("sets") or ["base-3e"]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise REFUSE(TournamentError, "tr_sets_list")
    unknown = [s for s in sets if s not in known_sets]
    if unknown:
        raise REFUSE(TournamentError, "tr_unknown_set", set=unknown[0], known=", ".join(known_sets))
    mode = data.get("mode", "full")
    if game == "flash-duel" and mode not in DUEL_MODES:
        raise REFUSE(TournamentError, "tr_mode_one_of", modes=", ".join(DUEL_MODES))
    top_cut = data.get("top_cut", 0) or 0
    if top_cut not in TOP_CUTS or isinstance(top_cut, bool):
        raise REFUSE(TournamentError, "tr_top_cut_values")
    bank = data.get("bank") or {}
    if not isinstance(bank, dict):
        raise REFUSE(TournamentError, "tr_bank_object")
    if bank.get("policy", "round") not in POLICIES:
        raise REFUSE(TournamentError, "tr_policy_one_of", policies=", ".join(POLICIES))
    config = Config(
        name,
        str(game),
        tuple(sets),
        str(mode) if game == "flash-duel" else "full",
        whole(data, "rounds", 1, MAX_ROUNDS),
        int(top_cut),
        bank,
        whole(data, "round_minutes", 5, 240),
        yes_or_no(data, "seed_by_rating"),
    )
    if game == "puzzle-strike":
        config.bank_policy().check()
    return config


def config_from_json(data: Mapping[str, Any]) -> Config:
    """Read stored settings back (already checked when the tournament was created)."""
    return Config(
        str(data["name"]),
        str(data["game"]),
        tuple(data["sets"]),
        str(data["mode"]),
        data.get("rounds"),
        int(data.get("top_cut") or 0),
        dict(data.get("bank") or {}),
        data.get("round_minutes"),
        bool(data.get("seed_by_rating", False)),
    )
