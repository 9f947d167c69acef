"""Pairing the next round: Swiss as a maximum-weight matching, then the top cut.

Swiss (after round 1): every two active players who have not met yet may be paired. A
pairing of players k match-point groups apart costs (n + 1)^k - 1 for n players, so one
pairing two groups apart costs more than every possible pairing one group apart: the
matching keeps players in their group, moves as few as it must to the next group, and
pairs further apart only when nothing else avoids a rematch.

With an odd count a "bye" vertex joins the graph, linked only to players without a bye.
Its edge costs more the higher the player ranks, in steps larger than any sum of pairing
costs, so the bye goes to the lowest-ranked player who can take it and still leave the
others a pairing. networkx's ``max_weight_matching`` with ``maxcardinality=True`` finds
the matching; players are added in an order shuffled by the round's ``rng``, which breaks
ties between equally good pairings.

Round 1 is a random draw from the seed or, when the organiser seeds it by club rating, the
top half of the seeds against the bottom half (``seeded_first_round``). The top cut seeds
the Swiss standings 1-8, 4-5, 2-7, 3-6 (top 8) or 1-4, 2-3 (top 4); later top-cut rounds
pair the winners of neighbouring tables.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import networkx as nx

from companion.game.tournament.model import (
    REFUSE,
    Event,
    Pairing,
    PairingError,
    Round,
    TournamentError,
    add_round,
    bye_result,
)
from companion.game.tournament.standings import Standing, standings

BYE = 0
"""The bye's vertex (player ids start at 1)."""
BRACKETS = {4: (1, 4, 2, 3), 8: (1, 8, 4, 5, 2, 7, 3, 6)}


def round_rng(seed: int, number: int) -> random.Random:
    """Return the random source of one round's pairing, from the tournament's seed."""
    return random.Random(f"strikekit-pairing:{seed}:{number}")


def eligible(event: Event, number: int) -> list[int]:
    """Return the active players who may be paired in round ``number``."""
    return [p.id for p in event.players if p.active and p.first_round <= number]


def played_pairs(event: Event) -> set[frozenset[int]]:
    """Return every pair of players who have already met."""
    return {frozenset((p.a, p.b)) for r in event.rounds for p in r.pairings if p.b is not None}


def had_bye(event: Event) -> set[int]:
    """Return the players who already had a bye."""
    return {p.a for r in event.rounds for p in r.pairings if p.b is None}


def first_round(
    players: list[int], rng: random.Random, ratings: Mapping[int, float] | None = None
) -> list[tuple[int, int | None]]:
    """Pair at random; with an odd count the last drawn gets the bye. With ``ratings``
    (seeding by club rating), see ``seeded_first_round``."""
    order = sorted(players)
    rng.shuffle(order)
    if ratings is not None:
        return seeded_first_round(order, ratings)
    pairs: list[tuple[int, int | None]] = [
        (order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)
    ]
    if len(order) % 2:
        pairs.append((order[-1], None))
    return pairs


def seeded_first_round(
    drawn: list[int], ratings: Mapping[int, float]
) -> list[tuple[int, int | None]]:
    """Pair round 1 by seed: the rated players best first, then the unrated in the draw's
    order; the top half meets the bottom half (seed 1 against seed n/2 + 1, 2 against
    n/2 + 2, ...), so the strongest do not meet at once; with an odd count the last seed
    gets the bye."""
    rated = sorted((p for p in drawn if p in ratings), key=lambda p: -ratings[p])
    seeds = rated + [p for p in drawn if p not in ratings]
    half = len(seeds) // 2
    pairs: list[tuple[int, int | None]] = [(seeds[i], seeds[i + half]) for i in range(half)]
    if len(seeds) % 2:
        pairs.append((seeds[-1], None))
    return pairs


def group_distance(table: list[Standing], players: list[int]) -> dict[int, int]:
    """Return each player's match-point group index (0: the highest group)."""
    points = {s.player: s.match_points for s in table}
    groups = sorted({points[p] for p in players}, reverse=True)
    index = {g: i for i, g in enumerate(groups)}
    return {p: index[points[p]] for p in players}


