"""Custom Clockwork drafts: build a character from a shared pool, one pick at a time.

Puzzle Strike (seed 000): 9, 12 or 15 character chips at random for 2, 3 or 4 players
(2 vs 2 drafts as 4, teams 1 & 4 against 2 & 3), never a chip marked ``in_clockwork =
false`` (Shadow Plague); picks in the order 122112, 123321123 or 123443211234; 3 each.

Flash Duel (seed 002): 12 abilities at random from the 60; a coin flip decides who drafts
first; picks in the order 12211221, 4 each; the first drafter plays first. After losing a
round a player may swap one ability for one of the 4 left in the pool; the winner keeps
theirs.

Seats are numbered from 1 in pick order; ``seats`` gives the player in each seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.game.errors import IllegalMove, Refusals
from printkit.catalog import FlashDuelSet, PuzzleStrikeSet

PUZZLE_STRIKE_ORDERS = {2: "122112", 3: "123321123", 4: "123443211234"}
PUZZLE_STRIKE_POOL = {2: 9, 3: 12, 4: 15}
FLASH_DUEL_ORDER = "12211221"
FLASH_DUEL_POOL = 12


class DraftError(IllegalMove):
    """A pick the draft does not allow; the message says why."""


REFUSE = Refusals(
    {
        "dr_not_in_draft": "'{player}' is not in this draft ({seats})",
        "dr_teams_four": "2 vs 2 needs 4 players",
        "dr_fd_pool": "a Flash Duel Custom Clockwork draft needs {pool} abilities with known "
        "names and texts; the catalog knows {known} (add the rest with --data-dir)",
        "dr_players": "this draft is for {counts} players, not {n}",
        "dr_names": "every player needs a different, non-empty name",
        "dr_pool_size": "the pool needs {size} items, only {n} are available",
        "dr_over": "the draft is over",
        "dr_not_your_pick": "it is {turn}'s pick, not {player}'s",
        "dr_not_in_pool": "'{key}' is not in this draft's pool",
        "dr_taken": "{name} was already taken by {owner}",
        "dr_no_pick": "there is no pick to undo",
        "dr_swap_fd": "only Flash Duel's Custom Clockwork swaps abilities between rounds",
        "dr_finish_first": "finish the draft first",
        "dr_not_own": "'{ability}' is not one of {player}'s abilities",
        "dr_not_unused": "'{ability}' is not one of the unused abilities",
        "dr_game_one_of": "'game' must be one of {games}",
        "dr_only_pick": "the only action in a draft room is 'pick' (with 'key')",
        "dr_set_id": "'set' must be a set id",
        "dr_no_set": "{game} has no set '{set}'",
    }
)
"""Every refusal of a draft: word key -> English text (Japanese in static/refusals.js)."""


@dataclass(frozen=True)
class DraftItem:
    """Something to draft: a character chip or a Flash Duel ability, and its owner."""

    key: str
    """``character/chip`` (or ``character/ability``), unique in the pool."""
    name: str
    character: str
    text: str | None = None
    """What it does, from the catalog (our wording); None where the catalog has no text."""


@dataclass(frozen=True)
class Draft:
    """A draft in progress: the pool, the pick order and the picks so far."""

    game: str
    seats: tuple[str, ...]
    """Player in each seat, seat 1 first (the first drafter)."""
    order: tuple[int, ...]
    """The seat that makes each pick."""
    pool: tuple[DraftItem, ...]
    picks: tuple[tuple[int, str], ...] = ()
    """(seat, item key) in the order they were made."""
    team_battle: bool = False

    @property
    def is_done(self) -> bool:
        """Return True once every pick is made."""
        return len(self.picks) == len(self.order)

    def whose_pick(self) -> int | None:
        """Return the seat to pick next, or None when the draft is done."""
        return None if self.is_done else self.order[len(self.picks)]

    def taken(self) -> set[str]:
        """Return the keys already picked."""
        return {key for _, key in self.picks}

    def available(self) -> tuple[DraftItem, ...]:
        """Return the items still in the pool."""
        taken = self.taken()
        return tuple(i for i in self.pool if i.key not in taken)

    def picked_by(self, seat: int) -> tuple[DraftItem, ...]:
        """Return what this seat has drafted, in pick order."""
        by_key = {i.key: i for i in self.pool}
        return tuple(by_key[key] for s, key in self.picks if s == seat)

    def seat_of(self, player: str) -> int:
        """Return the seat of a player.

        :raises DraftError: when the player is not in the draft.
        """
        if player not in self.seats:
            raise REFUSE(DraftError, "dr_not_in_draft", player=player, seats=", ".join(self.seats))
        return self.seats.index(player) + 1

    def teams(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Return the 2 vs 2 teams as seat pairs (1 & 4 against 2 & 3)."""
        return ((1, 4), (2, 3)) if self.team_battle else None


