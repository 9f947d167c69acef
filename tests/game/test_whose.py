"""Whose decision each control is, as the views send it (#27 item 1): the pages draw a
viewer's own controls, fold another's behind "Record for Ben" at a casual table and leave
them out at a tournament table, reading these lists instead of a copy of the rules."""

from __future__ import annotations

from companion.game.puzzle_strike.piles import Mode
from companion.game.shadowfist import room as sf_room
from printkit.catalog import Catalog
from tests.fd_table import Table
from tests.ps_helpers import playing, view

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "lum"}


def test_puzzle_strike_gems_into_a_pile_are_the_turn_players_or_the_piles(
    catalog: Catalog,
) -> None:
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    seen = view(state, "Ben", catalog)
    turn = seen["table"]["turn"]
    other = "Ben" if turn == "Ana" else "Ana"
    assert seen["whose"][f"add_gem:{turn}"] == [turn]
    assert seen["whose"][f"add_gem:{other}"] == [turn, other]


def test_flash_duel_moves_end_turn_and_abilities_are_their_players(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters=CHARS, rules=2).turn_to("Ana")
    whose = table.view("Ben")["whose"]
    assert whose["turn"] == ["Ana"] and whose["end_turn"] == ["Ana"]
    assert whose["use:Ben"] == ["Ben"] and whose["answer:Ana"] == ["Ana"]
    assert whose["first_player"] is None  # no round lost yet: nobody's in particular


def test_flash_duel_the_side_that_lost_the_round_names_the_first_player(
    catalog: Catalog,
) -> None:
    players = ["Ana", "Ben", "Cat", "Dan"]
    table = Table(catalog, mode="team-battle", players=players, characters=CHARS, rules=2)
    table.place(Ana=5, Ben=8).turn_to("Ana")
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[3])
    table.act("Ben", type="hit", player="Ben")
    table.act("Ana", type="end_turn").turn_to("Cat").place(Cat=14, Dan=18)
    table.act("Cat", type="attack", player="Cat", target="Dan", cards=[4])
    table.act("Dan", type="hit", player="Dan")
    whose = table.view("Ana")["whose"]
    losers = table.view()["sides"]["B"]
    assert sorted(whose["first_player"]) == sorted(losers)
    assert "Ana" not in whose["first_player"]  # the round's winners do not choose


def test_shadowfist_names_each_players_card(catalog: Catalog) -> None:
    setup = sf_room.RULES.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 4)
    state = sf_room.RULES.start(setup, catalog)
    whose = sf_room.RULES.view(state, "Ana", catalog)["whose"]
    assert set(whose) == {"player:Ana", "player:Ben"}


def test_puzzle_strike_marking_a_bank_stack_is_the_turn_players(catalog: Catalog) -> None:
    # A stack runs out in the buy phase of the turn player's own turn (seed 000 l.222: ante,
    # action, buy, cleanup "on your turn"), and empty stacks start Panic Time (l.276): the
    # mark is the turn player's decision, so another phone draws it folded or not at all.
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    seen = view(state, "Ben", catalog)
    assert seen["whose"]["stack"] == [seen["table"]["turn"]]
