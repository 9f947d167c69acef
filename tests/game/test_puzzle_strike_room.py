"""The Puzzle Strike room through ``apply``: exact thresholds, outcomes both ways, choices
beyond the simplest path, history sentences, parsing, and gem conservation on random games
that really counter-crash and combine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.errors import GameError, IllegalMove, InvalidAction
from companion.game.puzzle_strike import gems, turns
from companion.game.puzzle_strike.actions import (
    ACTION_TYPES,
    action_to_json,
    parse_action,
)
from companion.game.puzzle_strike.piles import Ending, GemSupply, Mode, Table, new_table
from companion.game.puzzle_strike.room import RULES, is_final
from printkit.catalog import Catalog
from tests.ps_helpers import describe, do, give, new_room, playing, view

DUEL = {"Ana": "grave", "Ben": "rook"}
THREE = {"Ana": "grave", "Ben": "rook", "Cid": "lum"}
FOUR = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}


# --- exact thresholds ---------------------------------------------------------------------


@pytest.mark.parametrize(("pile", "lost"), [((4, 4, 1), False), ((4, 4, 2), True)])
def test_ending_a_turn_at_exactly_ten_loses_and_nine_does_not(
    catalog: Catalog, pile: tuple[int, ...], lost: bool
) -> None:
    state = do(
        give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", *pile),
        catalog,
        "Ana",
        type="end_turn",
        without_ante=True,
    )
    assert (state.phase == "between") is lost
    if not lost:
        assert state.table.current == "Ben"


@pytest.mark.parametrize(("a", "b", "allowed"), [(1, 3, True), (2, 2, True), (2, 3, False)])
def test_combining_up_to_a_four_gem_and_no_more(
    catalog: Catalog, a: int, b: int, allowed: bool
) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", a, b)
    if allowed:
        state = do(state, catalog, "Ana", type="combine", a=a, b=b)
        assert state.table.pile("Ana").gems == (4,)
        assert state.table.supply.counts[3] == 12 - 1  # one 4-gem left the bank
    else:
        with pytest.raises(IllegalMove, match=f"the total {a + b} is over 4"):
            do(state, catalog, "Ana", type="combine", a=a, b=b)


def test_a_crash_breaking_a_three_gem_sends_three_and_pays_one(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 3)
    state = do(state, catalog, "Ana", type="crash", gems=[3])
    assert state.table.pending.ones == 3 and state.table.money_of("Ana") == 1
    state = do(state, catalog, "Ben", type="land")
    assert state.table.pile("Ben").gems == (1, 1, 1) and state.table.pile("Ana").gems == ()


def test_a_double_crash_pays_two_and_a_four_gem_makes_it_unstoppable(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 4, 1)
    state = give(state, catalog, "Ben", 2)
    state = do(state, catalog, "Ana", type="crash", gems=[4, 1])
    # Uncounter-crashable (seed 000): the five 1-gems land at once, nobody decides.
    assert state.table.money_of("Ana") == 2 and state.table.pending is None
    assert state.table.pile("Ben").gems == (1, 1, 1, 1, 1, 2)
    assert view(state, "Ben", catalog)["table"]["can_counter"] == []
    with pytest.raises(IllegalMove, match="no send to counter-crash"):
        do(state, catalog, "Ben", type="counter", gems=[2])


@pytest.mark.parametrize(
    ("players", "empty", "ante"),
    [(DUEL, 1, 1), (DUEL, 2, 2), (DUEL, 3, 3), (DUEL, 4, 4), (THREE, 2, 1), (THREE, 3, 2)],
)
def test_panic_levels_start_at_exactly_x_empty_stacks(
    catalog: Catalog, players: dict[str, str], empty: int, ante: int
) -> None:
    mode = Mode.TWO_PLAYER if len(players) == 2 else Mode.FREE_FOR_ALL
    state = playing(catalog, players, mode)
    for key, _ in state.stacks[8 : 8 + empty]:
        state = do(state, catalog, "Ana", type="stack", stack=key, state="empty")
    assert state.panic.ante == ante


def test_gem_supply_is_read_from_the_catalog(catalog: Catalog) -> None:
    base = next(s for s in catalog.puzzle_strike_sets() if s.id == "base-3e")
    counts = {s.value: s.count for s in base.stacks if s.kind == "gem"}
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    # Each starting bag holds six 1-gems of the box's 64 (seed 000, Quick start, line 84).
    counts[1] -= 2 * 6
    assert state.table.supply.counts == tuple(counts[v] for v in (1, 2, 3, 4))


# --- outcomes both ways -----------------------------------------------------------------------


@pytest.mark.parametrize(("loser", "winner"), [("Ana", "Ben"), ("Ben", "Ana")])
def test_two_player_overflow_names_the_other_player(
    catalog: Catalog, loser: str, winner: str
) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    if loser == "Ben":
        state = do(state, catalog, "Ana", type="end_turn", without_ante=True)
    state = do(
        give(state, catalog, loser, 4, 4, 2), catalog, loser, type="end_turn", without_ante=True
    )
    outcome = state.table.outcome
    assert (outcome.ending, outcome.winners, outcome.loser) == (Ending.OVERFLOW, (winner,), loser)
    assert state.match.score() == {loser: 0, winner: 1}
    assert state.match.awaiting_choice == (loser,)


@pytest.mark.parametrize(("low", "high"), [("Ben", "Cid"), ("Cid", "Ben")])
def test_free_for_all_the_lowest_pile_wins_either_way(
    catalog: Catalog, low: str, high: str
) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL, best_of=3)
    state = give(give(state, catalog, low, 1), catalog, high, 3)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    outcome = state.table.outcome
    assert (outcome.ending, outcome.winners, outcome.loser) == (Ending.LOWEST_PILE, (low,), "Ana")
    assert state.match.results[-1] == (low, high, "Ana")
    assert describe({"type": "end_turn"}, "Ana", state).endswith(
        f"Game 1 to {low} (Ana ended a turn at 10 or more; the lowest pile won); "
        f"score Ana 0, Ben {int(low == 'Ben')}, Cid {int(low == 'Cid')}"
    )


def test_last_man_standing_raises_panic_per_elimination(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.LAST_MAN_STANDING)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    assert state.table.eliminated == ("Ana",) and state.panic.ante == 2
    state = do(
        give(state, catalog, "Ben", 4, 4, 2), catalog, "Ben", type="end_turn", without_ante=True
    )
    outcome = state.table.outcome
    assert (outcome.ending, outcome.winners) == (Ending.LAST_STANDING, ("Cid",))
    assert state.match.results[-1] == ("Cid", "Ben", "Ana")


def test_a_free_for_all_tie_plays_extra_turns_then_forfeit_decides(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL)
    state = give(give(state, catalog, "Ben", 2), catalog, "Cid", 2)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    assert state.table.tied == ("Ben", "Cid") and state.table.current == "Ben"
    state = do(state, catalog, "Ben", type="forfeit")
    outcome = state.table.outcome
    assert (outcome.ending, outcome.winners) == (Ending.FORFEIT, ("Cid",))


# --- choices beyond the simplest path ----------------------------------------------------


def test_the_clash_loser_picks_again_and_plays_second(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben", "Cid"], Mode.FREE_FOR_ALL)
    state = do(state, catalog, "Ana", type="choose", character="rook")
    state = do(state, catalog, "Ana", type="choose", character="lum")  # changed before reveal
    state = do(state, catalog, "Ben", type="choose", character="lum")
    state = do(state, catalog, "Cid", type="choose", character="grave")
    loser = state.rechoose
    assert loser in ("Ana", "Ben") and state.clash.keeper != loser
    with pytest.raises(IllegalMove, match=f"waiting for {loser} to choose again"):
        do(state, catalog, "Cid", type="choose", character="jaina")
    with pytest.raises(IllegalMove, match="Lum is taken"):
        do(state, catalog, loser, type="choose", character="lum")
    state = do(state, catalog, loser, type="choose", character="jaina", first=False)
    assert state.phase == "playing" and state.order[-1] == loser
    assert dict(state.characters)[loser] == "jaina"
    assert dict(state.characters)["Cid"] == "grave"


def test_second_edition_every_loser_swaps_in_the_order_they_lost(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL, edition=2, best_of=3)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    state = do(
        give(state, catalog, "Ben", 4, 4, 2), catalog, "Ben", type="end_turn", without_ante=True
    )
    assert state.phase == "between" and state.match.awaiting_choice == ("Ana", "Ben")
    with pytest.raises(IllegalMove, match="each loser swaps one stack"):
        do(state, catalog, "Ana", type="losers_choice", option="switch", character="lum")
    pool = [p["key"] for p in view(state, "Ana", catalog)["pool"] if p["key"] not in state.bank]
    state = do(
        state, catalog, "Ana", type="losers_choice", option="swap", out=state.bank[0], into=pool[0]
    )
    assert state.phase == "between"
    state = do(state, catalog, "Ben", type="losers_choice", option="keep")
    assert state.phase == "playing" and pool[0] in state.bank


def test_rematch_after_the_match_and_not_before(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    with pytest.raises(IllegalMove, match="once the match is over"):
        do(state, catalog, "Ana", type="rematch")
    for _ in range(2):
        state = do(
            give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
        )
        if state.phase == "between":
            state = do(state, catalog, "Ana", type="losers_choice", option="keep")
    assert state.phase == "over" and state.match.winner == "Ben"
    again = do(state, catalog, "Ben", type="rematch")
    assert again.phase == "choosing" and again.match is None and again.game_no == 1
    assert describe({"type": "rematch"}, "Ben", again).startswith("Ben started a rematch")


def test_restart_choice_rules(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    state = do(state, catalog, "Ana", type="restart_choice")
    with pytest.raises(IllegalMove, match="already agreed"):
        do(state, catalog, "Ana", type="restart_choice")
    assert "every player must agree" in describe({"type": "restart_choice"}, "Ana", state)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    with pytest.raises(IllegalMove, match="only during the first game"):
        do(state, catalog, "Ben", type="restart_choice")


def test_reveal_flip_and_reroll_are_final_and_a_secret_pick_is_not(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    secret = parse_action({"type": "choose", "character": "rook"})
    state = RULES.apply(state, secret, "Ana", catalog, 0)
    assert not is_final(secret, state)
    state = RULES.apply(state, secret, "Ben", catalog, 1)
    assert is_final(secret, state) and state.rechoose is not None
    reroll = parse_action({"type": "losers_choice", "option": "reroll"})
    assert is_final(reroll, state)
    assert not is_final(parse_action({"type": "ante"}), state)


def test_a_rerolled_bank_is_ten_new_stacks(catalog: Catalog) -> None:
    state = do(
        give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 4, 4, 2),
        catalog,
        "Ana",
        type="end_turn",
        without_ante=True,
    )
    state = RULES.apply(
        state, parse_action({"type": "losers_choice", "option": "reroll"}), "Ana", catalog, 5
    )
    assert len(set(state.bank)) == 10 and state.phase == "playing"
    assert [k for k, _ in state.stacks][-10:] == list(state.bank)


# --- parsing, JSON and sentences ---------------------------------------------------------------

ROUND_TRIP = [
    {"type": "choose", "character": "rook"},
    {"type": "choose", "character": "rook", "first": False},
    {"type": "restart_choice"},
    {"type": "rematch"},
    {"type": "ante"},
    {"type": "combine", "a": 1, "b": 3},
    {"type": "crash", "gems": [3, 1], "target": "Ben"},
    {"type": "crash", "gems": [2]},
    {"type": "counter", "gems": [1]},
    {"type": "land"},
    {"type": "nobody_reacts"},
    {"type": "add_gem", "player": "Ana", "value": 4},
    {"type": "remove_gem", "player": "Ana", "value": 1},
    {"type": "end_turn"},
    {"type": "forfeit"},
    {"type": "stack", "stack": "base-3e/training-day", "state": "removed"},
    {"type": "buy", "stack": "base-3e/training-day"},
    {"type": "losers_choice", "option": "keep"},
    {"type": "losers_choice", "option": "switch", "character": "lum"},
    {"type": "losers_choice", "option": "swap", "out": "a/b", "into": "c/d"},
    {"type": "losers_choice", "option": "reroll"},
]


@pytest.mark.parametrize("data", ROUND_TRIP)
def test_actions_round_trip_through_json(data: dict[str, Any]) -> None:
    assert action_to_json(parse_action(data)) == data


def test_every_action_type_round_trips() -> None:
    assert {d["type"] for d in ROUND_TRIP} == set(ACTION_TYPES)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": 3}, "unknown action 3"),
        ({"type": "crash", "gems": [1, 1, 1]}, "'gems' must list 1 or 2"),
        ({"type": "crash", "gems": [True]}, "'gem' must be a whole number"),
        ({"type": "crash", "gems": [1], "target": 5}, "'target' must be a text"),
        ({"type": "combine", "a": 0, "b": 1}, "'a' must be a whole number from 1 to 4"),
        ({"type": "add_gem", "value": 1}, "'player' must be a text"),
        ({"type": "stack", "stack": "x", "state": "gone"}, "'state' must be one of full"),
        ({"type": "losers_choice", "option": "win"}, "'option' must be one of keep"),
        ({"type": "losers_choice", "option": "swap", "out": "a"}, "'into' must be a text"),
        ({"type": "choose", "character": "lum", "first": "yes"}, "'first' must be true"),
        ({"type": "choose"}, "'character' must be a text"),
    ],
)
def test_badly_shaped_actions_are_invalid(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        parse_action(data)


def test_history_sentences_use_names_not_keys(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    key = state.stacks[9][0]
    name = state.name(key)
    state = do(state, catalog, "Ana", type="stack", stack=key, state="removed")
    assert describe({"type": "stack", "stack": key, "state": "removed"}, "Ana", state) == (
        f"Ana marked {name} removed (Into Oblivion)"
    )
    assert "/" not in name
    lines = {
        "ante": "Ana anted a 1-gem",
        "combine": "Ana combined a 1-gem and a 2-gem into a 3-gem",
        "counter": "Ana counter-crashed a 1-gem",
        "land": "Ana let the gems land",
        "add_gem": "Ana put a 2-gem in Ben's pile",
        "remove_gem": "Ana took a 2-gem from Ben's pile",
        "end_turn": "Ana ended the turn",
        "forfeit": "Ana forfeited the game",
    }
    fields: dict[str, dict[str, Any]] = {
        "combine": {"a": 1, "b": 2},
        "counter": {"gems": [1]},
        "add_gem": {"player": "Ben", "value": 2},
        "remove_gem": {"player": "Ben", "value": 2},
    }
    for kind, line in lines.items():
        assert describe({"type": kind, **fields.get(kind, {})}, "Ana", state) == line


def test_reveal_and_choices_in_words(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    state = do(state, catalog, "Ana", type="choose", character="rook")
    assert (
        describe({"type": "choose", "character": "rook"}, "Ana", state) == "Ana chose a character"
    )
    state = do(state, catalog, "Ben", type="choose", character="grave")
    assert describe({"type": "choose", "character": "grave"}, "Ben", state) == (
        "Ben chose a character. Characters revealed: Ana: Rook, Ben: Grave"
    )
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    assert (
        describe({"type": "losers_choice", "option": "switch", "character": "lum"}, "Ana", state)
        == "Ana switched to Lum"
    )
    assert (
        describe({"type": "losers_choice", "option": "reroll"}, "Ana", state)
        == "Ana re-rolled the whole bank"
    )
    assert (
        describe({"type": "losers_choice", "option": "keep"}, "Ana", state)
        == "Ana kept the characters and the bank"
    )


def test_an_untargeted_crash_names_its_target(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 2)
    state = do(state, catalog, "Ana", type="crash", gems=[2])
    assert describe({"type": "crash", "gems": [2]}, "Ana", state) == "Ana crashed a 2-gem at Ben"


def test_a_spectator_view_hides_secret_choices(catalog: Catalog) -> None:
    state = do(
        new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER),
        catalog,
        "Ana",
        type="choose",
        character="rook",
    )
    assert view(state, None, catalog)["characters"] == {"Ana": None, "Ben": None}
    assert view(state, "Ana", catalog)["characters"]["Ana"] == "Rook"
    chips = view(state, "Ana", catalog)["chips"]
    assert all(c["name"] for c in chips.values()) and len(chips) == len(state.stacks)
    stacks = view(state, "Ana", catalog)["stacks"]
    assert [x["cost"] for x in stacks] == [chips[x["key"]]["cost"] for x in stacks]
    assert stacks[0] == {
        "key": "fixed/1-gem",
        "name": "1-gem",
        "name_ja": "1ジェム",
        "cost": 1,
        "state": "full",
        "left": None,  # the gem supply is counted once a game starts
        "may_buy": False,
    }


def test_refusals_name_the_rule(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    with pytest.raises(IllegalMove, match="no game is being played"):
        do(state, catalog, "Ana", type="ante")
    with pytest.raises(IllegalMove, match="'character' must be one of"):
        do(state, catalog, "Ana", type="choose", character="zed")
    with pytest.raises(IllegalMove, match="'Zed' is not a player"):
        do(state, catalog, "Zed", type="ante")
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    with pytest.raises(IllegalMove, match="Ben cannot ante"):
        do(state, catalog, "Ben", type="ante")
    with pytest.raises(IllegalMove, match="Ben cannot end Ana's turn"):
        do(state, catalog, "Ben", type="end_turn", without_ante=True)
    with pytest.raises(IllegalMove, match="no gems in the air"):
        do(state, catalog, "Ben", type="land")
    with pytest.raises(IllegalMove, match="characters are chosen at the start"):
        do(state, catalog, "Ana", type="choose", character="lum")


# --- gem conservation on random games that counter-crash and combine -------------------------


def legal_moves(table: Table, rng: random.Random) -> list[tuple[str, Any]]:
    """List moves the rules allow now (a random game's menu)."""
    if table.pending is not None:
        moves: list[tuple[str, Any]] = [("land", p) for p in table.seats if gems.can_land(table, p)]
        for p in table.seats:
            pile = table.pile(p).gems
            if gems.can_counter(table, p) and pile:
                moves += [("counter", (p, (pile[-1],)))] * 3
        return moves
    me = table.current
    pile = table.pile(me).gems
    moves = [("end", me)] if table.anted else [("ante", me)]
    moves += [("add", (rng.choice(table.seats), rng.choice((1, 2, 3))))]
    if pile:
        target = rng.choice(table.opponents(me)) if table.edition == 3 else None
        moves += [("crash", (me, tuple(pile[-2:][: rng.choice((1, 2))]), target))] * 3
    pairs = [(a, b) for i, a in enumerate(pile) for b in pile[i + 1 :] if a + b <= 4]
    moves += [("combine", (me, *pair)) for pair in pairs[:1]] * 2
    return moves


def play_move(table: Table, move: tuple[str, Any]) -> Table:
    """Apply one menu move."""
    kind, arg = move
    if kind == "land":
        return gems.let_land(table, arg)
    if kind == "counter":
        return gems.counter_crash(table, arg[0], arg[1])
    if kind == "end":
        return turns.end_turn(table)
    if kind == "ante":
        return gems.ante(table)
    if kind == "add":
        return gems.add_gem(table, *arg)
    if kind == "crash":
        return gems.crash(table, arg[0], arg[1], arg[2] if len(table.seats) > 2 else None)
    return gems.combine(table, *arg)


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("edition", [2, 3])
def test_gems_are_conserved_in_random_games_with_counters_and_combines(
    mode: Mode, edition: int
) -> None:
    seats = {Mode.TWO_PLAYER: ["A", "B"], Mode.TEAM_BATTLE: ["A", "B", "C", "D"]}.get(
        mode, ["A", "B", "C", "D"]
    )
    seen = {"counter": 0, "combine": 0, "crash": 0}
    rng = random.Random(f"{mode}-{edition}")
    for _ in range(30):
        table = new_table(seats, mode, edition, GemSupply((64, 20, 16, 12)))
        start = table.total_value()
        for _ in range(120):
            if table.is_over:
                break
            move = rng.choice(legal_moves(table, rng))
            table = play_move(table, move)
            seen[move[0]] = seen.get(move[0], 0) + 1
            assert table.total_value() == start
            assert all(g in (1, 2, 3, 4) for _, p in table.piles for g in p.gems)
    assert seen["counter"] >= 20 and seen["combine"] >= 20 and seen["crash"] >= 50, seen


# --- fuzz: any JSON action is refused with a GameError or applied, never crashes ------------

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 6),
    st.sampled_from(["Ana", "Ben", "Cid", "rook", "lum", "base-3e/one-of-each", "keep", "swap"]),
    st.lists(st.integers(-1, 5), max_size=3),
)
ACTION = st.fixed_dictionaries(
    {"type": st.sampled_from([*ACTION_TYPES, "fly", 3])},
    optional={
        k: VALUES
        for k in (
            "gems",
            "target",
            "a",
            "b",
            "player",
            "value",
            "character",
            "first",
            "stack",
            "state",
            "option",
            "out",
            "into",
        )
    },
)


