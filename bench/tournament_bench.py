"""Tournament speed: pairing, standings and a round's table slips at large events.

- Pairing round 7 of 256 players after 6 rounds of random results (target < 1 s).
- Standings of those 256 players (target < 100 ms).
- One round's table slips for 128 tables, each with its bank and two distinct seat QR
  codes, plus the pairings sheet (target < 5 s and < 3 MB).
- The same at the most players a tournament takes (512: round 10, 256 tables), with the
  process's peak memory (issue #21: pairing and slips bounded in time and memory).
Each figure is the median of 5 runs in this process.
Run: .venv/bin/python bench/tournament_bench.py   (or make bench)
"""

from __future__ import annotations

import random
import resource
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from companion.game.tournament import (
    Event,
    Result,
    add_player,
    pair_next_round,
    record_result,
    round_banks,
    round_rng,
    standings,
)
from companion.game.tournament.banks import BankPolicy
from printkit.catalog import Catalog, load_catalog
from printkit.render.slips import Slip, SlipBank, SlipSeat, slips_from_rows, write_round_slips

REPEATS = 5
PLAYERS = 256
ROUNDS = 6
TABLES = 128


def median_seconds(work: Callable[[], object]) -> tuple[float, float]:
    """Time ``work`` REPEATS times; return the median wall-clock and CPU seconds (the CPU
    figure is the one to trust on a machine shared with other work)."""
    walls, cpus = [], []
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def figure(seconds: tuple[float, float]) -> str:
    """Write wall and CPU time in milliseconds."""
    return f"{seconds[0] * 1000:.1f} ms wall, {seconds[1] * 1000:.1f} ms CPU"


def event_after_rounds(players: int, rounds: int, seed: int) -> Event:
    """Run ``rounds`` Swiss rounds with random results drawn from the seed."""
    event = Event(seed=seed, games_to_win=2, swiss_rounds=rounds + 1)
    for n in range(players):
        event = add_player(event, f"Player {n:03d}")
    results = random.Random(seed)
    for number in range(1, rounds + 1):
        event = pair_next_round(event, round_rng(seed, number))
        for p in event.rounds[-1].pairings:
            if p.b is not None:
                score = results.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
                event = record_result(event, number, p.table, Result(*score))
    return event


def slips_pdf(path: Path, catalog: Catalog, count: int = TABLES) -> None:
    """Draw one round's banks for ``count`` tables (one per table) and write their slips,
    each with two distinct seat links, and the pairings sheet."""
    banks = round_banks(catalog, BankPolicy("table"), 7, 1, list(range(1, count + 1)))
    tables = []
    for t in range(1, count + 1):
        code = secrets.token_urlsafe(16)
        seats = tuple(
            SlipSeat(f"Player {2 * t + i:03d}", f"http://192.168.1.20:5000/ts/{code}/{i}")
            for i in (0, 1)
        )
        bank = banks[t]
        stacks = tuple((c.chip.name, c.chip.cost) for c in bank.chips)
        tables.append(Slip(t, (seats[0], seats[1]), SlipBank(bank.code, bank.name, stacks)))
    rs = slips_from_rows("Regional Strike", 3, "swiss", "Puzzle Strike: best 2 of 3", "50 minutes",
                         tables, [])  # fmt: skip
    write_round_slips(rs, path, "letter")


def measure(players: int, rounds: int, targets: str) -> None:
    """Print pairing, standings and slips figures for one size of event."""
    event = event_after_rounds(players, rounds, seed=2026)
    pairing = median_seconds(lambda: pair_next_round(event, round_rng(2026, rounds + 1)))
    table = median_seconds(lambda: standings(event))
    catalog = load_catalog()
    count = players // 2
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "slips.pdf"
        slips = median_seconds(lambda: slips_pdf(path, catalog, count))
        size = path.stat().st_size
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"pairing round {rounds + 1} of {players} players: {figure(pairing)}")
    print(f"standings of {players} players after {rounds} rounds: {figure(table)}")
    print(f"table slips for {count} tables: {figure(slips)}, {size / 1e6:.2f} MB; "
          f"peak memory so far {peak:.0f} MB")  # fmt: skip
    print(f"targets: {targets}")


def main() -> None:
    """Print the figures."""
    measure(PLAYERS, ROUNDS, "pairing < 1 s, standings < 100 ms, slips < 5 s and < 3 MB")
    measure(2 * PLAYERS, 9, "none set (the cap's figures, issue #21: bounded by the cap)")


if __name__ == "__main__":
    main()
