"""The shapes of what a phone reads about a Puzzle Strike table (see ``view``), for mypy."""

from __future__ import annotations

from typing import TypedDict

from companion.game.next_step import NextStep
from companion.game.puzzle_strike.counter_chips import ChipName
from companion.game.status import Status
from companion.game.whose import Whose


class ChipView(TypedDict):
    """A chip's face as a tap on its stack shows it."""

    name: str
    name_ja: str | None
    """The catalog's Japanese name, where it has one (a Japanese phone shows it)."""
    cost: int | None
    summary: str | None
    banner: list[str]
    banner_icons: list[str]
    icons: list[list[str | int]]
    """[icon name, count] pairs."""


class StackView(TypedDict):
    """One bank stack."""

    key: str
    name: str
    name_ja: str | None
    """The catalog's Japanese name, where it has one (a Japanese phone shows it)."""
    cost: int | None
    state: str
    """'full', 'empty' or 'removed' (empty once nothing is left, or marked so)."""
    left: int | None
    """Chips the stack holds now, where the catalog knows its size."""
    may_buy: bool
    """The viewer may buy from it now (their turn, the stack not empty)."""


class SendView(TypedDict):
    """Gems in flight from one player to another."""

    sender: str
    target: str
    ones: int


class PendingView(SendView):
    """The send waiting for its receiver, and whether it may be countered."""

    unstoppable: bool
    how: str
    """'crash', 'back' (a counter-crash's rest), 'floating' or 'overflow' (see ``Send.how``)."""


class PileView(TypedDict):
    """One gem pile, with its total and its height bonus."""

    owner: str
    players: list[str]
    gems: list[int]
    total: int
    bonus: int


class OutcomeView(TypedDict):
    """How a game ended."""

    ending: str
    winners: list[str]
    loser: str | None


class TieBreakView(TypedDict):
    """A free-for-all tie-break round: who tied for the lowest pile and who still plays."""

    tied: list[str]
    at: int
    """The tied players' pile total when the round started."""
    still_to_play: list[str]
    """Tied players still to take their extra turn after the current one."""
    overflowed: str | None
    """Who ended a turn at 10 or more (the game's loser)."""


class TableView(TypedDict):
    """The gem side of a game being played."""

    turn: str
    anted: bool
    piles: list[PileView]
    pending: PendingView | None
    can_counter: list[str]
    can_land: list[str]
    react_later: list[str]
    """Who may still react after those deciding now (a 3rd-edition free-for-all)."""
    floating: list[SendView]
    overflowing: str | None
    money: dict[str, int]
    eliminated: list[str]
    winners: list[str]
    outcome: OutcomeView | None
    tied: list[str]
    tiebreak: TieBreakView | None
    opponents: dict[str, list[str]]


class MatchView(TypedDict):
    """The match score and what it waits for."""

    score: dict[str, int]
    winner: str | None
    awaiting_choice: list[str]
    choosers: list[str]
    first_player: str | None
    switched_out: list[str]
    games: list[list[str]]
    games_to_win: int
    options: list[str]
    """The between-games options the chooser may take ('keep', 'switch', 'swap', 'reroll')."""


class ClashView(TypedDict):
    """A settled clash of characters: who keeps it and who chooses again."""

    character: str
    keeper: str
    rechoose: str


class KeyName(TypedDict):
    """An id or key with its name."""

    id: str
    name: str


class PoolItem(TypedDict):
    """A chip of the whole pool (for the loser's swap)."""

    key: str
    name: str


class PanicView(TypedDict):
    """The Panic Time level and the ante it asks."""

    level: str
    ante: int


class RoomView(TypedDict):
    """A Puzzle Strike table as one viewer may see it."""

    phase: str
    title: str
    sides: list[list[str]]
    game_no: int
    players: list[str]
    order: list[str]
    mode: str
    edition: int
    best_of: int
    """Games in the match (1, 3 or 5)."""
    sets: list[str]
    you: str | None
    characters: dict[str, str | None]
    waiting_for: list[str]
    rechoose: str | None
    clash: ClashView | None
    restart_votes: list[str]
    may_restart_choice: bool
    """The table may still agree to choose characters again (not for drafted ones)."""
    may_switch_character: bool
    """The loser's choice may switch characters (3rd edition, not a drafted one)."""
    character_options: list[KeyName]
    bank_hidden: bool
    """A tournament's bank stays hidden until the characters are revealed."""
    panic: PanicView
    stacks: list[StackView]
    pool: list[PoolItem]
    chips: dict[str, ChipView]
    table: TableView | None
    match: MatchView | None
    counter_chips: list[ChipName]
    """Chips that can counter-crash for the viewer (hands are not tracked: the ones that
    could be in their hand); empty for a spectator."""
    next_step: NextStep | None
    """What the viewer must do now (the bar at the bottom of their phone)."""
    pad: str
    """Spaces that make the answer as long whatever the viewer's secret pick (``padding``)."""
    whose: Whose
    """Whose decision each control is ("add_gem:Ben": the +1..+4 of Ben's pile), from the
    room's deciders: the page draws the viewer's own, folds or leaves out the others'."""
    status: Status | None
    """The line always on screen: pile totals (the viewer's first), Panic level, gems in the
    air; None before a game is on."""
