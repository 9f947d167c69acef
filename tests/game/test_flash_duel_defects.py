"""Flash Duel defects of issue 9 and 10, through the room's reducer (seed 002)."""

from __future__ import annotations

import pytest

from printkit.catalog import Catalog
from tests.fd_table import Table, clockwork

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "midori", "Dee": "setsuki"}


def solo(catalog: Catalog, player: str = "Ana", bot: str = "rook") -> Table:
    return Table(catalog, mode="solo", players=[player], characters={player: "grave"}, bot=bot)


# --- defect 1: the solo soft-lock ------------------------------------------------------


def test_solo_turn_passes_back_after_the_bot_moves(catalog: Catalog) -> None:
    table = solo(catalog)
    table.act("Ana", type="move", player="Ana", card=4).act("Ana", type="end_turn")
    assert table.view()["turn"] == "Bot"
    table.act("Ana", type="bot_turn", hand=[1, 3, 3, 4, 5], drawn=2)
    view = table.view()
    assert table.where() == {"Ana": 5, "Bot": 16}
    assert view["turn"] == "Ana" and view["pending"] is None
    assert "Bot" in table.refused("Ana", type="bot_turn", hand=[1, 3, 3, 4, 5], drawn=2)
    assert table.where()["Bot"] == 16


def test_solo_bot_attack_is_answered_then_the_player_plays(catalog: Catalog) -> None:
    table = solo(catalog).place(Ana=14)
    table.act("Ana", type="end_turn")
    table.act("Ana", type="bot_turn", hand=[1, 3, 3, 4, 5], drawn=2)  # 4 away: attacks with 4
    view = table.view()
    assert view["pending"]["cards"] == [4] and view["pending"]["targets"] == ["Ana"]
    assert "answer" in table.refused("Ana", type="move", player="Ana", card=1)
    table.act("Ana", type="block", player="Ana", cards=[4])
    assert table.view()["turn"] == "Ana" and table.view()["pending"] is None
    table.act("Ana", type="move", player="Ana", card=1)
    assert table.where()["Ana"] == 15


def test_solo_player_named_bot_does_not_share_a_pawn_name(catalog: Catalog) -> None:
    table = solo(catalog, player="Bot")
    names = [f["name"] for f in table.view()["fighters"]]
    assert len(set(names)) == 2 and "Bot" in names
    bot = table.view()["bot_pawn"]
    assert bot != "Bot" and bot in names
    table.act("Bot", type="end_turn")
    assert table.view()["turn"] == bot
    table.act("Bot", type="bot_turn", hand=[1, 1, 1, 1, 1], drawn=3)
    assert table.where() == {"Bot": 1, bot: 15}


# --- defect 10: the draw pile starts at the deck less the hands dealt -----------------


@pytest.mark.parametrize(
    ("request_", "pile"),
    [
        ({"mode": "simple", "players": ["Ana", "Ben"]}, 25 - 2 * 5),
        ({"mode": "full", "players": ["Ana", "Ben"], "characters": CHARS}, 25 - 2 * 5),
        (
            {"mode": "solo", "players": ["Ana"], "characters": CHARS, "bot": "training-dummy"},
            25 - 2 * 5,
        ),
        (
            {"mode": "team-battle", "players": ["Ana", "Ben", "Cat", "Dan"], "characters": CHARS},
            50 - 4 * 5,
        ),
        (
            {"mode": "raid", "players": ["Ana", "Ben", "Drake"], "dragon": "Drake"}
            | {"characters": CHARS},
            50 - 2 * 5 - 7,
        ),
        (
            {"mode": "raid", "players": ["Ana", "Ben", "Cat", "Drake"], "dragon": "Drake"}
            | {"characters": CHARS},
            40 - 3 * 5 - 8,
        ),
        (
            {"mode": "raid", "players": ["Ana", "Ben", "Cat", "Dan", "Drake"], "dragon": "Drake"}
            | {"characters": CHARS},
            50 - 4 * 5 - 9,
        ),
        (
            {"mode": "betrayal", "players": ["Ana", "Ben", "Cat", "Dan", "Drake"]}
            | {"dragon": "Drake", "characters": CHARS},
            50 - 4 * 5 - 8,
        ),
    ],
)
def test_draw_pile_starts_without_the_hands_dealt(
    catalog: Catalog, request_: dict[str, object], pile: int
) -> None:
    assert Table(catalog, **request_).view()["deck"] == pile


