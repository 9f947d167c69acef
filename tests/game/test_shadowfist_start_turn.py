"""Shadowfist's one-tap "Start turn" (#27 item 6): at a turn's first step it runs the
Establishing Shot's steps that need no decision on the phone (seed 004 lines 123-131: start
of turn, generate power, unturn, discard one, draw) and lands in the Main Shot; a player who
skips the power to discard more goes step by step, as before. Old logs replay unchanged."""

from __future__ import annotations

import pytest

from companion.game import rooms
from companion.game.history import told
from companion.game.shadowfist import rules as sf
from companion.game.shadowfist.actions import (
    EndTurn,
    NextStep,
    StartTurn,
    action_to_json,
    parse_action,
)
from companion.game.shadowfist.room import RULES, apply
from companion.game.shadowfist.rules import ShadowfistError
from companion.game.shadowfist.view import describe, view
from printkit.catalog import Catalog
from tests.game.test_shadowfist_room import run, table, with_sites


def test_start_turn_takes_the_sites_power_and_goes_to_the_main_shot(catalog: Catalog) -> None:
    state = with_sites(table(catalog), Ana=2)
    power = state.players[0].power
    due = sf.site_power(sf.game_set(catalog).rules, state.players[0])
    after = run(state, catalog, StartTurn(1, 0))
    assert sf.phase_of_step(catalog, after.step) == sf.MAIN_SHOT
    assert after.players[0].power == power + due and after.generated == due
    assert told(describe(StartTurn(1, 0), "Ana", after)).endswith(  # after the seating
        f". Ana started the turn: +{due} power from sites; on to the Main Shot"
    )


def test_a_turn_is_two_taps(catalog: Catalog) -> None:
    state = run(table(catalog), catalog, StartTurn(1, 0), EndTurn(1))
    assert (state.turn, state.step, state.turn_no) == ("Ben", 0, 2)


def test_start_turn_only_at_the_first_step_and_once(catalog: Catalog) -> None:
    state = run(table(catalog), catalog, NextStep(1, 0))  # step by step: power may be skipped
    with pytest.raises(ShadowfistError, match="first step"):
        apply(state, StartTurn(1, None), "Ana", catalog, 1)
    started = run(table(catalog), catalog, StartTurn(1, 0))
    with pytest.raises(ShadowfistError, match="already moved on"):  # a double tap
        apply(started, StartTurn(1, 0), "Ana", catalog, 1)


def test_the_bar_offers_start_turn_at_the_first_step_on_the_turns_phone(
    catalog: Catalog,
) -> None:
    state = with_sites(table(catalog), Ana=1)
    mine = view(state, "Ana", catalog)
    assert mine["next_step"] is not None
    assert mine["next_step"]["actions"][0] == "start_turn" and mine["start_power"] == 1
    theirs = view(state, "Ben", catalog)["next_step"]
    assert theirs is not None and theirs["actions"] == []
    later = view(run(state, catalog, StartTurn(1, 0)), "Ana", catalog)
    assert later["start_power"] is None and later["next_step"] is not None
    assert "start_turn" not in later["next_step"]["actions"]


def test_start_turn_reads_and_writes_its_json() -> None:
    data = {"type": "start_turn", "turn": 3, "step": 0}
    assert action_to_json(parse_action(data)) == data


def test_an_older_log_step_by_step_replays_the_same(catalog: Catalog) -> None:
    setup = RULES.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 4)
    old = [{"type": "next_step"}, {"type": "generate_power"}] + [{"type": "next_step"}] * 3
    events = [("action", {"action": a, "actor": "x"}) for a in old]
    stepped = rooms.replay(RULES, setup, events, catalog)
    started = rooms.replay(
        RULES, setup, [("action", {"action": {"type": "start_turn"}, "actor": "x"})], catalog
    )
    assert (stepped.step, stepped.players) == (started.step, started.players)
