"""A Shadowfist table: seating, turn prompts, power pools, Feng Shui Sites and victory.

Numbers come from the catalog's Shadowfist rules (seed 004) through
``companion.game.shadowfist``: 1 starting power; a Feng Shui Site gains 1 power when you
control none, else costs one per site you control; burning for power gains players + 1, at
most 5, and ends the burner's turn; 5 sites controlled or burned for victory win, and so
does every opponent having drawn their last card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.game import shadowfist as sf
from companion.game.rooms import RoomError
from printkit.catalog import Catalog, ShadowfistSet

KIND = "shadowfist"
ACTIONS = (
    "next_step",
    "end_turn",
    "gain",
    "spend",
    "play_site",
    "seize",
    "burn_victory",
    "burn_power",
    "lose_site",
    "decked",
)
MAX_PLAYERS = 6


class ShadowfistRoomError(RoomError):
    """An action the Shadowfist table refuses."""


@dataclass(frozen=True)
class Setup:
    """Who plays, and the seed of the random seating."""

    players: tuple[str, ...]
    seed: int

    def to_json(self) -> dict[str, Any]:
        """Describe the setup as JSON-ready data."""
        return {"kind": KIND, "players": list(self.players), "seed": self.seed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Read a setup back."""
        return cls(tuple(data["players"]), int(data["seed"]))


@dataclass(frozen=True)
class State:
    """The table at one moment."""

    setup: Setup
    seating: tuple[str, ...]
    current: int
    """Index in ``seating`` of the player whose turn it is."""
    step: int
    """Index in the flattened turn prompts."""
    turn_no: int
    players: tuple[sf.Player, ...]
    winner: str | None = None


def game_set(catalog: Catalog) -> ShadowfistSet:
    """Return the Shadowfist rules of the catalog.

    :raises ShadowfistRoomError: when the catalog has none.
    """
    for game in catalog.games:
        for candidate in game.sets:
            if isinstance(candidate, ShadowfistSet):
                return candidate
    raise ShadowfistRoomError("the catalog has no Shadowfist rules")


def prompts(catalog: Catalog) -> list[tuple[str, str]]:
    """Return the turn prompts in order: (phase or step name, what to do)."""
    out: list[tuple[str, str]] = []
    for phase in game_set(catalog).turn:
        if phase.steps:
            out += [(f"{phase.name}: {s.name}", s.summary) for s in phase.steps]
        else:
            out.append((phase.name, phase.summary))
    return out


def start(setup: Setup, catalog: Catalog) -> State:
    """Seat the players at random, pick the first player at random, 1 power each.

    :raises ShadowfistRoomError: for fewer than 2 or more than 6 players.
    """
    if not 2 <= len(setup.players) <= MAX_PLAYERS:
        raise ShadowfistRoomError(f"a Shadowfist table seats 2 to {MAX_PLAYERS} players")
    try:
        seating, first = sf.seat_players(setup.players, random.Random(setup.seed))
    except sf.ShadowfistError as exc:
        raise ShadowfistRoomError(str(exc)) from None
    rules = game_set(catalog).rules
    players = tuple(sf.start_player(rules, name) for name in seating)
    return State(setup, seating, seating.index(first), 0, 1, players)


def player_index(state: State, name: object) -> int:
    """Return a player's index.

    :raises ShadowfistRoomError: for a name not at the table.
    """
    if name not in state.seating:
        raise ShadowfistRoomError(f"'player' must be one of {', '.join(state.seating)}")
    return state.seating.index(str(name))


def amount(action: Mapping[str, Any]) -> int:
    """Read a power amount (1 to 50)."""
    value = action.get("amount")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 50:
        raise ShadowfistRoomError("'amount' must be a whole number from 1 to 50")
    return value


