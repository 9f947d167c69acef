"""The Shadowfist table through its reducer: Feng Shui Sites one a turn on your own turn,
and victory by seizing or burning the fifth (seed 004, "The first to five Feng Shui Sites")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.game.errors import InvalidAction
from companion.game.history import told
from companion.game.shadowfist import rules as sf
from companion.game.shadowfist.actions import (
    Decked,
    EndTurn,
    Gain,
    GeneratePower,
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
from companion.game.shadowfist.view import view
from printkit.catalog import Catalog


def table(catalog: Catalog, names: tuple[str, ...] = ("Ana", "Ben", "Cid")) -> State:
    """A table where it is the first seat's turn, with named players in seating order."""
    state = start(Setup(names, 7), catalog)
    players = tuple(sf.Player(n, 20) for n in names)
    return replace(state, seating=names, players=players, current=0)


def to_main_shot(state: State, catalog: Catalog) -> State:
    """Step the current player's turn on to the Main Shot (sites are played there)."""
    while sf.phase_of_step(catalog, state.step) != sf.MAIN_SHOT:
        state = apply(state, NextStep(), state.turn, catalog, 0)
    return state


def main(catalog: Catalog, names: tuple[str, ...] = ("Ana", "Ben", "Cid")) -> State:
    """A table where it is the first seat's Main Shot."""
    return to_main_shot(table(catalog, names), catalog)


def with_sites(state: State, **sites: int) -> State:
    players = tuple(replace(p, sites=sites.get(p.name, p.sites)) for p in state.players)
    return replace(state, players=players)


def run(state: State, catalog: Catalog, *actions: object) -> State:
    for action in actions:
        state = apply(state, action, state.turn, catalog, 0)  # type: ignore[arg-type]
    return state


def test_a_fifth_site_played_does_not_win_while_others_have_sites(catalog: Catalog) -> None:
    state = with_sites(main(catalog), Ana=4, Ben=1)
    state = run(state, catalog, PlaySite("Ana"))
    assert state.players[0].victory_count == 5 and state.winner is None
    # The fifth must be seized: Ana seizes Ben's site and wins.
    state = run(state, catalog, TakeSite(Taking.SEIZE, "Ana", "Ben"))
    assert state.winner == "Ana"


def test_a_fifth_site_played_wins_when_no_one_has_one_to_attack(catalog: Catalog) -> None:
    state = with_sites(main(catalog), Ana=4)
    assert run(state, catalog, PlaySite("Ana")).winner == "Ana"


def test_burning_the_fifth_for_victory_wins(catalog: Catalog) -> None:
    state = with_sites(main(catalog), Ana=3, Cid=2)
    state = replace(state, players=(replace(state.players[0], burned=1), *state.players[1:]))
    state = run(state, catalog, TakeSite(Taking.BURN_VICTORY, "Ana", "Cid"))
    assert state.winner == "Ana" and state.players[2].sites == 1


def test_a_fourth_site_seized_does_not_win(catalog: Catalog) -> None:
    state = run(
        with_sites(main(catalog), Ana=3, Ben=2), catalog, TakeSite(Taking.SEIZE, "Ana", "Ben")
    )
    assert state.winner is None and state.players[0].sites == 4


def test_one_feng_shui_site_per_turn(catalog: Catalog) -> None:
    state = run(main(catalog), catalog, PlaySite("Ana"))
    with pytest.raises(sf.ShadowfistError, match="one Feng Shui Site per turn"):
        run(state, catalog, PlaySite("Ana"))
    state = run(state, catalog, EndTurn(), EndTurn(), EndTurn())  # back to Ana
    state = to_main_shot(state, catalog)
    assert run(state, catalog, PlaySite("Ana")).players[0].sites == 2


def test_a_site_is_played_on_your_own_turn(catalog: Catalog) -> None:
    with pytest.raises(sf.ShadowfistError, match="on their own turn \\(it is Ana's\\)"):
        apply(table(catalog), PlaySite("Ben"), "Ben", catalog, 0)


def test_seizing_is_not_playing_a_site(catalog: Catalog) -> None:
    state = run(with_sites(main(catalog), Ben=2), catalog, PlaySite("Ana"))
    state = run(state, catalog, TakeSite(Taking.SEIZE, "Ana", "Ben"))
    assert state.players[0].sites == 2 and state.players[1].sites == 1


