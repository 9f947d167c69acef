"""What a Shadowfist table shows (nothing in it is secret) and its history sentences."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypedDict

from companion.game import next_step as prompt
from companion.game import status as st
from companion.game.history import Line, Phrases, recorded_by, with_terms
from companion.game.shadowfist import rules as sf
from companion.game.shadowfist.actions import (
    Action,
    Decked,
    EndTurn,
    Gain,
    GeneratePower,
    LoseSite,
    NextStep,
    PlaySite,
    Spend,
    StartTurn,
    TakeSite,
    Taking,
)
from companion.game.whose import Whose, whose
from printkit.catalog import Catalog, ShadowfistRules

if TYPE_CHECKING:
    from companion.game.shadowfist.room import State


class PlayerView(TypedDict):
    """One player as the table shows them."""

    name: str
    power: int
    sites: int
    burned: int
    decked: bool
    victory: int
    site_cost: int
    site_gain: int
    may_play_site: bool
    site_played: bool
    may_take_site: bool
    """Their turn's Main Shot: they may seize or burn a site their attack brought down."""
    wins_by_playing: bool


class StepView(TypedDict):
    """The turn step the table is at."""

    id: str
    phase: str
    name: str
    summary: str
    index: int
    count: int


class TableView(TypedDict):
    """A Shadowfist table as every phone sees it."""

    kind: str
    you: str | None
    seating: list[str]
    order: list[str]
    turn: str
    turn_no: int
    step: StepView
    players: list[PlayerView]
    winner: str | None
    victory_sites: int
    sites_per_turn: int
    burn_gain: int
    power_due: int | None
    """At the power step, before it is taken: what the current player's sites generate."""
    start_power: int | None
    """At a turn's first step: the power "Start turn" takes (the Establishing Shot's steps
    that need no decision run at once, #27)."""
    next_step: prompt.NextStep | None
    whose: Whose
    """Whose decision each player's controls are ("player:Ben": Ben's power and sites), from
    the room's deciders (None: anyone's; the page still shows another's behind "Record for")."""
    status: st.Status
    """The line always on screen: sites and power per player, the viewer first."""


def player_view(
    state: State, index: int, rules: ShadowfistRules, main_shot: bool = True
) -> PlayerView:
    """Describe one player: power, sites, victory count, and what playing a site would do."""
    p = state.players[index]
    cost, gain = sf.site_play(rules, p.sites)
    others = [o for j, o in enumerate(state.players) if j != index]
    my_turn = index == state.current
    return {
        "name": p.name,
        "power": p.power,
        "sites": p.sites,
        "burned": p.burned,
        "decked": p.decked,
        "victory": p.victory_count,
        "site_cost": cost,
        "site_gain": gain,
        "may_play_site": my_turn
        and main_shot
        and state.sites_played < rules.sites_per_turn
        and p.power >= cost,
        "site_played": my_turn and state.sites_played >= rules.sites_per_turn,
        "may_take_site": my_turn and main_shot,
        "wins_by_playing": sf.may_win_by_playing(rules, p, others),
    }


def view(state: State, viewer: str | None, catalog: Catalog) -> TableView:
    """Describe the table for a phone."""
    rules = sf.game_set(catalog).rules
    steps = sf.prompts(catalog)
    name, summary = steps[state.step]
    phase, step_id = sf.step_ids(catalog)[state.step]
    main_shot = phase == sf.MAIN_SHOT
    due = step_id == sf.POWER_STEP and state.generated is None
    table: TableView = {
        "kind": "shadowfist",
        "you": viewer,
        "seating": list(state.seating),
        "order": order_of_play(state),
        "turn": state.turn,
        "turn_no": state.turn_no,
        "step": {
            "id": step_id,
            "phase": phase,
            "name": name,
            "summary": summary,
            "index": state.step,
            "count": len(steps),
        },
        "players": [player_view(state, i, rules, main_shot) for i in range(len(state.players))],
        "winner": state.winner,
        "victory_sites": rules.victory_sites,
        "sites_per_turn": rules.sites_per_turn,
        "burn_gain": sf.burn_for_power(rules, len(state.seating)),
        "power_due": sf.site_power(rules, state.players[state.current]) if due else None,
        "start_power": sf.site_power(rules, state.players[state.current])
        if state.step == 0
        else None,
        "next_step": None,
        "whose": controls_whose(state),
        "status": st.status([]),
    }
    table["next_step"] = next_step(table)
    table["status"] = status_line(table)
    return table


def controls_whose(state: State) -> Whose:
    """Return whose decision each player's card of controls is (the room's ``deciders``)."""
    from companion.game.shadowfist.room import RULES  # the room imports this module

    samples = {f"player:{p.name}": Gain(p.name, 1) for p in state.players}
    return whose(RULES.deciders, state, samples)


