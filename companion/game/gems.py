"""Gem piles, combining, crashing and counter-crashing, and the end-of-turn loss check.

The rules are those of seed 000 (3rd edition, rules 7.3) and seed 001 (2nd edition):

- A pile holds 1- to 4-gems; a player (or a 2 vs 2 team) ending a turn at 10 or more loses.
- Height bonus at cleanup: total 3-5 draws +1 chip, 6-8 +2, 9 or more +3.
- Combine two gems of a pile into one if they total 4 or less.
- Crash: break gems of your own pile (1 with a Crash Gem, up to 2 with a Double Crash Gem)
  and send that many 1-gems, taken from the bank; +$1 per gem broken, on your own turn only.
  A 4-gem among them makes the whole send uncounter-crashable.
- Counter-crash: a reaction to a send of at least one gem; each 1-gem of the counter
  negates one incoming 1-gem (both go back to the bank); what is left goes to whoever
  crashed fewer, as a new send that can itself be countered. One reaction per send.
- Free-for-all: anyone but the sender may counter-crash a send. While the sender's pile
  is 10 or more, sends float and go out once it is 9 or less; floating gems still there at
  the end of the sender's turn are destroyed. When someone ends a turn at 10 or more the
  game ends and the lowest pile wins; tied players take one more turn each and compare
  again. Last Man Standing eliminates instead, and play goes on to one survivor.
- 2 vs 2: teammates share one pile and their team's turn (either may crash, each keeps
  their own gem power), ante once per team turn, and either may react to a send.
- 2nd edition: a crash always goes to the next player; a player ending a turn above 10
  with at least two others left sends the excess over 10, as 1-gems, to the next player,
  who may counter-crash it (but what comes back does not overflow again).

The bank's gem supply is tracked. A gem the bank is out of is still taken, as a stand-in
(counted in ``GemSupply.stand_ins``); a gem returned while stand-ins are out replaces one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from printkit.rules import height_bonus

GEM_VALUES = (1, 2, 3, 4)
LOSING_TOTAL = 10
MAX_COMBINED = 4
UNSTOPPABLE_GEM = 4


class GemError(ValueError):
    """An action the rules do not allow; the message says who, what and why."""


class Mode(StrEnum):
    """How many play and how the game ends."""

    TWO_PLAYER = "two-player"
    FREE_FOR_ALL = "free-for-all"
    TEAM_BATTLE = "team-battle"
    LAST_MAN_STANDING = "last-man-standing"


def gem_name(value: int) -> str:
    """Name a gem the way players do: '3-gem'."""
    return f"{value}-gem"


@dataclass(frozen=True)
class Pile:
    """The gems in one gem pile, as a sorted tuple of values."""

    gems: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """Return the sum of the gems' values."""
        return sum(self.gems)

    def with_gems(self, values: Iterable[int]) -> Pile:
        """Return the pile with these gems added."""
        return Pile(tuple(sorted((*self.gems, *values))))

    def without(self, values: Sequence[int], who: str) -> Pile:
        """Return the pile with these gems taken out.

        :raises GemError: when the pile does not hold them.
        """
        left = list(self.gems)
        for value in values:
            if value not in left:
                have = ", ".join(gem_name(g) for g in self.gems) or "nothing"
                raise GemError(f"{who} has no {gem_name(value)} to spare (the pile holds {have})")
            left.remove(value)
        return Pile(tuple(left))


