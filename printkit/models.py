"""Typed, immutable models of the catalog: one game, its sets and their components.

Each set class knows its TOML layout (through field metadata, see ``printkit.schema``),
its own cross-checks (``check``), its physical piece count and its known gaps.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from printkit.schema import FieldProblem, meta
from printkit.vocab import (
    BANNER_COLOURS,
    BANNER_ICONS,
    FLAGS,
    STACK_KINDS,
    Icon,
    parse_colours,
    parse_icon_choices,
    parse_icons,
)

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def parse_slug(value: object, where: str) -> str:
    """Accept an id made of lower-case letters and digits joined by '-'."""
    if not isinstance(value, str) or not SLUG.match(value):
        raise FieldProblem(
            f"{value!r} is not a valid id", "use lower-case words joined by '-', e.g. 'draw-three'"
        )
    return value


@dataclass(frozen=True, kw_only=True)
class Entry:
    """Fields every catalog entry has."""

    id: str = meta(parse=parse_slug)
    """Stable identifier, unique within its list (lower-case, words joined by '-')."""
    unknown: tuple[str, ...] = meta(default=())
    """Fields no source states; they are left out and read as None."""
    uncertain: tuple[str, ...] = meta(default=())
    """Fields that only one source gives, or that were inferred."""


# --- Puzzle Strike ---------------------------------------------------------------


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


# --- Flash Duel ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Ability(Entry):
    """A Flash Duel ability card: timing trigger and effect."""

    name: str | None
    trigger: str | None
    """When the card 'lights up' (our wording)."""
    effect: str | None
    """What it does (our short wording)."""

    def is_known(self) -> bool:
        """Return True when name, trigger and effect are all known."""
        return None not in (self.name, self.trigger, self.effect)


@dataclass(frozen=True, kw_only=True)
class DuelCharacter(Entry):
    """A Flash Duel character and its three ability cards."""

    name: str
    full_name: str
    title: str
    abilities: tuple[Ability, ...] = meta(key="ability")


@dataclass(frozen=True, kw_only=True)
class NumberedCards:
    """The numbered cards: decks of equal copies of each value."""

    values: tuple[int, ...]
    copies_per_deck: int = meta(minimum=1, maximum=20)
    decks: int = meta(minimum=1, maximum=4)

    def total(self) -> int:
        """Count every numbered card in the box."""
        return len(self.values) * self.copies_per_deck * self.decks


@dataclass(frozen=True, kw_only=True)
class Board:
    """The bridge the duel is fought on."""

    spaces: int = meta(minimum=2, maximum=60)
    start_spaces: tuple[int, ...]
    dark_spaces: tuple[int, ...]
    uncertain: tuple[str, ...] = meta(default=())
    unknown: tuple[str, ...] = meta(default=())


@dataclass(frozen=True, kw_only=True)
class TrackCard(Entry):
    """A track card: a run of board spaces; five laid end to end make the bridge."""

    spaces: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class LoyaltyCard(Entry):
    """A Betrayal loyalty card design and how many copies the box has."""

    name: str
    side: str = meta(choices=("loyal", "traitor"))
    count: int = meta(minimum=1, maximum=10)


@dataclass(frozen=True, kw_only=True)
class Mode(Entry):
    """A way to play, with its number of players."""

    name: str
    name_ja: str | None = meta(default=None)
    sides: str
    """Who plays whom, e.g. '1 vs 1', '2, 3 or 4 vs 1'."""
    min_players: int = meta(minimum=1, maximum=5)
    max_players: int = meta(minimum=1, maximum=5)
    uses_abilities: bool


@dataclass(frozen=True, kw_only=True)
class RaidRow:
    """Setup of a Raid on Deathstrike Dragon by number of mortals."""

    mortals: int = meta(minimum=1, maximum=4)
    deck_cards: int = meta(minimum=1, maximum=50)
    reshuffles: int = meta(minimum=0, maximum=3)
    dragon_hit_points: int = meta(minimum=1, maximum=9)
    dragon_hand_size: int = meta(minimum=1, maximum=15)
    dragon_abilities: int = meta(minimum=0, maximum=8)


@dataclass(frozen=True, kw_only=True)
class Bot(Entry):
    """A solo-mode opponent."""

    name: str
    hit_points: int = meta(minimum=1, maximum=9)
    uses_abilities: bool


@dataclass(frozen=True, kw_only=True)
class Achievement(Entry):
    """A solo-mode achievement, its points, and the wins that earn it."""

    name: str
    points: int = meta(minimum=1, maximum=100)
    goal: str
    """Our wording of the goal."""
    bot: str
    """Id of the bot to beat."""
    win: str = meta(choices=("round", "game"))
    no_abilities: bool
    """The win must come without using any ability."""
    characters: int = meta(minimum=0, maximum=60)
    """Different characters to win with; 0 means every character of the set."""


@dataclass(frozen=True, kw_only=True)
class FlashDuelSet(Entry):
    """Flash Duel, 2nd edition: cards, board, modes and their tables."""

    SCHEMA: ClassVar[str] = "flash-duel"
    name: str
    edition: int = meta(minimum=1, maximum=9)
    sources: tuple[str, ...]
    hand_size: int = meta(minimum=1, maximum=10)
    round_wins: int = meta(minimum=1, maximum=9)
    """Round wins needed to win a game (best 3 of 5 means 3)."""
    win_tokens: int = meta(minimum=0, maximum=20)
    numbered_cards: NumberedCards
    board: Board
    track_cards: tuple[TrackCard, ...] = meta(key="track_card")
    characters: tuple[DuelCharacter, ...] = meta(key="character")
    dragon_abilities: tuple[Ability, ...] = meta(key="dragon_ability")
    loyalty_cards: tuple[LoyaltyCard, ...] = meta(key="loyalty_card")
    modes: tuple[Mode, ...] = meta(key="mode")
    raid: tuple[RaidRow, ...] = meta(key="raid_row")
    betrayal: RaidRow = meta(key="betrayal_row")
    bots: tuple[Bot, ...] = meta(key="bot")
    achievements: tuple[Achievement, ...] = meta(key="achievement")

    def abilities(self) -> Iterator[tuple[DuelCharacter, Ability]]:
        """Yield every character ability with its owner."""
        for character in self.characters:
            for ability in character.abilities:
                yield character, ability

    def counts(self) -> dict[str, int]:
        """Count cards per kind (unknown ones included)."""
        return {
            "numbered-card": self.numbered_cards.total(),
            "ability-card": sum(len(c.abilities) for c in self.characters),
            "dragon-card": len(self.dragon_abilities),
            "loyalty-card": sum(c.count for c in self.loyalty_cards),
            "track-card": len(self.track_cards),
            "win-token": self.win_tokens,
        }

    def pieces(self) -> int:
        """Count the printable pieces: every card and the win tokens."""
        return sum(self.counts().values())

    def gaps(self) -> list[str]:
        """List the facts marked unknown, one line each."""
        out = [
            f"ability {a.id} ({c.name}): {', '.join(a.unknown)}"
            for c, a in self.abilities()
            if a.unknown
        ]
        out += [
            f"dragon ability {a.id}: {', '.join(a.unknown)}"
            for a in self.dragon_abilities
            if a.unknown
        ]
        if self.board.unknown:
            out.append(f"board: {', '.join(self.board.unknown)}")
        return out


# --- Shadowfist ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CardType(Entry):
    """A Shadowfist card type and the fields printed on it."""

    name: str
    fields: tuple[str, ...]
    summary: str


@dataclass(frozen=True, kw_only=True)
class Step(Entry):
    """A numbered step of a turn, an attack or a combat."""

    name: str
    summary: str


@dataclass(frozen=True, kw_only=True)
class Phase(Entry):
    """A part of a Shadowfist turn, with its steps if it has any."""

    name: str
    summary: str
    steps: tuple[Step, ...] = meta(key="step", default=())


@dataclass(frozen=True, kw_only=True)
class ShadowfistRules:
    """The numbers of the basic rules that the table aids work out."""

    victory_sites: int = meta(minimum=1, maximum=10)
    starting_power: int = meta(minimum=0, maximum=10)
    starting_hand: int = meta(minimum=0, maximum=20)
    hand_size: int = meta(minimum=1, maximum=20)
    sites_per_turn: int = meta(minimum=1, maximum=5)
    first_site_power_gain: int = meta(minimum=0, maximum=5)
    """Power gained when playing a Feng Shui Site while controlling none."""
    face_down_site_power: int = meta(minimum=0, maximum=5)
    burn_for_power_bonus: int = meta(minimum=0, maximum=5)
    """Burning a site for power gains (number of players + this)."""
    burn_for_power_max: int = meta(minimum=1, maximum=20)


@dataclass(frozen=True, kw_only=True)
class Counter(Entry):
    """A printed counter of strikekit's Shadowfist table aids."""

    name: str
    use: str = meta(choices=("power", "damage"))
    value: int = meta(minimum=1, maximum=20)
    copies: int = meta(minimum=1, maximum=200)


