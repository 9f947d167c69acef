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
    from companion.game.puzzle_strike.bank import BankOptions, BankSampler
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


# --- exact edges (each pins a rule the tests above reach on one path only) -------------


def four(seed: int = 4) -> Event:
    """Four players, Ana to Dan, no round yet."""
    event = Event(seed=seed, games_to_win=2, swiss_rounds=3)
    for name in ("Ana", "Ben", "Cat", "Dan"):
        event = add_player(event, name)
    return event


def finish(event: Event, score: tuple[int, int] = (2, 0)) -> Event:
    """Record ``score`` at every table of the current round."""
    rnd = event.rounds[-1]
    for p in rnd.pairings:
        if p.b is not None:
            event = record_result(event, rnd.number, p.table, Result(*score))
    return event


def test_winner_side_both_ways() -> None:
    assert Result(2, 1).winner_side() == "a"
    assert Result(1, 2).winner_side() == "b"
    assert Result(0, 2).winner_side() == "b"
    assert Result(1, 1, 1).winner_side() is None


def test_names_are_cleaned_and_one_to_24_characters() -> None:
    event = add_player(Event(seed=1), "  Ana   Lee \t")
    assert event.players[0].name == "Ana Lee"
    event = add_player(event, "B")
    event = add_player(event, "c" * 24)
    assert [p.name for p in event.players] == ["Ana Lee", "B", "c" * 24]
    with pytest.raises(TournamentError, match="1 to 24"):
        add_player(event, "   ")
    with pytest.raises(TournamentError, match="'ana lee' has already entered"):
        add_player(event, "ana  lee")


def test_drop_keeps_first_round_and_reentry_waits_for_the_next_round() -> None:
    event = finish(pair_next_round(four(), round_rng(4, 1)))
    event = set_active(event, 3, False)
    assert event.player(3) == replace(event.player(3), active=False, first_round=1)
    with pytest.raises(TournamentError, match="Cat is already dropped"):
        set_active(event, 3, False)
    event = finish(pair_next_round(event, round_rng(4, 2)))
    event = set_active(event, 3, True)
    assert (event.player(3).active, event.player(3).first_round) == (True, 3)
    assert [p.first_round for p in event.players] == [1, 1, 3, 1]
    late = add_player(event, "Eve")
    assert late.player(5).first_round == 3
    assert set_active(late, 5, False).player(5).first_round == 3


def test_closed_round_message_names_the_current_round() -> None:
    with pytest.raises(TournamentError, match=r"round 1 is not the current round \(0\)"):
        record_result(four(), 1, 1, Result(2, 0))
    event = pair_next_round(four(), round_rng(4, 1))
    with pytest.raises(TournamentError, match=r"round 2 is not the current round \(1\)"):
        record_result(event, 2, 1, Result(2, 0))


def test_byes_take_no_result_and_tables_are_numbered_from_one() -> None:
    event = add_player(four(), "Eve")
    event = pair_next_round(event, round_rng(4, 1))
    tables = [p.table for p in event.rounds[0].pairings]
    assert tables == [1, 2, 0]
    bye = event.rounds[0].pairings[2]
    assert bye.b is None and bye.result == Result(2, 0)
    with pytest.raises(TournamentError, match="table 0 is a bye"):
        record_result(event, 1, 0, Result(2, 0))
    flash = pair_next_round(replace(add_player(four(), "Eve"), games_to_win=3), round_rng(4, 1))
    assert flash.rounds[0].pairings[2].result == Result(3, 0)


def test_waiting_tables_are_named_and_round_numbers_checked() -> None:
    event = pair_next_round(four(), round_rng(4, 1))
    table_2 = event.rounds[0].pairings[1]
    event = record_result(event, 1, table_2.table, Result(2, 0))
    with pytest.raises(TournamentError, match=r"round 1 still waits for tables 1$"):
        pair_next_round(event, round_rng(4, 2))
    from companion.game.tournament.model import add_round

    with pytest.raises(TournamentError, match=r"still waits for tables 1, 2$"):
        add_round(pair_next_round(four(), round_rng(4, 1)), Round(2, ()))
    with pytest.raises(TournamentError, match="the next round is 1, not 2"):
        add_round(four(), Round(2, ()))
    assert add_round(four(), Round(1, ())).rounds == (Round(1, ()),)


def test_round_one_is_the_random_draw_and_two_players_suffice() -> None:
    from companion.game.tournament.pairing import first_round

    event = pair_next_round(four(), round_rng(4, 1))
    drawn = first_round([1, 2, 3, 4], round_rng(4, 1))
    assert [(p.a, p.b) for p in event.rounds[0].pairings] == drawn
    two = Event(seed=2, games_to_win=2, swiss_rounds=1)
    two = add_player(add_player(two, "Ana"), "Ben")
    assert len(pair_next_round(two, round_rng(2, 1)).rounds[0].pairings) == 1
    alone = add_player(Event(seed=2), "Ana")
    with pytest.raises(PairingError, match="2 players or more, not 1"):
        pair_next_round(alone, round_rng(2, 1))


