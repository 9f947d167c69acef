"""Shadowfist table actions: frozen dataclasses, read from JSON in one place.

The JSON shapes are the ones the log has always stored, e.g. ``{"type": "seize",
"player": "Ana", "from": "Ben"}``. ``parse_action`` checks the shape (``InvalidAction``, HTTP
400); whether the move is allowed now is the room's business (``IllegalMove``, 422).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from companion.game.fields import by_type, optional_whole, text, whole

MAX_AMOUNT = 50
MAX_SEEN = 1_000_000


@dataclass(frozen=True)
class NextStep:
    """Move the turn prompt to the next step (after the last one, the next turn)."""

    turn: int | None = None
    """The turn and step the phone showed: a second tap of the same button is refused
    (None in logs written before phones sent them: not checked)."""
    step: int | None = None


@dataclass(frozen=True)
class StartTurn:
    """At the first step of a turn, run the Establishing Shot steps the companion has no
    decision in: the sites generate their power, and the turn goes on to the Main Shot (the
    player unturns, discards and draws at the table). A player who skips the power to
    discard more goes step by step instead (seed 004, Establishing Shot)."""

    turn: int | None = None
    """The turn and step the phone showed: a second tap is refused (as for NextStep)."""
    step: int | None = None


@dataclass(frozen=True)
class EndTurn:
    """End the turn: the next seat's turn starts at the first step."""

    turn: int | None = None
    """The turn the phone showed (None: not checked, as in older logs)."""


@dataclass(frozen=True)
class GeneratePower:
    """The player whose turn it is takes the power their sites generate (at that step)."""

    amount: int | None = None
    """None: what their face-down Feng Shui Sites make (the catalog's power per site)."""


@dataclass(frozen=True)
class Gain:
    """A player gains power."""

    player: str
    amount: int


@dataclass(frozen=True)
class Spend:
    """A player spends power."""

    player: str
    amount: int


@dataclass(frozen=True)
class PlaySite:
    """The player whose turn it is plays a Feng Shui Site."""

    player: str


class Taking(StrEnum):
    """What an attacker does with a Feng Shui Site reduced to 0 body."""

    SEIZE = "seize"
    BURN_VICTORY = "burn_victory"
    BURN_POWER = "burn_power"


@dataclass(frozen=True)
class TakeSite:
    """A player seizes or burns a Feng Shui Site of another player."""

    taking: Taking
    player: str
    victim: str


@dataclass(frozen=True)
class LoseSite:
    """A player's Feng Shui Site is smoked (by anything but a seize or a burn)."""

    player: str


@dataclass(frozen=True)
class Decked:
    """A player has drawn the last card of their deck."""

    player: str


Action = (
    NextStep
    | StartTurn
    | EndTurn
    | GeneratePower
    | Gain
    | Spend
    | PlaySite
    | TakeSite
    | LoseSite
    | Decked
)


def name(data: Mapping[str, object], key: str) -> str:
    """Read a field that names a player."""
    return text(data, key, "gm_field_player")


def amount(data: Mapping[str, object]) -> int:
    """Read a power amount (1 to 50)."""
    return whole(data, "amount", 1, MAX_AMOUNT)


def generated(data: Mapping[str, object]) -> GeneratePower:
    """Read a power generation: no amount (the sites' default) or 0 to 50."""
    return GeneratePower(optional_whole(data, "amount", 0, MAX_AMOUNT))


def seen(data: Mapping[str, object], key: str) -> int | None:
    """Read the turn number or step index a phone showed, if it sent one."""
    return optional_whole(data, key, 0, MAX_SEEN)


def taking(kind: Taking) -> Callable[[Mapping[str, object]], Action]:
    """Return the parser of one way of taking a site."""
    return lambda d: TakeSite(kind, name(d, "player"), name(d, "from"))


PARSERS: dict[str, Callable[[Mapping[str, object]], Action]] = {
    "next_step": lambda d: NextStep(seen(d, "turn"), seen(d, "step")),
    "end_turn": lambda d: EndTurn(seen(d, "turn")),
    "start_turn": lambda d: StartTurn(seen(d, "turn"), seen(d, "step")),
    "generate_power": generated,
    "gain": lambda d: Gain(name(d, "player"), amount(d)),
    "spend": lambda d: Spend(name(d, "player"), amount(d)),
    "play_site": lambda d: PlaySite(name(d, "player")),
    **{kind.value: taking(kind) for kind in Taking},
    "lose_site": lambda d: LoseSite(name(d, "player")),
    "decked": lambda d: Decked(name(d, "player")),
}


def parse_action(data: Mapping[str, object]) -> Action:
    """Read an action's JSON.

    :raises InvalidAction: for an unknown type or a field of the wrong shape.
    """
    return by_type(data, PARSERS)


def action_to_json(action: Action) -> dict[str, object]:
    """Return an action as the log stores it."""
    match action:
        case NextStep(turn, step):
            return {"type": "next_step", **shown(turn=turn, step=step)}
        case EndTurn(turn):
            return {"type": "end_turn", **shown(turn=turn)}
        case StartTurn(turn, step):
            return {"type": "start_turn", **shown(turn=turn, step=step)}
        case GeneratePower(n):
            return {"type": "generate_power", **({} if n is None else {"amount": n})}
        case Gain(player, n):
            return {"type": "gain", "player": player, "amount": n}
        case Spend(player, n):
            return {"type": "spend", "player": player, "amount": n}
        case PlaySite(player):
            return {"type": "play_site", "player": player}
        case TakeSite(taking, player, victim):
            return {"type": taking.value, "player": player, "from": victim}
        case LoseSite(player):
            return {"type": "lose_site", "player": player}
        case Decked(player):
            return {"type": "decked", "player": player}


def shown(**numbers: int | None) -> dict[str, int]:
    """Return the turn and step fields a phone sent (left out when it sent none)."""
    return {key: value for key, value in numbers.items() if value is not None}
