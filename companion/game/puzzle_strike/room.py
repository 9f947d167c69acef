"""A Puzzle Strike match at the table, as a pure fold over its typed actions.

The companion stores actions in an append-only log; replaying the effective actions (after
undo and redo) gives the state every phone shows. Randomness (coin flips, a re-rolled bank)
comes from a ``random.Random`` seeded by the match seed and the action's position, so a
replay always gives the same state.

Phases: ``choosing`` (double-blind characters), ``playing`` (gem piles, bank stacks, Panic
Time), ``between`` (the losing side's choice), ``over`` (a side won 2 games). Once the
characters are revealed (or a coin flip settled a clash) that action is final: the store
refuses to undo it (``is_final``); the table may agree, every seat, to choose again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike import gems, lines, match, stock, turns, view
from companion.game.puzzle_strike.actions import (
    Action,
    AddGem,
    Ante,
    Buy,
    Choose,
    Combine,
    Counter,
    Crash,
    EndTurn,
    Forfeit,
    Land,
    LoserOption,
    LosersChoice,
    MarkStack,
    Rematch,
    RemoveGem,
    RestartChoice,
    StackState,
    action_to_json,
    parse_action,
)
from companion.game.puzzle_strike.bank import BankOptions, BankSampler
from companion.game.puzzle_strike.bank_play import (
    buy,
    check_bank,
    fresh_stacks,
    new_panic,
    set_stack,
    settle_panic,
)
from companion.game.puzzle_strike.deciding import (
    deciders as deciders,
)
from companion.game.puzzle_strike.deciding import (
    is_final as is_final,
)
from companion.game.puzzle_strike.deciding import (
    is_independent,
    is_over,
    outcome,
    secrets_held,
)
from companion.game.puzzle_strike.panic import PanicLevel, PanicState
from companion.game.puzzle_strike.piles import GemSupply, Mode, Table, new_table
from companion.game.puzzle_strike.refusals import REFUSE
from companion.game.puzzle_strike.sets import display_names, find_set, japanese_names, pool_keys
from companion.game.puzzle_strike.setup import KIND, Setup, setup_from_request
from companion.game.rooms import Rules
from printkit.catalog import Catalog, PuzzleStrikeSet


class TableError(IllegalMove):
    """An action the table does not allow now; the message says why."""


@dataclass(frozen=True)
class Clash:
    """Two players chose the same character without mirror matches: a coin flip settled it."""

    character: str
    keeper: str
    rechoose: str


@dataclass(frozen=True)
class State:
    """Everything the table shows at one moment."""

    setup: Setup
    phase: str
    game_no: int
    order: tuple[str, ...]
    """Turn order of the current game."""
    choice: match.BlindChoice
    characters: tuple[tuple[str, str], ...]
    rechoose: str | None
    table: Table | None
    stacks: tuple[tuple[str, StackState], ...]
    """(stack key, state) for the fixed and the 10 puzzle stacks."""
    panic: PanicState
    match: match.Match | None
    supply: GemSupply
    """The gem chips of the character set's bank, read from the catalog."""
    names: tuple[tuple[str, str], ...] = ()
    """Display names of characters and stacks by id or key (from the catalog)."""
    names_ja: tuple[tuple[str, str], ...] = ()
    """Japanese names where the catalog has them (seed 003: the gems, Combine, Crash Gem...)."""
    clash: Clash | None = None
    restart_votes: tuple[str, ...] = ()
    sizes: stock.Counts = ()
    """Chips each non-gem stack held when the game started (the catalog's, less the bags')."""
    bought: stock.Counts = ()
    """Chips bought from each stack this game."""
    gem_stacks: tuple[tuple[str, int], ...] = ()
    """The gem value of each gem stack (their chips are the table's gem supply)."""
    panic_from: PanicLevel | None = None
    """The level before this action, when this action raised it (said in the history)."""

    @property
    def bank(self) -> tuple[str, ...]:
        """Return the puzzle stacks of the current game."""
        return self.match.bank if self.match else self.setup.bank

    def name(self, key: str) -> str:
        """Return the display name of a character id or stack key."""
        return self.name_of.get(key, key)

    # Looked up many times per view (every stack, every seat): made once per state.
    @cached_property
    def name_of(self) -> dict[str, str]:
        """Return the display names by id or key."""
        return dict(self.names)

    @cached_property
    def name_ja_of(self) -> dict[str, str]:
        """Return the Japanese names by id or key."""
        return dict(self.names_ja)

    @cached_property
    def size_of(self) -> dict[str, int]:
        """Return the chips each non-gem stack held when the game started, by key."""
        return dict(self.sizes)

    @cached_property
    def bought_of(self) -> dict[str, int]:
        """Return the chips bought from each stack this game, by key."""
        return dict(self.bought)

    @cached_property
    def gem_value_of(self) -> dict[str, int]:
        """Return the gem value of each gem stack, by key."""
        return dict(self.gem_stacks)

    def is_bank_hidden(self) -> bool:
        """Return True while the bank stays hidden: a tournament's bank is determined after
        the characters are chosen (seed 000), so nobody sees it before the reveal."""
        return self.setup.bank_after_characters and self.phase == "choosing"

    def may_restart_choice(self) -> bool:
        """Return True while the table may agree to choose characters again: during the
        first game, when the characters were chosen (not drafted)."""
        first_game = self.game_no == 1 and self.phase in ("choosing", "playing")
        return first_game and not self.setup.clockwork

    def may_switch_character(self) -> bool:
        """Return True when the loser's choice may switch characters: 3rd edition, with
        characters chosen from the set (a drafted Clockwork character is kept)."""
        return self.setup.edition == 3 and not self.setup.clockwork


