"""Gem piles in play: ante, combine, crash, counter-crash, landing and floating gems.

Seeds 000 (3rd edition, rules 7.3) and 001 (2nd edition):

- Combine two gems of a pile into one if they total 4 or less.
- Crash: break gems of your own pile (1 with a Crash Gem, up to 2 with a Double Crash Gem)
  and send that many 1-gems, taken from the bank; +$1 per gem broken, on your own turn only.
  A 4-gem among them makes the whole send uncounter-crashable.
- Counter-crash: a reaction to a send of at least one gem; each 1-gem of the counter
  negates one incoming 1-gem (both go back to the bank); what is left goes to whoever
  crashed fewer, as a new send that can itself be countered. One reaction per send.
- Who reacts: the player sent to (either teammate in 2 vs 2) decides first. In a
  3rd-edition free-for-all, if they let the gems through, each other player in turn order
  (from the one after the sender) may counter-crash for them; the gems land once all have
  let them through. In the 2nd edition only the player sent to may react. (Tables of rules
  version 1 let anyone who could counter-crash decide at any moment.)
- A send with a 4-gem in it cannot be counter-crashed: it lands at once (rules version 2).
- Free-for-all: while the sender's pile is 10 or more, sends made on their turn float, and
  go out (one at a time, oldest first) the first moment the pile is 9 or less, whatever
  lowered it.
- 2nd edition: a crash always goes to the next player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.game.puzzle_strike.piles import (
    GEM_VALUES,
    LOSING_TOTAL,
    MAX_COMBINED,
    UNSTOPPABLE_GEM,
    Collision,
    GemError,
    Mode,
    Send,
    Table,
    advance,
    check_playing,
    gem_name,
)
from companion.game.puzzle_strike.refusals import REFUSE
from printkit.rules import height_bonus


def ante(table: Table, value: int = 1) -> Table:
    """Ante one gem of this value (the Panic level's) into the current player's pile.

    :raises GemError: twice in one turn, or for a bad value.
    """
    check_playing(table)
    if value not in GEM_VALUES:
        raise REFUSE(GemError, "ps_no_such_gem", gem=value)
    if table.anted:
        raise REFUSE(GemError, "ps_anted", player=table.current)
    player = table.current
    table = table.with_pile(player, table.pile(player).with_gems([value]))
    table = replace(table, supply=table.supply.take(value), anted=True)
    return table.note(f"{player} anted a {gem_name(value)}")


def combine(table: Table, player: str, a: int, b: int) -> Table:
    """Combine two gems of the player's pile into one gem of their total.

    :raises GemError: when the total is over 4 or the pile lacks the gems.
    """
    check_playing(table)
    if a + b > MAX_COMBINED:
        raise REFUSE(GemError, "ps_combine_over", player=player, a=a, b=b, total=a + b,
                     most=MAX_COMBINED)  # fmt: skip
    pile = table.pile(player).without([a, b], player).with_gems([a + b])
    supply = table.supply.give(a).give(b).take(a + b)
    table = replace(table.with_pile(player, pile), supply=supply)
    return table.note(f"{player} combined a {gem_name(a)} and a {gem_name(b)}")


def crash(table: Table, player: str, gems: Sequence[int], target: str | None = None) -> Table:
    """Break 1 or 2 gems of the current player's pile and send them as 1-gems.

    The send waits in ``pending`` for a reaction (``counter_crash``) or for ``land``.

    :raises GemError: out of turn, with a send pending, a bad target, or missing gems.
    """
    check_playing(table)
    check_no_pending(table)
    if not table.is_turn_of(player):
        raise REFUSE(GemError, "ps_crash_turn", player=player, turn=table.current)
    if not 1 <= len(gems) <= 2:
        raise REFUSE(GemError, "ps_crash_count", n=len(gems))
    target = choose_target(table, player, target)
    table = break_gems(table, player, gems)
    table = table.with_money(player, len(gems))
    send = Send(player, target, sum(gems), UNSTOPPABLE_GEM in gems)
    broke = " and a ".join(gem_name(g) for g in gems)
    table = replace(table, crashed_at=target).note(f"{player} crashed a {broke} at {target}")
    return dispatch(table, send)


def choose_target(table: Table, player: str, target: str | None) -> str:
    """Return whom a crash goes to (the next player in the 2nd edition).

    :raises GemError: for a target that is not an opponent still in.
    """
    opponents = table.opponents(player)
    if table.edition == 2:
        following = table.next_player(player)
        if target not in (None, following):
            raise REFUSE(GemError, "ps_crash_next", player=player, following=following)
        return following
    if target is None:
        if len(opponents) == 1 or table.mode is Mode.TEAM_BATTLE:
            return table.next_player(player)
        raise REFUSE(GemError, "ps_crash_whom", player=player, opponents=", ".join(opponents))
    if target not in opponents:
        raise REFUSE(GemError, "ps_crash_target", player=player, target=target)
    return target


def break_gems(table: Table, player: str, gems: Sequence[int]) -> Table:
    """Take gems out of the player's pile, back to the bank, and 1-gems out for the send."""
    pile = table.pile(player).without(gems, player)
    supply = table.supply
    for value in gems:
        supply = supply.give(value)
    supply = supply.take(1, sum(gems))
    return replace(table.with_pile(player, pile), supply=supply)


def dispatch(table: Table, send: Send) -> Table:
    """Put a send in flight, queue it behind floating gems, or drop it on a player who is out.

    In free-for-all, gems a player sends on their own turn while their pile is 10 or more
    float, and go out (one send at a time, oldest first) once the pile is 9 or less.
    """
    if send.ones == 0:
        return settle(table)
    if send.target in table.eliminated:  # nobody is left to react for them
        return land(replace(table, pending=send))
    if send.unstoppable and table.rules >= 2 and not floats(table, send):
        return land(replace(table, pending=send))  # uncounter-crashable: nobody decides
    if floats(table, send):
        if table.floating or table.pile(send.sender).total >= LOSING_TOTAL:
            send = replace(send, floated=True)  # it waits: sent later, not at the crash
        if table.pile(send.sender).total >= LOSING_TOTAL:
            table = table.note(f"{send.ones} gem(s) float until {send.sender}'s pile is 9 or less")
        return settle(replace(table, floating=(*table.floating, send)))
    return replace(table, pending=send)


def floats(table: Table, send: Send) -> bool:
    """Return True when a free-for-all send made on the sender's own turn waits in line
    (behind earlier floating gems, or until the sender's pile is 9 or less). A send from a
    pile of 9 or less with nothing floating goes out at once: it never floated (the state is
    the same either way; only the table's words said "floating gems are sent")."""
    if not (table.mode.is_free_for_all and table.is_turn_of(send.sender)):
        return False
    return bool(table.floating) or table.pile(send.sender).total >= LOSING_TOTAL


def reactors(table: Table, send: Send) -> list[str]:
    """Return who may react to a send, in the order they decide (rules version 2): the
    player sent to (with their teammate in 2 vs 2), then, in a 3rd-edition free-for-all,
    every other player still in, in turn order from the one after the sender."""
    first = table.members(table.owner_of(send.target))
    if not (table.mode.is_free_for_all and table.edition == 3):
        return first
    order = table.active()
    if send.sender in order:
        start = order.index(send.sender) + 1
        order = order[start:] + order[:start]
    return first + [p for p in order if p not in first and p != send.sender]


def deciding(table: Table) -> list[str]:
    """Return the players whose decision the gems in the air wait for now (the target's
    side first; see ``reactors``)."""
    send = table.pending
    if send is None or table.is_over:
        return []
    if table.rules < 2:
        return [p for p in table.seats if may_decide_v1(table, p)]
    waiting = [p for p in reactors(table, send) if p not in send.passed]
    if not waiting:
        return []
    return table.members(table.owner_of(waiting[0])) if table.teams else waiting[:1]


def may_decide_v1(table: Table, player: str) -> bool:
    """Rules version 1: the receiver's side, or whoever may counter-crash for them."""
    send = table.pending
    assert send is not None
    return table.owner_of(player) == table.owner_of(send.target) or can_counter(table, player)


def check_no_pending(table: Table) -> None:
    """Refuse a new action while gems are in the air.

    :raises GemError: naming the send.
    """
    if table.pending is not None:
        p = table.pending
        raise REFUSE(GemError, "ps_in_the_air", n=p.ones, sender=p.sender, target=p.target)


def can_counter(table: Table, player: str) -> bool:
    """Return True when this player may counter-crash the pending send."""
    send = table.pending
    if send is None or send.unstoppable or send.ones < 1 or table.is_over:
        return False
    if player in table.eliminated or table.owner_of(player) == table.owner_of(send.sender):
        return False
    if table.rules >= 2:
        return player in deciding(table)
    if table.mode.is_free_for_all and table.edition == 3:
        return True
    return table.owner_of(player) == table.owner_of(send.target)


def can_land(table: Table, player: str) -> bool:
    """Return True when this player may let the pending send land (the receiver's side, or
    whoever may counter-crash for them)."""
    return player in deciding(table)


def counter_crash(table: Table, player: str, gems: Sequence[int]) -> Table:
    """React to the pending send by breaking 1 or 2 of your own gems: the gems collide.

    :raises GemError: with nothing to counter, a 4-gem send, a player who may not react,
        or gems the pile lacks.
    """
    check_playing(table)
    send = table.pending
    if send is None:
        raise REFUSE(GemError, "ps_no_send")
    if send.unstoppable:
        raise REFUSE(GemError, "ps_unstoppable", player=player, sender=send.sender)
    if not can_counter(table, player):
        raise REFUSE(
            GemError, "ps_not_reacting", player=player, sender=send.sender, target=send.target
        )
    if not 1 <= len(gems) <= 2:
        raise REFUSE(GemError, "ps_counter_count", n=len(gems))
    table = replace(break_gems(table, player, gems), pending=None)
    if table.is_turn_of(player):
        table = table.with_money(player, len(gems))
    counter = sum(gems)
    negated = min(send.ones, counter)
    table = replace(table, supply=table.supply.give(1, 2 * negated))
    broke = " and a ".join(gem_name(g) for g in gems)
    table = table.note(f"{player} counter-crashed a {broke}: {negated} pair(s) negated")
    if send.ones > counter:  # the counter crashed fewer: the rest falls on the counter
        rest = Send(send.sender, player, send.ones - counter, False, send.overflow)
        collision = Collision(negated, rest.ones, player, False)
        return land(replace(table, pending=rest, collision=collision))
    if counter > send.ones:  # the sender crashed fewer: the rest flies back, counterable
        back = Send(
            player,
            send.sender,
            counter - send.ones,
            UNSTOPPABLE_GEM in gems,
            send.overflow,
            back=True,
        )
        collision = Collision(negated, back.ones, send.sender, True)
        return dispatch(replace(table, collision=collision), back)
    return settle(replace(table, collision=Collision(negated, 0, None, False)))


def let_land(table: Table, player: str) -> Table:
    """Let the pending send land, as the player sent to (or one who may react for them).

    :raises GemError: with nothing in the air, or for a player who may not decide.
    """
    check_playing(table)
    send = table.pending
    if send is None:
        raise REFUSE(GemError, "ps_no_gems_in_air")
    if not can_land(table, player):
        deciders = deciding(table)
        key = "ps_land_decides" if len(deciders) == 1 else "ps_land_decide"
        raise REFUSE(GemError, key, player=player, sender=send.sender,
                     deciders=" or ".join(deciders))  # fmt: skip
    if table.rules >= 2:
        passed = (*send.passed, *deciding(table))
        table = replace(table, pending=replace(send, passed=passed))
        if deciding(table):
            return table.note(f"{player} let the gems through; {deciding(table)[0]} may react")
    return land(table)


def react_later(table: Table) -> list[str]:
    """Return who may still react to the gems in the air after those deciding now (a
    3rd-edition free-for-all asks each other player in turn); empty elsewhere."""
    send = table.pending
    if send is None or table.is_over or table.rules < 2:
        return []
    now = deciding(table)
    return [p for p in reactors(table, send) if p not in send.passed and p not in now]


def last_to_decide(table: Table | None) -> tuple[str, ...] | None:
    """Return whose "nobody reacts" is: the last player still to decide after those
    deciding now (so a tournament table asks each phone); None when nobody is left after
    them (it is then a plain "let them land")."""
    later = react_later(table) if table is not None else []
    return (later[-1],) if later else None


def nobody_reacts(table: Table, player: str) -> Table:
    """Let the pending send land for everyone still to decide, as the player deciding now
    (seed 000, free-for-all "Crashing": each other player in turn may counter-crash).

    :raises GemError: with nothing in the air, or for a player who may not decide now.
    """
    later = react_later(table)
    table = let_land(table, player)
    if table.pending is None:
        return table
    passed = (*table.pending.passed, *later)
    return land(replace(table, pending=replace(table.pending, passed=passed)))


def land(table: Table) -> Table:
    """Drop the pending send into its target's pile (nobody reacts)."""
    send = table.pending
    if send is None:
        raise REFUSE(GemError, "ps_no_gems_in_air")
    pile = table.pile(send.target).with_gems([1] * send.ones)
    table = replace(table.with_pile(send.target, pile), pending=None)
    table = table.note(f"{send.ones} gem(s) landed on {send.target}")
    return settle(table)


def settle(table: Table) -> Table:
    """After a pile changed or a send resolved: send floating gems, end an overflowed turn."""
    table = release_floating(table)
    if table.pending is None and table.overflowing is not None:
        following = table.next_player(table.overflowing)
        table = advance(replace(table, overflowing=None), following)
    return table


def release_floating(table: Table) -> Table:
    """Send the first floating send once its sender's pile is 9 or less."""
    if table.pending is not None or not table.floating:
        return table
    first, *rest = table.floating
    if table.pile(first.sender).total >= LOSING_TOTAL:
        return table
    table = replace(table, floating=tuple(rest), pending=first)
    table = table.note(f"{first.sender}'s floating gems are sent to {first.target}")
    return land(table) if first.unstoppable and table.rules >= 2 else table


def cleanup_draw(table: Table, player: str, hand: int = 5) -> int:
    """Return how many chips the player draws at cleanup: the hand plus the height bonus."""
    return hand + height_bonus(table.pile(player).total)


def add_gem(table: Table, player: str, value: int) -> Table:
    """Put a gem from the bank into a player's pile (an ante a chip caused, a correction).

    :raises GemError: for a value that is not a gem, or once the game is over.
    """
    check_playing(table)
    if value not in GEM_VALUES:
        raise REFUSE(GemError, "ps_no_such_gem", gem=value)
    table = table.with_pile(player, table.pile(player).with_gems([value]))
    return replace(table, supply=table.supply.take(value)).note(
        f"a {gem_name(value)} went into {player}'s pile"
    )


def remove_gem(table: Table, player: str, value: int) -> Table:
    """Take a gem out of a player's pile back to the bank (a trash, a correction).

    A lower pile may send the player's floating gems.

    :raises GemError: when the pile has no such gem, or once the game is over.
    """
    check_playing(table)
    table = table.with_pile(player, table.pile(player).without([value], player))
    table = replace(table, supply=table.supply.give(value)).note(
        f"a {gem_name(value)} left {player}'s pile"
    )
    return settle(table)
