"""Raid on Deathstrike Dragon, and Betrayal at the Raid (seed 002).

- Setup depends on the number of mortals (the catalog's ``raid_row`` table): cards in the
  draw deck, reshuffles (with 3 or 4 mortals the discards and the Dragon's hand are
  reshuffled the first time the deck runs out; the second time is time-over), the
  Dragon's hit points, hand size and ability cards.
- Mortals play in a fixed order, then all refill, then the Dragon plays and refills; for
  each mortal defeated, the Dragon takes one extra turn after his normal one.
- Time-over: the Dragon compares last-hits with each remaining mortal; killing him wins
  for the mortals, killing them all wins for him; otherwise whoever advanced farther (the
  Dragon against the front-most mortal) wins, and equal is a draw.
- Betrayal (exactly 4 mortals and the Dragon): the 5 loyalty cards are dealt, one to each,
  Dragon included; only the holder sees a card until it is revealed. An accused mortal
  shows their card: a traitor is defeated, otherwise the accuser is. The traitor may reveal
  at any time and name loyal mortals' exact hands, one after another, defeating each one
  named right and stopping at the first miss. A Dragon holding the traitor card may reveal
  it for one more hit point.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.game.errors import IllegalMove
from companion.game.flash_duel.lasthits import attack_cards
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.track import Fighter, distance
from printkit.catalog import FlashDuelSet, RaidRow


class RaidError(IllegalMove):
    """A raid action the rules do not allow; the message says why."""


def raid_setup(game_set: FlashDuelSet, mortals: int, betrayal: bool = False) -> RaidRow:
    """Return the setup row for this many mortals (the Betrayal row for Betrayal).

    :raises RaidError: for a number of mortals the table has no row for.
    """
    if betrayal:
        if mortals != game_set.betrayal.mortals:
            raise REFUSE(RaidError, "fd_betrayal_mortals", n=game_set.betrayal.mortals)
        return game_set.betrayal
    for row in game_set.raid:
        if row.mortals == mortals:
            return row
    counts = ", ".join(str(r.mortals) for r in game_set.raid)
    raise REFUSE(RaidError, "fd_raid_mortals", counts=counts, n=mortals)


def dragon_turns(defeated_this_round: int) -> int:
    """Return the Dragon's turns this round: his own plus one per mortal defeated."""
    return 1 + max(0, defeated_this_round)


def deck_runs_out(row: RaidRow, reshuffles_done: int) -> str:
    """Say what happens when the draw deck runs out: 'reshuffle' or 'time-over'."""
    return "reshuffle" if reshuffles_done < row.reshuffles else "time-over"


def raid_time_over(
    dragon: Fighter,
    dragon_hit_points: int,
    mortals: Sequence[Fighter],
    hands: Mapping[str, Sequence[int]],
    traitor: Fighter | None = None,
) -> tuple[str | None, set[str], int]:
    """Settle a raid that ran out of cards.

    Returns (winner: 'mortals', 'dragon' or None for a draw, mortals defeated, Dragon's hit
    points left). A traitor (Betrayal) last-hits loyal mortals first, who cannot hit back.
    """
    fallen: set[str] = set()
    if traitor is not None:
        for mortal in mortals:
            gap = distance(traitor, mortal)
            if attack_cards(hands[traitor.name], gap) > attack_cards(hands[mortal.name], gap):
                fallen.add(mortal.name)
    hit_points = dragon_hit_points
    for mortal in mortals:
        if mortal.name in fallen:
            continue
        gap = distance(dragon, mortal)
        mine, theirs = attack_cards(hands[dragon.name], gap), attack_cards(hands[mortal.name], gap)
        if mine > theirs:
            fallen.add(mortal.name)
        elif theirs > mine:
            hit_points -= 1
    if hit_points <= 0:
        return "mortals", fallen, 0
    left = [m for m in mortals if m.name not in fallen]
    if not left:
        return "dragon", fallen, hit_points
    far = max(m.advanced() for m in left)
    if dragon.advanced() == far:
        return None, fallen, hit_points
    return ("dragon" if dragon.advanced() > far else "mortals"), fallen, hit_points


# --- Betrayal -----------------------------------------------------------------------


