"""Shadowfist tables and Custom Clockwork draft rooms through the API."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import act, open_room, phone, post, state


def end_turns_until(phone_: FlaskClient, room: str, name: str, at_least_one: bool = False) -> None:
    """End turns until it is this player's (a new turn of theirs with ``at_least_one``)."""
    if at_least_one:
        assert act(phone_, room, {"type": "end_turn"}).status_code == 200
    while state(phone_, room)["state"]["turn"] != name:
        assert act(phone_, room, {"type": "end_turn"}).status_code == 200


def site(phone_: FlaskClient, room: str, action: dict[str, Any]) -> Any:
    """Step on to the Main Shot (sites are played there), then play the site."""
    while state(phone_, room)["state"]["step"]["phase"] != "main-shot":
        assert act(phone_, room, {"type": "next_step"}).status_code == 200
    return act(phone_, room, action)


def test_shadowfist_game_to_five_sites(app: Flask) -> None:
    room, _, (a, b) = open_room(app, {"kind": "shadowfist", "players": ["Ana", "Ben"]})
    s = state(a, room)
    assert s["kind"] == "shadowfist"
    assert sorted(s["state"]["seating"]) == ["Ana", "Ben"]
    assert all(p["power"] == 1 for p in s["state"]["players"])
    assert s["state"]["step"]["name"].startswith("Establishing Shot")
    # The first site gains 1 power; the second costs 1, the third 2, the fourth 3.
    end_turns_until(a, room, "Ana")
    assert site(a, room, {"type": "play_site", "player": "Ana"}).status_code == 200
    ana = next(p for p in state(b, room)["state"]["players"] if p["name"] == "Ana")
    assert (ana["power"], ana["sites"], ana["site_cost"]) == (2, 1, 1)
    act(a, room, {"type": "gain", "player": "Ana", "amount": 5})
    for _ in range(3):
        end_turns_until(a, room, "Ana", at_least_one=True)
        assert site(a, room, {"type": "play_site", "player": "Ana"}).status_code == 200
    ana = next(p for p in state(a, room)["state"]["players"] if p["name"] == "Ana")
    assert (ana["power"], ana["sites"]) == (7 - 1 - 2 - 3, 4)
    refused = act(b, room, {"type": "spend", "player": "Ben", "amount": 5})
    assert refused.status_code == 422 and "Ben has 1 power, not 5" in refused.get_json()["error"]
    end_turns_until(b, room, "Ben")
    site(b, room, {"type": "play_site", "player": "Ben"})
    out_of_turn = act(a, room, {"type": "burn_victory", "player": "Ana", "from": "Ben"})
    assert out_of_turn.status_code == 422 and "only the attacker" in out_of_turn.get_json()["error"]
    end_turns_until(a, room, "Ana")
    burned = site(a, room, {"type": "burn_victory", "player": "Ana", "from": "Ben"})
    assert burned.status_code == 200
    s = state(b, room)["state"]
    assert s["winner"] == "Ana"
    assert "Ana burned a site of Ben for victory" in [h["text"] for h in state(b, room)["history"]]
    over = act(a, room, {"type": "gain", "player": "Ana", "amount": 1})
    assert over.status_code == 422 and "the game is over: Ana won" in over.get_json()["error"]


def test_shadowfist_fifth_site_must_be_seized_while_others_have_sites(app: Flask) -> None:
    room, _, (a, b, c) = open_room(app, {"kind": "shadowfist", "players": ["Ana", "Ben", "Cid"]})
    act(a, room, {"type": "gain", "player": "Ana", "amount": 20})
    for name, phone_ in (("Ben", b), ("Cid", c)):
        end_turns_until(phone_, room, name)
        assert site(phone_, room, {"type": "play_site", "player": name}).status_code == 200
    for _ in range(4):
        end_turns_until(a, room, "Ana", at_least_one=True)
        assert site(a, room, {"type": "play_site", "player": "Ana"}).status_code == 200
        again = site(a, room, {"type": "play_site", "player": "Ana"})
        assert (
            again.status_code == 422 and "one Feng Shui Site per turn" in again.get_json()["error"]
        )
    end_turns_until(a, room, "Ana", at_least_one=True)
    assert site(a, room, {"type": "play_site", "player": "Ana"}).status_code == 200
    s = state(b, room)["state"]
    ana = next(p for p in s["players"] if p["name"] == "Ana")
    assert ana["victory"] == 5 and s["winner"] is None  # Ben and Cid still have sites
    assert act(a, room, {"type": "seize", "player": "Ana", "from": "Cid"}).status_code == 200
    assert state(c, room)["state"]["winner"] == "Ana"