@settings(max_examples=150, deadline=None)
@given(actions=st.lists(st.tuples(ACTION, st.sampled_from(["Ana", "Ben", "Cid"])), max_size=30))
def test_any_json_action_is_applied_or_refused_cleanly(
    catalog: Catalog, actions: list[tuple[dict[str, Any], str]]
) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL)
    start = state.table.total_value()
    for data, actor in actions:
        try:
            state = RULES.apply(state, parse_action(data), actor, catalog, 3)
        except GameError:
            continue
        if state.table is not None and state.phase == "playing" and state.game_no == 1:
            assert state.table.total_value() == start


@pytest.mark.parametrize(("dee_adds", "winner"), [(0, "Dee"), (2, "Ben")])
def test_a_tie_between_players_apart_skips_the_others(
    catalog: Catalog, dee_adds: int, winner: str
) -> None:
    state = playing(catalog, FOUR, Mode.FREE_FOR_ALL)
    state = give(give(give(state, catalog, "Ben", 1), catalog, "Dee", 1), catalog, "Cid", 3)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    assert state.table.tied == ("Ben", "Dee") and state.table.current == "Ben"
    state = do(
        give(state, catalog, "Ben", 1), catalog, "Ben", type="end_turn", without_ante=True
    )  # Ben at 2
    assert state.table.current == "Dee"  # Cid is not in the tie: his turn is skipped
    if dee_adds:
        state = give(state, catalog, "Dee", dee_adds)  # Dee at 3
    state = do(state, catalog, "Dee", type="end_turn", without_ante=True)
    assert state.table.winners == (winner,)
    assert "Dee forfeited" not in " ".join(state.table.log)


