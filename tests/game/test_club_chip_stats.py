"""Puzzle Strike's bank chips in the club statistics (#30 item 5): per bank, the matches
played with each chip and, where buys were recorded, how often winners and losers bought it.
Every player of a match buys from one shared bank (seed 000 line 240: the turn's player buys
from the bank), so "in the bank of won games" would say nothing."""

from __future__ import annotations

from companion.game.club.stats import MIN_GAMES, ChipLine, Played, chip_lines


def match(
    bank: tuple[str, ...], buys: dict[str, tuple[str, ...]] | None, first: str = "a"
) -> Played:
    """Return a 2-player match between a and b that ``first`` won."""
    places = (1, 2) if first == "a" else (2, 1)
    return Played((("a",), ("b",)), places, {}, {}, bank, buys)


def test_each_chip_counts_its_games_and_who_bought_it_where_buys_are_recorded() -> None:
    lines = chip_lines([
        match(("x/combo", "x/dash"), {"a": ("x/combo",), "b": ("x/combo", "x/dash")}),
        match(("x/combo",), {"a": (), "b": ("x/combo",)}, first="b"),
        match(("x/combo", "x/dash"), None),  # a match from before buys were recorded
    ])  # fmt: skip
    assert lines == [ChipLine("x/combo", 3, 2, 2, 1), ChipLine("x/dash", 2, 1, 0, 1)]


def test_a_chip_with_too_few_recorded_matches_is_not_enough_for_a_share() -> None:
    few = chip_lines([match(("x/combo",), {"a": ("x/combo",)})] * (MIN_GAMES - 1))
    assert not few[0].is_enough
    enough = chip_lines([match(("x/combo",), {"a": ("x/combo",)})] * MIN_GAMES)
    assert enough[0].is_enough and enough[0].winners_bought == MIN_GAMES


def test_a_team_match_counts_a_side_once_whichever_teammate_bought() -> None:
    teams = Played((("a", "b"), ("c", "d")), (1, 2), {}, {}, ("x/combo",),
                   {"a": ("x/combo",), "b": ("x/combo",), "d": ("x/combo",)})  # fmt: skip
    assert chip_lines([teams]) == [ChipLine("x/combo", 1, 1, 1, 1)]