@dataclass(frozen=True)
class GemSupply:
    """The gem chips in the bank, and stand-ins used while a stack is out."""

    counts: tuple[int, int, int, int] = (64, 20, 16, 12)
    stand_ins: tuple[int, int, int, int] = (0, 0, 0, 0)

    def take(self, value: int, n: int = 1) -> GemSupply:
        """Return the supply after ``n`` gems of this value leave the bank."""
        counts, stand = list(self.counts), list(self.stand_ins)
        i = value - 1
        real = min(n, counts[i])
        counts[i] -= real
        stand[i] += n - real
        return GemSupply(tuple(counts), tuple(stand))  # type: ignore[arg-type]

    def give(self, value: int, n: int = 1) -> GemSupply:
        """Return the supply after ``n`` gems of this value come back to the bank."""
        counts, stand = list(self.counts), list(self.stand_ins)
        i = value - 1
        back = min(n, stand[i])
        stand[i] -= back
        counts[i] += n - back
        return GemSupply(tuple(counts), tuple(stand))  # type: ignore[arg-type]

    def value(self) -> int:
        """Return the bank's gem value, stand-ins counted as owed."""
        return sum(
            v * (c - s) for v, c, s in zip(GEM_VALUES, self.counts, self.stand_ins, strict=True)
        )


@dataclass(frozen=True)
class Send:
    """1-gems in flight from one player's crash toward a pile."""

    sender: str
    target: str
    """The player the gems are sent to (in 2 vs 2 they land on that player's team pile)."""
    ones: int
    unstoppable: bool
    """A 4-gem was broken: no purple-shield reaction is allowed."""
    overflow: bool = False
    """Second-edition overflow: what comes back from it does not overflow again."""


@dataclass(frozen=True)
class Table:
    """The gem side of a Puzzle Strike game: piles, supply, sends, turn and result."""

    mode: Mode
    edition: int
    seats: tuple[str, ...]
    """Players in turn order."""
    teams: tuple[tuple[str, ...], ...] = ()
    """2 vs 2 only: the two teams (players 1 & 3 against 2 & 4 in seat order)."""
    piles: tuple[tuple[str, Pile], ...] = ()
    """Pile per owner: a player, or a team name ('A' or 'B') in 2 vs 2."""
    supply: GemSupply = field(default_factory=GemSupply)
    turn: int = 0
    """Index in ``seats`` of the player whose turn it is."""
    pending: Send | None = None
    """A send waiting for a reaction or to land."""
    floating: tuple[Send, ...] = ()
    money: tuple[tuple[str, int], ...] = ()
    """Gem power each player got from crashing this turn (on their own side's turn only)."""
    anted: bool = False
    eliminated: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    """Free-for-all: the players tied for the lowest pile, playing extra turns."""
    tiebreak: tuple[str, ...] = ()
    """Free-for-all: tied players still to take their extra turn."""
    winners: tuple[str, ...] = ()
    """Set when the game is over."""
    log: tuple[str, ...] = ()
    """What happened, one line per step, for history views."""

    # -- reading the table --------------------------------------------------------------
    @property
    def current(self) -> str:
        """Return the player whose turn it is."""
        return self.seats[self.turn]

    @property
    def is_over(self) -> bool:
        """Return True once there is a winner."""
        return bool(self.winners)

    def money_of(self, player: str) -> int:
        """Return the gem power a player got from crashing this turn."""
        return dict(self.money).get(player, 0)

    def with_money(self, player: str, amount: int) -> Table:
        """Return the table with ``amount`` more gem power for the player."""
        rest = tuple((p, m) for p, m in self.money if p != player)
        return replace(self, money=(*rest, (player, self.money_of(player) + amount)))

    def is_turn_of(self, player: str) -> bool:
        """Return True when it is the player's turn (their team's turn, in 2 vs 2)."""
        return self.owner_of(player) == self.owner_of(self.current)

    def owner_of(self, player: str) -> str:
        """Return whose pile a player plays from (their team's in 2 vs 2)."""
        self.check_player(player)
        for name, team in zip("AB", self.teams, strict=False):
            if player in team:
                return name
        return player

    def pile(self, player: str) -> Pile:
        """Return the pile a player plays from."""
        owner = self.owner_of(player)
        return dict(self.piles)[owner]

    def check_player(self, player: str) -> None:
        """Refuse a name that is not seated.

        :raises GemError: naming the seated players.
        """
        if player not in self.seats:
            raise GemError(f"{player!r} is not at this table ({', '.join(self.seats)})")

    def opponents(self, player: str) -> list[str]:
        """Return the players still in who are not on the player's side."""
        mine = self.owner_of(player)
        return [p for p in self.active() if self.owner_of(p) != mine]

    def active(self) -> list[str]:
        """Return the players not eliminated, in seat order."""
        return [p for p in self.seats if p not in self.eliminated]

    def next_player(self, player: str) -> str:
        """Return the next player still in, after ``player`` in turn order."""
        order = self.active()
        if player not in order:
            order = list(self.seats)
        return order[(order.index(player) + 1) % len(order)]

    def total_value(self) -> int:
        """Return bank + piles + gems in flight (constant through every action)."""
        in_flight = sum(s.ones for s in (*self.floating, *([self.pending] if self.pending else [])))
        return self.supply.value() + sum(p.total for _, p in self.piles) + in_flight

    def with_pile(self, player: str, pile: Pile) -> Table:
        """Return the table with the player's pile replaced."""
        owner = self.owner_of(player)
        return replace(self, piles=tuple((o, pile if o == owner else p) for o, p in self.piles))

    def note(self, line: str) -> Table:
        """Return the table with a line added to its log."""
        return replace(self, log=(*self.log, line))


