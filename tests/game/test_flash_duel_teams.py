"""Seed 002's team modes rule by rule, through the room's reducer: 2 vs 2, Raid, Betrayal."""

from __future__ import annotations

import pytest

from printkit.catalog import Catalog
from tests.fd_table import Table

CHARS = {
    "Ana": "grave",
    "Ben": "rook",
    "Cat": "jaina",
    "Dan": "midori",
    "Eve": "setsuki",
    "Drake": "menelker",
}


def team(catalog: Catalog, seed: int = 7) -> Table:
    """Ana and Cat (team A, space 1) against Ben and Dan (team B, space 18)."""
    players = ["Ana", "Ben", "Cat", "Dan"]
    return Table(catalog, seed=seed, mode="team-battle", players=players, characters=CHARS)


def raid(catalog: Catalog, mortals: tuple[str, ...] = ("Ana", "Ben", "Cat")) -> Table:
    """Mortals on space 1, Drake the Dragon on 18."""
    players = [*mortals, "Drake"]
    return Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS)


def betrayal(catalog: Catalog, traitor_is_a_mortal: bool = True) -> tuple[Table, str]:
    """A Betrayal table and who holds the traitor card (a mortal, or the Dragon)."""
    players = ["Ana", "Ben", "Cat", "Dan", "Drake"]
    for seed in range(100):
        table = Table(
            catalog, seed=seed, mode="betrayal", players=players, dragon="Drake", characters=CHARS
        )
        traitor = next(p for p in players if table.view(p)["loyalty"] == "traitor")
        if (traitor != "Drake") == traitor_is_a_mortal:
            return table, traitor
    raise AssertionError("no seed deals that")


# --- 2 vs 2 ------------------------------------------------------------------------------


def test_team_turns_go_p1a_p1b_p2a_p2b(catalog: Catalog) -> None:
    table = team(catalog)
    order = []
    for _ in range(5):
        order.append(table.view()["turn"])
        table.act(order[-1], type="end_turn")
    start = order.index("Ana")
    assert order[start : start + 4] == ["Ana", "Ben", "Cat", "Dan"]


def test_a_coin_decides_which_team_goes_first(catalog: Catalog) -> None:
    firsts = {team(catalog, seed).view()["turn"] for seed in range(12)}
    assert firsts == {"Ana", "Ben"}


def test_attack_on_a_shared_space_needs_an_answer_from_each(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Cat=8, Ben=11).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    assert table.view()["pending"]["targets"] == ["Ana", "Cat"]
    table.act("Ana", type="block", player="Ana", cards=[3])
    assert table.view()["pending"]["targets"] == ["Cat"]  # Ana's block does not cover Cat
    assert "answer" in table.refused("Ben", type="end_turn")
    table.act("Cat", type="hit", player="Cat")
    assert table.down() == {"Cat"} and table.view()["pending"] is None
    assert not table.view()["round_over"]


def test_each_teammate_blocks_with_the_whole_attack(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Cat=8, Ben=11).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Cat", cards=[3, 3])
    table.act("Ana", type="block", player="Ana", cards=[3, 3])
    assert table.view()["pending"]["targets"] == ["Cat"]
    assert "3 3" in table.refused("Cat", type="block", player="Cat", cards=[3, 2])
    table.act("Cat", type="block", player="Cat", cards=[3, 3])
    assert table.view()["pending"] is None and table.down() == set()


def test_dashing_strike_on_a_shared_space_one_retreats_one_blocks(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Cat=8, Ben=14).turn_to("Ben")
    table.act("Ben", type="dash", player="Ben", target="Ana", dash=2, cards=[4])
    table.act("Cat", type="retreat", player="Cat", card=3)
    assert table.view()["pending"]["targets"] == ["Ana"]
    table.act("Ana", type="block", player="Ana", cards=[4])
    assert table.where()["Cat"] == 5 and table.view()["pending"] is None


