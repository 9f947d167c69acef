"""Bank drawing: exact counts, uniform sampling, reproducible seeds, clear refusals."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.puzzle_strike.bank import (
    BANK_SIZE,
    BankError,
    BankOptions,
    BankSampler,
    CostBand,
    chip_features,
    pick_bank,
    recommended_bank,
    reroll_slot,
)
from printkit.catalog import Catalog, PuzzleStrikeSet
from printkit.catalog.bankcode import PoolChip, pool_of


def base3(catalog: Catalog) -> PuzzleStrikeSet:
    s = catalog.game("puzzle-strike").set("base-3e")
    assert isinstance(s, PuzzleStrikeSet)
    return s


def satisfies(chips: list[PoolChip], options: BankOptions) -> bool:
    """Check a bank against options the slow, obvious way."""
    feats = [chip_features(c, options) for c in chips]
    attacks = sum(f.attack for f in feats)
    return (
        len({c.key for c in chips}) == BANK_SIZE
        and (options.max_attacks is None or attacks <= options.max_attacks)
        and attacks >= options.min_attacks
        and sum(f.arrow for f in feats) >= options.min_black_arrows
        and (options.cheap_cost is None or any(f.cheap for f in feats))
        and all(any(f.band == i for f in feats) for i in range(len(options.cost_bands)))
        and not {c.chip.id for c in chips} & set(options.exclude)
        and set(options.pin) <= {c.chip.id for c in chips}
    )


def test_count_without_options_is_24_choose_10(catalog: Catalog) -> None:
    assert BankSampler(catalog, ["base-3e"], BankOptions()).count() == 1_961_256


def test_count_mixed_pool(catalog: Catalog) -> None:
    from math import comb

    assert BankSampler(catalog, ["base-3e", "shadows"], BankOptions()).count() == comb(48, 10)


def test_no_attacks_count(catalog: Catalog) -> None:
    s = base3(catalog)
    calm = sum(not c.is_attack() for c in s.puzzle_chips)
    from math import comb

    sampler = BankSampler(catalog, ["base-3e"], BankOptions(max_attacks=0))
    assert sampler.count() == comb(calm, 10)
    bank = pick_bank(catalog, ["base-3e"], BankOptions(max_attacks=0), random.Random(3))
    assert not any(c.chip.is_attack() for c in bank.chips)


SMALL_EXCLUDE = (
    "draw-three",
    "gem-essence",
    "its-a-trap",
    "its-combo-time",
    "iron-defense",
    "master-puzzler",
    "one-of-each",
    "really-annoying",
    "recklessness",
    "roundhouse",
    "sale-prices",
    "training-day",
)


OPTION_CASES = st.builds(
    BankOptions,
    max_attacks=st.one_of(st.none(), st.integers(0, 4)),
    min_attacks=st.integers(0, 3),
    min_black_arrows=st.integers(0, 3),
    cheap_cost=st.one_of(st.none(), st.integers(1, 4)),
    cost_bands=st.sampled_from(
        [(), (CostBand(1, 2),), (CostBand(1, 2), CostBand(4, 5)), (CostBand(3, 3), CostBand(6, 12))]
    ),
)


@settings(max_examples=40, deadline=None)
@given(options=OPTION_CASES)
def test_count_matches_brute_force_on_small_pool(catalog: Catalog, options: BankOptions) -> None:
    if options.max_attacks is not None and options.min_attacks > options.max_attacks:
        return
    options = BankOptions(**{**options.__dict__, "exclude": SMALL_EXCLUDE})
    pool = [c for c in pool_of([base3(catalog)]) if c.chip.id not in SMALL_EXCLUDE]
    brute = sum(satisfies(list(b), options) for b in itertools.combinations(pool, BANK_SIZE))
    assert BankSampler(catalog, ["base-3e"], options).count() == brute


@settings(max_examples=60, deadline=None)
@given(options=OPTION_CASES, seed=st.integers(0, 2**32))
def test_drawn_banks_satisfy_their_options(
    catalog: Catalog, options: BankOptions, seed: int
) -> None:
    if options.max_attacks is not None and options.min_attacks > options.max_attacks:
        return
    sampler = BankSampler(catalog, ["base-3e", "shadows"], options)
    if sampler.count() == 0:
        with pytest.raises(BankError):
            sampler.draw(random.Random(seed))
        return
    chips = sampler.draw(random.Random(seed))
    assert satisfies(chips, options)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_same_seed_same_bank(catalog: Catalog, seed: int) -> None:
    options = BankOptions(min_attacks=1, cost_bands=(CostBand(1, 2),))
    one = pick_bank(catalog, ["shadows", "base-3e"], options, random.Random(seed), seed)
    two = pick_bank(catalog, ["base-3e", "shadows"], options, random.Random(seed), seed)
    assert one.code == two.code
    assert one.chips == two.chips


def test_known_seed_gives_known_bank(catalog: Catalog) -> None:
    # Pins the algorithm: a change here changes every published seed, so it must be deliberate.
    bank = pick_bank(catalog, ["base-3e"], BankOptions(), random.Random(7), 7)
    assert bank.code == "1207ZWX6R"
    assert [c.chip.id for c in bank.chips][:3] == ["chip-damage", "combos-are-hard", "gem-essence"]


def test_sampling_is_uniform_chi_square(catalog: Catalog) -> None:
    # 12 chips left, at least 2 attacks: every valid bank should come up equally often.
    options = BankOptions(exclude=SMALL_EXCLUDE, min_attacks=2)
    sampler = BankSampler(catalog, ["base-3e"], options)
    pool = [c for c in pool_of([base3(catalog)]) if c.chip.id not in SMALL_EXCLUDE]
    valid = [
        frozenset(c.key for c in b)
        for b in itertools.combinations(pool, BANK_SIZE)
        if satisfies(list(b), options)
    ]
    assert sampler.count() == len(valid) > 10
    draws = 200 * len(valid)
    rng = random.Random(2024)
    seen = Counter(frozenset(c.key for c in sampler.draw(rng)) for _ in range(draws))
    assert set(seen) == set(valid)
    expected = draws / len(valid)
    chi2 = sum((seen[b] - expected) ** 2 / expected for b in valid)
    # 99.9th percentile of chi-square with len(valid)-1 degrees of freedom, Wilson-Hilferty.
    k = len(valid) - 1
    critical = k * (1 - 2 / (9 * k) + 3.09 * (2 / (9 * k)) ** 0.5) ** 3
    assert chi2 < critical


def test_pins_are_kept_and_exclusions_left_out(catalog: Catalog) -> None:
    options = BankOptions(pin=("Master Puzzler", "sneak-attack"), exclude=("Draw Three",))
    for seed in range(20):
        ids = {
            c.chip.id for c in pick_bank(catalog, ["base-3e"], options, random.Random(seed)).chips
        }
        assert {"master-puzzler", "sneak-attack"} <= ids
        assert "draw-three" not in ids


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            BankOptions(min_attacks=9),
            "no bank of 10 chips satisfies these options: at least 9 attacks leaves no bank "
            "(without it, 1,961,256",
        ),
        (
            BankOptions(min_attacks=9, min_black_arrows=9),
            "no bank of 10 chips satisfies these options (at least 9 attacks; at least 9 chips "
            "giving a black arrow)",
        ),
        (BankOptions(max_attacks=0, pin=("knockdown",)), "pinning knockdown leaves no bank"),
        (BankOptions(pin=("Draw Three",), exclude=("draw-three",)), "pinned and excluded"),
        (BankOptions(pin=("draw-three", "Draw Three")), "pinned twice"),
        (BankOptions(min_attacks=3, max_attacks=2), "cannot both hold"),
        (BankOptions(max_attacks=11), "--max-attacks must be between 0 and 10"),
        (BankOptions(cost_bands=(CostBand(1, 3), CostBand(3, 5))), "overlap"),
        (BankOptions(cost_bands=(CostBand(5, 3),)), "is empty"),
        (BankOptions(exclude=("Drwa Three",)), "did you mean 'Draw Three'?"),
    ],
)
def test_refusals_name_the_option(catalog: Catalog, options: BankOptions, message: str) -> None:
    with pytest.raises(BankError) as caught:
        pick_bank(catalog, ["base-3e"], options, random.Random(1))
    assert message in str(caught.value)


def test_unknown_and_mixed_editions_refused(catalog: Catalog) -> None:
    with pytest.raises(BankError, match="unknown set 'base-4e'"):
        pick_bank(catalog, ["base-4e"], BankOptions(), random.Random(1))
    with pytest.raises(BankError, match="share the chip"):
        pick_bank(catalog, ["base-2e", "base-3e"], BankOptions(), random.Random(1))


def test_reroll_keeps_nine_and_options(catalog: Catalog) -> None:
    options = BankOptions(max_attacks=0)
    bank = pick_bank(catalog, ["base-3e"], options, random.Random(11), 11)
    old = bank.chips[4]
    new = reroll_slot(bank, catalog, old.chip.name, random.Random(12))
    kept = {c.key for c in bank.chips} - {old.key}
    assert kept < {c.key for c in new.chips}
    assert old.key not in {c.key for c in new.chips}
    assert not any(c.chip.is_attack() for c in new.chips)
    assert new.options == options


def test_reroll_of_chip_not_in_bank(catalog: Catalog) -> None:
    bank = recommended_bank(catalog, "base-3e", "First Game")
    with pytest.raises(BankError, match="no puzzle chip 'The Hammer'"):
        reroll_slot(bank, catalog, "The Hammer", random.Random(1))


def test_recommended_bank_by_name(catalog: Catalog) -> None:
    bank = recommended_bank(catalog, "base-3e", "combo crazy")
    assert bank.name == "Combo Crazy"
    assert "Master Puzzler" in {c.chip.name for c in bank.chips}
    with pytest.raises(BankError, match="has no recommended bank 'Nope'"):
        recommended_bank(catalog, "base-3e", "Nope")


# --- options in words, and the one that leaves no bank ----------------------------------


def test_options_in_words() -> None:
    assert BankOptions().describe() == []
    options = BankOptions(
        exclude=("Combo", "Roundhouse"),
        pin=("Dashing Strike",),
        max_attacks=2,
        min_attacks=1,
        min_black_arrows=3,
        cheap_cost=0,
        cost_bands=(CostBand(1, 2), CostBand(4, 4)),
    )
    assert options.describe() == [
        "excluding Combo, Roundhouse",
        "pinning Dashing Strike",
        "at most 2 attacks",
        "at least 1 attacks",
        "at least 3 chips giving a black arrow",
        "a chip costing 0 or less",
        "a chip in each cost band 1-2, 4",
    ]
    assert BankOptions(max_attacks=0).describe() == ["no attacks"]
    assert BankOptions(max_attacks=1).describe() == ["at most 1 attacks"]


def test_relaxations_drop_one_option_at_a_time() -> None:
    from companion.game.puzzle_strike.bank import relaxations

    assert relaxations(BankOptions()) == []
    one, two = CostBand(1, 2), CostBand(3, 3)
    options = BankOptions(
        exclude=("Combo", "Roundhouse"),
        pin=("Dashing Strike", "Knockdown"),
        max_attacks=1,
        min_attacks=1,
        min_black_arrows=2,
        cheap_cost=1,
        cost_bands=(one, two),
    )
    assert relaxations(options) == [
        ("pinning Dashing Strike, Knockdown", replace(options, pin=())),
        ("at most 1 attacks", replace(options, max_attacks=None)),
        ("at least 1 attacks", replace(options, min_attacks=0)),
        ("at least 2 black arrows", replace(options, min_black_arrows=0)),
        ("a chip costing 1 or less", replace(options, cheap_cost=None)),
        ("the cost band 1-2", replace(options, cost_bands=(two,))),
        ("the cost band 3", replace(options, cost_bands=(one,))),
        ("excluding Combo, Roundhouse", replace(options, exclude=())),
    ]
    assert relaxations(BankOptions(max_attacks=0)) == [("no attacks", BankOptions())]


def test_bank_as_json(catalog: Catalog) -> None:
    from companion.game.puzzle_strike.bank_json import bank_to_json

    bank = pick_bank(catalog, ["base-3e"], BankOptions(max_attacks=3), random.Random(4))
    data = bank_to_json(bank)
    assert data["code"] == bank.code and data["seed"] == bank.seed
    assert data["sets"] == ["base-3e"] and data["valid_banks"] == bank.valid_banks
    assert data["options"] == ["at most 3 attacks"] and data["name"] is None
    stacks = data["stacks"]
    assert isinstance(stacks, list) and len(stacks) == BANK_SIZE
    for stack, c in zip(stacks, bank.chips, strict=True):
        assert stack == {
            "id": c.chip.id,
            "key": c.key,
            "name": c.chip.name,
            "cost": c.chip.cost,
            "set": "base-3e",
            "banner": list(c.chip.banner or ()),
            "banner_icons": list(c.chip.banner_icons),
            "icons": [[i.name, i.count] for i in c.chip.icons or ()],
            "attack": c.chip.is_attack(),
        }
    assert any(s["banner"] for s in stacks) and any(s["icons"] for s in stacks)
    assert any(s["attack"] for s in stacks) and not all(s["attack"] for s in stacks)