def start(setup: Setup, catalog: Catalog) -> State:
    """Return the state of a new match: everyone choosing a character.

    :raises IllegalMove: for a bad player count, unknown sets or a bad bank.
    """
    new_table(setup.players, setup.mode, setup.edition)
    first = find_set(catalog, setup.character_set)
    check_bank(catalog, setup.sets, setup.bank)
    seats = len(setup.players)
    check_clockwork(first, setup)
    state = State(
        setup=setup,
        phase="choosing",
        game_no=1,
        order=setup.players,
        choice=match.BlindChoice(setup.players),
        characters=(),
        rechoose=None,
        table=None,
        stacks=fresh_stacks(first, setup.bank),
        panic=new_panic(setup),
        match=None,
        supply=stock.supply(first, seats),
        names=display_names(catalog, setup.character_set, setup.sets),
        names_ja=japanese_names(catalog, setup.character_set, setup.sets),
        sizes=stock.sizes(catalog, first, setup.bank, seats),
        gem_stacks=tuple(stock.gem_stacks(first).items()),
    )
    if setup.clockwork:  # the characters were drafted: straight to the first game
        drafted = tuple((p, "clockwork") for p, _ in setup.clockwork)
        return begin_game(replace(state, characters=drafted))
    return state


def check_clockwork(first: PuzzleStrikeSet, setup: Setup) -> None:
    """Refuse Clockwork characters that are not 3 chips of the set for every player."""
    if not setup.clockwork:
        return
    keys = {f"{who.id}/{chip.id}" for who, chip in first.character_chips()}
    players = [p for p, _ in setup.clockwork]
    if sorted(players) != sorted(setup.players):
        raise REFUSE(TableError, "ps_clockwork_all")
    for player, chips in setup.clockwork:
        if len(chips) != 3 or not set(chips) <= keys:
            raise REFUSE(TableError, "ps_clockwork_chips", player=player)


def rng_for(setup: Setup, position: int) -> random.Random:
    """Return the random source of the action at ``position`` (reproducible on replay)."""
    return random.Random(setup.seed * 1_000_003 + position)


def apply(state: State, action: Action, actor: str, catalog: Catalog, position: int) -> State:
    """Apply one action by a seated player and return the new state.

    :raises IllegalMove: when the action is not allowed now.
    """
    after = apply_rule(state, action, actor, catalog, position)
    return settle_panic(replace(after, panic_from=None), state)


def apply_rule(state: State, action: Action, actor: str, catalog: Catalog, position: int) -> State:
    """Apply one action by the rule it falls under."""
    if actor not in state.setup.players:
        raise REFUSE(TableError, "ps_not_a_player", actor=actor)
    if isinstance(action, Choose):
        return choose(state, actor, action, position)
    if isinstance(action, RestartChoice):
        return restart_choice(state, actor)
    if isinstance(action, Rematch):
        return rematch(state, catalog)
    if isinstance(action, LosersChoice):
        return losers_choice(state, actor, action, catalog, position)
    if state.phase != "playing" or state.table is None:
        raise REFUSE(TableError, "ps_no_game", phase=state.phase)
    if isinstance(action, MarkStack):
        return set_stack(state, action)
    if isinstance(action, Buy):
        return buy(state, state.table, actor, action.stack)
    return after_gems(state, gem_action(state, state.table, actor, action))


