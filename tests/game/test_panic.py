"""Panic Time thresholds and levels (seed 000, 'Panic Time!')."""

from __future__ import annotations

import pytest

from companion.game.puzzle_strike.panic import (
    PanicError,
    PanicLevel,
    PanicState,
    describe_thresholds,
    level_for,
    thresholds,
)


@pytest.mark.parametrize(
    ("players", "team_battle", "expected"),
    [(2, False, (2, 3, 4)), (3, False, (3, 4, 5)), (4, False, (4, 5, 6)), (4, True, (4, 5, 6))],
)
def test_thresholds_for_2_3_4_players_and_2v2(
    players: int, team_battle: bool, expected: tuple[int, int, int]
) -> None:
    t = thresholds(players, team_battle)
    assert (t[PanicLevel.PANIC], t[PanicLevel.DANGER], t[PanicLevel.DEADLY]) == expected


def test_two_player_example_levels_and_antes() -> None:
    # 2 players: 2 empty stacks -> 2-gems, 3 -> 3-gems, 4 -> 4-gems.
    assert [level_for(n, 2).value for n in range(6)] == [1, 1, 2, 3, 4, 4]


def test_level_never_goes_back_when_stacks_refill() -> None:
    state = PanicState(players=2).after_empty_count(3)
    assert state.level is PanicLevel.DANGER
    state = state.after_empty_count(0)
    assert state.level is PanicLevel.DANGER
    assert state.ante == 3


def test_last_man_standing_raises_a_level_per_elimination() -> None:
    state = PanicState(players=4).after_elimination()
    assert state.level is PanicLevel.PANIC
    state = state.after_empty_count(4)  # Panic by stacks, plus one for the elimination
    assert state.level is PanicLevel.DANGER
    assert state.after_elimination().after_elimination().level is PanicLevel.DEADLY


def test_bad_counts_refused() -> None:
    with pytest.raises(PanicError, match="2 to 4 players, not 5"):
        thresholds(5)
    with pytest.raises(PanicError):
        level_for(-1, 2)


def test_description() -> None:
    assert describe_thresholds(3) == "3 players: Panic at 3 empty stacks, Danger at 4, Deadly at 5"
    assert describe_thresholds(2, team_battle=True).startswith("2 vs 2: Panic at 4")


def test_into_oblivion_stacks_count_as_empty() -> None:
    from companion.game.puzzle_strike.panic import count_empty

    stacks = {"1-gem": 10, "wound": 0, "base-3e/draw-three": 5}
    assert count_empty(stacks) == 1
    assert count_empty(stacks, frozenset({"base-3e/draw-three"})) == 2
    assert level_for(count_empty(stacks, frozenset({"base-3e/draw-three"})), 2) is PanicLevel.PANIC
