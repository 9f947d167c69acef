"""The main actions and the answers to a strike, on the table's state (seed 002).

No one advances past the front-most fighter of the other side: moves and dashes stop next
to them. An attack or dashing strike on a space threatens every fighter of that side
standing there, and each must answer alone (block, retreat from a dash, or take the hit);
a teammate behind may dashing-block onto the space and add cards to one target's block.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import draws, rounds, track
from companion.game.flash_duel.match import use_ability
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import (
    DuelRoomError,
    Event,
    Happening,
    Pending,
    State,
    StrikeKind,
    check_cards,
    tell,
    with_fighter,
)
from companion.game.flash_duel.track import Fighter
from printkit.catalog import Ability


def ready_to_act(state: State, player: str) -> Fighter:
    """Return the fighter whose turn it is, once nothing blocks a main action.

    :raises DuelRoomError: between rounds, with a strike unanswered, out of turn, or
        while recovering.
    """
    if state.round_over:
        raise REFUSE(DuelRoomError, "fd_round_over_first")
    if state.pending is not None:
        targets = ", ".join(state.pending.targets)
        raise REFUSE(
            DuelRoomError, "fd_answer_first", targets=targets, strike=state.pending.kind.value
        )
    rounds.check_no_reshuffle(state)
    if player != state.current:
        raise REFUSE(DuelRoomError, "fd_not_your_turn", turn=state.current, player=player)
    if player in state.recovering:
        raise REFUSE(DuelRoomError, "fd_recovering", player=player)
    if state.acted:
        raise REFUSE(DuelRoomError, "fd_acted", player=player)
    return state.fighter(player)


def front_enemy(state: State, me: Fighter) -> Fighter:
    """Return the front-most standing opponent: the nearest one (no one passes them)."""
    enemies = state.opponents(me.name)
    if not enemies:
        raise REFUSE(DuelRoomError, "fd_no_opponent")
    return min(enemies, key=lambda e: track.distance(me, e))


def enemy(state: State, me: Fighter, name: str) -> Fighter:
    """Return a standing opponent by name."""
    target = state.fighter(name)
    if target not in state.opponents(me.name):
        raise REFUSE(DuelRoomError, "fd_not_opponent", name=name, me=me.name)
    return target


def on_space(state: State, target: Fighter) -> tuple[Fighter, ...]:
    """Return every standing fighter of the target's side on the target's space."""
    side = state.side_of(target.name)
    return tuple(
        f
        for f in state.standing()
        if f.position == target.position and state.side_of(f.name) == side
    )


def move(state: State, action: act.Move) -> State:
    """Move forward (stopping next to the front-most enemy) or backward."""
    me = ready_to_act(state, action.player)
    check_cards(state.fd, action.card)
    spaces = state.fd.board.spaces
    moved = track.move(me, front_enemy(state, me), action.card, spaces, action.backward)
    return draws.spend(replace(with_fighter(state, moved), acted=True), me.name, 1)


def push(state: State, action: act.Push) -> State:
    """Push every enemy on the adjacent space back."""
    me = ready_to_act(state, action.player)
    check_cards(state.fd, action.card)
    for victim in on_space(state, enemy(state, me, action.target)):
        state = with_fighter(state, track.push(me, victim, action.card, state.fd.board.spaces))
    return draws.spend(replace(state, acted=True), me.name, 1)


def attack(state: State, action: act.Attack) -> State:
    """Attack with cards showing the exact distance; everyone on that space must answer."""
    me = ready_to_act(state, action.player)
    target = enemy(state, me, action.target)
    check_cards(state.fd, *action.cards)
    track.check_attack(me, target, action.cards)
    targets = tuple(f.name for f in on_space(state, target))
    strike = Pending(me.name, targets, StrikeKind.ATTACK, action.cards)
    state = draws.spend(state, me.name, len(action.cards))
    return replace(state, pending=with_effects(state, strike), acted=True)


def dash(state: State, action: act.Dash) -> State:
    """Dash (no farther than the front-most enemy), then strike at the new distance."""
    me = ready_to_act(state, action.player)
    target = enemy(state, me, action.target)
    check_cards(state.fd, action.dash, *action.cards)
    front = front_enemy(state, me)
    moved = track.dashing_strike(
        me, target, action.dash, action.cards, state.fd.board.spaces, front
    )
    state = with_fighter(state, moved)
    targets = tuple(f.name for f in on_space(state, target))
    strike = Pending(me.name, targets, StrikeKind.DASH, action.cards)
    state = draws.spend(state, me.name, 1 + len(action.cards))
    return replace(state, pending=with_effects(state, strike), acted=True)


STRIKE_NAMES = {StrikeKind.ATTACK: "attack", StrikeKind.DASH: "dashing-strike"}
"""A strike kind as the catalog's abilities name it."""
RULED_OUT = {"unblockable": "block", "no-retreat": "retreat"}
"""Ability effects that rule an answer out, and the answer."""


