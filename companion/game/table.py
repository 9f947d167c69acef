"""A Puzzle Strike match at the table, as a pure fold over its actions.

The companion stores actions in an append-only log; ``replay`` turns the effective actions
(after undo and redo) into the state every phone shows. Randomness (coin flips, a
re-rolled bank) comes from a ``random.Random`` seeded by the match seed and the action's
position, so a replay always gives the same state.

Phases: ``choosing`` (double-blind characters), ``playing`` (gem piles, bank stacks,
Panic Time), ``between`` (the loser's choice), ``over`` (someone won 2 games).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.game import gems, match
from companion.game.bank import BankOptions, BankSampler, make_bank
from companion.game.panic import PanicState
from companion.game.rooms import RoomError
from printkit.catalog import Catalog, PuzzleStrikeSet
from printkit.catalog.bankcode import pool_of
from printkit.rules import height_bonus

KIND = "puzzle-strike"
ACTION_TYPES = (
    "choose",
    "ante",
    "combine",
    "crash",
    "counter",
    "land",
    "add_gem",
    "remove_gem",
    "end_turn",
    "stack",
    "losers_choice",
)
STACK_STATES = ("full", "empty", "removed")


class TableError(RoomError):
    """An action the table does not allow now; the message says why."""


@dataclass(frozen=True)
class Setup:
    """How a match was started."""

    players: tuple[str, ...]
    mode: gems.Mode
    edition: int
    sets: tuple[str, ...]
    bank: tuple[str, ...]
    """Bank stack keys ``set/chip`` of the first game."""
    character_set: str
    seed: int
    mirrors: bool = False
    clockwork: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Custom Clockwork characters carried from a draft: (player, chip keys)."""

    def to_json(self) -> dict[str, Any]:
        """Describe the setup as JSON-ready data."""
        return {
            "kind": KIND,
            "players": list(self.players),
            "mode": self.mode.value,
            "edition": self.edition,
            "sets": list(self.sets),
            "bank": list(self.bank),
            "character_set": self.character_set,
            "seed": self.seed,
            "mirrors": self.mirrors,
            **({"clockwork": {p: list(k) for p, k in self.clockwork}} if self.clockwork else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Read a setup back."""
        return cls(
            tuple(data["players"]),
            gems.Mode(data["mode"]),
            int(data["edition"]),
            tuple(data["sets"]),
            tuple(data["bank"]),
            str(data["character_set"]),
            int(data["seed"]),
            bool(data.get("mirrors", False)),
            tuple((p, tuple(k)) for p, k in dict(data.get("clockwork") or {}).items()),
        )


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
    table: gems.Table | None
    stacks: tuple[tuple[str, str], ...]
    """(stack key, 'full' | 'empty' | 'removed') for the 8 fixed and 10 puzzle stacks."""
    panic: PanicState
    match: match.Match | None
    switched_out: tuple[str, ...] = field(default=())

    @property
    def bank(self) -> tuple[str, ...]:
        """Return the puzzle stacks of the current game."""
        return self.match.bank if self.match else self.setup.bank


def start(setup: Setup, catalog: Catalog) -> State:
    """Return the state of a new match: everyone choosing a character.

    :raises TableError: for a bad player count, unknown sets or a bad bank.
    """
    try:
        gems.new_table(setup.players, setup.mode, setup.edition)
    except gems.GemError as exc:
        raise TableError(str(exc)) from None
    character_set(catalog, setup)
    check_bank(catalog, setup.sets, setup.bank)
    check_clockwork(catalog, setup)
    state = State(
        setup,
        "choosing",
        1,
        setup.players,
        match.BlindChoice(setup.players),
        (),
        None,
        None,
        fresh_stacks(catalog, setup, setup.bank),
        PanicState(len(setup.players), setup.mode is gems.Mode.TEAM_BATTLE),
        None,
    )
    if setup.clockwork:  # the characters were drafted: straight to the first game
        drafted = tuple((p, "clockwork") for p, _ in setup.clockwork)
        return begin_game(replace(state, characters=drafted))
    return state


def check_clockwork(catalog: Catalog, setup: Setup) -> None:
    """Refuse Clockwork characters that are not 3 chips of the set for every player."""
    if not setup.clockwork:
        return
    keys = {f"{who.id}/{chip.id}" for who, chip in character_set(catalog, setup).character_chips()}
    players = [p for p, _ in setup.clockwork]
    if sorted(players) != sorted(setup.players):
        raise TableError("every player needs a Clockwork character")
    for player, chips in setup.clockwork:
        if len(chips) != 3 or not set(chips) <= keys:
            raise TableError(f"{player}'s Clockwork character must be 3 character chips of the set")


def character_set(catalog: Catalog, setup: Setup) -> PuzzleStrikeSet:
    """Return the set the characters come from.

    :raises TableError: when it is not a Puzzle Strike set.
    """
    for game_set in catalog.puzzle_strike_sets():
        if game_set.id == setup.character_set:
            return game_set
    raise TableError(f"unknown Puzzle Strike set {setup.character_set!r}")


def check_bank(catalog: Catalog, sets: Sequence[str], bank: Sequence[str]) -> None:
    """Refuse a bank that is not 10 different chips of the match's sets."""
    chosen = [s for s in catalog.puzzle_strike_sets() if s.id in sets]
    keys = {c.key for c in pool_of(chosen)}
    if len(set(bank)) != 10 or not set(bank) <= keys:
        raise TableError("the bank must be 10 different puzzle chips of the match's sets")


def fresh_stacks(
    catalog: Catalog, setup: Setup, bank: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    """Return the 18 stacks of a new game, all full."""
    first = character_set(catalog, setup)
    fixed = [f"fixed/{s.id}" for s in first.stacks]
    return tuple((key, "full") for key in (*fixed, *bank))


def characters_of(catalog: Catalog, setup: Setup) -> dict[str, str]:
    """Return the character names players may choose, by id."""
    return {c.id: c.name for c in character_set(catalog, setup).characters}


def rng_for(setup: Setup, position: int) -> random.Random:
    """Return the random source of the action at ``position`` (reproducible on replay)."""
    return random.Random(setup.seed * 1_000_003 + position)


def apply(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Apply one action by a seated player and return the new state.

    :raises TableError: when the action is not allowed now or its values are wrong.
    """
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise TableError(f"unknown action {kind!r} (known: {', '.join(ACTION_TYPES)})")
    if actor not in state.setup.players:
        raise TableError(f"{actor!r} is not a player of this match")
    try:
        if kind == "choose":
            return choose(state, actor, action, catalog, position)
        if kind == "losers_choice":
            return losers_choice(state, actor, action, catalog, position)
        if state.phase != "playing" or state.table is None:
            raise TableError(f"no game is being played (the match is {state.phase})")
        if kind == "stack":
            return set_stack(state, action)
        return after_gems(state, gem_action(state, state.table, actor, kind, action), catalog)
    except (gems.GemError, match.MatchError) as exc:
        raise TableError(str(exc)) from None


def number(action: Mapping[str, Any], key: str, low: int = 1, high: int = 4) -> int:
    """Read an integer field of an action.

    :raises TableError: when missing or out of range.
    """
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TableError(f"{key!r} must be a whole number from {low} to {high}")
    return value


def gem_list(action: Mapping[str, Any]) -> list[int]:
    """Read the 'gems' field: one or two gem values."""
    values = action.get("gems")
    if not isinstance(values, list) or not 1 <= len(values) <= 2:
        raise TableError("'gems' must list 1 or 2 gem values, e.g. [3]")
    return [number({"gem": v}, "gem") for v in values]


def player_field(state: State, action: Mapping[str, Any], key: str = "player") -> str:
    """Read a player name field."""
    value = action.get(key)
    if value not in state.setup.players:
        raise TableError(f"{key!r} must be one of {', '.join(state.setup.players)}")
    return str(value)


def gem_action(
    state: State, table: gems.Table, actor: str, kind: str, action: Mapping[str, Any]
) -> gems.Table:
    """Apply a gem-pile action to the game's table."""
    if kind == "ante":
        if not table.is_turn_of(actor):
            raise TableError(f"{actor} cannot ante: it is {table.current}'s turn")
        return gems.ante(table, state.panic.ante)
    if kind == "combine":
        return gems.combine(table, actor, number(action, "a"), number(action, "b"))
    if kind == "crash":
        target = action.get("target")
        return gems.crash(table, actor, gem_list(action), None if target is None else str(target))
    if kind == "counter":
        return gems.counter_crash(table, actor, gem_list(action))
    if kind == "land":
        return gems.land(table)
    if kind == "add_gem":
        return gems.add_gem(table, player_field(state, action), number(action, "value"))
    if kind == "remove_gem":
        return gems.remove_gem(table, player_field(state, action), number(action, "value"))
    if not table.is_turn_of(actor):
        raise TableError(f"{actor} cannot end {table.current}'s turn")
    return gems.end_turn(table)


def after_gems(state: State, table: gems.Table, catalog: Catalog) -> State:
    """Store the new table; raise Panic for eliminations; close a finished game."""
    panic = state.panic
    old = state.table.eliminated if state.table else ()
    for _ in range(len(table.eliminated) - len(old)):
        if state.setup.mode is gems.Mode.LAST_MAN_STANDING:
            panic = panic.after_elimination()
    state = replace(state, table=table, panic=panic)
    if not table.winners:
        return state
    return finish_game(state, table)


def finishing_order(table: gems.Table) -> list[str]:
    """Return players from winner to the first to lose (for loser's choice)."""
    winners = list(table.winners)
    out = list(reversed(table.eliminated))
    rest = sorted(
        (p for p in table.seats if p not in winners and p not in out),
        key=lambda p: table.pile(p).total,
    )
    return winners + rest + out


def finish_game(state: State, table: gems.Table) -> State:
    """Record the game in the match; the loser's choice (or the end) comes next."""
    m = state.match or match.start_match(
        state.setup.players, dict(state.characters), state.bank, state.setup.edition
    )
    m = match.record_game(m, finishing_order(table))
    phase = "over" if m.winner else "between"
    return replace(state, match=m, phase=phase)


def choose(
    state: State, actor: str, action: Mapping[str, Any], catalog: Catalog, position: int
) -> State:
    """Commit a character in secret; reveal when everyone has; settle a clash by coin."""
    if state.phase != "choosing":
        raise TableError("characters are chosen at the start of the match")
    allowed = characters_of(catalog, state.setup)
    character = action.get("character")
    if character not in allowed:
        raise TableError(f"'character' must be one of {', '.join(allowed)}")
    taken = dict(state.characters)
    if state.rechoose is not None:
        if actor != state.rechoose:
            raise TableError(f"waiting for {state.rechoose} to choose again")
        if character in taken.values():
            raise TableError(f"{allowed[character]} is taken: choose another character")
        order = state.order
        if action.get("first") is True:
            order = (actor, *[p for p in order if p != actor])
        elif action.get("first") is False:
            order = (*[p for p in order if p != actor], actor)
        return begin_game(
            replace(
                state,
                characters=(*state.characters, (actor, character)),
                rechoose=None,
                order=order,
            )
        )
    choice = state.choice.commit(actor, str(character))
    state = replace(state, choice=choice)
    if choice.waiting_for():
        return state
    outcome = match.reveal(choice, rng_for(state.setup, position), state.setup.mirrors)
    state = replace(state, characters=tuple(outcome.characters.items()), rechoose=outcome.rechoose)
    return state if outcome.rechoose else begin_game(state)


def begin_game(state: State) -> State:
    """Start a game: a fresh gem table in the current turn order."""
    setup = state.setup
    table = gems.new_table(state.order, setup.mode, setup.edition)
    return replace(state, phase="playing", table=table)


def set_stack(state: State, action: Mapping[str, Any]) -> State:
    """Mark a bank stack full, empty or removed (Into Oblivion); Panic Time may start."""
    key = action.get("stack")
    value = action.get("state")
    keys = [k for k, _ in state.stacks]
    if key not in keys:
        raise TableError(f"'stack' must be one of the bank's stacks, not {key!r}")
    if value not in STACK_STATES:
        raise TableError(f"'state' must be one of {', '.join(STACK_STATES)}")
    stacks = tuple((k, value if k == key else s) for k, s in state.stacks)
    empty = sum(1 for _, s in stacks if s != "full")
    return replace(state, stacks=stacks, panic=state.panic.after_empty_count(empty))


def losers_choice(
    state: State, actor: str, action: Mapping[str, Any], catalog: Catalog, position: int
) -> State:
    """Apply the between-games choice; when nobody owes one, the next game starts."""
    if state.phase != "between" or state.match is None:
        raise TableError("the loser's choice comes between games")
    option = action.get("option")
    pool = [
        c.key
        for c in pool_of([s for s in catalog.puzzle_strike_sets() if s.id in state.setup.sets])
    ]
    chosen: match.LoserOption
    if option == "keep":
        chosen = match.Keep()
    elif option == "switch":
        character = action.get("character")
        if character not in characters_of(catalog, state.setup):
            raise TableError("'character' must be a character of the match's set")
        chosen = match.SwitchCharacter(str(character))
    elif option == "swap":
        chosen = match.SwapStack(str(action.get("out")), str(action.get("into")))
    elif option == "reroll":
        sampler = BankSampler(catalog, state.setup.sets, BankOptions())
        chips = sampler.draw(rng_for(state.setup, position))
        bank = make_bank(catalog, state.setup.sets, chips, None, None)
        chosen = match.RerollBank(tuple(c.key for c in bank.chips))
    else:
        raise TableError("'option' must be keep, switch, swap or reroll")
    m = match.apply_choice(state.match, actor, chosen, pool)
    state = replace(state, match=m, characters=m.characters)
    if m.awaiting_choice:
        return state
    return next_game(state, catalog)


def next_game(state: State, catalog: Catalog) -> State:
    """Start the next game of the match: the loser first, a fresh bank and Panic Time."""
    m = state.match
    if m is None:
        raise TableError("no match in progress")
    order = state.order
    if m.first_player:
        i = order.index(m.first_player)
        order = order[i:] + order[:i]
    panic = PanicState(len(state.setup.players), state.setup.mode is gems.Mode.TEAM_BATTLE)
    state = replace(
        state,
        game_no=state.game_no + 1,
        order=order,
        panic=panic,
        stacks=fresh_stacks(catalog, state.setup, m.bank),
    )
    return begin_game(state)


def describe(action: Mapping[str, Any], actor: str, after: State | None = None) -> str:
    """Say an action in one history line: 'Ana crashed a 3-gem at Ben'."""
    kind = action.get("type")
    if kind == "crash" and not action.get("target") and after is not None and after.table:
        sends = [*after.table.floating, *([after.table.pending] if after.table.pending else [])]
        target = next((s.target for s in reversed(sends) if s.sender == actor), None)
        action = {**action, "target": target} if target else action
    g = " and a ".join(f"{v}-gem" for v in action.get("gems") or [])
    lines = {
        "choose": f"{actor} chose a character",
        "ante": f"{actor} anted",
        "combine": f"{actor} combined a {action.get('a')}-gem and a {action.get('b')}-gem",
        "crash": f"{actor} crashed a {g}"
        + (f" at {action['target']}" if action.get("target") else ""),
        "counter": f"{actor} counter-crashed a {g}",
        "land": f"{actor} let the gems land",
        "add_gem": f"{actor} put a {action.get('value')}-gem in {action.get('player')}'s pile",
        "remove_gem": (
            f"{actor} took a {action.get('value')}-gem from {action.get('player')}'s pile"
        ),
        "end_turn": f"{actor} ended the turn",
        "stack": f"{actor} marked {action.get('stack')} {action.get('state')}",
        "losers_choice": f"{actor} took the loser's choice: {action.get('option')}",
    }
    return lines.get(str(kind), f"{actor}: {kind}")


def stack_names(catalog: Catalog, setup: Setup) -> dict[str, tuple[str, int | None]]:
    """Return (name, cost) for every stack key a match can show."""
    names: dict[str, tuple[str, int | None]] = {}
    first = character_set(catalog, setup)
    for stack in first.stacks:
        names[f"fixed/{stack.id}"] = (stack.name, stack.cost)
    for game_set in catalog.puzzle_strike_sets():
        if game_set.id in setup.sets:
            for chip in game_set.puzzle_chips:
                names[f"{game_set.id}/{chip.id}"] = (chip.name, chip.cost)
    return names


def view(state: State, viewer: str | None, catalog: Catalog) -> dict[str, Any]:
    """Describe the state as one viewer may see it (secret choices stay secret)."""
    setup = state.setup
    names = stack_names(catalog, setup)
    chars = characters_of(catalog, setup)
    settled = dict(state.characters)
    shown: dict[str, str | None] = {}
    drafted = dict(setup.clockwork)
    chip_names = {
        f"{w.id}/{c.id}": c.name for w, c in character_set(catalog, setup).character_chips()
    }
    for p in setup.players:
        if p in drafted:
            shown[p] = "Clockwork: " + ", ".join(chip_names.get(k, k) for k in drafted[p])
        elif p in settled:
            shown[p] = chars.get(settled[p], settled[p])
        else:
            mine = state.choice.choice_of(p, viewer or "")
            shown[p] = chars.get(mine, mine) if mine and state.phase == "choosing" else None
    data: dict[str, Any] = {
        "phase": state.phase,
        "game_no": state.game_no,
        "players": list(setup.players),
        "order": list(state.order),
        "mode": setup.mode.value,
        "edition": setup.edition,
        "sets": list(setup.sets),
        "you": viewer,
        "characters": shown,
        "waiting_for": state.choice.waiting_for() if state.phase == "choosing" else [],
        "rechoose": state.rechoose,
        "character_options": [{"id": k, "name": v} for k, v in chars.items()],
        "panic": {"level": state.panic.level.label, "ante": state.panic.ante},
        "stacks": [
            {
                "key": k,
                "name": names.get(k, (k, None))[0],
                "cost": names.get(k, (k, None))[1],
                "state": s,
            }
            for k, s in state.stacks
        ],
        "pool": [
            {"key": k, "name": n} for k, (n, _) in names.items() if not k.startswith("fixed/")
        ],
        "table": table_view(state.table) if state.table else None,
        "match": match_view(state.match),
    }
    return data


def table_view(table: gems.Table) -> dict[str, Any]:
    """Describe the gem side of a game."""
    piles = []
    for owner, pile in table.piles:
        members = [p for p in table.seats if table.owner_of(p) == owner]
        piles.append(
            {
                "owner": owner,
                "players": members,
                "gems": list(pile.gems),
                "total": pile.total,
                "bonus": height_bonus(pile.total),
            }
        )
    pending = table.pending
    return {
        "turn": table.current,
        "anted": table.anted,
        "piles": piles,
        "pending": None
        if pending is None
        else {
            "sender": pending.sender,
            "target": pending.target,
            "ones": pending.ones,
            "unstoppable": pending.unstoppable,
        },
        "can_counter": [p for p in table.seats if gems.can_counter(table, p)],
        "floating": sum(s.ones for s in table.floating),
        "money": dict(table.money),
        "eliminated": list(table.eliminated),
        "winners": list(table.winners),
        "tied": list(table.tied),
        "opponents": {p: table.opponents(p) for p in table.active()},
    }


def match_view(m: match.Match | None) -> dict[str, Any] | None:
    """Describe the match score and what it waits for."""
    if m is None:
        return None
    return {
        "score": m.score(),
        "winner": m.winner,
        "awaiting_choice": list(m.awaiting_choice),
        "first_player": m.first_player,
        "switched_out": list(m.switched_out),
        "games": [list(r) for r in m.results],
    }
