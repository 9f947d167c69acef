"""Ratings of a club's players: Weng-Lin (openskill's Plackett-Luce model), one per game.

Choices (docs/club.md says them for players):

- **Model.** openskill's ``PlackettLuce`` with its defaults (mu 25, sigma 25/3, beta 25/6,
  tau 25/300): it rates two players, free-for-all placings with ties, and teams of any
  size (2 vs 2, Raid's Dragon against the mortals) in one way, unlike Elo.
- **What is one match.** A room's whole match: a best-of-3 is one result (the tournament
  convention: the match, not each game, is what is reported and paired), placed by games won.
- **Per game, per season.** Puzzle Strike, Flash Duel and Shadowfist ratings are apart; a new
  season starts every player afresh (its ratings read only its own results).
- **Shown number.** ``1500 + 40 * (mu - 25)``, with ``+- 40 * 2 * sigma`` (about 95 %); the
  leaderboard orders players by the lower end of that range, so one lucky win does not put a
  newcomer first. A player with fewer than ``PROVISIONAL_GAMES`` rated matches in the game
  is shown "provisional".
- **Pure.** Ratings are a function of the ordered results only: ``recompute(results)`` and
  applying the same results one at a time with ``rate`` give the same figures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The one rating model (openskill's defaults); changing it changes every rating."""
START_MU = 25.0
START_SIGMA = 25.0 / 3.0
SCALE = 40.0
"""Shown points per unit of mu."""
SHOWN_CENTRE = 1500.0
"""The shown rating of a new player (mu 25)."""
PROVISIONAL_GAMES = 5
"""Rated matches in a game below which a player's rating is shown as provisional."""


class ResultError(ValueError):
    """A match result that cannot be rated (no sides, a player twice, ranks not matching)."""


@dataclass(frozen=True)
class Skill:
    """One player's rating in one game: the estimate, its uncertainty, and matches rated."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        """Return the rating players read (1500 for a new player)."""
        return round(SHOWN_CENTRE + SCALE * (self.mu - START_MU))

    @property
    def margin(self) -> int:
        """Return the shown rating's uncertainty (two standard deviations, in shown points)."""
        return round(SCALE * 2 * self.sigma)

    @property
    def low(self) -> float:
        """Return the lower end of the shown range: what the leaderboard orders by."""
        return SHOWN_CENTRE + SCALE * (self.mu - START_MU - 2 * self.sigma)

    @property
    def is_provisional(self) -> bool:
        """Return True while the player has fewer than ``PROVISIONAL_GAMES`` rated matches."""
        return self.games < PROVISIONAL_GAMES


NEW = Skill()


@dataclass(frozen=True)
class Result:
    """One rated match: its game, season, sides (each a tuple of profile ids) and their
    places (1 = first; equal places are a tie), in the order the results are rated."""

    game: str
    sides: tuple[tuple[str, ...], ...]
    places: tuple[int, ...]
    season: int = 1
    key: str = ""
    """The match's own id (the store's), kept with the rating changes it caused."""

    def __post_init__(self) -> None:
        players = [p for side in self.sides for p in side]
        if len(self.sides) < 2 or any(not side for side in self.sides):
            raise ResultError(f"a rated match needs two sides or more, each with a player: "
                              f"{self.sides!r}")  # fmt: skip
        if len(set(players)) != len(players):
            raise ResultError(f"a player is on two sides or twice on one: {self.sides!r}")
        if len(self.places) != len(self.sides):
            raise ResultError(f"{len(self.places)} places for {len(self.sides)} sides")

    @property
    def players(self) -> tuple[str, ...]:
        """Return every player of the match, side by side."""
        return tuple(p for side in self.sides for p in side)


def places_from_wins(wins: Sequence[int]) -> tuple[int, ...]:
    """Return each side's place from the games (or rounds) it won: most wins first, equal
    wins tied (standard competition ranking: 1, 2, 2, 4)."""
    return tuple(1 + sum(1 for other in wins if other > mine) for mine in wins)


def rate(skills: Mapping[str, Skill], result: Result) -> dict[str, Skill]:
    """Return the new skills of the result's players (the others are unchanged)."""
    before = [[skills.get(p, NEW) for p in side] for side in result.sides]
    rated = plackett_luce([[(s.mu, s.sigma) for s in side] for side in before], result.places)
    return {
        player: Skill(mu, sigma, old.games + 1)
        for side, old_side, new_side in zip(result.sides, before, rated, strict=True)
        for player, old, (mu, sigma) in zip(side, old_side, new_side, strict=True)
    }


TAU_SQ = MODEL.tau**2
BETA_SQ = MODEL.beta**2
KAPPA = MODEL.kappa


def plackett_luce(
    sides: Sequence[Sequence[tuple[float, float]]], places: Sequence[int]
) -> list[list[tuple[float, float]]]:
    """Return each player's new (mu, sigma) after one match: ``MODEL.rate`` (openskill 6.2's
    Plackett-Luce, Weng and Lin 2011 algorithm 4, with ``MODEL``'s parameters) without its
    deep copies and random ids, the same figures to rounding (a test compares them)."""
    team_mu, team_var = [], []
    for side in sides:
        mu_sum = var_sum = 0.0
        for mu, sigma in side:
            mu_sum += mu
            var_sum += sigma * sigma + TAU_SQ
        team_mu.append(mu_sum)
        team_var.append(var_sum)
    c_sq = sum(team_var) + len(sides) * BETA_SQ
    c = math.sqrt(c_sq)
    strength = [math.exp(mu / c) for mu in team_mu]
    steps = two_sided(strength, places) if len(sides) == 2 else any_sided(strength, places)
    rated = []
    for side, var, (omega, delta) in zip(sides, team_var, steps, strict=True):
        omega /= c
        delta *= math.sqrt(var) / (c_sq * c)
        new_side = []
        for mu, sigma in side:
            widened = sigma * sigma + TAU_SQ
            shrink = max(1 - widened * delta, KAPPA)
            new_side.append((mu + widened * omega, math.sqrt(widened * shrink)))
        rated.append(new_side)
    return rated


