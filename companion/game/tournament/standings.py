"""Standings after the Swiss rounds: match points, then OMW%, GW% and OGW%.

As in the Magic tournament rules (Appendix C):
- A match win is 3 match points, a draw 1, a loss 0; a bye is a match win.
- A game won is 3 game points, a drawn game 1. A bye counts as a match won with every game
  won and none lost (2-0 in Puzzle Strike, 3-0 in Flash Duel).
- Match-win % = match points / (3 x rounds played, byes included); game-win % = game points
  / (3 x games played). Each is raised to 0.33 when lower.
- OMW% and OGW% are the averages of the opponents' match-win and game-win % (each already
  floored); a bye is no opponent and is left out. With no opponent yet they are 0.33.
Dropped players stay in the standings and count as opponents. Top-cut rounds do not change
the Swiss standings. ``places`` says which lines are level (same points and tie-breakers):
before any result every player is level, whatever order the names give.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from companion.game.tournament.model import Event, Result, bye_result

FLOOR = Fraction(33, 100)
"""Percentages are exact fractions, so equal tiebreakers compare equal."""


@dataclass
class Record:
    """One player's Swiss results, gathered while reading the rounds."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def match_points(self) -> int:
        """Return 3 per win (byes included) and 1 per draw."""
        return 3 * self.wins + self.draws

    @property
    def rounds(self) -> int:
        """Return the rounds played, byes included."""
        return self.wins + self.losses + self.draws

    def match_win(self) -> Fraction:
        """Return the match-win %, floored at 0.33."""
        if not self.rounds:
            return FLOOR
        return max(FLOOR, Fraction(self.match_points, 3 * self.rounds))

    def game_win(self) -> Fraction:
        """Return the game-win %, floored at 0.33."""
        return max(FLOOR, Fraction(self.game_points, 3 * self.games)) if self.games else FLOOR

    def add(self, mine: int, theirs: int, draws: int, opponent: int | None) -> None:
        """Count one finished match (``opponent`` None: a bye)."""
        self.game_points += 3 * mine + draws
        self.games += mine + theirs + draws
        if mine > theirs:
            self.wins += 1
        elif mine < theirs:
            self.losses += 1
        else:
            self.draws += 1
        if opponent is None:
            self.byes += 1
        else:
            self.opponents.append(opponent)


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    player: int
    name: str
    active: bool
    wins: int
    losses: int
    draws: int
    byes: int
    match_points: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    games: int = 0
    """Games played (a bye's included): GW% means something once this is not 0."""
    opponents: int = 0
    """Opponents met in finished matches: OMW% and OGW% mean something once this is not 0
    (before that they are the 0.33 floor, not a figure)."""

    @property
    def key(self) -> tuple[int, Fraction, Fraction, Fraction]:
        """Return what ranks the line (match points, then the three tie-breakers)."""
        return self.match_points, self.omw, self.gw, self.ogw


def records(event: Event) -> dict[int, Record]:
    """Gather every player's Swiss record from the finished tables."""
    out = {p.id: Record() for p in event.players}
    bye = bye_result(event.games_to_win)
    for rnd in event.swiss():
        for p in rnd.pairings:
            result: Result | None = bye if p.b is None else p.result
            if result is None:
                continue
            out[p.a].add(result.wins_a, result.wins_b, result.draws, p.b)
            if p.b is not None:
                out[p.b].add(result.wins_b, result.wins_a, result.draws, p.a)
    return out


def average(values: list[Fraction]) -> Fraction:
    """Return the mean, or the floor for no values."""
    return sum(values, Fraction(0)) / len(values) if values else FLOOR


def standings(event: Event) -> list[Standing]:
    """Rank every player by match points, OMW%, GW%, OGW%, then name."""
    recs = records(event)
    mw = {pid: r.match_win() for pid, r in recs.items()}
    gw = {pid: r.game_win() for pid, r in recs.items()}
    rows = []
    for player in event.players:
        r = recs[player.id]
        omw = average([mw[o] for o in r.opponents])
        ogw = average([gw[o] for o in r.opponents])
        rows.append((player, r, omw, ogw))
    rows.sort(key=lambda x: (-x[1].match_points, -x[2], -gw[x[0].id], -x[3], x[0].name.casefold()))
    return [
        Standing(
            rank,
            p.id,
            p.name,
            p.active,
            r.wins,
            r.losses,
            r.draws,
            r.byes,
            r.match_points,
            omw,
            gw[p.id],
            ogw,
            r.games,
            len(r.opponents),
        )
        for rank, (p, r, omw, ogw) in enumerate(rows, start=1)
    ]


def places(table: list[Standing]) -> list[tuple[int, bool]]:
    """Return each line's place and whether it shares it: lines level on match points and
    every tie-breaker share the place of the first of them (1, =2, =2, 4)."""
    keys = [line.key for line in table]
    return [(keys.index(key) + 1, keys.count(key) > 1) for key in keys]