def new_table(
    seats: Sequence[str], mode: Mode, edition: int = 3, supply: GemSupply | None = None
) -> Table:
    """Seat the players (in turn order) with empty piles.

    :raises GemError: for a player count the mode does not allow, or repeated names.
    """
    seats = tuple(seats)
    if len(set(seats)) != len(seats) or not all(s.strip() for s in seats):
        raise GemError("every player needs a different, non-empty name")
    allowed = {
        Mode.TWO_PLAYER: (2,),
        Mode.FREE_FOR_ALL: (3, 4),
        Mode.TEAM_BATTLE: (4,),
        Mode.LAST_MAN_STANDING: (3, 4),
    }[mode]
    if len(seats) not in allowed:
        counts = " or ".join(str(n) for n in allowed)
        raise GemError(f"{mode.value} is for {counts} players, not {len(seats)}")
    if edition not in (2, 3):
        raise GemError(f"edition must be 2 or 3, not {edition}")
    teams: tuple[tuple[str, ...], ...] = ()
    owners: list[str] = list(seats)
    if mode is Mode.TEAM_BATTLE:
        teams = ((seats[0], seats[2]), (seats[1], seats[3]))
        owners = ["A", "B"]
    piles = tuple((o, Pile()) for o in owners)
    return Table(mode, edition, seats, teams, piles, supply or GemSupply())


def check_playing(table: Table) -> None:
    """Refuse any action once the game is over.

    :raises GemError: when there is a winner already.
    """
    if table.is_over:
        raise GemError(f"the game is over: {' and '.join(table.winners)} won")


def ante(table: Table, value: int = 1) -> Table:
    """Ante one gem of this value (the Panic level's) into the current player's pile.

    :raises GemError: twice in one turn, with a send pending, or for a bad value.
    """
    check_playing(table)
    if value not in GEM_VALUES:
        raise GemError(f"there is no {gem_name(value)}")
    if table.anted:
        raise GemError(f"{table.current} has already anted this turn")
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
        raise GemError(
            f"{player} cannot combine a {gem_name(a)} and a {gem_name(b)}: "
            f"the total {a + b} is over {MAX_COMBINED}"
        )
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
        raise GemError(f"{player} can crash only on their own turn; it is {table.current}'s")
    if not 1 <= len(gems) <= 2:
        raise GemError(f"a crash breaks 1 gem (Crash Gem) or 2 (Double Crash Gem), not {len(gems)}")
    target = choose_target(table, player, target)
    table = break_gems(table, player, gems)
    table = table.with_money(player, len(gems))
    send = Send(player, target, sum(gems), UNSTOPPABLE_GEM in gems)
    broke = " and a ".join(gem_name(g) for g in gems)
    table = table.note(f"{player} crashed a {broke} at {target}")
    return dispatch(table, send)


