"""Tournament rules: tiebreakers worked by hand, Swiss simulations, byes, drops, top cut, banks."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.game.tournament import (
    BankPolicy,
    Event,
    Pairing,
    PairingError,
    Result,
    Round,
    TournamentError,
    add_player,
    pair_next_round,
    record_result,
    round_banks,
    round_rng,
    set_active,
    standings,
    usual_rounds,
)
from companion.game.tournament.standings import FLOOR, Record
from printkit.catalog import Catalog

BYE2 = Result(2, 0)


def hand_event() -> Event:
    """Five players, three rounds of best 2 of 3 (the numbers below are worked by hand)."""
    event = Event(seed=1, games_to_win=2, swiss_rounds=3)
    for name in ("Ana", "Ben", "Cat", "Dan", "Eve"):
        event = add_player(event, name)
    ana, ben, cat, dan, eve = 1, 2, 3, 4, 5
    rounds = (
        Round(1, (Pairing(1, ana, ben, Result(2, 0)), Pairing(2, cat, dan, Result(2, 1)),
                  Pairing(0, eve, None, BYE2))),
        Round(2, (Pairing(1, ana, cat, Result(2, 1)), Pairing(2, eve, ben, Result(0, 2)),
                  Pairing(0, dan, None, BYE2))),
        Round(3, (Pairing(1, ana, eve, Result(1, 2)), Pairing(2, ben, dan, Result(2, 0)),
                  Pairing(0, cat, None, BYE2))),
    )  # fmt: skip
    return replace(event, rounds=rounds)


def test_hand_worked_tiebreakers() -> None:
    # Match points: Ana, Ben, Cat, Eve 2-1 = 6; Dan 1-2 (his win is the bye) = 3.
    # MW%: 6/9 = 2/3 for the 2-1 players; Dan 3/9 = 1/3 (above the 0.33 floor).
    # GW%: Ana won 5 of 8 games -> 15/24; Ben 4 of 6 -> 12/18; Cat 5 of 8 (bye 2-0) -> 15/24;
    #      Dan 3 of 7 (bye 2-0) -> 9/21; Eve 4 of 7 (bye 2-0) -> 12/21.
    # OMW% (byes left out): Ana (Ben, Cat, Eve) = 2/3; Ben (Ana, Eve, Dan) = (2/3+2/3+1/3)/3
    #      = 5/9; Cat (Dan, Ana) = 1/2; Dan (Cat, Ben) = 2/3; Eve (Ben, Ana) = 2/3.
    # OGW%: Ana (12/18 + 15/24 + 12/21)/3; Eve (12/18 + 15/24)/2.
    # Order: 6 points: Ana and Eve (OMW 2/3; GW 15/24 > 12/21), Ben (5/9), Cat (1/2); Dan.
    table = standings(hand_event())
    assert [s.name for s in table] == ["Ana", "Eve", "Ben", "Cat", "Dan"]
    by = {s.name: s for s in table}
    assert [by[n].match_points for n in ("Ana", "Ben", "Cat", "Dan", "Eve")] == [6, 6, 6, 3, 6]
    assert by["Ana"].omw == Fraction(2, 3)
    assert by["Ben"].omw == Fraction(5, 9)
    assert by["Cat"].omw == Fraction(1, 2)
    assert by["Dan"].omw == Fraction(2, 3)
    assert by["Eve"].omw == Fraction(2, 3)
    assert by["Ana"].gw == Fraction(15, 24)
    assert by["Ben"].gw == Fraction(12, 18)
    assert by["Dan"].gw == Fraction(9, 21)
    assert by["Eve"].gw == Fraction(12, 21)
    assert by["Ana"].ogw == (Fraction(12, 18) + Fraction(15, 24) + Fraction(12, 21)) / 3
    assert by["Eve"].ogw == (Fraction(12, 18) + Fraction(15, 24)) / 2
    assert round(float(by["Ben"].omw), 4) == 0.5556
    assert (by["Dan"].wins, by["Dan"].losses, by["Dan"].byes) == (1, 2, 1)


def test_mtr_match_win_examples() -> None:
    # The rules' own examples: 5-2-1 -> 16/24; 1-3-0 -> 0.25, floored to 0.33;
    # 3-2-0 including a bye -> 9/15.
    a = Record(wins=5, losses=2, draws=1)
    assert a.match_points == 16 and a.match_win() == Fraction(16, 24)
    assert Record(wins=1, losses=3).match_win() == FLOOR
    assert Record(wins=3, losses=2, byes=1).match_win() == Fraction(9, 15)


def test_game_points_count_draws_and_floor() -> None:
    r = Record()
    r.add(2, 0, 1, opponent=7)  # 2-0-1: 7 game points of 9
    assert (r.game_points, r.games) == (7, 3)
    lost = Record()
    lost.add(0, 2, 0, opponent=8)
    lost.add(0, 2, 0, opponent=9)
    assert lost.game_win() == FLOOR and lost.match_win() == FLOOR


def simulate(players: int, rounds: int, seed: int) -> Event:
    """Run a Swiss event with random results drawn from the seed."""
    event = Event(seed=seed, games_to_win=2, swiss_rounds=rounds)
    for n in range(players):
        event = add_player(event, f"P{n:02d}")
    results = random.Random(seed)
    for number in range(1, rounds + 1):
        event = pair_next_round(event, round_rng(seed, number))
        for p in event.rounds[-1].pairings:
            if p.b is not None:
                score = results.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
                event = record_result(event, number, p.table, Result(*score))
    return event


def check_swiss(event: Event) -> None:
    """No rematch, at most one bye each, pairings inside match-point groups where possible."""
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for number, rnd in enumerate(event.rounds, start=1):
        before = replace(event, rounds=event.rounds[: number - 1])
        points = {s.player: s.match_points for s in standings(before)}
        seated = [x for p in rnd.pairings for x in p.players()]
        assert sorted(seated) == sorted(p.id for p in event.players)
        for p in rnd.pairings:
            if p.b is None:
                assert p.a not in byes
                byes.add(p.a)
                continue
            pair = frozenset((p.a, p.b))
            assert pair not in met
            met.add(pair)
        if number > 1:
            check_groups(event, rnd, points)


def check_groups(event: Event, rnd: Round, points: dict[int, int]) -> None:
    """Every pairing is within one match-point group of its players whenever the players
    (less the bye) could all be paired that way without a rematch."""
    import networkx as nx

    paired = [p for p in rnd.pairings if p.b is not None]
    players = [x for p in paired for x in p.players()]
    groups = sorted({points[x] for x in players}, reverse=True)
    gap = {x: groups.index(points[x]) for x in players}
    met = {frozenset((p.a, p.b)) for r in event.rounds[: rnd.number - 1] for p in r.pairings}
    near: nx.Graph[int] = nx.Graph()
    near.add_edges_from(
        (x, y)
        for i, x in enumerate(players)
        for y in players[i + 1 :]
        if abs(gap[x] - gap[y]) <= 1 and frozenset((x, y)) not in met
    )
    possible = 2 * len(nx.max_weight_matching(near, maxcardinality=True)) == len(players)
    if possible:
        assert all(abs(gap[p.a] - gap[p.b]) <= 1 for p in paired if p.b is not None), rnd


@pytest.mark.parametrize("players", [8, 9, 32, 33])
def test_swiss_simulation(players: int) -> None:
    event = simulate(players, 5, seed=players * 101)
    check_swiss(event)
    assert all(r.is_complete for r in event.rounds)
    byes = sum(p.b is None for r in event.rounds for p in r.pairings)
    assert byes == (5 if players % 2 else 0)


def test_bye_goes_to_lowest_ranked_without_one() -> None:
    event = Event(seed=3, games_to_win=2, swiss_rounds=3)
    for name in ("Ana", "Ben", "Cat", "Dan", "Eve"):
        event = add_player(event, name)
    event = pair_next_round(event, round_rng(3, 1))
    for p in event.rounds[0].pairings:
        if p.b is not None:
            event = record_result(event, 1, p.table, Result(2, 0))
    first_bye = next(p.a for p in event.rounds[0].pairings if p.b is None)
    event = pair_next_round(event, round_rng(3, 2))
    bye = next(p.a for p in event.rounds[1].pairings if p.b is None)
    table = standings(replace(event, rounds=event.rounds[:1]))
    without = [s.player for s in table if s.player != first_bye]
    assert bye == without[-1]  # the lowest ranked of those without a bye


def test_same_seed_same_pairings_and_banks(catalog: Catalog) -> None:
    one, two = simulate(9, 4, seed=77), simulate(9, 4, seed=77)
    assert one.rounds == two.rounds
    assert simulate(9, 4, seed=78).rounds[0] != one.rounds[0]
    policy = BankPolicy("round", ("base-3e",))
    a = round_banks(catalog, policy, 77, 2, [1, 2, 3])
    b = round_banks(catalog, policy, 77, 2, [1, 2, 3])
    assert a[1].code == b[1].code == a[3].code
    assert round_banks(catalog, policy, 77, 3, [1])[1].code != a[1].code
    per_table = round_banks(catalog, replace(policy, policy="table"), 77, 2, [1, 2])
    assert per_table[1].code != per_table[2].code
    rec = round_banks(catalog, BankPolicy("recommended", ("base-3e",), recommended="First Game"),
                      77, 1, [1, 2])  # fmt: skip
    assert rec[1].name == "First Game" and rec[1].code == rec[2].code


def test_round_bank_matches_the_bank_randomizer(catalog: Catalog) -> None:
    from companion.game.bank import BankOptions, BankSampler
    from companion.game.tournament import bank_seed

    bank = round_banks(catalog, BankPolicy(), 5, 1, [1])[1]
    assert bank.seed == bank_seed(5, 1)
    chips = BankSampler(catalog, ["base-3e"], BankOptions()).draw(random.Random(bank.seed))
    assert sorted(c.key for c in chips) == sorted(c.key for c in bank.chips)


def test_drops_late_entries_and_reentries() -> None:
    event = Event(seed=4, games_to_win=2, swiss_rounds=4)
    for name in ("Ana", "Ben", "Cat", "Dan"):
        event = add_player(event, name)
    event = pair_next_round(event, round_rng(4, 1))
    for p in event.rounds[0].pairings:
        event = record_result(event, 1, p.table, Result(2, 1))
    event = set_active(event, 2, False)
    event = add_player(event, "Fay")  # a late entry: from round 2
    assert event.player(5).first_round == 2
    event = pair_next_round(event, round_rng(4, 2))
    seated = {x for p in event.rounds[1].pairings for x in p.players()}
    assert 2 not in seated and 5 in seated and len(seated) == 4
    assert event.rounds[1].is_complete is False
    with pytest.raises(TournamentError, match="waits for tables"):
        pair_next_round(event, round_rng(4, 3))
    for p in event.rounds[1].pairings:
        if p.b is not None:
            event = record_result(event, 2, p.table, Result(0, 2))
    event = set_active(event, 2, True)  # Ben re-enters for round 3
    event = pair_next_round(event, round_rng(4, 3))
    assert 2 in {x for p in event.rounds[2].pairings for x in p.players()}
    with pytest.raises(TournamentError, match="already playing"):
        set_active(event, 2, True)
    # Ben's round-1 result still counts; he missed round 2.
    ben = next(s for s in standings(event) if s.name == "Ben")
    assert ben.wins + ben.losses == 1


def test_bad_results_and_closed_rounds() -> None:
    event = replace(simulate(4, 1, seed=2), swiss_rounds=2)
    with pytest.raises(TournamentError, match="only one side"):
        record_result(event, 1, 1, Result(2, 2))
    with pytest.raises(TournamentError, match="wins 2 games"):
        record_result(event, 1, 1, Result(3, 0))
    with pytest.raises(TournamentError, match="no table 9"):
        record_result(event, 1, 9, Result(2, 0))
    with pytest.raises(TournamentError, match="already entered"):
        add_player(event, "  p00 ")
    with pytest.raises(TournamentError, match="1 to 24"):
        add_player(event, "x" * 25)
    event = pair_next_round(event, round_rng(2, 2))
    with pytest.raises(TournamentError, match="finished rounds"):
        record_result(event, 1, 1, Result(0, 2))
    with pytest.raises(TournamentError, match="nobody can enter"):
        add_player(replace(event, swiss_rounds=1), "Zed")


def test_no_pairing_without_rematch_is_refused() -> None:
    event = simulate(4, 3, seed=9)  # 4 players have met everyone after 3 rounds
    with pytest.raises(PairingError, match="rematch"):
        pair_next_round(replace(event, swiss_rounds=4), round_rng(9, 4))


@pytest.mark.parametrize("cut", [4, 8])
def test_top_cut_seeds_and_winners(cut: int) -> None:
    event = replace(simulate(16, 4, seed=cut), top_cut=cut)
    seeds = [s.player for s in standings(event)]
    event = pair_next_round(event, round_rng(cut, 5))
    first = event.rounds[-1]
    assert first.stage == "top"
    expected = {4: [(1, 4), (2, 3)], 8: [(1, 8), (4, 5), (2, 7), (3, 6)]}[cut]
    assert [(p.a, p.b) for p in first.pairings] == [
        (seeds[x - 1], seeds[y - 1]) for x, y in expected
    ]
    with pytest.raises(TournamentError, match="needs a winner"):
        record_result(event, first.number, 1, Result(1, 1))
    while event.next_stage() is not None:
        rnd = event.rounds[-1]
        for p in rnd.pairings:
            event = record_result(event, rnd.number, p.table, Result(2, 1))
        if event.next_stage() is not None:
            event = pair_next_round(event, round_rng(cut, len(event.rounds) + 1))
    assert len(event.rounds[-1].pairings) == 1
    assert event.rounds[-1].pairings[0].a == seeds[0]  # the higher seed won every match
    with pytest.raises(TournamentError, match="over"):
        pair_next_round(event, round_rng(cut, 99))


def test_usual_rounds() -> None:
    assert [usual_rounds(n) for n in (2, 4, 5, 8, 9, 16, 17, 32, 33, 256)] == [
        1, 2, 3, 3, 4, 4, 5, 5, 6, 8,
    ]  # fmt: skip