def seated(state: State, player: str, field: str = "player") -> str:
    """Check that a player named in an action is seated."""
    if player not in state.setup.players:
        raise REFUSE(
            TableError, "ps_one_of_players", field=field, players=", ".join(state.setup.players)
        )
    return player


def gem_action(state: State, table: Table, actor: str, action: Action) -> Table:
    """Apply a gem-pile action to the game's table."""
    match action:
        case Ante():
            if not table.is_turn_of(actor):
                raise REFUSE(TableError, "ps_ante_turn", actor=actor, turn=table.current)
            return gems.ante(table, state.panic.ante)
        case Combine(a, b):
            return gems.combine(table, actor, a, b)
        case Crash(broken, target):
            return gems.crash(table, actor, broken, target)
        case Counter(broken):
            return gems.counter_crash(table, actor, broken)
        case Land(everyone):
            return (gems.nobody_reacts if everyone else gems.let_land)(table, actor)
        case AddGem(player, value):
            return gems.add_gem(table, seated(state, player), value)
        case RemoveGem(player, value):
            return gems.remove_gem(table, seated(state, player), value)
        case Forfeit():
            return turns.forfeit(table, actor)
        case EndTurn(without_ante):
            if not table.is_turn_of(actor):
                raise REFUSE(TableError, "ps_end_other_turn", actor=actor, turn=table.current)
            if table.rules >= 2 and not (table.anted or without_ante):
                raise REFUSE(TableError, "ps_no_ante", turn=table.current, gem=state.panic.ante)
            return turns.end_turn(table)
    raise REFUSE(TableError, "ps_not_gem_action", action=type(action).__name__)


def after_gems(state: State, table: Table) -> State:
    """Store the new table; raise Panic for eliminations; close a finished game."""
    panic = state.panic
    old = state.table.eliminated if state.table else ()
    if state.setup.mode is Mode.LAST_MAN_STANDING:
        for _ in range(len(table.eliminated) - len(old)):
            panic = panic.after_elimination()
    state = replace(state, table=table, panic=panic)
    if not table.is_over:
        return state
    return finish_game(state, table)


def finishing_sides(m: match.Match, table: Table) -> list[str]:
    """Return the match's sides from the game's winner to the first to lose."""
    winners = list(table.winners)
    out = list(reversed(table.eliminated))
    rest = sorted(
        (p for p in table.seats if p not in winners and p not in out),
        key=lambda p: table.pile(p).total,
    )
    loser = table.outcome.loser if table.outcome else None
    if loser in rest:  # who overflowed (or forfeited) loses, whatever the piles say
        rest = [p for p in rest if p != loser] + [loser]
    sides: list[str] = []
    for player in winners + rest + out:
        side = m.side_of(player)
        if side not in sides:
            sides.append(side)
    return sides


def finish_game(state: State, table: Table) -> State:
    """Record the game in the match; the loser's choice (or the end) comes next."""
    m = state.match or state.setup.new_match(dict(state.characters), state.bank)
    m = match.record_game(m, finishing_sides(m, table))
    return replace(state, match=m, phase="over" if m.winner else "between")


def choose(state: State, actor: str, action: Choose, position: int) -> State:
    """Commit a character in secret; reveal when everyone has; settle a clash by coin."""
    if state.phase != "choosing":
        raise REFUSE(TableError, "ps_choose_at_start")
    allowed = [c for c, _ in state.names if "/" not in c]
    if action.character not in allowed:
        raise REFUSE(TableError, "ps_character_one_of", allowed=", ".join(allowed))
    if state.rechoose is not None:
        return rechoose(state, actor, action)
    choice = state.choice.commit(actor, action.character)
    state = replace(state, choice=choice)
    if choice.waiting_for():
        return state
    outcome = match.reveal(choice, rng_for(state.setup, position), state.setup.mirrors)
    settled = tuple(outcome.characters.items())
    state = replace(state, characters=settled, rechoose=outcome.rechoose)
    if outcome.rechoose and outcome.coin_winner:
        character = dict(choice.committed)[outcome.coin_winner]
        clash = Clash(character, outcome.coin_winner, outcome.rechoose)
        return replace(state, clash=clash)
    return begin_game(state)


def rechoose(state: State, actor: str, action: Choose) -> State:
    """The coin flip's loser picks another character and whether to play first."""
    if actor != state.rechoose:
        raise REFUSE(TableError, "ps_wait_rechoose", who=state.rechoose or "")
    if action.character in dict(state.characters).values():
        raise REFUSE(TableError, "ps_character_taken", character=state.name(action.character))
    order = state.order
    if action.first is True:
        order = (actor, *[p for p in order if p != actor])
    elif action.first is False:
        order = (*[p for p in order if p != actor], actor)
    characters = (*state.characters, (actor, action.character))
    return begin_game(replace(state, characters=characters, rechoose=None, order=order))


