"""The draw pile lowered by the table (rules 2): every card played is drawn back at the end
of the player's own turn (seed 002), a Raid's mortals refill after all of them played, and
a Raid's one reshuffle is prompted and recorded (#18)."""

from __future__ import annotations

from typing import Any

from companion.game import rooms
from companion.game.flash_duel import room
from companion.game.next_step import said
from printkit.catalog import Catalog
from tests.fd_table import Table

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "lum"}


def duel(catalog: Catalog, **request: Any) -> Table:
    """A new 1 vs 1 table (rules 2), Ana first; 25 cards less two hands: 15 in the pile."""
    table = Table(catalog, players=["Ana", "Ben"], characters=CHARS, rules=2, **request)
    return table.turn_to("Ana")


def test_the_turn_ends_with_drawing_back_what_was_played(catalog: Catalog) -> None:
    table = duel(catalog).place(Ana=5, Ben=9)
    table.act("Ana", type="move", player="Ana", card=2)
    assert table.view()["deck"] == 15  # nothing is drawn before the end of the turn
    table.act("Ana", type="end_turn")
    assert table.view()["deck"] == 14
    assert table.history[-1] == "Ana: end of turn; Ana draws 1 (14 left)"


def test_a_blocker_draws_back_only_at_the_end_of_his_own_turn(catalog: Catalog) -> None:
    # seed 002: "If you dashing strike with a 2 as the dash and a 4 as the strike, he must
    # play a 4 to block. He will then start his turn with fewer than 5 cards because players
    # only draw at the end of their own turns."
    table = duel(catalog).place(Ana=3, Ben=9)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=2, cards=[4])
    table.act("Ben", type="block", player="Ben", cards=[4])
    table.act("Ana", type="end_turn")
    assert table.view()["deck"] == 13 and table.history[-1].endswith("Ana draws 2 (13 left)")
    table.act("Ben", type="move", player="Ben", card=1)
    table.act("Ben", type="end_turn")  # the block's 4 and the move's 1
    assert table.view()["deck"] == 11 and table.history[-1].endswith("Ben draws 2 (11 left)")


def test_a_pair_attack_and_its_pair_block_are_drawn_back(catalog: Catalog) -> None:
    # seed 002: "If you attack with two 1s, he must play two 1s to block."
    table = duel(catalog).place(Ana=8, Ben=9)
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[1, 1])
    table.act("Ben", type="block", player="Ben", cards=[1, 1])
    table.act("Ana", type="end_turn")
    table.act("Ben", type="end_turn")
    assert table.view()["deck"] == 11


def test_a_retreat_is_drawn_back_on_the_recovering_turn(catalog: Catalog) -> None:
    # seed 002: a recovering player can do nothing "except to draw back to up to 5 cards"
    table = duel(catalog).place(Ana=3, Ben=12)
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=5, cards=[4])
    table.act("Ben", type="retreat", player="Ben", card=3)
    table.act("Ana", type="end_turn")
    table.act("Ben", type="end_turn")
    assert table.view()["deck"] == 15 - 2 - 1
    assert table.history[-1] == "Ben: end of turn; Ben draws 1 (12 left)"


def test_the_refill_is_capped_by_the_pile_and_its_last_card_is_time_over(
    catalog: Catalog,
) -> None:
    table = duel(catalog).place(Ana=3, Ben=12)
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=4)
    assert table.view()["deck"] == 1
    table.act("Ana", type="dash", player="Ana", target="Ben", dash=5, cards=[4])
    table.act("Ben", type="retreat", player="Ben", card=3)
    table.act("Ana", type="end_turn")
    view = table.view("Ana")
    assert view["deck"] == 0 and view["next_step"]["say"] == "fd_time_over"
    assert "Ana draws 1 (0 left)" in table.history[-1] and "time-over" in table.history[-1]


