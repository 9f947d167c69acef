"""Time-over (the last card is drawn): last-hits compared from the hands shown (seed 002).

1 vs 1: the player holding more cards that could attack (not dash) wins; otherwise the one
who advanced farther; otherwise a draw. 2 vs 2: every pair of opponents compares at the same
moment; two left beat one; otherwise the front-most member who advanced farther; all four
down is a draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.game.flash_duel.track import Fighter, distance


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
