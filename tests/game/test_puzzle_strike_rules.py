"""Puzzle Strike table rules from seeds 000 (3rd edition) and 001 (2nd edition), and the
defects of issue 9 (teams, who lets gems land, final reveals, floating gems, overflow)."""

from __future__ import annotations

import pytest

from companion.game.puzzle_strike.piles import Mode
from printkit.catalog import Catalog
from tests.ps_helpers import describe, do, give, new_room, playing, view

TEAM = {"Ana": "grave", "Ben": "rook", "Cy": "jaina", "Di": "lum"}
DUEL = {"Ana": "grave", "Ben": "rook"}
THREE = {"Ana": "grave", "Ben": "rook", "Cid": "lum"}
FOUR = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}


# --- defect 3: 2 vs 2 scores and chooses as teams (seed 000, Team Battle + Loser's Choice) --
# Tables of rules version 2 (stored logs): best of 3 with the loser's choice in 2 vs 2 too.
# From version 3 a 2 vs 2 match is one game unless chosen, without the loser's choice
# (issue 26; tests/game/test_ps_match_formats.py).

LEGACY = 2


def lose_game(state, catalog: Catalog, player: str):  # type: ignore[no-untyped-def]
    """The side of ``player`` ends its turn at exactly 10 (4 + 4 + 2)."""
    assert state.table.owner_of(state.table.current) == state.table.owner_of(player)
    state = give(state, catalog, player, 4, 4, 2)
    return do(state, catalog, player, type="end_turn", without_ante=True)


def test_team_battle_scores_teams_and_the_losing_team_chooses(catalog: Catalog) -> None:
    state = playing(catalog, TEAM, Mode.TEAM_BATTLE, rules=LEGACY)  # Ana & Cy v Ben & Di
    state = lose_game(state, catalog, "Ana")
    seen = view(state, "Ben", catalog)
    assert seen["title"] == "Ana & Cy vs Ben & Di"
    assert seen["match"]["score"] == {"Ana & Cy": 0, "Ben & Di": 1}
    assert seen["match"]["awaiting_choice"] == ["Ana & Cy"]
    assert seen["match"]["choosers"] == ["Ana", "Cy"]
    with pytest.raises(ValueError, match="Ben has no choice to make now"):
        do(state, catalog, "Ben", type="losers_choice", option="keep")
    # Either member of the losing team takes the team's one choice: Cy switches to Midori.
    state = do(state, catalog, "Cy", type="losers_choice", option="switch", character="midori")
    assert dict(state.characters) == {"Ana": "grave", "Ben": "rook", "Cy": "midori", "Di": "lum"}
    assert state.phase == "playing" and state.game_no == 2
    assert state.table.current == "Cy"  # the losing team plays first, its chooser first
    with pytest.raises(ValueError, match="the loser's choice comes between games"):
        do(state, catalog, "Ana", type="losers_choice", option="keep")  # one choice per team
    state = lose_game(state, catalog, "Cy")
    assert state.phase == "over"
    seen = view(state, "Ana", catalog)
    assert seen["match"]["winner"] == "Ben & Di"
    assert seen["match"]["score"] == {"Ana & Cy": 0, "Ben & Di": 2}


def test_team_battle_each_team_wins_a_game_then_the_decider(catalog: Catalog) -> None:
    state = playing(catalog, TEAM, Mode.TEAM_BATTLE, rules=LEGACY)
    state = lose_game(state, catalog, "Ana")
    state = do(state, catalog, "Ana", type="losers_choice", option="keep")
    assert state.table.current == "Ana"
    state = do(state, catalog, "Ana", type="end_turn", without_ante=True)  # team B's turn
    state = lose_game(state, catalog, "Di")
    seen = view(state, "Cy", catalog)
    assert seen["match"]["score"] == {"Ana & Cy": 1, "Ben & Di": 1}
    assert seen["match"]["awaiting_choice"] == ["Ben & Di"]
    state = do(state, catalog, "Di", type="losers_choice", option="keep")
    assert state.table.current == "Di"
    state = lose_game(state, catalog, "Ben")
    assert view(state, None, catalog)["match"]["winner"] == "Ana & Cy"


