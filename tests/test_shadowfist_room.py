"""The Shadowfist table through its reducer: Feng Shui Sites one a turn on your own turn,
and victory by seizing or burning the fifth (seed 004, "The first to five Feng Shui Sites")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.game.errors import InvalidAction
from companion.game.shadowfist import rules as sf
from companion.game.shadowfist.actions import (
    Decked,
    EndTurn,
    Gain,
    LoseSite,
    NextStep,
    PlaySite,
    Spend,
    TakeSite,
    Taking,
    action_to_json,
    parse_action,
)
from companion.game.shadowfist.room import RULES, Setup, State, apply, start
from printkit.catalog import Catalog


def table(catalog: Catalog, names: tuple[str, ...] = ("Ana", "Ben", "Cid")) -> State:
    """A table where it is the first seat's turn, with named players in seating order."""
    state = start(Setup(names, 7), catalog)
    players = tuple(sf.Player(n, 20) for n in names)
    return replace(state, seating=names, players=players, current=0)


def with_sites(state: State, **sites: int) -> State:
    players = tuple(replace(p, sites=sites.get(p.name, p.sites)) for p in state.players)
    return replace(state, players=players)


def run(state: State, catalog: Catalog, *actions: object) -> State:
    for action in actions:
        state = apply(state, action, state.turn, catalog, 0)  # type: ignore[arg-type]
    return state


def test_a_fifth_site_played_does_not_win_while_others_have_sites(catalog: Catalog) -> None:
    state = with_sites(table(catalog), Ana=4, Ben=1)
    state = run(state, catalog, PlaySite("Ana"))
    assert state.players[0].victory_count == 5 and state.winner is None
    # The fifth must be seized: Ana seizes Ben's site and wins.
    state = run(state, catalog, TakeSite(Taking.SEIZE, "Ana", "Ben"))
    assert state.winner == "Ana"


def test_a_fifth_site_played_wins_when_no_one_has_one_to_attack(catalog: Catalog) -> None:
    state = with_sites(table(catalog), Ana=4)
    assert run(state, catalog, PlaySite("Ana")).winner == "Ana"


def test_burning_the_fifth_for_victory_wins(catalog: Catalog) -> None:
    state = with_sites(table(catalog), Ana=3, Cid=2)
    state = replace(state, players=(replace(state.players[0], burned=1), *state.players[1:]))
    state = run(state, catalog, TakeSite(Taking.BURN_VICTORY, "Ana", "Cid"))
    assert state.winner == "Ana" and state.players[2].sites == 1


def test_a_fourth_site_seized_does_not_win(catalog: Catalog) -> None:
    state = run(
        with_sites(table(catalog), Ana=3, Ben=2), catalog, TakeSite(Taking.SEIZE, "Ana", "Ben")
    )
    assert state.winner is None and state.players[0].sites == 4


def test_one_feng_shui_site_per_turn(catalog: Catalog) -> None:
    state = run(table(catalog), catalog, PlaySite("Ana"))
    with pytest.raises(sf.ShadowfistError, match="one Feng Shui Site per turn"):
        run(state, catalog, PlaySite("Ana"))
    state = run(state, catalog, EndTurn(), EndTurn(), EndTurn())  # back to Ana
    assert run(state, catalog, PlaySite("Ana")).players[0].sites == 2


def test_a_site_is_played_on_your_own_turn(catalog: Catalog) -> None:
    with pytest.raises(sf.ShadowfistError, match="on their own turn \\(it is Ana's\\)"):
        apply(table(catalog), PlaySite("Ben"), "Ben", catalog, 0)


def test_seizing_is_not_playing_a_site(catalog: Catalog) -> None:
    state = run(with_sites(table(catalog), Ben=2), catalog, PlaySite("Ana"))
    state = run(state, catalog, TakeSite(Taking.SEIZE, "Ana", "Ben"))
    assert state.players[0].sites == 2 and state.players[1].sites == 1


def test_burning_for_power_ends_the_turn_and_resets_the_site_play(catalog: Catalog) -> None:
    state = run(with_sites(table(catalog), Ben=1), catalog, PlaySite("Ana"))
    state = run(state, catalog, TakeSite(Taking.BURN_POWER, "Ana", "Ben"))
    assert state.turn == "Ben" and state.sites_played == 0
    assert state.players[0].power == 20 + 1 + 4  # first site +1, 3 players + 1


def test_every_opponent_decked_wins(catalog: Catalog) -> None:
    state = run(table(catalog), catalog, Decked("Ben"))
    assert state.winner is None
    assert run(state, catalog, Decked("Cid")).winner == "Ana"


def test_no_action_after_a_win(catalog: Catalog) -> None:
    state = run(with_sites(table(catalog), Ana=4), catalog, PlaySite("Ana"))
    with pytest.raises(sf.ShadowfistError, match="the game is over: Ana won"):
        run(state, catalog, Gain("Ben", 1))


def test_power_and_lost_sites(catalog: Catalog) -> None:
    state = run(table(catalog), catalog, Gain("Ben", 3), Spend("Ben", 23))
    assert state.players[1].power == 0
    with pytest.raises(sf.ShadowfistError, match="Ben has 0 power, not 1"):
        run(state, catalog, Spend("Ben", 1))
    with pytest.raises(sf.ShadowfistError, match="Cid controls no Feng Shui Site"):
        run(state, catalog, LoseSite("Cid"))
    assert run(with_sites(state, Cid=2), catalog, LoseSite("Cid")).players[2].sites == 1


def test_the_steps_come_round_to_the_next_turn(catalog: Catalog) -> None:
    state = table(catalog)
    count = len(sf.prompts(catalog))
    state = run(state, catalog, *[NextStep()] * (count - 1))
    assert (state.step, state.turn) == (count - 1, "Ana")
    state = run(state, catalog, NextStep())
    assert (state.step, state.turn, state.turn_no) == (0, "Ben", 2)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "next_step"},
        {"type": "end_turn"},
        {"type": "gain", "player": "Ana", "amount": 5},
        {"type": "spend", "player": "Ana", "amount": 1},
        {"type": "play_site", "player": "Ana"},
        {"type": "seize", "player": "Ana", "from": "Ben"},
        {"type": "burn_victory", "player": "Ana", "from": "Ben"},
        {"type": "burn_power", "player": "Ana", "from": "Ben"},
        {"type": "lose_site", "player": "Ana"},
        {"type": "decked", "player": "Ana"},
    ],
)
def test_actions_read_and_write_the_same_json(data: dict[str, object]) -> None:
    assert action_to_json(parse_action(data)) == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fly"}, "unknown action 'fly'"),
        ({"type": 3}, "unknown action int"),
        ({"type": "gain", "player": "Ana", "amount": 0}, "'amount' must be a whole number"),
        ({"type": "gain", "player": "Ana", "amount": True}, "'amount' must be a whole number"),
        ({"type": "spend", "player": "Ana", "amount": 51}, "from 1 to 50"),
        ({"type": "seize", "player": "Ana"}, "'from' must name a player"),
        ({"type": "play_site", "player": ["Ana"]}, "'player' must name a player"),
    ],
)
def test_bad_actions_are_refused_by_shape(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        parse_action(data)


def test_rules_record(catalog: Catalog) -> None:
    setup = RULES.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 3)
    assert RULES.setup_from_json(RULES.setup_to_json(setup)) == setup
    assert RULES.players(setup) == ("Ana", "Ben") and RULES.kind == "shadowfist"
    state = RULES.start(setup, catalog)
    assert RULES.view(state, "Ana", catalog)["you"] == "Ana"