def test_a_forfeit_is_in_the_table_log(catalog: Catalog) -> None:
    state = do(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", type="forfeit")
    assert "Ana forfeited" in state.table.log
    assert state.table.log[-1] == "Ana forfeited: Ben won"


# --- where mutation testing found rules the tests did not pin -------------------------------


def test_nobody_may_land_when_nothing_is_in_the_air(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL)
    table = view(state, "Ana", catalog)["table"]
    assert (table["can_land"], table["can_counter"]) == ([], [])


def test_a_counter_crash_breaks_one_or_two_gems_not_three() -> None:
    table = gems.crash(
        gems.add_gem(gems.add_gem(new_table(["A", "B"], Mode.TWO_PLAYER), "A", 3), "B", 1),
        "A",
        [3],
    )
    table = gems.add_gem(gems.add_gem(table, "B", 1), "B", 1)
    with pytest.raises(IllegalMove, match="breaks 1 or 2 gems, not 3"):
        gems.counter_crash(table, "B", [1, 1, 1])
    both = gems.counter_crash(table, "B", [1, 1])  # a Double Crash Gem as a reaction
    assert both.pile("B").gems == (1, 1) and both.collision.negated == 2


@pytest.mark.parametrize(
    ("counter", "line"),
    [
        (1, "Ben counter-crashed a 1-gem: 1 negated, 1 lands on Ben"),
        (2, "Ben counter-crashed a 2-gem: 2 negated"),
        (4, "Ben counter-crashed a 4-gem: 2 negated, 2 fly back at Ana"),
    ],
)
def test_a_counter_crash_says_what_collided(catalog: Catalog, counter: int, line: str) -> None:
    state = give(
        give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 2), catalog, "Ben", counter
    )
    state = do(state, catalog, "Ana", type="crash", gems=[2])
    action = {"type": "counter", "gems": [counter]}
    state = do(state, catalog, "Ben", **action)
    assert describe(action, "Ben", state) == line
    if counter == 4:  # the 4-gem's rest is uncounter-crashable: it lands on Ana at once
        assert state.table.pending is None and state.table.pile("Ana").gems == (1, 1)


