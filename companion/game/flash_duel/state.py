"""A Flash Duel table at one moment: setup, pawns, the strike waiting for answers, outcomes.

Everything here is a typed value; sentences are made in ``view``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.game.errors import IllegalMove
from companion.game.flash_duel.bots import BotDefence, BotMove, SoloResult
from companion.game.flash_duel.match import Abilities, DuelMatch
from companion.game.flash_duel.raid import Betrayal
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.track import Fighter
from printkit.catalog import Catalog, FlashDuelSet

if TYPE_CHECKING:
    from companion.game.flash_duel.choosing import Choosing
    from companion.game.flash_duel.mode import Mode

KIND = "flash-duel"
RULES_VERSION = 2
"""The table rules' version a new table plays by (a stored setup without one is version 1).

1: the draw pile is lowered only by the Draw action tapped by hand, and a Raid's deck is
reshuffled at once when it runs out. 2: the table lowers the pile by every refill at the end
of a turn (``draws``), and a Raid's reshuffle waits for the table to record it.
"""
BOT = "Bot"
"""The solo bot's pawn name, unless the player is called that too."""


class DuelRoomError(IllegalMove):
    """An action the Flash Duel table refuses."""


@dataclass(frozen=True)
class Setup:
    """Mode, players in turn order, characters or drafted abilities, the bot or Dragon."""

    mode: str
    players: tuple[str, ...]
    seed: int
    characters: tuple[tuple[str, str], ...] = ()
    clockwork: tuple[tuple[str, tuple[str, ...]], ...] = ()
    dragon: str | None = None
    bot: str | None = None
    unused: tuple[str, ...] = ()
    """Custom Clockwork: the draft pool's abilities nobody picked."""
    rules: int = RULES_VERSION
    """The table rules' version (see ``RULES_VERSION``)."""

    @property
    def bot_pawn(self) -> str:
        """Return the solo bot's pawn name: 'Bot', or 'Bot 2' when the player is 'Bot'."""
        taken = {p.casefold() for p in self.players}
        return next(
            name
            for name in (BOT, *(f"{BOT} {n}" for n in range(2, 9)))
            if name.casefold() not in taken
        )


class StrikeKind(enum.Enum):
    """What is waiting for answers."""

    ATTACK = "attack"
    DASH = "dash"


@dataclass(frozen=True)
class Pending:
    """An attack or dashing strike waiting for its answers (each target answers alone)."""

    attacker: str
    targets: tuple[str, ...]
    """The targets who have not answered yet."""
    kind: StrikeKind
    cards: tuple[int, ...]
    blocks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """(target, cards put in for that target so far, dashing blockers' included)."""
    cannot: tuple[str, ...] = ()
    """Answers an ability of the attacker rules out: 'block', 'retreat'."""
    ability: str | None = None
    """The ability that rules them out (its catalog key)."""

    def blocked_so_far(self, target: str) -> tuple[int, ...]:
        """Return the cards put in for one target's block."""
        return dict(self.blocks).get(target, ())


class Termination(enum.Enum):
    """How a round (or a Raid) ended."""

    HIT = "hit"
    TIME_OVER = "time-over"
    ACCUSATION = "accusation"
    NAMED_HANDS = "named-hands"


@dataclass(frozen=True)
class Outcome:
    """How a round or game ended and which side won (None: a draw)."""

    termination: Termination
    winner: str | None


class Happening(enum.Enum):
    """Something the last action did, told in the history and on the phones."""

    BLOCKED = "blocked"
    RETREATED = "retreated"
    HIT = "hit"
    LOST_HIT_POINT = "lost-hit-point"
    EXTRA_TURN = "extra-turn"
    RESHUFFLED = "reshuffled"
    TIME_RAN_OUT = "time-ran-out"
    ACCUSED = "accused"
    TRAITOR_REVEALED = "traitor-revealed"
    NAMED_HAND = "named-hand"
    DRAGON_REVEALED = "dragon-revealed"
    FIRST_PLAYER = "first-player"
    NEW_GAME = "new-game"
    SWAPPED = "swapped"
    ROUND_ENDED = "round-ended"
    RECOVERED = "recovered"
    SWITCHED = "switched"
    TURN_ENDED = "turn-ended"
    """Rules 2: a turn ended (said by the draws it brought, if any; it replaces the news of
    the turn's earlier actions)."""
    DREW = "drew"
    """A refill (or a correction) lowered the draw pile; ``left`` says what is left."""
    DECK_RAN_OUT = "deck-ran-out"
    """A Raid's pile ran out for the first time: the table must reshuffle now."""
    TIME_OVER_LOSS = "time-over-loss"
    """An ability makes time-over a loss for its side (Gwen's Shadow Plague in a Raid)."""
    HAND_SHOWN = "hand-shown"
    """At time-over, a fighter's hand is shown to every phone (seed 002 l.113)."""


