"""The 1 vs 1 modes of seed 002: Simple, the Full Game and Custom Clockwork."""

from __future__ import annotations

from typing import ClassVar

from companion.game.flash_duel.match import Abilities
from companion.game.flash_duel.mode import Mode
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import DuelRoomError, Setup
from printkit.catalog import FlashDuelSet


class Simple(Mode):
    """Numbered cards only: no abilities."""

    id: ClassVar[str] = "simple"
    needs_characters: ClassVar[bool] = False

    def abilities(self, setup: Setup, fd: FlashDuelSet) -> Abilities:
        """Return no abilities for anyone."""
        return Abilities(tuple((p, ()) for p in setup.players))


class Full(Mode):
    """Each player's character and its three abilities."""

    id: ClassVar[str] = "full"


class Clockwork(Mode):
    """Four drafted abilities each; the first drafter plays first; the loser may swap one."""

    id: ClassVar[str] = "custom-clockwork"
    coin_for_first: ClassVar[bool] = False
    swaps_abilities: ClassVar[bool] = True
    needs_characters: ClassVar[bool] = False

    def check(self, setup: Setup, fd: FlashDuelSet) -> None:
        """Refuse a table without a finished draft."""
        if not setup.clockwork:
            raise REFUSE(DuelRoomError, "fd_clockwork_draft")

    def abilities(self, setup: Setup, fd: FlashDuelSet) -> Abilities:
        """Return the drafted abilities."""
        return Abilities(tuple((p, tuple(k)) for p, k in setup.clockwork))