def test_two_player_title_and_switch_changes_only_the_loser(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    assert view(state, "Ana", catalog)["title"] == "Ana vs Ben"
    state = lose_game(state, catalog, "Ana")
    state = do(state, catalog, "Ana", type="losers_choice", option="switch", character="rook")
    assert dict(state.characters) == {"Ana": "rook", "Ben": "rook"}


# --- defect 5: only the receiver (or, 3rd-edition free-for-all, a stand-in) resolves ----------


def test_the_crasher_cannot_let_their_own_gems_land(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 3)
    state = do(state, catalog, "Ana", type="crash", gems=[3])
    with pytest.raises(ValueError, match="only Ben"):
        do(state, catalog, "Ana", type="land")
    landed = do(state, catalog, "Ben", type="land")
    assert landed.table.pile("Ben").gems == (1, 1, 1)


def test_third_edition_free_for_all_the_target_decides_first_then_the_others_in_turn_order(
    catalog: Catalog,
) -> None:
    # Seed 000, free-for-all: if the player sent to declines to counter-crash, each other
    # player, in turn order from the one after the sender, gets a chance to do it for them.
    state = give(playing(catalog, FOUR, Mode.FREE_FOR_ALL), catalog, "Ana", 2)
    state = give(give(state, catalog, "Ben", 1), catalog, "Dee", 3)
    state = do(state, catalog, "Ana", type="crash", gems=[2], target="Cid")
    assert view(state, "Ben", catalog)["table"]["can_land"] == ["Cid"]
    assert view(state, "Ben", catalog)["table"]["can_counter"] == ["Cid"]
    for early in ("Ben", "Dee", "Ana"):
        with pytest.raises(ValueError, match="only Cid decides now"):
            do(state, catalog, early, type="land")
    with pytest.raises(ValueError, match="Dee cannot react"):
        do(state, catalog, "Dee", type="counter", gems=[3])
    state = do(state, catalog, "Cid", type="land")  # Cid lets them through
    assert state.table.pending is not None and state.table.pending.passed == ("Cid",)
    assert view(state, "Ana", catalog)["table"]["can_land"] == ["Ben"]
    assert describe({"type": "land"}, "Cid", state) == "Cid let the gems through; Ben may react"
    with pytest.raises(ValueError, match="only Ben decides now"):
        do(state, catalog, "Dee", type="land")
    passed = do(state, catalog, "Ben", type="land")  # Ben too: now Dee
    assert view(passed, "Ana", catalog)["table"]["can_counter"] == ["Dee"]
    landed = do(passed, catalog, "Dee", type="land")  # nobody reacted: they land on Cid
    assert landed.table.pending is None and landed.table.pile("Cid").gems == (1, 1)
    assert describe({"type": "land"}, "Dee", landed) == "Dee let the gems land"
    # Or Ben counter-crashes for Cid: one reaction per send, the rest falls on Ben.
    countered = do(state, catalog, "Ben", type="counter", gems=[1])
    assert countered.table.pile("Ben").gems == (1,) and countered.table.pile("Cid").gems == ()


def test_rules_version_1_tables_let_anyone_who_may_counter_decide_at_once(
    catalog: Catalog,
) -> None:
    # A log stored before the rule change replays as it was played.
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL, rules=1), catalog, "Ana", 2)
    state = do(state, catalog, "Ana", type="crash", gems=[2], target="Ben")
    with pytest.raises(ValueError, match="Ana"):
        do(state, catalog, "Ana", type="land")
    assert do(state, catalog, "Cid", type="land").table.pile("Ben").gems == (1, 1)
    ended = do(state, catalog, "Ben", type="land")
    assert do(ended, catalog, "Ana", type="end_turn").table.current == "Ben"  # no ante needed


def test_an_uncounterable_send_lands_at_once(catalog: Catalog) -> None:
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", 4)
    state = do(state, catalog, "Ana", type="crash", gems=[4], target="Ben")
    assert state.table.pending is None and state.table.pile("Ben").total == 4
    with pytest.raises(ValueError, match="no gems in the air"):
        do(state, catalog, "Ben", type="land")
    old = give(playing(catalog, THREE, Mode.FREE_FOR_ALL, rules=1), catalog, "Ana", 4)
    old = do(old, catalog, "Ana", type="crash", gems=[4], target="Ben")
    with pytest.raises(ValueError, match="only Ben"):
        do(old, catalog, "Cid", type="land")
    assert do(old, catalog, "Ben", type="land").table.pile("Ben").total == 4


# --- 2nd edition (seed 001) -----------------------------------------------------------------


def test_second_edition_only_the_player_sent_to_may_counter(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL, edition=2)
    state = give(give(state, catalog, "Ana", 2), catalog, "Cid", 1)
    state = do(state, catalog, "Ana", type="crash", gems=[2])  # to the next player, Ben
    assert view(state, "Cid", catalog)["table"]["can_counter"] == ["Ben"]
    with pytest.raises(ValueError, match="Cid cannot react"):
        do(state, catalog, "Cid", type="counter", gems=[1])
    with pytest.raises(ValueError, match="only Ben"):
        do(state, catalog, "Cid", type="land")


def test_second_edition_has_no_panic_time(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER, edition=2)
    for key, _ in state.stacks[8:13]:
        state = do(state, catalog, "Ana", type="stack", stack=key, state="empty")
    assert state.panic.ante == 1
    assert view(state, "Ana", catalog)["panic"] == {"level": "Normal Time", "ante": 1}
    state = do(state, catalog, "Ana", type="ante")
    assert state.table.pile("Ana").gems == (1,)


def test_third_edition_panic_time_still_starts(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    for key, _ in state.stacks[8:10]:
        state = do(state, catalog, "Ana", type="stack", stack=key, state="empty")
    assert state.panic.ante == 2


def overflow_thirteen(catalog: Catalog):  # type: ignore[no-untyped-def]
    """Seed 001's example: Ana ends her turn at 13 with Ben and Cid left."""
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL, edition=2)
    return give(state, catalog, "Ana", 4, 4, 3, 2)


