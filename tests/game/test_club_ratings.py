"""Club ratings (issue #30, item 4): Weng-Lin ratings equal openskill's own, per game and
season, two players, free-for-all places with ties, and teams; recompute == incremental."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from companion.game.club.ratings import (
    NEW,
    PROVISIONAL_GAMES,
    Ratings,
    Result,
    ResultError,
    Skill,
    any_sided,
    places_from_wins,
    plackett_luce,
    rate,
    recompute,
    replay,
    two_sided,
)

BETA = 25 / 6
TAU = 25 / 300


def openskill_rate(
    teams: list[list[tuple[float, float]]], ranks: list[int]
) -> list[list[tuple[float, float]]]:
    """Rate with openskill's own model, the way its documentation shows."""
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=m, sigma=s) for m, s in t] for t in teams], ranks=ranks)
    return [[(r.mu, r.sigma) for r in team] for team in rated]


def test_a_first_two_player_match_matches_the_weng_lin_formula_by_hand() -> None:
    # Two new players, Ana wins. Plackett-Luce (Weng & Lin 2011, algorithm 4): sigma first
    # widened by tau; c^2 = sum(sigma^2 + beta^2); p = 1/2 for equal means;
    # mu' = mu +- sigma^2/c * 1/2; sigma' = sigma * sqrt(1 - sigma^2/c^2 * 1/4 * sigma/c).
    s2 = (25 / 3) ** 2 + TAU**2
    c = math.sqrt(2 * (s2 + BETA**2))
    mu_win = 25 + s2 / c * 0.5
    sigma = math.sqrt(s2) * math.sqrt(1 - s2 / c**2 * 0.25 * math.sqrt(s2) / c)
    after = rate({}, Result("flash-duel", (("ana",), ("ben",)), (1, 2)))
    assert after["ana"].mu == pytest.approx(mu_win, abs=1e-6)
    assert after["ben"].mu == pytest.approx(50 - mu_win, abs=1e-6)
    assert after["ana"].sigma == pytest.approx(sigma, abs=1e-6)
    assert after["ben"].sigma == pytest.approx(sigma, abs=1e-6)
    assert after["ana"].games == after["ben"].games == 1


CASES = [
    # (sides, places, skills before as (mu, sigma) per player)
    ((("a",), ("b",)), (2, 1), {"a": (31.2, 4.1), "b": (22.0, 7.5)}),
    ((("a",), ("b",)), (1, 1), {"a": (27.0, 3.0), "b": (25.0, 8.3)}),  # a drawn match
    ((("a",), ("b",), ("c",), ("d",)), (1, 2, 2, 4), {"a": (25, 8), "c": (30, 2)}),  # FFA tie
    ((("a",), ("b",), ("c",)), (3, 1, 2), {}),
    ((("a", "b"), ("c", "d")), (1, 2), {"a": (28, 5), "d": (20, 6)}),  # 2 vs 2
    ((("dragon",), ("m1", "m2", "m3", "m4")), (2, 1), {"dragon": (26, 4)}),  # Raid
    ((("dragon", "traitor"), ("m1", "m2", "m3")), (1, 2), {}),  # Betrayal, sides revealed
]


@pytest.mark.parametrize(("sides", "places", "before"), CASES)
def test_each_rating_update_equals_openskills_rate(
    sides: tuple[tuple[str, ...], ...],
    places: tuple[int, ...],
    before: dict[str, tuple[float, float]],
) -> None:
    skills = {p: Skill(m, s, 3) for p, (m, s) in before.items()}
    after = rate(skills, Result("puzzle-strike", sides, places))
    start = (NEW.mu, NEW.sigma)
    expected = openskill_rate([[before.get(p, start) for p in side] for side in sides],
                              list(places))  # fmt: skip
    for side, expected_side in zip(sides, expected, strict=True):
        for player, (mu, sigma) in zip(side, expected_side, strict=True):
            assert after[player].mu == pytest.approx(mu, abs=1e-6)
            assert after[player].sigma == pytest.approx(sigma, abs=1e-6)
            assert after[player].games == skills.get(player, NEW).games + 1


def test_places_come_from_games_won_with_ties_as_ties() -> None:
    assert places_from_wins([2, 1]) == (1, 2)  # a best-of-3 won 2-1 is one match
    assert places_from_wins([1, 3, 1, 0]) == (2, 1, 2, 4)
    assert places_from_wins([1, 1]) == (1, 1)


@pytest.mark.parametrize(
    ("sides", "places"),
    [
        ((("a",),), (1,)),
        ((("a",), ("a",)), (1, 2)),
        ((("a",), ("b",)), (1,)),
        ((("a",), ()), (1, 2)),
    ],
)
def test_a_result_that_cannot_be_rated_is_refused(
    sides: tuple[tuple[str, ...], ...], places: tuple[int, ...]
) -> None:
    with pytest.raises(ResultError):
        Result("flash-duel", sides, places)


