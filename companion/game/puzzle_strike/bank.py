"""Puzzle Strike banks: choose 10 puzzle stacks under options, count the valid banks exactly.

The algorithm, which gives every valid bank the same chance and the same bank for the
same seed on every machine:

1. The pool is the chosen sets' puzzle chips in catalog order, less exclusions and pins.
2. Each chip falls into a category by the features the options test (attack, black arrow,
   cost at most K, cost band). Categories are visited in sorted order.
3. ``count`` says, for a category index and the running totals (chips taken, attacks,
   black arrows, cheap chips, bands covered), how many ways the remaining categories can
   complete a valid bank; each category contributes C(chips in it, chips taken from it).
   The total from the start is the exact number of valid banks.
4. Sampling walks the categories: draw r = rng.randrange(total); for each possible number
   j taken from this category, the weight is C(m, j) * count(next state); r picks the j
   whose weight range contains it and goes on as r mod count(next state); the j chips are
   taken from the category by repeated rng.randrange over the chips left (in pool order).

Only ``Random.randrange`` is used, so results do not depend on hash or set order.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from math import comb

from companion.game.errors import IllegalMove, passed_on
from companion.game.puzzle_strike.refusals import REFUSE
from companion.game.puzzle_strike.sets import find_sets
from printkit.catalog import Catalog, PuzzleStrikeSet
from printkit.catalog.bankcode import PoolChip, encode_bank, pool_of

BANK_SIZE = 10

State = tuple[int, int, int, int, int]
"""Running totals while choosing: chips, attacks, black arrows, cheap chips, bands mask."""


class BankError(ValueError):
    """Bank options that cannot be met, or that name chips or sets we do not know."""


@dataclass(frozen=True)
class CostBand:
    """An inclusive range of costs."""

    low: int
    high: int

    def __contains__(self, cost: object) -> bool:
        return isinstance(cost, int) and self.low <= cost <= self.high

    def __str__(self) -> str:
        return f"{self.low}-{self.high}" if self.low != self.high else str(self.low)


@dataclass(frozen=True)
class BankOptions:
    """What a bank must (or must not) contain. Chips are named by id or name."""

    exclude: tuple[str, ...] = ()
    pin: tuple[str, ...] = ()
    max_attacks: int | None = None
    """At most this many chips with the red fist (0: no attacks)."""
    min_attacks: int = 0
    min_black_arrows: int = 0
    """At least this many chips whose top line gives a black arrow."""
    cheap_cost: int | None = None
    """At least one chip costing this much or less."""
    cost_bands: tuple[CostBand, ...] = ()
    """At least one chip in each of these cost ranges."""

    def describe(self) -> list[str]:
        """Name each option that is set, in words (for messages and sheets)."""
        out = []
        if self.exclude:
            out.append(f"excluding {', '.join(self.exclude)}")
        if self.pin:
            out.append(f"pinning {', '.join(self.pin)}")
        if self.max_attacks == 0:
            out.append("no attacks")
        elif self.max_attacks is not None:
            out.append(f"at most {self.max_attacks} attacks")
        if self.min_attacks:
            out.append(f"at least {self.min_attacks} attacks")
        if self.min_black_arrows:
            out.append(f"at least {self.min_black_arrows} chips giving a black arrow")
        if self.cheap_cost is not None:
            out.append(f"a chip costing {self.cheap_cost} or less")
        if self.cost_bands:
            out.append("a chip in each cost band " + ", ".join(str(b) for b in self.cost_bands))
        return out


@dataclass(frozen=True)
class Bank:
    """Ten puzzle stacks drawn from some sets, with how it was made."""

    sets: tuple[str, ...]
    chips: tuple[PoolChip, ...]
    """In pool (catalog) order."""
    code: str
    seed: int | None
    valid_banks: int | None
    """How many banks satisfied the options it was drawn under (None: not drawn)."""
    options: BankOptions = field(default_factory=BankOptions)
    name: str | None = None
    """The rulebook's name for a recommended bank."""


@dataclass(frozen=True)
class Features:
    """What the options care about in one chip."""

    attack: bool
    arrow: bool
    cheap: bool
    band: int
    """Index of the cost band the chip's cost falls in, or -1."""


def chip_features(chip: PoolChip, options: BankOptions) -> Features:
    """Sort one chip into its category."""
    cost = chip.chip.cost
    band = next((i for i, b in enumerate(options.cost_bands) if cost in b), -1)
    cheap = options.cheap_cost is not None and cost is not None and cost <= options.cheap_cost
    return Features(chip.chip.is_attack(), chip.chip.gives_black_arrow(), cheap, band)


