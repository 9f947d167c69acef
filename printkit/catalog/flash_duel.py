"""Flash Duel sets: characters, abilities, decks, track, modes, Raid and bots."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from printkit.catalog.common import Entry
from printkit.catalog.schema import meta

ABILITY_RULES = ("hit", "unblockable", "no-retreat", "block-higher", "raid-time-over-loses")
"""Ability effects the companion's table applies (the others stay the players' to apply)."""


@dataclass(frozen=True, kw_only=True)
class Ability(Entry):
    """A Flash Duel ability card: timing trigger and effect."""

    name: str | None
    trigger: str | None
    """When the card 'lights up' (our wording)."""
    effect: str | None
    """What it does (our short wording)."""
    clues: str | None = meta(default=None)
    """While the effect is unknown: what sources say about the card (our wording, with
    the source); printed on its write-in card."""
    applies: str | None = meta(default=None, choices=ABILITY_RULES)
    """What the companion's table applies when the card is used (None: the players do, as
    on paper): 'hit' (hits an opponent at ``distance``), 'unblockable' / 'no-retreat' (the
    ``strike`` made with ``strike_card``s cannot be blocked / retreated from),
    'block-higher' (block a ``strike`` with higher cards), 'raid-time-over-loses' (in a
    Raid, time-over makes the card's side lose at once)."""
    strike: str | None = meta(default=None, choices=("attack", "dashing-strike"))
    """The strike the card applies to."""
    strike_card: int | None = meta(default=None, minimum=1, maximum=9)
    """The number the strike's cards must show for the card to apply."""
    distance: int | None = meta(default=None, minimum=1, maximum=60)
    """'hit': the exact distance of the opponent hit."""

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
    character: str | None = meta(default=None)
    """The character whose ability cards the bot uses (seed 002: Rook uses his abilities
    any time he is able to)."""


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
