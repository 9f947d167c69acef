"""What a finished draft becomes: the picks each player carries into the match, and the
Custom Clockwork Flash Duel a Flash Duel draft turns into (pure; the store writes it)."""

from __future__ import annotations

from companion.game.draft.rules import Draft
from companion.game.flash_duel import state as duel_state


def picks(draft: Draft) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Return each player's drafted keys, in seat order and pick order."""
    return tuple(
        (player, tuple(item.key for item in draft.picked_by(n + 1)))
        for n, player in enumerate(draft.seats)
    )


def clockwork_duel(draft: Draft, seed: int) -> duel_state.Setup:
    """Return the Custom Clockwork duel of a finished Flash Duel draft: seat 1 drafted first
    and plays first; the abilities nobody drafted stay for a round's loser to swap in."""
    unused = tuple(item.key for item in draft.available())
    return duel_state.Setup(
        "custom-clockwork", tuple(draft.seats), seed, clockwork=picks(draft), unused=unused
    )
