"""The status line every room page keeps on screen (issue 27, item 3): each side's key numbers,
the viewer's side first; every word has Japanese in static/status.js."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.game import status
from companion.game.puzzle_strike.piles import Mode
from companion.game.shadowfist import rules as sf
from companion.game.shadowfist.room import Setup, start
from companion.game.shadowfist.view import view as sf_view
from companion.game.words import filled
from printkit.catalog import Catalog
from tests.fd_table import Table
from tests.ps_helpers import do, give, playing, view

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web" / "static"
CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "lum", "Drake": "midori"}


def shown(line: dict[str, Any]) -> list[tuple[str, bool, bool, list[str]]]:
    """Return each side as (name, mine, turn, facts in English)."""
    return [
        (s["name"], s["mine"], s["turn"], [filled(f) for f in s["facts"]]) for s in line["sides"]
    ]


def table_facts(line: dict[str, Any]) -> list[str]:
    """Return what concerns the whole table, in English."""
    return [filled(f) for f in line["table"]]


def test_every_status_word_has_japanese_with_the_same_slots() -> None:
    script = (STATIC / "status.js").read_text(encoding="utf-8")
    japanese = dict(re.findall(r'^\s*"?(\w+)"?:\s*"([^"]*)"', script, re.M))
    for key, english in status.WORDS.items():
        assert key in japanese, key
        assert set(re.findall(r"\{(\w+)\}", japanese[key])) == set(
            re.findall(r"\{(\w+)\}", english)
        ), key


def test_puzzle_strike_piles_the_viewers_first_the_panic_level_and_the_gems_in_the_air(
    catalog: Catalog,
) -> None:
    state = give(playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER), catalog,
                 "Ana", 3)  # fmt: skip
    state = give(state, catalog, "Ben", 2, 2)
    state = do(state, catalog, "Ana", type="crash", gems=[3])
    line = view(state, "Ben", catalog)["status"]
    assert shown(line) == [
        ("Ben", True, False, ["pile 4/10"]),
        ("Ana", False, True, ["pile 0/10"]),
    ]
    assert table_facts(line) == ["Normal Time · ante 1", "in the air: 3 → Ben"]
    assert view(state, "Ana", catalog)["status"]["sides"][0]["name"] == "Ana"
    assert view(state, None, catalog)["status"]["sides"][0]["name"] == "Ana"  # table order


def test_puzzle_strike_teams_share_a_pile_and_second_edition_has_no_panic(
    catalog: Catalog,
) -> None:
    four = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}
    line = view(playing(catalog, four, Mode.TEAM_BATTLE), "Ben", catalog)["status"]
    assert [s["name"] for s in line["sides"]][0].count("&") == 1
    assert line["sides"][0]["mine"] and "Ben" in line["sides"][0]["name"]
    two = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER, edition=2)
    assert table_facts(view(two, "Ana", catalog)["status"]) == []
    assert view(playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER), "Ana",
                catalog)["status"]["table"][0]["say"] == "st_level_1"  # fmt: skip


def test_flash_duel_positions_round_wins_and_the_pile(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters={"Ana": "grave", "Ben": "rook"})
    line = table.view("Ben")["status"]
    where = table.where()
    assert [(name, mine) for name, mine, _, _ in shown(line)] == [("Ben", True), ("Ana", False)]
    assert shown(line)[0][3] == [f"space {where['Ben']}", "rounds 0/3"]
    assert table_facts(line) == [f"pile {table.view()['deck']} left"]


def test_flash_duel_raid_names_each_mortal_and_the_dragons_hit_points(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Drake"]
    table = Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS)
    line = table.view("Cat")["status"]
    mortals, dragon = shown(line)
    assert mortals[0] == "Ana & Ben & Cat" and mortals[1] is True
    assert mortals[3][:3] == [f"{p} on {table.where()[p]}" for p in ("Ana", "Ben", "Cat")]
    hp = table.view()["hit_points"]
    assert dragon[0] == "Drake" and dragon[3][-1] == f"{hp} hit points"


def test_shadowfist_sites_and_power_per_player_the_viewers_first(catalog: Catalog) -> None:
    state = start(Setup(("Ana", "Ben", "Cid"), 7), catalog)
    players = tuple(sf.Player(n, 20) for n in ("Ana", "Ben", "Cid"))
    state = replace(state, seating=("Ana", "Ben", "Cid"), players=players, current=0)
    players = tuple(replace(p, sites=1 if p.name == "Ben" else 3, power=2) for p in state.players)
    line = sf_view(replace(state, players=players), "Ben", catalog)["status"]
    victory = sf.game_set(catalog).rules.victory_sites
    assert shown(line)[0] == (
        "Ben",
        True,
        False,
        ["1 site", "power 2", f"1/{victory} toward victory"],
    )
    assert [name for name, *_ in shown(line)][1:] == ["Ana", "Cid"] or [
        name for name, *_ in shown(line)
    ][1:] == ["Cid", "Ana"]
    assert any(turn for _, _, turn, _ in shown(line))