def test_a_draw_by_hand_for_a_player_is_drawn_back_the_less(catalog: Catalog) -> None:
    # an ability that draws: the player holds one more, so the refill is one fewer; with
    # 5 or more at the end of the turn nothing is drawn (seed 002 FAQ)
    table = duel(catalog).place(Ana=5, Ben=12)
    table.act("Ana", type="draw", count=2, player="Ana")
    assert table.history[-1] == "Ana draws 2 (13 left)"
    table.act("Ana", type="move", player="Ana", card=1).act("Ana", type="end_turn")
    assert table.view()["deck"] == 13 and table.history[-1] == "Ana: end of turn"
    table.act("Ben", type="end_turn")
    table.act("Ana", type="move", player="Ana", card=1).act("Ana", type="end_turn")
    assert table.view()["deck"] == 13  # 6 in hand, one played: 5, none drawn


def test_a_card_counted_by_mistake_goes_back(catalog: Catalog) -> None:
    table = duel(catalog)
    table.act("Ben", type="draw", count=-1)
    assert table.view()["deck"] == 16
    assert table.history[-1] == "Ben: put 1 back on the draw pile (16 left)"


def test_old_tables_keep_counting_by_hand(catalog: Catalog) -> None:
    # a stored setup without 'rules' is version 1: its Draw actions were all the draws
    setup = room.setup_from_json({"mode": "full", "players": ["Ana", "Ben"], "seed": 7,
                                  "characters": CHARS})  # fmt: skip
    state = room.start(setup, catalog)
    first = state.current
    log = [
        ("action", {"actor": first, "action": {"type": "move", "player": first, "card": 2}}),
        ("action", {"actor": first, "action": {"type": "end_turn"}}),
        ("action", {"actor": first, "action": {"type": "draw", "count": 1}}),
    ]
    assert rooms.replay(room.RULES, setup, log, catalog).deck == 14
    assert "rules" not in room.setup_to_json(setup)


def test_new_tables_are_rules_2(catalog: Catalog) -> None:
    request = {"players": ["Ana", "Ben"], "characters": CHARS}
    setup = room.setup_from_request(request, catalog, 3)
    assert setup.rules == 2 and room.setup_to_json(setup)["rules"] == 2


def test_team_battle_refills_each_turn_even_recovering(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Dan"]
    table = Table(catalog, mode="team-battle", players=players, characters=CHARS, rules=2)
    table.turn_to("Ana").place(Ana=5)
    deck = table.view()["deck"]
    table.act("Ana", type="move", player="Ana", card=3).act("Ana", type="end_turn")
    assert table.view()["deck"] == deck - 1


def raid(catalog: Catalog, mortals: tuple[str, ...] = ("Ana", "Ben", "Cat")) -> Table:
    """Mortals on space 1 playing first in seat order, Drake the Dragon on 18 (rules 2)."""
    players = [*mortals, "Drake"]
    return Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS, rules=2)


def test_raid_mortals_refill_after_all_of_them_played(catalog: Catalog) -> None:
    # seed 002: "1p, 2p, 3p, 4p, then mortals all refill their hands (in turn-order), then
    # the Dragon takes his turn, then refills his hand."
    table = raid(catalog, ("Ana", "Ben"))  # 50 cards less 2 x 5 and the Dragon's 7: 33
    assert table.view()["deck"] == 33
    table.act("Ana", type="move", player="Ana", card=2).act("Ana", type="end_turn")
    assert table.view()["deck"] == 33
    table.act("Ben", type="move", player="Ben", card=3).act("Ben", type="end_turn")
    assert table.view()["deck"] == 31
    assert table.history[-1] == "Ben: end of turn; Ana draws 1 (32 left); Ben draws 1 (31 left)"
    table.act("Drake", type="move", player="Drake", card=4).act("Drake", type="end_turn")
    assert table.view()["deck"] == 30


