"""The real catalog holds what the rulebooks say the boxes hold."""

from __future__ import annotations

from math import comb

import pytest

from printkit.catalog import Catalog, FlashDuelSet, PuzzleStrikeSet, ShadowfistSet
from printkit.catalog.checks import BANK_SIZE

PUZZLE_STRIKE_SETS = ["base-2e", "base-3e", "shadows"]


def ps(catalog: Catalog, set_id: str) -> PuzzleStrikeSet:
    game_set = catalog.game("puzzle-strike").set(set_id)
    assert isinstance(game_set, PuzzleStrikeSet)
    return game_set


def fd(catalog: Catalog) -> FlashDuelSet:
    game_set = catalog.game("flash-duel").set("2e")
    assert isinstance(game_set, FlashDuelSet)
    return game_set


def test_game_ids_in_listing_order(catalog: Catalog) -> None:
    assert [g.id for g in catalog.games] == ["puzzle-strike", "flash-duel", "shadowfist"]
    assert [s.id for s in catalog.game("puzzle-strike").sets] == PUZZLE_STRIKE_SETS


@pytest.mark.parametrize("set_id", PUZZLE_STRIKE_SETS)
def test_puzzle_strike_box_contents(catalog: Catalog, set_id: str) -> None:
    s = ps(catalog, set_id)
    assert len(s.puzzle_chips) == 24
    assert len(s.characters) == 10
    assert sum(len(c.chips) for c in s.characters) == 30
    assert s.pieces() == 342
    counts = {st.id: st.count for st in s.stacks}
    assert counts == {
        "1-gem": 64,
        "2-gem": 20,
        "3-gem": 16,
        "4-gem": 12,
        "combine": 20,
        "crash-gem": 16,
        "double-crash-gem": 10,
        "wound": 24,
    }
    assert s.blank_chips == 10


@pytest.mark.parametrize("set_id", PUZZLE_STRIKE_SETS)
def test_starting_bag_is_ten_chips(catalog: Catalog, set_id: str) -> None:
    bag = ps(catalog, set_id).starting_bag
    assert bag.character_chips == 3
    assert {(i.stack, i.count) for i in bag.stacks} == {("crash-gem", 1), ("1-gem", 6)}
    assert bag.character_chips + sum(i.count for i in bag.stacks) == 10
    assert bag.hand == 5


@pytest.mark.parametrize("set_id", PUZZLE_STRIKE_SETS)
def test_recommended_banks_are_ten_chips_of_their_set(catalog: Catalog, set_id: str) -> None:
    s = ps(catalog, set_id)
    ids = {c.id for c in s.puzzle_chips}
    assert len(s.recommended_banks) == 5
    for bank in s.recommended_banks:
        assert len(set(bank.chips)) == BANK_SIZE
        assert set(bank.chips) <= ids


def test_starting_conditions_of_seed_001(catalog: Catalog) -> None:
    # seed 001: the 10-of-24 banks and the character choices of 4 players give 411,863,760.
    s = ps(catalog, "base-2e")
    banks = comb(len(s.puzzle_chips), BANK_SIZE)
    characters = comb(len(s.characters), 4)
    assert banks == 1_961_256
    assert banks * characters == 411_863_760


def test_edition_differences(catalog: Catalog) -> None:
    second, third = ps(catalog, "base-2e"), ps(catalog, "base-3e")
    combine = {s.id: s for s in second.stacks}["combine"]
    assert [(i.name, i.count) for i in combine.icons or ()] == [
        ("black-arrow", 1),
        ("gem-power", 1),
    ]
    combine3 = {s.id: s for s in third.stacks}["combine"]
    assert ("gem-power", -1) in [(i.name, i.count) for i in combine3.icons or ()]
    names2 = {c.name for c in second.puzzle_chips} | {c.name for _, c in second.character_chips()}
    names3 = {c.name for c in third.puzzle_chips} | {c.name for _, c in third.character_chips()}
    assert {"Combo Practice", "Poker Winnings", "Burst of Speed"} <= names2 - names3
    assert {"Chip Damage", "Jackpot", "Three Colors"} <= names3 - names2
    assert second.puzzle_chip("one-of-each").cost == 6
    assert third.puzzle_chip("one-of-each").cost == 5


def test_unknown_second_edition_costs_are_gaps_not_guesses(catalog: Catalog) -> None:
    s = ps(catalog, "base-2e")
    for chip_id in ("gems-to-gemonade", "secret-move", "thinking-ahead"):
        chip = s.puzzle_chip(chip_id)
        assert chip.cost is None
        assert "cost" in chip.unknown
    assert any(gap.startswith("puzzle chip secret-move: cost") for gap in s.gaps())


def test_flash_duel_box(catalog: Catalog) -> None:
    s = fd(catalog)
    assert s.numbered_cards.total() == 50
    assert sum(len(c.abilities) for c in s.characters) == 60
    assert len(s.characters) == 20
    assert len(s.dragon_abilities) == 8
    assert sum(c.count for c in s.loyalty_cards) == 5
    assert [c.count for c in s.loyalty_cards if c.side == "traitor"] == [1]
    assert len(s.track_cards) == 5
    assert s.board.spaces == 18
    assert s.board.start_spaces == (1, 18)
    assert [t for card in s.track_cards for t in card.spaces] == list(range(1, 19))
    assert s.counts()["win-token"] == 5
    assert s.pieces() == 128 + 5


