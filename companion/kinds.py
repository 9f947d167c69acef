"""The kinds of rooms the companion hosts: one explicit list, each with its rules and page.

Adding a kind of room means one entry here, one rules package under ``companion.game`` and
one template. The game packages never import this module (no registration side effects,
no import cycle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.game.draft import room as draft
from companion.game.errors import InvalidSetup
from companion.game.flash_duel import room as flash_duel
from companion.game.puzzle_strike import room as puzzle_strike
from companion.game.rooms import Rules
from companion.game.shadowfist import room as shadowfist

DEFAULT_KIND = "puzzle-strike"
"""The kind of a stored setup without "kind" (the first rooms were all Puzzle Strike)."""


@dataclass(frozen=True)
class Kind:
    """One kind of room: its rules, its page template and the page's script."""

    rules: Rules[Any, Any, Any]
    template: str
    """The page template, e.g. "duel.html"."""
    script: str
    """The page's script in static/, e.g. "duel.js"."""

    @property
    def name(self) -> str:
        """Return the kind's name ("puzzle-strike", "flash-duel", ...)."""
        return self.rules.kind


KINDS: tuple[Kind, ...] = (
    Kind(puzzle_strike.RULES, "table.html", "table.js"),
    Kind(flash_duel.RULES, "duel.html", "duel.js"),
    Kind(shadowfist.RULES, "shadowfist.html", "shadowfist.js"),
    Kind(draft.RULES, "draft.html", "draft.js"),
)


def find_kind(name: str) -> Kind:
    """Return the kind of room called ``name``.

    :raises InvalidSetup: "unknown kind ... (known: ...)".
    """
    for kind in KINDS:
        if kind.name == name:
            return kind
    known = ", ".join(k.name for k in KINDS)
    raise InvalidSetup(f"unknown kind {name!r} (known: {known}): 'kind' must be one of them")


def kind_of_setup(setup: Mapping[str, Any]) -> Kind:
    """Return the kind of a stored setup (one without "kind" is Puzzle Strike)."""
    return find_kind(str(setup.get("kind", DEFAULT_KIND)))