def test_raid_reshuffle_is_prompted_and_recorded_by_the_dragon(catalog: Catalog) -> None:
    # seed 002: with 3 mortals (40 cards), "reshuffle the discard pile and Dragon's hand
    # cards into the draw deck the first time the draw pile runs out during gameplay. Then
    # the Dragon draws the number of cards he just discarded."
    table = raid(catalog)  # 40 less 3 x 5 and 8: 17
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=6)
    assert table.view()["deck"] == 1
    table.act("Ana", type="move", player="Ana", card=2).act("Ana", type="end_turn")
    table.act("Ben", type="move", player="Ben", card=2).act("Ben", type="end_turn")
    table.act("Cat", type="move", player="Cat", card=2).act("Cat", type="end_turn")
    view = table.view("Ben")
    assert view["deck"] == 0 and view["reshuffle_due"] and view["reshuffles"] == 0
    assert said(view["next_step"]) == "The draw pile ran out: waiting for Drake to reshuffle"
    dragon = table.view("Drake")["next_step"]
    assert dragon["mine"] and dragon["actions"] == ["reshuffle"]
    assert dragon["args"] == {"owed": "Ben 1, Cat 1"}  # Ana drew the last card
    assert "Drake reshuffles" in table.history[-1]
    assert "Drake reshuffles" in table.refused("Drake", type="move", player="Drake", card=1)
    assert "reshuffles" in table.refused("Cat", type="time_over", hands={})
    assert table.refused("Ana", type="end_turn")
    table.act("Drake", type="reshuffle")
    # 40 less the mortals' hands (5 each once refilled) and the Dragon's 8
    view = table.view("Drake")
    assert view["deck"] == 40 - 15 - 8 and view["reshuffles"] == 1
    assert not view["reshuffle_due"] and view["next_step"]["say"] == "fd_your_turn"
    assert table.history[-1] == (
        "Drake: the deck ran out: reshuffled once (19 cards); "
        "Ben draws 1 (18 left); Cat draws 1 (17 left)"
    )


def test_raid_second_run_out_is_time_over(catalog: Catalog) -> None:
    table = raid(catalog)
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=7)
    table.act("Drake", type="reshuffle")
    deck = table.view()["deck"]
    while deck > 0:
        table.act("Ana", type="draw", count=min(deck, 10))
        deck = table.view()["deck"]
    view = table.view("Ana")
    assert not view["reshuffle_due"] and view["next_step"]["say"] == "fd_time_over"


def test_two_mortal_raid_never_reshuffles(catalog: Catalog) -> None:
    table = raid(catalog, ("Ana", "Ben"))
    for count in (10, 10, 10, 3):
        table.act("Ana", type="draw", count=count)
    view = table.view("Ben")
    assert not view["reshuffle_due"] and view["next_step"]["say"] == "fd_time_over"
    assert "no" in table.refused("Drake", type="reshuffle")


def test_the_reshuffle_is_the_dragons_decision(catalog: Catalog) -> None:
    table = raid(catalog)
    table.act("Ana", type="draw", count=10).act("Ana", type="draw", count=7)
    assert room.deciders(room.act.Reshuffle(), table.state) == ("Drake",)
    # a draw named for Ben is the turn player's too: off turn, Ben's phone could empty the
    # pile alone and force time-over (found playing on two phones)
    assert room.deciders(room.act.Draw(1, "Ben"), table.state) == (table.state.current,)


def test_solo_bot_draws_its_card_then_refills(catalog: Catalog) -> None:
    table = Table(catalog, mode="solo", players=["Ana"], characters=CHARS, bot="training-dummy",
                  rules=2)  # fmt: skip
    table.place(Ana=3)
    table.act("Ana", type="end_turn")
    deck = table.view()["deck"]
    # the bot draws a 5 and moves with it: one drawn, one played, nothing to refill
    table.act("Ana", type="bot_turn", hand=[1, 1, 2, 2, 4], drawn=5)
    assert table.view()["deck"] == deck - 1
    assert table.history[-1].endswith("Bot draws 1 (" + str(deck - 1) + " left)")


def test_a_discard_by_an_ability_is_drawn_back_at_the_refill(catalog: Catalog) -> None:
    # Grave's Martial Mastery: "Discard a pair to take one card back from the discard pile":
    # one card fewer in hand, drawn back from the pile at the end of the turn
    table = duel(catalog).place(Ana=5, Ben=12)
    table.act("Ana", type="discard", player="Ana", count=1)
    assert table.history[-1] == "Ana discards 1 (drawn back at the refill)"
    assert table.view()["deck"] == 15
    table.act("Ana", type="move", player="Ana", card=1).act("Ana", type="end_turn")
    assert table.history[-1] == "Ana: end of turn; Ana draws 2 (13 left)"
    assert room.deciders(room.act.Discard("Ana", 2), table.state) == ("Ana",)


def test_discard_needs_a_table_that_draws(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters=CHARS)  # a stored version-1 table
    assert "counts the draws by hand" in table.refused("Ana", type="discard", player="Ana", count=1)