def test_games_and_seasons_are_rated_apart() -> None:
    ratings = recompute([
        Result("flash-duel", (("a",), ("b",)), (1, 2)),
        Result("puzzle-strike", (("b",), ("a",)), (1, 2)),
        Result("flash-duel", (("b",), ("a",)), (1, 2), season=2),
    ])  # fmt: skip
    assert ratings.skill(1, "flash-duel", "a").mu > 25 > ratings.skill(1, "flash-duel", "b").mu
    assert ratings.skill(1, "puzzle-strike", "b").mu > 25
    assert ratings.skill(2, "flash-duel", "b").mu > 25
    assert ratings.skill(2, "puzzle-strike", "a") == NEW


def test_shown_rating_margin_and_provisional() -> None:
    assert (NEW.shown, NEW.margin, NEW.is_provisional) == (1500, 667, True)
    assert not Skill(25, 2, PROVISIONAL_GAMES).is_provisional
    assert Skill(27.5, 2, 9).shown == 1600 and Skill(27.5, 2, 9).margin == 160


def test_the_leaderboard_orders_by_the_low_end_of_the_range() -> None:
    ratings = Ratings({(1, "flash-duel"): {"lucky": Skill(29, 7, 1), "steady": Skill(28, 1, 40)}})
    assert [p for p, _ in ratings.leaderboard(1, "flash-duel")] == ["steady", "lucky"]


def random_results(
    rng: random.Random, count: int, players: list[str] | None = None, per_season: int = 40
) -> list[Result]:
    """Return mixed results: two players, free-for-all with ties, and teams, in three games."""
    players = players or [f"p{i}" for i in range(12)]
    results = []
    for n in range(count):
        chosen = rng.sample(players, rng.choice([2, 3, 4, 5]))
        if len(chosen) == 4 and rng.random() < 0.5:
            sides = ((chosen[0], chosen[1]), (chosen[2], chosen[3]))
        elif len(chosen) == 5:
            sides = ((chosen[0],), tuple(chosen[1:]))
        else:
            sides = tuple((p,) for p in chosen)
        places = places_from_wins([rng.randint(0, 2) for _ in sides])
        game = rng.choice(["puzzle-strike", "flash-duel", "shadowfist"])
        results.append(Result(game, sides, places, season=1 + n // per_season, key=f"m{n}"))
    return results


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 120))
def test_recompute_equals_the_incremental_updates(seed: int, count: int) -> None:
    results = random_results(random.Random(seed), count)
    incremental = Ratings()
    for result in results:
        changes = incremental.add(result)
        assert {c.player for c in changes} == set(result.players)
        assert all(c.key == result.key for c in changes)
    assert recompute(results).table == incremental.table


@st.composite
def matches(draw: st.DrawFn) -> tuple[list[list[tuple[float, float]]], list[int]]:
    """Draw one match: 2 players, a free-for-all with ties, or teams, with random skills."""
    shape = draw(st.sampled_from(["two", "ffa", "teams"]))
    count = {"two": 2, "ffa": draw(st.integers(3, 6)), "teams": draw(st.integers(2, 4))}[shape]
    most = 5 if shape == "teams" else 1
    skill = st.tuples(st.floats(-10, 60), st.floats(0.05, 12))
    sides = [draw(st.lists(skill, min_size=1, max_size=most)) for _ in range(count)]
    wins = draw(st.lists(st.integers(0, 3), min_size=count, max_size=count))
    return sides, list(places_from_wins(wins))


@settings(max_examples=400, deadline=None)
@given(matches())
def test_our_plackett_luce_equals_openskills_rate_on_random_matches(
    match: tuple[list[list[tuple[float, float]]], list[int]],
) -> None:
    # The recompute's speed (#30) rates without openskill's deep copies; same figures.
    sides, places = match
    ours = plackett_luce(sides, places)
    theirs = openskill_rate(sides, places)
    for our_side, their_side in zip(ours, theirs, strict=True):
        for (mu, sigma), (their_mu, their_sigma) in zip(our_side, their_side, strict=True):
            assert mu == pytest.approx(their_mu, abs=1e-6)
            assert sigma == pytest.approx(their_sigma, abs=1e-6)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 120))
def test_a_replay_gives_the_incremental_ratings_and_every_change_as_a_row(
    seed: int, count: int
) -> None:
    # The store's recompute (#30) rates with replay: plain rows, not a Change per player.
    results = random_results(random.Random(seed), count)
    incremental = Ratings()
    expected = []
    for result in results:
        expected += [(c.key, c.player, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma,
                      c.after.games) for c in incremental.add(result)]  # fmt: skip
    replayed, rows = replay((r.season, r.game, r.key, r.sides, r.places) for r in results)
    assert replayed.table == incremental.table
    assert sorted(rows) == sorted(expected)
    assert len(rows) == sum(len(r.players) for r in results)


@settings(max_examples=200, deadline=None)
@given(st.floats(0.01, 100), st.floats(0.01, 100), st.sampled_from([(1, 2), (2, 1), (1, 1)]))
def test_the_two_sided_closed_form_equals_the_general_update(
    a: float, b: float, places: tuple[int, int]
) -> None:
    # Four matches in five have two sides; the recompute (#30) takes the closed form there.
    for (omega, delta), (any_omega, any_delta) in zip(
        two_sided([a, b], places), any_sided([a, b], places), strict=True
    ):
        assert omega == pytest.approx(any_omega, abs=1e-12)
        assert delta == pytest.approx(any_delta, abs=1e-12)