def test_dashing_block_joins_a_teammate_and_shares_the_block(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Cat=3, Ben=11).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3, 3])
    table.act("Cat", type="dashing_block", player="Cat", dash=5, cards=[3])
    assert table.where()["Cat"] == 8 and table.view()["pending"]["targets"] == ["Ana"]
    table.act("Ana", type="block", player="Ana", cards=[3])
    assert table.view()["pending"] is None and table.down() == set()


def recovering_cat(catalog: Catalog, ana: int) -> Table:
    """Dan dashing-strikes Cat, who retreats to space 3; then Ana and Ben play on."""
    table = team(catalog).place(Ana=ana, Cat=5, Dan=12, Ben=14).turn_to("Dan")
    table.act("Dan", type="dash", player="Dan", target="Cat", dash=2, cards=[5])
    table.act("Cat", type="retreat", player="Cat", card=2)
    return table.act("Dan", type="end_turn").turn_to("Ben")


def test_recovering_fighter_may_not_dashing_block(catalog: Catalog) -> None:
    table = recovering_cat(catalog, ana=8).place(Ben=11)
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    assert "recovering" in table.refused(
        "Cat", type="dashing_block", player="Cat", dash=5, cards=[3]
    )


def test_recovering_fighter_may_block(catalog: Catalog) -> None:
    table = recovering_cat(catalog, ana=2).place(Ben=6)
    table.act("Ben", type="attack", player="Ben", target="Cat", cards=[3])
    table.act("Cat", type="block", player="Cat", cards=[3])
    assert table.view()["pending"] is None
    table.act("Ben", type="end_turn")
    assert table.view()["turn"] == "Cat"
    assert "recovering" in table.refused("Cat", type="move", player="Cat", card=1)
    table.act("Cat", type="end_turn").turn_to("Cat").act("Cat", type="move", player="Cat", card=1)


def test_retreating_twice_means_recovering_one_turn(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Ben=14, Dan=14).turn_to("Ben")
    table.act("Ben", type="dash", player="Ben", target="Ana", dash=1, cards=[5])
    table.act("Ana", type="retreat", player="Ana", card=1)
    table.act("Ben", type="end_turn")
    table.turn_to("Dan").act("Dan", type="dash", player="Dan", target="Ana", dash=2, cards=[5])
    table.act("Ana", type="retreat", player="Ana", card=1)
    table.act("Dan", type="end_turn").turn_to("Ana")
    assert "recovering" in table.refused("Ana", type="move", player="Ana", card=1)
    table.act("Ana", type="end_turn").turn_to("Ana")
    table.act("Ana", type="move", player="Ana", card=1)


def test_no_one_moves_past_the_front_most_enemy(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=3, Ben=9, Dan=14).turn_to("Ana")
    table.act("Ana", type="move", player="Ana", card=5).act("Ana", type="end_turn")
    table.turn_to("Ana").act("Ana", type="move", player="Ana", card=5)
    assert table.where()["Ana"] == 8  # stops next to Ben, the front-most of team B


def test_a_dash_stops_at_the_front_most_enemy_before_striking(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=5, Ben=8, Dan=12).turn_to("Ana")
    table.act("Ana", type="dash", player="Ana", target="Dan", dash=5, cards=[5])
    assert table.where()["Ana"] == 7  # not 10: Ben on 8 stands in the way
    assert table.view()["pending"]["targets"] == ["Dan"]


def test_no_dashing_strike_when_already_next_to_an_enemy(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=7, Ben=8, Dan=12).turn_to("Ana")
    assert "adjacent" in table.refused(
        "Ana", type="dash", player="Ana", target="Dan", dash=1, cards=[5]
    )


def test_push_moves_everyone_on_the_adjacent_space(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=7, Ben=8, Dan=8).turn_to("Ana")
    table.act("Ana", type="push", player="Ana", target="Ben", card=3)
    assert table.where()["Ben"] == 11 and table.where()["Dan"] == 11


