"""Flash Duel: the track, the four actions and two defences, time-over, the match.

Rules from seed 002 (rules 4.1):

- Move: a card's number of spaces forward or backward. Backward past the edge stops on
  the last space; forward onto or past the (front-most) opponent stops adjacent to them.
- Push (only when adjacent): the opponent goes back the card's number of spaces; past the
  edge they stop on their own start space. Pushing with a 4 leaves them 5 spaces away.
- Attack: one or more cards, all showing the exact distance.
- Dashing strike (never from adjacent): a dash forward, then a strike of one or more
  cards, all showing the distance after the dash.
- Block: the very same cards as the attack (or the dashing strike's strike).
- Retreat (only from a dashing strike): back the card's number, stopping at the last
  space; impossible from the edge. A retreating player recovers on their next turn.
- Time-over (last card drawn): the player holding more cards that could attack (not dash)
  wins; otherwise the one who advanced farther; otherwise a draw.
- A game is best 3 of 5 rounds; the loser of a round chooses who goes first next round.
- One ability per player per turn; abilities replenish at the start of each round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace


class DuelError(ValueError):
    """An action the rules do not allow; the message says why."""


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


def check_card(card: int) -> None:
    """Refuse a number that is not on a Flash Duel card.

    :raises DuelError: for anything but 1-5.
    """
    if not 1 <= card <= 5:
        raise DuelError(f"numbered cards show 1 to 5, not {card}")


def move(me: Fighter, enemy: Fighter, card: int, spaces: int, backward: bool = False) -> Fighter:
    """Move forward (toward ``enemy``, the front-most opponent) or backward."""
    check_card(card)
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
    check_card(card)
    if distance(pusher, victim) != 1:
        raise DuelError(f"{pusher.name} can push only when adjacent to {victim.name}")
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
        raise DuelError("an attack needs at least one card")
    wrong = [c for c in cards if c != gap]
    if wrong:
        raise DuelError(f"{enemy.name} is {gap} spaces away: attack with {gap}s, not {wrong[0]}")
    return len(cards)


def dashing_strike(
    me: Fighter, enemy: Fighter, dash: int, strike: Sequence[int], spaces: int
) -> Fighter:
    """Dash toward the enemy and check the strike; return the fighter after the dash.

    :raises DuelError: from adjacent, or when the strike does not fit the new distance.
    """
    if distance(me, enemy) == 1:
        raise DuelError(f"{me.name} is adjacent to {enemy.name}: no dashing strike from there")
    moved = move(me, enemy, dash, spaces)
    check_attack(moved, enemy, strike)
    return moved


def can_block(attack: Sequence[int], block: Sequence[int]) -> bool:
    """Return True when the block is exactly the attack's cards."""
    return Counter(attack) == Counter(block) and bool(attack)


def retreat(me: Fighter, card: int, spaces: int) -> Fighter:
    """Retreat from a dashing strike.

    :raises DuelError: from the edge of the board.
    """
    check_card(card)
    step = me.forward(spaces)
    edge = 1 if step > 0 else spaces
    if me.position == edge:
        raise DuelError(f"{me.name} is at the edge of the board and cannot retreat")
    return replace(me, position=min(max(me.position - step * card, 1), spaces))


def attack_cards(hand: Sequence[int], gap: int) -> int:
    """Count the cards in a hand that could attack across ``gap`` spaces."""
    return sum(1 for c in hand if c == gap)


def time_over(a: Fighter, b: Fighter, hand_a: Sequence[int], hand_b: Sequence[int]) -> str | None:
    """Return the winner of a 1 vs 1 round that ran out of cards, or None for a draw."""
    gap = distance(a, b)
    ca, cb = attack_cards(hand_a, gap), attack_cards(hand_b, gap)
    if ca != cb:
        return a.name if ca > cb else b.name
    if a.advanced() != b.advanced():
        return a.name if a.advanced() > b.advanced() else b.name
    return None


def last_hits(
    side_a: Sequence[Fighter], side_b: Sequence[Fighter], hands: Mapping[str, Sequence[int]]
) -> set[str]:
    """Return who falls to last-hits: each pair of opponents compares attack cards.

    All pairs are compared on the hands and positions at time-over (at the same moment).
    """
    fallen: set[str] = set()
    for a in side_a:
        for b in side_b:
            gap = distance(a, b)
            ca, cb = attack_cards(hands[a.name], gap), attack_cards(hands[b.name], gap)
            if ca > cb:
                fallen.add(b.name)
            elif cb > ca:
                fallen.add(a.name)
    return fallen


def front_most(fighters: Sequence[Fighter]) -> int:
    """Return how far the side's front-most member advanced."""
    return max((f.advanced() for f in fighters), default=-1)


def team_time_over(
    team_a: Sequence[Fighter], team_b: Sequence[Fighter], hands: Mapping[str, Sequence[int]]
) -> int | None:
    """Return the winning team (0 for A, 1 for B) of a 2 vs 2 time-over, or None for a draw."""
    fallen = last_hits(team_a, team_b, hands)
    left_a = [f for f in team_a if f.name not in fallen]
    left_b = [f for f in team_b if f.name not in fallen]
    if not left_a and not left_b:
        return None
    if len(left_a) != len(left_b):
        return 0 if len(left_a) > len(left_b) else 1
    far_a, far_b = front_most(left_a), front_most(left_b)
    if far_a == far_b:
        return None
    return 0 if far_a > far_b else 1


# --- match and abilities -------------------------------------------------------------


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
        raise DuelError(f"the game is over: {match.winner} won")
    if winner is not None and winner not in match.sides:
        raise DuelError(f"{winner!r} is not playing ({' vs '.join(match.sides)})")
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
        raise DuelError(f"{player!r} has no abilities here")
    if ability not in owned:
        raise DuelError(f"{ability!r} is not one of {player}'s abilities")
    if ability not in abilities.available(player):
        raise DuelError(f"{player} already used {ability} this round")
    if dict(abilities.used_on_turn).get(player) == turn:
        raise DuelError(f"{player} already used an ability this turn: one per turn")
    on_turn = tuple((p, t) for p, t in abilities.used_on_turn if p != player)
    return replace(
        abilities,
        used=(*abilities.used, (player, ability)),
        used_on_turn=(*on_turn, (player, turn)),
    )


def replenish(abilities: Abilities) -> Abilities:
    """Start a new round: every ability face up again."""
    return replace(abilities, used=(), used_on_turn=())


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
        raise DuelError(f"{teammate.name} is not ahead of {blocker.name}")
    moved = move(blocker, enemy, dash, spaces)
    if moved.position != teammate.position:
        raise DuelError(
            f"a dash of {dash} takes {blocker.name} to space {moved.position}, "
            f"not to {teammate.name}'s space {teammate.position}"
        )
    return moved


def team_block(attack: Sequence[int], contributions: Mapping[str, Sequence[int]]) -> bool:
    """Return True when the cards of everyone on the space together match the attack."""
    pooled: Counter[int] = Counter()
    for cards in contributions.values():
        pooled.update(cards)
    return pooled == Counter(attack) and bool(attack)
