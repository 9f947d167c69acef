"""Puzzle Strike matches: best 2 of 3, double-blind characters, loser's choice.

Tournament rules (seed 000, 3rd edition):

- Characters are chosen double-blind: each player commits in secret, all are revealed
  together. If two players want the same character and mirror matches are not possible
  (one copy), a coin flip gives it to one; the other picks again and chooses whether to
  play first or second.
- A match is best 2 of 3 games. The loser of a game plays first in the next and may take
  at most one of: switch character; swap one bank stack for one from outside the bank
  (a stack switched out earlier in the match cannot come back); re-roll the whole bank.
  The winner gets no option. In 2 vs 2 the teams score, and the losing team takes the one
choice (either teammate makes it; a switch changes that player's character only).

2nd edition (seed 001): after each game every player other than the winner swaps one
stack, in the order they lost (first loser first); a stack swapped out cannot come back
until the next game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike.formats import (
    FORMATS_SINCE,
    LOSERS_CHOICE,
    Between,
    between_rule,
)
from companion.game.puzzle_strike.refusals import REFUSE

GAMES_TO_WIN = 2
"""Best 2 of 3: the tournament match (seed 000 l.411), and every table before rules 3."""


class MatchError(IllegalMove):
    """A match action the rules do not allow; the message says why."""


def side_name(members: Sequence[str]) -> str:
    """Name a side the way the table says it: 'Ana' or 'Ana & Cy'."""
    return " & ".join(members)


# --- double-blind character choice -----------------------------------------------------


@dataclass(frozen=True)
class BlindChoice:
    """Secret character choices; nothing is shown until everyone has committed."""

    players: tuple[str, ...]
    committed: tuple[tuple[str, str], ...] = ()

    def commit(self, player: str, character: str) -> BlindChoice:
        """Record a player's secret choice (a player may change it until the reveal).

        :raises MatchError: for a player not in the choice.
        """
        if player not in self.players:
            raise REFUSE(
                MatchError, "ps_not_choosing", player=player, players=", ".join(self.players)
            )
        rest = tuple((p, c) for p, c in self.committed if p != player)
        return replace(self, committed=(*rest, (player, character)))

    def waiting_for(self) -> list[str]:
        """Return the players who have not committed yet."""
        done = {p for p, _ in self.committed}
        return [p for p in self.players if p not in done]

    def choice_of(self, player: str, viewer: str) -> str | None:
        """Return a choice as ``viewer`` may see it: their own, or all after the reveal."""
        if viewer != player and self.waiting_for():
            return None
        return dict(self.committed).get(player)


@dataclass(frozen=True)
class Reveal:
    """The outcome of a reveal."""

    characters: Mapping[str, str]
    """Characters settled so far."""
    coin_winner: str | None = None
    rechoose: str | None = None
    """The player who lost the mirror coin flip: they pick another character and
    whether to play first or second."""


def reveal(choice: BlindChoice, rng: random.Random, mirrors_allowed: bool) -> Reveal:
    """Reveal all choices together and settle a clash with a coin flip.

    :raises MatchError: while someone has not committed.
    """
    waiting = choice.waiting_for()
    if waiting:
        raise REFUSE(MatchError, "ps_wait_choosing", waiting=", ".join(waiting))
    chosen = dict(choice.committed)
    if mirrors_allowed:
        return Reveal(chosen)
    by_character: dict[str, list[str]] = {}
    for player in choice.players:
        by_character.setdefault(chosen[player], []).append(player)
    for who in by_character.values():
        if len(who) > 1:
            winner = who[rng.randrange(len(who))]
            loser = next(p for p in who if p != winner)
            settled = {p: c for p, c in chosen.items() if p != loser}
            return Reveal(settled, coin_winner=winner, rechoose=loser)
    return Reveal(chosen)


# --- match score and loser's choice --------------------------------------------------------


@dataclass(frozen=True)
class SwitchCharacter:
    """Loser's choice 1: play another character."""

    character: str


@dataclass(frozen=True)
class SwapStack:
    """Loser's choice 2 (and the 2nd edition's swap): one bank stack out, another in."""

    out: str
    into: str


@dataclass(frozen=True)
class RerollBank:
    """Loser's choice 3: a whole new random bank (the caller draws it)."""

    bank: tuple[str, ...]


@dataclass(frozen=True)
class Keep:
    """Loser's choice: change nothing."""


LoserOption = SwitchCharacter | SwapStack | RerollBank | Keep
OPTION_NAMES: dict[type, str] = {
    Keep: "keep",
    SwitchCharacter: "switch",
    SwapStack: "swap",
    RerollBank: "reroll",
}


@dataclass(frozen=True)
class Match:
    """A best-of-3 Puzzle Strike match between two or more sides (a player, or a 2 vs 2 team)."""

    players: tuple[str, ...]
    characters: tuple[tuple[str, str], ...]
    bank: tuple[str, ...]
    """Bank stack keys (``set/chip``)."""
    edition: int = 3
    results: tuple[tuple[str, ...], ...] = ()
    """Per game: sides in finishing order, winner first."""
    switched_out: tuple[str, ...] = ()
    """3rd edition: stacks switched out during the match (cannot come back)."""
    first_player: str | None = None
    awaiting_choice: tuple[str, ...] = field(default=())
    """Sides that still owe their between-games choice, in order."""
    teams: tuple[tuple[str, ...], ...] = ()
    """2 vs 2: the two teams; otherwise every player is a side alone."""
    games_to_win: int = GAMES_TO_WIN
    between: Between = LOSERS_CHOICE
    """What happens between games (``formats``): who chooses, and which options."""

    @property
    def sides(self) -> tuple[str, ...]:
        """Return the sides' names: players, or teams as 'Ana & Cy'."""
        if self.teams:
            return tuple(side_name(t) for t in self.teams)
        return self.players

    def side_of(self, player: str) -> str:
        """Return the name of the player's side."""
        return next((side_name(t) for t in self.teams if player in t), player)

    def members(self, side: str) -> tuple[str, ...]:
        """Return the players of a side."""
        return tuple(p for p in self.players if self.side_of(p) == side)

    def wins(self, side: str) -> int:
        """Return how many games the side has won."""
        return sum(1 for r in self.results if r[0] == side)

    @property
    def winner(self) -> str | None:
        """Return the match winner once a side has the game wins the match needs."""
        return next((s for s in self.sides if self.wins(s) >= self.games_to_win), None)

    def score(self) -> dict[str, int]:
        """Return game wins per side."""
        return {s: self.wins(s) for s in self.sides}