def test_round_goes_to_the_team_that_defeats_both(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=5, Ben=8).turn_to("Ana")
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[3])
    table.act("Ben", type="hit", player="Ben")
    assert not table.view()["round_over"]
    table.act("Ana", type="end_turn").turn_to("Cat").place(Cat=14, Dan=18)
    table.act("Cat", type="attack", player="Cat", target="Dan", cards=[4])
    table.act("Dan", type="hit", player="Dan")
    view = table.view()
    assert view["round_over"] and view["score"] == {"A": 1, "B": 0}
    assert view["chooser"] == "Ben"  # the losing team chooses who goes first


def test_team_time_over_two_left_beat_one(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=6, Cat=4, Ben=8, Dan=12)
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=10)
    table.act("Ana", type="draw", count=10)
    # Ana-Ben 2 apart: Ana has more 2s, Ben falls; Cat-Dan 8 apart: no last-hit
    hands = {"Ana": [2, 2], "Cat": [1], "Ben": [2], "Dan": [4]}
    table.act("Ana", type="time_over", hands=hands)
    assert table.view()["score"] == {"A": 1, "B": 0} and table.down() == {"Ben"}


def test_team_time_over_front_most_member_decides(catalog: Catalog) -> None:
    for ana, ben, winner in ((8, 14, "A"), (4, 10, "B")):
        table = team(catalog).place(Ana=ana, Cat=2, Ben=ben, Dan=17)
        for _ in range(3):
            table.act("Ana", type="draw", count=10)
        table.act("Ana", type="time_over", hands={"Ana": [1], "Cat": [1], "Ben": [1], "Dan": [1]})
        assert table.view()["score"][winner] == 1, (ana, ben)


def test_team_time_over_all_four_fall_is_a_draw(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Cat=7, Ben=10, Dan=9)
    for _ in range(3):
        table.act("Ana", type="draw", count=10)
    # Ana-Ben 2 apart: Ben falls; Ana-Dan 1: Ana falls; Cat-Ben 3: Cat falls; Cat-Dan 2: Dan
    hands = {"Ana": [2], "Cat": [2], "Ben": [3], "Dan": [1]}
    table.act("Ana", type="time_over", hands=hands)
    view = table.view()
    assert view["round_over"] and view["score"] == {"A": 0, "B": 0}
    assert table.down() == {"Ana", "Cat", "Ben", "Dan"}


# --- Raid on Deathstrike Dragon ------------------------------------------------------------


def test_raid_turns_mortals_then_the_dragon(catalog: Catalog) -> None:
    table = raid(catalog)
    seen = []
    for _ in range(5):
        seen.append(table.view()["turn"])
        table.act(seen[-1], type="end_turn")
    assert seen == ["Ana", "Ben", "Cat", "Drake", "Ana"]


def test_dragon_takes_an_extra_turn_per_mortal_defeated(catalog: Catalog) -> None:
    table = raid(catalog).place(Ana=6, Ben=6, Drake=9).turn_to("Drake")
    table.act("Drake", type="attack", player="Drake", target="Ana", cards=[3])
    table.act("Ana", type="hit", player="Ana").act("Ben", type="hit", player="Ben")
    assert table.view()["extra_turns"] == 2
    table.act("Drake", type="end_turn")
    assert table.view()["turn"] == "Drake"
    assert table.view()["outcome"] == "Drake takes an extra turn"
    table.act("Drake", type="end_turn")
    assert table.view()["turn"] == "Drake"
    table.act("Drake", type="end_turn")
    assert table.view()["turn"] == "Cat"