def test_shadowfist_burn_for_power_and_turns(app: Flask) -> None:
    room, _, (a, b, c) = open_room(app, {"kind": "shadowfist", "players": ["Ana", "Ben", "Cid"]})
    s = state(a, room)["state"]
    assert s["burn_gain"] == 4  # 3 players + 1
    first = s["turn"]
    other = next(n for n in s["seating"] if n != first)
    end_turns_until(b, room, other)
    assert site(b, room, {"type": "play_site", "player": other}).status_code == 200
    end_turns_until(a, room, first)
    turn_no = state(a, room)["state"]["turn_no"]
    assert site(a, room, {"type": "burn_power", "player": first, "from": other}).status_code == 200
    s = state(c, room)["state"]
    burner = next(p for p in s["players"] if p["name"] == first)
    assert burner["power"] == 1 + 4
    assert s["turn"] != first  # burning for power ends the burner's turn
    for _ in range(s["step"]["count"]):
        act(a, room, {"type": "next_step"})
    assert state(a, room)["state"]["turn_no"] == turn_no + 2


def test_puzzle_strike_draft_two_players(app: Flask) -> None:
    room, _, (a, b) = open_room(
        app, {"kind": "draft", "game": "puzzle-strike", "players": ["Ana", "Ben"]}
    )
    s = state(a, room)["state"]
    assert len(s["pool"]) == 9 and s["turn"] == "Ana"
    keys = [i["key"] for i in s["pool"]]
    out_of_turn = act(b, room, {"type": "pick", "key": keys[0]})
    assert (
        out_of_turn.status_code == 422
        and "it is Ana's pick, not Ben's" in out_of_turn.get_json()["error"]
    )
    assert act(a, room, {"type": "pick", "key": keys[0]}).status_code == 200
    taken = act(b, room, {"type": "pick", "key": keys[0]})
    assert taken.status_code == 422 and "already taken by Ana" in taken.get_json()["error"]
    assert act(b, room, {"type": "pick", "key": keys[1]}).status_code == 200
    version = state(b, room)["version"]
    undo = post(
        b, f"/api/matches/{room}/undo", {"base_version": version, "idempotency_key": "undo-pick-1"}
    )
    assert undo.status_code == 200 and state(a, room)["state"]["turn"] == "Ben"
    after = state(b, room)
    assert after["can_undo"] is False and after["can_redo"] is True
    again = post(
        b,
        f"/api/matches/{room}/undo",
        {"base_version": after["version"], "idempotency_key": "undo-pick-2"},
    )
    assert again.status_code == 409 and "only Ana's phone" in again.get_json()["error"]
    hers = post(
        a,
        f"/api/matches/{room}/undo",
        {"base_version": after["version"], "idempotency_key": "undo-pick-3"},
    )
    assert hers.status_code == 409 and "only the last" in hers.get_json()["error"]
    assert state(a, room)["state"]["picks"]["Ana"] == [keys[0]]  # Ana's pick stands
    order = "122112"
    picks = iter(keys[1:])
    for seat in order[1:]:
        phone_ = a if seat == "1" else b
        assert act(phone_, room, {"type": "pick", "key": next(picks)}).status_code == 200
    s = state(a, room)["state"]
    assert s["done"] and len(s["picks"]["Ana"]) == len(s["picks"]["Ben"]) == 3
    sheet = a.get(f"/api/matches/{room}/sheet/0.pdf")
    assert sheet.status_code == 200 and sheet.data.startswith(b"%PDF")
    carried = post(a, f"/api/matches/{room}/carry", {"recommended": "First Game"})
    assert carried.status_code == 201, carried.get_json()
    match_id = carried.get_json()["match_id"]
    table = a.get(f"/api/matches/{match_id}/state").get_json()["state"]
    assert table["phase"] == "playing"
    assert table["characters"]["Ana"].startswith("Clockwork: ")


