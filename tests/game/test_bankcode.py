"""Bank codes decode back to their bank and refuse anything else."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.puzzle_strike.bank import BankOptions, pick_bank, recommended_bank
from printkit.catalog import Catalog
from printkit.catalog.bankcode import BankCodeError, decode_bank, rank_subset, unrank_subset


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    sets=st.sampled_from([["base-3e"], ["shadows"], ["base-2e"], ["base-3e", "shadows"]]),
)
def test_code_round_trip(catalog: Catalog, seed: int, sets: list[str]) -> None:
    bank = pick_bank(catalog, sets, BankOptions(), random.Random(seed), seed)
    set_ids, chips = decode_bank(catalog, bank.code)
    assert set_ids == list(bank.sets)
    assert [c.key for c in chips] == [c.key for c in bank.chips]


@given(indices=st.sets(st.integers(0, 47), min_size=10, max_size=10))
def test_rank_round_trip(indices: set[int]) -> None:
    assert unrank_subset(rank_subset(list(indices)), 10, 48) == sorted(indices)


def test_typed_code_is_forgiving(catalog: Catalog) -> None:
    code = recommended_bank(catalog, "base-3e", "First Game").code
    typed = "-".join([code[:3], code[3:6], code[6:]]).lower().replace("0", "o").replace("1", "l")
    assert decode_bank(catalog, typed) == decode_bank(catalog, code)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("2ABCDEFGH", "not a version-1 code"),
        ("1U!", "characters that are not used"),
        ("1200VP5D", "has 8 characters; a code for these sets has 9"),
        ("1200VP5DA", "does not check out"),
        ("1Z00VP5D9", "names no known sets"),
        ("10", "names no known sets"),
        ("12ZZZZZ00", "not a valid bank"),
    ],
)
def test_bad_codes_are_refused(catalog: Catalog, code: str, message: str) -> None:
    with pytest.raises(BankCodeError, match=message):
        decode_bank(catalog, code)


def test_every_single_character_change_is_caught(catalog: Catalog) -> None:
    code = recommended_bank(catalog, "shadows", "The Hammer").code
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    accepted = 0
    for i in range(1, len(code)):
        for char in alphabet:
            if char == code[i]:
                continue
            try:
                decode_bank(catalog, code[:i] + char + code[i + 1 :])
                accepted += 1
            except BankCodeError:
                pass
    # 10 check bits: about one change in a thousand slips through; far fewer than that here.
    assert accepted <= 2
