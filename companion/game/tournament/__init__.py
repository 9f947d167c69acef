"""Tournaments: Swiss rounds, byes, drops, tiebreakers, top cut, a bank per round.

Pure rules (no Flask, no SQLite): the web layer (``companion/tournaments.py``) rebuilds an
``Event`` from its tables, calls these functions and stores what they return.
"""

from companion.game.tournament.banks import POLICIES, BankPolicy, bank_seed, round_banks
from companion.game.tournament.model import (
    FORMATS,
    GAMES,
    TOP_CUTS,
    Event,
    MatchFormat,
    NotFoundError,
    Pairing,
    PairingError,
    Player,
    Result,
    ResultError,
    Round,
    TournamentError,
    add_player,
    bye_result,
    find_format,
    record_result,
    set_active,
    usual_rounds,
)
from companion.game.tournament.pairing import pair_next_round, round_rng, winner_of
from companion.game.tournament.standings import Standing, places, standings

__all__ = [
    "FORMATS",
    "GAMES",
    "POLICIES",
    "TOP_CUTS",
    "BankPolicy",
    "Event",
    "MatchFormat",
    "NotFoundError",
    "Pairing",
    "PairingError",
    "Player",
    "Result",
    "ResultError",
    "Round",
    "Standing",
    "TournamentError",
    "add_player",
    "bank_seed",
    "bye_result",
    "find_format",
    "pair_next_round",
    "record_result",
    "round_banks",
    "round_rng",
    "set_active",
    "places",
    "standings",
    "usual_rounds",
    "winner_of",
]