def catalog_ability(state: State, key: str) -> Ability | None:
    """Return an ability of the catalog by key ('character/ability')."""
    return next((a for c, a in state.fd.abilities() if f"{c.id}/{a.id}" == key), None)


def strike_effect(state: State, key: str, strike: Pending) -> str | None:
    """Return the answer an ability rules out for this strike (None: it does not apply)."""
    card = catalog_ability(state, key)
    if card is None or card.applies not in RULED_OUT or card.strike != STRIKE_NAMES[strike.kind]:
        return None
    if card.strike_card is not None and set(strike.cards) != {card.strike_card}:
        return None
    return RULED_OUT[card.applies]


def used_this_turn(state: State, player: str) -> str | None:
    """Return the ability a player turned face down this turn (None: none)."""
    if dict(state.abilities.used_on_turn).get(player) != state.turn_no:
        return None
    return next((a for p, a in reversed(state.abilities.used) if p == player), None)


def with_effects(state: State, strike: Pending) -> Pending:
    """Apply the attacker's ability used this turn to a strike (e.g. it cannot be blocked)."""
    key = used_this_turn(state, strike.attacker)
    effect = strike_effect(state, key, strike) if key else None
    if effect is None:
        return strike
    return replace(strike, cannot=(*strike.cannot, effect), ability=key)


def check_answer(state: State, pending: Pending, answer: str) -> None:
    """Refuse an answer the attacker's ability rules out.

    :raises DuelRoomError: naming the ability.
    """
    if answer in pending.cannot and pending.ability is not None:
        card = catalog_ability(state, pending.ability)
        name = card.name if card and card.name else pending.ability
        raise REFUSE(DuelRoomError, "fd_cannot_" + answer, attacker=pending.attacker, ability=name,
                     strike=pending.kind.value)  # fmt: skip


def waiting(state: State, who: str) -> Pending:
    """Return the strike ``who`` must answer.

    :raises DuelRoomError: when there is none, or it is not aimed at them.
    """
    if state.pending is None:
        raise REFUSE(DuelRoomError, "fd_no_attack_answer")
    if who not in state.pending.targets:
        raise REFUSE(DuelRoomError, "fd_not_attacked", who=who)
    return state.pending


def answered(state: State, pending: Pending, who: str) -> State:
    """Take one target off the strike; the strike is over when everyone answered."""
    left = tuple(t for t in pending.targets if t != who)
    return replace(state, pending=replace(pending, targets=left) if left else None)


def add_block(state: State, pending: Pending, target: str, given: tuple[int, ...]) -> State:
    """Add cards to one target's block; the very same cards as the strike stop it for them."""
    so_far = (*pending.blocked_so_far(target), *given)
    if Counter(so_far) == Counter(pending.cards):
        state = answered(state, pending, target)
        return tell(state, Event(Happening.BLOCKED, (target,)))
    if Counter(so_far) - Counter(pending.cards):
        strike = " ".join(str(c) for c in pending.cards)
        shown = " ".join(str(c) for c in so_far)
        raise REFUSE(DuelRoomError, "fd_block_same", target=target, strike=strike, shown=shown)
    blocks = (*((t, c) for t, c in pending.blocks if t != target), (target, so_far))
    return replace(state, pending=replace(pending, blocks=blocks))


def block(state: State, action: act.Block) -> State:
    """A target puts in block cards (alone, or with teammates' dashing blocks).

    A block must be the very same cards as the strike: a pair is blocked by the same pair.
    Part of it is refused unless a standing teammate could still add the rest with a
    dashing block.
    """
    pending = waiting(state, action.player)
    check_answer(state, pending, "block")
    check_cards(state.fd, *action.cards)
    so_far = Counter((*pending.blocked_so_far(action.player), *action.cards))
    short = Counter(pending.cards) - so_far
    if short and not so_far - Counter(pending.cards) and not helpers(state, action.player):
        strike = " ".join(str(c) for c in pending.cards)
        missing = " ".join(str(c) for c in sorted(short.elements()))
        raise REFUSE(
            DuelRoomError, "fd_block_missing", player=action.player, strike=strike, missing=missing
        )
    state = add_block(state, pending, action.player, action.cards)
    return draws.spend(state, action.player, len(action.cards))


