"""Shadowfist table arithmetic from the basic rules."""

from __future__ import annotations

import random

import pytest

from companion.game.shadowfist.rules import (
    Player,
    ShadowfistError,
    burn_for_power,
    is_winner,
    may_win_by_playing,
    play_site,
    seat_players,
    site_play,
    spend,
    start_player,
)
from printkit.catalog import Catalog, ShadowfistRules, ShadowfistSet


@pytest.fixture
def rules(catalog: Catalog) -> ShadowfistRules:
    s = catalog.game("shadowfist").set("basic")
    assert isinstance(s, ShadowfistSet)
    return s.rules


def test_start_with_one_power(rules: ShadowfistRules) -> None:
    assert start_player(rules, "Ana").power == 1


def test_example_third_site_costs_two(rules: ShadowfistRules) -> None:
    assert site_play(rules, 0) == (0, 1)  # the first gains 1 power
    assert site_play(rules, 2) == (2, 0)  # the third costs 2
    player = play_site(rules, start_player(rules, "Ana"))
    assert (player.power, player.sites) == (2, 1)
    player = play_site(rules, player)
    assert (player.power, player.sites) == (1, 2)
    with pytest.raises(ShadowfistError, match="Ana has 1 power, not 2"):
        play_site(rules, player)


@pytest.mark.parametrize(("players", "gain"), [(2, 3), (3, 4), (4, 5), (6, 5)])
def test_burn_for_power_is_players_plus_one_at_most_five(
    rules: ShadowfistRules, players: int, gain: int
) -> None:
    assert burn_for_power(rules, players) == gain


def test_victory_five_sites_controlled_or_burned(rules: ShadowfistRules) -> None:
    foe = Player("Ben", 0, sites=1)
    assert not is_winner(rules, Player("Ana", 0, sites=3, burned=1), [foe])
    assert is_winner(rules, Player("Ana", 0, sites=3, burned=2), [foe])
    assert is_winner(rules, Player("Ana", 0), [Player("Ben", 0, decked=True)])


def test_fifth_site_by_playing_only_when_no_one_has_one_to_attack(rules: ShadowfistRules) -> None:
    ana = Player("Ana", 5, sites=4)
    assert not may_win_by_playing(rules, ana, [Player("Ben", 0, sites=1)])
    assert may_win_by_playing(rules, ana, [Player("Ben", 0)])


def test_random_seating_and_first_player() -> None:
    seatings = {seat_players(["A", "B", "C"], random.Random(s)) for s in range(40)}
    assert len({s for s, _ in seatings}) == 6
    assert {f for _, f in seatings} == {"A", "B", "C"}
    with pytest.raises(ShadowfistError):
        seat_players(["A"], random.Random(1))


def test_spend_checks_the_pool() -> None:
    with pytest.raises(ShadowfistError, match="spend a positive amount"):
        spend(Player("Ana", 3), -1)