def choose_sets(catalog: Catalog, set_ids: Sequence[str]) -> list[PuzzleStrikeSet]:
    """Return the named sets in catalog order; refuse unknown sets and mixed editions.

    :raises BankError: for an unknown set, none at all, or two sets sharing chip names.
    """
    if not set_ids:
        raise REFUSE(BankError, "ps_bank_no_set")
    try:
        chosen = find_sets(catalog, set_ids)
    except IllegalMove as exc:
        raise passed_on(BankError, exc) from None
    seen: dict[str, str] = {}
    for s in chosen:
        for chip in s.puzzle_chips:
            other = seen.setdefault(chip.name.casefold(), s.id)
            if other != s.id:
                raise REFUSE(BankError, "ps_bank_share", one=other, other=s.id, chip=chip.name)
    return chosen


def fold(text: str) -> str:
    """Fold a chip name for matching: 'Punch Punch Kick' finds 'Punch, Punch, Kick'."""
    return "".join(c for c in text.casefold() if c.isalnum())


def find_chip(pool: Sequence[PoolChip], text: str) -> PoolChip:
    """Find a chip of the pool by id, ``set/id`` or name.

    :raises BankError: when nothing or more than one chip matches.
    """
    wanted = fold(text)
    matches = [c for c in pool if wanted in (fold(c.chip.id), fold(c.key), fold(c.chip.name))]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise REFUSE(
            BankError, "ps_chip_several", text=text, chips=", ".join(c.key for c in matches)
        )
    close = difflib.get_close_matches(text, [c.chip.name for c in pool], n=1, cutoff=0.6)
    if close:
        raise REFUSE(BankError, "ps_no_chip_close", text=text, close=close[0])
    raise REFUSE(BankError, "ps_no_chip", text=text)


