"""Player names: the one reader of a request's "players".

A name is stored in Unicode NFC, trimmed, 1 to 24 characters, without control, private-use,
unassigned or lone-surrogate code points, and without the invisible characters that make
two names look alike (zero-width spaces, word joiners, byte-order marks) or reorder text
(bidi overrides and isolates). Names at one table differ once normalised and case-folded:
"Ana" and "ANA" are one player.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from companion.game.errors import InvalidSetup
from companion.game.refusals import REFUSE

MAX_NAME = 24
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Zl": "a line break",
    "Zp": "a paragraph break",
}
INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064"
    "\u2066\u2067\u2068\u2069\u3164\ufeff\uffa0"
)
"""Zero-width and bidi-control characters (ZWJ / ZWNJ stay: emoji and some scripts need them)."""


def problem_with(name: str, longest: int = MAX_NAME) -> str | None:
    """Return what is wrong with a trimmed name (a player's, or a title up to ``longest``
    characters), or None when it is fine."""
    if not name:
        return "is empty"
    if len(name) > longest:
        return f"has {len(name)} characters (at most {longest})"
    for char in name:
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES:
            return f"contains {REFUSED_CATEGORIES[category]} (U+{ord(char):04X})"
        if char in INVISIBLE:
            return f"contains an invisible character (U+{ord(char):04X})"
    return None


def clean_name(raw: str) -> str:
    """Return a name in NFC, trimmed.

    :raises InvalidSetup: naming what is wrong with it.
    """
    name = unicodedata.normalize("NFC", raw).strip()
    problem = problem_with(name)
    if problem is not None:
        raise REFUSE(InvalidSetup, "gm_bad_name", name=shown(raw), problem=problem, most=MAX_NAME)
    return name


def shown(raw: str) -> str:
    """Quote a name for a message, with invisible or unencodable characters escaped."""
    text = "".join(
        c
        if c.isprintable() and c not in INVISIBLE and unicodedata.category(c) != "Cs"
        else f"\\u{ord(c):04x}"
        for c in raw[:40]
    )
    return f"'{text}'"


def same_name_key(name: str) -> str:
    """Return what two names are compared by: compatibility-normalised and case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def parse_players(data: Mapping[str, object], low: int, high: int) -> tuple[str, ...]:
    """Read ``data["players"]``: ``low`` to ``high`` different, clean names, in seat order.

    :raises InvalidSetup: naming the problem (the shape, the count, a bad or repeated name).
    """
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise REFUSE(InvalidSetup, "gm_players_shape", low=low, high=high, most=MAX_NAME)
    if not low <= len(players) <= high:
        n = len(players)
        raise REFUSE(InvalidSetup, "gm_players_count", low=low, high=high, n=n, most=MAX_NAME)
    names = tuple(clean_name(p) for p in players)
    seen: dict[str, str] = {}
    for name in names:
        key = same_name_key(name)
        if key in seen:
            raise REFUSE(InvalidSetup, "gm_players_same", low=low, high=high,
                         one=shown(seen[key]), other=shown(name))  # fmt: skip
        seen[key] = name
    return names
