"""How a Puzzle Strike match is set up: players, mode, edition, sets, first bank, seed.

``setup_from_request`` reads a create request (the one place its JSON is read) and
``Setup.from_json`` a stored setup; the sets are looked up once, in ``sets.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.game.errors import IllegalMove, InvalidSetup, passed_on
from companion.game.names import parse_players
from companion.game.puzzle_strike.bank import BankError, BankSampler, recommended_bank
from companion.game.puzzle_strike.bank_json import options_from_json
from companion.game.puzzle_strike.formats import (
    FORMATS_SINCE,
    LEGACY_BEST_OF,
    Between,
    between_rule,
    default_best_of,
    games_to_win,
    read_best_of,
)
from companion.game.puzzle_strike.match import Match, start_match
from companion.game.puzzle_strike.piles import RULES_VERSION, Mode
from companion.game.puzzle_strike.refusals import REFUSE
from companion.game.puzzle_strike.sets import find_sets
from printkit.catalog import Catalog
from printkit.catalog.bankcode import BankCodeError, decode_bank

KIND = "puzzle-strike"


@dataclass(frozen=True)
class Setup:
    """How a match was started."""

    players: tuple[str, ...]
    mode: Mode
    edition: int
    sets: tuple[str, ...]
    bank: tuple[str, ...]
    """Bank stack keys ``set/chip`` of the first game."""
    character_set: str
    seed: int
    mirrors: bool = False
    clockwork: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Custom Clockwork characters carried from a draft: (player, chip keys)."""
    rules: int = RULES_VERSION
    """The table rules' version (stored setups without one are version 1)."""
    bank_after_characters: bool = False
    """Tournament rule (seed 000, "Choosing the Bank"): the bank is determined after the
    characters are chosen, so the phones keep it hidden until they are revealed."""
    best_of: int | None = None
    """Games in the match (1, 3 or 5); None: the mode's default (``formats``)."""

    @property
    def match_best_of(self) -> int:
        """Return the games in the match: as chosen, else the mode's default (best of 3
        in every mode for tables of an older rules version)."""
        if self.best_of is not None:
            return self.best_of
        if self.rules < FORMATS_SINCE:
            return LEGACY_BEST_OF
        return default_best_of(self.mode.value)

    def new_match(self, characters: Mapping[str, str], bank: Sequence[str]) -> Match:
        """Start this table's match (its sides, length and between-games rule).

        :raises MatchError: for missing characters or a bad bank.
        """
        teams = self.sides if self.mode is Mode.TEAM_BATTLE else ()
        return start_match(self.players, characters, bank, self.edition, teams,
                           games_to_win(self.match_best_of), self.between)  # fmt: skip

    @property
    def between(self) -> Between:
        """Return what happens between the match's games at this table."""
        return between_rule(self.edition, self.mode.value, self.rules)

    @property
    def sides(self) -> tuple[tuple[str, ...], ...]:
        """Return the sides in seat order: 2 vs 2 teams (seats 1 & 3, 2 & 4), else players."""
        p = self.players
        if self.mode is Mode.TEAM_BATTLE and len(p) == 4:
            return ((p[0], p[2]), (p[1], p[3]))
        return tuple((name,) for name in p)

    def to_json(self) -> dict[str, object]:
        """Describe the setup as JSON-ready data."""
        return {
            "kind": KIND,
            "players": list(self.players),
            "mode": self.mode.value,
            "edition": self.edition,
            "sets": list(self.sets),
            "bank": list(self.bank),
            "character_set": self.character_set,
            "seed": self.seed,
            "mirrors": self.mirrors,
            **({"clockwork": {p: list(k) for p, k in self.clockwork}} if self.clockwork else {}),
            **({"rules": self.rules} if self.rules != 1 else {}),
            **({"bank_after_characters": True} if self.bank_after_characters else {}),
            **({"best_of": self.best_of} if self.best_of is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Read a stored setup back (older ones have no kind and no mirrors)."""
        return cls(
            tuple(data["players"]),
            Mode(data["mode"]),
            int(data["edition"]),
            tuple(data["sets"]),
            tuple(data["bank"]),
            str(data["character_set"]),
            int(data["seed"]),
            bool(data.get("mirrors", False)),
            tuple((p, tuple(k)) for p, k in dict(data.get("clockwork") or {}).items()),
            int(data.get("rules", 1)),
            data.get("bank_after_characters") is True,
            int(data["best_of"]) if data.get("best_of") is not None else None,
        )


def mode_from(data: Mapping[str, object], players: Sequence[str]) -> Mode:
    """Read the mode (two-player for 2 names, free-for-all for 3 or 4 by default)."""
    default = "two-player" if len(players) == 2 else "free-for-all"
    value = data.get("mode", default)
    known = [m.value for m in Mode]
    if not isinstance(value, str) or value not in known:
        raise REFUSE(InvalidSetup, "ps_mode_one_of", modes=", ".join(known))
    return Mode(value)


def setup_from_request(data: Mapping[str, object], catalog: Catalog, seed: int) -> Setup:
    """Read a create request: players, mode, sets and the first bank.

    :raises InvalidSetup: for a field of the wrong shape.
    :raises IllegalMove: for an unknown set or a bank that cannot be made.
    """
    players = parse_players(data, 2, 4)
    mode = mode_from(data, players)
    sets = data.get("sets") or ["base-3e"]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise REFUSE(InvalidSetup, "ps_sets_list")
    chosen = find_sets(catalog, sets)
    bank = bank_for(data, catalog, sets, seed)
    edition = min(s.edition for s in chosen)
    mirrors = data.get("mirrors", False) is True
    best_of = read_best_of(data.get("best_of"), mode.value)
    return Setup(players, mode, edition, tuple(sets), bank, sets[0], seed, mirrors,
                 best_of=best_of)  # fmt: skip


def bank_for(
    data: Mapping[str, object], catalog: Catalog, sets: list[str], seed: int
) -> tuple[str, ...]:
    """Return the first game's bank: from a code, a recommended bank, or drawn at random.

    :raises IllegalMove: for a bad code, an unknown recommended bank or impossible options.
    """
    try:
        code, recommended = data.get("bank_code"), data.get("recommended")
        if isinstance(code, str):
            code_sets, chips = decode_bank(catalog, code)
            if sorted(code_sets) != sorted(sets):
                raise REFUSE(IllegalMove, "ps_code_sets")
            return tuple(c.key for c in chips)
        if isinstance(recommended, str):
            bank = recommended_bank(catalog, sets[0], recommended)
            return tuple(c.key for c in bank.chips)
        options = options_from_json(dict(data))
        chips = BankSampler(catalog, sets, options).draw(random.Random(seed))
        return tuple(c.key for c in chips)
    except (BankError, BankCodeError) as exc:
        raise passed_on(IllegalMove, exc) from None
