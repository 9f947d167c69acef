"""The ``Mode`` base: the hooks by which the seven ways to play Flash Duel differ.

Each mode overrides what it changes (as python-chess variants override ``is_variant_end``):
the sides, pawns and turn order (``layout``), the draw pile after the deal (``draw_pile``),
hit points, the abilities each player holds, what a defeat does (``on_defeat``), who has
won (``winner``), what the end of a round records (``on_round_end``), what an empty draw
pile means (``on_deck_empty``) and how time-over is settled (``time_over``). The base class
is the 1 vs 1 game of seed 002.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from companion.game.flash_duel import lasthits
from companion.game.flash_duel.match import Abilities
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import (
    DuelRoomError,
    Event,
    Happening,
    Setup,
    State,
    tell,
)
from companion.game.flash_duel.track import Fighter, place
from printkit.catalog import FlashDuelSet, RaidRow

Hands = Mapping[str, tuple[int, ...]]


@dataclass(frozen=True)
class Layout:
    """Sides with their fighters, the pawns on their start spaces, and the turn order."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    fighters: tuple[Fighter, ...]
    order: tuple[str, ...]


def lay_out(sides: tuple[tuple[str, tuple[str, ...]], ...], spaces: int) -> tuple[Fighter, ...]:
    """Put the first side's pawns on space 1 and the second side's on the last space."""
    start = {sides[0][0]: 1, sides[1][0]: spaces}
    return tuple(place(name, start[side]) for side, members in sides for name in members)


def character_abilities(setup: Setup, fd: FlashDuelSet) -> Abilities:
    """Return each player's character abilities (the known ones), the Dragon left out.

    :raises DuelRoomError: for a character the catalog lacks.
    """
    chars = {c.id: c for c in fd.characters}
    owned = []
    for player, character in setup.characters:
        if player == setup.dragon:  # the Dragon plays its own deck of ability cards
            continue
        if character not in chars:
            known = ", ".join(sorted(chars))
            raise REFUSE(DuelRoomError, "fd_no_character", character=character, known=known)
        keys = tuple(f"{character}/{a.id}" for a in chars[character].abilities if a.is_known())
        owned.append((player, keys))
    return Abilities(tuple(owned))


class Mode:
    """A way to play; the base class is 1 vs 1, best 3 of 5 rounds, one hit wins a round."""

    id: ClassVar[str] = ""
    coin_for_first: ClassVar[bool] = True
    """A coin decides who goes first in the first round."""
    one_game: ClassVar[bool] = False
    """The first round's end ends the game (a Raid)."""
    swaps_abilities: ClassVar[bool] = False
    """The loser of a round may swap an ability (Custom Clockwork)."""
    switches_order: ClassVar[bool] = False
    """Between rounds a team may swap who is its p1 and who its p2 (Team Battle)."""
    needs_characters: ClassVar[bool] = True
    """Every player but the Dragon names a character at setup."""

    def check(self, setup: Setup, fd: FlashDuelSet) -> None:
        """Refuse a setup this mode cannot play (the player count is checked before)."""

    def layout(self, setup: Setup, fd: FlashDuelSet) -> Layout:
        """Return side A (space 1) and side B (the last space), one player each."""
        sides = (("A", (setup.players[0],)), ("B", (setup.players[1],)))
        fighters = lay_out(sides, fd.board.spaces)
        return Layout(sides, fighters, tuple(f.name for f in fighters))

    def draw_pile(self, setup: Setup, fd: FlashDuelSet) -> int:
        """Return the draw pile after the deal: one deck less two hands."""
        deck = len(fd.numbered_cards.values) * fd.numbered_cards.copies_per_deck
        return deck - 2 * fd.hand_size

    def hit_points(self, setup: Setup, fd: FlashDuelSet) -> int:
        """Return the hit points of the side that has several (the Dragon, a bot)."""
        return 1

    def dragon_row(self, setup: Setup, fd: FlashDuelSet) -> RaidRow | None:
        """Return the Raid table's row the Dragon sets up from (None: no Dragon player)."""
        return None

    def tough_one(self, state: State) -> str | None:
        """Return the fighter whose hits cost hit points instead of a defeat."""
        return None

    def abilities(self, setup: Setup, fd: FlashDuelSet) -> Abilities:
        """Return each player's abilities: their character's."""
        return character_abilities(setup, fd)

    def on_defeat(self, state: State, who: str) -> State:
        """React to a fighter's defeat (the Raid's Dragon takes an extra turn)."""
        return state

    def keeps_turn(self, state: State, current: str) -> State | None:
        """Return the state if ``current`` plays again (the Dragon's extra turns), else None."""
        return None

    def refills(self, state: State, current: str) -> tuple[str, ...]:
        """Return who draws back to a full hand at the end of ``current``'s turn: they do."""
        return () if current in state.defeated else (current,)

    def winner(self, state: State) -> str | None:
        """Return the side that has won once a fighter falls (None: the round goes on)."""
        for side, members in state.sides:
            if all(m in state.defeated for m in members):
                return next(s for s, _ in state.sides if s != side)
        return None

    def on_round_end(self, state: State) -> State:
        """Record what the end of a round means beyond the score (solo achievements)."""
        return state

    def on_deck_empty(self, state: State) -> State:
        """The last card was drawn: time runs out."""
        return tell(replace(state, deck=0), Event(Happening.TIME_RAN_OUT))

    def time_over(self, state: State, hands: Hands) -> tuple[State, str | None]:
        """Settle time-over from the hands shown; return the state and the winning side."""
        a, b = (state.fighter(members[0]) for _, members in state.sides)
        won = lasthits.time_over(a, b, hands[a.name], hands[b.name])
        return state, None if won is None else state.side_of(won)
