"""Rounds and turns: the deal, defeats, the end of a round, turns, the draw pile, time-over.

A round ends at the hit its mode says wins it, or at time-over. The loser of a round chooses
who goes first next (seed 002: "before players draw cards"); every ability is face up again.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import draws
from companion.game.flash_duel.match import (
    Abilities,
    DuelMatch,
    record_round,
    replenish,
    swap_ability,
)
from companion.game.flash_duel.mode import Mode
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import (
    DuelRoomError,
    Event,
    Happening,
    Outcome,
    Setup,
    State,
    Termination,
    check_cards,
    tell,
)
from printkit.catalog import FlashDuelSet


def deal(
    setup: Setup,
    mode: Mode,
    fd: FlashDuelSet,
    match: DuelMatch | None = None,
    abilities: Abilities | None = None,
) -> State:
    """Set up a round: pawns on their start spaces, the draw pile, hit points, abilities."""
    layout = mode.layout(setup, fd)
    first = random.Random(setup.seed + 1).randrange(2) if mode.coin_for_first else 0
    sides = (layout.sides[0][0], layout.sides[1][0])
    return State(
        setup=setup,
        mode=mode,
        fd=fd,
        sides=layout.sides,
        fighters=layout.fighters,
        order=layout.order,
        turn=first,
        deck=mode.draw_pile(setup, fd),
        abilities=mode.abilities(setup, fd) if abilities is None else replenish(abilities),
        match=DuelMatch(sides, fd.round_wins) if match is None else match,
        hit_points=mode.hit_points(setup, fd),
        unused=setup.unused,
    )


def defeat(state: State, who: str, termination: Termination) -> State:
    """Take a fighter out of the round; the round ends if their side has lost."""
    if who in state.defeated:
        return state
    state = leave_strike(state, who)
    state = state.mode.on_defeat(replace(state, defeated=(*state.defeated, who)), who)
    winner = state.mode.winner(state)
    return state if winner is None else end_round(state, winner, termination)


def leave_strike(state: State, who: str) -> State:
    """Take a fighter off the strike waiting for answers (defeated, or changed sides)."""
    pending = state.pending
    if pending is None or who not in pending.targets:
        return state
    left = tuple(t for t in pending.targets if t != who)
    return replace(state, pending=replace(pending, targets=left) if left else None)


def take_hit(state: State, who: str) -> State:
    """A hit: one hit point less for the Dragon or a tough bot, otherwise a defeat."""
    if who == state.mode.tough_one(state) and state.hit_points > 1:
        state = replace(state, hit_points=state.hit_points - 1)
        return tell(state, Event(Happening.LOST_HIT_POINT, (who,), state.hit_points))
    state = tell(state, Event(Happening.HIT, (who,)))
    return defeat(
        replace(state, hit_points=0) if who == state.mode.tough_one(state) else state,
        who,
        Termination.HIT,
    )


def end_round(state: State, winner: str | None, termination: Termination) -> State:
    """Close a round and record it; the losing side will choose who goes first."""
    match = record_round(state.match, winner)
    outcome = Outcome(termination, winner)
    state = replace(state, match=match, last_round=outcome, pending=None)
    state = state.mode.on_round_end(tell(state, Event(Happening.ROUND_ENDED)))
    if match.winner or state.mode.one_game:
        return replace(state, game=Outcome(termination, match.winner or winner))
    loser = match.chooser()
    chooser = state.members(loser)[0] if loser else None
    swapper = chooser if state.mode.swaps_abilities and loser else None
    return replace(state, chooser=chooser, swapper=swapper)


def pass_turn(state: State) -> State:
    """Give the turn to the next standing fighter (the mode may keep it: extra turns)."""
    current = state.current
    state = draws.end_of_turn(state, current)
    state = replace(
        state,
        recovering=tuple(r for r in state.recovering if r != current),
        turn_no=state.turn_no + 1,
        acted=False,
    )
    kept = state.mode.keeps_turn(state, current)
    if kept is not None:
        return kept
    n = len(state.order)
    for step in range(1, n + 1):
        following = (state.turn + step) % n
        if state.order[following] not in state.defeated:
            return replace(state, turn=following)
    return state


def end_turn(state: State, action: act.EndTurn) -> State:
    """End the current turn once every attack has been answered, and only the turn the
    phone showed (a double tap must not end the next player's turn too)."""
    if action.turn is not None and action.turn != state.turn_no:
        raise REFUSE(DuelRoomError, "fd_turn_ended", turn=state.turn_no)
    if state.round_over:
        raise REFUSE(DuelRoomError, "fd_round_over_first")
    if state.pending is not None:
        targets = ", ".join(state.pending.targets)
        raise REFUSE(DuelRoomError, "fd_answer_first", targets=targets, strike="attack")
    check_no_reshuffle(state)
    return pass_turn(state)


def check_no_reshuffle(state: State) -> None:
    """Refuse play while a Raid's reshuffle waits to be recorded.

    :raises DuelRoomError: saying who reshuffles.
    """
    if state.reshuffle_due:
        raise REFUSE(DuelRoomError, "fd_reshuffle_first", dragon=str(state.setup.dragon))


def draw(state: State, action: act.Draw) -> State:
    """Count cards drawn from the pile; an empty pile is time-over (or a Raid reshuffle).

    Drawing from an empty pile changes nothing (logs written when the pile started larger
    still replay).
    """
    if state.round_over:
        raise REFUSE(DuelRoomError, "fd_round_ended")
    most = 2 * state.fd.hand_size
    if draws.kept_by_table(state):
        if not 1 <= abs(action.count) <= most:
            raise REFUSE(DuelRoomError, "fd_count_back", most=most)
        return draws.correct(state, action.count, action.player)
    if not 1 <= action.count <= most:
        raise REFUSE(DuelRoomError, "fd_count", most=most)
    if action.count < state.deck:
        return replace(state, deck=state.deck - action.count)
    return state.mode.on_deck_empty(replace(state, deck=0))


def check_time_over(state: State) -> None:
    """Refuse time-over while the round goes on (cards in the pile, a reshuffle due).

    :raises DuelRoomError: saying why.
    """
    if state.round_over:
        raise REFUSE(DuelRoomError, "fd_round_ended")
    if state.deck > 0:
        raise REFUSE(DuelRoomError, "fd_cards_left", n=state.deck)
    check_no_reshuffle(state)


def show_hand(state: State, action: act.ShowHand, actor: str) -> State:
    """Time-over: a standing fighter enters their own hand on their own phone; once every
    standing fighter's hand is in, they are shown and the round is settled (seed 002:
    "Both players reveal their hands")."""
    check_time_over(state)
    standing = [f.name for f in state.standing()]
    if actor not in standing:
        raise REFUSE(DuelRoomError, "fd_no_hand", actor=actor)
    if any(name not in state.setup.players for name in standing):
        raise REFUSE(DuelRoomError, "fd_bot_hand")
    check_cards(state.fd, *action.cards)
    shown = (*((p, c) for p, c in state.shown if p != actor), (actor, action.cards))
    if any(name not in dict(shown) for name in standing):
        return replace(state, shown=shown)
    return time_over(replace(state, shown=()), act.TimeOver(shown))


def time_over(state: State, action: act.TimeOver) -> State:
    """Settle a round that ran out of cards from every standing fighter's hand."""
    check_time_over(state)
    hands = dict(action.hands)
    missing = [f.name for f in state.standing() if f.name not in hands]
    if missing:
        raise REFUSE(DuelRoomError, "fd_hands_missing", missing=", ".join(missing))
    check_cards(state.fd, *(c for shown in hands.values() for c in shown))
    state = tell(state, *(Event(Happening.HAND_SHOWN, (name,), cards=tuple(cards))
                          for name, cards in hands.items()))  # fmt: skip
    state, winner = state.mode.time_over(replace(state, pending=None, shown=()), hands)
    return end_round(state, winner, Termination.TIME_OVER)


def between_rounds(state: State) -> Outcome:
    """Return the last round's outcome.

    :raises DuelRoomError: while a round is being played or after the game.
    """
    if state.last_round is None or state.game is not None:
        raise REFUSE(DuelRoomError, "fd_between_rounds")
    return state.last_round


def first_choosers(state: State) -> tuple[str, ...] | None:
    """Return who may name the next round's first player: the side that lost the round
    (None: anyone, after a drawn round or a round the bot lost)."""
    chooser = state.chooser
    bot = state.setup.bot_pawn if state.setup.bot else None
    if chooser in (None, bot):
        return None
    return state.members(state.side_of(chooser))


def first_player(state: State, action: act.FirstPlayer, actor: str) -> State:
    """The losing side names who goes first; the next round starts."""
    between_rounds(state)
    choosers = first_choosers(state)
    if choosers is not None and actor not in choosers:
        raise REFUSE(DuelRoomError, "fd_loser_chooses", chooser=str(state.chooser))
    state.fighter(action.player)
    fresh = deal(state.setup, state.mode, state.fd, state.match, state.abilities)
    fresh = replace(
        fresh,
        order=state.order,
        turn=state.order.index(action.player),
        unused=state.unused,
        results=state.results,
    )
    return tell(fresh, Event(Happening.FIRST_PLAYER, (action.player,)))


def swap(state: State, action: act.SwapAbility, actor: str) -> State:
    """Custom Clockwork: the loser of the round swaps one ability for an unused one."""
    if not state.mode.swaps_abilities:
        raise REFUSE(DuelRoomError, "fd_swap_clockwork")
    outcome = between_rounds(state)
    if outcome.winner is None:
        raise REFUSE(DuelRoomError, "fd_swap_draw")
    player = action.player
    if state.side_of(player) == outcome.winner:
        raise REFUSE(DuelRoomError, "fd_swap_winner", player=player)
    if actor != player:
        raise REFUSE(DuelRoomError, "fd_swap_own", player=player, actor=actor)
    if state.swapper != player:
        raise REFUSE(DuelRoomError, "fd_swapped", player=player)
    abilities, unused = swap_ability(
        state.abilities, state.unused, player, action.give, action.take
    )
    state = replace(state, abilities=abilities, unused=unused, swapper=None)
    return tell(state, Event(Happening.SWAPPED, (player, action.give, action.take)))


def switch_order(state: State, action: act.SwitchOrder) -> State:
    """2 vs 2, between rounds: swap the turn-order places of the player's team."""
    if not state.mode.switches_order:
        raise REFUSE(DuelRoomError, "fd_switch_team")
    between_rounds(state)
    team = state.members(state.side_of(action.player))
    first, second = (state.order.index(m) for m in team)
    order = list(state.order)
    order[first], order[second] = order[second], order[first]
    return tell(replace(state, order=tuple(order)), Event(Happening.SWITCHED, team))