@dataclass(frozen=True)
class Event:
    """One happening with the fighters it concerns (and a number, e.g. a card)."""

    what: Happening
    who: tuple[str, ...] = ()
    number: int | None = None
    left: int | None = None
    """Cards left in the draw pile after a draw."""
    cards: tuple[int, ...] = ()
    """The cards of a hand shown at time-over."""


@dataclass(frozen=True)
class State:
    """The table at one moment."""

    setup: Setup
    mode: Mode
    fd: FlashDuelSet
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    """(side, its fighters): 'A' and 'B', or 'mortals' and 'dragon'."""
    fighters: tuple[Fighter, ...]
    order: tuple[str, ...]
    turn: int
    deck: int
    abilities: Abilities
    match: DuelMatch
    hit_points: int = 1
    turn_no: int = 1
    reshuffles: int = 0
    unused: tuple[str, ...] = ()
    defeated: tuple[str, ...] = ()
    recovering: tuple[str, ...] = ()
    pending: Pending | None = None
    extra_turns: int = 0
    last_round: Outcome | None = None
    """Set while the table is between rounds (and at the end of the game)."""
    game: Outcome | None = None
    chooser: str | None = None
    swapper: str | None = None
    """Custom Clockwork: who may still swap an ability before the next round."""
    betrayal: Betrayal | None = None
    used_abilities: tuple[str, ...] = ()
    results: tuple[SoloResult, ...] = ()
    bot_said: BotMove | BotDefence | None = None
    bot_discards: int | None = None
    news: tuple[Event, ...] = ()
    short: tuple[tuple[str, int], ...] = ()
    """Cards each fighter has played or lost since their last refill: what they draw back
    (below 0: they hold more than a full hand, and draw none)."""
    owed: tuple[tuple[str, int], ...] = ()
    """Raid, rules 2: refills the empty pile could not give, drawn after the reshuffle."""
    reshuffle_due: bool = False
    """Raid, rules 2: the pile ran out the first time; the table reshuffles before play goes on."""
    choosing: Choosing | None = None
    """Characters still being chosen before the first round (``choosing``)."""
    shown: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Time-over: the hands entered so far, each on its own seat's phone (hidden from the
    others until every standing fighter's hand is in)."""
    acted: bool = False
    """The current player has made this turn's main action (move, push, attack or dashing
    strike): seed 002 allows one a turn."""

    @property
    def current(self) -> str:
        """Return whose turn it is."""
        return self.order[self.turn]

    @property
    def round_over(self) -> bool:
        """Return True between rounds and after the game."""
        return self.last_round is not None

    def fighter(self, name: str) -> Fighter:
        """Return a pawn by name.

        :raises DuelRoomError: for a name with no pawn.
        """
        for f in self.fighters:
            if f.name == name:
                return f
        names = ", ".join(f.name for f in self.fighters)
        raise REFUSE(DuelRoomError, "fd_no_pawn", name=name, names=names)

    def side_of(self, name: str) -> str:
        """Return the side a fighter is on."""
        return next(side for side, members in self.sides if name in members)

    def members(self, side: str) -> tuple[str, ...]:
        """Return a side's fighters."""
        return dict(self.sides)[side]

    def standing(self) -> tuple[Fighter, ...]:
        """Return the fighters not defeated."""
        return tuple(f for f in self.fighters if f.name not in self.defeated)

    def opponents(self, name: str) -> tuple[Fighter, ...]:
        """Return the standing fighters of the other side."""
        mine = self.side_of(name)
        return tuple(f for f in self.standing() if self.side_of(f.name) != mine)


def with_fighter(state: State, fighter: Fighter) -> State:
    """Return the state with one pawn changed."""
    fighters = tuple(fighter if f.name == fighter.name else f for f in state.fighters)
    return replace(state, fighters=fighters)


def tell(state: State, *events: Event) -> State:
    """Return the state with more happenings of the action being applied."""
    return replace(state, news=(*state.news, *events))


def game_set(catalog: Catalog) -> FlashDuelSet:
    """Return the Flash Duel set of the catalog.

    :raises DuelRoomError: when the catalog has none.
    """
    for game in catalog.games:
        for candidate in game.sets:
            if isinstance(candidate, FlashDuelSet):
                return candidate
    raise REFUSE(DuelRoomError, "fd_no_set")


def check_cards(fd: FlashDuelSet, *values: int) -> None:
    """Refuse a number that is not on the numbered cards (1 to 5 in the 2nd edition).

    :raises DuelRoomError: naming the card and the values there are.
    """
    known = fd.numbered_cards.values
    for value in values:
        if value not in known:
            raise REFUSE(
                DuelRoomError, "fd_card_value", low=min(known), high=max(known), value=value
            )
