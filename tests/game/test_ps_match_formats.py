"""Puzzle Strike match formats (issue #26, item 9).

- Seed 000 l.409-418 (3rd edition, Tournament Rules): tournament matches, "usually" the
  2-player mode (l.399), are "the best of 2 out of 3 games"; the loser plays first next game
  and may switch character, swap a stack or re-roll the bank.
- Seed 001 l.230 (2nd edition): "If you're playing multiple games in a row against the same
  opponent(s), then after each game, each player other than the winner ... can swap one
  stack", the first out first: in every mode.
- Free-for-all and 2 vs 2 in the 3rd edition (seed 000 l.300-342, seed 003 l.239-251): the
  rulebooks say nothing of several games. One game unless the table chooses best of 3 or 5;
  then nobody gets an option between games and the side out first plays first.
- Tables of an older rules version (stored logs) keep what they had: best of 3 with the
  loser's choice in every 3rd-edition mode.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.errors import IllegalMove, InvalidSetup
from companion.game.puzzle_strike import room
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.setup import Setup, setup_from_request
from printkit.catalog import Catalog
from tests.ps_helpers import do, give, new_room, view

THREE = {"Ana": "grave", "Ben": "rook", "Cid": "lum"}
TEAM = {"Ana": "grave", "Ben": "rook", "Cy": "lum", "Di": "midori"}
DUEL = {"Ana": "grave", "Ben": "rook"}


def started(catalog: Catalog, characters: dict[str, str], mode: Mode, **setup: Any) -> Any:
    """A match made from a create request (as a phone sends it), everyone chosen."""
    request = {"players": list(characters), "mode": mode.value, "recommended": "First Game",
               "sets": [setup.pop("set", "base-3e")], **setup}  # fmt: skip
    state = room.start(setup_from_request(request, catalog, 7), catalog)
    for player, character in characters.items():
        state = do(state, catalog, player, type="choose", character=character)
    return state


def lose(state: Any, catalog: Catalog) -> Any:
    """The player on turn ends it at exactly 10: out first (in 2 vs 2 their team loses).
    In a free-for-all the others hold 1-gems but one, so one pile is the lowest (a tie
    would be played on: seed 000 l.324)."""
    player = state.table.current
    if state.setup.mode is Mode.FREE_FOR_ALL:
        for other in [p for p in state.table.active() if p != player][1:]:
            state = give(state, catalog, other, 1)
    state = give(state, catalog, player, 4, 4, 2)
    return do(state, catalog, player, type="end_turn", without_ante=True)


@pytest.mark.parametrize(
    ("characters", "mode"),
    [(THREE, Mode.FREE_FOR_ALL), (TEAM, Mode.TEAM_BATTLE), (THREE, Mode.LAST_MAN_STANDING)],
)
def test_free_for_all_and_2_vs_2_are_one_game_by_default(
    catalog: Catalog, characters: dict[str, str], mode: Mode
) -> None:
    state = started(catalog, characters, mode)
    assert view(state, "Ana", catalog)["best_of"] == 1
    for _ in range(len(characters) - 1):  # last man standing: until one is left
        if state.phase == "playing":
            state = lose(state, catalog)
    assert state.phase == "over" and state.match.winner is not None
    assert view(state, "Ana", catalog)["match"]["awaiting_choice"] == []


def test_a_free_for_all_may_be_best_of_3_without_the_losers_choice(catalog: Catalog) -> None:
    state = started(catalog, THREE, Mode.FREE_FOR_ALL, best_of=3)
    out_first = state.table.current
    state = lose(state, catalog)
    assert state.phase == "between" and state.match.awaiting_choice == (out_first,)
    seen = view(state, out_first, catalog)
    assert seen["best_of"] == 3 and seen["match"]["options"] == ["keep"]
    for refused in ({"option": "switch", "character": "jaina"}, {"option": "reroll"}):
        with pytest.raises(IllegalMove, match="loser's choice belongs to 2-player"):
            do(state, catalog, out_first, type="losers_choice", **refused)
    state = do(state, catalog, out_first, type="losers_choice", option="keep")
    assert state.phase == "playing" and state.game_no == 2
    assert state.table.current == out_first  # the first out plays first


def test_2_vs_2_best_of_5_needs_three_wins(catalog: Catalog) -> None:
    state = started(catalog, TEAM, Mode.TEAM_BATTLE, best_of=5)
    for game in range(3):
        state = lose(state, catalog)
        if game < 2:
            assert state.phase == "between"
            assert view(state, "Ana", catalog)["match"]["options"] == ["keep"]
            chooser = state.match.members(state.match.awaiting_choice[0])[0]
            state = do(state, catalog, chooser, type="losers_choice", option="keep")
    assert state.phase == "over" and max(state.match.score().values()) == 3


def test_two_players_keep_best_of_3_and_the_losers_choice(catalog: Catalog) -> None:
    state = started(catalog, DUEL, Mode.TWO_PLAYER)
    assert view(state, "Ana", catalog)["best_of"] == 3
    loser = state.table.current
    state = lose(state, catalog)
    assert view(state, loser, catalog)["match"]["options"] == ["keep", "switch", "swap", "reroll"]
    state = do(state, catalog, loser, type="losers_choice", option="switch", character="jaina")
    assert dict(state.characters)[loser] == "jaina" and state.table.current == loser


def test_a_two_player_table_may_play_a_single_game(catalog: Catalog) -> None:
    state = lose(started(catalog, DUEL, Mode.TWO_PLAYER, best_of=1), catalog)
    assert state.phase == "over"


def test_second_edition_losers_swap_in_every_mode(catalog: Catalog) -> None:
    state = started(catalog, THREE, Mode.FREE_FOR_ALL, best_of=3, set="base-2e")
    first_out = state.table.current
    for _ in range(2):  # the 2nd edition's free-for-all plays on until one is left
        if state.phase == "playing":
            state = lose(state, catalog)
    assert len(state.match.awaiting_choice) == 2 and state.match.awaiting_choice[0] == first_out
    assert view(state, first_out, catalog)["match"]["options"] == ["keep", "swap"]


@pytest.mark.parametrize("best_of", [2, 0, 7, "3", True, 3.0])
def test_a_match_length_that_is_not_offered_is_refused(catalog: Catalog, best_of: object) -> None:
    request = {"players": ["Ana", "Ben", "Cid"], "best_of": best_of}
    with pytest.raises(InvalidSetup, match="'best_of' must be one of 1, 3, 5"):
        setup_from_request(request, catalog, 7)


def test_the_length_is_stored_with_the_setup(catalog: Catalog) -> None:
    setup = setup_from_request({"players": ["Ana", "Ben", "Cid"], "best_of": 5}, catalog, 7)
    again = Setup.from_json(setup.to_json())
    assert again.best_of == 5 and again.match_best_of == 5 and again.rules == setup.rules


def test_an_old_stored_table_replays_best_of_3_with_the_losers_choice(catalog: Catalog) -> None:
    # A 3-player table stored before rules version 3: no best_of in its setup.
    stored = new_room(catalog, list(THREE), Mode.FREE_FOR_ALL, rules=2).setup.to_json()
    assert "best_of" not in stored and stored["rules"] == 2
    state = room.start(Setup.from_json(stored), catalog)
    for player, character in THREE.items():
        state = do(state, catalog, player, type="choose", character=character)
    out_first = state.table.current
    state = lose(state, catalog)
    assert state.phase == "between"
    state = do(state, catalog, out_first, type="losers_choice", option="switch",
               character="jaina")  # fmt: skip
    assert dict(state.characters)[out_first] == "jaina"
    assert view(state, "Ana", catalog)["best_of"] == 3
