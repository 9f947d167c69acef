"""Custom Clockwork drafts: a character built from a shared pool, one pick at a time.

``rules`` holds the pool, the pick orders and the picks (re-exported here), ``actions`` the
typed pick and its parser, ``room`` the draft room as a fold over picks (exporting
``RULES``), ``view`` what phones show and the history sentences.
"""

from companion.game.draft.rules import (
    FLASH_DUEL_ORDER,
    FLASH_DUEL_POOL,
    PUZZLE_STRIKE_ORDERS,
    PUZZLE_STRIKE_POOL,
    Draft,
    DraftError,
    DraftItem,
    check_players,
    deal_flash_duel,
    deal_puzzle_strike,
    draw_pool,
    first_player,
    pick,
    swap_after_loss,
    undo_pick,
)

__all__ = [
    "FLASH_DUEL_ORDER",
    "FLASH_DUEL_POOL",
    "PUZZLE_STRIKE_ORDERS",
    "PUZZLE_STRIKE_POOL",
    "Draft",
    "DraftError",
    "DraftItem",
    "check_players",
    "deal_flash_duel",
    "deal_puzzle_strike",
    "draw_pool",
    "first_player",
    "pick",
    "swap_after_loss",
    "undo_pick",
]
