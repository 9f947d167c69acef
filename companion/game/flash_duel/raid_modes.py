"""Raid on Deathstrike Dragon and Betrayal at the Raid as modes, and Betrayal's actions.

Rules in ``raid``; here: the mortals on space 1 play in a fixed order, then the Dragon on
the last space; one game, no rounds. For every mortal defeated the Dragon takes one extra
turn after his normal one. The Dragon loses a hit point per hit; the mortals win when he
has none left, the Dragon's side when every loyal mortal is defeated (a hidden traitor
does not count). A traitor who reveals moves to the Dragon's start space and fights on his
side from then on: forward is toward the mortals.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import ClassVar

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import draws, raid, rounds
from companion.game.flash_duel.mode import Hands, Layout, Mode, lay_out
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import (
    DuelRoomError,
    Event,
    Happening,
    Setup,
    State,
    Termination,
    tell,
)
from printkit.catalog import FlashDuelSet, RaidRow


class Raid(Mode):
    """2, 3 or 4 mortals against the Dragon."""

    id: ClassVar[str] = "raid"
    coin_for_first: ClassVar[bool] = False
    one_game: ClassVar[bool] = True

    def row(self, setup: Setup, fd: FlashDuelSet) -> RaidRow:
        """Return the setup table's row for this many mortals."""
        return raid.raid_setup(fd, len(setup.players) - 1)

    def dragon_row(self, setup: Setup, fd: FlashDuelSet) -> RaidRow | None:
        """Return the row the Dragon sets up from."""
        return self.row(setup, fd)

    def check(self, setup: Setup, fd: FlashDuelSet) -> None:
        """Refuse a table without a Dragon player, or with a mortal count the table lacks."""
        if setup.dragon not in setup.players:
            raise REFUSE(DuelRoomError, "fd_dragon_name")
        self.row(setup, fd)

    def layout(self, setup: Setup, fd: FlashDuelSet) -> Layout:
        """Return the mortals (space 1, in seat order) and then the Dragon (last space)."""
        dragon = str(setup.dragon)
        mortals = tuple(p for p in setup.players if p != dragon)
        sides = (("mortals", mortals), ("dragon", (dragon,)))
        return Layout(sides, lay_out(sides, fd.board.spaces), (*mortals, dragon))

    def draw_pile(self, setup: Setup, fd: FlashDuelSet) -> int:
        """Return the row's deck less the mortals' hands and the Dragon's larger hand."""
        row = self.row(setup, fd)
        return row.deck_cards - row.mortals * fd.hand_size - row.dragon_hand_size

    def hit_points(self, setup: Setup, fd: FlashDuelSet) -> int:
        """Return the Dragon's hit points from the row."""
        return self.row(setup, fd).dragon_hit_points

    def tough_one(self, state: State) -> str | None:
        """Return the Dragon."""
        return state.setup.dragon

    def on_defeat(self, state: State, who: str) -> State:
        """A mortal defeated gives the Dragon one extra turn after his normal one."""
        if state.side_of(who) != "mortals":
            return state
        return replace(state, extra_turns=state.extra_turns + 1)

    def keeps_turn(self, state: State, current: str) -> State | None:
        """The Dragon plays again while he has extra turns."""
        if current != state.setup.dragon or state.extra_turns == 0:
            return None
        state = replace(state, extra_turns=state.extra_turns - 1)
        return tell(state, Event(Happening.EXTRA_TURN, (current,)))

    def refills(self, state: State, current: str) -> tuple[str, ...]:
        """The Dragon draws back at the end of each of his turns; the mortals only after they
        have all taken their turns, in turn order (seed 002)."""
        dragon = state.setup.dragon
        if current == dragon:
            return () if current in state.defeated else (current,)
        mortals = [p for p in state.order if p != dragon and p not in state.defeated]
        after = state.order[state.order.index(current) + 1 :]
        return () if any(p in mortals for p in after) else tuple(mortals)

    def winner(self, state: State) -> str | None:
        """Mortals win when the Dragon falls; the Dragon when every loyal mortal has."""
        if state.setup.dragon in state.defeated:
            return "mortals"
        hidden = state.betrayal.traitor if state.betrayal else None
        loyal = [m for m in state.members("mortals") if m != hidden]
        if all(m in state.defeated for m in loyal):
            return "dragon"
        return None

    def on_deck_empty(self, state: State) -> State:
        """Reshuffle once with 3 or 4 mortals (hands stay out of the pile); then time-over."""
        row = self.row(state.setup, state.fd)
        if raid.deck_runs_out(row, state.reshuffles) == "time-over":
            return super().on_deck_empty(state)
        if state.setup.rules >= 2:  # the table reshuffles and records it (``reshuffle``)
            state = replace(state, deck=0, reshuffle_due=True)
            return tell(state, Event(Happening.DECK_RAN_OUT, (str(state.setup.dragon),)))
        players = len([f for f in state.standing() if f.name != state.setup.dragon])
        deck = row.deck_cards - players * state.fd.hand_size - row.dragon_hand_size
        state = replace(state, deck=deck, reshuffles=state.reshuffles + 1)
        return tell(state, Event(Happening.RESHUFFLED, (), deck))

    def time_over(self, state: State, hands: Hands) -> tuple[State, str | None]:
        """The traitor (if any) last-hits loyal mortals first; then the Dragon each one.

        A character note of seed 002 changes it: with Gwen's Shadow Plague (the catalog's
        'raid-time-over-loses'), her side loses at once."""
        plagued = plagued_side(state)
        if plagued is not None:
            state = tell(state, Event(Happening.TIME_OVER_LOSS, plagued))
            return state, next(side for side, _ in state.sides if side != plagued[0])
        traitor = None
        if state.betrayal is not None:
            holder = state.betrayal.traitor
            if holder != state.setup.dragon and holder not in state.defeated:
                traitor = state.fighter(holder)
            state = replace(state, betrayal=raid.reveal_at_time_over(state.betrayal))
        dragon = state.fighter(str(state.setup.dragon))
        loyal = [
            f
            for f in state.standing()
            if state.side_of(f.name) == "mortals" and (traitor is None or f != traitor)
        ]
        lists = {name: list(shown) for name, shown in hands.items()}
        won, fallen, left = raid.raid_time_over(dragon, state.hit_points, loyal, lists, traitor)
        state = replace(state, defeated=(*state.defeated, *sorted(fallen)), hit_points=left)
        return state, won


