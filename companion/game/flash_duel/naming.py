"""How a Flash Duel table names its sides (in history lines and prompts)."""

from __future__ import annotations

from companion.game.flash_duel.state import State


def side_name(state: State, side: str | None) -> str:
    """Name a side by its players: 'Ana', 'Ana & Cat', 'the mortals', 'Drake (Dragon)'."""
    if side is None:
        return "nobody"
    if side == "mortals":
        return "the mortals"
    members = state.members(side)
    if side == "dragon":
        return f"{members[0]} (Dragon)"
    return " & ".join(members)
