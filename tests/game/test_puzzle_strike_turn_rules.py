"""Issue 18, Puzzle Strike turns through the room reducer: the ante starts every turn
(items 3) and the 3rd-edition free-for-all end with its tie-break turns (item 1).

Seed 000: "At the beginning of your turn, take a 1-gem from the bank and put it in your gem
pile"; "Whenever a player ends his turn with his gem pile totaling 10 or more, he loses the
game ... the player with the lowest gem pile total wins the game. If there is a tie for
lowest total, the tied players each take one more turn, check for a lowest, and repeat until
there is one winner." The loser plays first next game and has the loser's choice.
"""

from __future__ import annotations

import pytest

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike import lines
from companion.game.puzzle_strike.actions import parse_action
from companion.game.puzzle_strike.piles import Mode
from printkit.catalog import Catalog
from tests.ps_helpers import describe, do, give, new_room, playing, view

DUEL = {"Ana": "grave", "Ben": "rook"}
FOUR = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}


# --- item 3: the ante -----------------------------------------------------------------------


def test_ending_a_turn_without_the_ante_is_refused(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    with pytest.raises(IllegalMove, match="Ana has not anted this turn: the turn starts with"):
        do(state, catalog, "Ana", type="end_turn")
    assert view(state, "Ana", catalog)["table"]["anted"] is False  # the phone offers it first
    state = do(do(state, catalog, "Ana", type="ante"), catalog, "Ana", type="end_turn")
    assert state.table.current == "Ben" and state.table.pile("Ana").gems == (1,)


def test_a_confirmed_end_without_the_ante_is_taken_and_said(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    action = {"type": "end_turn", "without_ante": True}
    state = do(state, catalog, "Ana", **action)
    assert state.table.current == "Ben" and state.table.pile("Ana").gems == ()
    assert describe(action, "Ana", state) == "Ana ended the turn without the ante"


def test_every_turn_needs_its_own_ante_at_the_panic_level(catalog: Catalog) -> None:
    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    state = do(do(state, catalog, "Ana", type="ante"), catalog, "Ana", type="end_turn")
    with pytest.raises(IllegalMove, match="Ben has not anted"):
        do(state, catalog, "Ben", type="end_turn")
    for key, _ in state.stacks[8:10]:  # two empty stacks: Panic Time, ante 2-gems
        state = do(state, catalog, "Ben", type="stack", stack=key, state="empty")
    with pytest.raises(IllegalMove, match=r"\(a 2-gem\)"):
        do(state, catalog, "Ben", type="end_turn")
    state = do(do(state, catalog, "Ben", type="ante"), catalog, "Ben", type="end_turn")
    assert state.table.pile("Ben").gems == (2,)


# --- item 1: the free-for-all end -----------------------------------------------------------


def overflow_with_a_tie(catalog: Catalog) -> object:
    """Ana ends at 10 while Ben and Cid tie at 3 for the lowest pile (Dee has 5)."""
    state = playing(catalog, FOUR, Mode.FREE_FOR_ALL, best_of=3)
    state = give(give(give(state, catalog, "Ben", 3), catalog, "Cid", 3), catalog, "Dee", 4, 1)
    state = give(state, catalog, "Ana", 4, 4, 1)
    return do(do(state, catalog, "Ana", type="ante"), catalog, "Ana", type="end_turn")


def test_the_tie_break_shows_on_every_phone_and_in_the_history(catalog: Catalog) -> None:
    state = overflow_with_a_tie(catalog)
    assert state.phase == "playing" and state.table.current == "Ben"
    for phone in ("Ana", "Ben", "Cid", "Dee", None):
        shown = view(state, phone, catalog)["table"]
        assert shown["tiebreak"] == {
            "tied": ["Ben", "Cid"],
            "at": 3,
            "still_to_play": ["Cid"],
            "overflowed": "Ana",
        }
    assert describe({"type": "end_turn"}, "Ana", state) == (
        "Ana ended the turn at 10. Tie-break: Ben and Cid tie for the lowest pile at 3; "
        "each takes one more turn, Ben first"
    )
    said = lines.describe(parse_action({"type": "end_turn"}), "Ana", state)
    assert said["ja"] == {"tied": "Ben、Cid"}  # a Japanese phone lists them in its own way


def test_the_tie_break_repeats_then_names_the_real_winner_and_loser(catalog: Catalog) -> None:
    state = overflow_with_a_tie(catalog)
    for player in ("Ben", "Cid"):  # both ante a 1-gem: 4 and 4, tied again
        state = do(do(state, catalog, player, type="ante"), catalog, player, type="end_turn")
    assert state.table.tied == ("Ben", "Cid") and state.table.current == "Ben"
    line = describe({"type": "end_turn"}, "Cid", state)
    assert line.startswith("Cid ended the turn at 4. Tie-break again: Ben and Cid tie")
    state = do(give(state, catalog, "Ben", 1), catalog, "Ben", type="ante")  # Ben at 6
    state = do(state, catalog, "Ben", type="end_turn")
    state = do(do(state, catalog, "Cid", type="ante"), catalog, "Cid", type="end_turn")  # 5
    assert state.phase == "between" and state.table.winners == ("Cid",)
    assert state.table.outcome.loser == "Ana"  # not Cid, whose turn ended the game
    line = describe({"type": "end_turn"}, "Cid", state)
    assert line.endswith(
        "Game 1 to Cid (Ana ended a turn at 10 or more; the lowest pile won); "
        "score Ana 0, Ben 0, Cid 1, Dee 0"
    )
    # The loser's choice is Ana's, who overflowed (not Ben's, the highest pile after her).
    assert state.match.awaiting_choice == ("Ana",)
    with pytest.raises(IllegalMove, match="Ben has no choice to make now"):
        do(state, catalog, "Ben", type="losers_choice", option="keep")
    state = do(state, catalog, "Ana", type="losers_choice", option="keep")
    assert state.game_no == 2 and state.table.current == "Ana"  # the loser plays first


# --- item 4: play first or second after a clash ---------------------------------------------


@pytest.mark.parametrize("first", [True, False])
def test_the_clash_loser_plays_first_or_second_as_chosen(catalog: Catalog, first: bool) -> None:
    # Seed 000: the coin's winner gets the character; the loser chooses another one and
    # whether to play first or second.
    state = new_room(catalog, ["Ana", "Ben", "Cid"], Mode.FREE_FOR_ALL)
    for player in ("Ana", "Ben"):
        state = do(state, catalog, player, type="choose", character="grave")
    state = do(state, catalog, "Cid", type="choose", character="lum")
    loser = state.rechoose
    assert loser in ("Ana", "Ben") and state.phase == "choosing"
    state = do(state, catalog, loser, type="choose", character="rook", first=first)
    assert state.phase == "playing"
    assert (state.table.current == loser) is first
    assert (state.order[-1] == loser) is not first
    when = "first" if first else "second"
    line = describe({"type": "choose", "character": "rook", "first": first}, loser, state)
    assert line == f"{loser} chose Rook and plays {when}"


def test_stored_setups_without_a_rules_version_replay_as_version_1(catalog: Catalog) -> None:
    from companion.game.puzzle_strike.setup import Setup

    state = playing(catalog, DUEL, Mode.TWO_PLAYER)
    stored = state.setup.to_json()
    assert stored["rules"] == 3 and Setup.from_json(stored) == state.setup
    old = Setup.from_json({k: v for k, v in stored.items() if k != "rules"})
    assert old.rules == 1
    old_state = playing(catalog, DUEL, Mode.TWO_PLAYER, rules=1)
    assert do(old_state, catalog, "Ana", type="end_turn").table.current == "Ben"  # as played