def reshuffled_pile(state: State) -> int:
    """Return the pile after the Raid's reshuffle: every card but those in the standing
    fighters' hands (the Dragon redraws as many as he put in; owed refills still to draw)."""
    row = state.mode.dragon_row(state.setup, state.fd)
    if row is None:
        raise REFUSE(DuelRoomError, "fd_raid_reshuffles")
    short, owed = dict(state.short), dict(state.owed)
    held = 0
    for f in state.standing():
        full = row.dragon_hand_size if f.name == state.setup.dragon else state.fd.hand_size
        held += full - short.get(f.name, 0) - owed.get(f.name, 0)
    return max(0, row.deck_cards - held)


def reshuffle(state: State, action: act.Reshuffle, actor: str) -> State:
    """Record the reshuffle the empty pile called for (the Dragon's decision: ``deciders``)."""
    if not isinstance(state.mode, Raid):
        raise REFUSE(DuelRoomError, "fd_raid_reshuffles")
    return draws.reshuffle(state, actor, reshuffled_pile(state))


def plagued_side(state: State) -> tuple[str, str] | None:
    """Return (side, ability key) of a fighter whose ability makes time-over a loss."""
    cards = {f"{c.id}/{a.id}": a for c, a in state.fd.abilities()}
    for player, keys in state.abilities.owned:
        for key in keys:
            if key in cards and cards[key].applies == "raid-time-over-loses":
                return state.side_of(player), key
    return None


class Betrayal(Raid):
    """4 mortals, one of whom may secretly be the traitor, against the Dragon."""

    id: ClassVar[str] = "betrayal"

    def row(self, setup: Setup, fd: FlashDuelSet) -> RaidRow:
        """Return the Betrayal row."""
        return raid.raid_setup(fd, len(setup.players) - 1, betrayal=True)

    def on_round_end(self, state: State) -> State:
        """The game is over (one round): every loyalty card is turned face up."""
        if state.betrayal is None:
            return state
        return replace(state, betrayal=raid.reveal_all(state.betrayal))


def deal_loyalty(state: State) -> State:
    """Deal the loyalty cards (Betrayal only), one to each player, the Dragon included."""
    if not isinstance(state.mode, Betrayal):
        return state
    mortals = state.members("mortals")
    dealt = raid.deal_loyalty(
        state.fd, mortals, str(state.setup.dragon), random.Random(state.setup.seed)
    )
    return replace(state, betrayal=dealt)


def betrayal_of(state: State) -> raid.Betrayal:
    """Return the loyalty cards.

    :raises DuelRoomError: outside Betrayal.
    """
    if state.betrayal is None:
        raise REFUSE(DuelRoomError, "fd_betrayal_only")
    return state.betrayal


def accuse(state: State, action: act.Accuse, actor: str) -> State:
    """The accused shows their card: the traitor is defeated, otherwise the accuser is."""
    cards = raid.accuse(betrayal_of(state), actor, action.accused)
    loser = cards.defeated[-1]
    state = tell(
        replace(state, betrayal=cards), Event(Happening.ACCUSED, (actor, action.accused, loser))
    )
    return rounds.defeat(state, loser, Termination.ACCUSATION)


def reveal(state: State, action: act.Reveal, actor: str) -> State:
    """The traitor reveals, names hands, and moves to the Dragon's start space and side."""
    before = betrayal_of(state)
    cards = raid.traitor_reveal(before, actor, action.guesses)
    dragon = state.fighter(str(state.setup.dragon))
    turned = replace(state.fighter(actor), start=dragon.start, position=dragon.start)
    sides = tuple(
        (side, tuple(m for m in members if m != actor) if side == "mortals" else (*members, actor))
        for side, members in state.sides
    )
    fighters = tuple(turned if f.name == actor else f for f in state.fighters)
    state = replace(state, betrayal=cards, sides=sides, fighters=fighters)
    state = rounds.leave_strike(state, actor)  # the Dragon does not strike his own side
    state = tell(state, Event(Happening.TRAITOR_REVEALED, (actor,)))
    for loser in [m for m in cards.defeated if m not in before.defeated]:
        state = tell(state, Event(Happening.NAMED_HAND, (actor, loser)))
        state = rounds.defeat(state, loser, Termination.NAMED_HANDS)
    return state


def dragon_reveal(state: State, action: act.DragonReveal, actor: str) -> State:
    """The Dragon shows the traitor card for one more hit point."""
    if actor != state.setup.dragon:
        raise REFUSE(DuelRoomError, "fd_dragon_only")
    cards = raid.dragon_reveal(betrayal_of(state))
    state = replace(state, betrayal=cards, hit_points=state.hit_points + 1)
    return tell(state, Event(Happening.DRAGON_REVEALED, (actor,)))
