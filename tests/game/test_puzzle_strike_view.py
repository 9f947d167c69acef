"""What a Puzzle Strike phone shows: every field its declared type names, and their values."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike import room
from companion.game.puzzle_strike import view_types as vt
from companion.game.puzzle_strike.bank import recommended_bank
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.setup import Setup
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
    ended = view(do(lost, catalog, "Ana", type="end_turn", without_ante=True), "Ana", catalog)
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
    assert table["pending"] == {
        "sender": "Ana",
        "target": "Ben",
        "ones": 3,
        "unstoppable": False,
        "how": "crash",
    }
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


# --- Clockwork characters carried from a draft --------------------------------------------


def clockwork_setup(catalog: Catalog, **chips: tuple[str, ...]) -> Setup:
    """A duel whose players bring Clockwork characters (3 character chips each)."""
    bank = tuple(c.key for c in recommended_bank(catalog, "base-3e", "First Game").chips)
    drafted = tuple(chips.items())
    return Setup(("Ana", "Ben"), Mode.TWO_PLAYER, 3, ("base-3e",), bank, "base-3e", 7,
                 clockwork=drafted)  # fmt: skip


def character_chips(catalog: Catalog) -> list[tuple[str, str]]:
    """Every character chip of base 3rd edition: (key, name)."""
    game = next(g for g in catalog.games if g.id == "puzzle-strike")
    base = next(s for s in game.sets if s.id == "base-3e")
    return [(f"{w.id}/{c.id}", c.name) for w, c in base.character_chips()]  # type: ignore[attr-defined]


def test_clockwork_characters_go_straight_to_the_first_game(catalog: Catalog) -> None:
    chips = character_chips(catalog)
    ana, ben = tuple(k for k, _ in chips[:3]), tuple(k for k, _ in chips[3:6])
    setup = clockwork_setup(catalog, Ana=ana, Ben=ben)
    state = room.start(setup, catalog)
    assert state.phase == "playing" and state.table is not None
    assert state.characters == (("Ana", "clockwork"), ("Ben", "clockwork"))
    shown = view(state, "Ben", catalog)["characters"]
    names = dict(chips)
    assert shown == {
        "Ana": "Clockwork: " + ", ".join(names[k] for k in ana),
        "Ben": "Clockwork: " + ", ".join(names[k] for k in ben),
    }
    with pytest.raises(IllegalMove, match="drafted: they are not chosen again"):
        do(state, catalog, "Ana", type="restart_choice")
    assert Setup.from_json(setup.to_json()) == setup
    assert setup.to_json()["clockwork"] == {"Ana": list(ana), "Ben": list(ben)}
    assert "clockwork" not in replace(setup, clockwork=()).to_json()


def test_clockwork_characters_are_checked(catalog: Catalog) -> None:
    keys = [k for k, _ in character_chips(catalog)]
    good = tuple(keys[:3])
    for bad in (tuple(keys[:2]), tuple(keys[:4]), (*keys[:2], "base-3e/not-a-chip")):
        with pytest.raises(IllegalMove, match="Ben's Clockwork character must be 3 character"):
            room.start(clockwork_setup(catalog, Ana=good, Ben=bad), catalog)
    with pytest.raises(IllegalMove, match="every player needs a Clockwork character"):
        room.start(clockwork_setup(catalog, Ana=good), catalog)
    with pytest.raises(IllegalMove, match="every player needs a Clockwork character"):
        room.start(clockwork_setup(catalog, Ana=good, Ben=good, Cid=good), catalog)
    assert room.start(clockwork_setup(catalog, Ana=good, Ben=good), catalog).phase == "playing"


def test_a_clockwork_match_offers_neither_choosing_again_nor_a_stock_character(
    catalog: Catalog,
) -> None:
    # Issue 18 item 9: drafted characters are not chosen again, and the loser's choice of a
    # drafted character keeps it (the bank options stay: swap a stack or re-roll the bank).
    keys = [k for k, _ in character_chips(catalog)]
    state = room.start(clockwork_setup(catalog, Ana=tuple(keys[:3]), Ben=tuple(keys[3:6])), catalog)
    shown = view(state, "Ana", catalog)
    assert shown["may_restart_choice"] is False and shown["character_options"] == []
    with pytest.raises(IllegalMove, match="drafted: they are not chosen again"):
        do(state, catalog, "Ana", type="restart_choice")
    state = do(
        give(state, catalog, "Ana", 4, 4, 2), catalog, "Ana", type="end_turn", without_ante=True
    )
    assert state.phase == "between"
    shown = view(state, "Ana", catalog)
    assert shown["may_switch_character"] is False and shown["character_options"] == []
    with pytest.raises(IllegalMove, match="drafted Clockwork character cannot be switched"):
        do(state, catalog, "Ana", type="losers_choice", option="switch", character="rook")
    state = do(state, catalog, "Ana", type="losers_choice", option="keep")
    assert state.game_no == 2 and dict(state.characters)["Ana"] == "clockwork"


def test_a_chosen_character_match_offers_both(catalog: Catalog) -> None:
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    shown = view(state, "Ana", catalog)
    assert shown["may_restart_choice"] is True and shown["may_switch_character"] is True
    assert {"id": "rook", "name": "Rook"} in shown["character_options"]


def test_a_tournament_bank_stays_hidden_until_the_characters_are_revealed(
    catalog: Catalog,
) -> None:
    # Seed 000, tournament rules: "After characters are chosen, determine the 10 puzzle
    # chips for the bank randomly" (issue 18 item 10).
    setup = replace(new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER).setup)
    setup = replace(setup, bank_after_characters=True)
    assert Setup.from_json(setup.to_json()) == setup
    state = room.start(setup, catalog)
    for viewer in ("Ana", "Ben", None):
        shown = view(state, viewer, catalog)
        keys = [x["key"] for x in shown["stacks"]]
        assert shown["bank_hidden"] is True and shown["pool"] == []
        assert all(k.startswith("fixed/") for k in keys) and keys
        assert not set(shown["chips"]) & set(setup.bank)
    state = do(state, catalog, "Ana", type="choose", character="grave")
    assert view(state, "Ana", catalog)["bank_hidden"] is True
    state = do(state, catalog, "Ben", type="choose", character="rook")
    shown = view(state, "Ana", catalog)
    assert shown["bank_hidden"] is False
    assert [x["key"] for x in shown["stacks"]][-10:] == list(setup.bank)
    open_room = room.start(replace(setup, bank_after_characters=False), catalog)
    assert len(view(open_room, "Ana", catalog)["stacks"]) == len(shown["stacks"])


def test_stacks_and_chips_carry_the_catalogs_japanese_names(catalog: Catalog) -> None:
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    shown = view(state, "Ana", catalog)
    combine = next(s for s in shown["stacks"] if s["key"] == "fixed/combine")
    assert combine["name"] == "Combine" and combine["name_ja"] == "融合"  # seed 003
    assert shown["chips"]["fixed/combine"]["name_ja"] == "融合"
    assert all(s["name_ja"] is None or s["name_ja"] for s in shown["stacks"])  # never ""
