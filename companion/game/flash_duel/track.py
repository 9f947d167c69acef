"""Flash Duel's track: pawns, distances, and the four actions and two defences (seed 002).

- Move: a card's number of spaces forward or backward. Backward past the edge stops on
  the last space; forward onto or past the front-most opponent stops next to them.
- Push (only when adjacent): the opponent goes back the card's number of spaces; past the
  edge they stop on their own start space. Pushing with a 4 leaves them 5 spaces away.
- Attack: one or more cards, all showing the exact distance.
- Dashing strike (never from next to the front-most opponent): a dash forward, then a
  strike of one or more cards, all showing the distance after the dash.
- Block: the very same cards as the attack (or the dashing strike's strike); teammates
  who dashing-block onto the space add their cards to the block.
- Retreat (only from a dashing strike): back the card's number, stopping at the last
  space; impossible from the edge. A retreating fighter recovers on their next turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.game.errors import IllegalMove
from companion.game.flash_duel.refusals import REFUSE


class DuelError(IllegalMove):
    """A move on the track the rules do not allow; the message says why."""


@dataclass(frozen=True)
class Fighter:
    """A pawn on the track."""

    name: str
    start: int
    """The fighter's own start space (one end of the board)."""
    position: int

    def forward(self, board_spaces: int) -> int:
        """Return +1 or -1: the direction toward the other end."""
        return 1 if self.start < board_spaces else -1

    def advanced(self) -> int:
        """Return how far the fighter is from their start space."""
        return abs(self.position - self.start)


def place(name: str, start: int) -> Fighter:
    """Put a fighter on their start space."""
    return Fighter(name, start, start)


def distance(a: Fighter, b: Fighter) -> int:
    """Return the number of spaces from one fighter to the other."""
    return abs(a.position - b.position)


def move(me: Fighter, enemy: Fighter, card: int, spaces: int, backward: bool = False) -> Fighter:
    """Move forward (toward ``enemy``, the front-most opponent) or backward."""
    step = me.forward(spaces)
    if backward:
        target = min(max(me.position - step * card, 1), spaces)
        return replace(me, position=target)
    target = me.position + step * card
    stop = enemy.position - step  # the space next to the enemy
    if (target - stop) * step > 0:
        target = stop
    return replace(me, position=target)


def push(pusher: Fighter, victim: Fighter, card: int, spaces: int) -> Fighter:
    """Push an adjacent opponent back; the edge stops them on their own start space.

    :raises DuelError: when they are not adjacent.
    """
    if distance(pusher, victim) != 1:
        raise REFUSE(DuelError, "fd_push_adjacent", pusher=pusher.name, victim=victim.name)
    back = -victim.forward(spaces)
    target = victim.position + back * card
    if not 1 <= target <= spaces:
        target = victim.start
    return replace(victim, position=target)


def check_attack(me: Fighter, enemy: Fighter, cards: Sequence[int]) -> int:
    """Check an attack and return its strength (how many cards).

    :raises DuelError: when the cards do not all show the exact distance.
    """
    gap = distance(me, enemy)
    if not cards:
        raise REFUSE(DuelError, "fd_attack_card")
    wrong = [c for c in cards if c != gap]
    if wrong:
        raise REFUSE(DuelError, "fd_attack_gap", enemy=enemy.name, gap=gap, wrong=wrong[0])
    return len(cards)


def dashing_strike(
    me: Fighter,
    enemy: Fighter,
    dash: int,
    strike: Sequence[int],
    spaces: int,
    front: Fighter | None = None,
) -> Fighter:
    """Dash toward the enemy and check the strike; return the fighter after the dash.

    ``front`` is the front-most opponent (the enemy itself by default): the dash stops
    next to them, and no dashing strike starts next to them.

    :raises DuelError: from adjacent, or when the strike does not fit the new distance.
    """
    ahead = front or enemy
    if distance(me, ahead) == 1:
        raise REFUSE(DuelError, "fd_dash_adjacent", me=me.name, ahead=ahead.name)
    moved = move(me, ahead, dash, spaces)
    check_attack(moved, enemy, strike)
    return moved


def can_block(attack: Sequence[int], block: Sequence[int]) -> bool:
    """Return True when the block is exactly the attack's cards."""
    return Counter(attack) == Counter(block) and bool(attack)


def retreat(me: Fighter, card: int, spaces: int) -> Fighter:
    """Retreat from a dashing strike.

    :raises DuelError: from the edge of the board.
    """
    step = me.forward(spaces)
    edge = 1 if step > 0 else spaces
    if me.position == edge:
        raise REFUSE(DuelError, "fd_retreat_edge", me=me.name)
    return replace(me, position=min(max(me.position - step * card, 1), spaces))


def dashing_block(
    blocker: Fighter, teammate: Fighter, enemy: Fighter, dash: int, spaces: int
) -> Fighter:
    """Dash forward onto a threatened teammate's space to help block (2 vs 2 and Raid).

    The dash moves forward as a dashing strike's would and must land on the teammate's
    space; the blockers' cards together then have to match the attack (see ``team_block``).
    A recovering player may not dashing block: the caller checks that.

    :raises DuelError: when the teammate is not ahead or the dash does not reach them.
    """
    step = blocker.forward(spaces)
    ahead = (teammate.position - blocker.position) * step
    if ahead <= 0:
        raise REFUSE(DuelError, "fd_mate_not_ahead", mate=teammate.name, blocker=blocker.name)
    moved = move(blocker, enemy, dash, spaces)
    if moved.position != teammate.position:
        raise REFUSE(DuelError, "fd_dash_miss", dash=dash, blocker=blocker.name,
                     at=moved.position, mate=teammate.name, space=teammate.position)  # fmt: skip
    return moved


def team_block(attack: Sequence[int], contributions: Mapping[str, Sequence[int]]) -> bool:
    """Return True when the cards of everyone on the space together match the attack."""
    pooled: Counter[int] = Counter()
    for cards in contributions.values():
        pooled.update(cards)
    return pooled == Counter(attack) and bool(attack)
