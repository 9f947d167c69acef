"""The closed vocabularies of the catalog: what a data file may name.

These are the words the renderers know how to draw and the rules engine knows how to
read, so they live in code; the components that use them live in ``data/``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from printkit.catalog.schema import FieldProblem, suggest

BANNER_COLOURS = ("brown", "red", "blue", "purple", "gray", "gold")
"""Banner colours of Puzzle Strike chips; a chip may have several (it counts as each)."""

BANNER_ICONS = (
    "fist",  # attack
    "blue-shield",  # reaction to an attack
    "purple-shield",  # reaction to gems being sent
    "brown-shield",  # reaction not tied to an attack
    "orb",  # the crash sphere of Combine, Crash Gem, Double Crash Gem (and Crash Potato)
    "exclamation",  # the two 12-cost gold chips
    "question",  # Option Select
)

COUNTED_ICONS = (
    "black-arrow",
    "brown-arrow",
    "purple-arrow",
    "red-arrow",
    "blue-arrow",
    "chip-draw",
    "piggy",
)
"""Top-line icons printed once per count: ``chip-draw = 2`` shows two chip icons."""

VALUED_ICONS = ("gem-power", "gem")
"""Top-line icons printed once with a number: ``gem-power = 2`` is one '$2' badge,
``gem = 2`` is one 2-gem square."""

TOP_ICONS = COUNTED_ICONS + VALUED_ICONS

FLAGS = (
    "ongoing",
    "once-per-turn",
    "reaction",
    "trashes-itself",
    "may-trash-itself",
    "ends-action-phase",
    "choose-one",
    "choose-two",
    "opponent-chooses",
)

STACK_KINDS = ("gem", "purple", "wound")

HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Icon:
    """One top-line icon and its count (or its value for '$N' and gem icons)."""

    name: str
    """An entry of ``TOP_ICONS``."""
    count: int
    """How many icons are printed, or the number shown for ``gem-power`` and ``gem``."""


def parse_icons(value: Any, where: str) -> tuple[Icon, ...]:
    """Read a table like ``{ black-arrow = 1, gem-power = 2 }`` into icons, in order."""
    if not isinstance(value, dict):
        raise FieldProblem(
            f"must be a table of icon = count, got {type(value).__name__}",
            "write it as { chip-draw = 2 }",
        )
    icons = []
    for name, count in value.items():
        if name.startswith("__"):  # the loader's note of which file this came from
            continue
        if name not in TOP_ICONS:
            raise FieldProblem(f"unknown icon {name!r}", suggest(name, TOP_ICONS))
        if isinstance(count, bool) or not isinstance(count, int):
            raise FieldProblem(f"icon {name!r}: count must be an int, got {count!r}")
        _check_icon_count(name, count)
        icons.append(Icon(name, count))
    return tuple(icons)


def _check_icon_count(name: str, count: int) -> None:
    if name == "gem-power":
        if count == 0 or not -9 <= count <= 9:
            raise FieldProblem(f"icon 'gem-power': {count} is not a money amount (-9..9, not 0)")
    elif name == "gem":
        if not 1 <= count <= 4:
            raise FieldProblem(f"icon 'gem': {count} is not a gem value (1..4)")
    elif not 1 <= count <= 4:
        raise FieldProblem(f"icon {name!r}: count {count} is outside 1..4")


def parse_icon_choices(value: Any, where: str) -> tuple[tuple[Icon, ...], ...]:
    """Read a list of icon tables: the options of a 'choose' chip."""
    if not isinstance(value, list):
        raise FieldProblem(
            "must be a list of icon tables", "e.g. [{ piggy = 1 }, { chip-draw = 2 }]"
        )
    return tuple(parse_icons(option, where) for option in value)


def parse_colours(value: Any, where: str) -> tuple[str, ...]:
    """Read a list of '#rrggbb' colours (top to bottom; more than one is a gradient)."""
    if not isinstance(value, list) or not value:
        raise FieldProblem("must be a non-empty list of '#rrggbb' colours")
    for colour in value:
        if not isinstance(colour, str) or not HEX_COLOUR.match(colour):
            raise FieldProblem(f"{colour!r} is not a '#rrggbb' colour", "e.g. '#9cc9e8'")
    return tuple(value)