def restart_choice(state: State, actor: str) -> State:
    """Agree to choose characters again; once every seat agrees, the choice starts over."""
    if state.setup.clockwork:
        raise REFUSE(TableError, "ps_clockwork_kept")
    if not state.may_restart_choice():
        raise REFUSE(TableError, "ps_restart_first_game")
    if actor in state.restart_votes:
        raise REFUSE(TableError, "ps_already_agreed", actor=actor)
    votes = (*state.restart_votes, actor)
    if set(votes) != set(state.setup.players):
        return replace(state, restart_votes=votes)
    return replace(
        state,
        phase="choosing",
        order=state.setup.players,
        choice=match.BlindChoice(state.setup.players),
        characters=(),
        rechoose=None,
        table=None,
        clash=None,
        restart_votes=(),
        bought=(),
        panic=new_panic(state.setup),
        stacks=tuple((k, StackState.FULL) for k, _ in state.stacks),
    )


def rematch(state: State, catalog: Catalog) -> State:
    """Start a new match once this one is over: same players, the first bank, new choices."""
    if state.phase != "over":
        raise REFUSE(TableError, "ps_rematch_when_over")
    return start(state.setup, catalog)


def begin_game(state: State) -> State:
    """Start a game: a fresh gem table in the current turn order."""
    setup = state.setup
    table = new_table(state.order, setup.mode, setup.edition, state.supply, setup.rules)
    return replace(state, phase="playing", table=table)


def loser_option(
    state: State, action: LosersChoice, catalog: Catalog, position: int
) -> match.LoserOption:
    """Turn the between-games action into the match's option (drawing a re-rolled bank)."""
    if action.option is LoserOption.KEEP:
        return match.Keep()
    if action.option is LoserOption.SWITCH:
        if state.setup.clockwork:
            raise REFUSE(TableError, "ps_clockwork_switch")
        character = action.character or ""
        if character not in dict(state.names) or "/" in character:
            raise REFUSE(TableError, "ps_character_of_set")
        return match.SwitchCharacter(character)
    if action.option is LoserOption.SWAP:
        return match.SwapStack(action.out or "", action.into or "")
    sampler = BankSampler(catalog, state.setup.sets, BankOptions())
    chips = sampler.draw(rng_for(state.setup, position))
    return match.RerollBank(tuple(c.key for c in chips))


def losers_choice(
    state: State, actor: str, action: LosersChoice, catalog: Catalog, position: int
) -> State:
    """Apply the between-games choice; when nobody owes one, the next game starts."""
    if state.phase != "between" or state.match is None:
        raise REFUSE(TableError, "ps_losers_between")
    chosen = loser_option(state, action, catalog, position)
    m = match.apply_choice(state.match, actor, chosen, pool_keys(catalog, state.setup.sets))
    state = replace(state, match=m, characters=m.characters)
    if m.awaiting_choice:
        return state
    return next_game(state, catalog)


def next_game(state: State, catalog: Catalog) -> State:
    """Start the next game of the match: the loser first, a fresh bank and Panic Time."""
    m = state.match
    if m is None:
        raise REFUSE(TableError, "ps_no_match")
    order = state.order
    if m.first_player:
        i = order.index(m.first_player)
        order = order[i:] + order[:i]
    first = find_set(catalog, state.setup.character_set)
    state = replace(
        state,
        game_no=state.game_no + 1,
        order=order,
        panic=new_panic(state.setup),
        stacks=fresh_stacks(first, m.bank),
        sizes=stock.sizes(catalog, first, m.bank, len(state.setup.players)),
        bought=(),
    )
    return begin_game(state)


def players_of(setup: Setup) -> tuple[str, ...]:
    """Return the seats' names, in seat order."""
    return setup.players


RULES: Rules[Setup, State, Action] = Rules(
    kind=KIND,
    setup_from_request=setup_from_request,
    setup_from_json=Setup.from_json,
    setup_to_json=Setup.to_json,
    players=players_of,
    parse_action=parse_action,
    action_to_json=action_to_json,
    start=start,
    apply=apply,
    view=view.view,
    describe=lines.describe,
    is_final=is_final,
    secrets_held=secrets_held,
    is_over=is_over,
    outcome=outcome,
    independent=is_independent,
    deciders=deciders,
)