def choose_target(table: Table, player: str, target: str | None) -> str:
    """Return whom a crash goes to (the next player in the 2nd edition).

    :raises GemError: for a target that is not an opponent still in.
    """
    opponents = table.opponents(player)
    if table.edition == 2:
        following = table.next_player(player)
        if target not in (None, following):
            raise GemError(f"2nd edition: {player}'s crashes go to the next player, {following}")
        return following
    if target is None:
        if len(opponents) == 1 or table.mode is Mode.TEAM_BATTLE:
            return table.next_player(player)
        raise GemError(f"{player} must choose whom to crash at: {', '.join(opponents)}")
    if target not in opponents:
        raise GemError(f"{player} cannot send gems to {target!r}: not an opponent still in")
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
    """Put a send in flight, or queue it behind floating gems.

    In free-for-all, gems a player sends on their own turn while their pile is 10 or more
    float, and go out (one send at a time, oldest first) once the pile is 9 or less.
    """
    if send.ones == 0:
        return release_floating(table)
    ffa = table.mode in (Mode.FREE_FOR_ALL, Mode.LAST_MAN_STANDING)
    if ffa and table.is_turn_of(send.sender):
        if table.pile(send.sender).total >= LOSING_TOTAL:
            table = table.note(f"{send.ones} gem(s) float until {send.sender}'s pile is 9 or less")
        return release_floating(replace(table, floating=(*table.floating, send)))
    return replace(table, pending=send)


def check_no_pending(table: Table) -> None:
    """Refuse a new action while gems are in the air.

    :raises GemError: naming the send.
    """
    if table.pending is not None:
        p = table.pending
        raise GemError(
            f"{p.ones} gem(s) from {p.sender} are on their way to {p.target}: "
            "counter-crash them or let them land first"
        )


def can_counter(table: Table, player: str) -> bool:
    """Return True when this player may counter-crash the pending send."""
    send = table.pending
    if send is None or send.unstoppable or send.ones < 1 or table.is_over:
        return False
    if player in table.eliminated or table.owner_of(player) == table.owner_of(send.sender):
        return False
    if table.mode in (Mode.FREE_FOR_ALL, Mode.LAST_MAN_STANDING):
        return True
    return table.owner_of(player) == table.owner_of(send.target)


def counter_crash(table: Table, player: str, gems: Sequence[int]) -> Table:
    """React to the pending send by breaking 1 or 2 of your own gems: the gems collide.

    :raises GemError: with nothing to counter, a 4-gem send, a player who may not react,
        or gems the pile lacks.
    """
    check_playing(table)
    send = table.pending
    if send is None:
        raise GemError("there is no send to counter-crash")
    if send.unstoppable:
        raise GemError(f"{player} cannot counter-crash: {send.sender} crashed a 4-gem")
    if not can_counter(table, player):
        raise GemError(f"{player} cannot react to {send.sender}'s send to {send.target}")
    if not 1 <= len(gems) <= 2:
        raise GemError(f"a counter-crash breaks 1 or 2 gems, not {len(gems)}")
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
        return land(replace(table, pending=rest))
    if counter > send.ones:  # the sender crashed fewer: the rest flies back, counterable
        back = Send(
            player, send.sender, counter - send.ones, UNSTOPPABLE_GEM in gems, send.overflow
        )
        return dispatch(table, back)
    return release_floating(table)


def land(table: Table) -> Table:
    """Let the pending send fall into its target's pile (nobody reacts)."""
    send = table.pending
    if send is None:
        raise GemError("there are no gems in the air")
    pile = table.pile(send.target).with_gems([1] * send.ones)
    table = replace(table.with_pile(send.target, pile), pending=None)
    table = table.note(f"{send.ones} gem(s) landed on {send.target}")
    return release_floating(table)


