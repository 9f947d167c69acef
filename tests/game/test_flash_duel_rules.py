"""Flash Duel 1 vs 1 and solo through ``apply`` (no HTTP): each action, both outcomes (seed 002)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.game.errors import IllegalMove, InvalidAction, InvalidSetup
from companion.game.flash_duel import actions as act
from companion.game.flash_duel.modes import MODES, find_mode
from companion.game.flash_duel.room import (
    RULES,
    setup_from_json,
    setup_from_request,
    setup_to_json,
)
from printkit.catalog import Catalog
from tests.fd_table import Table

CHARS = {"Ana": "grave", "Ben": "rook"}


def duel(catalog: Catalog, mode: str = "full", seed: int = 7) -> Table:
    """Ana (space 1) against Ben (space 18); Ana plays first."""
    table = Table(catalog, seed=seed, mode=mode, players=["Ana", "Ben"], characters=CHARS)
    return table.turn_to("Ana")


def solo(catalog: Catalog, bot: str) -> Table:
    return Table(catalog, mode="solo", players=["Ana"], characters={"Ana": "grave"}, bot=bot)


# --- the modes list -----------------------------------------------------------------------


def test_every_mode_of_the_catalog_is_a_mode_object(catalog: Catalog) -> None:
    fd = next(s for g in catalog.games for s in g.sets if g.id == "flash-duel")
    assert [m.id for m in MODES] == [m.id for m in fd.modes]
    assert find_mode("raid").one_game and not find_mode("full").one_game
    with pytest.raises(IllegalMove, match="'mode' must be one of simple, full"):
        find_mode("chess")


def test_coin_decides_the_first_player_of_a_1v1(catalog: Catalog) -> None:
    firsts = {
        Table(catalog, seed=s, mode="simple", players=["Ana", "Ben"]).view()["turn"]
        for s in range(10)
    }
    assert firsts == {"Ana", "Ben"}


def test_simple_mode_has_no_abilities(catalog: Catalog) -> None:
    view = duel(catalog, "simple").view()
    assert view["abilities"] == {"Ana": [], "Ben": []}


# --- move, push, attack, dash, block, retreat, hit -----------------------------------------


def test_move_forward_stops_next_to_the_enemy_and_back_stops_at_the_edge(
    catalog: Catalog,
) -> None:
    table = duel(catalog).place(Ben=6)
    table.act("Ana", type="move", player="Ana", card=5)
    assert table.where()["Ana"] == 5
    table.act("Ana", type="end_turn").turn_to("Ana")
    table.act("Ana", type="move", player="Ana", card=4, backward=True)
    assert table.where()["Ana"] == 1
    assert table.history[-1] == "Ana moves back 4"


def test_move_refusals(catalog: Catalog) -> None:
    table = duel(catalog)
    assert "Ana's turn" in table.refused("Ben", type="move", player="Ben", card=1)
    assert "1 to 5, not 6" in table.refused("Ana", type="move", player="Ana", card=6)
    assert "Zed" in table.refused("Ana", type="move", player="Zed", card=1)


def test_push_back_and_off_the_edge(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=8, Ben=9)
    table.act("Ana", type="push", player="Ana", target="Ben", card=4)
    assert table.where()["Ben"] == 13  # 5 spaces away after a push of 4
    table.act("Ana", type="end_turn").turn_to("Ana")
    table.place(Ana=15, Ben=16).act("Ana", type="push", player="Ana", target="Ben", card=5)
    assert table.where()["Ben"] == 18
    table.act("Ana", type="end_turn").turn_to("Ana")
    table.place(Ben=12)
    assert "adjacent" in table.refused("Ana", type="push", player="Ana", target="Ben", card=1)
    assert "opponent" in table.refused("Ana", type="push", player="Ana", target="Ana", card=1)


def test_attack_blocked_with_the_same_cards(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=5, Ben=10)
    assert "5s, not 3" in table.refused("Ana", type="attack", player="Ana", target="Ben", cards=[3])
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[5, 5])
    assert table.view()["pending"] == {
        "attacker": "Ana",
        "targets": ["Ben"],
        "kind": "attack",
        "cards": [5, 5],
        "blocks": {},
    }
    assert "attack" in table.refused("Ben", type="retreat", player="Ben", card=1)
    assert "not being attacked" in table.refused("Ana", type="block", player="Ana", cards=[5])
    # A pair is blocked by the same pair: half of it is refused, saying what is missing.
    refused = table.refused("Ben", type="block", player="Ben", cards=[5])
    assert refused == (
        "Ben blocks 5 5 with the very same cards: 5 missing (block with all of them, or take "
        "the hit)"
    )
    assert table.view()["pending"]["blocks"] == {}
    table.act("Ben", type="block", player="Ben", cards=[5, 5])
    assert table.view()["pending"] is None and table.view()["outcome"] == "Ben blocked"
    assert table.history[-1] == "Ben blocks with 5 5 (Ben blocked)"


def test_attack_hit_wins_the_round_and_the_loser_chooses(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=5, Ben=10)
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[5])
    table.act("Ben", type="hit", player="Ben")
    view = table.view()
    assert view["round_over"] and view["score"] == {"A": 1, "B": 0}
    assert view["outcome"] == "Ben was hit; round to Ana" and view["chooser"] == "Ben"
    assert view["side_names"] == {"A": "Ana", "B": "Ben"}
    assert "round is over" in table.refused("Ana", type="move", player="Ana", card=1)
    assert "round is over" in table.refused("Ana", type="end_turn")
    assert "lost the round" in table.refused("Ana", type="first_player", player="Ana")
    table.act("Ben", type="first_player", player="Ben")
    view = table.view()
    assert view["turn"] == "Ben" and not view["round_over"] and view["deck"] == 15
    assert table.where() == {"Ana": 1, "Ben": 18}
    assert "between rounds" in table.refused("Ben", type="first_player", player="Ben")


def test_three_round_wins_take_the_game_and_a_new_game_starts(catalog: Catalog) -> None:
    table = duel(catalog)
    for _ in range(3):
        if table.view()["round_over"]:
            table.act("Ben", type="first_player", player="Ana")
        table.place(Ana=13, Ben=18).act("Ana", type="attack", player="Ana", target="Ben", cards=[5])
        table.act("Ben", type="hit", player="Ben")
    view = table.view()
    assert view["game_winner"] == "A" and view["winner_name"] == "Ana"
    assert view["outcome"].endswith("Ana wins the game")
    assert "game is over" in table.refused("Ben", type="end_turn")
    table.act("Ben", type="new_game")
    assert table.view()["score"] == {"A": 0, "B": 0} and not table.view()["game_winner"]
    assert "finish the game" in table.refused("Ben", type="new_game")


def test_dashing_strike_retreat_and_recovery(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=2, Ben=10)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=3, cards=[5, 5])
    assert table.where()["Ana"] == 5 and table.view()["pending"]["kind"] == "dash"
    table.act("Ben", type="retreat", player="Ben", card=2)
    assert table.where()["Ben"] == 12 and table.view()["pending"] is None
    assert table.view()["fighters"][1]["recovering"]
    table.act("Ana", type="end_turn")
    assert "recovering" in table.refused("Ben", type="move", player="Ben", card=1)
    table.act("Ben", type="end_turn").act("Ana", type="end_turn")
    table.act("Ben", type="move", player="Ben", card=1)
    assert table.where()["Ben"] == 11


def test_dashing_strike_blocked_or_hit(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=10, Ben=13)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=5, cards=[1])
    assert table.where()["Ana"] == 12  # a dash of 5 stops next to Ben
    table.act("Ben", type="block", player="Ben", cards=[1])
    assert table.view()["pending"] is None
    table.place(Ana=9, Ben=12).act("Ana", type="end_turn").act("Ben", type="end_turn")
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=1, cards=[2])
    table.act("Ben", type="hit", player="Ben")
    assert table.view()["round_winner"] == "A"


def test_no_retreat_from_the_edge_and_no_dash_from_adjacent(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=13)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=1, cards=[4])
    assert "edge" in table.refused("Ben", type="retreat", player="Ben", card=1)
    table.act("Ben", type="hit", player="Ben").act("Ben", type="first_player", player="Ana")
    table.place(Ana=9, Ben=10)
    assert "adjacent" in table.refused(
        "Ana", type="dash", player="Ana", target="Ben", dash=1, cards=[1]
    )


def test_end_turn_waits_for_the_answer(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=14)
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[4])
    assert "answer" in table.refused("Ana", type="end_turn")
    assert "answer" in table.refused("Ana", type="move", player="Ana", card=1)
    table.act("Ben", type="block", player="Ben", cards=[4]).act("Ana", type="end_turn")
    assert table.view()["turn"] == "Ben" and table.view()["turn_no"] == 2


def test_hit_without_an_attack_is_refused(catalog: Catalog) -> None:
    table = duel(catalog)
    assert "no attack" in table.refused("Ben", type="hit", player="Ben")
    assert "no attack" in table.refused(
        "Ben", type="dashing_block", player="Ben", dash=1, cards=[1]
    )


def test_place_stays_on_the_board(catalog: Catalog) -> None:
    table = duel(catalog)
    assert "1 to 18" in table.refused("Ana", type="place", player="Ana", space=19)
    table.act("Ben", type="place", player="Ana", space=7)
    assert table.where()["Ana"] == 7 and table.history[-1] == "Ben: Ana placed on space 7"


def test_abilities_one_per_turn(catalog: Catalog) -> None:
    table = duel(catalog)
    keys = [a["key"] for a in table.view()["abilities"]["Ana"]]
    table.act("Ana", type="use_ability", player="Ana", ability=keys[0])
    assert "one per turn" in table.refused("Ana", type="use_ability", player="Ana", ability=keys[1])
    assert table.history[-1] == "Ana uses Reversal"  # the catalog's name, not its id


# --- the draw pile and time-over, both ways ----------------------------------------------


def run_out(table: Table) -> Table:
    for count in (10, 5):
        table.act("Ana", type="draw", count=count)
    return table


@pytest.mark.parametrize(
    ("ana", "ben", "hands", "winner"),
    [
        (5, 9, {"Ana": [4, 4], "Ben": [4]}, "A"),  # more 4s
        (5, 9, {"Ana": [4], "Ben": [4, 4, 1]}, "B"),
        (9, 13, {"Ana": [1], "Ben": [2]}, "A"),  # no 4s: Ana advanced 8, Ben 5
        (4, 9, {"Ana": [1], "Ben": [2]}, "B"),  # Ana advanced 3, Ben 9
        (8, 11, {"Ana": [1], "Ben": [2]}, None),  # 7 and 7: a draw
    ],
)
def test_time_over_both_ways_and_a_draw(
    catalog: Catalog, ana: int, ben: int, hands: dict[str, list[int]], winner: str | None
) -> None:
    table = run_out(duel(catalog).place(Ana=ana, Ben=ben))
    assert table.view()["outcome"].startswith("the last card is drawn")
    table.act("Ana", type="draw", count=1)  # an empty pile stays empty
    assert table.view()["deck"] == 0
    table.act("Ana", type="time_over", hands=hands)
    view = table.view()
    assert view["round_winner"] == winner and view["round_over"]
    assert ("draw" in view["outcome"]) == (winner is None)


def test_time_over_needs_every_hand_and_real_cards(catalog: Catalog) -> None:
    table = run_out(duel(catalog))
    assert "Ben" in table.refused("Ana", type="time_over", hands={"Ana": [1]})
    assert "not 9" in table.refused("Ana", type="time_over", hands={"Ana": [9], "Ben": []})
    assert "1 to 10" in duel(catalog).refused("Ana", type="draw", count=11)


@pytest.mark.parametrize(
    ("ana", "ben", "hands", "winner"),
    [
        (5, 9, {"Ana": [4, 4], "Ben": [4]}, "A"),  # the same outcomes as typed on one phone
        (4, 9, {"Ana": [1], "Ben": [2]}, "B"),
        (8, 11, {"Ana": [1], "Ben": [2]}, None),
    ],
)
def test_time_over_from_each_phones_own_hand(
    catalog: Catalog, ana: int, ben: int, hands: dict[str, list[int]], winner: str | None
) -> None:
    # Seed 002 l.113: both players reveal their hands; each enters its own (issue #26).
    table = run_out(duel(catalog).place(Ana=ana, Ben=ben))
    assert "cards are still" in duel(catalog).refused("Ana", type="show_hand", cards=[1])
    table.act("Ana", type="show_hand", cards=[1])  # a first try, corrected before the reveal
    assert "waiting for Ben" in table.refused("Ana", type="end_turn")
    table.act("Ana", type="show_hand", cards=hands["Ana"])
    assert table.view("Ben")["hands_shown"] == {"entered": ["Ana"], "mine": None}
    assert not table.view()["round_over"]
    table.act("Ben", type="show_hand", cards=hands["Ben"])
    view = table.view()
    assert view["round_winner"] == winner and view["round_over"]


def test_a_time_over_typed_after_a_hand_was_shown_leaves_no_hand_behind(
    catalog: Catalog,
) -> None:
    table = run_out(duel(catalog))
    table.act("Ana", type="show_hand", cards=[1])
    table.act("Ben", type="time_over", hands={"Ana": [1], "Ben": [2]})  # a casual table's way
    assert table.state.shown == () and table.view()["round_over"]
    chooser = table.view()["chooser"] or "Ana"
    table.act(chooser, type="first_player", player=chooser)


def test_the_bot_has_no_phone_to_show_its_hand(catalog: Catalog) -> None:
    table = solo(catalog, "rook")
    while table.state.deck:
        table.act("Ana", type="draw", count=min(10, table.state.deck))
    assert "enter every hand at once" in table.refused("Ana", type="show_hand", cards=[1])


# --- solo against each bot -------------------------------------------------------------------


def test_rook_bot_pushes_when_adjacent_and_blocks_with_rock_armor(catalog: Catalog) -> None:
    table = solo(catalog, "rook").place(Ana=9, Bot=10)
    table.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[5, 5, 5, 4, 4], drawn=3)
    assert table.where()["Ana"] == 6 and table.view()["turn"] == "Ana"
    assert table.view()["last_bot"] == "bot: push 3"
    table.place(Ana=2, Bot=10).act(
        "Ana", type="dash", player="Ana", target="Bot", dash=4, cards=[4]
    )
    table.act("Ana", type="bot_defend", hand=[1, 1, 2, 5, 3], extra=5)  # no 4: Rock Armor
    assert table.view()["last_bot"] == "bot: block 5" and table.view()["pending"] is None
    table.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[1, 1, 2, 2, 2], drawn=1)
    table.act("Ana", type="dash", player="Ana", target="Bot", dash=1, cards=[2])
    table.act("Ana", type="bot_defend", hand=[1, 1, 1, 1, 1], extra=1)  # no higher single
    assert table.view()["last_bot"] == "bot: retreat 1"


def test_bot_dashing_strike_and_recovery(catalog: Catalog) -> None:
    table = solo(catalog, "training-dummy").place(Ana=5)
    table.act("Ana", type="end_turn")
    table.act("Ana", type="bot_turn", hand=[1, 1, 3, 3, 2], drawn=5)  # 13 away: dash 5, 8 away
    assert table.view()["last_bot"] == "bot: move 5" and table.where()["Bot"] == 13
    table.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[4, 4, 2, 2, 1], drawn=4)
    view = table.view()
    assert view["last_bot"] == "bot: dash 4 then strike 4 4" and view["pending"]["kind"] == "dash"
    assert view["turn"] == "Ana"
    table.act("Ana", type="retreat", player="Ana", card=2)
    assert table.where()["Ana"] == 3
    assert "recovering" in table.refused("Ana", type="move", player="Ana", card=1)


def test_dummy_retreats_from_a_dash_it_cannot_block(catalog: Catalog) -> None:
    table = solo(catalog, "training-dummy").place(Ana=8, Bot=16)
    table.act("Ana", type="dash", player="Ana", target="Bot", dash=5, cards=[3])
    assert table.where()["Ana"] == 13 and table.view()["pending"]["kind"] == "dash"
    table.act("Ana", type="bot_defend", hand=[1, 1, 1, 2, 2], extra=4)
    assert table.where()["Bot"] == 18 and table.view()["last_bot"] == "bot: retreat 4"
    table.act("Ana", type="end_turn")
    table.act("Ana", type="bot_turn", hand=[1, 1, 1, 3, 3], drawn=2)  # recovering: no move
    assert table.where()["Bot"] == 18 and table.view()["outcome"] == "Bot recovers"


def test_dragon_bot_takes_two_hits_and_discards(catalog: Catalog) -> None:
    table = solo(catalog, "deathstrike-dragon").place(Ana=15)
    table.act("Ana", type="attack", player="Ana", target="Bot", cards=[3, 3])
    table.act("Ana", type="bot_defend", hand=[1, 1, 2, 4, 5], extra=5)
    view = table.view()
    assert view["hit_points"] == 1 and view["last_bot"].endswith("discards every 3")
    assert view["outcome"] == "Bot was hit: 1 hit point left"
    table.act("Ana", type="end_turn")
    assert "not being attacked" in table.refused("Ana", type="bot_defend", hand=[1], extra=1)
    table.act("Ana", type="bot_turn", hand=[1, 1, 4, 4, 5], drawn=1)  # 3 away: moves 1
    table.act("Ana", type="attack", player="Ana", target="Bot", cards=[2])
    table.act("Ana", type="hit", player="Bot")
    view = table.view()
    assert view["round_winner"] == "A" and view["hit_points"] == 0
    assert [a["name"] for a in view["achievements"]] == ["Dragon Blood"]
    table.act("Ana", type="first_player", player="Bot")  # the player chooses for the bot
    assert table.view()["turn"] == "Bot"


def test_solo_refusals(catalog: Catalog) -> None:
    table = solo(catalog, "rook")
    assert "not Bot's turn" in table.refused("Ana", type="bot_turn", hand=[1], drawn=1)
    assert "not being attacked" in table.refused("Ana", type="bot_defend", hand=[1], extra=1)
    full = duel(catalog)
    assert "not" in full.refused("Ana", type="bot_turn", hand=[1], drawn=1)


def win_solo_game(table: Table) -> None:
    """Ana wins three rounds against the bot, each with one attack it cannot block."""
    for n in range(3):
        if n:
            table.act("Ana", type="first_player", player="Ana")
        table.place(Ana=15).act("Ana", type="attack", player="Ana", target="Bot", cards=[3])
        table.act("Ana", type="bot_defend", hand=[1, 1, 2, 2, 4], extra=5)


def test_solo_game_won_then_another_character_and_bot(catalog: Catalog) -> None:
    table = solo(catalog, "training-dummy")
    win_solo_game(table)
    view = table.view()
    assert view["game_winner"] == "A" and view["points"][0] == 10
    assert "nobody" in table.refused("Ana", type="new_game", character="nobody")
    assert "'bot' must be one of" in table.refused("Ana", type="new_game", bot="chess")
    table.act("Ana", type="new_game", character="rook", bot="rook")
    view = table.view()
    assert view["bot_name"] == "Rook" and view["characters"] == {"Ana": "Rook"}
    assert view["points"][0] == 10


# --- parsing at the edge ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fly"}, "unknown action 'fly'"),
        ({}, "unknown action None"),
        ({"type": "move", "player": "Ana", "card": "3"}, "'card' must be a whole number"),
        ({"type": "move", "player": "Ana", "card": True}, "'card' must be a whole number"),
        ({"type": "move", "player": "Ana", "card": 2**70}, "'card' must be a whole number"),
        ({"type": "move", "player": 3, "card": 1}, "'player' must be a text"),
        ({"type": "move", "player": "Ana", "card": 1, "backward": 1}, "true or false"),
        ({"type": "attack", "player": "A", "target": "B", "cards": []}, "1 to 20 cards"),
        ({"type": "attack", "player": "A", "target": "B", "cards": 3}, "1 to 20 cards"),
        ({"type": "time_over", "hands": [1]}, "'hands' must map"),
        ({"type": "reveal", "guesses": [["Ana"]]}, "'guesses' must be"),
        ({"type": "new_game", "bot": 5}, "'bot' must be a text"),
    ],
)
def test_parse_action_refuses_bad_shapes(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        act.parse_action(data)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "move", "player": "Ana", "card": 3},
        {"type": "move", "player": "Ana", "card": 3, "backward": True},
        {"type": "push", "player": "Ana", "target": "Ben", "card": 2},
        {"type": "dash", "player": "Ana", "target": "Ben", "dash": 2, "cards": [3, 3]},
        {"type": "dashing_block", "player": "Cat", "dash": 5, "cards": [3]},
        {"type": "dashing_block", "player": "Cat", "dash": 5, "cards": [3], "teammate": "Ana"},
        {"type": "time_over", "hands": {"Ana": [1, 2], "Ben": []}},
        {"type": "reveal", "guesses": [["Ana", True], ["Ben", False]]},
        {"type": "draw", "count": 3},
        {"type": "end_turn"},
        {"type": "new_game", "character": "rook"},
        {"type": "swap_ability", "player": "Ana", "give": "a/b", "take": "c/d"},
        {"type": "bot_turn", "hand": [1, 2], "drawn": 3},
        {"type": "dragon_reveal"},
    ],
)
def test_actions_go_back_to_the_same_json(data: dict[str, Any]) -> None:
    assert act.action_to_json(act.parse_action(data)) == data


def test_setup_from_request_and_back(catalog: Catalog) -> None:
    request = {"mode": "raid", "players": ["Ana", "Ben", "Drake"], "dragon": "Drake"}
    setup = setup_from_request({**request, "characters": CHARS}, catalog, 5)
    assert setup_from_json(setup_to_json(setup)) == setup
    assert RULES.players(setup) == ("Ana", "Ben", "Drake")
    with pytest.raises(InvalidSetup, match="needs a character for Ana"):
        solo = {"mode": "solo", "players": ["Ana"], "bot": "rook"}
        setup_from_request(solo, catalog, 5)
    with pytest.raises(InvalidSetup, match="'characters' must map"):
        setup_from_request({**request, "characters": {"Ana": 3}}, catalog, 5)
    with pytest.raises(InvalidSetup, match="'dragon' must be text"):
        setup_from_request({**request, "dragon": 5, "characters": CHARS}, catalog, 5)
    everyone = {**CHARS, "Drake": "menelker"}
    with pytest.raises(IllegalMove, match="'dragon' must name"):
        setup_from_request({**request, "dragon": "Zed", "characters": everyone}, catalog, 5)
    with pytest.raises(IllegalMove, match="is for 5 players, not 3"):
        setup_from_request({**request, "mode": "betrayal", "characters": CHARS}, catalog, 5)
    with pytest.raises(IllegalMove, match="no Flash Duel character 'zed'"):
        setup_from_request(
            {"mode": "full", "players": ["Ana", "Ben"], "characters": {**CHARS, "Ben": "zed"}},
            catalog,
            5,
        )
    clockwork = {"mode": "custom-clockwork", "players": ["Ana", "Ben"]}
    with pytest.raises(IllegalMove, match="finished draft"):
        setup_from_request(clockwork, catalog, 5)


@pytest.mark.parametrize(
    ("bot", "hands", "winner", "hit_points"),
    [
        ("deathstrike-dragon", {"Ana": [3, 3], "Bot": [3]}, "B", 1),  # survives; went farther
        ("training-dummy", {"Ana": [3, 3], "Bot": [3]}, "A", 0),  # 1 hit point: the dummy falls
        ("deathstrike-dragon", {"Ana": [1], "Bot": [3]}, "B", 2),  # Ana falls
        ("rook", {"Ana": [1], "Bot": [1]}, "B", 1),  # no last-hit: Rook advanced farther
    ],
)
def test_solo_time_over_as_the_raid_rules_say(
    catalog: Catalog, bot: str, hands: dict[str, list[int]], winner: str, hit_points: int
) -> None:
    table = solo(catalog, bot).place(Ana=5, Bot=8)  # 3 apart; Ana advanced 4, the bot 10
    for count in (10, 5):
        table.act("Ana", type="draw", count=count)
    table.act("Ana", type="time_over", hands=hands)
    view = table.view()
    assert view["round_winner"] == winner and view["hit_points"] == hit_points


# --- what mutation testing showed unpinned -------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "move", "player": "Ana", "card": 0},
        {"type": "push", "player": "Ana", "target": "Ben", "card": 6},
        {"type": "attack", "player": "Ana", "target": "Ben", "cards": [1, 6]},
        {"type": "dash", "player": "Ana", "target": "Ben", "dash": 6, "cards": [1]},
        {"type": "dash", "player": "Ana", "target": "Ben", "dash": 1, "cards": [6]},
    ],
)
def test_every_action_refuses_a_card_the_deck_lacks(
    catalog: Catalog, action: dict[str, Any]
) -> None:
    table = duel(catalog).place(Ana=8, Ben=9 if action["type"] == "push" else 12)
    assert "the numbered cards show 1 to 5" in table.refused("Ana", **action)


def test_answers_refuse_a_card_the_deck_lacks(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=8, Ben=12)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=1, cards=[3])
    assert table.view()["pending"]["attacker"] == "Ana"
    assert "not 7" in table.refused("Ben", type="block", player="Ben", cards=[7])
    assert "not 0" in table.refused("Ben", type="retreat", player="Ben", card=0)
    table.act("Ben", type="retreat", player="Ben", card=3)
    assert table.view()["outcome"] == "Ben retreated 3"


def test_dashing_block_refuses_a_card_the_deck_lacks_and_a_foe(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Dan"]
    table = Table(
        catalog,
        mode="team-battle",
        players=players,
        characters=CHARS | {"Cat": "jaina", "Dan": "midori"},
    )
    table.place(Ana=8, Cat=3, Ben=11, Dan=14).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    assert "not 6" in table.refused("Cat", type="dashing_block", player="Cat", dash=6, cards=[3])
    assert "not 9" in table.refused("Cat", type="dashing_block", player="Cat", dash=5, cards=[9])
    assert "teammate" in table.refused(
        "Dan", type="dashing_block", player="Dan", dash=1, cards=[3], teammate="Ana"
    )


def test_two_fighters_recover_at_once(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Dan"]
    table = Table(
        catalog,
        mode="team-battle",
        players=players,
        characters=CHARS | {"Cat": "jaina", "Dan": "midori"},
    )
    table.place(Ana=8, Cat=6, Ben=14, Dan=14).turn_to("Ben")
    table.act("Ben", type="dash", player="Ben", target="Ana", dash=1, cards=[5])
    table.act("Ana", type="retreat", player="Ana", card=1)
    table.act("Ben", type="end_turn").turn_to("Dan").place(Dan=12)
    table.act("Dan", type="dash", player="Dan", target="Cat", dash=1, cards=[5])
    table.act("Cat", type="retreat", player="Cat", card=1)
    assert {f["name"] for f in table.view()["fighters"] if f["recovering"]} == {"Ana", "Cat"}


def test_an_ability_used_costs_the_no_ability_achievements(catalog: Catalog) -> None:
    table = solo(catalog, "training-dummy")
    key = table.view()["abilities"]["Ana"][0]["key"]
    table.act("Ana", type="use_ability", player="Ana", ability=key)
    table.place(Ana=15).act("Ana", type="attack", player="Ana", target="Bot", cards=[3])
    table.act("Ana", type="bot_defend", hand=[1, 1, 2, 2, 4], extra=5)
    assert table.view()["round_winner"] == "A" and table.view()["achievements"] == []
    assert "during a round" in table.refused("Ana", type="use_ability", player="Ana", ability=key)


def test_pawns_may_be_placed_on_either_end(catalog: Catalog) -> None:
    table = duel(catalog).place(Ben=1, Ana=18)
    assert table.where() == {"Ana": 18, "Ben": 1}
    assert "1 to 18" in table.refused("Ana", type="place", player="Ana", space=0)


def test_the_coin_of_a_stored_game_stays_the_same(catalog: Catalog) -> None:
    # A stored game replays: the seed decides the first player the same way every time.
    firsts = [
        Table(catalog, seed=s, mode="simple", players=["Ana", "Ben"]).view()["turn"]
        for s in range(6)
    ]
    assert firsts == ["Ana" if random.Random(s + 1).randrange(2) == 0 else "Ben" for s in range(6)]


def test_solo_results_record_rounds_and_the_game_with_the_character(catalog: Catalog) -> None:
    from companion.game.flash_duel.bots import SoloResult

    table = solo(catalog, "training-dummy")
    win_solo_game(table)
    round_won = SoloResult("training-dummy", "grave", "round", False)
    game_won = SoloResult("training-dummy", "grave", "game", False)
    assert table.state.results == (round_won, round_won, round_won, game_won)
    table.act("Ana", type="new_game", character="rook", bot="rook")
    assert table.state.results == (round_won, round_won, round_won, game_won)
    lost = solo(catalog, "training-dummy").place(Ana=15)
    lost.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[3, 3, 1, 1, 1], drawn=3)
    lost.act("Ana", type="hit", player="Ana")
    assert lost.view()["round_winner"] == "B" and lost.state.results == ()


def test_a_solo_round_won_with_an_ability_says_so(catalog: Catalog) -> None:
    from companion.game.flash_duel.bots import SoloResult

    table = solo(catalog, "training-dummy")
    table.act("Ana", type="use_ability", player="Ana", ability="grave/reversal")
    table.place(Ana=15).act("Ana", type="attack", player="Ana", target="Bot", cards=[3])
    table.act("Ana", type="bot_defend", hand=[1, 1, 2, 2, 4], extra=5)
    assert table.state.results == (SoloResult("training-dummy", "grave", "round", True),)


def test_setup_json_keeps_every_field(catalog: Catalog) -> None:
    setup = setup_from_request(
        {"mode": "solo", "players": ["Ana"], "characters": {"Ana": "grave"}, "bot": "rook"},
        catalog,
        3,
    )
    assert setup.bot == "rook" and setup.mode == "solo" and setup.players == ("Ana",)
    stored = setup_to_json(setup)
    assert stored == {
        "kind": "flash-duel",
        "mode": "solo",
        "players": ["Ana"],
        "seed": 3,
        "characters": {"Ana": "grave"},
        "clockwork": {},
        "dragon": None,
        "bot": "rook",
        "unused": [],
        "rules": 2,
    }
    assert setup_from_json(stored) == setup
    plain = setup_from_request({"players": ["Ana", "Ben"], "characters": CHARS}, catalog, 4)
    assert plain.mode == "full" and plain.bot is None
    five = ["Ana", "Ben", "Cat", "Dan", "Drake"]
    everyone = {p: c for p, c in zip(five, ["grave", "rook", "jaina", "midori"], strict=False)}
    raid = setup_from_request(
        {"mode": "raid", "players": five, "dragon": "Drake", "characters": everyone}, catalog, 4
    )
    assert len(raid.players) == 5
    with pytest.raises(InvalidSetup, match="players"):
        setup_from_request(
            {"mode": "raid", "players": [*five, "Eve"], "dragon": "Drake"}, catalog, 4
        )
