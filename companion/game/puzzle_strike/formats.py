"""How many games a Puzzle Strike match lasts, and what happens between its games.

The rulebooks (docs/match-formats.md says it in full):

- Seed 000 l.409-418 (3rd edition, "Tournament Rules"): tournament matches, usually 2-player,
  are best 2 of 3; the loser of a game plays first in the next and may take one option
  (switch character, swap a stack, re-roll the bank). That is ``LOSERS_CHOICE``.
- Seed 001 l.230 (2nd edition): playing several games in a row "against the same
  opponent(s)", every player but the winner may swap one stack, the first out first.
  That is ``EACH_LOSER_SWAPS``, in every mode.
- Free-for-all, last man standing and 2 vs 2 in the 3rd edition: the rulebooks (seeds 000,
  003) say nothing of several games. We play one game unless the table asks for more; with
  more, nobody gets an option and the side out first plays first (``PLAY_ON``).

Tables of rules version 2 and older (stored logs) were best of 3 with the loser's choice in
every 3rd-edition mode; ``between_rule`` gives them that rule again, so they replay alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.game.errors import InvalidSetup
from companion.game.refusals import REFUSE

BEST_OF = (1, 3, 5)
"""The match lengths a table may choose: one game, best 2 of 3, best 3 of 5."""
FORMATS_SINCE = 3
"""The table rules' version from which a match's length and between-games rule follow
the mode (``RULES_VERSION``); older tables were best of 3 with the loser's choice."""
LEGACY_BEST_OF = 3


@dataclass(frozen=True)
class Between:
    """What happens between two games of a match: who chooses, what, and who plays first."""

    id: str
    options: tuple[str, ...]
    """The between-games options a chooser may take ('keep' is always one)."""
    every_loser: bool
    """True: every side but the winner chooses, the first out first; False: only the side
    out first."""
    chooser_first: bool
    """True: the chooser plays first in the next game."""
    editions: tuple[int, ...]
    modes: tuple[str, ...]
    """Modes (``Mode`` values) the rule applies to; () for every mode."""
    refused: str
    """What an option the rule does not offer is answered with."""
    until_rules: int | None = None
    """Only tables of a rules version below this one (legacy), or None for every version."""

    def applies(self, edition: int, mode: str, rules: int) -> bool:
        """Return True when this rule governs such a table."""
        return (
            edition in self.editions
            and (not self.modes or mode in self.modes)
            and (self.until_rules is None or rules < self.until_rules)
        )


ALL_OPTIONS = ("keep", "switch", "swap", "reroll")
CHOOSE_ONE = "choose keep, switch, swap or reroll"
EACH_LOSER_SWAPS = Between(
    "each-loser-swaps", ("keep", "swap"), True, False, (2,), (),
    "2nd edition: between games each loser swaps one stack (or keeps the bank)",
)  # fmt: skip
LOSERS_CHOICE = Between(
    "losers-choice", ALL_OPTIONS, False, True, (3,), ("two-player",), CHOOSE_ONE
)
LEGACY_LOSERS_CHOICE = Between(
    "losers-choice", ALL_OPTIONS, False, True, (3,), (), CHOOSE_ONE, FORMATS_SINCE
)
PLAY_ON = Between(
    "play-on", ("keep",), False, True, (3,), (),
    "between the games of a free-for-all or 2 vs 2 match nothing changes (the loser's choice "
    "belongs to 2-player matches): keep, and the next game starts",
)  # fmt: skip

BETWEEN_RULES = (EACH_LOSER_SWAPS, LEGACY_LOSERS_CHOICE, LOSERS_CHOICE, PLAY_ON)
"""In order: the first that applies to a table governs it."""


def between_rule(edition: int, mode: str, rules: int) -> Between:
    """Return the between-games rule of a table (edition, mode and rules version)."""
    return next(r for r in BETWEEN_RULES if r.applies(edition, mode, rules))


@dataclass(frozen=True)
class Length:
    """A mode's match length: the default, from the rulebook or what players expect."""

    mode: str
    best_of: int


DEFAULT_LENGTHS = (
    Length("two-player", 3),  # seed 000 l.411: best 2 out of 3
    Length("free-for-all", 1),  # seeds 000, 003 say nothing: one game
    Length("last-man-standing", 1),
    Length("team-battle", 1),
)


BEST_OF_BY_MODE = {n.mode: n.best_of for n in DEFAULT_LENGTHS}
"""The same, by mode (read on every write and view)."""


def default_best_of(mode: str) -> int:
    """Return how many games a mode's match lasts unless the table chooses."""
    return BEST_OF_BY_MODE.get(mode, 1)


def read_best_of(value: object, mode: str) -> int:
    """Read a create request's ``best_of`` (absent: the mode's default).

    :raises InvalidSetup: for anything but 1, 3 or 5.
    """
    if value is None:
        return default_best_of(mode)
    if isinstance(value, bool) or not isinstance(value, int) or value not in BEST_OF:
        shown = ", ".join(str(n) for n in BEST_OF)
        raise REFUSE(InvalidSetup, "gm_best_of", shown=shown, value=repr(value))
    return value


def games_to_win(best_of: int) -> int:
    """Return the games that win a best-of-N match (2 of 3, 3 of 5, 1 of 1)."""
    return best_of // 2 + 1
