"""Round 1 seeded by club rating (#30 item 10): an organiser's choice, off by default."""

from __future__ import annotations

import pytest

from companion.game.tournament import Event, TournamentError, add_player, pair_next_round, round_rng
from companion.game.tournament.config import read_config
from companion.game.tournament.pairing import first_round


def entered(count: int) -> Event:
    """Return a Swiss event with ``count`` players, ids 1 to ``count``."""
    event = Event(seed=7, games_to_win=2, swiss_rounds=3)
    for n in range(count):
        event = add_player(event, f"P{n + 1}")
    return event


def test_seeding_pairs_the_top_half_of_the_ratings_against_the_bottom_half() -> None:
    ratings = {1: 1400.0, 2: 1700.0, 3: 1550.0, 4: 1610.0, 5: 1300.0, 6: 1500.0}
    event = pair_next_round(entered(6), round_rng(7, 1), ratings)
    # Seeds: 2 (1700), 4 (1610), 3 (1550) | 6 (1500), 1 (1400), 5 (1300).
    assert [(p.a, p.b) for p in event.rounds[0].pairings] == [(2, 6), (4, 1), (3, 5)]


def test_unrated_players_are_seeded_after_the_rated_in_the_draws_order() -> None:
    drawn = [a for pair in first_round(list(range(1, 8)), round_rng(7, 1)) for a in pair if a]
    ratings = {5: 1520.0, 2: 1610.0}
    pairs = first_round(list(range(1, 8)), round_rng(7, 1), ratings)
    unrated = [p for p in drawn if p not in ratings]
    seeds = [2, 5, *unrated]
    assert pairs == [(seeds[0], seeds[3]), (seeds[1], seeds[4]), (seeds[2], seeds[5]),
                     (seeds[6], None)]  # fmt: skip


def test_without_ratings_round_one_stays_the_random_draw() -> None:
    unseeded = pair_next_round(entered(6), round_rng(7, 1))
    assert [(p.a, p.b) for p in unseeded.rounds[0].pairings] == first_round(
        list(range(1, 7)), round_rng(7, 1)
    )


def test_seeding_is_a_setting_off_by_default_and_refuses_what_is_not_yes_or_no() -> None:
    assert read_config({"name": "Cup"}, ["base-3e"]).seed_by_rating is False
    on = read_config({"name": "Cup", "seed_by_rating": True}, ["base-3e"])
    assert on.seed_by_rating is True
    assert on.to_json()["seed_by_rating"] is True
    with pytest.raises(TournamentError, match="'seed_by_rating' must be true or false"):
        read_config({"name": "Cup", "seed_by_rating": "yes"}, ["base-3e"])
