"""Raid on Deathstrike Dragon and Betrayal."""

from __future__ import annotations

import random

import pytest

from companion.game.flash_duel.raid import (
    Betrayal,
    RaidError,
    accuse,
    deal_loyalty,
    deck_runs_out,
    dragon_reveal,
    dragon_turns,
    raid_setup,
    raid_time_over,
    traitor_reveal,
)
from companion.game.flash_duel.track import Fighter
from printkit.catalog import Catalog, FlashDuelSet
from tests.fd_table import Table

MORTALS = ["Ana", "Ben", "Cid", "Dee"]


def fd(catalog: Catalog) -> FlashDuelSet:
    s = catalog.game("flash-duel").set("2e")
    assert isinstance(s, FlashDuelSet)
    return s


def test_setup_table(catalog: Catalog) -> None:
    rows = {n: raid_setup(fd(catalog), n) for n in (2, 3, 4)}
    assert [
        (r.deck_cards, r.reshuffles, r.dragon_hit_points, r.dragon_hand_size, r.dragon_abilities)
        for r in rows.values()
    ] == [(50, 0, 2, 7, 4), (40, 1, 3, 8, 6), (50, 1, 4, 9, 8)]
    betrayal = raid_setup(fd(catalog), 4, betrayal=True)
    assert (betrayal.dragon_hit_points, betrayal.dragon_hand_size) == (3, 8)
    with pytest.raises(RaidError, match="for 2, 3, 4 mortals, not 5"):
        raid_setup(fd(catalog), 5)


def test_reshuffle_once_with_three_or_four_mortals(catalog: Catalog) -> None:
    two, three = raid_setup(fd(catalog), 2), raid_setup(fd(catalog), 3)
    assert deck_runs_out(two, 0) == "time-over"
    assert deck_runs_out(three, 0) == "reshuffle"
    assert deck_runs_out(three, 1) == "time-over"


def test_extra_dragon_turn_per_defeated_mortal() -> None:
    assert dragon_turns(0) == 1
    assert dragon_turns(2) == 3


def test_time_over_example_two_away_more_twos_scores() -> None:
    dragon = Fighter("Dragon", 18, 12)
    ana, ben = Fighter("Ana", 1, 10), Fighter("Ben", 1, 4)
    hands = {"Dragon": [2, 5], "Ana": [2, 2], "Ben": [3]}
    winner, fallen, hp = raid_time_over(dragon, 2, [ana, ben], hands)
    assert fallen == set() and hp == 1  # Ana's two 2s beat the Dragon's one
    assert winner == "mortals"  # Ana advanced 9, the Dragon 6
    winner, fallen, hp = raid_time_over(dragon, 1, [ana, ben], hands)
    assert winner == "mortals" and hp == 0
    hands = {"Dragon": [2, 2, 2, 6], "Ana": [2], "Ben": [1]}
    winner, fallen, _ = raid_time_over(Fighter("Dragon", 18, 12), 2, [ana], hands)
    assert (winner, fallen) == ("dragon", {"Ana"})


def test_betrayal_deal_each_player_one_card_one_traitor(catalog: Catalog) -> None:
    for seed in range(30):
        b = deal_loyalty(fd(catalog), MORTALS, "Drake", random.Random(seed))
        sides = [c for _, c in b.cards]
        assert len(sides) == 5 and sides.count("traitor") == 1
        for owner in [*MORTALS, "Drake"]:
            for viewer in [*MORTALS, "Drake"]:
                seen = b.visible_card(owner, viewer)
                assert (seen is not None) == (owner == viewer)
    holders = {
        deal_loyalty(fd(catalog), MORTALS, "Drake", random.Random(s)).traitor for s in range(60)
    }
    assert "Drake" in holders and len(holders) == 5


def betrayal_with_traitor(catalog: Catalog, traitor: str) -> Betrayal:
    for seed in range(200):
        b = deal_loyalty(fd(catalog), MORTALS, "Drake", random.Random(seed))
        if b.traitor == traitor:
            return b
    raise AssertionError("no deal found")


def test_accusations(catalog: Catalog) -> None:
    b = betrayal_with_traitor(catalog, "Cid")
    right = accuse(b, "Ana", "Cid")
    assert right.defeated == ("Cid",) and "Cid" in right.revealed
    assert right.visible_card("Cid", "Ben") == "traitor"
    wrong = accuse(b, "Ana", "Ben")
    assert wrong.defeated == ("Ana",)
    with pytest.raises(RaidError, match="not one of the mortals"):
        accuse(b, "Ana", "Drake")


def test_traitor_names_hands_until_the_first_miss(catalog: Catalog) -> None:
    b = betrayal_with_traitor(catalog, "Dee")
    after = traitor_reveal(b, "Dee", [("Ana", True), ("Ben", False), ("Cid", True)])
    assert after.defeated == ("Ana",)
    assert "Dee" in after.revealed
    with pytest.raises(RaidError, match="Ana is not the traitor"):
        traitor_reveal(b, "Ana", [])


def test_dragon_with_the_traitor_card_gains_a_hit_point(catalog: Catalog) -> None:
    b = betrayal_with_traitor(catalog, "Drake")
    assert dragon_reveal(b).bonus_hit_points == 1
    with pytest.raises(RaidError, match="does not hold the traitor card"):
        dragon_reveal(betrayal_with_traitor(catalog, "Ana"))


BETRAYAL_TABLE = {
    "mode": "betrayal",
    "players": [*MORTALS, "Drake"],
    "characters": {"Ana": "grave", "Ben": "rook", "Cid": "jaina", "Dee": "midori"},
    "dragon": "Drake",
}


def run_out_of_time(table: Table) -> Table:
    """Draw until the pile runs out twice (one reshuffle with 4 mortals, seed 002 l.274)."""
    while table.state.deck > 0 or table.state.reshuffles == 0:
        table.act(table.view()["turn"], type="draw", count=10)
    return table


def test_every_loyalty_card_is_shown_on_every_phone_when_betrayal_ends(catalog: Catalog) -> None:
    # Issue #26 item 8. Before the end each phone sees its own card only.
    table = Table(catalog, **BETRAYAL_TABLE)
    assert table.view("Ana")["revealed"] == {}
    run_out_of_time(table)
    hands = {f.name: [1] for f in table.state.standing()}
    table.act("Ana", type="time_over", hands=hands)
    assert table.state.game is not None
    cards = dict(table.state.betrayal.cards) if table.state.betrayal else {}
    for viewer in [*BETRAYAL_TABLE["players"], None]:
        assert table.view(viewer)["revealed"] == cards
