"""A Shadowfist table as a fold over typed actions: seating, turn prompts, power pools,
Feng Shui Sites (one a turn, on your own turn) and victory (seed 004)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.game.names import parse_players
from companion.game.rooms import Rules
from companion.game.shadowfist import rules as sf
from companion.game.shadowfist import view
from companion.game.shadowfist.actions import (
    Action,
    Decked,
    EndTurn,
    Gain,
    GeneratePower,
    NextStep,
    PlaySite,
    Spend,
    StartTurn,
    TakeSite,
    Taking,
    action_to_json,
    parse_action,
)
from companion.game.shadowfist.refusals import REFUSE
from companion.game.shadowfist.rules import ShadowfistError, game_set, prompts
from printkit.catalog import Catalog

KIND = "shadowfist"
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Setup:
    """Who plays, and the seed of the random seating."""

    players: tuple[str, ...]
    seed: int

    def to_json(self) -> dict[str, object]:
        """Describe the setup as JSON-ready data."""
        return {"kind": KIND, "players": list(self.players), "seed": self.seed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Read a stored setup back."""
        return cls(tuple(data["players"]), int(data["seed"]))

    @classmethod
    def from_request(cls, data: Mapping[str, object], catalog: Catalog, seed: int) -> Setup:
        """Read a create request: 2 to 6 players.

        :raises InvalidSetup: for bad names or a bad count.
        """
        return cls(parse_players(data, 2, MAX_PLAYERS), seed)


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
    sites_played: int = 0
    """Feng Shui Sites the current player has played this turn."""
    generated: int | None = None
    """The power the current player's sites generated this turn (None: not taken)."""
    actions: int = 0
    """Actions applied so far (the first one's history line announces the seating)."""
    steps: tuple[tuple[str, str], ...] = ()
    """Each turn step's id and name, from the catalog (for the history's lines)."""

    @property
    def turn(self) -> str:
        """Return whose turn it is."""
        return self.seating[self.current]


def start(setup: Setup, catalog: Catalog) -> State:
    """Seat the players at random, pick the first player at random, 1 power each.

    :raises ShadowfistError: for fewer than 2 or more than 6 players.
    """
    if not 2 <= len(setup.players) <= MAX_PLAYERS:
        raise REFUSE(ShadowfistError, "sf_seats", most=MAX_PLAYERS)
    seating, first = sf.seat_players(setup.players, random.Random(setup.seed))
    rules = game_set(catalog).rules
    players = tuple(sf.start_player(rules, name) for name in seating)
    steps = tuple(
        (step_id, name)
        for (_, step_id), (name, _) in zip(sf.step_ids(catalog), prompts(catalog), strict=True)
    )
    return State(setup, seating, seating.index(first), 0, 1, players, steps=steps)


def player_index(state: State, name: str) -> int:
    """Return a player's index.

    :raises ShadowfistError: for a name not at the table.
    """
    if name not in state.seating:
        raise REFUSE(ShadowfistError, "sf_player_one_of", players=", ".join(state.seating))
    return state.seating.index(name)


def with_player(state: State, index: int, player: sf.Player) -> State:
    """Return the state with one player's numbers replaced."""
    players = tuple(player if i == index else p for i, p in enumerate(state.players))
    return replace(state, players=players)


def opponents(state: State, index: int) -> list[sf.Player]:
    """Return everyone but one player."""
    return [p for j, p in enumerate(state.players) if j != index]


def apply(state: State, action: Action, actor: str, catalog: Catalog, position: int) -> State:
    """Apply one action; a seize, a burn for victory, a site played or a deck running out
    may end the game.

    :raises ShadowfistError: when the rules refuse the action now, or once someone has won.
    """
    if state.winner:
        raise REFUSE(ShadowfistError, "sf_over", winner=state.winner)
    return replace(act(state, action, catalog), actions=state.actions + 1)


def act(state: State, action: Action, catalog: Catalog) -> State:
    """Apply one action (see ``apply``)."""
    match action:
        case NextStep(turn, step):
            still_showing(state, turn, step)
            if state.step + 1 < len(prompts(catalog)):
                return replace(state, step=state.step + 1)
            return next_turn(state)
        case EndTurn(turn):
            still_showing(state, turn, None)
            return next_turn(state)
        case StartTurn(turn, step):
            still_showing(state, turn, step)
            return start_turn(state, catalog)
        case TakeSite():
            return take_site(state, action, catalog)
        case GeneratePower(amount):
            return generate_power(state, amount, catalog)
        case PlaySite(name):
            return play_site(state, player_index(state, name), catalog)
        case Decked(name):
            return deck_out(state, player_index(state, name))
    index = player_index(state, action.player)
    player = state.players[index]
    if isinstance(action, Gain):
        return with_player(state, index, replace(player, power=player.power + action.amount))
    if isinstance(action, Spend):
        return with_player(state, index, sf.spend(player, action.amount))
    if player.sites < 1:
        raise REFUSE(ShadowfistError, "sf_no_site", who=player.name)
    return with_player(state, index, replace(player, sites=player.sites - 1))


def still_showing(state: State, turn: int | None, step: int | None) -> None:
    """Refuse a Next step or End turn tapped on a turn or step already left (a double tap,
    or a second phone tapping the same moment): it would skip a step or a player's turn.

    :raises ShadowfistError: naming where the table is now.
    """
    if (turn is not None and turn != state.turn_no) or (step is not None and step != state.step):
        raise REFUSE(ShadowfistError, "sf_moved_on", turn_no=state.turn_no, turn=state.turn,
                     step=state.step + 1)  # fmt: skip