def test_dragon_extra_turn_comes_after_his_normal_turn(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(loyal[0], type="accuse", accused=loyal[1])  # wrong: the accuser falls
    assert table.down() == {loyal[0]}
    assert table.view()["extra_turns"] == 1
    table.turn_to("Drake").act("Drake", type="end_turn")
    assert table.view()["turn"] == "Drake"  # the extra turn
    table.act("Drake", type="end_turn")
    assert table.view()["turn"] != "Drake"


def test_dragon_loses_hit_points_and_the_last_one_wins_for_the_mortals(
    catalog: Catalog,
) -> None:
    table = raid(catalog, ("Ana", "Ben")).place(Ana=14, Drake=17)
    assert table.view()["hit_points"] == 2
    table.act("Ana", type="attack", player="Ana", target="Drake", cards=[3])
    table.act("Drake", type="hit", player="Drake")
    assert table.view()["hit_points"] == 1 and not table.view()["game_winner"]
    table.act("Ana", type="end_turn").act("Ben", type="place", player="Ben", space=16)
    table.act("Ben", type="attack", player="Ben", target="Drake", cards=[1])
    table.act("Drake", type="hit", player="Drake")
    assert table.view()["game_winner"] == "mortals"


def test_dragon_wins_when_every_mortal_falls(catalog: Catalog) -> None:
    table = raid(catalog, ("Ana", "Ben")).place(Ana=5, Ben=6, Drake=8).turn_to("Drake")
    table.act("Drake", type="attack", player="Drake", target="Ben", cards=[2])
    table.act("Ben", type="hit", player="Ben")
    assert not table.view()["game_winner"]
    table.act("Drake", type="end_turn")  # his extra turn for Ben
    table.act("Drake", type="attack", player="Drake", target="Ana", cards=[3])
    table.act("Ana", type="hit", player="Ana")
    assert table.view()["game_winner"] == "dragon"


def test_dragon_pushes_every_mortal_on_the_adjacent_space(catalog: Catalog) -> None:
    table = raid(catalog).place(Ana=7, Ben=7, Cat=3, Drake=8).turn_to("Drake")
    table.act("Drake", type="push", player="Drake", target="Ana", card=2)
    assert table.where() == {"Ana": 5, "Ben": 5, "Cat": 3, "Drake": 8}


def test_dragon_cannot_pass_the_front_most_mortal(catalog: Catalog) -> None:
    table = raid(catalog).place(Ana=9, Ben=4, Drake=12).turn_to("Drake")
    table.act("Drake", type="move", player="Drake", card=5)
    assert table.where()["Drake"] == 10


def test_raid_time_over_last_hits_kill_the_dragon(catalog: Catalog) -> None:
    table = raid(catalog, ("Ana", "Ben")).place(Ana=12, Ben=14, Drake=16)
    for count in (10, 10, 10, 3):
        table.act("Ana", type="draw", count=count)
    # Ana 4 away holds a 4 (the Dragon none); Ben 2 away holds two 2s (the Dragon one)
    table.act("Ana", type="time_over", hands={"Ana": [4], "Ben": [2, 2], "Drake": [2]})
    assert table.view()["hit_points"] == 0 and table.view()["game_winner"] == "mortals"


RAID_TIME_OVERS = [
    # Ana, Ben, Drake spaces, hands, winner
    (14, 15, 17, {"Ana": [1], "Ben": [1], "Drake": [3, 2]}, "dragon"),  # both mortals fall
    (12, 15, 16, {"Ana": [4, 4], "Ben": [1, 1], "Drake": [3]}, "mortals"),  # 2 hits
    (3, 4, 11, {"Ana": [1], "Ben": [1], "Drake": [5]}, "dragon"),  # Dragon advanced 7 > 3
    (10, 11, 15, {"Ana": [1], "Ben": [1], "Drake": [2]}, "mortals"),  # Ben advanced 10 > 3
    (6, 8, 11, {"Ana": [1], "Ben": [1], "Drake": [1]}, "draw"),  # 7 and 7
    (14, 2, 15, {"Ana": [2], "Ben": [1], "Drake": [1]}, "dragon"),  # Ana falls; 3 > 1
]


@pytest.mark.parametrize(("ana", "ben", "drake", "hands", "winner"), RAID_TIME_OVERS)
def test_raid_time_over_both_ways(
    catalog: Catalog, ana: int, ben: int, drake: int, hands: dict[str, list[int]], winner: str
) -> None:
    table = raid(catalog, ("Ana", "Ben")).place(Ana=ana, Ben=ben, Drake=drake)
    for count in (10, 10, 10, 3):
        table.act("Ana", type="draw", count=count)
    table.act("Ana", type="time_over", hands=hands)
    assert table.view()["game_winner"] == winner


def test_raid_time_over_waits_for_the_one_reshuffle(catalog: Catalog) -> None:
    table = raid(catalog)  # 3 mortals: 40 cards, reshuffle once
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=7)
    assert table.view()["deck"] > 0 and table.view()["reshuffles"] == 1
    deck = table.view()["deck"]
    assert table.view()["outcome"] == f"the deck ran out: reshuffled once ({deck} cards)"
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=7)
    assert table.view()["deck"] == 0 and table.view()["reshuffles"] == 1


