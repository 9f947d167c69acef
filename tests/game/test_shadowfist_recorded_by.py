"""A Shadowfist history line recorded by one phone for another player says which phone
(seat) recorded it, as Flash Duel's and Puzzle Strike's lines do ("Ben: Ana gained 5
power"); a player's own action reads as before (play-test defect, #27)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.game.history import told
from companion.game.shadowfist.actions import (
    Decked,
    EndTurn,
    Gain,
    GeneratePower,
    LoseSite,
    PlaySite,
    Spend,
    StartTurn,
    TakeSite,
    Taking,
)
from companion.game.shadowfist.room import RULES, State
from printkit.catalog import Catalog
from tests.game.test_shadowfist_room import table


def later(catalog: Catalog) -> State:
    """Ana's turn, after the first action (whose line also announces the seating)."""
    return replace(table(catalog), actions=2, generated=3)


@pytest.mark.parametrize(
    ("action", "actor", "line"),
    [
        (Gain("Ana", 5), "Ben", "Ben: Ana gained 5 power"),
        (Spend("Ana", 2), "Cid", "Cid: Ana spent 2 power"),
        (PlaySite("Ana"), "Ben", "Ben: Ana played a Feng Shui Site"),
        (TakeSite(Taking.SEIZE, "Ana", "Cid"), "Ben", "Ben: Ana seized a site from Cid"),
        (LoseSite("Cid"), "Ana", "Ana: Cid lost a site"),
        (Decked("Cid"), "Ben", "Ben: Cid drew their last card"),
        (GeneratePower(), "Ben", "Ben: Ana's sites generated 3 power"),
        (
            StartTurn(),
            "Cid",
            "Cid: Ana started the turn: +3 power from sites; on to the Main Shot",
        ),
    ],
)
def test_a_line_recorded_for_another_player_names_the_phone(
    catalog: Catalog, action: object, actor: str, line: str
) -> None:
    said = RULES.describe(action, actor, later(catalog))  # type: ignore[arg-type]
    assert told(said) == line
    assert said["say"] == "sfh_by" and said["args"] == {"who": actor}


@pytest.mark.parametrize(
    ("action", "line"),
    [
        (Gain("Ana", 5), "Ana gained 5 power"),
        (GeneratePower(), "Ana's sites generated 3 power"),
        (EndTurn(), "Ana ended the turn"),
        (TakeSite(Taking.BURN_POWER, "Ana", "Ben"), "Ana burned a site of Ben for power"),
    ],
)
def test_a_players_own_line_is_said_as_before(catalog: Catalog, action: object, line: str) -> None:
    assert told(RULES.describe(action, "Ana", later(catalog))) == line  # type: ignore[arg-type]


def test_the_first_line_keeps_the_seating_first_then_who_recorded(catalog: Catalog) -> None:
    first = replace(table(catalog), actions=1)
    said = RULES.describe(Gain("Ana", 5), "Ben", first)
    assert said["say"] == "sfh_seating"
    assert told(said["then"][0]) == "Ben: Ana gained 5 power"


def test_the_japanese_line_has_its_words() -> None:
    script = Path(__file__).parents[2] / "companion" / "web" / "static" / "history.js"
    assert 'sfh_by: "{who}：{line}"' in script.read_text(encoding="utf-8")
