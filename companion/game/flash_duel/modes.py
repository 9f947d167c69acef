"""Every Flash Duel mode, in an explicit list, found by id (as python-chess ``VARIANTS``)."""

from __future__ import annotations

from companion.game.flash_duel.mode import Mode
from companion.game.flash_duel.one_vs_one import Clockwork, Full, Simple
from companion.game.flash_duel.raid_modes import Betrayal, Raid
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.solo import Solo
from companion.game.flash_duel.state import DuelRoomError
from companion.game.flash_duel.team import TeamBattle

MODES: tuple[Mode, ...] = (
    Simple(),
    Full(),
    Clockwork(),
    Solo(),
    TeamBattle(),
    Raid(),
    Betrayal(),
)


def find_mode(mode_id: str) -> Mode:
    """Return the mode with this id.

    :raises DuelRoomError: naming the modes there are.
    """
    for mode in MODES:
        if mode.id == mode_id:
            return mode
    raise REFUSE(
        DuelRoomError, "fd_mode_one_of", modes=", ".join(m.id for m in MODES), mode=mode_id
    )