def test_burning_for_power_ends_the_turn_and_resets_the_site_play(catalog: Catalog) -> None:
    state = run(with_sites(main(catalog), Ben=1), catalog, PlaySite("Ana"))
    state = run(state, catalog, TakeSite(Taking.BURN_POWER, "Ana", "Ben"))
    assert state.turn == "Ben" and state.sites_played == 0
    assert state.players[0].power == 20 + 1 + 4  # first site +1, 3 players + 1


def test_every_opponent_decked_wins(catalog: Catalog) -> None:
    state = run(table(catalog), catalog, Decked("Ben"))
    assert state.winner is None
    assert run(state, catalog, Decked("Cid")).winner == "Ana"


def test_no_action_after_a_win(catalog: Catalog) -> None:
    state = run(with_sites(main(catalog), Ana=4), catalog, PlaySite("Ana"))
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
        ({"type": 3}, "unknown action 3"),
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


def test_exact_counts_after_each_site_move(catalog: Catalog) -> None:
    state = with_sites(main(catalog), Ben=2, Cid=1)
    state = run(state, catalog, PlaySite("Ana"))
    assert state.sites_played == 1
    state = run(state, catalog, TakeSite(Taking.BURN_VICTORY, "Ana", "Ben"))
    assert (state.players[0].burned, state.players[0].sites, state.players[1].sites) == (1, 1, 1)
    state = run(state, catalog, LoseSite("Cid"))  # exactly one site left to lose
    assert state.players[2].sites == 0


@pytest.mark.parametrize("taking", list(Taking))
def test_only_the_attacker_takes_a_site_in_their_main_shot(
    catalog: Catalog, taking: Taking
) -> None:
    """Seed 004: a site is seized or burned when the attack of the player whose turn it is
    brings it down, and the attacker chooses (play-test: Ben seized during Cid's turn)."""
    state = with_sites(main(catalog), Ana=1, Ben=1)
    with pytest.raises(sf.ShadowfistError, match="only the attacker .* \\(it is Ana's\\)"):
        apply(state, TakeSite(taking, "Ben", "Ana"), "Ben", catalog, 0)
    early = with_sites(table(catalog), Ben=1)  # Ana's Establishing Shot
    with pytest.raises(sf.ShadowfistError, match="in the Main Shot"):
        apply(early, TakeSite(taking, "Ana", "Ben"), "Ana", catalog, 0)
    assert RULES.view(early, "Ana", catalog)["players"][0]["may_take_site"] is False
    assert RULES.view(state, "Ben", catalog)["players"][0]["may_take_site"] is True
    assert RULES.view(state, "Ana", catalog)["players"][1]["may_take_site"] is False


def test_playing_wins_only_as_the_fifth(catalog: Catalog) -> None:
    assert run(with_sites(main(catalog), Ana=3), catalog, PlaySite("Ana")).winner is None
    rules = sf.game_set(catalog).rules
    assert not sf.may_win_by_playing(rules, sf.Player("Ana", 9, sites=3), [sf.Player("Ben", 0)])


def test_the_prompts_follow_the_catalogs_turn(catalog: Catalog) -> None:
    steps = sf.prompts(catalog)
    turn = sf.game_set(catalog).turn
    expected = sum(len(p.steps) or 1 for p in turn)
    assert len(steps) == expected and all(isinstance(s, tuple) for s in steps)
    assert steps[0][0].startswith(turn[0].name)
    assert steps[-1][0].startswith(turn[-1].name)


def test_the_view_of_each_player(catalog: Catalog) -> None:
    state = with_sites(table(catalog), Ana=4, Ben=1)
    seen = RULES.view(state, "Cid", catalog)
    assert seen["you"] == "Cid" and seen["turn"] == "Ana" and seen["turn_no"] == 1
    assert (seen["victory_sites"], seen["sites_per_turn"], seen["burn_gain"]) == (5, 1, 4)
    assert seen["seating"] == ["Ana", "Ben", "Cid"] and seen["winner"] is None
    assert seen["step"]["index"] == 0 and seen["step"]["count"] == len(sf.prompts(catalog))
    ana, ben, cid = seen["players"]
    assert ana == {
        "name": "Ana",
        "power": 20,
        "sites": 4,
        "burned": 0,
        "decked": False,
        "victory": 4,
        "site_cost": 4,
        "site_gain": 0,
        "may_play_site": False,
        "site_played": False,
        "may_take_site": False,
        "wins_by_playing": False,
    }
    assert (ben["may_play_site"], ben["site_played"], ben["site_cost"]) == (False, False, 1)
    assert (cid["site_cost"], cid["site_gain"], cid["wins_by_playing"]) == (0, 1, False)
    assert ana["may_play_site"] is False  # step 0: the Establishing Shot
    state = to_main_shot(state, catalog)
    ana = RULES.view(state, None, catalog)["players"][0]
    assert ana["may_play_site"] is True
    after = RULES.view(run(state, catalog, PlaySite("Ana")), None, catalog)["players"][0]
    assert (after["may_play_site"], after["site_played"]) == (False, True)
    poor = replace(state, players=(replace(state.players[0], power=3), *state.players[1:]))
    assert RULES.view(poor, None, catalog)["players"][0]["may_play_site"] is False
    alone = with_sites(state, Ben=0)
    assert RULES.view(alone, None, catalog)["players"][0]["wins_by_playing"] is True