def test_removing_a_gem_returns_it_to_the_bank(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 3)
    before = state.table.supply.counts
    state = do(state, catalog, "Ana", type="remove_gem", player="Ana", value=3)
    assert state.table.supply.counts[2] == before[2] + 1


def test_last_man_standing_outcomes_name_the_last_loser(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.LAST_MAN_STANDING)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    ended = do(
        give(state, catalog, "Ben", 4, 4, 2), catalog, "Ben", type="end_turn", without_ante=True
    )
    assert ended.table.outcome.loser == "Ben"
    forfeited = do(state, catalog, "Ben", type="forfeit")
    outcome = forfeited.table.outcome
    assert (outcome.ending, outcome.winners, outcome.loser) == (Ending.FORFEIT, ("Cid",), "Ben")


def test_an_overflow_takes_ones_from_the_bank(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL, edition=2)
    state = give(state, catalog, "Ana", 4, 4, 3, 2)
    ones = state.table.supply.counts[0]
    state = do(
        state, catalog, "Ana", type="end_turn", without_ante=True
    )  # 13: 3 ones overflow onto Ben
    # The pile sheds its smallest gems (2 and 3) and keeps the change, a 2-gem: 13 -> 10.
    assert state.table.pile("Ana").gems == (2, 4, 4)
    assert state.table.supply.counts[0] == ones - 3


