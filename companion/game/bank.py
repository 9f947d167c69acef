"""Moved to ``companion.game.puzzle_strike.bank`` (and ``bank_json`` for the JSON forms).

This module only re-exports those names for code written before the move; import from
the new path.
"""

from companion.game.puzzle_strike.bank import (
    BANK_SIZE,
    Bank,
    BankError,
    BankOptions,
    BankSampler,
    CostBand,
    make_bank,
    pick_bank,
    recommended_bank,
    reroll_slot,
)
from companion.game.puzzle_strike.bank_json import bank_to_json, options_from_json

__all__ = [
    "BANK_SIZE",
    "Bank",
    "BankError",
    "BankOptions",
    "BankSampler",
    "CostBand",
    "bank_to_json",
    "make_bank",
    "options_from_json",
    "pick_bank",
    "recommended_bank",
    "reroll_slot",
]