class BankSampler:
    """Counts and draws the valid banks of one pool under one set of options."""

    def __init__(self, catalog: Catalog, set_ids: Sequence[str], options: BankOptions) -> None:
        self.catalog = catalog
        self.sets = tuple(s.id for s in choose_sets(catalog, set_ids))
        self.options = options
        full_pool = pool_of(choose_sets(catalog, set_ids))
        check_numbers(options)
        excluded = {find_chip(full_pool, name).key for name in options.exclude}
        pinned = [find_chip(full_pool, name) for name in options.pin]
        check_pins(pinned, excluded)
        self.pinned = tuple(pinned)
        pin_keys = {c.key for c in pinned}
        pool = [c for c in full_pool if c.key not in excluded and c.key not in pin_keys]
        groups: dict[Features, list[PoolChip]] = {}
        for chip in pool:
            groups.setdefault(chip_features(chip, options), []).append(chip)
        order = sorted(groups, key=lambda f: (f.attack, f.arrow, f.cheap, f.band))
        self.categories = tuple(tuple(groups[f]) for f in order)
        self.features = tuple(order)
        self.start = self._state_after(self._empty_state(), pinned)
        self._memo: dict[tuple[int, State], int] = {}

    # Totals are capped where only a minimum matters, so fewer states are told apart.
    def _empty_state(self) -> State:
        return (0, 0, 0, 0, 0)

    def _add(self, state: State, f: Features, j: int) -> State:
        chips, attacks, arrows, cheap, mask = state
        o = self.options
        track_attacks = o.max_attacks is not None or o.min_attacks > 0
        cap_attacks = (o.max_attacks + 1) if o.max_attacks is not None else o.min_attacks
        return (
            chips + j,
            min(attacks + j * f.attack, cap_attacks) if track_attacks else 0,
            min(arrows + j * f.arrow, o.min_black_arrows),
            min(cheap + j * f.cheap, 1),
            mask | (1 << f.band if j and f.band >= 0 else 0),
        )

    def _state_after(self, state: State, chips: Sequence[PoolChip]) -> State:
        for chip in chips:
            state = self._add(state, chip_features(chip, self.options), 1)
        return state

    def _is_valid_end(self, state: State) -> bool:
        chips, attacks, arrows, cheap, mask = state
        o = self.options
        return (
            chips == BANK_SIZE
            and (o.max_attacks is None or attacks <= o.max_attacks)
            and attacks >= o.min_attacks
            and arrows >= o.min_black_arrows
            and (o.cheap_cost is None or cheap >= 1)
            and mask == (1 << len(o.cost_bands)) - 1
        )

    def _count(self, index: int, state: State) -> int:
        key = (index, state)
        if key not in self._memo:
            self._memo[key] = self._count_uncached(index, state)
        return self._memo[key]

    def _count_uncached(self, index: int, state: State) -> int:
        if state[0] > BANK_SIZE:
            return 0
        if self.options.max_attacks is not None and state[1] > self.options.max_attacks:
            return 0
        if index == len(self.categories):
            return 1 if self._is_valid_end(state) else 0
        total = 0
        size = len(self.categories[index])
        for j in range(0, min(size, BANK_SIZE - state[0]) + 1):
            total += comb(size, j) * self._count(
                index + 1, self._add(state, self.features[index], j)
            )
        return total

    def count(self) -> int:
        """Return how many distinct banks satisfy the options."""
        return self._count(0, self.start)

    def draw(self, rng: random.Random) -> list[PoolChip]:
        """Draw one valid bank, each with equal probability.

        :raises BankError: when no bank satisfies the options.
        """
        total = self.count()
        if total == 0:
            raise self.empty_refusal()
        r = rng.randrange(total)
        state = self.start
        taken = list(self.pinned)
        for index, members in enumerate(self.categories):
            for j in range(0, min(len(members), BANK_SIZE - state[0]) + 1):
                after = self._add(state, self.features[index], j)
                rest = self._count(index + 1, after)
                weight = comb(len(members), j) * rest
                if r < weight:
                    # r is uniform below comb * rest: its remainder by rest is uniform too,
                    # and which j chips of the category are taken is drawn on its own.
                    r %= rest
                    taken += pick(members, j, rng)
                    state = after
                    break
                r -= weight
        return taken

    def explain_empty(self) -> str:
        """Say which option leaves no valid bank."""
        return str(self.empty_refusal())

    def empty_refusal(self) -> BankError:
        """Return the refusal saying which option leaves no valid bank."""
        for label, relaxed in relaxations(self.options):
            try:
                count = BankSampler(self.catalog, self.sets, relaxed).count()
            except BankError:
                continue
            if count:
                return REFUSE(BankError, "ps_bank_none_without", option=label, count=f"{count:,}")
        described = "; ".join(self.options.describe())
        if not described:
            return REFUSE(BankError, "ps_bank_pool_small")
        return REFUSE(BankError, "ps_bank_none", options=described)


def pick(members: Sequence[PoolChip], j: int, rng: random.Random) -> list[PoolChip]:
    """Take ``j`` of ``members`` uniformly, by repeated randrange over what is left."""
    left = list(members)
    return [left.pop(rng.randrange(len(left))) for _ in range(j)]


def relaxations(options: BankOptions) -> list[tuple[str, BankOptions]]:
    """List (option in words, the options without it), one option at a time."""
    out = []
    if options.pin:
        out.append((f"pinning {', '.join(options.pin)}", replace(options, pin=())))
    if options.max_attacks is not None:
        words = (
            "no attacks" if options.max_attacks == 0 else f"at most {options.max_attacks} attacks"
        )
        out.append((words, replace(options, max_attacks=None)))
    if options.min_attacks:
        out.append((f"at least {options.min_attacks} attacks", replace(options, min_attacks=0)))
    if options.min_black_arrows:
        out.append(
            (
                f"at least {options.min_black_arrows} black arrows",
                replace(options, min_black_arrows=0),
            )
        )
    if options.cheap_cost is not None:
        out.append(
            (f"a chip costing {options.cheap_cost} or less", replace(options, cheap_cost=None))
        )
    for band in options.cost_bands:
        rest = tuple(b for b in options.cost_bands if b != band)
        out.append((f"the cost band {band}", replace(options, cost_bands=rest)))
    if options.exclude:
        out.append((f"excluding {', '.join(options.exclude)}", replace(options, exclude=())))
    return out