def test_swiss_tables_seat_the_better_ranked_first_best_table_first() -> None:
    for seed in range(6):
        event = simulate(9, 2, seed=seed)
        table = standings(replace(event, rounds=event.rounds[:1]))
        rank = {s.player: s.rank for s in table}
        pairings = event.rounds[1].pairings
        assert pairings[-1].b is None and all(p.b is not None for p in pairings[:-1])
        assert all(rank[p.a] < rank[p.b] for p in pairings[:-1] if p.b is not None)
        firsts = [rank[p.a] for p in pairings[:-1]]
        assert firsts == sorted(firsts)
        assert [p.table for p in pairings] == [1, 2, 3, 4, 0]


def test_group_distance_counts_from_the_highest_group() -> None:
    from companion.game.tournament.pairing import group_distance

    event = finish(pair_next_round(add_player(four(), "Eve"), round_rng(4, 1)), (2, 1))
    table = standings(event)
    group = group_distance(table, [s.player for s in table])
    points = {s.player: s.match_points for s in table}
    assert {group[p] for p in points if points[p] == 3} == {0}
    assert {group[p] for p in points if points[p] == 0} == {1}


def test_swiss_graph_weights_follow_the_documented_costs() -> None:
    from companion.game.tournament.pairing import BYE, swiss_graph

    event = finish(pair_next_round(add_player(four(), "Eve"), round_rng(4, 1)), (2, 1))
    table = standings(event)
    players = [s.player for s in table]
    graph = swiss_graph(event, players, table, random.Random(0))
    points = {s.player: s.match_points for s in table}
    n = 5
    worst = (n + 1) ** 2  # two groups: 3 points and 0
    step = worst * n
    base = step * (n + 2)
    met = {frozenset((p.a, p.b)) for p in event.rounds[0].pairings if p.b is not None}
    for x in players:
        for y in players:
            if x < y:
                pair = frozenset((x, y))
                assert graph.has_edge(x, y) == (pair not in met)
                if pair not in met:
                    cost = 0 if points[x] == points[y] else n
                    assert graph[x][y]["weight"] == base - cost
    rank = {s.player: s.rank for s in table}
    had = next(p.a for p in event.rounds[0].pairings if p.b is None)
    assert not graph.has_edge(had, BYE)
    by_rank = sorted((p for p in players if p != had), key=lambda p: -rank[p])
    assert [graph[p][BYE]["weight"] for p in by_rank] == [base - step * i for i in range(4)]


def test_three_groups_apart_costs_more_than_any_pairing_closer() -> None:
    from companion.game.tournament.pairing import swiss_graph

    event = simulate(8, 2, seed=5)
    table = standings(event)
    players = [s.player for s in table]
    graph = swiss_graph(event, players, table, random.Random(1))
    points = {s.player: s.match_points for s in table}
    groups = sorted(set(points.values()), reverse=True)
    weights = {}
    for x, y, w in graph.edges(data="weight"):
        weights.setdefault(abs(groups.index(points[x]) - groups.index(points[y])), set()).add(w)
    base = max(weights[0])
    assert weights[0] == {base}
    for k in sorted(weights)[1:]:
        assert weights[k] == {base - (9**k - 1)}


def test_top_four_with_exactly_four_active_players() -> None:
    event = replace(simulate(4, 2, seed=3), top_cut=4)
    seeds = [s.player for s in standings(event)]
    event = pair_next_round(event, round_rng(3, 3))
    assert [(p.a, p.b) for p in event.rounds[-1].pairings] == [
        (seeds[0], seeds[3]),
        (seeds[1], seeds[2]),
    ]
    event = record_result(event, 3, 1, Result(0, 2))  # seed 4 beats seed 1
    event = record_result(event, 3, 2, Result(2, 1))
    final = pair_next_round(event, round_rng(3, 4)).rounds[-1]
    assert [(p.a, p.b) for p in final.pairings] == [(seeds[3], seeds[1])]
    short = set_active(replace(simulate(4, 2, seed=3), top_cut=4), seeds[0], False)
    with pytest.raises(TournamentError, match="a top 4 needs 4 active players, not 3"):
        pair_next_round(short, round_rng(3, 3))


def test_winner_of_each_kind_of_table() -> None:
    from companion.game.tournament.pairing import winner_of

    assert winner_of(Pairing(0, 7, None, Result(2, 0))) == 7
    assert winner_of(Pairing(1, 7, 8, Result(2, 1))) == 7
    assert winner_of(Pairing(1, 7, 8, Result(1, 2))) == 8
    with pytest.raises(TournamentError, match="table 3 has no winner yet"):
        winner_of(Pairing(3, 7, 8))
    with pytest.raises(TournamentError, match="table 3 has no winner"):
        winner_of(Pairing(3, 7, 8, Result(1, 1)))


