"""2 vs 2 Team Battle (seed 002).

Team A is players 1 and 3, team B players 2 and 4; both pawns of a team start on its start
space, and turns go p1A, p1B, p2A, p2B (between rounds a team may swap its p1 and p2). A
coin decides which team goes first. All 50
numbered cards are used. A team wins a round when both of the other team are defeated.
Time-over: every pair of opponents compares last-hits at once; see ``lasthits``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from companion.game.flash_duel import lasthits
from companion.game.flash_duel.mode import Hands, Layout, Mode, lay_out
from companion.game.flash_duel.state import Setup, State
from printkit.catalog import FlashDuelSet


class TeamBattle(Mode):
    """Two teams of two."""

    id: ClassVar[str] = "team-battle"
    switches_order: ClassVar[bool] = True

    def layout(self, setup: Setup, fd: FlashDuelSet) -> Layout:
        """Return teams A (players 1 and 3) and B (2 and 4); turns in seat order."""
        p = setup.players
        sides = (("A", (p[0], p[2])), ("B", (p[1], p[3])))
        return Layout(sides, lay_out(sides, fd.board.spaces), p)

    def draw_pile(self, setup: Setup, fd: FlashDuelSet) -> int:
        """Return every numbered card less four hands."""
        return fd.numbered_cards.total() - len(setup.players) * fd.hand_size

    def time_over(self, state: State, hands: Hands) -> tuple[State, str | None]:
        """Compare last-hits between every pair; the fallen are defeated."""
        standing = state.standing()
        (side_a, members_a), (side_b, _) = state.sides
        a = [f for f in standing if f.name in members_a]
        b = [f for f in standing if f.name not in members_a]
        fallen = lasthits.last_hits(a, b, hands)
        won = lasthits.team_time_over(a, b, hands)
        state = replace(state, defeated=(*state.defeated, *sorted(fallen)))
        return state, None if won is None else (side_a, side_b)[won]