def check_numbers(options: BankOptions) -> None:
    """Refuse numbers that make no sense before counting anything.

    :raises BankError: naming the option.
    """
    limits = {
        "--max-attacks": options.max_attacks,
        "--min-attacks": options.min_attacks,
        "--min-black-arrows": options.min_black_arrows,
    }
    for name, value in limits.items():
        if value is not None and not 0 <= value <= BANK_SIZE:
            raise REFUSE(BankError, "ps_bank_limit", option=name, most=BANK_SIZE, value=value)
    if options.max_attacks is not None and options.min_attacks > options.max_attacks:
        raise REFUSE(BankError, "ps_bank_attacks", least=options.min_attacks,
                     most=options.max_attacks)  # fmt: skip
    if len(options.cost_bands) > 8:
        raise REFUSE(BankError, "ps_bands_most")
    for i, band in enumerate(options.cost_bands):
        if band.low > band.high:
            raise REFUSE(BankError, "ps_band_empty", low=band.low, high=band.high)
        for other in options.cost_bands[i + 1 :]:
            if band.low <= other.high and other.low <= band.high:
                raise REFUSE(BankError, "ps_bands_overlap", one=str(band), other=str(other))


def check_pins(pinned: Sequence[PoolChip], excluded: set[str]) -> None:
    """Pins must be distinct, not excluded, and at most 10.

    :raises BankError: naming the chip.
    """
    keys = [c.key for c in pinned]
    for key in keys:
        if key in excluded:
            raise REFUSE(BankError, "ps_pin_excluded", chip=key)
        if keys.count(key) > 1:
            raise REFUSE(BankError, "ps_pin_twice", chip=key)
    if len(pinned) > BANK_SIZE:
        raise REFUSE(BankError, "ps_pins_many", n=len(pinned), size=BANK_SIZE)


def pick_bank(
    catalog: Catalog,
    set_ids: Sequence[str],
    options: BankOptions,
    rng: random.Random,
    seed: int | None = None,
) -> Bank:
    """Draw one bank uniformly among those that satisfy the options.

    :raises BankError: for unknown sets or chips, contradictory options, or no valid bank.
    """
    sampler = BankSampler(catalog, set_ids, options)
    chips = sampler.draw(rng)
    return make_bank(catalog, sampler.sets, chips, seed, sampler.count(), options)


def make_bank(
    catalog: Catalog,
    sets: Sequence[str],
    chips: Sequence[PoolChip],
    seed: int | None,
    valid_banks: int | None,
    options: BankOptions | None = None,
    name: str | None = None,
) -> Bank:
    """Put a bank together: chips in pool order, with its code.

    :raises BankError: when the chips are not 10 distinct chips of these sets.
    """
    order = {c.key: i for i, c in enumerate(pool_of(choose_sets(catalog, sets)))}
    keys = [c.key for c in chips]
    if len(set(keys)) != BANK_SIZE or not set(keys) <= set(order):
        raise REFUSE(BankError, "ps_bank_chips", size=BANK_SIZE, keys=str(keys))
    ordered = tuple(sorted(chips, key=lambda c: order[c.key]))
    code = encode_bank(catalog, sets, keys)
    return Bank(tuple(sets), ordered, code, seed, valid_banks, options or BankOptions(), name)


def reroll_slot(bank: Bank, catalog: Catalog, slot: str, rng: random.Random) -> Bank:
    """Replace one stack by another drawn under the bank's options, keeping the other nine.

    :raises BankError: when the chip is not in the bank or nothing can replace it.
    """
    old = find_chip(bank.chips, slot)
    keep = tuple(c.key for c in bank.chips if c.key != old.key)
    options = replace(
        bank.options,
        pin=keep,
        exclude=tuple(dict.fromkeys((*bank.options.exclude, old.key))),
    )
    sampler = BankSampler(catalog, bank.sets, options)
    if sampler.count() == 0:
        raise REFUSE(BankError, "ps_no_replacement", chip=old.chip.name)
    chips = sampler.draw(rng)
    return make_bank(catalog, bank.sets, chips, bank.seed, bank.valid_banks, bank.options)


def recommended_bank(catalog: Catalog, set_id: str, name: str) -> Bank:
    """Return a recommended bank of a set by its name or id.

    :raises BankError: when the set has no such bank.
    """
    [game_set] = choose_sets(catalog, [set_id])
    wanted = fold(name)
    for rec in game_set.recommended_banks:
        if wanted in (fold(rec.id), fold(rec.name)):
            chips = [PoolChip(game_set.id, game_set.puzzle_chip(c)) for c in rec.chips]
            return make_bank(catalog, [game_set.id], chips, None, None, name=rec.name)
    names = ", ".join(r.name for r in game_set.recommended_banks)
    raise REFUSE(BankError, "ps_no_recommended", set=set_id, name=name, names=names)