@pytest.mark.parametrize(
    ("action", "line"),
    [
        (NextStep(), "Ana moved on to Establishing Shot: Start your turn"),  # the step named
        (EndTurn(), "Ana ended the turn"),
        (Gain("Ben", 3), "Ben gained 3 power"),
        (Spend("Ben", 2), "Ben spent 2 power"),
        (PlaySite("Cid"), "Cid played a Feng Shui Site"),
        (TakeSite(Taking.SEIZE, "Ben", "Cid"), "Ben seized a site from Cid"),
        (TakeSite(Taking.BURN_VICTORY, "Ben", "Cid"), "Ben burned a site of Cid for victory"),
        (TakeSite(Taking.BURN_POWER, "Ben", "Cid"), "Ben burned a site of Cid for power"),
        (LoseSite("Cid"), "Cid lost a site"),
        (Decked("Cid"), "Cid drew their last card"),
    ],
)
def test_history_lines(catalog: Catalog, action: object, line: str) -> None:
    # Each recorded on its own player's phone (another phone's: test_shadowfist_recorded_by).
    actor = line.split(" ", 1)[0]
    assert told(RULES.describe(action, actor, table(catalog))) == line  # type: ignore[arg-type]


def test_the_view_names_the_kind_and_the_step(catalog: Catalog) -> None:
    seen = RULES.view(table(catalog), None, catalog)
    name, summary = sf.prompts(catalog)[0]
    assert seen["kind"] == "shadowfist"
    assert seen["step"] == {
        "id": "start-of-turn",
        "phase": "establishing-shot",
        "name": name,
        "summary": summary,
        "index": 0,
        "count": len(sf.prompts(catalog)),
    }


def test_six_players_sit_at_random_from_the_seed(catalog: Catalog) -> None:
    names = ("Ana", "Ben", "Cid", "Dee", "Eve", "Fay")
    first = start(Setup(names, 1), catalog)
    assert first.setup == Setup(names, 1) and sorted(first.seating) == sorted(names)
    assert [p.name for p in first.players] == list(first.seating)
    assert start(Setup(names, 1), catalog) == first
    assert {start(Setup(names, s), catalog).seating for s in range(6)} != {first.seating}
    with pytest.raises(sf.ShadowfistError, match="seats 2 to 6 players"):
        start(Setup((*names, "Gil"), 1), catalog)


def test_a_site_is_refused_at_every_step_of_the_establishing_shot(catalog: Catalog) -> None:
    # Seed 004: sites are played in the Main Shot, never in the Establishing Shot.
    state = table(catalog)
    steps = [i for i, (phase, _) in enumerate(sf.step_ids(catalog)) if phase != sf.MAIN_SHOT]
    assert steps[:5] == [0, 1, 2, 3, 4]
    for step in steps:
        with pytest.raises(sf.ShadowfistError, match="sites are played in the Main Shot"):
            run(replace(state, step=step), catalog, PlaySite("Ana"))
    assert run(main(catalog), catalog, PlaySite("Ana")).players[0].sites == 1


def test_the_third_site_costs_two_power(catalog: Catalog) -> None:
    # Seed 004's example: "to play your third Feng Shui Site, you must spend 2 Power".
    state = run(with_sites(main(catalog), Ana=2), catalog, PlaySite("Ana"))
    assert (state.players[0].power, state.players[0].sites) == (18, 3)


def test_sites_generate_power_at_their_step_once_a_turn(catalog: Catalog) -> None:
    # Seed 004: face-down Feng Shui Sites generate 1 power each, in the power step.
    state = with_sites(table(catalog), Ana=3)
    with pytest.raises(sf.ShadowfistError, match="once a turn, at the step"):
        run(state, catalog, parse_action({"type": "generate_power"}))  # still step 0
    state = run(state, catalog, NextStep())
    assert RULES.view(state, "Ana", catalog)["power_due"] == 3
    state = run(state, catalog, parse_action({"type": "generate_power"}))
    assert state.players[0].power == 23 and sf.step_of(catalog, state.step) == "unturn"
    assert RULES.view(state, "Ana", catalog)["power_due"] is None
    assert told(RULES.describe(parse_action({"type": "generate_power"}), "Ana", state)) == (
        "Ana's sites generated 3 power"
    )
    with pytest.raises(sf.ShadowfistError, match="once a turn"):
        run(replace(state, step=1), catalog, parse_action({"type": "generate_power"}))
    # Other sites make what they print: the phone may send the amount.
    other = run(replace(state, step=1, generated=None), catalog, GeneratePower(5))
    assert other.players[0].power == 28