def release_floating(table: Table) -> Table:
    """Send the first floating send once its sender's pile is 9 or less."""
    if table.pending is not None or not table.floating:
        return table
    first, *rest = table.floating
    if table.pile(first.sender).total >= LOSING_TOTAL:
        return table
    table = replace(table, floating=tuple(rest), pending=first)
    return table.note(f"{first.sender}'s floating gems are sent to {first.target}")


def cleanup_draw(table: Table, player: str, hand: int = 5) -> int:
    """Return how many chips the player draws at cleanup: the hand plus the height bonus."""
    return hand + height_bonus(table.pile(player).total)


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
    if table.mode is Mode.TWO_PLAYER or table.mode is Mode.TEAM_BATTLE:
        winners = tuple(p for p in table.seats if table.owner_of(p) != table.owner_of(player))
        return replace(table, winners=winners).note(
            f"{player} overflowed: {' and '.join(winners)} won"
        )
    if eliminates(table):
        return eliminate(table, player, total)
    return lowest_pile_wins(table, player)


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


def advance(table: Table, to: str | None = None) -> Table:
    """Pass the turn to ``to`` (default: the next player still in)."""
    following = to or table.next_player(table.current)
    return replace(table, turn=table.seats.index(following), money=(), anted=False)


def eliminate(table: Table, player: str, total: int) -> Table:
    """Knock a player out; the last one left wins. 2nd edition: overflow the excess."""
    following = table.next_player(player)
    table = replace(table, eliminated=(*table.eliminated, player))
    table = table.note(f"{player} is out")
    left = table.active()
    if len(left) == 1:
        return replace(table, winners=tuple(left)).note(f"{left[0]} won")
    if table.edition == 2 and total > LOSING_TOTAL and len(left) >= 2:
        excess = total - LOSING_TOTAL
        send = Send(player, following, excess, False, True)
        table = replace(shed(table, player, excess), pending=send)
        table = table.note(f"{player} overflows {excess} gem(s) onto {following}")
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


def lowest_pile_wins(table: Table, loser: str) -> Table:
    """Free-for-all: the game ends; the lowest pile wins, ties play extra turns."""
    others = [p for p in table.active() if p != loser]
    return compare_lowest(table, others)


def compare_lowest(table: Table, contenders: Sequence[str]) -> Table:
    """Crown the single lowest pile among ``contenders``, or start a tie-break round."""
    totals = {p: table.pile(p).total for p in contenders}
    low = min(totals.values())
    tied = tuple(p for p in table.seats if totals.get(p) == low)
    if len(tied) == 1:
        return replace(table, winners=tied, tiebreak=(), tied=()).note(f"{tied[0]} won at {low}")
    table = table.note(f"{' and '.join(tied)} tie at {low}: each takes one more turn")
    table = replace(table, tied=tied, tiebreak=tied[1:])
    return advance(table, tied[0])


def next_tiebreak_turn(table: Table) -> Table:
    """After a tie-break turn: the next tied player plays, or the tied piles are compared."""
    if table.tiebreak:
        following, *rest = table.tiebreak
        return advance(replace(table, tiebreak=tuple(rest)), following)
    return compare_lowest(table, table.tied)


def add_gem(table: Table, player: str, value: int) -> Table:
    """Put a gem from the bank into a player's pile (an ante a chip caused, a correction).

    :raises GemError: for a value that is not a gem, or once the game is over.
    """
    check_playing(table)
    if value not in GEM_VALUES:
        raise GemError(f"there is no {gem_name(value)}")
    table = table.with_pile(player, table.pile(player).with_gems([value]))
    return replace(table, supply=table.supply.take(value)).note(
        f"a {gem_name(value)} went into {player}'s pile"
    )


def remove_gem(table: Table, player: str, value: int) -> Table:
    """Take a gem out of a player's pile back to the bank (a trash, a correction).

    :raises GemError: when the pile has no such gem, or once the game is over.
    """
    check_playing(table)
    table = table.with_pile(player, table.pile(player).without([value], player))
    return replace(table, supply=table.supply.give(value)).note(
        f"a {gem_name(value)} left {player}'s pile"
    )
