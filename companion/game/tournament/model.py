"""A tournament as values: players, rounds, pairings and results; entries, drops, results.

Every change returns a new ``Event``; nothing here touches a database or a clock.
Players are numbered from 1 in the order they entered. A pairing's ``b`` is None for a bye
(a match win, 2-0 in games). Swiss rounds come first, then the top cut (single elimination).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from companion.game.errors import GameError, InvalidSetup, Refusals, passed_on
from companion.game.names import clean_name, same_name_key

MAX_NAME = 24
TOP_CUTS = (0, 4, 8)


@dataclass(frozen=True)
class MatchFormat:
    """How a tournament match of one game is played: what wins it and what can be drawn."""

    game: str
    title: str
    games_to_win: int
    """Games (Flash Duel: rounds) that win the match."""
    game_word: str
    """What a game is called in this format's messages ('games', 'rounds')."""
    drawn_games: int
    """The most drawn games a match can have: 0 where the game cannot be drawn."""

    @property
    def most_decided(self) -> int:
        """Return the most games with a winner a match can have (3 in a best of 3)."""
        return 2 * self.games_to_win - 1


FORMATS = (
    # Seed 000 l.268 and l.324: a tie for the lowest gem pile is played on until one player
    # wins, so a Puzzle Strike game is never drawn.
    MatchFormat("puzzle-strike", "Puzzle Strike", 2, "games", 0),
    # Seed 002 l.7, l.68: the first to win 3 rounds wins; l.113: a round can be drawn at
    # time-over. The rulebook sets no limit on drawn rounds; we take as many as a best of 5
    # has rounds (each one plays the whole pile out, so more do not fit in a tournament round).
    MatchFormat("flash-duel", "Flash Duel", 3, "rounds", 5),
)
GAMES = {f.game: f.games_to_win for f in FORMATS}
"""Games (or rounds) needed to win a match: Puzzle Strike best 2 of 3, Flash Duel 3 of 5."""


def find_format(game: str) -> MatchFormat:
    """Return a game's tournament match format.

    :raises TournamentError: for a game tournaments do not play.
    """
    for form in FORMATS:
        if form.game == game:
            return form
    raise REFUSE(TournamentError, "tr_game", games=", ".join(GAMES), game=repr(game))


class TournamentError(GameError):
    """A change the tournament rules refuse; the message says why and how to fix it."""


REFUSE = Refusals(
    {
        "tr_name_length": "a player's name has 1 to {most} characters, not '{name}'",
        "tr_name_taken": "'{name}' has already entered (add a letter to tell them apart)",
        "tr_swiss_over": "the Swiss rounds are over: nobody can enter now",
        "tr_too_many": "a tournament takes at most {most} players (split a bigger event into "
        "flights)",
        "tr_already_playing": "{name} is already playing",
        "tr_already_dropped": "{name} is already dropped",
        "tr_round_closed": "round {round} is not the current round ({now}): results of finished "
        "rounds are closed",
        "tr_bye": "table {table} is a bye: it has no result to enter",
        "tr_tables_waiting": "round {round} still waits for tables {tables}",
        "tr_next_round": "the next round is {next}, not {asked}",
        "tr_top_cut": "a top {cut} needs {cut} active players, not {n}",
        "tr_no_winner": "table {table} has no winner yet",
        "tr_over": "the tournament is over: there is no next round",
        "tr_no_player": "no player {player} in this tournament",
        "tr_negative": "games won and drawn cannot be negative",
        "tr_need_most": "a match ends when someone wins {need} {word}: a side has at most "
        "{need}, not {most}",
        "tr_no_draws": "a {title} game cannot be drawn: enter 0 draws, not {draws}",
        "tr_most_draws": "a {title} match has at most {most} drawn {word}, not {draws}: enter "
        "the games won by each side and the drawn ones",
        "tr_game": "'game' must be one of {games}, not {game}",
        "tr_yes_or_no": "{key} must be true or false",
        "tr_one_winner": "only one side can win the match",
        "tr_top_winner": "a top-cut match needs a winner (no draws in single elimination)",
        "tr_unpairable": "{n} players cannot all be paired without a rematch or a second bye: "
        "drop a player or enter a late one",
        "tr_two_players": "a round needs 2 players or more, not {n}",
        "tr_bank": "bank: {problem}",
        "tr_whole": "'{key}' must be a whole number from {low} to {high}",
        "tr_name_text": "'name' must be text: the tournament's name",
        "tr_title": "'name' must be 1 to {most} characters, all visible: it {problem}",
        "tr_game_one_of": "'game' must be one of {games}",
        "tr_sets_list": "'sets' must be a list of set ids",
        "tr_unknown_set": "unknown set '{set}' (known: {known})",
        "tr_mode_one_of": "'mode' must be one of {modes}",
        "tr_top_cut_values": "'top_cut' must be 0 (none), 4 or 8",
        "tr_bank_object": "'bank' must be an object: policy, recommended, options",
        "tr_policy_one_of": "'bank.policy' must be one of {policies}",
        "tr_name_recommended": "name the recommended bank to play every round with",
        "tr_no_table": "round {round} has no table {table}",
    }
)
"""The tournament's refusals an organiser or player meets: word key -> English text."""