def test_record_counts_wins_losses_draws_and_byes() -> None:
    r = Record()
    r.add(1, 1, 1, opponent=2)
    r.add(1, 1, 0, opponent=3)
    assert (r.wins, r.losses, r.draws, r.byes) == (0, 0, 2, 0)
    r.add(2, 1, 0, opponent=4)
    r.add(1, 2, 0, opponent=5)
    r.add(2, 0, 0, opponent=None)
    r.add(2, 0, 0, opponent=None)
    assert (r.wins, r.losses, r.draws, r.byes) == (3, 1, 2, 2)
    assert r.opponents == [2, 3, 4, 5]
    assert r.match_points == 11 and r.rounds == 6


def test_standings_skip_unfinished_tables_and_show_draws_and_drops() -> None:
    event = pair_next_round(four(), round_rng(4, 1))
    first, second = event.rounds[0].pairings
    event = record_result(event, 1, second.table, Result(1, 1))
    event = set_active(event, first.a, False)
    table = standings(event)
    assert [s.rank for s in table] == [1, 2, 3, 4]
    by = {s.player: s for s in table}
    assert by[second.a].draws == by[second.b].draws == 1
    assert by[second.a].match_points == 1
    assert (by[first.a].wins, by[first.a].losses, by[first.a].draws) == (0, 0, 0)
    assert by[first.a].active is False and by[second.a].active is True


def test_ogw_breaks_a_tie_left_by_points_omw_and_gw() -> None:
    # Ana and Ben each beat one player 2-0 and draw 1-1 with each other: equal points, OMW%
    # and GW%. Ben's first opponent then wins 2-0, Ana's only 2-1: Ben's OGW% is higher, so
    # he ranks first although his name sorts after hers.
    event = Event(seed=1, games_to_win=2, swiss_rounds=2)
    for name in ("Ana", "Ben", "Cat", "Dan", "Eve", "Fay"):
        event = add_player(event, name)
    ana, ben, cat, dan, eve, fay = 1, 2, 3, 4, 5, 6
    rounds = (
        Round(1, (Pairing(1, ana, cat, Result(2, 0)), Pairing(2, ben, dan, Result(2, 0)),
                  Pairing(3, eve, fay, Result(2, 0)))),
        Round(2, (Pairing(1, ana, ben, Result(1, 1)), Pairing(2, cat, eve, Result(2, 1)),
                  Pairing(3, dan, fay, Result(2, 0)))),
    )  # fmt: skip
    table = standings(replace(event, rounds=rounds))
    by = {s.name: s for s in table}
    assert by["Ana"].match_points == by["Ben"].match_points
    assert by["Ana"].omw == by["Ben"].omw and by["Ana"].gw == by["Ben"].gw
    assert by["Ana"].ogw < by["Ben"].ogw
    names = [s.name for s in table]
    assert names.index("Ben") + 1 == names.index("Ana")


def test_bank_policy_checks() -> None:
    BankPolicy("round").check()
    BankPolicy("recommended", recommended="First Game").check()
    with pytest.raises(TournamentError, match="round, table, recommended"):
        BankPolicy("seat").check()
    with pytest.raises(TournamentError, match="name the recommended bank"):
        BankPolicy("recommended").check()


def test_bank_seeds_use_63_bits_and_every_part() -> None:
    from companion.game.tournament import bank_seed

    seeds = [bank_seed(s, r, t) for s in range(20) for r in (1, 2) for t in (0, 1)]
    assert all(0 <= s < 2**63 for s in seeds)
    assert any(s >= 2**62 for s in seeds)
    assert len(set(seeds)) == len(seeds)
    assert bank_seed(5, 1) == bank_seed(5, 1, 0) != bank_seed(5, 1, 1)


def test_table_banks_use_each_tables_seed_and_keep_the_options(catalog: Catalog) -> None:
    from companion.game.puzzle_strike.bank import BankOptions, BankSampler
    from companion.game.tournament import bank_seed

    options = BankOptions(max_attacks=2)
    policy = BankPolicy("table", ("base-3e",), options)
    banks = round_banks(catalog, policy, 9, 3, [1, 2])
    for t in (1, 2):
        assert banks[t].seed == bank_seed(9, 3, t)
        assert banks[t].options == options
    assert banks[1].valid_banks == BankSampler(catalog, ["base-3e"], options).count()
    assert round_banks(catalog, BankPolicy(), 9, 3, [1])[1].options == BankOptions()


def test_a_tournament_takes_at_most_512_players() -> None:
    event = Event(seed=1)
    for n in range(512):
        event = add_player(event, f"P{n}")
    with pytest.raises(TournamentError, match="at most 512 players"):
        add_player(event, "One more")
    paired = pair_next_round(event, round_rng(event.seed, 1))
    assert len(paired.rounds[-1].pairings) == 256
