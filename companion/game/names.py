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

from companion.game.errors import InvalidSetup, Refusals
from companion.game.refusals import REFUSE

MAX_NAME = 24
REFUSED_CATEGORIES = {
    "Cc": "control",
    "Cs": "surrogate",
    "Co": "private",
    "Cn": "unassigned",
    "Zl": "line",
    "Zp": "paragraph",
}
"""Unicode categories no name may hold: category -> the kind of problem (``PROBLEMS``)."""
PROBLEMS = {
    "empty": "is empty",
    "long": "has {n} characters (at most {most})",
    "control": "contains a control character (U+{code})",
    "surrogate": "contains a lone surrogate (U+{code})",
    "private": "contains a private-use character (U+{code})",
    "unassigned": "contains an unassigned code point (U+{code})",
    "line": "contains a line break (U+{code})",
    "paragraph": "contains a paragraph break (U+{code})",
    "invisible": "contains an invisible character (U+{code})",
}
"""What can be wrong with a name: kind -> English, with {slots}."""
REFUSE_NAME = Refusals(
    {
        f"gm_name_{kind}": f"player name {{name}} {problem} (a name has 1 to {{longest}} "
        "characters, all visible)"
        for kind, problem in PROBLEMS.items()
    }
)
"""A player's name refused, one word key for each kind of problem."""
INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064"
    "\u2066\u2067\u2068\u2069\u3164\ufeff\uffa0"
)
"""Zero-width and bidi-control characters (ZWJ / ZWNJ stay: emoji and some scripts need them)."""


def problem_with(name: str, longest: int = MAX_NAME) -> str | None:
    """Return what is wrong with a trimmed name (a player's, or a title up to ``longest``
    characters), or None when it is fine."""
    found = problem_of(name, longest)
    return None if found is None else PROBLEMS[found[0]].format(**found[1])


def problem_of(name: str, longest: int = MAX_NAME) -> tuple[str, dict[str, str | int]] | None:
    """Return the kind of problem of a trimmed name (``PROBLEMS``) with its slots, or None."""
    if not name:
        return "empty", {}
    if len(name) > longest:
        return "long", {"n": len(name), "most": longest}
    for char in name:
        category = unicodedata.category(char)
        if category in REFUSED_CATEGORIES:
            return REFUSED_CATEGORIES[category], {"code": f"{ord(char):04X}"}
        if char in INVISIBLE:
            return "invisible", {"code": f"{ord(char):04X}"}
    return None


def clean_name(raw: str) -> str:
    """Return a name in NFC, trimmed.

    :raises InvalidSetup: naming what is wrong with it.
    """
    name = unicodedata.normalize("NFC", raw).strip()
    problem = problem_of(name)
    if problem is not None:
        kind, args = problem
        raise REFUSE_NAME(
            InvalidSetup, f"gm_name_{kind}", name=shown(raw), longest=MAX_NAME, **args
        )
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
