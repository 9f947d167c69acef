"""Issue 18 item 5, through the Flash Duel room reducer: one main action a turn, and a block
with the very same cards (seed 002, "Your turn" and "Blocking")."""

from __future__ import annotations

from printkit.catalog import Catalog
from tests.fd_table import Table

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "lum"}


def duel(catalog: Catalog) -> Table:
    """Ana (space 1) against Ben (space 18); Ana to play."""
    return Table(catalog, players=["Ana", "Ben"], characters=CHARS).turn_to("Ana")


ONE_A_TURN = "Ana has made this turn's action (one move, push, attack or dashing strike a turn)"


def test_one_main_action_a_turn(catalog: Catalog) -> None:
    # Seed 002: on your turn, do one of: move, push, attack or dashing strike.
    table = duel(catalog)
    table.act("Ana", type="move", player="Ana", card=3)
    for second in (
        {"type": "move", "player": "Ana", "card": 2},
        {"type": "move", "player": "Ana", "card": 1, "backward": True},
        {"type": "push", "player": "Ana", "target": "Ben", "card": 1},
        {"type": "attack", "player": "Ana", "target": "Ben", "cards": [5]},
        {"type": "dash", "player": "Ana", "target": "Ben", "dash": 5, "cards": [5]},
    ):
        assert table.refused("Ana", **second).startswith(ONE_A_TURN)
    assert table.where()["Ana"] == 4
    table.act("Ana", type="end_turn").act("Ben", type="move", player="Ben", card=2)
    assert table.where()["Ben"] == 16  # the next turn has its own action


def test_an_attack_is_the_turns_action_even_once_blocked(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=5, Ben=8)
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[3])
    table.act("Ben", type="block", player="Ben", cards=[3])
    assert table.refused("Ana", type="move", player="Ana", card=1).startswith(ONE_A_TURN)


def test_two_ones_are_blocked_by_two_ones(catalog: Catalog) -> None:
    # Seed 002: "If you attack with two 1s, he must play two 1s to block."
    table = duel(catalog).place(Ana=5, Ben=6)
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[1, 1])
    assert "1 missing" in table.refused("Ben", type="block", player="Ben", cards=[1])
    assert "the very same cards" in table.refused(
        "Ben", type="block", player="Ben", cards=[1, 1, 1]
    )
    table.act("Ben", type="block", player="Ben", cards=[1, 1])
    assert table.view()["pending"] is None and table.history[-1].endswith("(Ben blocked)")


def test_a_dashing_strike_is_blocked_by_its_strike_cards_only(catalog: Catalog) -> None:
    # Seed 002: a dash of 2 and a strike of 4 is blocked by a 4.
    table = duel(catalog).place(Ana=5, Ben=11)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=2, cards=[4])
    assert "the very same cards" in table.refused("Ben", type="block", player="Ben", cards=[2])
    table.act("Ben", type="block", player="Ben", cards=[4])
    assert table.view()["pending"] is None


def test_a_teammate_dashing_blocks_half_of_a_pair(catalog: Catalog) -> None:
    # Seed 002, 2 vs 2: a teammate 5 spaces behind one attacked by a pair of 3s dashes 5
    # onto his space, and each plays a 3.
    players = ["Ana", "Ben", "Cat", "Dan"]
    table = Table(catalog, mode="team-battle", players=players, characters=CHARS)
    table.place(Ana=3, Cat=8, Ben=11, Dan=16).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Cat", cards=[3, 3])
    table.act("Cat", type="block", player="Cat", cards=[3])  # Ana may still add the other 3
    assert table.view()["pending"]["blocks"] == {"Cat": [3]}
    table.act("Ana", type="dashing_block", player="Ana", dash=5, cards=[3], teammate="Cat")
    assert table.view()["pending"] is None and table.where()["Ana"] == 8


def test_a_second_end_turn_from_the_turn_shown_is_refused_not_a_skipped_turn(
    catalog: Catalog,
) -> None:
    table = duel(catalog)
    shown, anas = table.state.turn_no, table.state.turn
    table.act("Ana", type="end_turn", turn=shown)
    bens = table.state.turn
    assert bens != anas
    # The double tap (or Ben's phone tapping the same moment): Ben's turn is not ended.
    assert table.refused("Ana", type="end_turn", turn=shown).startswith("that turn has already")
    assert (table.state.turn, table.state.turn_no) == (bens, shown + 1)
    table.act("Ben", type="end_turn", turn=shown + 1)
    assert table.state.turn == anas