@dataclass(frozen=True, kw_only=True)
class ShadowfistSet(Entry):
    """Shadowfist basic rules: what the table aids need."""

    SCHEMA: ClassVar[str] = "shadowfist"
    name: str
    sources: tuple[str, ...]
    rules: ShadowfistRules
    card_types: tuple[CardType, ...] = meta(key="card_type")
    turn: tuple[Phase, ...] = meta(key="phase")
    attack_steps: tuple[Step, ...] = meta(key="attack_step")
    combat_steps: tuple[Step, ...] = meta(key="combat_step")
    victory: tuple[Step, ...] = meta(key="victory")
    counters: tuple[Counter, ...] = meta(key="counter", default=())

    def counts(self) -> dict[str, int]:
        """Count the rules entries per kind, and the printed counters."""
        return {
            "card-type": len(self.card_types),
            "turn-phase": len(self.turn),
            "attack-step": len(self.attack_steps),
            "combat-step": len(self.combat_steps),
            "counter": sum(c.copies for c in self.counters),
        }

    def pieces(self) -> int:
        """Count the printed counters (the cards are the players' own)."""
        return sum(c.copies for c in self.counters)

    def gaps(self) -> list[str]:
        """Shadowfist's basic-rule facts are all known."""
        return []


GameSet = PuzzleStrikeSet | FlashDuelSet | ShadowfistSet

