"""A game of rounds (best 3 of 5) and the abilities each player turns face down.

One ability per player per turn (theirs or an opponent's); every ability is face up again
at the start of each round. In Custom Clockwork the loser of a round may swap one ability
for one of the unused ones of the draft's pool (seed 002).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.track import DuelError


@dataclass(frozen=True)
class DuelMatch:
    """Rounds of a Flash Duel game between two sides (players or teams)."""

    sides: tuple[str, str]
    round_wins: int = 3
    rounds: tuple[str | None, ...] = ()
    """Winner of each round; None for a drawn round."""

    def wins(self, side: str) -> int:
        """Return the rounds a side has won."""
        return sum(1 for r in self.rounds if r == side)

    @property
    def winner(self) -> str | None:
        """Return the side that reached the round wins needed."""
        return next((s for s in self.sides if self.wins(s) >= self.round_wins), None)

    def chooser(self) -> str | None:
        """Return who chooses the first player next round: the last round's loser
        (None before the first round or after a draw: flip a coin)."""
        if not self.rounds or self.rounds[-1] is None:
            return None
        return next(s for s in self.sides if s != self.rounds[-1])


def record_round(match: DuelMatch, winner: str | None) -> DuelMatch:
    """Record a round's winner (None for a draw).

    :raises DuelError: after the game is decided or for an unknown side.
    """
    if match.winner:
        raise REFUSE(DuelError, "fd_game_over_won", winner=str(match.winner))
    if winner is not None and winner not in match.sides:
        raise REFUSE(DuelError, "fd_not_playing", winner=winner, sides=" vs ".join(match.sides))
    return replace(match, rounds=(*match.rounds, winner))


@dataclass(frozen=True)
class Abilities:
    """Each player's abilities and which were used this round."""

    owned: tuple[tuple[str, tuple[str, ...]], ...]
    used: tuple[tuple[str, str], ...] = ()
    """(player, ability) used this round (face down)."""
    used_on_turn: tuple[tuple[str, int], ...] = field(default=())
    """(player, turn number) when each player last used one."""

    def available(self, player: str) -> tuple[str, ...]:
        """Return a player's abilities still face up."""
        spent = {a for p, a in self.used if p == player}
        return tuple(a for a in dict(self.owned).get(player, ()) if a not in spent)


def use_ability(abilities: Abilities, player: str, ability: str, turn: int) -> Abilities:
    """Turn an ability face down; one per player per turn (yours or the opponent's).

    :raises DuelError: for an ability the player lacks or used, or a second one this turn.
    """
    owned = dict(abilities.owned).get(player)
    if owned is None:
        raise REFUSE(DuelError, "fd_no_abilities", player=player)
    if ability not in owned:
        raise REFUSE(DuelError, "fd_not_own_ability", ability=ability, player=player)
    if ability not in abilities.available(player):
        raise REFUSE(DuelError, "fd_used_this_round", player=player, ability=ability)
    if dict(abilities.used_on_turn).get(player) == turn:
        raise REFUSE(DuelError, "fd_used_this_turn", player=player)
    on_turn = tuple((p, t) for p, t in abilities.used_on_turn if p != player)
    return replace(
        abilities,
        used=(*abilities.used, (player, ability)),
        used_on_turn=(*on_turn, (player, turn)),
    )


def replenish(abilities: Abilities) -> Abilities:
    """Start a new round: every ability face up again."""
    return replace(abilities, used=(), used_on_turn=())


def swap_ability(
    abilities: Abilities, unused: tuple[str, ...], player: str, give: str, take: str
) -> tuple[Abilities, tuple[str, ...]]:
    """Swap one of a player's abilities for an unused one; return abilities and unused pool.

    The swapped-out ability takes the other's place in the unused pool.

    :raises DuelError: for an ability the player lacks, or one not in the unused pool.
    """
    owned = dict(abilities.owned).get(player, ())
    if give not in owned:
        raise REFUSE(DuelError, "fd_not_own_ability", ability=give, player=player)
    if take not in unused:
        raise REFUSE(DuelError, "fd_not_unused", ability=take, unused=", ".join(unused))
    mine = tuple(take if a == give else a for a in owned)
    kept = tuple((p, mine if p == player else k) for p, k in abilities.owned)
    return replace(abilities, owned=kept), tuple(give if a == take else a for a in unused)
