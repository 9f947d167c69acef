"""Shadowfist table actions: frozen dataclasses, read from JSON in one place.

The JSON shapes are the ones the log has always stored, e.g. ``{"type": "seize",
"player": "Ana", "from": "Ben"}``. ``parse_action`` checks the shape (``InvalidAction``, HTTP
400); whether the move is allowed now is the room's business (``IllegalMove``, 422).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from companion.game.errors import InvalidAction

MAX_AMOUNT = 50


@dataclass(frozen=True)
class NextStep:
    """Move the turn prompt to the next step (after the last one, the next turn)."""


@dataclass(frozen=True)
class EndTurn:
    """End the turn: the next seat's turn starts at the first step."""


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


Action = NextStep | EndTurn | GeneratePower | Gain | Spend | PlaySite | TakeSite | LoseSite | Decked
TYPES = (
    "next_step",
    "end_turn",
    "generate_power",
    "gain",
    "spend",
    "play_site",
    *Taking,
    "lose_site",
    "decked",
)


def text(data: Mapping[str, object], key: str) -> str:
    """Read a name field.

    :raises InvalidAction: when it is not text.
    """
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise InvalidAction(f"{key!r} must name a player")
    return value


def amount(data: Mapping[str, object]) -> int:
    """Read a power amount (1 to 50).

    :raises InvalidAction: for anything else.
    """
    value = data.get("amount")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_AMOUNT:
        raise InvalidAction(f"'amount' must be a whole number from 1 to {MAX_AMOUNT}")
    return value


def generated(data: Mapping[str, object]) -> GeneratePower:
    """Read a power generation: no amount (the sites' default) or 0 to 50.

    :raises InvalidAction: for anything else.
    """
    value = data.get("amount")
    if value is None:
        return GeneratePower()
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AMOUNT:
        raise InvalidAction(f"'amount' must be a whole number from 0 to {MAX_AMOUNT}")
    return GeneratePower(value)


def parse_action(data: Mapping[str, object]) -> Action:
    """Read an action's JSON.

    :raises InvalidAction: for an unknown type or a field of the wrong shape.
    """
    kind = data.get("type")
    if kind == "next_step":
        return NextStep()
    if kind == "end_turn":
        return EndTurn()
    if kind == "generate_power":
        return generated(data)
    if kind in ("gain", "spend"):
        return (Gain if kind == "gain" else Spend)(text(data, "player"), amount(data))
    if kind == "play_site":
        return PlaySite(text(data, "player"))
    if kind in tuple(Taking):
        return TakeSite(Taking(str(kind)), text(data, "player"), text(data, "from"))
    if kind == "lose_site":
        return LoseSite(text(data, "player"))
    if kind == "decked":
        return Decked(text(data, "player"))
    shown = ascii(kind) if isinstance(kind, str) else type(kind).__name__
    raise InvalidAction(f"unknown action {shown} (known: {', '.join(TYPES)})")


def action_to_json(action: Action) -> dict[str, object]:
    """Return an action as the log stores it."""
    match action:
        case NextStep():
            return {"type": "next_step"}
        case EndTurn():
            return {"type": "end_turn"}
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