def helpers(state: State, target: str) -> tuple[str, ...]:
    """Return the target's standing teammates who could still dashing-block for them."""
    side = state.side_of(target)
    return tuple(
        f.name
        for f in state.standing()
        if f.name != target and state.side_of(f.name) == side and f.name not in state.recovering
    )


def dashing_block(state: State, action: act.DashingBlock) -> State:
    """A teammate behind dashes onto the threatened space and adds cards to the block."""
    if state.pending is None:
        raise REFUSE(DuelRoomError, "fd_no_attack_block")
    pending = state.pending
    blocker = state.fighter(action.player)
    if action.player in state.recovering:
        raise REFUSE(DuelRoomError, "fd_recovering_block", player=action.player)
    mate = action.teammate or pending.targets[0]
    pending = waiting(state, mate)
    check_answer(state, pending, "block")
    if state.side_of(mate) != state.side_of(blocker.name) or mate == blocker.name:
        raise REFUSE(DuelRoomError, "fd_block_teammate", player=action.player)
    check_cards(state.fd, action.dash, *action.cards)
    moved = track.dashing_block(
        blocker,
        state.fighter(mate),
        front_enemy(state, blocker),
        action.dash,
        state.fd.board.spaces,
    )
    state = add_block(with_fighter(state, moved), pending, mate, action.cards)
    return draws.spend(state, action.player, 1 + len(action.cards))


def retreat(state: State, action: act.Retreat) -> State:
    """Retreat from a dashing strike; the fighter recovers on their next turn."""
    pending = waiting(state, action.player)
    if pending.kind is not StrikeKind.DASH:
        raise REFUSE(DuelRoomError, "fd_retreat_dash")
    check_answer(state, pending, "retreat")
    check_cards(state.fd, action.card)
    moved = track.retreat(state.fighter(action.player), action.card, state.fd.board.spaces)
    state = answered(with_fighter(state, moved), pending, action.player)
    recovering = (*(r for r in state.recovering if r != action.player), action.player)
    state = draws.spend(replace(state, recovering=recovering), action.player, 1)
    return tell(state, Event(Happening.RETREATED, (action.player,), action.card))


def hit(state: State, action: act.Hit) -> State:
    """A target takes the hit."""
    pending = waiting(state, action.player)
    return rounds.take_hit(answered(state, pending, action.player), action.player)


def place(state: State, action: act.Place) -> State:
    """Put a pawn on a space by hand (a tap on the track)."""
    who = state.fighter(action.player)
    if not 1 <= action.space <= state.fd.board.spaces:
        raise REFUSE(DuelRoomError, "fd_space", spaces=state.fd.board.spaces)
    return with_fighter(state, replace(who, position=action.space))


def ability(state: State, action: act.UseAbility) -> State:
    """Turn an ability face down: one per player per turn, replenished each round."""
    if state.round_over:
        raise REFUSE(DuelRoomError, "fd_ability_in_round")
    used = use_ability(state.abilities, action.player, action.ability, state.turn_no)
    players = tuple(sorted({*state.used_abilities, action.player}))
    state = replace(state, abilities=used, used_abilities=players)
    if state.pending is not None and state.pending.attacker == action.player:
        state = replace(state, pending=with_effects(state, state.pending))
    return state


def ability_hit(state: State, action: act.AbilityHit) -> State:
    """Use an ability whose effect is a hit (seed 002, e.g. Flame Arrow: an opponent exactly
    6 spaces away); the table turns it face down and applies the hit.

    :raises DuelRoomError: for an ability with no such effect, out of turn, after the
        turn's action, or with no opponent at that distance.
    """
    me = ready_to_act(state, action.player)
    card = catalog_ability(state, action.ability)
    if card is None or card.applies != "hit" or card.distance is None:
        raise REFUSE(DuelRoomError, "fd_not_hit_ability", ability=action.ability)
    reach = [e for e in state.opponents(me.name) if track.distance(me, e) == card.distance]
    if action.target is not None:
        reach = [e for e in reach if e.name == action.target]
    if len(reach) != 1:
        key = "fd_hit_which" if len(reach) > 1 else "fd_hit_none"
        raise REFUSE(
            DuelRoomError, key, ability=card.name or action.ability, distance=card.distance
        )
    state = ability(state, act.UseAbility(action.player, action.ability))
    return rounds.take_hit(state, reach[0].name)
