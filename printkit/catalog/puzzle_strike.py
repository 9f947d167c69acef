"""Puzzle Strike sets: puzzle chips, characters, bank stacks, starting bag."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from printkit.catalog.common import Entry
from printkit.catalog.schema import meta
from printkit.catalog.vocab import (
    BANNER_COLOURS,
    BANNER_ICONS,
    FLAGS,
    STACK_KINDS,
    Icon,
    parse_colours,
    parse_icon_choices,
    parse_icons,
)


@dataclass(frozen=True, kw_only=True)
class ChipFace(Entry):
    """What is printed on a chip with a banner."""

    name: str
    name_ja: str | None = meta(default=None)
    """Japanese name where seed 003 gives one (most chips keep their English name)."""
    banner: tuple[str, ...] | None = meta(choices=BANNER_COLOURS)
    """Banner colours, left to right; a chip counts as every colour it shows."""
    banner_icons: tuple[str, ...] = meta(choices=BANNER_ICONS, default=())
    icons: tuple[Icon, ...] | None = meta(parse=parse_icons, default=())
    """Top-line icons in print order."""
    icon_choices: tuple[tuple[Icon, ...], ...] = meta(parse=parse_icon_choices, default=())
    """For 'choose' chips: each option's icons."""
    flags: tuple[str, ...] = meta(choices=FLAGS, default=())
    summary: str | None
    """Our own short wording of what the chip does."""

    def is_attack(self) -> bool:
        """Return True when the chip shows the red fist."""
        return "fist" in self.banner_icons

    def gives_black_arrow(self) -> bool:
        """Return True when the chip's top line grants a black arrow."""
        return any(i.name == "black-arrow" for i in self.icons or ())


@dataclass(frozen=True, kw_only=True)
class PuzzleChip(ChipFace):
    """A puzzle chip: bought from the bank, 5 copies a stack."""

    cost: int | None = meta(minimum=0, maximum=20)


@dataclass(frozen=True, kw_only=True)
class CharacterChip(ChipFace):
    """One of a character's three chips (one copy each)."""

    in_clockwork: bool = meta(default=True)
    """False for a chip the Custom Clockwork draft leaves out (seed 000: Shadow Plague)."""


@dataclass(frozen=True, kw_only=True)
class Character(Entry):
    """A Puzzle Strike character and the chips that start in their bag."""

    name: str
    full_name: str
    title: str
    colour_name: str
    """The chip background as sources describe it, e.g. 'white with blue top'."""
    background: tuple[str, ...] = meta(parse=parse_colours)
    """Our '#rrggbb' rendering of that background, top to bottom."""
    chips: tuple[CharacterChip, ...] = meta(key="chip")


@dataclass(frozen=True, kw_only=True)
class BankStack(ChipFace):
    """One of the 8 stacks that are in every bank: gems, purples and wounds."""

    kind: str = meta(choices=STACK_KINDS)
    count: int = meta(minimum=1, maximum=200)
    cost: int | None = meta(minimum=0, maximum=20)
    value: int = meta(minimum=0, maximum=4, default=0)
    """Gem value (1-4) for gem stacks, 0 otherwise."""


@dataclass(frozen=True, kw_only=True)
class StackCount:
    """A number of chips taken from one bank stack."""

    stack: str
    count: int = meta(minimum=1, maximum=64)


@dataclass(frozen=True, kw_only=True)
class StartingBag:
    """What each player puts in their bag at the start."""

    character_chips: int = meta(minimum=0, maximum=3)
    stacks: tuple[StackCount, ...] = meta(key="stack")
    hand: int = meta(minimum=1, maximum=10)
    """Chips drawn for the opening hand."""


@dataclass(frozen=True, kw_only=True)
class RecommendedBank(Entry):
    """A named set of 10 puzzle chips suggested by the rulebook."""

    name: str
    name_ja: str | None = meta(default=None)
    chips: tuple[str, ...]
    """Ids of puzzle chips of the same set."""
    source: str


@dataclass(frozen=True, kw_only=True)
class PuzzleStrikeSet(Entry):
    """One Puzzle Strike box: base set (2nd or 3rd edition) or Shadows."""

    SCHEMA: ClassVar[str] = "puzzle-strike"
    name: str
    edition: int = meta(minimum=1, maximum=9)
    sources: tuple[str, ...]
    puzzle_chip_copies: int = meta(minimum=1, maximum=20)
    blank_chips: int = meta(minimum=0, maximum=100)
    spares: tuple[str, ...] = meta(default=())
    """Ids of bank stacks whose extra copies fill the free places of the last chip sheet
    (and label sheet), in turn, so no sheet prints mostly empty."""
    stacks: tuple[BankStack, ...] = meta(key="stack")
    puzzle_chips: tuple[PuzzleChip, ...] = meta(key="puzzle_chip")
    characters: tuple[Character, ...] = meta(key="character")
    starting_bag: StartingBag
    recommended_banks: tuple[RecommendedBank, ...] = meta(key="recommended_bank", default=())

    def character_chips(self) -> Iterator[tuple[Character, CharacterChip]]:
        """Yield every character chip with its owner."""
        for character in self.characters:
            for chip in character.chips:
                yield character, chip

    def puzzle_chip(self, chip_id: str) -> PuzzleChip:
        """Return the puzzle chip with this id.

        :raises KeyError: when the set has no such chip.
        """
        for chip in self.puzzle_chips:
            if chip.id == chip_id:
                return chip
        raise KeyError(f"set {self.id!r} has no puzzle chip {chip_id!r}")

    def counts(self) -> dict[str, int]:
        """Count distinct designs per kind (the keys of ``printkit list``)."""
        kinds = [s.kind for s in self.stacks]
        return {
            "puzzle-chip": len(self.puzzle_chips),
            "character-chip": sum(len(c.chips) for c in self.characters),
            "gem": kinds.count("gem"),
            "purple": kinds.count("purple"),
            "wound": kinds.count("wound"),
            "blank": 1 if self.blank_chips else 0,
        }

    def pieces(self) -> int:
        """Count the physical chips in the box."""
        return (
            len(self.puzzle_chips) * self.puzzle_chip_copies
            + sum(len(c.chips) for c in self.characters)
            + sum(s.count for s in self.stacks)
            + self.blank_chips
        )

    def gaps(self) -> list[str]:
        """List the facts marked unknown, one line each."""
        out = [f"stack {s.id}: {', '.join(s.unknown)}" for s in self.stacks if s.unknown]
        out += [
            f"puzzle chip {c.id}: {', '.join(c.unknown)}" for c in self.puzzle_chips if c.unknown
        ]
        out += [
            f"character chip {ch.id} ({who.name}): {', '.join(ch.unknown)}"
            for who, ch in self.character_chips()
            if ch.unknown
        ]
        return out
