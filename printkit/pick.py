"""Pick and count: a chosen list of designs (by name, with copy counts), or sets combined.

Pure: it chooses pieces; ``printkit.write`` prints them. Names match the way people type
them: case, spaces and punctuation are ignored ('chip damage' finds 'Chip Damage'), and a
design's id works as well as its name. Combining sets prints the chips every Puzzle Strike
box repeats (gems, purple chips, wounds, blanks) once, from the first set named.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace

from printkit.pieces import Piece

SHARED_KINDS = ("gem", "purple", "wound", "blank")
"""Chips that are the same in every Puzzle Strike box."""
MAX_COPIES = 200


class PickError(ValueError):
    """A name that matches nothing (or more than one design), or a bad count."""


@dataclass(frozen=True)
class Request:
    """One line of a pick list: a name and how many copies."""

    name: str
    copies: int = 1

    @classmethod
    def from_text(cls, text: str) -> Request:
        """Read 'Chip Damage' or 'Chip Damage=3'.

        :raises PickError: for an empty name or a count that is not 1 to 200.
        """
        name, sep, count = text.rpartition("=") if "=" in text else (text, "", "")
        name = name.strip()
        if not name:
            raise PickError(f"--chip {text!r}: give a name, e.g. 'Chip Damage' or 'Chip Damage=2'")
        if not sep:
            return cls(name)
        if not count.strip().isdigit() or not 1 <= int(count) <= MAX_COPIES:
            raise PickError(f"--chip {text!r}: the count after '=' must be 1 to {MAX_COPIES}")
        return cls(name, int(count))


def fold(name: str) -> str:
    """Fold a name for matching: case, spaces and punctuation ignored."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def display_name(piece: Piece) -> str:
    """Return the name a person knows a design by: its title, or its kind when untitled."""
    return piece.title or piece.kind.replace("-", " ")


def names_of(piece: Piece) -> set[str]:
    """Return the folded names a design answers to: its name and its id."""
    return {fold(display_name(piece)), fold(piece.design.rsplit("/", 1)[-1])}


def combine(sets: list[list[Piece]]) -> tuple[list[Piece], list[Piece]]:
    """Join sets' pieces, keeping the shared chips of the first set only.

    Returns (pieces, skipped).
    """
    pieces: list[Piece] = []
    skipped: list[Piece] = []
    seen: set[tuple[str, str]] = set()
    for members in sets:
        for piece in members:
            key = (piece.kind, piece.title)
            if piece.kind in SHARED_KINDS and key in seen:
                skipped.append(piece)
                continue
            seen.add(key)
            pieces.append(piece)
    return pieces, skipped


def find(pieces: list[Piece], request: Request) -> Piece:
    """Return the one design a request names.

    :raises PickError: naming the unknown name and its close matches, or the sets a name
        is found in more than once.
    """
    wanted = fold(request.name)
    found = [p for p in pieces if wanted in names_of(p)]
    if len(found) == 1:
        return found[0]
    if len({p.design for p in found}) > 1:
        where = ", ".join(sorted({p.design for p in found}))
        raise PickError(f"{request.name!r} names {len(found)} designs ({where}): give one --set")
    names = {fold(display_name(p)): display_name(p) for p in pieces}
    close = difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.6)
    hint = f"; close matches: {', '.join(repr(names[c]) for c in close)}" if close else ""
    raise PickError(f"no design named {request.name!r}{hint}")


def pick(pieces: list[Piece], requests: list[Request]) -> list[Piece]:
    """Return the requested designs with the requested copies (a name twice adds up).

    :raises PickError: for a name that matches nothing or more than one design.
    """
    counts: dict[str, int] = {}
    chosen: dict[str, Piece] = {}
    for request in requests:
        piece = find(pieces, request)
        chosen[piece.design] = piece
        counts[piece.design] = counts.get(piece.design, 0) + request.copies
    return [replace(piece, copies=counts[design]) for design, piece in chosen.items()]