def deal_puzzle_strike(
    game_set: PuzzleStrikeSet,
    players: Sequence[str],
    rng: random.Random,
    team_battle: bool = False,
) -> Draft:
    """Draw the pool for a Puzzle Strike Custom Clockwork draft.

    :raises DraftError: for a player count other than 2-4 (2 vs 2 needs 4).
    """
    count = check_players(players, (2, 3, 4))
    if team_battle and count != 4:
        raise REFUSE(DraftError, "dr_teams_four")
    items = [
        DraftItem(f"{who.id}/{chip.id}", chip.name, who.name, chip.summary)
        for who, chip in game_set.character_chips()
        if chip.in_clockwork
    ]
    pool = draw_pool(items, PUZZLE_STRIKE_POOL[count], rng)
    order = tuple(int(c) for c in PUZZLE_STRIKE_ORDERS[count])
    return Draft("puzzle-strike", tuple(players), order, pool, team_battle=team_battle)


def deal_flash_duel(game_set: FlashDuelSet, players: Sequence[str], rng: random.Random) -> Draft:
    """Flip the coin for who drafts first and draw 12 abilities the catalog knows.

    :raises DraftError: for other than 2 players, or fewer than 12 known abilities.
    """
    check_players(players, (2,))
    known = [
        DraftItem(f"{who.id}/{a.id}", a.name or a.id, who.name, f"{a.trigger}: {a.effect}")
        for who, a in game_set.abilities()
        if a.is_known()
    ]
    if len(known) < FLASH_DUEL_POOL:
        raise REFUSE(DraftError, "dr_fd_pool", pool=FLASH_DUEL_POOL, known=len(known))
    first = rng.randrange(2)
    seats = (players[first], players[1 - first])
    pool = draw_pool(known, FLASH_DUEL_POOL, rng)
    return Draft("flash-duel", seats, tuple(int(c) for c in FLASH_DUEL_ORDER), pool)


def check_players(players: Sequence[str], allowed: tuple[int, ...]) -> int:
    """Check the player count and names; return the count.

    :raises DraftError: naming what is wrong.
    """
    if len(players) not in allowed:
        counts = ", ".join(str(n) for n in allowed)
        raise REFUSE(DraftError, "dr_players", counts=counts, n=len(players))
    if len(set(players)) != len(players) or not all(p.strip() for p in players):
        raise REFUSE(DraftError, "dr_names")
    return len(players)


def draw_pool(items: Sequence[DraftItem], size: int, rng: random.Random) -> tuple[DraftItem, ...]:
    """Draw ``size`` items uniformly (repeated randrange), kept in catalog order."""
    if len(items) < size:
        raise REFUSE(DraftError, "dr_pool_size", size=size, n=len(items))
    left = list(range(len(items)))
    chosen = sorted(left.pop(rng.randrange(len(left))) for _ in range(size))
    return tuple(items[i] for i in chosen)


def pick(draft: Draft, player: str, key: str) -> Draft:
    """Make a pick for a player.

    :raises DraftError: when the draft is done, it is not the player's pick, or the item
        is not in the pool or already taken.
    """
    seat = draft.seat_of(player)
    turn = draft.whose_pick()
    if turn is None:
        raise REFUSE(DraftError, "dr_over")
    if seat != turn:
        raise REFUSE(DraftError, "dr_not_your_pick", turn=draft.seats[turn - 1], player=player)
    item = next((i for i in draft.pool if i.key == key), None)
    if item is None:
        raise REFUSE(DraftError, "dr_not_in_pool", key=key)
    if key in draft.taken():
        owner = next(s for s, k in draft.picks if k == key)
        raise REFUSE(DraftError, "dr_taken", name=item.name, owner=draft.seats[owner - 1])
    return replace(draft, picks=(*draft.picks, (seat, key)))


def undo_pick(draft: Draft) -> Draft:
    """Take back the last pick.

    :raises DraftError: when nothing has been picked.
    """
    if not draft.picks:
        raise REFUSE(DraftError, "dr_no_pick")
    return replace(draft, picks=draft.picks[:-1])


def swap_after_loss(draft: Draft, player: str, give: str, take: str) -> Draft:
    """Flash Duel: after losing a round, swap one of your abilities for an unused one.

    The caller checks that the player lost the last round (``flash_duel.rounds.swap``).

    :raises DraftError: before the draft is done, or for abilities not yours / not unused.
    """
    if draft.game != "flash-duel":
        raise REFUSE(DraftError, "dr_swap_fd")
    if not draft.is_done:
        raise REFUSE(DraftError, "dr_finish_first")
    seat = draft.seat_of(player)
    if give not in {i.key for i in draft.picked_by(seat)}:
        raise REFUSE(DraftError, "dr_not_own", ability=give, player=player)
    if take not in {i.key for i in draft.available()}:
        raise REFUSE(DraftError, "dr_not_unused", ability=take)
    picks = tuple((s, take if (s == seat and k == give) else k) for s, k in draft.picks)
    return replace(draft, picks=picks)


def first_player(draft: Draft) -> str:
    """Return who plays first: Flash Duel's first drafter (seat 1)."""
    return draft.seats[0]