class NotFoundError(TournamentError):
    """A player or table the tournament does not have."""


class ResultError(TournamentError):
    """A score no match of this event can end with."""


class PairingError(TournamentError):
    """No pairing satisfies the rules (no rematch, at most one bye each)."""


@dataclass(frozen=True)
class Player:
    """One entrant."""

    id: int
    name: str
    active: bool = True
    """False once dropped; a dropped player can re-enter between rounds."""
    first_round: int = 1
    """The first round they can be paired in (late entries join later rounds)."""


@dataclass(frozen=True)
class Result:
    """Games won by each side of a table, and drawn games."""

    wins_a: int
    wins_b: int
    draws: int = 0

    def winner_side(self) -> str | None:
        """Return 'a', 'b' or None for a drawn match."""
        if self.wins_a == self.wins_b:
            return None
        return "a" if self.wins_a > self.wins_b else "b"


@dataclass(frozen=True)
class Pairing:
    """A table of one round: player ``a`` against ``b`` (None: a bye)."""

    table: int
    a: int
    b: int | None
    result: Result | None = None

    @property
    def is_bye(self) -> bool:
        """Whether this is a bye."""
        return self.b is None

    def players(self) -> tuple[int, ...]:
        """Return the players at the table."""
        return (self.a,) if self.b is None else (self.a, self.b)


@dataclass(frozen=True)
class Round:
    """One round: its number (from 1), stage ('swiss' or 'top') and tables."""

    number: int
    pairings: tuple[Pairing, ...]
    stage: str = "swiss"

    @property
    def is_complete(self) -> bool:
        """Whether every table has a result (byes always have one)."""
        return all(p.result is not None for p in self.pairings)


@dataclass(frozen=True)
class Event:
    """A whole tournament."""

    seed: int
    games_to_win: int = 2
    swiss_rounds: int = 3
    top_cut: int = 0
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    drawn_games: int = 0
    """The most drawn games (Flash Duel: rounds) a match can have (``MatchFormat``)."""
    game: str = "puzzle-strike"
    """Whose match format the scores follow (``MatchFormat.game``)."""

    def player(self, player_id: int) -> Player:
        """Return a player by id.

        :raises TournamentError: for an unknown player.
        """
        for p in self.players:
            if p.id == player_id:
                return p
        raise REFUSE(NotFoundError, "tr_no_player", player=player_id)

    @property
    def current(self) -> Round | None:
        """Return the latest round, or None before the first."""
        return self.rounds[-1] if self.rounds else None

    def swiss(self) -> tuple[Round, ...]:
        """Return the Swiss rounds."""
        return tuple(r for r in self.rounds if r.stage == "swiss")

    def next_stage(self) -> str | None:
        """Return the stage of the next round, or None when the event is over."""
        if len(self.swiss()) < self.swiss_rounds:
            return "swiss"
        top = [r for r in self.rounds if r.stage == "top"]
        if not self.top_cut:
            return None
        if not top:
            return "top"
        return "top" if len(top[-1].pairings) > 1 else None


def bye_result(games_to_win: int) -> Result:
    """Return the result of a bye: a match win, all games won."""
    return Result(games_to_win, 0)


def usual_rounds(players: int) -> int:
    """Return the usual number of Swiss rounds for a player count (enough for one unbeaten)."""
    return max(1, math.ceil(math.log2(max(players, 2))))


def check_name(event: Event, name: str, except_id: int | None = None) -> str:
    """Return a cleaned player name, or refuse a taken one or one a table would refuse.

    :raises TournamentError: for a name a table would refuse (companion.game.names) or one
        taken in this event.
    """
    try:
        clean = " ".join(clean_name(name).split())  # the rules of every table's names
    except InvalidSetup as exc:
        raise passed_on(TournamentError, exc) from None  # said as for tables (game.names)
    if len(clean) > MAX_NAME:
        raise REFUSE(TournamentError, "tr_name_length", most=MAX_NAME, name=name)
    taken = {same_name_key(p.name) for p in event.players if p.id != except_id}
    if same_name_key(clean) in taken:
        raise REFUSE(TournamentError, "tr_name_taken", name=clean)
    return clean


