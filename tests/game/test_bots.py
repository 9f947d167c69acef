"""Solo bots and achievements."""

from __future__ import annotations

import random

from companion.game.flash_duel.bots import (
    SoloResult,
    bot_defend,
    bot_turn,
    dragon_discards,
    earned,
    points,
)
from companion.game.flash_duel.track import Fighter
from printkit.catalog import Catalog, FlashDuelSet

SPACES = 18


def fd(catalog: Catalog) -> FlashDuelSet:
    s = catalog.game("flash-duel").set("2e")
    assert isinstance(s, FlashDuelSet)
    return s


BOT, YOU = Fighter("Bot", 18, 12), Fighter("You", 1, 8)  # 4 apart


def test_rule_1_attack_powered_up_with_every_card() -> None:
    move = bot_turn([4, 1, 4, 2, 3], 4, BOT, YOU, SPACES)
    assert (move.action, move.cards) == ("attack", (4, 4, 4))


def test_rule_2_push_with_the_drawn_card_when_adjacent() -> None:
    move = bot_turn([2, 3, 4, 5, 5], 3, Fighter("Bot", 18, 9), YOU, SPACES)
    assert (move.action, move.cards) == ("push", (3,))


def test_rule_3_dashing_strike_with_the_drawn_card_as_dash() -> None:
    move = bot_turn([2, 2, 5, 5, 5], 2, BOT, YOU, SPACES)  # dash 2 -> 2 apart, strike 2s
    assert (move.action, move.dash, move.cards, move.position) == ("dashing-strike", 2, (2, 2), 10)


def test_rule_4_otherwise_move_forward_with_the_drawn_card() -> None:
    move = bot_turn([5, 5, 5, 5, 5], 1, BOT, YOU, SPACES)
    assert (move.action, move.cards, move.position) == ("move", (1,), 11)


def test_defence_blocks_if_it_can_else_retreats_from_a_dash() -> None:
    assert bot_defend([1, 2, 3, 4, 5], 3, [3, 3], dashing=False, can_retreat=True).answer == "block"
    assert bot_defend([1, 2, 4, 4, 5], 2, [3], dashing=True, can_retreat=True).cards == (2,)
    assert bot_defend([1, 2, 4, 4, 5], 2, [3], dashing=False, can_retreat=True).answer == "hit"
    assert bot_defend([1, 2, 4, 4, 5], 2, [3], dashing=True, can_retreat=False).answer == "hit"


def test_rock_armor_blocks_with_higher_cards_picked_at_random() -> None:
    picks = {
        bot_defend(
            [4, 4, 5, 5, 1],
            2,
            [3, 3],
            dashing=True,
            can_retreat=True,
            rock_armor=True,
            rng=random.Random(s),
        ).cards
        for s in range(30)
    }
    assert picks == {(4, 4), (5, 5)}


def test_example_dragon_discards_the_hit_number_on_a_pair() -> None:
    assert dragon_discards([2, 3, 2, 5], [2, 2]) == [3, 5]
    assert dragon_discards([2, 3], [2]) == [2, 3]


def test_achievements_add_to_180(catalog: Catalog) -> None:
    assert points(fd(catalog), []) == (0, 180)


def test_achievements_earned_from_results(catalog: Catalog) -> None:
    results = [
        SoloResult("training-dummy", "Grave", "game", used_abilities=False),
        SoloResult("rook", "Grave", "game", used_abilities=True),
        SoloResult("rook", "Lum", "game", used_abilities=True),
        SoloResult("rook", "Zane", "round", used_abilities=False),
        SoloResult("deathstrike-dragon", "Gwen", "round", used_abilities=True),
    ]
    ids = {a.id for a in earned(fd(catalog), results)}
    assert ids == {"initiation", "first-win", "stop-the-rock", "dragon-blood"}
    results.append(SoloResult("rook", "Zane", "game", used_abilities=False))
    ids = {a.id for a in earned(fd(catalog), results)}
    assert {"party-of-three", "rook-stomper"} <= ids
    every = [
        SoloResult("deathstrike-dragon", c.name, "game", False) for c in fd(catalog).characters
    ]
    assert points(fd(catalog), every + results)[0] == 180