def start_match(
    players: Sequence[str],
    characters: Mapping[str, str],
    bank: Sequence[str],
    edition: int = 3,
    teams: Sequence[Sequence[str]] = (),
    games_to_win: int = GAMES_TO_WIN,
    between: Between | None = None,
) -> Match:
    """Start a match with settled characters and a bank.

    :raises MatchError: for missing characters, a bad bank or an unknown edition.
    """
    if len(players) < 2 or len(set(players)) != len(players):
        raise REFUSE(MatchError, "ps_match_names")
    missing = [p for p in players if p not in characters]
    if missing:
        raise REFUSE(MatchError, "ps_no_character", missing=", ".join(missing))
    if len(set(bank)) != 10 or len(bank) != 10:
        raise REFUSE(MatchError, "ps_bank_stacks")
    if edition not in (2, 3):
        raise REFUSE(MatchError, "ps_edition", edition=edition)
    chars = tuple((p, characters[p]) for p in players)
    sides = tuple(tuple(t) for t in teams)
    rule = between or between_rule(edition, "two-player", FORMATS_SINCE)  # the tournament's
    return Match(tuple(players), chars, tuple(bank), edition, teams=sides,
                 games_to_win=games_to_win, between=rule)  # fmt: skip


def record_game(match: Match, finishing_order: Sequence[str]) -> Match:
    """Record a finished game: sides from winner to first loser.

    In 2 players that is (winner, loser). The loser plays first next game (3rd edition);
    the sides owing a between-games choice are set.

    :raises MatchError: after the match is decided, or with a bad finishing order.
    """
    if match.winner:
        raise REFUSE(MatchError, "ps_match_over", winner=match.winner)
    if match.awaiting_choice:
        raise REFUSE(MatchError, "ps_wait_between", player=match.awaiting_choice[0])
    if sorted(finishing_order) != sorted(match.sides):
        raise REFUSE(MatchError, "ps_finishing_order", sides=", ".join(match.sides))
    order = tuple(finishing_order)
    match = replace(match, results=(*match.results, order))
    if match.winner:
        return replace(match, awaiting_choice=())
    losers_first_out = tuple(reversed(order[1:]))  # in 2 players, simply the loser
    owed = losers_first_out if match.between.every_loser else losers_first_out[:1]
    first = match.members(owed[0])[0] if match.between.chooser_first else None
    return replace(match, first_player=first, awaiting_choice=owed)


def apply_choice(match: Match, player: str, option: LoserOption, pool: Sequence[str]) -> Match:
    """Apply a player's between-games choice (``pool``: every stack of the match's sets).

    :raises MatchError: when the player owes no choice, or the option breaks a rule.
    """
    if not match.awaiting_choice or match.awaiting_choice[0] != match.side_of(player):
        if not match.awaiting_choice:
            raise REFUSE(MatchError, "ps_no_choice_nobody", player=player)
        raise REFUSE(MatchError, "ps_no_choice_owed", player=player, owed=match.awaiting_choice[0])
    rest = match.awaiting_choice[1:]
    if OPTION_NAMES[type(option)] not in match.between.options:
        raise REFUSE(MatchError, "ps_between_" + match.between.id.replace("-", "_"))
    if match.between.chooser_first:
        match = replace(match, first_player=player)  # the chooser of the losing side starts
    if isinstance(option, Keep):
        return replace(match, awaiting_choice=rest)
    if isinstance(option, SwitchCharacter):
        chars = tuple((p, option.character if p == player else c) for p, c in match.characters)
        return replace(match, characters=chars, awaiting_choice=rest)
    if isinstance(option, RerollBank):
        if len(set(option.bank)) != 10:
            raise REFUSE(MatchError, "ps_reroll_ten")
        return replace(match, bank=tuple(option.bank), awaiting_choice=rest)
    return swap_stack(match, option, pool, rest)


def swap_stack(match: Match, swap: SwapStack, pool: Sequence[str], rest: tuple[str, ...]) -> Match:
    """Swap one stack of the bank for one outside it, checking the edition's rule."""
    if swap.out not in match.bank:
        raise REFUSE(MatchError, "ps_swap_out", stack=swap.out)
    if swap.into in match.bank:
        raise REFUSE(MatchError, "ps_swap_in_bank", stack=swap.into)
    if swap.into not in pool:
        raise REFUSE(MatchError, "ps_swap_not_of_sets", stack=swap.into)
    if swap.into in match.switched_out:
        key = "ps_swapped_match" if match.edition == 3 else "ps_swapped_games"
        raise REFUSE(MatchError, key, stack=swap.into)
    bank = tuple(swap.into if s == swap.out else s for s in match.bank)
    out = (*match.switched_out, swap.out)
    match = replace(match, bank=bank, switched_out=out, awaiting_choice=rest)
    if match.edition == 2 and not rest:
        match = replace(match, switched_out=())  # back in play from the next swap round on
    return match