def with_player(state: State, index: int, player: sf.Player) -> State:
    """Return the state with one player's numbers replaced."""
    players = tuple(player if i == index else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def take_site(state: State, action: Mapping[str, Any]) -> tuple[State, int, int]:
    """Move a Feng Shui Site out of the 'from' player's control; return the state and both
    indexes (the acting player's and the loser's)."""
    who = player_index(state, action.get("player"))
    victim = player_index(state, action.get("from"))
    if who == victim:
        raise ShadowfistRoomError("take a site from another player")
    loser = state.players[victim]
    if loser.sites < 1:
        raise ShadowfistRoomError(f"{loser.name} controls no Feng Shui Site")
    return with_player(state, victim, replace(loser, sites=loser.sites - 1)), who, victim


def apply(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Apply one action and check for a winner.

    :raises ShadowfistRoomError: for a bad action, or any action once someone has won.
    """
    kind = action.get("type")
    if kind not in ACTIONS:
        raise ShadowfistRoomError(f"unknown action {kind!r} (known: {', '.join(ACTIONS)})")
    if state.winner:
        raise ShadowfistRoomError(f"the game is over: {state.winner} won")
    rules = game_set(catalog).rules
    try:
        state = act(state, str(kind), action, catalog)
    except sf.ShadowfistError as exc:
        raise ShadowfistRoomError(str(exc)) from None
    for i, player in enumerate(state.players):
        others = [p for j, p in enumerate(state.players) if j != i]
        if sf.is_winner(rules, player, others):
            return replace(state, winner=player.name)
    return state


def act(state: State, kind: str, action: Mapping[str, Any], catalog: Catalog) -> State:
    """Do one kind of action."""
    rules = game_set(catalog).rules
    if kind == "next_step":
        if state.step + 1 < len(prompts(catalog)):
            return replace(state, step=state.step + 1)
        return next_turn(state)
    if kind == "end_turn":
        return next_turn(state)
    if kind in ("seize", "burn_victory", "burn_power"):
        state, who, _ = take_site(state, action)
        player = state.players[who]
        if kind == "seize":
            return with_player(state, who, replace(player, sites=player.sites + 1))
        if kind == "burn_victory":
            return with_player(state, who, replace(player, burned=player.burned + 1))
        gain = sf.burn_for_power(rules, len(state.seating))
        state = with_player(state, who, replace(player, power=player.power + gain))
        return next_turn(state) if who == state.current else state
    index = player_index(state, action.get("player"))
    player = state.players[index]
    if kind == "gain":
        return with_player(state, index, replace(player, power=player.power + amount(action)))
    if kind == "spend":
        return with_player(state, index, sf.spend(player, amount(action)))
    if kind == "play_site":
        return with_player(state, index, sf.play_site(rules, player))
    if kind == "lose_site":
        if player.sites < 1:
            raise ShadowfistRoomError(f"{player.name} controls no Feng Shui Site")
        return with_player(state, index, replace(player, sites=player.sites - 1))
    return with_player(state, index, replace(player, decked=True))


def next_turn(state: State) -> State:
    """Pass the turn to the next seat; the prompts start again."""
    following = (state.current + 1) % len(state.seating)
    return replace(state, current=following, step=0, turn_no=state.turn_no + 1)


def view(state: State, viewer: str | None, catalog: Catalog) -> dict[str, Any]:
    """Describe the table (nothing in it is secret)."""
    rules = game_set(catalog).rules
    steps = prompts(catalog)
    name, summary = steps[state.step]
    players = []
    for p in state.players:
        cost, gain = sf.site_play(rules, p.sites)
        players.append(
            {
                "name": p.name,
                "power": p.power,
                "sites": p.sites,
                "burned": p.burned,
                "decked": p.decked,
                "victory": p.victory_count,
                "site_cost": cost,
                "site_gain": gain,
            }
        )
    return {
        "kind": KIND,
        "you": viewer,
        "seating": list(state.seating),
        "turn": state.seating[state.current],
        "turn_no": state.turn_no,
        "step": {"name": name, "summary": summary, "index": state.step, "count": len(steps)},
        "players": players,
        "winner": state.winner,
        "victory_sites": rules.victory_sites,
        "burn_gain": sf.burn_for_power(rules, len(state.seating)),
    }


def describe(action: Mapping[str, Any], actor: str, after: Any) -> str:
    """Say an action in one history line."""
    kind = action.get("type")
    who, frm, n = action.get("player"), action.get("from"), action.get("amount")
    lines = {
        "next_step": f"{actor} moved to the next step",
        "end_turn": f"{actor} ended the turn",
        "gain": f"{who} gained {n} power",
        "spend": f"{who} spent {n} power",
        "play_site": f"{who} played a Feng Shui Site",
        "seize": f"{who} seized a site from {frm}",
        "burn_victory": f"{who} burned a site of {frm} for victory",
        "burn_power": f"{who} burned a site of {frm} for power",
        "lose_site": f"{who} lost a site",
        "decked": f"{who} drew their last card",
    }
    return lines.get(str(kind), f"{actor}: {kind}")
