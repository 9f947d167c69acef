"""What gets printed: the catalog turned into pieces (designs with copies) and sheets.

Pure: it decides what is printed and how often; ``printkit.render`` decides how it looks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

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
    span: int = 0
    """For track cards: the most spaces any one track card holds. Every space is the card's
    width over this, so the spaces are even along the whole bridge."""
    write_in: bool = False
    """A card whose facts no source gives: printed with ruled lines to write them on."""
    spare: bool = False
    """Extra copies of a catalog design that fill a sheet's free places (see ``with_spares``)."""


@dataclass(frozen=True)
class Missing:
    """A component whose facts are unknown: printed as a write-in card, listed on the cover."""

    kind: str
    label: str
    fields: tuple[str, ...]
    uncertain_name: bool = False
    """True when the name it carries comes from a single or indirect source."""


@dataclass(frozen=True)
class Selection:
    """The pieces of one document, and what had to be left out."""

    pieces: list[Piece] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)
    spares: list[Piece] = field(default_factory=list)
    """Designs whose extra copies may fill the free places of their shape's last sheet."""

    def count(self) -> int:
        """Return the number of physical pieces."""
        return sum(p.copies for p in self.pieces)


def stack_kind(stack: BankStack) -> str:
    """Return a bank stack's piece kind: gem, purple or wound."""
    return stack.kind


def puzzle_strike_pieces(game_set: PuzzleStrikeSet) -> Selection:
    """List every chip of a Puzzle Strike box in its quantity."""
    sid = game_set.id
    copies = game_set.puzzle_chip_copies
    pieces = [
        Piece(
            "puzzle-chip", "chip", f"{sid}/puzzle/{c.id}", copies, c.name, "puzzle", c, set_id=sid
        )
        for c in game_set.puzzle_chips
    ]
    for who, own in game_set.character_chips():
        design = f"{sid}/character/{who.id}/{own.id}"
        pieces.append(
            Piece("character-chip", "chip", design, 1, own.name, "character", own, who, sid)
        )
    for stack in game_set.stacks:
        kind = stack_kind(stack)
        design = f"{sid}/{kind}/{stack.id}"
        pieces.append(Piece(kind, "chip", design, stack.count, stack.name, kind, stack, set_id=sid))
    if game_set.blank_chips:
        blanks = game_set.blank_chips
        pieces.append(Piece("blank", "chip", f"{sid}/blank", blanks, "", "blank", set_id=sid))
    by_stack = {p.subject.id: p for p in pieces if isinstance(p.subject, BankStack)}
    return Selection(pieces, spares=[by_stack[i] for i in game_set.spares if i in by_stack])


def with_spares(pieces: list[Piece], spares: list[Piece], per_page: dict[str, int]) -> list[Piece]:
    """Return the pieces plus spare copies of ``spares`` (in turn) filling the free places
    of their shape's last page; ``per_page`` gives each shape's places on a page."""
    extra: list[Piece] = []
    for shape in dict.fromkeys(p.shape for p in spares):
        copies = sum(p.copies for p in pieces if p.shape == shape)
        free = -copies % per_page[shape] if copies and shape in per_page else 0
        kinds = [p for p in spares if p.shape == shape]
        for i, piece in enumerate(kinds):
            n = free // len(kinds) + (i < free % len(kinds))
            if n:
                extra.append(replace(piece, copies=n, spare=True))
    return pieces + extra


def spares_line(pieces: list[Piece], lang: str) -> str:
    """Write the spares among some pieces as '9 x 1-Gem, 9 x Wound' (empty: none); each
    copy counts once, so a page's share of a run is counted as printed."""
    counts: dict[str, int] = {}
    for piece in pieces:
        if piece.spare:
            name = getattr(piece.subject, "name_ja", None) if lang == "ja" else None
            key = name or piece.title
            counts[key] = counts.get(key, 0) + 1
    return ", ".join(f"{n} x {name}" for name, n in counts.items())


def known(ability: Ability) -> bool:
    """Return True when an ability can be printed in full (name, trigger and effect known)."""
    return ability.is_known()


def has_uncertain_name(piece: Piece) -> bool:
    """Return True when the card's name comes from a single or indirect source."""
    return isinstance(piece.subject, Ability) and "name" in piece.subject.uncertain


def owner_name(piece: Piece) -> str:
    """Return who an ability card belongs to: its character, or Deathstrike Dragon."""
    return piece.owner.name if piece.owner is not None else "Deathstrike Dragon"


def uncertain_names(selection: Selection) -> list[str]:
    """List the printed cards whose name is uncertain, as 'Owner: Name' (for the cover)."""
    return [f"{owner_name(p)}: {p.title}" for p in selection.pieces if has_uncertain_name(p)]


def ability_piece(
    kind: str, design: str, ability: Ability, owner: DuelCharacter | None, sid: str
) -> Piece:
    """Make the card of an ability: in full when known, else a write-in card."""
    shape = "card" if kind == "ability-card" else "dragon-card"
    family = "ability" if kind == "ability-card" else "dragon"
    return Piece(
        kind,
        shape,
        design,
        1,
        ability.name or "",
        family,
        ability,
        owner,
        sid,
        write_in=not known(ability),
    )


def missing(kind: str, owner: str, ability: Ability) -> Missing:
    """Describe a write-in card for the cover: owner, its name or id, the unknown facts."""
    label = f"{owner}: {ability.name or ability.id}"
    return Missing(kind, label, ability.unknown, "name" in ability.uncertain)


def add_abilities(sel: Selection, game_set: FlashDuelSet) -> None:
    """Add every ability and Dragon card; list the write-in ones as missing facts."""
    sid = game_set.id
    for who, ability in game_set.abilities():
        design = f"{sid}/ability/{who.id}/{ability.id}"
        sel.pieces.append(ability_piece("ability-card", design, ability, who, sid))
        if not known(ability):
            sel.missing.append(missing("ability-card", who.name, ability))
    for ability in game_set.dragon_abilities:
        design = f"{sid}/dragon/{ability.id}"
        sel.pieces.append(ability_piece("dragon-card", design, ability, None, sid))
        if not known(ability):
            sel.missing.append(missing("dragon-card", "Deathstrike Dragon", ability))


def flash_duel_pieces(game_set: FlashDuelSet) -> Selection:
    """List every Flash Duel card and token; unknown abilities become write-in cards."""
    sid = game_set.id
    numbers = game_set.numbered_cards
    copies = numbers.copies_per_deck * numbers.decks
    sel = Selection(
        [
            Piece("numbered-card", "card", f"{sid}/number/{v}", copies, str(v), "numbered", v)
            for v in numbers.values
        ]
    )
    add_abilities(sel, game_set)
    for card in game_set.loyalty_cards:
        design = f"{sid}/loyalty/{card.id}"
        sel.pieces.append(
            Piece("loyalty-card", "card", design, card.count, card.name, "loyalty", card)
        )
    span = max((len(t.spaces) for t in game_set.track_cards), default=0)
    for track in game_set.track_cards:
        design = f"{sid}/track/{track.id}"
        board = game_set.board
        sel.pieces.append(
            Piece(
                "track-card",
                "track-card",
                design,
                1,
                track.id,
                "track",
                track,
                board=board,
                span=span,
            )
        )
    if game_set.win_tokens:
        tokens = game_set.win_tokens
        sel.pieces.append(Piece("win-token", "token", f"{sid}/win-token", tokens, "", "win-token"))
    return Selection([replace(p, set_id=sid) for p in sel.pieces], sel.missing)


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
                f"{counter.name} {counter.value}",
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
        [p for p in selection.spares if p.kind in kinds],
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
