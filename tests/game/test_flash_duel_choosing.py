"""Characters chosen at the table (#18): double-blind in the Full Game and the Raids (seed
002: "you each secretly choose a character, then simultaneously reveal your choices"), in
the open and in pick order A, B, B, A in 2 vs 2."""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import room
from printkit.catalog import Catalog
from tests.fd_table import Table


def blind(catalog: Catalog, **request: Any) -> Table:
    """A Full Game whose creator filled in no character."""
    return Table(catalog, players=["Ana", "Ben"], rules=2, **request)


def test_a_table_without_characters_starts_by_choosing(catalog: Catalog) -> None:
    table = blind(catalog)
    view = table.view("Ana")
    assert view["choosing"]["waiting"] == ["Ana", "Ben"] and view["characters"] == {}
    assert view["next_step"]["say"] == "fd_choose_character" and view["next_step"]["mine"]
    assert "being chosen" in table.refused("Ana", type="move", player="Ana", card=1)
    assert "being chosen" in table.refused("Ana", type="end_turn")


def test_each_phone_sees_only_its_own_choice_until_the_reveal(catalog: Catalog) -> None:
    table = blind(catalog)
    table.act("Ana", type="choose", character="grave")
    assert table.view("Ana")["choosing"]["mine"] == "grave"
    for other in ("Ben", None):
        seen = table.view(other)["choosing"]
        assert seen["mine"] is None and seen["chosen"] == ["Ana"] and seen["waiting"] == ["Ben"]
        assert "grave" not in str({k: v for k, v in seen.items() if k != "options"})
    assert table.view("Ben")["characters"] == {}
    assert table.history[-1] == "Ana has chosen a character in secret"
    assert not room.is_final(act.Choose("grave"), table.state)  # she may change her mind
    assert table.view("Ana")["next_step"]["say"] == "fd_wait_choose"
    table.act("Ana", type="choose", character="midori")
    table.act("Ben", type="choose", character="midori")  # a mirror match is allowed
    view = table.view(None)
    assert view["choosing"] is None and view["characters"] == {"Ana": "Midori", "Ben": "Midori"}
    assert table.history[-1] == (
        "Ben has chosen: the characters are revealed (Ana Midori, Ben Midori)"
    )
    assert room.is_final(act.Choose("midori"), table.state)
    assert {a["key"].split("/")[0] for a in view["abilities"]["Ana"]} == {"midori"}
    table.act(table.view()["turn"], type="end_turn")  # play goes on


def test_a_seat_cannot_make_or_change_anothers_secret_choice(catalog: Catalog) -> None:
    table = blind(catalog)
    assert "on Ben's own phone" in table.refused("Ana", type="choose", character="rook",
                                                 player="Ben")  # fmt: skip
    table.act("Ana", type="choose", character="grave")
    assert "on Ana's own phone" in table.refused("Ben", type="choose", character="rook",
                                                 player="Ana")  # fmt: skip
    assert table.view("Ana")["choosing"]["mine"] == "grave"
    assert table.view("Ben")["choosing"]["waiting"] == ["Ben"]
    assert room.deciders(act.Choose("rook", "Ana"), table.state) == ("Ana",)


def test_unknown_character_and_no_choosing_refused(catalog: Catalog) -> None:
    table = blind(catalog)
    assert "no Flash Duel character 'zz'" in table.refused("Ana", type="choose", character="zz")
    done = Table(catalog, players=["Ana", "Ben"], characters={"Ana": "grave", "Ben": "rook"})
    assert done.view("Ana")["choosing"] is None  # filled in at creation: play at once
    assert "before the first round" in done.refused("Ana", type="choose", character="rook")


def test_a_prefilled_character_is_kept_and_only_the_others_choose(catalog: Catalog) -> None:
    table = blind(catalog, characters={"Ana": "grave"})
    assert table.view("Ana")["choosing"]["players"] == ["Ben"]
    assert "does not choose" in table.refused("Ana", type="choose", character="rook")
    table.act("Ben", type="choose", character="rook")
    assert table.view()["characters"] == {"Ana": "Grave", "Ben": "Rook"}


def test_raid_mortals_choose_the_dragon_does_not(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Drake"]
    table = Table(catalog, mode="raid", players=players, dragon="Drake", rules=2)
    assert table.view("Drake")["choosing"]["players"] == ["Ana", "Ben"]
    assert table.view("Drake")["next_step"]["say"] == "fd_wait_choose"
    table.act("Ana", type="choose", character="grave").act("Ben", type="choose", character="lum")
    assert table.view()["characters"] == {"Ana": "Grave", "Ben": "Lum"}
    assert table.view("Ana")["next_step"]["say"] == "fd_your_turn"


def test_team_battle_picks_in_the_open_a_b_b_a(catalog: Catalog) -> None:
    # seed 002: "One player from team A chooses ..., then one player from team B chooses a
    # character. Then the other member of team B chooses, then the second member of team A"
    players = ["Ana", "Ben", "Cat", "Dan"]  # team A: Ana, Cat; team B: Ben, Dan
    table = Table(catalog, mode="team-battle", players=players, rules=2)
    assert table.view("Ben")["next_step"]["say"] == "fd_wait_pick"
    assert "team A picks now" in table.refused("Ben", type="choose", character="rook")
    assert "team picks for Cat" in table.refused("Ben", type="choose", character="jaina",
                                                 player="Cat")  # fmt: skip
    table.act("Ana", type="choose", character="jaina", player="Cat")  # a teammate, or Cat
    assert table.history[-1] == "Ana: Cat picks Jaina"
    assert table.view("Ben")["characters"] == {"Cat": "Jaina"}  # in the open
    assert room.is_final(act.Choose("jaina"), table.state)
    assert "team B picks now" in table.refused("Ana", type="choose", character="grave")
    table.act("Ben", type="choose", character="rook")
    assert "team B picks now" in table.refused("Ana", type="choose", character="grave")
    table.act("Dan", type="choose", character="lum")
    assert table.view("Ana")["next_step"]["say"] == "fd_pick_character"
    table.act("Ana", type="choose", character="grave")
    assert table.view()["choosing"] is None
    assert len(table.view()["characters"]) == 4


@pytest.mark.parametrize("mode", ["simple", "solo"])
def test_no_choosing_without_characters_to_choose(catalog: Catalog, mode: str) -> None:
    extra: dict[str, Any] = {"players": ["Ana", "Ben"]}
    if mode == "solo":
        extra = {"players": ["Ana"], "bot": "rook", "characters": {"Ana": "grave"}}
    assert Table(catalog, mode=mode, **extra).view("Ana")["choosing"] is None