# --- Betrayal at the Raid -------------------------------------------------------------------


def test_dragon_team_wins_when_loyal_mortals_fall_while_the_traitor_hides(
    catalog: Catalog,
) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    spaces = dict.fromkeys(loyal, 8)
    table.place(**spaces, **{traitor: 2}, Drake=11).turn_to("Drake")
    table.act("Drake", type="attack", player="Drake", target=loyal[0], cards=[3])
    for name in loyal:
        table.act(name, type="hit", player=name)
    view = table.view()
    assert view["game_winner"] == "dragon" and traitor not in table.down()


def test_mortals_win_by_defeating_the_dragon_even_with_the_traitor_standing(
    catalog: Catalog,
) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(traitor, type="reveal", guesses=[])
    table.place(**{loyal[0]: 14}, Drake=17)
    for _ in range(3):
        table.turn_to(loyal[0])
        table.act(loyal[0], type="attack", player=loyal[0], target="Drake", cards=[3])
        table.act("Drake", type="hit", player="Drake")
        if table.view()["game_winner"]:
            break
        table.act(loyal[0], type="end_turn")
    assert table.view()["game_winner"] == "mortals" and traitor not in table.down()


def test_revealed_traitor_starts_on_the_dragon_space_and_moves_toward_the_mortals(
    catalog: Catalog,
) -> None:
    table, traitor = betrayal(catalog)
    table.act(traitor, type="reveal", guesses=[])
    assert table.where()[traitor] == 18
    table.turn_to(traitor).act(traitor, type="move", player=traitor, card=3)
    assert table.where()[traitor] == 15
    table.act(traitor, type="end_turn").turn_to(traitor)
    table.act(traitor, type="move", player=traitor, card=2, backward=True)
    assert table.where()[traitor] == 17