def any_sided(strength: Sequence[float], places: Sequence[int]) -> list[tuple[float, float]]:
    """Return each side's (omega, delta) sums of the Plackett-Luce update, before their
    scaling: over every side placed level with or ahead of it, its share of the strength of
    the sides placed at or behind that one (ties share the step)."""
    pairs = list(zip(strength, places, strict=True))
    below = [sum(e for e, p in pairs if p >= place) for place in places]
    tied = [places.count(place) for place in places]
    out = []
    for i, (e_i, mine) in enumerate(pairs):
        omega = delta = 0.0
        for q, place in enumerate(places):
            if place <= mine:
                share = e_i / below[q]
                delta += share * (1 - share) / tied[q]
                omega += ((1 - share) if q == i else -share) / tied[q]
        out.append((omega, delta))
    return out


def two_sided(strength: Sequence[float], places: Sequence[int]) -> list[tuple[float, float]]:
    """Return ``any_sided`` for two sides (four in five matches) in closed form: with p and
    q each side's share of the strength, delta is p * q for both; the winner's omega is the
    loser's share and the loser's its negative; level sides get (their rival's share minus
    their own) / 2."""
    first = strength[0] / (strength[0] + strength[1])
    second = 1 - first
    delta = first * second
    if places[0] == places[1]:
        return [((second - first) / 2, delta), ((first - second) / 2, delta)]
    loser_share = second if places[0] < places[1] else first
    sign = 1.0 if places[0] < places[1] else -1.0
    return [(sign * loser_share, delta), (-sign * loser_share, delta)]


@dataclass(frozen=True)
class Change:
    """What one rated match did to one player's rating."""

    key: str
    player: str
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        """Return the change of the shown rating."""
        return self.after.shown - self.before.shown


@dataclass
class Ratings:
    """Every player's skill per (season, game), built by rating results in order."""

    table: dict[tuple[int, str], dict[str, Skill]] = field(default_factory=dict)

    def skill(self, season: int, game: str, player: str) -> Skill:
        """Return a player's skill in one game and season (a new player's when unrated)."""
        return self.table.get((season, game), {}).get(player, NEW)

    def add(self, result: Result) -> list[Change]:
        """Rate one more result (the latest); return what it changed, player by player."""
        board = self.table.setdefault((result.season, result.game), {})
        after = rate(board, result)
        changes = [Change(result.key, p, board.get(p, NEW), s) for p, s in after.items()]
        board.update(after)
        return changes

    def leaderboard(self, season: int, game: str) -> list[tuple[str, Skill]]:
        """Return a game's players in a season, best first (by the low end of the range)."""
        board = self.table.get((season, game), {})
        return sorted(board.items(), key=lambda item: (-item[1].low, item[0]))


Ordered = tuple[int, str, str, Sequence[Sequence[str]], Sequence[int]]
"""One result as a recompute reads it: season, game, key, sides of player ids, places."""
ChangeRow = tuple[str, str, float, float, float, float, int]
"""One player's change by one result: key, player, mu and sigma before, mu, sigma and
games after (a row of the store's rating changes)."""


class Entry:
    """One player's skill in one game and season while a replay runs (changed in place)."""

    __slots__ = ("games", "mu", "sigma")

    def __init__(self) -> None:
        self.mu, self.sigma, self.games = START_MU, START_SIGMA, 0


def replay(results: Iterable[Ordered]) -> tuple[Ratings, list[ChangeRow]]:
    """Rate results in order from no ratings; return the ratings and every change as a row.

    The recompute's path (#30): one entry per player changed in place and one tuple per
    change, instead of a Skill and a Change per player and result; the same figures as
    ``Ratings.add`` one result at a time (a test)."""
    boards: dict[tuple[int, str], dict[str, Entry]] = {}
    rows: list[ChangeRow] = []
    for season, game, key, sides, places in results:
        board = boards.get((season, game))
        if board is None:
            board = boards[season, game] = {}
        held = [[board.get(p) or board.setdefault(p, Entry()) for p in side] for side in sides]
        rated = plackett_luce([[(e.mu, e.sigma) for e in side] for side in held], places)
        for side, entries, new_side in zip(sides, held, rated, strict=True):
            for player, entry, (mu, sigma) in zip(side, entries, new_side, strict=True):
                entry.games += 1
                rows.append((key, player, entry.mu, entry.sigma, mu, sigma, entry.games))
                entry.mu, entry.sigma = mu, sigma
    table = {where: {p: Skill(e.mu, e.sigma, e.games) for p, e in board.items()}
             for where, board in boards.items()}  # fmt: skip
    return Ratings(table), rows


def recompute(results: Iterable[Result]) -> Ratings:
    """Return the ratings that the results, rated in this order, give."""
    return replay((r.season, r.game, r.key, r.sides, r.places) for r in results)[0]
