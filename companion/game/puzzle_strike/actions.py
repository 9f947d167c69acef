"""The actions a Puzzle Strike table takes, as typed values, and their JSON form.

``parse_action`` is the one place an action's JSON is read: it checks the shape (types,
gem values 1-4, one or two gems) and raises ``InvalidAction``; whether the action is
allowed now is the rules' business (``room.apply`` raises ``IllegalMove``). An action
names the gems it acts on by value, so a pile that changed under a phone can never make
it act on other gems: a gem the pile no longer holds is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from companion.game.errors import InvalidAction
from companion.game.fields import by_type, one_of, optional_text, text, whole
from companion.game.puzzle_strike.refusals import REFUSE


class StackState(StrEnum):
    """How a bank stack stands: Panic Time counts the empty and removed ones."""

    FULL = "full"
    EMPTY = "empty"
    REMOVED = "removed"
    """Taken out of the game by Into Oblivion."""


class LoserOption(StrEnum):
    """The between-games choices (seed 000 'Loser's Choice'; seed 001's swap)."""

    KEEP = "keep"
    SWITCH = "switch"
    SWAP = "swap"
    REROLL = "reroll"


@dataclass(frozen=True)
class Choose:
    """Commit a character in secret (or pick again after losing a coin flip)."""

    character: str
    first: bool | None = None
    """After a lost coin flip: play first (True) or second (False)."""


@dataclass(frozen=True)
class RestartChoice:
    """Agree to choose characters again; it happens once every seat agrees."""


@dataclass(frozen=True)
class Rematch:
    """Once the match is over: play a new match, same players and first bank."""


@dataclass(frozen=True)
class Ante:
    """Ante the Panic level's gem into your pile."""


@dataclass(frozen=True)
class Combine:
    """Combine two gems of your pile (total 4 or less) into one."""

    a: int
    b: int


@dataclass(frozen=True)
class Crash:
    """Break 1 or 2 gems of your pile and send them as 1-gems."""

    gems: tuple[int, ...]
    target: str | None = None


@dataclass(frozen=True)
class Counter:
    """Counter-crash the gems in the air with 1 or 2 gems of your pile."""

    gems: tuple[int, ...]


@dataclass(frozen=True)
class Land:
    """Let the gems in the air land (the receiver, or one who may react for them)."""

    everyone: bool = False
    """True ("nobody reacts"): for every player still to decide too (a 3rd-edition
    free-for-all asks each other player in turn, seed 000 "Crashing"); at a tournament
    table it is the last decider's, so each phone still answers for itself."""


@dataclass(frozen=True)
class AddGem:
    """Put a gem from the bank into a pile (a chip's effect, or a correction)."""

    player: str
    value: int


@dataclass(frozen=True)
class RemoveGem:
    """Take a gem out of a pile back to the bank (a trash, or a correction)."""

    player: str
    value: int


@dataclass(frozen=True)
class EndTurn:
    """End your turn (the 10-gem check happens now)."""

    without_ante: bool = False
    """The table confirmed ending the turn without recording its ante."""


@dataclass(frozen=True)
class Forfeit:
    """Give the game up on your own turn."""


@dataclass(frozen=True)
class MarkStack:
    """Mark a bank stack full, empty or removed."""

    stack: str
    state: StackState


@dataclass(frozen=True)
class Buy:
    """Take one chip of a bank stack into your discard pile (the buy phase, seed 000)."""

    stack: str


@dataclass(frozen=True)
class LosersChoice:
    """The between-games choice of the side that lost."""

    option: LoserOption
    character: str | None = None
    """For 'switch': the new character."""
    out: str | None = None
    """For 'swap': the stack leaving the bank."""
    into: str | None = None
    """For 'swap': the stack coming in."""


Action = (
    Choose
    | RestartChoice
    | Ante
    | Combine
    | Crash
    | Counter
    | Land
    | AddGem
    | RemoveGem
    | EndTurn
    | Forfeit
    | MarkStack
    | Buy
    | LosersChoice
    | Rematch
)


def gem_value(data: Mapping[str, object], key: str) -> int:
    """Read a gem value field (a whole number from 1 to 4)."""
    return whole(data, key, 1, 4)