@dataclass(frozen=True)
class Betrayal:
    """Loyalty cards, who has been defeated, and what has been revealed."""

    mortals: tuple[str, ...]
    dragon: str
    cards: tuple[tuple[str, str], ...]
    """(player, 'loyal' or 'traitor'): private to each player until revealed."""
    revealed: tuple[str, ...] = ()
    defeated: tuple[str, ...] = ()
    bonus_hit_points: int = 0

    def card_of(self, player: str) -> str:
        """Return a player's card (for the holder, or once revealed)."""
        return dict(self.cards)[player]

    def visible_card(self, owner: str, viewer: str) -> str | None:
        """Return the owner's card as the viewer may see it: None when hidden."""
        if viewer == owner or owner in self.revealed:
            return self.card_of(owner)
        return None

    @property
    def traitor(self) -> str:
        """Return who holds the traitor card (the Dragon: no traitor this game)."""
        return next(p for p, c in self.cards if c == "traitor")


def deal_loyalty(
    game_set: FlashDuelSet, mortals: Sequence[str], dragon: str, rng: random.Random
) -> Betrayal:
    """Shuffle the loyalty cards and deal one to each player, the Dragon included.

    :raises RaidError: unless there are exactly as many players as loyalty cards.
    """
    deck = [c.side for c in game_set.loyalty_cards for _ in range(c.count)]
    players = [*mortals, dragon]
    if len(set(players)) != len(players):
        raise REFUSE(RaidError, "fd_names_differ")
    if len(players) != len(deck):
        raise REFUSE(RaidError, "fd_betrayal_players", n=len(deck))
    dealt = []
    for player in players:
        dealt.append((player, deck.pop(rng.randrange(len(deck)))))
    return Betrayal(tuple(mortals), dragon, tuple(dealt))


def check_mortal(b: Betrayal, player: str) -> None:
    """Refuse a player who is not a mortal still in the fight."""
    if player not in b.mortals:
        raise REFUSE(RaidError, "fd_not_mortal", player=player)
    if player in b.defeated:
        raise REFUSE(RaidError, "fd_defeated", player=player)


def accuse(b: Betrayal, accuser: str, accused: str) -> Betrayal:
    """The accused shows their card: a traitor is defeated, otherwise the accuser is.

    :raises RaidError: for an accuser or accused who is not a mortal still in, or oneself.
    """
    check_mortal(b, accuser)
    if accuser in b.revealed and b.card_of(accuser) == "traitor":
        raise REFUSE(RaidError, "fd_accuser_traitor", accuser=accuser)
    check_mortal(b, accused)
    if accuser == accused:
        raise REFUSE(RaidError, "fd_accuse_self")
    if accused in b.revealed:
        raise REFUSE(RaidError, "fd_card_known", accused=accused)
    loser = accused if b.card_of(accused) == "traitor" else accuser
    return replace(b, revealed=(*b.revealed, accused), defeated=(*b.defeated, loser))


def traitor_reveal(b: Betrayal, player: str, guesses: Sequence[tuple[str, bool]]) -> Betrayal:
    """The traitor reveals and names hands: ``guesses`` are (mortal, named exactly right).

    Each mortal named right is defeated; the first miss ends the naming.

    :raises RaidError: when the player is not a hidden traitor mortal, or names a player
        who is not a loyal mortal still in.
    """
    if player == b.dragon:
        raise REFUSE(RaidError, "fd_dragon_reveals")
    check_mortal(b, player)
    if b.card_of(player) != "traitor":
        raise REFUSE(RaidError, "fd_not_traitor", player=player)
    if player in b.revealed:
        raise REFUSE(RaidError, "fd_revealed", player=player)
    defeated = list(b.defeated)
    for mortal, right in guesses:
        check_mortal(replace(b, defeated=tuple(defeated)), mortal)
        if mortal == player:
            raise REFUSE(RaidError, "fd_name_others")
        if not right:
            break
        defeated.append(mortal)
    return replace(b, revealed=(*b.revealed, player), defeated=tuple(defeated))


def dragon_reveal(b: Betrayal) -> Betrayal:
    """A Dragon holding the traitor card shows it for one more hit point.

    :raises RaidError: when the Dragon does not hold it, or already showed it.
    """
    if b.card_of(b.dragon) != "traitor":
        raise REFUSE(RaidError, "fd_dragon_not_traitor")
    if b.dragon in b.revealed:
        raise REFUSE(RaidError, "fd_dragon_revealed")
    return replace(b, revealed=(*b.revealed, b.dragon), bonus_hit_points=b.bonus_hit_points + 1)


def reveal_at_time_over(b: Betrayal) -> Betrayal:
    """Time-over: a traitor mortal who has not revealed yet reveals now."""
    holder = b.traitor
    if holder == b.dragon or holder in b.revealed:
        return b
    return replace(b, revealed=(*b.revealed, holder))


def reveal_all(b: Betrayal) -> Betrayal:
    """The end of the game: every loyalty card is shown, the Dragon's too."""
    shown = (*b.revealed, *(p for p, _ in b.cards if p not in b.revealed))
    return replace(b, revealed=shown)
