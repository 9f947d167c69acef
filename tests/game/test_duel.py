"""Flash Duel track arithmetic, time-over and the match: the rulebook's examples."""

from __future__ import annotations

import pytest

from companion.game.flash_duel.lasthits import team_time_over, time_over
from companion.game.flash_duel.match import (
    Abilities,
    DuelMatch,
    record_round,
    replenish,
    use_ability,
)
from companion.game.flash_duel.track import (
    DuelError,
    Fighter,
    can_block,
    check_attack,
    dashing_strike,
    move,
    place,
    push,
    retreat,
)

SPACES = 18


def at(name: str, start: int, position: int) -> Fighter:
    return Fighter(name, start, position)


def test_example_push_with_a_four_leaves_five_spaces() -> None:
    me, them = at("Ana", 1, 8), at("Ben", 18, 9)
    pushed = push(me, them, 4, SPACES)
    assert pushed.position == 13
    assert pushed.position - me.position == 5


def test_push_off_the_edge_stops_at_the_start_space() -> None:
    pushed = push(at("Ana", 1, 15), at("Ben", 18, 16), 5, SPACES)
    assert pushed.position == 18


def test_push_needs_adjacency() -> None:
    with pytest.raises(DuelError, match="only when adjacent"):
        push(at("Ana", 1, 5), at("Ben", 18, 7), 2, SPACES)


def test_example_three_away_dash_five_then_strike_one() -> None:
    me, them = at("Ana", 1, 10), at("Ben", 18, 13)
    after = dashing_strike(me, them, 5, [1], SPACES)
    assert after.position == 12


def test_example_eight_away_dash_three_then_a_pair_of_fives() -> None:
    me, them = at("Ana", 1, 2), at("Ben", 18, 10)
    assert dashing_strike(me, them, 3, [5, 5], SPACES).position == 5


def test_no_dashing_strike_when_adjacent() -> None:
    with pytest.raises(DuelError, match="adjacent"):
        dashing_strike(at("Ana", 1, 9), at("Ben", 18, 10), 1, [1], SPACES)


def test_strike_must_match_the_distance_after_the_dash() -> None:
    with pytest.raises(DuelError, match="is 5 spaces away: attack with 5s, not 4"):
        dashing_strike(at("Ana", 1, 2), at("Ben", 18, 10), 3, [4], SPACES)


def test_move_forward_stops_next_to_the_opponent() -> None:
    assert move(at("Ana", 1, 5), at("Ben", 18, 8), 5, SPACES).position == 7
    assert move(at("Ben", 18, 8), at("Ana", 1, 5), 4, SPACES).position == 6


def test_move_back_from_the_start_space_stays_there() -> None:
    assert move(place("Ana", 1), at("Ben", 18, 10), 3, SPACES, backward=True).position == 1
    assert move(at("Ben", 18, 16), at("Ana", 1, 3), 5, SPACES, backward=True).position == 18


def test_attack_with_the_exact_distance_powered_up() -> None:
    assert check_attack(at("Ana", 1, 5), at("Ben", 18, 10), [5, 5]) == 2
    with pytest.raises(DuelError, match="attack with 5s, not 3"):
        check_attack(at("Ana", 1, 5), at("Ben", 18, 10), [3])


def test_block_needs_the_same_cards() -> None:
    assert can_block([3], [3])
    assert can_block([1, 1], [1, 1])
    assert not can_block([1, 1], [1])
    assert not can_block([4], [5])


def test_retreat_and_the_edge() -> None:
    assert retreat(at("Ben", 18, 16), 2, SPACES).position == 18
    assert retreat(at("Ben", 18, 16), 5, SPACES).position == 18
    with pytest.raises(DuelError, match="edge of the board and cannot retreat"):
        retreat(place("Ben", 18), 1, SPACES)


def test_time_over_more_attack_cards_then_advance_then_draw() -> None:
    a, b = at("Ana", 1, 6), at("Ben", 18, 9)  # 3 apart
    assert time_over(a, b, [3, 3, 1], [3, 2]) == "Ana"
    assert time_over(a, b, [3, 1], [3, 2]) == "Ben"  # one 3 each: Ben advanced 9, Ana 5
    assert time_over(at("Ana", 1, 8), at("Ben", 18, 11), [1], [2]) is None  # 7 and 7


