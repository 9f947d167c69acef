"""What the Puzzle Strike room's rules answer about a state besides applying actions: which
actions are final (never undone), which phones make at the same moment, what a seat holds in
secret, whose decision an action is, and when the match is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game.puzzle_strike import gems
from companion.game.puzzle_strike.actions import (
    Action,
    AddGem,
    Choose,
    Land,
    LoserOption,
    LosersChoice,
    MarkStack,
    RemoveGem,
    RestartChoice,
)
from companion.game.rooms import Outcome

if TYPE_CHECKING:  # the room's state; the room imports this module
    from companion.game.puzzle_strike.room import State


def is_final(action: Action, after: State) -> bool:
    """Return True for an action that can never be undone: the reveal of the characters,
    the coin flip of a clash, the clash loser's new pick, a re-rolled bank."""
    if isinstance(action, Choose):
        return after.phase != "choosing" or after.rechoose is not None
    return isinstance(action, LosersChoice) and action.option is LoserOption.REROLL


def is_independent(action: Action) -> bool:
    """Return True for the actions phones make at the same moment without seeing each other:
    the secret character choice and the vote to choose again."""
    return isinstance(action, Choose | RestartChoice)


def secrets_held(state: State, player: str) -> tuple[str, ...]:
    """Return the player's committed character while it is hidden (before the reveal)."""
    hidden = state.phase == "choosing" and not state.characters
    return ("a secret character pick",) if hidden and player in dict(state.choice.committed) else ()


def deciders(action: Action, state: State) -> tuple[str, ...] | None:
    """Return whose decision a gem put in or taken from a pile is (the turn player's or the
    pile owner's) or a bank stack marked (the turn player's: Panic Time may follow); "nobody
    reacts" is the last still to decide's (see Land). Other actions check their actor
    themselves, or are anyone's (a rematch)."""
    if isinstance(action, AddGem | RemoveGem) and state.table is not None:
        return (state.table.current, action.player)
    if isinstance(action, MarkStack) and state.table is not None:
        return (state.table.current,)
    everyone = isinstance(action, Land) and action.everyone  # "nobody reacts": see Land
    return gems.last_to_decide(state.table) if everyone else None


def is_over(state: State) -> bool:
    """Return True once the match has a winner."""
    return state.match is not None and state.match.winner is not None


def outcome(state: State) -> Outcome | None:
    """Return the games each player won once the match has a winner."""
    m = state.match
    if m is None or m.winner is None:
        return None
    return Outcome({player: m.wins(m.side_of(player)) for player in m.players})
