"""Bank codes: a short string naming the sets and the 10 puzzle stacks of a bank.

The printed setup sheets carry it (in their QR code) and the companion reads it back.

Layout, in Crockford base-32 (``0-9`` and ``A-Z`` without I, L, O, U):

- ``1``: the format version;
- the sets, as a bit mask over the catalog's Puzzle Strike sets in catalog order
  (one character per five sets);
- the bank's rank among all 10-chip subsets of the pool, in the combinatorial number
  system (the pool is the chosen sets' puzzle chips in catalog order);
- two characters of check: the low 10 bits of CRC-32 over ``set/chip`` ids of the bank.

So a code decodes only against the catalog that made it; a typing mistake or a code from
another catalog is refused rather than read as some other bank.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from printkit.catalog.models import Catalog
from printkit.catalog.puzzle_strike import PuzzleChip, PuzzleStrikeSet

VERSION = "1"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LOOKALIKES = {"I": "1", "L": "1", "O": "0"}
CHECK_CHARS = 2


class BankCodeError(ValueError):
    """A bank code that cannot be read; the message says why."""


@dataclass(frozen=True)
class PoolChip:
    """A puzzle chip of the pool together with the set it comes from."""

    set_id: str
    chip: PuzzleChip

    @property
    def key(self) -> str:
        """Return ``set/chip`` (unique across sets)."""
        return f"{self.set_id}/{self.chip.id}"


def pool_of(sets: Sequence[PuzzleStrikeSet]) -> list[PoolChip]:
    """List the puzzle chips of these sets in catalog order."""
    return [PoolChip(s.id, chip) for s in sets for chip in s.puzzle_chips]


def width_for(n: int) -> int:
    """Count the base-32 characters needed for numbers below ``n``."""
    width = 1
    while 32**width < n:
        width += 1
    return width


def to_base32(number: int, width: int) -> str:
    """Write ``number`` in exactly ``width`` base-32 characters."""
    chars = []
    for _ in range(width):
        number, digit = divmod(number, 32)
        chars.append(ALPHABET[digit])
    if number:
        raise ValueError("number too large for width")
    return "".join(reversed(chars))


def from_base32(text: str) -> int:
    """Read base-32 characters (already normalised) as a number."""
    number = 0
    for char in text:
        number = number * 32 + ALPHABET.index(char)
    return number


def rank_subset(indices: Sequence[int]) -> int:
    """Rank a set of distinct pool indices in the combinatorial number system."""
    return sum(comb(c, i + 1) for i, c in enumerate(sorted(indices)))


def unrank_subset(rank: int, size: int, n: int) -> list[int]:
    """Return the ``size`` indices below ``n`` whose rank is ``rank``."""
    out = []
    for k in range(size, 0, -1):
        c = k - 1
        while comb(c + 1, k) <= rank:
            c += 1
        if c >= n:
            raise BankCodeError("the code's chip number is out of range")
        out.append(c)
        rank -= comb(c, k)
    return sorted(out)


def check_of(chips: Sequence[PoolChip]) -> str:
    """Return the two check characters for these chips."""
    text = ",".join(sorted(c.key for c in chips)).encode()
    return to_base32(zlib.crc32(text) & 0x3FF, CHECK_CHARS)


def encode_bank(catalog: Catalog, set_ids: Sequence[str], chip_keys: Sequence[str]) -> str:
    """Encode a bank (its sets, and its chips as ``set/chip`` keys) as a code.

    :raises BankCodeError: when a set or chip is not in the catalog.
    """
    all_sets = catalog.puzzle_strike_sets()
    known = [s.id for s in all_sets]
    for set_id in set_ids:
        if set_id not in known:
            raise BankCodeError(f"unknown Puzzle Strike set {set_id!r}")
    chosen = [s for s in all_sets if s.id in set_ids]
    pool = pool_of(chosen)
    position = {c.key: i for i, c in enumerate(pool)}
    try:
        indices = [position[key] for key in chip_keys]
    except KeyError as exc:
        raise BankCodeError(f"{exc.args[0]!r} is not a chip of the sets {list(set_ids)}") from None
    mask = sum(1 << known.index(s.id) for s in chosen)
    rank = rank_subset(indices)
    size = len(indices)
    return (
        VERSION
        + to_base32(mask, width_for(2 ** len(known)))
        + to_base32(rank, width_for(comb(len(pool), size)))
        + check_of([pool[i] for i in indices])
    )


def normalise(code: str) -> str:
    """Upper-case a typed code, drop spaces and dashes, fix look-alike letters."""
    text = "".join(code.split()).replace("-", "").upper()
    return "".join(LOOKALIKES.get(c, c) for c in text)


def decode_bank(catalog: Catalog, code: str, size: int = 10) -> tuple[list[str], list[PoolChip]]:
    """Decode a code into its set ids and its chips.

    :raises BankCodeError: when the code is malformed, tampered with, or from another catalog.
    """
    text = normalise(code)
    bad = sorted({c for c in text if c not in ALPHABET})
    if bad:
        raise BankCodeError(f"bank code {code!r} has characters that are not used: {''.join(bad)}")
    if not text.startswith(VERSION):
        raise BankCodeError(f"bank code {code!r} is not a version-{VERSION} code")
    all_sets = catalog.puzzle_strike_sets()
    mask_width = width_for(2 ** len(all_sets))
    mask = from_base32(text[1 : 1 + mask_width]) if len(text) > mask_width else 0
    chosen = [s for i, s in enumerate(all_sets) if mask >> i & 1]
    if not chosen or mask >> len(all_sets):
        raise BankCodeError(f"bank code {code!r} names no known sets")
    pool = pool_of(chosen)
    rank_width = width_for(comb(len(pool), size))
    expected = 1 + mask_width + rank_width + CHECK_CHARS
    if len(text) != expected:
        raise BankCodeError(
            f"bank code {code!r} has {len(text)} characters; a code for these sets has {expected}"
        )
    rank = from_base32(text[1 + mask_width : -CHECK_CHARS])
    if rank >= comb(len(pool), size):
        raise BankCodeError(f"bank code {code!r} is not a valid bank (mistyped?)")
    chips = [pool[i] for i in unrank_subset(rank, size, len(pool))]
    if check_of(chips) != text[-CHECK_CHARS:]:
        raise BankCodeError(
            f"bank code {code!r} does not check out: mistyped, or made with other data"
        )
    return [s.id for s in chosen], chips