def test_time_over_farthest_advance_wins() -> None:
    assert time_over(at("Ana", 1, 4), at("Ben", 18, 9), [1], [2]) == "Ben"


def test_team_time_over_rules() -> None:
    a1, a2 = at("A1", 1, 5), at("A2", 1, 3)
    b1, b2 = at("B1", 18, 7), at("B2", 18, 12)
    hands = {"A1": [2, 2], "A2": [4], "B1": [2], "B2": [5]}
    # A1-B1 (2 apart): A1 has more 2s -> B1 falls. A2-B1 (4): A2 -> B1. others equal.
    assert team_time_over([a1, a2], [b1, b2], hands) == 0
    even = {"A1": [1], "A2": [1], "B1": [1], "B2": [1]}
    far_b = [at("B1", 18, 8), at("B2", 18, 12)]  # B1 advanced 10, A1 advanced 4
    assert team_time_over([a1, a2], far_b, even) == 1
    # A1-B1 (2 apart): B1 has more 2s -> A1 falls; no other pair differs: two B left beat one.
    mirrored = {"A1": [2], "A2": [5], "B1": [2, 2], "B2": [4]}
    assert team_time_over([a1, a2], [b1, b2], mirrored) == 1
    # B1 holds more 2s than A1 and more 4s than A2: both of team A fall, team B wins.
    sweep = {"A1": [2], "A2": [4], "B1": [2, 2, 4, 4], "B2": [1]}
    assert team_time_over([a1, a2], [b1, b2], sweep) == 1


def test_best_three_of_five_and_the_loser_chooses() -> None:
    match = DuelMatch(("Ana", "Ben"))
    assert match.chooser() is None
    match = record_round(match, "Ana")
    assert match.chooser() == "Ben"
    match = record_round(match, None)
    assert match.chooser() is None  # a draw: flip a coin
    for winner in ("Ben", "Ana", "Ana"):
        match = record_round(match, winner)
    assert match.winner == "Ana"
    with pytest.raises(DuelError, match="the game is over"):
        record_round(match, "Ben")


def test_one_ability_per_turn_and_replenish_each_round() -> None:
    abilities = Abilities((("Ana", ("a", "b", "c")), ("Ben", ("x", "y", "z"))))
    abilities = use_ability(abilities, "Ana", "a", turn=1)
    with pytest.raises(DuelError, match="already used an ability this turn"):
        use_ability(abilities, "Ana", "b", turn=1)
    abilities = use_ability(abilities, "Ana", "b", turn=2)  # on the opponent's turn
    with pytest.raises(DuelError, match="already used a this round"):
        use_ability(abilities, "Ana", "a", turn=3)
    assert abilities.available("Ana") == ("c",)
    assert replenish(abilities).available("Ana") == ("a", "b", "c")
    with pytest.raises(DuelError, match="not one of Ana's abilities"):
        use_ability(abilities, "Ana", "x", turn=4)


def test_example_dashing_block_a_pair_of_threes() -> None:
    from companion.game.flash_duel.track import dashing_block, team_block

    mate, me, enemy = at("Mate", 1, 8), at("Me", 1, 3), at("Foe", 18, 11)
    moved = dashing_block(me, mate, enemy, 5, SPACES)
    assert moved.position == mate.position
    assert team_block([3, 3], {"Me": [3], "Mate": [3]})
    assert not team_block([3, 3], {"Me": [3]})
    with pytest.raises(DuelError, match="not to Mate's space 8"):
        dashing_block(me, mate, enemy, 4, SPACES)
    with pytest.raises(DuelError, match="is not ahead"):
        dashing_block(mate, me, enemy, 5, SPACES)


def test_example_raid_three_mortals_each_add_a_four() -> None:
    from companion.game.flash_duel.track import team_block

    assert team_block([4, 4, 4], {"p2": [4], "p3": [4], "p4": [4]})