def swiss_graph(
    event: Event, players: list[int], table: list[Standing], rng: random.Random
) -> nx.Graph[int]:
    """Build the graph of allowed pairings with their weights (see the module's doc)."""
    group = group_distance(table, players)
    rank = {s.player: s.rank for s in table}
    met = played_pairs(event)
    base_cost = len(players) + 1  # one pairing k groups apart costs more than all k-1 ones
    worst = base_cost ** (max(group.values(), default=0) + 1)
    step = worst * len(players)  # more than any sum of pairing costs
    base = step * (len(players) + 2)
    order = list(players)
    rng.shuffle(order)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    for i, x in enumerate(order):
        for y in order[i + 1 :]:
            if frozenset((x, y)) not in met:
                cost = base_cost ** abs(group[x] - group[y]) - 1
                graph.add_edge(x, y, weight=base - cost)
    if len(players) % 2:
        byes = had_bye(event)
        by_rank = sorted((p for p in players if p not in byes), key=lambda p: -rank[p])
        for position, p in enumerate(by_rank):  # position 0: the lowest-ranked
            graph.add_edge(p, BYE, weight=base - step * position)
    return graph


def swiss_round(
    event: Event, players: list[int], rng: random.Random
) -> list[tuple[int, int | None]]:
    """Pair a Swiss round after the first, best pairing first.

    :raises PairingError: when no pairing avoids rematches and second byes.
    """
    table = standings(event)
    graph = swiss_graph(event, players, table, rng)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < graph.number_of_nodes():
        raise REFUSE(PairingError, "tr_unpairable", n=len(players))
    rank = {s.player: s.rank for s in table}
    pairs: list[tuple[int, int | None]] = []
    for x, y in matching:
        if BYE in (x, y):
            pairs.append((x or y, None))
        else:
            pairs.append((x, y) if rank[x] < rank[y] else (y, x))
    pairs.sort(key=lambda p: (p[1] is None, rank[p[0]]))
    return pairs


def top_cut_round(event: Event) -> list[tuple[int, int | None]]:
    """Pair the next top-cut round: seeds by Swiss standings, then winners.

    :raises TournamentError: with too few active players for the cut.
    """
    top = [r for r in event.rounds if r.stage == "top"]
    if not top:
        seeds = [s.player for s in standings(event) if event.player(s.player).active]
        if len(seeds) < event.top_cut:
            raise REFUSE(TournamentError, "tr_top_cut", cut=event.top_cut, n=len(seeds))
        order = [seeds[n - 1] for n in BRACKETS[event.top_cut]]
        return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    winners = [winner_of(p) for p in top[-1].pairings]
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def winner_of(pairing: Pairing) -> int:
    """Return the player who won a table (a bye's player wins it).

    :raises TournamentError: for a table without a result or with a draw.
    """
    if pairing.b is None:
        return pairing.a
    side = pairing.result.winner_side() if pairing.result else None
    if side is None:
        raise REFUSE(TournamentError, "tr_no_winner", table=pairing.table)
    return pairing.a if side == "a" else pairing.b


def pair_next_round(
    event: Event, rng: random.Random, ratings: Mapping[int, float] | None = None
) -> Event:
    """Pair the next round (Swiss or top cut) and return the event with it; ``ratings``
    (player id to club rating, for seeding round 1 by rating) is read in round 1 only.

    :raises TournamentError: when the current round is unfinished or the event is over.
    :raises PairingError: when the players cannot be paired by the rules.
    """
    stage = event.next_stage()
    number = len(event.rounds) + 1
    if stage is None:
        raise REFUSE(TournamentError, "tr_over")
    if event.current is not None and not event.current.is_complete:
        add_round(event, Round(number, ()))  # raises, naming the tables still playing
    if stage == "top":
        pairs = top_cut_round(event)
    else:
        players = eligible(event, number)
        if len(players) < 2:
            raise REFUSE(PairingError, "tr_two_players", n=len(players))
        pairs = (
            first_round(players, rng, ratings) if number == 1 else swiss_round(event, players, rng)
        )
    return add_round(event, Round(number, numbered(pairs, event.games_to_win), stage))


def numbered(pairs: list[tuple[int, int | None]], games_to_win: int) -> tuple[Pairing, ...]:
    """Give tables numbers from 1 (byes get table 0) and byes their result."""
    out = []
    table = 0
    for a, b in pairs:
        if b is None:
            out.append(Pairing(0, a, None, bye_result(games_to_win)))
        else:
            table += 1
            out.append(Pairing(table, a, b))
    return tuple(out)
