"""Bank speed: constrained banks drawn per second, and the exact count for the mixed pool.

Targets (rules-engine issue): >= 10,000 constrained banks per second on one core; the exact
count of valid banks under options in under 50 ms for the 48-chip base-3e + shadows pool.
Run: .venv/bin/python bench/bank_bench.py   (or make bench)
"""

from __future__ import annotations

import random
import statistics
import time

from companion.game.puzzle_strike.bank import BankOptions, BankSampler, CostBand
from printkit.catalog import load_catalog

SETS = ["base-3e", "shadows"]
OPTIONS = BankOptions(
    exclude=("Master Puzzler",),
    min_attacks=2,
    max_attacks=4,
    min_black_arrows=2,
    cheap_cost=2,
    cost_bands=(CostBand(1, 2), CostBand(3, 4), CostBand(5, 6), CostBand(7, 99)),
)


def time_count(catalog: object, repeats: int = 7) -> tuple[float, int]:
    """Median seconds for a fresh sampler to count the valid banks (cold cache)."""
    times = []
    count = 0
    for _ in range(repeats):
        start = time.perf_counter()
        count = BankSampler(catalog, SETS, OPTIONS).count()  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
    return statistics.median(times), count


def banks_per_second(catalog: object, draws: int = 20_000) -> float:
    """Banks drawn per second from one sampler (the count is cached, as in real use)."""
    sampler = BankSampler(catalog, SETS, OPTIONS)  # type: ignore[arg-type]
    sampler.count()
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(draws):
        sampler.draw(rng)
    return draws / (time.perf_counter() - start)


def main() -> None:
    catalog = load_catalog()
    seconds, count = time_count(catalog)
    rate = banks_per_second(catalog)
    print(f"pool: {' + '.join(SETS)} (48 chips); options: {'; '.join(OPTIONS.describe())}")
    print(f"exact count: {count:,} valid banks in {seconds * 1000:.1f} ms (target < 50 ms)")
    print(f"drawing: {rate:,.0f} constrained banks per second (target >= 10,000)")


if __name__ == "__main__":
    main()