SET_SCHEMAS: dict[str, type[PuzzleStrikeSet] | type[FlashDuelSet] | type[ShadowfistSet]] = {
    cls.SCHEMA: cls for cls in (PuzzleStrikeSet, FlashDuelSet, ShadowfistSet)
}
"""Set model per game schema; a new kind of game adds its class here."""


@dataclass(frozen=True, kw_only=True)
class Game:
    """A game of the catalog and its sets."""

    id: str = meta(parse=parse_slug)
    name: str
    schema: str = meta(choices=tuple(SET_SCHEMAS))
    publisher: str
    order: int = meta(minimum=0, maximum=1000, default=100)
    """Where the game comes in listings (lower first)."""
    sets: tuple[GameSet, ...] = meta(default=())

    def set(self, set_id: str) -> GameSet:
        """Return the set with this id.

        :raises KeyError: when the game has no such set.
        """
        for game_set in self.sets:
            if game_set.id == set_id:
                return game_set
        known = ", ".join(s.id for s in self.sets)
        raise KeyError(f"game {self.id!r} has no set {set_id!r} (known: {known})")


@dataclass(frozen=True)
class Catalog:
    """Every game, loaded and validated."""

    games: tuple[Game, ...]
    sources: tuple[str, ...]
    """The data directories it was read from, ours first."""

    def game(self, game_id: str) -> Game:
        """Return the game with this id.

        :raises KeyError: when there is no such game.
        """
        for game in self.games:
            if game.id == game_id:
                return game
        known = ", ".join(g.id for g in self.games)
        raise KeyError(f"no game {game_id!r} (known: {known})")

    def puzzle_strike_sets(self) -> tuple[PuzzleStrikeSet, ...]:
        """Return every Puzzle Strike set."""
        return tuple(s for g in self.games for s in g.sets if isinstance(s, PuzzleStrikeSet))
