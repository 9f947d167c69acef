"""What a Puzzle Strike phone shows: every field its declared type names, and their values."""

from __future__ import annotations

from typing import Any

from companion.game.puzzle_strike import view_types as vt
from companion.game.puzzle_strike.piles import Mode
from printkit.catalog import Catalog
from printkit.rules import height_bonus
from tests.ps_helpers import do, give, new_room, playing, view

DUEL = {"Ana": "grave", "Ben": "rook"}


def keys(typed: type) -> set[str]:
    """The keys a TypedDict declares."""
    return set(typed.__annotations__)


def test_every_part_of_the_view_has_its_declared_keys(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 1, 3)
    state = do(state, catalog, "Ana", type="crash", gems=[3])
    shown = view(state, "Ana", catalog)
    assert set(shown) == keys(vt.RoomView)
    table = shown["table"]
    assert set(table) == keys(vt.TableView)
    assert all(set(p) == keys(vt.PileView) for p in table["piles"]) and table["piles"]
    assert set(table["pending"]) == keys(vt.PendingView) | keys(vt.SendView)
    assert shown["match"] is None
    assert set(shown["panic"]) == keys(vt.PanicView)
    assert shown["stacks"] and all(set(s) == keys(vt.StackView) for s in shown["stacks"])
    assert shown["chips"] and all(set(c) == keys(vt.ChipView) for c in shown["chips"].values())
    assert shown["pool"] and all(set(p) == keys(vt.PoolItem) for p in shown["pool"])
    options = shown["character_options"]
    assert options and all(set(c) == keys(vt.KeyName) for c in options)
    lost = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 4, 4, 2)
    ended = view(do(lost, catalog, "Ana", type="end_turn"), "Ana", catalog)
    assert set(ended["match"]) == keys(vt.MatchView)
    assert set(ended["table"]["outcome"]) == keys(vt.OutcomeView)
    assert ended["match"]["score"] == {"Ana": 0, "Ben": 1}
    assert ended["match"]["games"] == [["Ben", "Ana"]]  # winner, then loser


def test_view_values_while_playing(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 1, 3)
    state = do(state, catalog, "Ana", type="crash", gems=[3])
    shown: dict[str, Any] = view(state, "Ben", catalog)
    assert shown["phase"] == "playing" and shown["you"] == "Ben"
    assert shown["title"] == "Ana vs Ben"
    assert shown["sides"] == [["Ana"], ["Ben"]] and shown["players"] == ["Ana", "Ben"]
    assert sorted(shown["order"]) == ["Ana", "Ben"]
    assert (shown["mode"], shown["edition"], shown["sets"]) == ("two-player", 3, ["base-3e"])
    assert shown["game_no"] == 1 and shown["waiting_for"] == [] and shown["restart_votes"] == []
    assert shown["characters"] == {"Ana": "Grave", "Ben": "Rook"}
    assert all("/" not in c["id"] for c in shown["character_options"])
    assert {"id": "grave", "name": "Grave"} in shown["character_options"]
    assert all("/" in p["key"] and not p["key"].startswith("fixed/") for p in shown["pool"])
    for stack in shown["stacks"]:
        assert stack["cost"] == shown["chips"][stack["key"]]["cost"]
        assert stack["state"] in ("full", "empty", "removed")
    table = shown["table"]
    ana = next(p for p in table["piles"] if p["owner"] == "Ana")
    assert ana["players"] == ["Ana"] and ana["gems"] == [1] and ana["total"] == 1
    assert ana["bonus"] == height_bonus(1)
    assert table["pending"] == {"sender": "Ana", "target": "Ben", "ones": 3, "unstoppable": False}
    assert table["can_counter"] == ["Ben"] and table["turn"] == "Ana"
    assert table["opponents"] == {"Ana": ["Ben"], "Ben": ["Ana"]}


def test_chip_faces_come_from_the_catalog(catalog: Catalog) -> None:
    shown = view(playing(catalog, DUEL, Mode.TWO_PLAYER), None, catalog)
    game = next(g for g in catalog.games if g.id == "puzzle-strike")
    base = next(s for s in game.sets if s.id == "base-3e")
    faces = {f"base-3e/{c.id}": c for c in base.puzzle_chips}
    faces |= {f"fixed/{s.id}": s for s in base.stacks}  # type: ignore[attr-defined]
    for key, chip in shown["chips"].items():
        face = faces[key]
        assert chip["name"] == face.name and chip["cost"] == face.cost
        assert chip["summary"] == face.summary
        assert chip["banner"] == list(face.banner or ())
        assert chip["banner_icons"] == list(face.banner_icons)
        assert chip["icons"] == [[i.name, i.count] for i in face.icons or ()]
    assert any(c["banner"] for c in shown["chips"].values())
    assert any(c["icons"] for c in shown["chips"].values())


def test_secret_choices_show_to_their_chooser_only(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    state = do(state, catalog, "Ana", type="choose", character="grave")
    mine = view(state, "Ana", catalog)
    assert mine["phase"] == "choosing" and mine["waiting_for"] == ["Ben"]
    assert mine["characters"] == {"Ana": "Grave", "Ben": None}
    assert view(state, "Ben", catalog)["characters"] == {"Ana": None, "Ben": None}
    assert view(state, None, catalog)["characters"] == {"Ana": None, "Ben": None}
    assert mine["table"] is None and mine["match"] is None
