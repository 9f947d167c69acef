"""Ending turns and games: the 10-gem loss check, free-for-all ties, elimination, overflow.

Seeds 000 and 001:

- A player (or 2 vs 2 team) ending a turn at 10 or more loses. Two players or teams: the
  other side wins. 3rd-edition free-for-all: the game ends and the lowest pile wins; tied
  players take one more turn each and compare again. Last Man Standing (and the 2nd
  edition's games of 3 or 4) eliminate instead, and play goes on to one survivor.
- Floating gems still there at the end of their sender's turn are destroyed.
- 2nd edition: a player ending a turn (or forfeiting) above 10 with at least two others left
  sends the excess over 10, as 1-gems, to the next player, who may counter-crash it (what
  comes back does not overflow again). It is still the overflowing player's turn until the
  overflow has landed, so a counter-crash earns the next player no gem power.
- A player may forfeit on their own turn: it counts as ending the turn with a lost pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.game.puzzle_strike.gems import check_no_pending
from companion.game.puzzle_strike.piles import (
    LOSING_TOTAL,
    Ending,
    GemError,
    Mode,
    Outcome,
    Send,
    Table,
    advance,
    check_playing,
)
from companion.game.puzzle_strike.refusals import REFUSE


def eliminates(table: Table) -> bool:
    """Return True when losing knocks a player out and play goes on.

    That is Last Man Standing, and the 2nd edition's games of 3 or 4 ('other players
    continue until there is one winner').
    """
    return table.mode is Mode.LAST_MAN_STANDING or (
        table.edition == 2 and table.mode is Mode.FREE_FOR_ALL
    )


def end_turn(table: Table) -> Table:
    """End the current player's turn: destroy floating gems, check the loss, pass the turn.

    :raises GemError: with gems still in the air, or once the game is over.
    """
    check_playing(table)
    check_no_pending(table)
    player = table.current
    table = destroy_floating(table)
    total = table.pile(player).total
    table = table.note(f"{player} ended the turn at {total}")
    if table.tiebreak or table.tied:
        return next_tiebreak_turn(table)
    if total < LOSING_TOTAL:
        return advance(table)
    return lose(table, player, total, Ending.OVERFLOW)


def forfeit(table: Table, player: str) -> Table:
    """Give the game up on your own turn: it ends as a loss whatever the pile holds.

    :raises GemError: out of turn, with gems in the air, or once the game is over.
    """
    check_playing(table)
    if not table.is_turn_of(player):
        raise REFUSE(GemError, "ps_forfeit_turn", player=player, turn=table.current)
    check_no_pending(table)
    table = destroy_floating(table).note(f"{player} forfeited")
    table = replace(table, turn=table.seats.index(player))
    if table.tied:
        rest = [p for p in table.tied if p != player]
        return compare_lowest(replace(table, tied=(), tiebreak=()), rest, Ending.FORFEIT, player)
    return lose(table, player, table.pile(player).total, Ending.FORFEIT)


def lose(table: Table, player: str, total: int, ending: Ending) -> Table:
    """Apply a lost turn by the mode's rule: the other side wins, elimination or lowest pile."""
    if table.mode is Mode.TWO_PLAYER or table.mode is Mode.TEAM_BATTLE:
        winners = tuple(p for p in table.seats if table.owner_of(p) != table.owner_of(player))
        done = replace(table, outcome=Outcome(ending, winners, player))
        verb = "overflowed" if ending is Ending.OVERFLOW else "forfeited"
        return done.note(f"{player} {verb}: {' and '.join(winners)} won")
    if eliminates(table):
        return eliminate(table, player, total, ending)
    others = [p for p in table.active() if p != player]
    table = replace(table, overflowed=player)
    return compare_lowest(table, others, ending if ending is Ending.FORFEIT else None, player)


def destroy_floating(table: Table) -> Table:
    """Floating gems still waiting at the end of their sender's turn are destroyed."""
    mine = [s for s in table.floating if s.sender == table.current]
    if not mine:
        return table
    supply = table.supply.give(1, sum(s.ones for s in mine))
    rest = tuple(s for s in table.floating if s.sender != table.current)
    return replace(table, floating=rest, supply=supply).note(
        f"{sum(s.ones for s in mine)} floating gem(s) of {table.current} were destroyed"
    )


def eliminate(table: Table, player: str, total: int, ending: Ending) -> Table:
    """Knock a player out; the last one left wins. 2nd edition: overflow the excess."""
    following = table.next_player(player)
    table = replace(table, eliminated=(*table.eliminated, player))
    table = table.note(f"{player} is out")
    left = table.active()
    if len(left) == 1:
        final = ending if ending is Ending.FORFEIT else Ending.LAST_STANDING
        return replace(table, outcome=Outcome(final, tuple(left), player)).note(f"{left[0]} won")
    if table.edition == 2 and total > LOSING_TOTAL:
        excess = total - LOSING_TOTAL
        send = Send(player, following, excess, False, True)
        table = replace(shed(table, player, excess), pending=send, overflowing=player)
        return table.note(f"{player} overflows {excess} gem(s) onto {following}")
    return advance(table, following)


def shed(table: Table, player: str, amount: int) -> Table:
    """Take ``amount`` of value out of a pile as 1-gems in flight (2nd-edition overflow).

    Gems leave the pile smallest first until they cover the amount; they go back to the
    bank, the change (if any) comes back to the pile as one gem, and ``amount`` 1-gems
    leave the bank for the send.
    """
    removed: list[int] = []
    for value in table.pile(player).gems:
        if sum(removed) >= amount:
            break
        removed.append(value)
    change = sum(removed) - amount
    pile = table.pile(player).without(removed, player).with_gems([change] if change else [])
    supply = table.supply
    for value in removed:
        supply = supply.give(value)
    if change:
        supply = supply.take(change)
    return replace(table.with_pile(player, pile), supply=supply.take(1, amount))


def compare_lowest(
    table: Table,
    contenders: Sequence[str],
    ending: Ending | None = None,
    loser: str | None = None,
) -> Table:
    """Crown the single lowest pile among ``contenders``, or start a tie-break round.

    The game's loser is ``loser``, else the player who ended a turn at 10 or more (not
    whoever took the last tie-break turn)."""
    totals = {p: table.pile(p).total for p in contenders}
    low = min(totals.values())
    tied = tuple(p for p in table.seats if totals.get(p) == low)
    if len(tied) == 1:
        lost = loser or table.overflowed or table.current
        outcome = Outcome(ending or Ending.LOWEST_PILE, tied, lost)
        done = replace(table, outcome=outcome, tiebreak=(), tied=())
        return done.note(f"{tied[0]} won at {low}")
    table = table.note(f"{' and '.join(tied)} tie at {low}: each takes one more turn")
    table = replace(table, tied=tied, tiebreak=tied[1:], tied_at=low)
    return advance(table, tied[0])


def next_tiebreak_turn(table: Table) -> Table:
    """After a tie-break turn: the next tied player plays, or the tied piles are compared."""
    if table.tiebreak:
        following, *rest = table.tiebreak
        return advance(replace(table, tiebreak=tuple(rest)), following)
    return compare_lowest(table, table.tied)
