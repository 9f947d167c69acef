"""The gem side of a Puzzle Strike game as data: piles, the bank's gems, sends and the table.

Seeds 000 (3rd edition) and 001 (2nd edition): a pile holds 1- to 4-gems; a player (or a
2 vs 2 team, which shares one pile) ending a turn at 10 or more loses. The rules that change
a table live in ``gems`` (piles and sends) and ``turns`` (ending turns and games).

The bank's gem supply is counted from the catalog's gem stacks. A gem the bank is out of is
still taken, as a stand-in (counted in ``GemSupply.stand_ins``); a gem returned while
stand-ins are out replaces one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike.refusals import REFUSE
from printkit.catalog import BankStack

GEM_VALUES = (1, 2, 3, 4)
LOSING_TOTAL = 10
MAX_COMBINED = 4
UNSTOPPABLE_GEM = 4
RULES_VERSION = 3
"""The table rules new matches follow. 1: the first tables (logs before issue 18); 2: the
turn starts with the ante (ending without it needs a confirmation), only the player sent
to decides first on incoming gems (then, in a 3rd-edition free-for-all, the others in turn
order), and a crashed 4-gem lands at once; 3: a match's length and between-games rule
follow the mode (``formats``: free-for-all and 2 vs 2 play one game unless the table chose
more, and the loser's choice belongs to 2-player 3rd-edition matches)."""
PLAYERS_PER_MODE = {"two-player": (2,), "free-for-all": (3, 4), "team-battle": (4,)}


class GemError(IllegalMove):
    """An action the rules do not allow; the message says who, what and why."""


class Mode(StrEnum):
    """How many play and how the game ends."""

    TWO_PLAYER = "two-player"
    FREE_FOR_ALL = "free-for-all"
    TEAM_BATTLE = "team-battle"
    LAST_MAN_STANDING = "last-man-standing"

    @property
    def is_free_for_all(self) -> bool:
        """Return True for the modes where three or four play each for themselves."""
        return self in (Mode.FREE_FOR_ALL, Mode.LAST_MAN_STANDING)


class Ending(StrEnum):
    """How a game ended."""

    OVERFLOW = "overflow"
    """Two players or 2 vs 2: a side ended its turn at 10 or more."""
    LOWEST_PILE = "lowest-pile"
    """Free-for-all: someone ended a turn at 10 or more; the lowest pile won."""
    LAST_STANDING = "last-standing"
    """Last Man Standing, or a 2nd-edition game of 3 or 4: one player was left."""
    FORFEIT = "forfeit"
    """A player (or team) gave the game up."""


@dataclass(frozen=True)
class Outcome:
    """The result of one game."""

    ending: Ending
    winners: tuple[str, ...]
    loser: str
    """The player whose turn ended the game (who overflowed, forfeited or went out last)."""


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
                raise REFUSE(GemError, "ps_no_gem", who=who, gem=value, have=str(have))
            left.remove(value)
        return Pile(tuple(left))


@dataclass(frozen=True)
class GemSupply:
    """The gem chips in the bank, and stand-ins used while a stack is out.

    The default is a bank of unknown size: every gem taken counts as a stand-in. A room
    builds its supply from the catalog with ``from_stacks``.
    """

    counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    stand_ins: tuple[int, int, int, int] = (0, 0, 0, 0)

    @classmethod
    def from_stacks(cls, stacks: Iterable[BankStack]) -> GemSupply:
        """Count the gem chips of a set's fixed stacks by value."""
        counts = [0, 0, 0, 0]
        for stack in stacks:
            if stack.kind == "gem" and stack.value in GEM_VALUES:
                counts[stack.value - 1] += stack.count
        return cls((counts[0], counts[1], counts[2], counts[3]))

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
    passed: tuple[str, ...] = ()
    """Players who let the gems through without reacting (3rd-edition free-for-all: the
    player sent to first, then the others in turn order)."""
    back: bool = False
    """The rest of a counter-crash, flying back at the player who crashed fewer."""
    floated: bool = False
    """Floating gems sent once their sender's pile was 9 or less (not at the crash)."""

    @property
    def how(self) -> str:
        """Say how the gems came: 'crash', 'back' (a counter-crash's rest), 'floating' or
        'overflow' (2nd edition: a pile's excess over 10, crashed by nobody)."""
        if self.back:
            return "back"
        if self.floated:
            return "floating"
        return "overflow" if self.overflow else "crash"


@dataclass(frozen=True)
class Collision:
    """What the last counter-crash did: gems negated, and where the rest went."""

    negated: int
    rest: int
    rest_to: str | None
    """The player the leftover 1-gems land on or fly back at (None: nothing left)."""
    back: bool
    """True when the rest flies back at the sender (they crashed fewer)."""


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
    tied_at: int = 0
    """Free-for-all: the tied players' total when their tie-break round started."""
    tiebreak: tuple[str, ...] = ()
    """Free-for-all: tied players still to take their extra turn."""
    overflowing: str | None = None
    """2nd edition: the player whose overflow is in flight; their turn lasts until it lands."""
    overflowed: str | None = None
    """Free-for-all: the player who ended a turn at 10 or more (the game's loser, whatever
    tie-break turns follow)."""
    rules: int = RULES_VERSION
    """The table rules' version (see ``RULES_VERSION``)."""
    outcome: Outcome | None = None
    """Set when the game is over."""
    collision: Collision | None = None
    """The last counter-crash's result (for history sentences)."""
    crashed_at: str | None = None
    """Whom the last crash was aimed at (for history sentences: a crash without a target
    names the player it went to, even when it landed at once)."""
    log: tuple[str, ...] = ()
    """What happened, one line per step, for history views."""

    @property
    def winners(self) -> tuple[str, ...]:
        """Return the game's winners (empty while it is played)."""
        return self.outcome.winners if self.outcome else ()

    @property
    def current(self) -> str:
        """Return the player whose turn it is."""
        return self.seats[self.turn]

    @property
    def is_over(self) -> bool:
        """Return True once there is a winner."""
        return self.outcome is not None

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
        found = self.owners.get(player)
        if found is None:
            self.check_player(player)
        return found or player

    @cached_property
    def owners(self) -> dict[str, str]:
        """Return each seated player's pile owner (asked many times per view: made once)."""
        found = {p: p for p in self.seats}
        for name, team in reversed(list(zip("AB", self.teams, strict=False))):  # first wins
            found.update((p, name) for p in team if p in found)
        return found

    def members(self, owner: str) -> list[str]:
        """Return the players who play from this owner's pile."""
        return [p for p in self.seats if self.owner_of(p) == owner]

    def pile(self, player: str) -> Pile:
        """Return the pile a player plays from."""
        return dict(self.piles)[self.owner_of(player)]

    def check_player(self, player: str) -> None:
        """Refuse a name that is not seated.

        :raises GemError: naming the seated players.
        """
        if player not in self.seats:
            raise REFUSE(GemError, "ps_not_at_table", player=player, seats=", ".join(self.seats))

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
            order = sorted({*order, player}, key=self.seats.index)
        return order[(order.index(player) + 1) % len(order)]

    def sends(self) -> tuple[Send, ...]:
        """Return every send in flight: floating ones, then the pending one."""
        return (*self.floating, *([self.pending] if self.pending else []))

    def total_value(self) -> int:
        """Return bank + piles + gems in flight (constant through every action)."""
        in_flight = sum(s.ones for s in self.sends())
        return self.supply.value() + sum(p.total for _, p in self.piles) + in_flight

    def with_pile(self, player: str, pile: Pile) -> Table:
        """Return the table with the player's pile replaced."""
        owner = self.owner_of(player)
        return replace(self, piles=tuple((o, pile if o == owner else p) for o, p in self.piles))

    def note(self, line: str) -> Table:
        """Return the table with a line added to its log."""
        return replace(self, log=(*self.log, line))


def new_table(
    seats: Sequence[str],
    mode: Mode,
    edition: int = 3,
    supply: GemSupply | None = None,
    rules: int = RULES_VERSION,
) -> Table:
    """Seat the players (in turn order) with empty piles.

    :raises GemError: for a player count the mode does not allow, or repeated names.
    """
    seats = tuple(seats)
    if len(set(seats)) != len(seats) or not all(s.strip() for s in seats):
        raise REFUSE(GemError, "ps_names")
    allowed = PLAYERS_PER_MODE.get(mode.value, (3, 4))
    if len(seats) not in allowed:
        counts = " or ".join(str(n) for n in allowed)
        raise REFUSE(GemError, "ps_mode_players", mode=mode.value, counts=counts, n=len(seats))
    if edition not in (2, 3):
        raise REFUSE(GemError, "ps_edition", edition=edition)
    teams: tuple[tuple[str, ...], ...] = ()
    owners: list[str] = list(seats)
    if mode is Mode.TEAM_BATTLE:
        teams = ((seats[0], seats[2]), (seats[1], seats[3]))
        owners = ["A", "B"]
    piles = tuple((o, Pile()) for o in owners)
    return Table(mode, edition, seats, teams, piles, supply or GemSupply(), rules=rules)


def check_playing(table: Table) -> None:
    """Refuse any action once the game is over.

    :raises GemError: when there is a winner already.
    """
    if table.is_over:
        raise REFUSE(GemError, "ps_game_over", winners=" and ".join(table.winners))


def advance(table: Table, to: str | None = None) -> Table:
    """Pass the turn to ``to`` (default: the next player still in)."""
    following = to or table.next_player(table.current)
    return replace(table, turn=table.seats.index(following), money=(), anted=False)