def status_line(table: TableView) -> st.Status:
    """Say each player's sites, power and victory count, the viewer first, in turn order."""
    players = {p["name"]: p for p in table["players"]}
    sides = []
    for name in table["order"]:
        p = players[name]
        sites = st.count("st_site", "st_sites", p["sites"])
        power = st.say("st_power", n=p["power"])
        victory = st.say("st_victory", n=p["victory"], of=table["victory_sites"])
        turn = name == table["turn"]
        sides.append(st.side(name, [name], table["you"], turn, sites, power, victory))
    return st.status(sides)


def next_step(table: TableView) -> prompt.NextStep | None:
    """Say what the viewer must do now: their turn's step, or whose turn they wait for."""
    you, step_ = table["you"], table["step"]
    if you is None:
        return None
    if table["winner"]:
        return prompt.step(False, "sf_won", "{winner} wins", winner=table["winner"])
    where: dict[str, str | int] = {
        "step": step_["name"],
        "index": step_["index"] + 1,
        "count": step_["count"],
    }
    if table["turn"] == you:
        text = "Your turn: {step} ({index}/{count})"
        steps: tuple[str, ...] = ("next_step", "end_turn")
        if table["power_due"] is not None:  # the power step: generate first
            steps = ("generate_power", *steps)
        if table["start_power"] is not None:  # one tap to the Main Shot, or step by step
            steps = ("start_turn", *steps)
        shown = prompt.step(True, "sf_your_turn", text, *steps, **where)
    else:
        text = "Waiting for {turn}'s turn: {step}"
        shown = prompt.step(False, "sf_wait_turn", text, turn=table["turn"], step=step_["name"])
    shown["terms"] = {"step": "sf_step_" + step_["id"]}  # the step's name in the phone's words
    return shown


SAY = Phrases(
    {
        "sfh_next_step": "{who} moved to the next step",
        "sfh_next_step_to": "{who} moved on to {step}",
        "sfh_end_turn": "{who} ended the turn",
        "sfh_start_turn": "{who} started the turn: +{power} power from sites; on to the Main Shot",
        "sfh_generated": "{who}'s sites generated {power} power",
        "sfh_gain": "{who} gained {power} power",
        "sfh_spend": "{who} spent {power} power",
        "sfh_play_site": "{who} played a Feng Shui Site",
        "sfh_seize": "{who} seized a site from {victim}",
        "sfh_burn_victory": "{who} burned a site of {victim} for victory",
        "sfh_burn_power": "{who} burned a site of {victim} for power",
        "sfh_lose_site": "{who} lost a site",
        "sfh_decked": "{who} drew their last card",
        "sfh_seating": "Seating drawn: {seating}; {first} plays first",
        "sfh_by": "{who}: {line}",
    }
)
"""Every Shadowfist history line: word key -> English text."""

TAKINGS = {
    Taking.SEIZE: "sfh_seize",
    Taking.BURN_VICTORY: "sfh_burn_victory",
    Taking.BURN_POWER: "sfh_burn_power",
}


def describe(action: Action, actor: str, after: State) -> Line:
    """Say an action in one history line (the first one after the drawn seating), with the
    phone that recorded it first when it recorded another player's action."""
    line = recorded_by(SAY, "sfh_by", actor, action_line(action, actor, after))
    if after.actions == 1:
        return {**seating_line(after), "then": [line]}
    return line


def action_line(action: Action, actor: str, after: State) -> Line:
    """Say what one action did."""
    match action:
        case NextStep():
            if after.step >= len(after.steps):
                return SAY("sfh_next_step", who=actor)
            step_id, name = after.steps[after.step]
            return with_terms(
                SAY("sfh_next_step_to", who=actor, step=name), step="sf_step_" + step_id
            )
        case EndTurn():
            return SAY("sfh_end_turn", who=actor)
        case StartTurn():
            return SAY("sfh_start_turn", who=after.turn, power=after.generated or 0)
        case GeneratePower():
            return SAY("sfh_generated", who=after.turn, power=after.generated or 0)
        case Gain(who, n):
            return SAY("sfh_gain", who=who, power=n)
        case Spend(who, n):
            return SAY("sfh_spend", who=who, power=n)
        case PlaySite(who):
            return SAY("sfh_play_site", who=who)
        case TakeSite(taking, who, victim):
            return SAY(TAKINGS[taking], who=who, victim=victim)
        case LoseSite(who):
            return SAY("sfh_lose_site", who=who)
        case Decked(who):
            return SAY("sfh_decked", who=who)


def order_of_play(state: State) -> list[str]:
    """Return the players in the order they take turns: the seating, drawn at random,
    from the player drawn to go first (the seating goes round the table)."""
    _, first = sf.seat_players(state.setup.players, random.Random(state.setup.seed))
    at = state.seating.index(first)
    return list(state.seating[at:] + state.seating[:at])


def seating_line(state: State) -> Line:
    """Announce the drawn seating order and who plays first."""
    seating, first = sf.seat_players(state.setup.players, random.Random(state.setup.seed))
    return SAY("sfh_seating", seating=", ".join(seating), first=first)