def gem_values(data: Mapping[str, object]) -> tuple[int, ...]:
    """Read the 'gems' field: one or two gem values."""
    values = data.get("gems")
    if not isinstance(values, list) or not 1 <= len(values) <= 2:
        raise REFUSE(InvalidAction, "ps_gems_field")
    return tuple(gem_value({"gem": v}, "gem") for v in values)


def choice(data: Mapping[str, object], key: str, kind: type[StrEnum]) -> str:
    """Read a field that takes one of an enum's values."""
    return one_of(data, key, [m.value for m in kind])


def parse_choose(data: Mapping[str, object]) -> Choose:
    """Read a character choice."""
    first = data.get("first")
    if first is not None and not isinstance(first, bool):
        raise REFUSE(InvalidAction, "ps_first_field")
    return Choose(text(data, "character"), first)


def parse_losers_choice(data: Mapping[str, object]) -> LosersChoice:
    """Read a between-games choice; 'switch' needs a character, 'swap' out and into."""
    option = LoserOption(choice(data, "option", LoserOption))
    if option is LoserOption.SWITCH:
        return LosersChoice(option, character=text(data, "character"))
    if option is LoserOption.SWAP:
        return LosersChoice(option, out=text(data, "out"), into=text(data, "into"))
    return LosersChoice(option)


PARSERS: dict[str, Callable[[Mapping[str, object]], Action]] = {
    "choose": parse_choose,
    "restart_choice": lambda d: RestartChoice(),
    "ante": lambda d: Ante(),
    "combine": lambda d: Combine(gem_value(d, "a"), gem_value(d, "b")),
    "crash": lambda d: Crash(gem_values(d), optional_text(d, "target")),
    "counter": lambda d: Counter(gem_values(d)),
    "land": lambda d: Land(),
    "nobody_reacts": lambda d: Land(everyone=True),
    "add_gem": lambda d: AddGem(text(d, "player"), gem_value(d, "value")),
    "remove_gem": lambda d: RemoveGem(text(d, "player"), gem_value(d, "value")),
    "end_turn": lambda d: EndTurn(d.get("without_ante") is True),
    "forfeit": lambda d: Forfeit(),
    "buy": lambda d: Buy(text(d, "stack")),
    "stack": lambda d: MarkStack(text(d, "stack"), StackState(choice(d, "state", StackState))),
    "losers_choice": parse_losers_choice,
    "rematch": lambda d: Rematch(),
}
ACTION_TYPES = tuple(PARSERS)


def parse_action(data: Mapping[str, object]) -> Action:
    """Turn an action's JSON into a typed action.

    :raises InvalidAction: for an unknown type or a field of the wrong shape.
    """
    return by_type(data, PARSERS)


def action_to_json(action: Action) -> dict[str, object]:
    """Return the JSON the log stores for an action (the shape phones send)."""
    match action:
        case Choose(character, first):
            return {"type": "choose", "character": character} | (
                {} if first is None else {"first": first}
            )
        case Combine(a, b):
            return {"type": "combine", "a": a, "b": b}
        case Crash(gems, target):
            sent: dict[str, object] = {"type": "crash", "gems": list(gems)}
            return sent | ({"target": target} if target else {})
        case Counter(gems):
            return {"type": "counter", "gems": list(gems)}
        case AddGem(player, value) | RemoveGem(player, value):
            kind = "add_gem" if isinstance(action, AddGem) else "remove_gem"
            return {"type": kind, "player": player, "value": value}
        case MarkStack(stack, state):
            return {"type": "stack", "stack": stack, "state": state.value}
        case Buy(stack):
            return {"type": "buy", "stack": stack}
        case Land(everyone=True):
            return {"type": "nobody_reacts"}
        case EndTurn(without_ante):
            return {"type": "end_turn"} | ({"without_ante": True} if without_ante else {})
        case LosersChoice(option, character, out, into):
            fields = {"character": character, "out": out, "into": into}
            extra = {k: v for k, v in fields.items() if v is not None}
            return {"type": "losers_choice", "option": option.value, **extra}
    return {"type": SIMPLE_TYPES[type(action)]}


SIMPLE_TYPES: dict[type, str] = {
    RestartChoice: "restart_choice",
    Ante: "ante",
    Land: "land",
    Forfeit: "forfeit",
    Rematch: "rematch",
}