def start_turn(state: State, catalog: Catalog) -> State:
    """Run the Establishing Shot's steps that need no decision here (seed 004): take the
    power the sites generate, then go on to the Main Shot.

    :raises ShadowfistError: past the turn's first step.
    """
    if state.step != 0:
        raise REFUSE(ShadowfistError, "sf_start_first_step", step=prompts(catalog)[0][0])
    state = replace(state, step=sf.index_of_step(catalog, sf.POWER_STEP))
    state = generate_power(state, None, catalog)
    return replace(state, step=sf.index_of_step(catalog, sf.MAIN_SHOT))  # a phase of one step


def generate_power(state: State, amount: int | None, catalog: Catalog) -> State:
    """Take the power the current player's sites generate, at that step of their
    Establishing Shot, once a turn; the turn moves on to the next step.

    :raises ShadowfistError: at any other step, or a second time this turn.
    """
    at = sf.index_of_step(catalog, sf.POWER_STEP)
    if state.step != at or state.generated is not None:
        raise REFUSE(ShadowfistError, "sf_power_once", step=sf.prompts(catalog)[at][0])
    player = state.players[state.current]
    gain = sf.site_power(game_set(catalog).rules, player) if amount is None else amount
    state = with_player(state, state.current, replace(player, power=player.power + gain))
    return replace(state, generated=gain, step=state.step + 1)


def play_site(state: State, index: int, catalog: Catalog) -> State:
    """Play a Feng Shui Site on your own turn, in your Main Shot, at most one a turn; it
    wins only when it is the fifth and no one else has a site to attack.

    :raises ShadowfistError: out of turn, outside the Main Shot, a second site this turn,
        or too little power.
    """
    rules = game_set(catalog).rules
    player = state.players[index]
    if index != state.current:
        raise REFUSE(ShadowfistError, "sf_site_own_turn", who=player.name, turn=state.turn)
    if sf.phase_of_step(catalog, state.step) != sf.MAIN_SHOT:
        at = sf.prompts(catalog)[state.step][0]
        raise REFUSE(ShadowfistError, "sf_site_main_shot", step=at)
    if state.sites_played >= rules.sites_per_turn:
        raise REFUSE(ShadowfistError, "sf_one_site", who=player.name)
    wins = sf.may_win_by_playing(rules, player, opponents(state, index))
    state = with_player(state, index, sf.play_site(rules, player))
    state = replace(state, sites_played=state.sites_played + 1)
    return replace(state, winner=player.name) if wins else state


def take_site(state: State, action: TakeSite, catalog: Catalog) -> State:
    """Seize or burn another player's Feng Shui Site, as the player whose attack took it
    down in their Main Shot (seed 004: only the attacker chooses); a seize or a burn for
    victory that reaches 5 wins; burning for power ends the burner's turn.

    :raises ShadowfistError: out of turn, outside the Main Shot, for taking from yourself
        or from a player without sites.
    """
    rules = game_set(catalog).rules
    who, victim = player_index(state, action.player), player_index(state, action.victim)
    if who != state.current:
        raise REFUSE(ShadowfistError, "sf_attacker_takes", turn=state.turn)
    if sf.phase_of_step(catalog, state.step) != sf.MAIN_SHOT:
        at = sf.prompts(catalog)[state.step][0]
        raise REFUSE(ShadowfistError, "sf_attack_main_shot", step=at)
    if who == victim:
        raise REFUSE(ShadowfistError, "sf_take_other")
    loser = state.players[victim]
    if loser.sites < 1:
        raise REFUSE(ShadowfistError, "sf_no_site", who=loser.name)
    state = with_player(state, victim, replace(loser, sites=loser.sites - 1))
    player = state.players[who]
    if action.taking is Taking.BURN_POWER:
        gain = sf.burn_for_power(rules, len(state.seating))
        state = with_player(state, who, replace(player, power=player.power + gain))
        return next_turn(state)
    if action.taking is Taking.SEIZE:
        player = replace(player, sites=player.sites + 1)
    else:
        player = replace(player, burned=player.burned + 1)
    state = with_player(state, who, player)
    return replace(state, winner=player.name) if sf.has_victory_sites(rules, player) else state


def deck_out(state: State, index: int) -> State:
    """Mark a player's deck as run out; when every opponent of someone has, they win."""
    state = with_player(state, index, replace(state.players[index], decked=True))
    for i, player in enumerate(state.players):
        if sf.all_decked(opponents(state, i)):
            return replace(state, winner=player.name)
    return state


def next_turn(state: State) -> State:
    """Pass the turn to the next seat; the prompts start again."""
    following = (state.current + 1) % len(state.seating)
    return replace(
        state,
        current=following,
        step=0,
        turn_no=state.turn_no + 1,
        sites_played=0,
        generated=None,
    )


def deciders(action: Action, state: State) -> tuple[str, ...] | None:
    """Return whose decision an action is, were the table a tournament's: the turn player's
    for the turn's steps, power generated, a site played or taken; its player's for power
    gained or spent, a site lost and a deck run out."""
    if isinstance(action, StartTurn | NextStep | EndTurn | GeneratePower | TakeSite | PlaySite):
        return (state.turn,)
    return (action.player,)


def players_of(setup: Setup) -> tuple[str, ...]:
    """Return the seats' names."""
    return setup.players


RULES: Rules[Setup, State, Action] = Rules(
    kind=KIND,
    setup_from_request=Setup.from_request,
    setup_from_json=Setup.from_json,
    setup_to_json=Setup.to_json,
    players=players_of,
    parse_action=parse_action,
    action_to_json=action_to_json,
    start=start,
    apply=apply,
    view=view.view,
    describe=view.describe,
    is_over=lambda state: state.winner is not None,
    deciders=deciders,
)
"""The Shadowfist table's rules; what phones see comes from the view module."""
