"""The draw pile kept by the table (rules version 2; seed 002).

Every card a fighter plays (a move, push, attack, dashing strike, block, dashing block or
retreat) is counted against them; at the end of their own turn they draw back as many
("Draw until you have 5 cards, then your turn ends"), so a block made on the opponent's turn
is drawn back at the end of the blocker's next turn ("players only draw at the end of their
own turns"). In a Raid the mortals refill only after they have all taken their turns, in
turn order; the Dragon at the end of each of his own turns. A refill is capped by what is
left; the last card drawn is time-over, or a Raid's one reshuffle, which waits for the table
to record it (``reshuffle``). A Draw by hand corrects the count: an ability that draws or
discards, a card miscounted.
"""

from __future__ import annotations

from dataclasses import replace

from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import DuelRoomError, Event, Happening, State, tell


def kept_by_table(state: State) -> bool:
    """Return True when the table lowers the pile itself (rules version 2 and later)."""
    return state.setup.rules >= 2


def short_of(state: State, who: str) -> int:
    """Return how many cards ``who`` draws back at their next refill (0 or more)."""
    return max(0, dict(state.short).get(who, 0))


def spend(state: State, who: str, count: int) -> State:
    """Count cards ``who`` played or lost (a negative count: cards they drew, e.g. a bot's)."""
    if not kept_by_table(state) or count == 0:
        return state
    short = dict(state.short)
    short[who] = short.get(who, 0) + count
    return replace(state, short=tuple(short.items()))


def lower(state: State, who: str, count: int) -> State:
    """Draw ``count`` cards for ``who``, capped by the pile; the last card drawn empties it.

    While a Raid's reshuffle is due, or when it falls due now, what could not be drawn is
    owed and drawn after the reshuffle.
    """
    if count <= 0:
        return state
    if state.reshuffle_due:
        return owe(state, who, count)
    got = min(count, state.deck)
    if got == 0:
        return state  # time is over already: no one draws
    state = replace(state, deck=state.deck - got)
    state = tell(state, Event(Happening.DREW, (who,), got, left=state.deck))
    if state.deck > 0:
        return state
    state = state.mode.on_deck_empty(state)
    return owe(state, who, count - got) if state.reshuffle_due else state


def owe(state: State, who: str, count: int) -> State:
    """Keep a draw for after the reshuffle (not one by hand for no one: a recount)."""
    if count <= 0 or not who:
        return state
    owed = dict(state.owed)
    owed[who] = owed.get(who, 0) + count
    return replace(state, owed=tuple(owed.items()))


def refill(state: State, who: str) -> State:
    """``who`` draws back what they played since their last refill."""
    count = short_of(state, who)
    if count == 0:
        return state
    short = tuple((p, min(n, 0)) if p == who else (p, n) for p, n in state.short)
    return lower(replace(state, short=short), who, count)


def end_of_turn(state: State, current: str) -> State:
    """At the end of ``current``'s turn, the fighters the mode says draw back, in turn order."""
    if not kept_by_table(state):
        return state
    state = tell(state, Event(Happening.TURN_ENDED, (current,)))
    for who in state.mode.refills(state, current):
        state = refill(state, who)
    return state


def take(state: State, who: str, count: int) -> State:
    """``who`` draws ``count`` cards now (a bot's card for the turn, a defending bot's extra
    card, an ability): the pile is lowered and they draw that many fewer at their refill."""
    if not kept_by_table(state):
        return state
    return lower(spend(state, who, -count), who, count)


def correct(state: State, count: int, player: str | None) -> State:
    """A Draw by hand: ``count`` cards drawn for ``player`` (who then refills that many fewer),
    or for no one; a negative count puts cards counted by mistake back."""
    if count < 0:
        return replace(state, deck=state.deck - count)
    if player is not None:
        state.fighter(player)
        return take(state, player, count)
    if state.deck == 0 and not state.reshuffle_due:
        return state  # logs written when the pile started larger still replay
    return lower(state, "", count)


def reshuffle(state: State, actor: str, new_deck: int) -> State:
    """The table reshuffles (the Raid's discards and the Dragon's hand); the Dragon redraws
    his hand, and every refill owed is drawn, in turn order."""
    if not state.reshuffle_due:
        raise REFUSE(DuelRoomError, "fd_no_reshuffle")
    owed = state.owed
    state = replace(
        state, deck=new_deck, reshuffle_due=False, owed=(), reshuffles=state.reshuffles + 1
    )
    state = tell(state, Event(Happening.RESHUFFLED, (actor,), new_deck))
    for who, count in owed:
        state = lower(state, who, count)
    return state


def discard(state: State, player: str, count: int) -> State:
    """``player`` lost ``count`` cards from their hand (an ability): drawn back at their refill.

    :raises DuelRoomError: at a table that counts draws by hand, or for a count out of range.
    """
    if not kept_by_table(state):
        raise REFUSE(DuelRoomError, "fd_draws_by_hand")
    if not 1 <= count <= 2 * state.fd.hand_size:
        raise REFUSE(DuelRoomError, "fd_count", most=2 * state.fd.hand_size)
    state.fighter(player)
    return spend(state, player, count)