MAX_PLAYERS = 512
"""More than any real event of these games meets; it bounds pairing and slips in time and
memory (bench/tournament_bench.py)."""


def add_player(event: Event, name: str) -> Event:
    """Enter a player; after round 1 has started this is a late entry for the next round.

    :raises TournamentError: for a bad or taken name, or after the Swiss rounds.
    """
    if event.next_stage() != "swiss":
        raise REFUSE(TournamentError, "tr_swiss_over")
    if len(event.players) >= MAX_PLAYERS:
        raise REFUSE(TournamentError, "tr_too_many", most=MAX_PLAYERS)
    clean = check_name(event, name)
    new_id = max((p.id for p in event.players), default=0) + 1
    player = Player(new_id, clean, True, len(event.rounds) + 1)
    return replace(event, players=(*event.players, player))


def set_active(event: Event, player_id: int, active: bool) -> Event:
    """Drop a player (``active=False``) or let a dropped player re-enter.

    A player dropped during a round keeps that round's table and result; they are not
    paired again until they re-enter.

    :raises TournamentError: for an unknown player, or one already in that state.
    """
    player = event.player(player_id)
    if player.active == active:
        key = "tr_already_playing" if active else "tr_already_dropped"
        raise REFUSE(TournamentError, key, name=player.name)
    first = player.first_round if not active else max(player.first_round, len(event.rounds) + 1)
    players = tuple(
        replace(p, active=active, first_round=first) if p.id == player_id else p
        for p in event.players
    )
    return replace(event, players=players)


def check_result(event: Event, result: Result, stage: str) -> None:
    """Refuse a result no match of this event can end with.

    :raises TournamentError: naming the problem.
    """
    need = event.games_to_win
    form = event_format(event)
    word = form.game_word
    numbers = (result.wins_a, result.wins_b, result.draws)
    if any(n < 0 for n in numbers):
        raise REFUSE(ResultError, "tr_negative")
    if max(result.wins_a, result.wins_b) > need:
        raise REFUSE(ResultError, "tr_need_most", need=need, word=word,
                     most=max(result.wins_a, result.wins_b))  # fmt: skip
    if result.wins_a == need and result.wins_b == need:
        raise REFUSE(ResultError, "tr_one_winner")
    if result.draws > event.drawn_games:
        raise drawn_problem(form, event.drawn_games, result.draws)
    if stage == "top" and result.winner_side() is None:
        raise REFUSE(ResultError, "tr_top_winner")


def event_format(event: Event) -> MatchFormat:
    """Return the event's match format, with its games to win and drawn games as set."""
    base = next((f for f in FORMATS if f.game == event.game), FORMATS[0])
    return replace(base, games_to_win=event.games_to_win, drawn_games=event.drawn_games)


def drawn_problem(form: MatchFormat, most: int, draws: int) -> ResultError:
    """Return the refusal of a count of drawn games this format cannot have."""
    if most == 0:
        return REFUSE(ResultError, "tr_no_draws", title=form.title, draws=draws)
    return REFUSE(ResultError, "tr_most_draws", title=form.title, most=most,
                  word=form.game_word, draws=draws)  # fmt: skip


def record_result(event: Event, round_no: int, table: int, result: Result) -> Event:
    """Record (or correct) the result of a table of the current round.

    :raises TournamentError: for a finished or unknown round, an unknown table, a bye, or a
        result that cannot happen.
    """
    current = event.current
    if current is None or round_no != current.number:
        now = current.number if current else 0
        raise REFUSE(TournamentError, "tr_round_closed", round=round_no, now=now)
    check_result(event, result, current.stage)
    pairings = []
    found = False
    for p in current.pairings:
        if p.table == table:
            if p.is_bye:
                raise REFUSE(TournamentError, "tr_bye", table=table)
            p, found = replace(p, result=result), True
        pairings.append(p)
    if not found:
        raise REFUSE(NotFoundError, "tr_no_table", round=round_no, table=table)
    rounds = (*event.rounds[:-1], replace(current, pairings=tuple(pairings)))
    return replace(event, rounds=rounds)


def add_round(event: Event, new: Round) -> Event:
    """Append a round once the current one is complete.

    :raises TournamentError: while results are missing, or when the number is not next.
    """
    current = event.current
    if current is not None and not current.is_complete:
        missing = [str(p.table) for p in current.pairings if p.result is None]
        tables = ", ".join(missing)
        raise REFUSE(TournamentError, "tr_tables_waiting", round=current.number, tables=tables)
    if new.number != len(event.rounds) + 1:
        raise REFUSE(TournamentError, "tr_next_round", next=len(event.rounds) + 1, asked=new.number)
    return replace(event, rounds=(*event.rounds, new))
