"""What gets printed: the catalog turned into pieces (designs with copies) and sheets.

Pure: it decides what is printed and how often; ``printkit.render`` decides how it looks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from printkit.catalog import (
    Ability,
    BankStack,
    Board,
    Character,
    CharacterChip,
    Counter,
    DuelCharacter,
    FlashDuelSet,
    LoyaltyCard,
    PuzzleChip,
    PuzzleStrikeSet,
    ShadowfistSet,
    TrackCard,
)

Subject = (
    PuzzleChip
    | CharacterChip
    | BankStack
    | Ability
    | LoyaltyCard
    | TrackCard
    | Counter
    | int
    | None
)


@dataclass(frozen=True)
class Piece:
    """One design to print, how many copies, and what it shows."""

    kind: str
    """What it is: puzzle-chip, character-chip, gem, purple, wound, blank, numbered-card,
    ability-card, dragon-card, loyalty-card, track-card, win-token, counter."""
    shape: str
    """The layouts.toml shape it is cut to."""
    design: str
    """Unique within a document; identical designs are drawn once and reused."""
    copies: int
    title: str
    family: str | None
    """Which back it gets (None: single-sided)."""
    subject: Subject = None
    """The catalog entry it shows (a numbered card's value for numbered cards)."""
    owner: Character | DuelCharacter | None = None
    set_id: str = ""
    board: Board | None = None
    """For track cards: the board, whose dark and start spaces they show."""


@dataclass(frozen=True)
class Missing:
    """A component left out of a document because facts about it are unknown."""

    kind: str
    label: str
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Selection:
    """The pieces of one document, and what had to be left out."""

    pieces: list[Piece] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)

    def count(self) -> int:
        """Return the number of physical pieces."""
        return sum(p.copies for p in self.pieces)


def stack_kind(stack: BankStack) -> str:
    """Return a bank stack's piece kind: gem, purple or wound."""
    return stack.kind


def puzzle_strike_pieces(game_set: PuzzleStrikeSet) -> Selection:
    """List every chip of a Puzzle Strike box in its quantity."""
    sel = Selection()
    sid = game_set.id
    for chip in game_set.puzzle_chips:
        sel.pieces.append(
            Piece(
                "puzzle-chip",
                "chip",
                f"{sid}/puzzle/{chip.id}",
                game_set.puzzle_chip_copies,
                chip.name,
                "puzzle",
                chip,
                None,
                sid,
            )
        )
    for who, own in game_set.character_chips():
        sel.pieces.append(
            Piece(
                "character-chip",
                "chip",
                f"{sid}/character/{who.id}/{own.id}",
                1,
                own.name,
                "character",
                own,
                who,
                sid,
            )
        )
    for stack in game_set.stacks:
        kind = stack_kind(stack)
        sel.pieces.append(
            Piece(
                kind,
                "chip",
                f"{sid}/{kind}/{stack.id}",
                stack.count,
                stack.name,
                kind,
                stack,
                None,
                sid,
            )
        )
    if game_set.blank_chips:
        sel.pieces.append(
            Piece(
                "blank", "chip", f"{sid}/blank", game_set.blank_chips, "", "blank", None, None, sid
            )
        )
    return sel


def known(ability: Ability) -> bool:
    """Return True when an ability can be printed (name, trigger and effect known)."""
    return ability.is_known()


def flash_duel_pieces(game_set: FlashDuelSet) -> Selection:
    """List every Flash Duel card and token that can be printed, and what cannot."""
    sel = Selection()
    sid = game_set.id
    copies = game_set.numbered_cards.copies_per_deck * game_set.numbered_cards.decks
    for value in game_set.numbered_cards.values:
        sel.pieces.append(
            Piece(
                "numbered-card",
                "card",
                f"{sid}/number/{value}",
                copies,
                str(value),
                "numbered",
                value,
                None,
                sid,
            )
        )
    for who, ability in game_set.abilities():
        if known(ability):
            sel.pieces.append(
                Piece(
                    "ability-card",
                    "card",
                    f"{sid}/ability/{who.id}/{ability.id}",
                    1,
                    ability.name or "",
                    "ability",
                    ability,
                    who,
                    sid,
                )
            )
        else:
            label = f"{who.name}: {ability.name or ability.id}"
            sel.missing.append(Missing("ability-card", label, ability.unknown))
    for ability in game_set.dragon_abilities:
        if known(ability):
            sel.pieces.append(
                Piece(
                    "dragon-card",
                    "dragon-card",
                    f"{sid}/dragon/{ability.id}",
                    1,
                    ability.name or "",
                    "dragon",
                    ability,
                    None,
                    sid,
                )
            )
        else:
            sel.missing.append(
                Missing(
                    "dragon-card",
                    f"Deathstrike Dragon: {ability.name or ability.id}",
                    ability.unknown,
                )
            )
    for card in game_set.loyalty_cards:
        sel.pieces.append(
            Piece(
                "loyalty-card",
                "card",
                f"{sid}/loyalty/{card.id}",
                card.count,
                card.name,
                "loyalty",
                card,
                None,
                sid,
            )
        )
    for track in game_set.track_cards:
        sel.pieces.append(
            Piece(
                "track-card",
                "track-card",
                f"{sid}/track/{track.id}",
                1,
                track.id,
                None,
                track,
                None,
                sid,
                game_set.board,
            )
        )
    if game_set.win_tokens:
        sel.pieces.append(
            Piece(
                "win-token",
                "token",
                f"{sid}/win-token",
                game_set.win_tokens,
                "",
                "win-token",
                None,
                None,
                sid,
            )
        )
    return sel


def shadowfist_pieces(game_set: ShadowfistSet) -> Selection:
    """List the printed power and damage counters."""
    sel = Selection()
    for counter in game_set.counters:
        sel.pieces.append(
            Piece(
                "counter",
                "counter",
                f"{game_set.id}/counter/{counter.id}",
                counter.copies,
                counter.name,
                f"counter-{counter.use}",
                counter,
                None,
                game_set.id,
            )
        )
    return sel


def expand(pieces: list[Piece]) -> Iterator[Piece]:
    """Yield each piece once per copy, in order."""
    for piece in pieces:
        for _ in range(piece.copies):
            yield piece


def only(selection: Selection, kinds: set[str] | None) -> Selection:
    """Keep only the pieces of these kinds (None keeps all)."""
    if not kinds:
        return selection
    return Selection(
        [p for p in selection.pieces if p.kind in kinds],
        [m for m in selection.missing if m.kind in kinds],
    )


PIECE_KINDS = (
    "puzzle-chip",
    "character-chip",
    "gem",
    "purple",
    "wound",
    "blank",
    "numbered-card",
    "ability-card",
    "dragon-card",
    "loyalty-card",
    "track-card",
    "win-token",
    "counter",
)
SHEET_KINDS = ("bank-sheet", "aid")


def pieces_for(game_set: object) -> Selection:
    """Return the printable pieces of any set."""
    if isinstance(game_set, PuzzleStrikeSet):
        return puzzle_strike_pieces(game_set)
    if isinstance(game_set, FlashDuelSet):
        return flash_duel_pieces(game_set)
    if isinstance(game_set, ShadowfistSet):
        return shadowfist_pieces(game_set)
    return Selection()