def test_second_edition_overflow_is_still_the_overflowing_players_turn(
    catalog: Catalog,
) -> None:
    state = give(overflow_thirteen(catalog), catalog, "Ben", 2)
    state = do(state, catalog, "Ana", type="end_turn", without_ante=True)
    table = state.table
    assert table.eliminated == ("Ana",)
    assert (table.pending.sender, table.pending.target, table.pending.ones) == ("Ana", "Ben", 3)
    assert table.current == "Ana"  # crash money stays with the overflowing turn
    state = do(state, catalog, "Ben", type="counter", gems=[2])  # 2 negated, 1 lands on Ben
    table = state.table
    assert table.pile("Ben").gems == (1,)
    assert table.money_of("Ben") == 0
    assert table.current == "Ben" and not table.anted  # now Ben's own turn starts


def test_second_edition_overflow_sent_back_does_not_overflow_again(catalog: Catalog) -> None:
    state = give(overflow_thirteen(catalog), catalog, "Ben", 4)
    state = do(state, catalog, "Ana", type="end_turn", without_ante=True)
    state = do(state, catalog, "Ben", type="counter", gems=[4])  # 3 negated, 1 flies back
    table = state.table
    assert table.pending is None and table.pile("Ana").total == 11
    assert table.current == "Ben" and table.eliminated == ("Ana",)


def test_second_edition_forfeit_overflows_like_ending_the_turn(catalog: Catalog) -> None:
    state = do(overflow_thirteen(catalog), catalog, "Ana", type="forfeit")
    table = state.table
    assert table.eliminated == ("Ana",)
    assert (table.pending.target, table.pending.ones) == ("Ben", 3)
    state = do(state, catalog, "Ben", type="land")
    assert state.table.current == "Ben"


def test_forfeit_in_two_players_gives_the_game(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    with pytest.raises(ValueError, match="Ben can forfeit only on their own turn"):
        do(state, catalog, "Ben", type="forfeit")
    state = do(state, catalog, "Ana", type="forfeit")
    assert state.phase == "between" and state.match.awaiting_choice == ("Ana",)
    assert view(state, "Ben", catalog)["match"]["score"] == {"Ana": 0, "Ben": 1}


# --- floating gems (seed 000, free-for-all) ---------------------------------------------------


def test_floating_gems_go_once_a_removed_gem_brings_the_pile_to_nine(catalog: Catalog) -> None:
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", 4, 4, 3, 1)
    state = do(state, catalog, "Ana", type="crash", gems=[1], target="Ben")  # 11: floats
    table = view(state, "Ben", catalog)["table"]
    assert table["pending"] is None
    assert table["floating"] == [{"sender": "Ana", "target": "Ben", "ones": 1}]
    state = do(state, catalog, "Ana", type="remove_gem", player="Ana", value=3)  # 8 now
    table = view(state, "Ben", catalog)["table"]
    assert table["floating"] == []
    assert table["pending"]["target"] == "Ben" and table["pending"]["ones"] == 1


def test_floating_gems_stay_while_the_pile_is_exactly_ten(catalog: Catalog) -> None:
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", 4, 4, 3, 1)
    state = do(state, catalog, "Ana", type="crash", gems=[1], target="Ben")  # 11
    state = give(state, catalog, "Ana", 2)  # 13
    state = do(state, catalog, "Ana", type="remove_gem", player="Ana", value=3)  # exactly 10
    assert state.table.pending is None and len(state.table.floating) == 1


# --- defect 6: the reveal is final; a clash says who keeps the character -------------------


def test_a_clash_says_who_keeps_the_character_and_why(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    state = do(state, catalog, "Ana", type="choose", character="rook")
    action = {"type": "choose", "character": "rook"}
    state = do(state, catalog, "Ben", **action)
    keeper = next(p for p, _ in state.characters)
    other = state.rechoose
    assert {keeper, other} == {"Ana", "Ben"}
    line = describe(action, "Ben", state)
    assert f"both chose Rook: a coin flip gave Rook to {keeper}" in line
    assert f"{other} chooses another character" in line
    clash = view(state, other, catalog)["clash"]
    assert clash == {"character": "Rook", "keeper": keeper, "rechoose": other}


def test_floating_gems_in_the_history_sentences(catalog: Catalog) -> None:
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", 4, 4, 3, 1)
    crash = {"type": "crash", "gems": [1], "target": "Ben"}
    state = do(state, catalog, "Ana", **crash)
    assert describe(crash, "Ana", state) == (
        "Ana crashed a 1-gem at Ben; the gems float until Ana's pile is 9 or less"
    )
    remove = {"type": "remove_gem", "player": "Ana", "value": 3}
    state = do(state, catalog, "Ana", **remove)
    assert describe(remove, "Ana", state) == (
        "Ana took a 3-gem from their own pile; Ana's floating gems are sent to Ben"
    )
