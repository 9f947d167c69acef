"""A Flash Duel table driven through the room's reducer (no HTTP): act, refuse, look."""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.flash_duel import room
from companion.game.flash_duel.actions import parse_action
from companion.game.flash_duel.view import describe, view
from companion.game.history import told
from printkit.catalog import Catalog


class Table:
    """One Flash Duel room's state, changed only by the room's ``apply``."""

    def __init__(self, catalog: Catalog, seed: int = 7, **request: Any) -> None:
        self.catalog = catalog
        setup = room.setup_from_json({"seed": seed, "mode": "full", **request})
        self.state = room.start(setup, catalog)
        self.position = 0
        self.history: list[str] = []

    def act(self, actor: str, **action: Any) -> Table:
        """Apply one action as ``actor``; fail the test if the rules refuse it."""
        typed = parse_action(action)
        self.state = room.apply(self.state, typed, actor, self.catalog, self.position)
        self.history.append(told(describe(typed, actor, self.state)))
        self.position += 1
        return self

    def refused(self, actor: str, **action: Any) -> str:
        """Return the message of an action the rules refuse (and keep the state)."""
        with pytest.raises(ValueError) as caught:
            typed = parse_action(action)
            room.apply(self.state, typed, actor, self.catalog, self.position)
        return str(caught.value)

    def view(self, viewer: str | None = None) -> dict[str, Any]:
        """Return what a phone of ``viewer`` shows."""
        return view(self.state, viewer, self.catalog)

    def where(self) -> dict[str, int]:
        """Return every pawn's space."""
        return {f["name"]: f["position"] for f in self.view()["fighters"]}

    def down(self) -> set[str]:
        """Return the defeated fighters."""
        return {f["name"] for f in self.view()["fighters"] if f["defeated"]}

    def place(self, **spaces: int) -> Table:
        """Put pawns on spaces by hand (names as keywords)."""
        for name, space in spaces.items():
            self.act(name, type="place", player=name, space=space)
        return self

    def turn_to(self, name: str) -> Table:
        """End turns until it is ``name``'s turn."""
        for _ in range(12):
            if self.view()["turn"] == name:
                return self
            self.act(self.view()["turn"], type="end_turn")
        raise AssertionError(f"{name} never got the turn")


def clockwork(catalog: Catalog) -> tuple[Table, list[str]]:
    """Ana drafted first (plays first); 12 known abilities: 4 each and 4 unused."""
    fd = next(s for g in catalog.games for s in g.sets if g.id == "flash-duel")
    keys = [f"{c.id}/{a.id}" for c, a in fd.abilities() if a.is_known()][:12]
    table = Table(
        catalog,
        mode="custom-clockwork",
        players=["Ana", "Ben"],
        clockwork={"Ana": keys[0:4], "Ben": keys[4:8]},
        unused=keys[8:12],
    )
    return table, keys
