"""The bank of each round (or table), drawn from the tournament's seed with the bank code.

Policies: ``round`` (one random bank per round, the same at every table), ``table`` (a
random bank per table) and ``recommended`` (one of the rulebook's banks for every table).
A drawn bank's seed is derived from the tournament's seed, the round and the table, so the
bank randomizer (``/api/banks`` with that seed and the same options) draws it again.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.game.puzzle_strike.bank import (
    Bank,
    BankOptions,
    BankSampler,
    make_bank,
    recommended_bank,
)
from companion.game.tournament.model import REFUSE, TournamentError
from printkit.catalog import Catalog

POLICIES = ("round", "table", "recommended")


@dataclass(frozen=True)
class BankPolicy:
    """How the tournament's banks are chosen."""

    policy: str = "round"
    sets: tuple[str, ...] = ("base-3e",)
    options: BankOptions = BankOptions()
    recommended: str | None = None
    """The recommended bank's name or id (policy 'recommended')."""

    def check(self) -> None:
        """Refuse an unknown policy or a recommended policy without a bank name.

        :raises TournamentError: naming the problem.
        """
        if self.policy not in POLICIES:
            raise REFUSE(TournamentError, "tr_policy_one_of", policies=", ".join(POLICIES))
        if self.policy == "recommended" and not self.recommended:
            raise REFUSE(TournamentError, "tr_name_recommended")


def bank_after_characters(catalog: Catalog, sets: Sequence[str]) -> bool:
    """Return True when a table's bank is only shown once its characters are chosen: the
    3rd edition's tournament rule (seed 000, "Choosing the Bank": after characters are
    chosen, the bank is determined at random)."""
    editions = [s.edition for s in catalog.puzzle_strike_sets() if s.id in sets]
    return bool(editions) and min(editions) == 3


def bank_seed(seed: int, round_no: int, table: int = 0) -> int:
    """Return the seed of one round's (or one table's) bank: 0 to 2**63 - 1."""
    digest = hashlib.sha256(f"strikekit-bank:{seed}:{round_no}:{table}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def draw_bank(catalog: Catalog, policy: BankPolicy, seed: int) -> Bank:
    """Draw one bank under the policy's sets and options with a given seed.

    :raises BankError: when the options cannot be met.
    """
    sampler = BankSampler(catalog, policy.sets, policy.options)
    chips = sampler.draw(random.Random(seed))
    return make_bank(catalog, sampler.sets, chips, seed, sampler.count(), policy.options)


def round_banks(
    catalog: Catalog, policy: BankPolicy, seed: int, round_no: int, tables: Sequence[int]
) -> dict[int, Bank]:
    """Return the bank of each table of a round (table numbers from 1).

    :raises BankError: for options that cannot be met or an unknown recommended bank.
    """
    policy.check()
    if policy.policy == "recommended":
        bank = recommended_bank(catalog, policy.sets[0], str(policy.recommended))
        return {t: bank for t in tables}
    if policy.policy == "round":
        bank = draw_bank(catalog, policy, bank_seed(seed, round_no))
        return {t: bank for t in tables}
    return {t: draw_bank(catalog, policy, bank_seed(seed, round_no, t)) for t in tables}
