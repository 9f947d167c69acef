"""Issue 18 items 5 and 6, through the Flash Duel room reducer: abilities whose effect the
table applies (from the catalog's ``applies``), for players and for the solo bots.

Seed 002: Rook's Windmill Crusher (an attack with 1s cannot be blocked), Thunderclap (a
dashing strike with 1s as the strike cannot be retreated from); Jaina's Flame Arrow (hit an
opponent exactly 6 spaces away); "Rook uses his abilities any time he is able to".
"""

from __future__ import annotations

from printkit.catalog import Catalog
from tests.fd_table import Table


def duel(catalog: Catalog, ana: str, ben: str) -> Table:
    """Ana against Ben with these characters; Ana to play."""
    characters = {"Ana": ana, "Ben": ben}
    return Table(catalog, players=["Ana", "Ben"], characters=characters).turn_to("Ana")


def solo_rook(catalog: Catalog) -> Table:
    """Ana (Grave) against the Rook bot."""
    return Table(catalog, mode="solo", players=["Ana"], characters={"Ana": "grave"}, bot="rook")


def test_flame_arrow_hits_at_exactly_six_and_wins_the_round(catalog: Catalog) -> None:
    table = duel(catalog, "jaina", "grave").place(Ana=3, Ben=10)
    refused = table.refused("Ana", type="ability_hit", player="Ana", ability="jaina/flame-arrow")
    assert refused == "Flame Arrow hits an opponent exactly 6 spaces away: none is"
    table.place(Ben=9)
    table.act("Ana", type="ability_hit", player="Ana", ability="jaina/flame-arrow")
    view = table.view()
    assert view["score"] == {"A": 1, "B": 0} and view["round_over"]
    assert table.history[-1] == "Ana uses Flame Arrow (Ben was hit; round to Ana)"
    used = {a["name"]: a["used"] for a in view["abilities"]["Ana"]}
    assert used["Flame Arrow"] is True


def test_an_ability_without_a_hit_is_no_ability_hit(catalog: Catalog) -> None:
    table = duel(catalog, "jaina", "grave").place(Ana=3, Ben=9)
    refused = table.refused("Ana", type="ability_hit", player="Ana", ability="grave/reversal")
    assert refused == "'grave/reversal' is no ability whose effect is a hit"
    table.act("Ana", type="move", player="Ana", card=1)  # the turn's action comes after it
    refused = table.refused("Ana", type="ability_hit", player="Ana", ability="jaina/flame-arrow")
    assert "has made this turn's action" in refused


def test_windmill_crusher_makes_an_attack_with_ones_unblockable(catalog: Catalog) -> None:
    table = duel(catalog, "rook", "grave").place(Ana=5, Ben=6)
    table.act("Ana", type="use_ability", player="Ana", ability="rook/windmill-crusher")
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[1])
    assert table.view()["pending"]["cannot"] == ["block"]
    assert table.history[-1] == "Ana attacks Ben with 1; Windmill Crusher: it cannot be blocked"
    refused = table.refused("Ben", type="block", player="Ben", cards=[1])
    assert refused == "Ana's Windmill Crusher: the attack cannot be blocked"
    table.act("Ben", type="hit", player="Ben")
    assert table.view()["round_over"]


def test_windmill_crusher_does_not_apply_to_other_cards(catalog: Catalog) -> None:
    table = duel(catalog, "rook", "grave").place(Ana=5, Ben=7)
    table.act("Ana", type="use_ability", player="Ana", ability="rook/windmill-crusher")
    table.act("Ana", type="attack", player="Ana", target="Ben", cards=[2])
    assert "cannot" not in table.view()["pending"]
    table.act("Ben", type="block", player="Ben", cards=[2])


def test_the_rook_bot_shows_and_uses_its_abilities(catalog: Catalog) -> None:
    table = solo_rook(catalog).place(Ana=9, Bot=10)
    shown = table.view()["abilities"]["Bot"]
    assert [a["name"] for a in shown] == ["Windmill Crusher", "Thunderclap", "Rock Armor"]
    assert [a["applies"] for a in shown] == ["unblockable", "no-retreat", "block-higher"]
    # The bot attacks with a 1 from 1 away: Windmill Crusher, any time he is able to.
    table.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[1, 5, 5, 4, 4], drawn=3)
    assert table.view()["pending"]["cannot"] == ["block"]
    assert "Windmill Crusher: it cannot be blocked" in table.history[-1]
    refused = table.refused("Ana", type="block", player="Ana", cards=[1])
    assert refused == "Bot's Windmill Crusher: the attack cannot be blocked"
    used = {a["name"]: a["used"] for a in table.view()["abilities"]["Bot"]}
    assert used == {"Windmill Crusher": True, "Thunderclap": False, "Rock Armor": False}
    table.act("Ana", type="hit", player="Ana")
    assert table.view()["round_over"]


def test_the_training_dummy_has_no_abilities(catalog: Catalog) -> None:
    table = Table(
        catalog, mode="solo", players=["Ana"], characters={"Ana": "grave"}, bot="training-dummy"
    ).place(Ana=9, Bot=10)
    assert "Bot" not in table.view()["abilities"]
    table.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[1, 5, 5, 4, 4], drawn=3)
    assert "cannot" not in table.view()["pending"]
    table.act("Ana", type="block", player="Ana", cards=[1])


# --- item 7: character notes that change a Raid's outcome ------------------------------------


def raid_to_time_over(catalog: Catalog, ana: str) -> Table:
    """A Raid of Ana and Ben against Drake the Dragon, drawn to its last card."""
    characters = {"Ana": ana, "Ben": "rook"}
    table = Table(
        catalog, mode="raid", players=["Ana", "Ben", "Drake"], dragon="Drake", characters=characters
    )
    while table.view()["deck"] > 0:
        table.act("Ana", type="draw", count=min(10, table.view()["deck"]))
    return table


def test_gwens_shadow_plague_loses_a_raid_at_time_over(catalog: Catalog) -> None:
    # Seed 002's note on Gwen's Shadow Plague: "In a Dragon Raid, if timeout is reached,
    # Gwen's team loses immediately."
    hands = {"Ana": [5, 5, 5], "Ben": [5, 5], "Drake": [1]}
    table = raid_to_time_over(catalog, "gwen")
    table.act("Drake", type="time_over", hands=hands)
    view = table.view()
    assert view["game_winner"] == "dragon"
    assert "time-over: the mortals lose at once (Shadow Plague)" in table.history[-1]
    # Without Gwen the same hands go to the last-hits.
    other = raid_to_time_over(catalog, "grave")
    other.act("Drake", type="time_over", hands=hands)
    assert "Shadow Plague" not in other.history[-1]