def test_a_three_way_tie_plays_every_tied_turn(catalog: Catalog) -> None:
    state = playing(catalog, FOUR, Mode.FREE_FOR_ALL)
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    assert state.table.tied == ("Ben", "Cid", "Dee")
    for player in ("Ben", "Cid"):
        assert state.table.current == player
        state = do(
            give(state, catalog, player, 1), catalog, player, type="end_turn", without_ante=True
        )
    assert state.table.current == "Dee"
    state = do(state, catalog, "Dee", type="end_turn", without_ante=True)
    assert state.table.winners == ("Dee",)
    assert view(state, "Dee", catalog)["table"]["tied"] == []


def test_match_starts_and_choices_are_exact() -> None:
    from companion.game.puzzle_strike import match as m

    bank = tuple(f"s/{i}" for i in range(10))
    with pytest.raises(IllegalMove, match="different names"):
        m.start_match(["Ana", "Ana"], {"Ana": "x"}, bank)
    with pytest.raises(IllegalMove, match="different names"):
        m.start_match(["Ana"], {"Ana": "x"}, bank)
    with pytest.raises(IllegalMove, match="10 different"):
        m.start_match(["Ana", "Ben"], {"Ana": "x", "Ben": "y"}, (*bank[:9], bank[0]))
    with pytest.raises(IllegalMove, match="10 different"):
        m.start_match(["Ana", "Ben"], {"Ana": "x", "Ben": "y"}, (*bank, "s/10"))
    match = m.record_game(
        m.start_match(["Ana", "Ben"], {"Ana": "x", "Ben": "y"}, bank), ["Ana", "Ben"]
    )
    for option in (
        m.Keep(),
        m.SwitchCharacter("z"),
        m.RerollBank(tuple(f"t/{i}" for i in range(10))),
    ):
        after = m.apply_choice(match, "Ben", option, bank)
        assert after.awaiting_choice == () and after.first_player == "Ben"


