"""Statistics of a game's counted matches: character win rates with a 95 % interval, the
Flash Duel matchup grid, the seat advantage and Puzzle Strike's bank chips; pure (the store
hands in the matches).

A "win" is first place (alone or tied). Rates carry the Wilson score interval (95 %), which
stays inside 0-100 % and is honest for small samples; below ``MIN_GAMES`` matches a rate is
shown as "too few games" instead of a bare percentage.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
MIN_GAMES = 10
"""Matches below which a rate is not shown as a number."""


@dataclass(frozen=True)
class Played:
    """One counted match as the statistics read it."""

    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]
    characters: Mapping[str, str]
    """Each player's character (empty for a game without them)."""
    seats: Mapping[str, int]
    """Each player's seat number (0 = the first seat, first in turn order)."""
    bank: tuple[str, ...] = ()
    """Puzzle Strike: the bank's chips (one bank for every player of the match)."""
    buys: Mapping[str, tuple[str, ...]] | None = None
    """Puzzle Strike: the chips each player bought (None: buys were not recorded)."""


@dataclass(frozen=True)
class Rate:
    """Wins out of games, with the 95 % interval of the win rate."""

    label: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        """Return the share of games won (0 with no games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Return the Wilson score interval (95 %) of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def is_enough(self) -> bool:
        """Return True when there are enough games to show the rate as a number."""
        return self.games >= MIN_GAMES


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of ``wins`` out of ``games`` ((0, 1) for none)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def winners(match: Played) -> set[str]:
    """Return the players of the sides placed first."""
    best = min(match.places)
    return {p for side, place in zip(match.sides, match.places, strict=True)
            if place == best for p in side}  # fmt: skip


def tally(pairs: Iterable[tuple[str, bool]]) -> list[Rate]:
    """Count (label, won) pairs into rates, most played first."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for label, won in pairs:
        games[label] += 1
        wins[label] += won
    return [Rate(label, wins[label], n) for label, n in
            sorted(games.items(), key=lambda item: (-item[1], item[0]))]  # fmt: skip


def character_rates(matches: Sequence[Played]) -> list[Rate]:
    """Return each character's win rate over every player who played it."""
    return tally((m.characters[p], p in winners(m)) for m in matches
                 for side in m.sides for p in side if p in m.characters)  # fmt: skip


def seat_rates(matches: Sequence[Played]) -> list[Rate]:
    """Return each seat's win rate (seat 1 first in turn order), in seat order."""
    rates = tally((str(m.seats[p] + 1), p in winners(m)) for m in matches
                  for side in m.sides for p in side if p in m.seats)  # fmt: skip
    return sorted(rates, key=lambda r: int(r.label))


def matchups(matches: Sequence[Played]) -> dict[tuple[str, str], tuple[int, int]]:
    """Return, for one-on-one matches, (wins, games) of each character against each other
    (mirror matches included, counted from both seats)."""
    grid: dict[tuple[str, str], tuple[int, int]] = {}
    for m in matches:
        if len(m.sides) != 2 or any(len(side) != 1 for side in m.sides):
            continue
        (a,), (b,) = m.sides
        if a not in m.characters or b not in m.characters:
            continue
        won = winners(m)
        for me, other in ((a, b), (b, a)):
            key = (m.characters[me], m.characters[other])
            wins, games = grid.get(key, (0, 0))
            grid[key] = (wins + (me in won and other not in won), games + 1)
    return grid


@dataclass(frozen=True)
class ChipLine:
    """One bank chip: the matches played with it in the bank and, of those whose buys were
    recorded, in how many a winner and a loser bought it."""

    chip: str
    games: int
    recorded: int
    winners_bought: int
    losers_bought: int

    @property
    def is_enough(self) -> bool:
        """Return True when enough matches recorded buys to show the shares as numbers."""
        return self.recorded >= MIN_GAMES

    @property
    def by_winners(self) -> Rate:
        """Return the share of matches with buys recorded in which a winner bought it."""
        return Rate(self.chip, self.winners_bought, self.recorded)

    @property
    def by_losers(self) -> Rate:
        """Return the share of matches with buys recorded in which a loser bought it."""
        return Rate(self.chip, self.losers_bought, self.recorded)


def chip_lines(matches: Sequence[Played]) -> list[ChipLine]:
    """Return each bank chip's line, most played first. Every player of a match shares its
    bank, so the bank alone says nothing of winning: only who bought a chip does."""
    games: Counter[str] = Counter()
    recorded: Counter[str] = Counter()
    by_winners: Counter[str] = Counter()
    by_losers: Counter[str] = Counter()
    for m in matches:
        games.update(set(m.bank))
        if m.buys is None:
            continue
        won = winners(m)
        lost = {p for side in m.sides for p in side} - won
        for chip in set(m.bank):
            recorded[chip] += 1
            by_winners[chip] += any(chip in m.buys.get(p, ()) for p in won)
            by_losers[chip] += any(chip in m.buys.get(p, ()) for p in lost)
    return [ChipLine(chip, n, recorded[chip], by_winners[chip], by_losers[chip])
            for chip, n in sorted(games.items(), key=lambda item: (-item[1], item[0]))]  # fmt: skip