def test_flash_duel_draft(app: Flask) -> None:
    room, _, (a, b) = open_room(
        app, {"kind": "draft", "game": "flash-duel", "players": ["Ana", "Ben"]}
    )
    s = state(a, room)["state"]
    assert len(s["pool"]) == 12 and s["first_player"] == s["seats"][0]
    phones = {"Ana": a, "Ben": b}
    while not s["done"]:
        free = next(i["key"] for i in s["pool"] if not i["taken_by"])
        assert act(phones[s["turn"]], room, {"type": "pick", "key": free}).status_code == 200
        s = state(a, room)["state"]
    assert all(len(v) == 4 for v in s["picks"].values())
    carried = post(a, f"/api/matches/{room}/carry", {})
    assert carried.status_code == 201, carried.get_json()
    table = carried.get_json()["match_id"]
    view = state(a, table)["state"]
    assert view["mode"] == "custom-clockwork" and view["turn"] == s["seats"][0]
    for seat in s["seats"]:
        assert [a["key"] for a in view["abilities"][seat]] == s["picks"][seat]


def test_team_battle_draft_teams(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Dee"]
    room, _, _ = open_room(app, {"kind": "draft", "players": players, "team_battle": True})
    s = state(phone(app), room)["state"]
    assert s["teams"] == [["Ana", "Dee"], ["Ben", "Cid"]]
    assert len(s["pool"]) == 15


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"kind": "chess", "players": ["A", "B"]}, 400, "'kind' must be"),
        ({"kind": "shadowfist", "players": ["A"]}, 400, "2 to 6 different names"),
        ({"kind": "draft", "game": "chess", "players": ["A", "B"]}, 422, "'game' must be one of"),
        ({"kind": "draft", "game": "flash-duel", "players": ["A", "B", "C"]}, 422, "for 2 players"),
        ({"kind": "draft", "players": ["A", "B"], "set": "base-9e"}, 422, "has no set 'base-9e'"),
        ({"kind": "draft", "players": ["A", "B"], "team_battle": True}, 422, "2 vs 2 needs 4"),
        ({"kind": "flash-duel", "mode": 7, "players": ["A"]}, 422, "'mode' must be one of"),
        (
            {"kind": "flash-duel", "players": ["A", "B"], "characters": ["grave"]},
            400,
            "'characters' must map each player",
        ),
        (
            {"kind": "flash-duel", "mode": "solo", "players": ["A"], "bot": "rook"},
            400,
            "needs a character for A",
        ),
        (
            {"kind": "flash-duel", "players": ["A", "B"], "characters": {"A": "x", "B": "rook"}},
            422,
            "no Flash Duel character 'x'",
        ),
        (
            {"kind": "flash-duel", "mode": "custom-clockwork", "players": ["A", "B"]},
            422,
            "starts from a finished draft",
        ),
        (
            {
                "kind": "flash-duel",
                "mode": "betrayal",
                "players": ["A", "B"],
                "dragon": "A",
                "characters": {"B": "grave"},
            },
            422,
            "is for 5 players, not 2",
        ),
        (
            {"kind": "flash-duel", "mode": "solo", "players": ["A"], "characters": {"A": "grave"}},
            422,
            "'bot' must be one of",
        ),
    ],
)
def test_bad_rooms(client: FlaskClient, body: dict[str, Any], status: int, message: str) -> None:
    response = post(client, "/api/rooms", body)
    assert response.status_code == status, response.get_json()
    assert message in response.get_json()["error"]


def test_room_pages(app: Flask) -> None:
    room, data, (a, _) = open_room(app, {"kind": "shadowfist", "players": ["Ana", "Ben"]})
    page = a.get(f"/m/{room}")
    assert page.status_code == 200 and b"shadowfist.js" in page.data
    view = a.get(data["view_url"].split("localhost", 1)[-1])
    assert view.status_code == 200 and b"shadowfist.js" in view.data
    draft, _, (d, _) = open_room(app, {"kind": "draft", "players": ["Ana", "Ben"]})
    assert b"draft.js" in d.get(f"/m/{draft}").data