def test_restart_choice_once_everyone_agrees_starts_the_choice_over(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    key = state.stacks[0][0]
    state = do(state, catalog, "Ana", type="stack", stack=key, state="empty")
    state = give(state, catalog, "Ben", 2)
    state = do(state, catalog, "Ben", type="restart_choice")
    assert state.restart_votes == ("Ben",) and state.phase == "playing"
    again = do(state, catalog, "Ana", type="restart_choice")
    assert again.phase == "choosing" and again.game_no == 1
    assert again.order == ("Ana", "Ben") and again.characters == ()
    assert again.table is None and again.restart_votes == () and again.rechoose is None
    assert all(s == "full" for _, s in again.stacks)
    assert again.panic == new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER).panic
    assert view(again, "Ana", catalog)["waiting_for"] == ["Ana", "Ben"]
    chosen = do(again, catalog, "Ben", type="choose", character="lum")
    chosen = do(chosen, catalog, "Ana", type="choose", character="grave")
    assert chosen.phase == "playing" and dict(chosen.characters)["Ben"] == "lum"


def test_restart_choice_while_still_choosing(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    state = do(state, catalog, "Ana", type="choose", character="grave")
    state = do(state, catalog, "Ana", type="restart_choice")
    state = do(state, catalog, "Ben", type="restart_choice")
    assert state.phase == "choosing" and view(state, "Ana", catalog)["characters"]["Ana"] is None