def test_time_over_comes_when_the_fifteenth_card_is_drawn(catalog: Catalog) -> None:
    table = Table(catalog, mode="simple", players=["Ana", "Ben"])
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=4)
    assert table.view()["deck"] == 1
    assert "still" in table.refused("Ana", type="time_over", hands={"Ana": [1], "Ben": [2]})
    table.act("Ana", type="draw", count=1)
    assert table.view()["deck"] == 0
    table.place(Ana=5, Ben=9).act("Ana", type="time_over", hands={"Ana": [4, 4], "Ben": [4]})
    assert table.view()["score"] == {"A": 1, "B": 0}


def test_raid_reshuffle_leaves_the_hands_out_of_the_new_pile(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Drake"]
    table = Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS)
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=7)
    view = table.view()
    assert view["reshuffles"] == 1 and view["deck"] == 40 - 3 * 5 - 8


# --- Custom Clockwork: the loser of a round may swap one ability -----------------------


def test_clockwork_loser_swaps_one_ability_for_an_unused_one(catalog: Catalog) -> None:
    table, keys = clockwork(catalog)
    assert table.view()["turn"] == "Ana"
    table.act("Ana", type="use_ability", player="Ana", ability=keys[0])
    table.place(Ana=15).act("Ana", type="attack", player="Ana", target="Ben", cards=[3])
    table.act("Ben", type="hit", player="Ben")
    view = table.view("Ben")
    assert view["round_over"] and view["swap"] == {"player": "Ben", "unused": keys[8:12]}
    assert "won" in table.refused(
        "Ana", type="swap_ability", player="Ana", give=keys[0], take=keys[8]
    )
    assert "Ben" in table.refused(
        "Ana", type="swap_ability", player="Ben", give=keys[4], take=keys[8]
    )
    assert "unused" in table.refused(
        "Ben", type="swap_ability", player="Ben", give=keys[4], take=keys[0]
    )
    table.act("Ben", type="swap_ability", player="Ben", give=keys[5], take=keys[9])
    assert [a["key"] for a in table.view()["abilities"]["Ben"]] == [
        keys[4],
        keys[9],
        keys[6],
        keys[7],
    ]
    assert table.view()["swap"] is None
    assert "one" in table.refused(
        "Ben", type="swap_ability", player="Ben", give=keys[4], take=keys[10]
    )
    table.act("Ben", type="first_player", player="Ben")
    view = table.view()
    assert [a["key"] for a in view["abilities"]["Ben"]] == [keys[4], keys[9], keys[6], keys[7]]
    assert [a["key"] for a in view["abilities"]["Ana"]] == keys[0:4]
    assert not any(a["used"] for a in view["abilities"]["Ana"])  # replenished
    # the swapped-out ability is unused now: the next loser may take it
    table.place(Ben=4).act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    table.act("Ana", type="hit", player="Ana")
    assert keys[5] in table.view()["swap"]["unused"]
    table.act("Ana", type="swap_ability", player="Ana", give=keys[0], take=keys[5])
    assert keys[5] in [a["key"] for a in table.view()["abilities"]["Ana"]]


def test_clockwork_no_swap_after_a_drawn_round_or_in_other_modes(catalog: Catalog) -> None:
    table, keys = clockwork(catalog)
    for count in (10, 5):
        table.act("Ana", type="draw", count=count)
    table.act("Ana", type="time_over", hands={"Ana": [1], "Ben": [1]})  # both advanced 0
    assert table.view()["round_over"] and table.view()["swap"] is None
    assert "lost" in table.refused(
        "Ana", type="swap_ability", player="Ana", give=keys[0], take=keys[8]
    )
    full = Table(catalog, mode="full", players=["Ana", "Ben"], characters=CHARS)
    assert "Clockwork" in full.refused("Ana", type="swap_ability", player="Ana", give="a", take="b")