def test_flash_duel_unknown_abilities_are_counted_and_listed(catalog: Catalog) -> None:
    s = fd(catalog)
    unknown = [a for _, a in s.abilities() if not a.is_known()]
    known = [a for _, a in s.abilities() if a.is_known()]
    assert len(unknown) + len(known) == 60
    assert len(known) >= 12  # enough for a Custom Clockwork draft pool
    gaps = s.gaps()
    assert len([g for g in gaps if g.startswith("ability ")]) == len(unknown)
    assert all(not a.is_known() for a in s.dragon_abilities)
    assert "ability gloria-1 (Gloria): name, trigger, effect" in gaps


# Names the reference file marks "BRIEF only" or as possible Yomi names, each of which seed 002's
# character FAQ names as a Flash Duel ability ("Lum's Poker Flourish", "Zane's Landmine", ...).
NAMED_IN_SEED_002 = {
    "valerie": {"Sudden Inspiration", "Green Eye's Epiphany"},
    "geiger": {"Rewind Time"},
    "lum": {"Poker Flourish", "Roll the Dice", "Raise the Stakes"},
    "argagarg": {"Pacifism"},
    "onimaru": {"Clockwork Soldier"},
    "persephone": {"Dominance"},
    "gwen": {"Shadow Plague", "Relentless Strikes"},
    "zane": {"Shoulder Ram", "Landmine"},
}


def test_flash_duel_names_the_rulebook_gives_are_certain(catalog: Catalog) -> None:
    s = fd(catalog)
    by_owner = {c.id: {a.name: a for a in c.abilities} for c in s.characters}
    for owner, names in NAMED_IN_SEED_002.items():
        for name in names:
            assert "name" not in by_owner[owner][name].uncertain, name


def test_flash_duel_uncertain_names_are_marked(catalog: Catalog) -> None:
    s = fd(catalog)
    uncertain = {(c.id, a.name) for c, a in s.abilities() if "name" in a.uncertain}
    # Into Oblivion: one blog remark, and also a Puzzle Strike chip and a Yomi name.
    assert uncertain == {("menelker", "Into Oblivion")}
    known = [a for _, a in s.abilities() if a.is_known()]
    nameless = [a for _, a in s.abilities() if a.name is None]
    assert (len(known), len(nameless)) == (18, 20)
    # Quick-reference-sheet facts with no second source stay uncertain; confirmed ones do not.
    ability = {a.id: a for _, a in s.abilities()}
    assert ability["esper-dash"].uncertain == ("trigger", "effect")
    assert ability["martial-mastery"].uncertain == ()


def test_flash_duel_clues_are_sourced_and_only_on_unknown_effects(catalog: Catalog) -> None:
    s = fd(catalog)
    with_clues = [a for _, a in s.abilities() if a.clues]
    assert len(with_clues) == 14
    for ability in with_clues:
        assert ability.effect is None, ability.id
        assert ability.clues is not None and ability.clues.endswith(("FAQ).", "blog).")), ability.id


def test_flash_duel_modes_and_tables(catalog: Catalog) -> None:
    s = fd(catalog)
    assert len(s.modes) == 7
    players = {m.id: (m.min_players, m.max_players) for m in s.modes}
    assert players["team-battle"] == (4, 4)
    assert players["raid"] == (3, 5)
    assert players["betrayal"] == (5, 5)
    raid = {r.mortals: r for r in s.raid}
    assert (raid[2].deck_cards, raid[2].reshuffles, raid[2].dragon_hit_points) == (50, 0, 2)
    assert (raid[3].deck_cards, raid[3].dragon_hand_size, raid[3].dragon_abilities) == (40, 8, 6)
    assert (raid[4].dragon_hit_points, raid[4].dragon_hand_size, raid[4].dragon_abilities) == (
        4,
        9,
        8,
    )
    assert (s.betrayal.mortals, s.betrayal.dragon_hit_points, s.betrayal.dragon_hand_size) == (
        4,
        3,
        8,
    )
    assert sum(a.points for a in s.achievements) == 180
    assert len(s.achievements) == 10


def test_shadowfist_rules(catalog: Catalog) -> None:
    s = catalog.game("shadowfist").set("basic")
    assert isinstance(s, ShadowfistSet)
    r = s.rules
    assert (r.victory_sites, r.starting_power, r.starting_hand) == (5, 1, 6)
    assert (r.burn_for_power_bonus, r.burn_for_power_max) == (1, 5)
    shot = s.turn[0]
    assert [st.id for st in shot.steps] == [
        "start-of-turn",
        "generate-power",
        "unturn",
        "discard",
        "draw",
    ]
    assert [p.id for p in s.turn] == ["establishing-shot", "main-shot", "end-of-turn"]
    assert {c.id for c in s.card_types} == {
        "character",
        "feng-shui-site",
        "site",
        "edge",
        "event",
        "state",
    }