def test_revealed_traitor_retreats_toward_the_dragon_start(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(traitor, type="reveal", guesses=[])
    table.place(**{traitor: 12, loyal[0]: 5}).turn_to(loyal[0])
    table.act(loyal[0], type="dash", player=loyal[0], target=traitor, dash=3, cards=[4])
    table.act(traitor, type="retreat", player=traitor, card=2)
    assert table.where()[traitor] == 14


def test_mortals_cannot_pass_the_revealed_traitor(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(traitor, type="reveal", guesses=[])
    table.place(**{traitor: 9, loyal[0]: 6}).turn_to(loyal[0])
    table.act(loyal[0], type="move", player=loyal[0], card=5)
    assert table.where()[loyal[0]] == 8


def test_traitor_names_hands_until_the_first_miss(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    guesses = [[loyal[0], True], [loyal[1], False], [loyal[2], True]]
    table.act(traitor, type="reveal", guesses=guesses)
    assert table.down() == {loyal[0]}
    assert table.history[-1] == (
        f"{traitor} is the traitor; {traitor} named {loyal[0]}'s hand: {loyal[0]} is defeated"
    )
    assert table.view()["revealed"] == {traitor: "traitor"}
    assert table.view()["extra_turns"] == 1


def test_accused_traitor_falls_and_play_goes_on(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(loyal[0], type="accuse", accused=traitor)
    assert table.down() == {traitor} and not table.view()["game_winner"]
    assert table.history[-1] == (f"{loyal[0]} accused {traitor}: {traitor} is defeated")


def test_revealed_traitor_no_longer_accuses(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(traitor, type="reveal", guesses=[])
    assert "mortal" in table.refused(traitor, type="accuse", accused=loyal[0])


def test_dragon_with_the_traitor_card_reveals_for_a_hit_point(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog, traitor_is_a_mortal=False)
    assert traitor == "Drake" and table.view()["hit_points"] == 3
    table.act("Drake", type="dragon_reveal")
    assert table.view()["hit_points"] == 4
    assert table.history[-1] == ("Drake: the Dragon held the traitor card: one more hit point")
    assert "already" in table.refused("Drake", type="dragon_reveal")


def test_betrayal_time_over_hidden_traitor_reveals_and_last_hits_first(
    catalog: Catalog,
) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    # the traitor on 6 last-hits the loyal mortal behind him on 4 (more 2s); they cannot hit back
    table.place(**{traitor: 6, loyal[0]: 4, loyal[1]: 3, loyal[2]: 3}, Drake=12)
    for count in (10, 10, 2):
        table.act("Drake", type="draw", count=count)
    table.act("Drake", type="draw", count=10).act("Drake", type="draw", count=10)
    table.act("Drake", type="draw", count=2)
    assert table.view()["deck"] == 0
    hands = {traitor: [2, 2], loyal[0]: [2], loyal[1]: [1], loyal[2]: [1], "Drake": [5]}
    table.act("Drake", type="time_over", hands=hands)
    view = table.view()
    assert loyal[0] in table.down() and traitor not in table.down()
    assert table.where()[traitor] == 6  # stays on the space where time ran out
    assert view["revealed"].get(traitor) == "traitor"
    # the Dragon advanced 6, the farthest loyal mortal 2: the Dragon wins
    assert view["game_winner"] == "dragon"


def test_betrayal_time_over_revealed_traitor_still_last_hits(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(traitor, type="reveal", guesses=[])
    table.place(**{traitor: 10, loyal[0]: 9, loyal[1]: 5, loyal[2]: 5}, Drake=16)
    for count in (10, 10, 2, 10, 10, 2):
        table.act("Drake", type="draw", count=count)
    hands = {traitor: [1], loyal[0]: [3], loyal[1]: [2], loyal[2]: [2], "Drake": [4]}
    table.act("Drake", type="time_over", hands=hands)
    # the traitor 1 away from loyal[0] holds a 1 (loyal[0] none): loyal[0] falls; the Dragon
    # is 11 from the others: no last-hits; Dragon advanced 2, the farthest mortal 4
    assert loyal[0] in table.down()
    assert table.view()["game_winner"] == "mortals"


def test_traitor_reveals_while_the_dragon_strikes_him(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.place(**{traitor: 8, loyal[0]: 8}, Drake=11).turn_to("Drake")
    table.act("Drake", type="attack", player="Drake", target=traitor, cards=[3])
    assert set(table.view()["pending"]["targets"]) == {traitor, loyal[0]}
    table.act(traitor, type="reveal", guesses=[])
    assert table.view()["pending"]["targets"] == [loyal[0]]
    assert table.where()[traitor] == 18


def test_accused_traitor_under_attack_no_longer_answers(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.place(**{traitor: 8, loyal[0]: 8}, Drake=11).turn_to("Drake")
    table.act("Drake", type="attack", player="Drake", target=traitor, cards=[3])
    table.act(loyal[1], type="accuse", accused=traitor)
    assert table.view()["pending"]["targets"] == [loyal[0]]
    table.act(loyal[0], type="hit", player=loyal[0])
    assert table.view()["pending"] is None and table.down() == {traitor, loyal[0]}


def test_a_team_switches_p1_and_p2_between_rounds(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=5, Cat=5, Ben=8).turn_to("Ben")
    assert "between rounds" in table.refused("Ana", type="switch_order", player="Ana")
    table.place(Dan=8).act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    table.act("Ana", type="hit", player="Ana").act("Cat", type="hit", player="Cat")
    assert table.view()["round_winner"] == "B"
    table.act("Cat", type="switch_order", player="Cat")
    assert table.view()["order"] == ["Cat", "Ben", "Ana", "Dan"]
    assert table.history[-1] == "Cat: Ana and Cat switch places in the turn order"
    table.act("Ana", type="first_player", player="Cat")
    seen = []
    for _ in range(4):
        seen.append(table.view()["turn"])
        table.act(seen[-1], type="end_turn")
    assert seen == ["Cat", "Ben", "Ana", "Dan"]
    full = Table(catalog, mode="full", players=["Ana", "Ben"], characters=CHARS)
    assert "Team Battle" in full.refused("Ana", type="switch_order", player="Ana")


def test_team_time_over_a_whole_team_falls(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=8, Cat=2, Ben=10, Dan=11)
    for _ in range(3):
        table.act("Ana", type="draw", count=10)
    hands = {"Ana": [2, 2, 3], "Cat": [1], "Ben": [1], "Dan": [1]}  # Ana last-hits both
    table.act("Ana", type="time_over", hands=hands)
    assert table.view()["round_winner"] == "A" and table.down() == {"Ben", "Dan"}


def test_team_time_over_front_most_equal_is_a_draw(catalog: Catalog) -> None:
    table = team(catalog).place(Ana=5, Cat=2, Ben=14, Dan=16)  # both advanced 4
    for _ in range(3):
        table.act("Ana", type="draw", count=10)
    table.act("Ana", type="time_over", hands={"Ana": [1], "Cat": [1], "Ben": [1], "Dan": [1]})
    assert table.view()["round_over"] and table.view()["round_winner"] is None


def test_hidden_traitor_who_accuses_a_loyal_mortal_falls(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.act(traitor, type="accuse", accused=loyal[0])
    assert table.down() == {traitor}
    assert table.view(loyal[1])["revealed"] == {loyal[0]: "loyal"}


def test_time_over_ends_the_game_and_then_every_card_is_shown(catalog: Catalog) -> None:
    # Seed 002 l.362 has no mortal traitor reveal here (the Dragon holds the card); the game
    # is over, so every card is turned face up (issue #26 item 8: it used to stay hidden).
    table, _ = betrayal(catalog, traitor_is_a_mortal=False)
    table.place(Drake=12)
    for count in (10, 10, 2, 10, 10, 2):
        table.act("Drake", type="draw", count=count)
    hands = {"Ana": [1], "Ben": [1], "Cat": [1], "Dan": [1], "Drake": [1]}
    table.act("Drake", type="time_over", hands=hands)
    view = table.view("Ana")
    assert view["game_winner"] == "dragon"  # advanced 6 > 0
    assert view["revealed"] == {"Ana": "loyal", "Ben": "loyal", "Cat": "loyal", "Dan": "loyal",
                                "Drake": "traitor"}  # fmt: skip


def test_betrayal_time_over_an_even_last_hit_spares_the_loyal_mortal(catalog: Catalog) -> None:
    table, traitor = betrayal(catalog)
    loyal = [p for p in ("Ana", "Ben", "Cat", "Dan") if p != traitor]
    table.place(**{traitor: 6, loyal[0]: 4, loyal[1]: 10, loyal[2]: 3}, Drake=12)
    for count in (10, 10, 2, 10, 10, 2):
        table.act("Drake", type="draw", count=count)
    hands = {traitor: [2], loyal[0]: [2], loyal[1]: [1], loyal[2]: [1], "Drake": [5]}
    table.act("Drake", type="time_over", hands=hands)
    assert loyal[0] not in table.down()
    assert table.view()["game_winner"] == "mortals"  # loyal[1] advanced 9 > the Dragon's 6