def test_skipping_the_power_step_generates_nothing_and_next_turn_may_again(
    catalog: Catalog,
) -> None:
    state = run(with_sites(table(catalog), Ana=1, Ben=2), catalog, NextStep(), NextStep())
    assert state.players[0].power == 20
    state = run(to_main_shot(state, catalog), catalog, EndTurn(), NextStep())
    state = run(state, catalog, GeneratePower())
    assert state.turn == "Ben" and state.players[1].power == 22


def test_the_first_history_line_announces_the_drawn_seating(catalog: Catalog) -> None:
    setup = Setup(("Ana", "Ben", "Cid"), 5)
    state = start(setup, catalog)
    after = apply(state, NextStep(), state.turn, catalog, 0)
    line = told(RULES.describe(NextStep(), state.turn, after))
    assert line == (
        f"Seating drawn: {', '.join(state.seating)}; {state.turn} plays first. "
        f"{state.turn} moved on to Establishing Shot: Generate power"
    )
    again = apply(after, NextStep(), state.turn, catalog, 1)
    assert (
        told(RULES.describe(NextStep(), state.turn, again))
        == f"{state.turn} moved on to Establishing Shot: Unturn"
    )


@pytest.mark.parametrize(
    "data", [{"type": "generate_power"}, {"type": "generate_power", "amount": 0}]
)
def test_generate_power_reads_and_writes_the_same_json(data: dict[str, object]) -> None:
    assert action_to_json(parse_action(data)) == data


def test_a_second_end_turn_from_the_turn_shown_is_refused_not_a_skipped_turn(
    catalog: Catalog,
) -> None:
    state = table(catalog)  # Ana's turn 1; Ben plays next, then Cid
    after = apply(state, EndTurn(turn=1), "Ana", catalog, 0)
    assert after.turn == "Ben"
    with pytest.raises(sf.ShadowfistError, match="already moved on"):
        apply(after, EndTurn(turn=1), "Ana", catalog, 1)  # the double tap
    assert apply(after, EndTurn(turn=2), "Ben", catalog, 1).turn == "Cid"


def test_a_second_next_step_from_the_step_shown_is_refused_not_a_skipped_step(
    catalog: Catalog,
) -> None:
    state = table(catalog)
    after = apply(state, NextStep(turn=1, step=0), "Ana", catalog, 0)
    assert after.step == 1
    with pytest.raises(sf.ShadowfistError, match="already moved on"):
        apply(after, NextStep(turn=1, step=0), "Ana", catalog, 1)
    assert apply(after, NextStep(turn=1, step=1), "Ana", catalog, 1).step == 2


def test_turn_and_step_shown_are_read_and_kept_in_the_log() -> None:
    action = parse_action({"type": "next_step", "turn": 3, "step": 2})
    assert action == NextStep(turn=3, step=2)
    assert action_to_json(action) == {"type": "next_step", "turn": 3, "step": 2}
    assert action_to_json(parse_action({"type": "end_turn", "turn": 4})) == {
        "type": "end_turn",
        "turn": 4,
    }
    # Logs written before phones sent them replay unchecked.
    assert action_to_json(parse_action({"type": "end_turn"})) == {"type": "end_turn"}
    with pytest.raises(InvalidAction, match="'step'"):
        parse_action({"type": "next_step", "step": "nonsense"})


@pytest.mark.parametrize("seed", range(12))
def test_the_order_of_play_shown_is_the_order_turns_are_taken(catalog: Catalog, seed: int) -> None:
    # The seating and the first player are drawn apart: the order starts from the first.
    state = start(Setup(("Ana", "Ben", "Cid", "Dan"), seed), catalog)
    order = view(state, "Ana", catalog)["order"]
    turns = []
    for turn in range(1, 5):
        turns.append(state.turn)
        state = apply(state, EndTurn(turn=turn), state.turn, catalog, turn - 1)
    assert order == turns
    assert sorted(order) == ["Ana", "Ben", "Cid", "Dan"]
