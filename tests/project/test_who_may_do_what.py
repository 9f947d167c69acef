"""docs/api.md's "Who may do what" table names every action of every game (issue #26): an
action kind added to a game's parser without a row there fails this test."""

from __future__ import annotations

import re
from pathlib import Path

from companion.game.flash_duel import actions as flash_duel
from companion.game.puzzle_strike import actions as puzzle_strike
from companion.game.shadowfist import actions as shadowfist

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| (Puzzle Strike|Flash Duel|Shadowfist|Draft) \| `([a-z_]+)` \|(.+)$")
KINDS = {
    "Puzzle Strike": set(puzzle_strike.PARSERS),
    "Flash Duel": set(flash_duel.PARSERS),
    "Shadowfist": set(shadowfist.PARSERS),
    "Draft": {"pick"},  # companion/game/draft/actions.py reads only 'pick'
}


def documented() -> dict[str, dict[str, str]]:
    """Return the table's rows: game -> action type -> the rest of its row."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("### Who may do what", 1)[1].split("\n### ", 1)[0]
    rows: dict[str, dict[str, str]] = {}
    for line in section.splitlines():
        found = ROW.match(line)
        if found:
            game, kind, rest = found.groups()
            assert kind not in rows.get(game, {}), f"{game} `{kind}` is listed twice"
            rows.setdefault(game, {})[kind] = rest
    return rows


def test_every_action_of_every_game_has_its_owners_in_the_docs() -> None:
    rows = documented()
    for game, kinds in KINDS.items():
        listed = set(rows.get(game, {}))
        assert kinds - listed == set(), f"{game} actions missing in docs/api.md: {kinds - listed}"
        assert listed - kinds == set(), f"{game} rows for no action: {listed - kinds}"


def test_each_row_says_who_at_a_casual_and_at_a_tournament_table() -> None:
    for game, kinds in documented().items():
        for kind, rest in kinds.items():
            cells = [c.strip() for c in rest.strip().strip("|").split("|")]
            assert len(cells) == 2 and all(cells), f"{game} `{kind}`: {cells}"
