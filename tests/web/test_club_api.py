"""The club's API (issue #30): profiles on phones, a second device only by its one-time
code, "count this" only for one's own seat and profile, admin actions only with the admin
secret, privacy, seasons and the export."""

from __future__ import annotations

from contextlib import closing
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import club, club_results, db
from companion.web.errors import ApiError
from tests.helpers import CSRF, act, open_room, phone, post
from tests.web.test_duel_room import s, win_round

LEADERBOARD = "/api/club/leaderboard/flash-duel"


def profile(client: FlaskClient, name: str) -> dict[str, Any]:
    """Make a profile on this phone."""
    made = post(client, "/api/club/profiles", {"name": name})
    assert made.status_code == 201, made.get_json()
    data: dict[str, Any] = made.get_json()
    return data


def finished_duel(
    app: Flask, players: tuple[str, str] = ("Ana", "Ben")
) -> tuple[str, list[FlaskClient]]:
    """Play a Flash Duel (full game, 3 round wins) to its end on two phones."""
    characters = {players[0]: "grave", players[1]: "rook"}
    body = {"kind": "flash-duel", "mode": "full", "players": list(players)}
    room, _, phones = open_room(app, {**body, "characters": characters})
    by_name = dict(zip(players, phones, strict=True))
    while not s(phones[0], room)["game_winner"]:
        current = s(phones[0], room)["turn"]
        other = next(p for p in players if p != current)
        win_round(by_name, room, current, other)
        if s(phones[0], room)["game_winner"]:
            break
        chose = act(by_name[other], room, {"type": "first_player", "player": current})
        assert chose.status_code == 200, chose.get_json()
    return room, phones


def count(client: FlaskClient, room: str) -> Any:
    """Press "count this" on a phone."""
    return post(client, f"/api/club/matches/{room}/count", {})


def counted_duel(app: Flask) -> tuple[FlaskClient, FlaskClient]:
    """Play a duel between Ana and Ben, each with a profile, and count it on both phones."""
    room, (ana, ben) = finished_duel(app)
    profile(ana, "Ana")
    profile(ben, "Ben")
    count(ana, room)
    assert count(ben, room).get_json()["counted"]
    return ana, ben


def admin_secret(app: Flask) -> str:
    """Make the club admin's secret (as the first `companion serve` does)."""
    with closing(db.connect(app.config["DATABASE"])) as conn:
        secret = club.ensure_admin_secret(conn)
    assert secret is not None
    return secret


def test_a_casual_match_counts_once_both_players_confirm_on_their_own_phones(app: Flask) -> None:
    room, (ana, ben) = finished_duel(app)
    profile(ana, "Ana")
    profile(ben, "Ben")
    first = count(ana, room)
    assert first.get_json() == {"confirmed": 1, "seats": 2, "counted": False}
    assert app.test_client().get(LEADERBOARD).get_json()["players"] == []
    assert count(ben, room).get_json() == {"confirmed": 2, "seats": 2, "counted": True}
    board = app.test_client().get(LEADERBOARD).get_json()["players"]
    winner = s(ana, room)["game_winner"]
    assert [p["name"] for p in board] == (["Ana", "Ben"] if winner == "A" else ["Ben", "Ana"])
    assert board[0]["rating"] > 1500 > board[1]["rating"] and board[0]["provisional"]
    assert count(ben, room).get_json()["counted"]  # pressed again: counted once
    with closing(db.connect(app.config["DATABASE"])) as conn:
        assert conn.execute("select count(*) from club_results").fetchone()[0] == 1
        assert conn.execute("select count(*) from club_changes").fetchone()[0] == 2


def test_a_match_against_a_profile_that_did_not_confirm_never_counts(app: Flask) -> None:
    # Mallory plays both seats (two phones of hers) and names the second seat after Ben,
    # who has a profile but never played: nothing she can send makes it count.
    ben = phone(app)
    profile(ben, "Ben")
    room, (mallory, puppet) = finished_duel(app, ("Mallory", "Ben"))
    profile(mallory, "Mallory")
    assert count(mallory, room).get_json()["counted"] is False
    refused = count(puppet, room)  # the second seat's phone has no profile
    assert refused.status_code == 403 and "profile" in refused.get_json()["error"]
    puppet.set_cookie("club_player", "made-up-token")  # a guessed cookie is nobody's
    assert count(puppet, room).status_code == 403
    ben_cookie = ben.get_cookie("club_player")
    assert ben_cookie is not None
    assert count(ben, room).status_code == 403  # Ben's phone holds no seat of this match
    code = post(mallory, "/api/club/me/devices", {}).get_json()["code"]
    assert post(puppet, f"/api/club/devices/{code}", {}).status_code == 200  # her own profile
    twice = count(puppet, room)
    assert twice.status_code == 409 and "another seat" in twice.get_json()["error"]
    assert app.test_client().get(LEADERBOARD).get_json()["players"] == []


def test_a_match_not_over_is_not_confirmed_yet(app: Flask) -> None:
    body = {"kind": "flash-duel", "mode": "full", "players": ["Ana", "Ben"]}
    room, _, (ana, _ben) = open_room(app, body)
    profile(ana, "Ana")
    early = count(ana, room)
    assert early.status_code == 409 and "not ended" in early.get_json()["error"]
    assert ana.get(f"/api/club/matches/{room}/count").get_json()["can_count"] is False


def test_a_second_device_only_through_the_one_time_code(app: Flask) -> None:
    first, second, stranger = phone(app), phone(app), phone(app)
    me = profile(first, "Ana")
    assert second.get("/api/club/me").get_json() == {"profile": None}
    assert post(second, "/api/club/devices/not-a-code", {}).status_code == 404
    made = post(first, "/api/club/me/devices", {}).get_json()
    assert post(second, f"/api/club/devices/{made['code']}", {}).get_json()["id"] == me["id"]
    assert second.get("/api/club/me").get_json()["profile"]["id"] == me["id"]
    again = post(stranger, f"/api/club/devices/{made['code']}", {})
    assert again.status_code == 404 and "used already" in again.get_json()["error"]
    assert post(stranger, "/api/club/me/devices", {}).status_code == 403


def test_a_phone_with_a_profile_must_send_its_csrf_header(app: Flask) -> None:
    ana = phone(app)
    assert post(ana, "/api/club/profiles", {"name": "Ana"}, csrf=False).status_code == 403
    made = post(phone(app), "/api/club/profiles", {"name": "Mallory"}).get_json()
    assert made["name"] == "Mallory"  # with the header, as the page sends it
    assert post(ana, "/api/club/devices/any-code", {}, csrf=False).status_code == 403
    profile(ana, "Ana")
    assert post(ana, "/api/club/me/devices", {}, csrf=False).status_code == 403
    assert post(ana, "/api/club/me/hidden", {"hidden": True}, csrf=False).status_code == 403
    assert ana.get_cookie("csrf").value == CSRF  # type: ignore[union-attr]


def test_names_follow_the_tables_rules_and_one_profile_per_phone(app: Flask) -> None:
    ana = phone(app)
    assert post(ana, "/api/club/profiles", {"name": ""}).status_code == 400
    assert post(ana, "/api/club/profiles", {"name": 7}).status_code == 400
    profile(ana, "Ana")
    assert post(ana, "/api/club/profiles", {"name": "Other"}).status_code == 409
    taken = post(phone(app), "/api/club/profiles", {"name": "ana"})
    assert taken.status_code == 400 and "another player's name" in taken.get_json()["error"]


@pytest.mark.parametrize(
    ("path", "payload"),
    [("rename", {"name": "Anna"}), ("remove", {}), ("merge", {"into": "x"})],
)
def test_admin_actions_only_with_the_admin_secret(
    app: Flask, path: str, payload: dict[str, Any]
) -> None:
    secret = admin_secret(app)
    ana = phone(app)
    me = profile(ana, "Ana")
    url = f"/api/club/admin/profiles/{me['id']}/{path}"
    for headers in ({}, {"X-Club-Admin": secret + "x"}, {"X-Club-Admin": ""}):
        refused = ana.post(url, json=payload, headers={"X-CSRF-Token": CSRF, **headers})
        assert refused.status_code == 403 and "admin" in refused.get_json()["error"]
    assert ana.get("/api/club/me").get_json()["profile"]["name"] == "Ana"
    for season_or_private in ("/api/club/admin/season", "/api/club/admin/private"):
        assert post(ana, season_or_private, {"private": True}).status_code == 403


def test_the_admin_renames_merges_and_removes(app: Flask) -> None:
    secret = admin_secret(app)
    room, (ana, ben) = finished_duel(app)
    a, b = profile(ana, "Ana"), profile(ben, "Ben")
    count(ana, room)
    count(ben, room)
    other = phone(app)
    extra = profile(other, "Ana again")

    def admin(url: str, payload: dict[str, Any]) -> Any:
        return app.test_client().post(url, json=payload, headers={"X-Club-Admin": secret})

    assert admin(f"/api/club/admin/profiles/{a['id']}/rename", {"name": "Anna"}).status_code == 200
    merged = admin(f"/api/club/admin/profiles/{extra['id']}/merge", {"into": a["id"]})
    assert merged.get_json() == {"results": 0}
    assert other.get("/api/club/me").get_json()["profile"]["name"] == "Anna"
    fought = admin(f"/api/club/admin/profiles/{b['id']}/merge", {"into": a["id"]})
    assert fought.status_code == 409 and "played each other" in fought.get_json()["error"]
    assert admin(f"/api/club/admin/profiles/{b['id']}/remove", {}).status_code == 200
    names = [p["name"] for p in app.test_client().get(LEADERBOARD).get_json()["players"]]
    assert sorted(names) == ["Anna", club.SHOWN_HIDDEN]  # the match stays, Ben's name goes
    assert ben.get("/api/club/me").get_json() == {"profile": None}


def test_hidden_profiles_private_pages_and_seasons(app: Flask) -> None:
    secret = admin_secret(app)
    ana, ben = counted_duel(app)
    assert post(ben, "/api/club/me/hidden", {"hidden": True}).get_json() == {"hidden": True}
    board = app.test_client().get(LEADERBOARD).get_json()["players"]
    assert sorted(p["name"] for p in board) == ["Ana", club.SHOWN_HIDDEN]
    assert all(p["url"] is None for p in board if p["name"] == club.SHOWN_HIDDEN)
    admin = {"X-Club-Admin": secret}
    client = app.test_client()
    assert (
        client.post("/api/club/admin/private", json={"private": True}, headers=admin).status_code
        == 200
    )
    assert client.get(LEADERBOARD).status_code == 403
    assert client.get("/api/club/export.json").status_code == 403
    assert ana.get(LEADERBOARD).status_code == 200  # a player of the club reads it
    assert client.get(LEADERBOARD, headers=admin).status_code == 200
    assert client.post("/api/club/admin/season", headers=admin).get_json() == {"season": 2}
    assert ana.get(LEADERBOARD).get_json()["players"] == []
    assert len(ana.get(LEADERBOARD + "?season=1").get_json()["players"]) == 2
    assert ana.get(LEADERBOARD + "?season=3").status_code == 400


def test_export_as_json_and_csv(app: Flask) -> None:
    ana, ben = counted_duel(app)
    data = app.test_client().get("/api/club/export.json").get_json()
    assert sorted(p["name"] for p in data["players"]) == ["Ana", "Ben"]
    assert len(data["matches"]) == 1 and data["matches"][0]["game"] == "flash-duel"
    assert sorted(data["matches"][0]["places"]) == [1, 2]
    assert {r["name"] for r in data["ratings"]} == {"Ana", "Ben"}
    csv = app.test_client().get("/api/club/export/matches.csv")
    assert csv.mimetype == "text/csv"
    lines = csv.get_data(as_text=True).splitlines()
    assert lines[0] == "id,game,season,at,sides,places" and len(lines) == 2
    assert app.test_client().get("/api/club/export/secrets.csv").status_code == 404


def test_deleting_ones_profile_keeps_the_match_and_drops_the_name(app: Flask) -> None:
    ana, ben = counted_duel(app)
    assert post(ben, "/api/club/me/delete", {}).get_json() == {"deleted": True}
    data = app.test_client().get("/api/club/export.json").get_json()
    assert [p["name"] for p in data["players"]] == ["Ana"]
    assert sorted(data["matches"][0]["sides"]) == sorted([["Ana"], [club.SHOWN_HIDDEN]])
    with closing(db.connect(app.config["DATABASE"])) as conn:
        assert club_results.recompute(conn) == 1


def test_a_solo_match_against_a_bot_is_never_rated(app: Flask) -> None:
    solo = {"kind": "flash-duel", "mode": "solo", "players": ["Ana"], "bot": "training-dummy"}
    room, _, _ = open_room(app, {**solo, "characters": {"Ana": "grave"}})
    won = club_results.Finished("flash-duel", ((("Ana",), 3), (("Bot",), 0)), {}, (), {})
    with closing(db.connect(app.config["DATABASE"])) as conn:
        with pytest.raises(club_results.NotCountable, match="bot"):
            club_results.count_if_confirmed(conn, room, won)


def shared_phone_duel(app: Flask) -> tuple[str, FlaskClient]:
    """A duel played to its end whose second seat no phone holds any more (as at a table
    where one phone records for both): Ana's phone handed Ben's seat over."""
    room, (table, _) = finished_duel(app)
    assert post(table, f"/api/matches/{room}/seats/1/hand-over", {}).status_code == 200
    return room, table


def test_a_shared_phone_tables_players_confirm_with_its_one_time_codes(app: Flask) -> None:
    room, table = shared_phone_duel(app)
    profile(table, "Ana")
    assert count(table, room).get_json() == {"confirmed": 1, "seats": 2, "counted": False}
    state = table.get(f"/api/club/matches/{room}/count").get_json()
    assert state["unheld"] == [{"seat": 1, "name": "Ben"}]
    stranger = phone(app)
    assert post(stranger, f"/api/club/matches/{room}/count-codes", {"seat": 1}).status_code == 403
    held = post(table, f"/api/club/matches/{room}/count-codes", {"seat": 0})
    assert held.status_code == 409  # a seat a phone holds is confirmed on that phone
    code = post(table, f"/api/club/matches/{room}/count-codes", {"seat": 1}).get_json()["code"]
    own = post(table, f"/api/club/count/{code}", {})  # Ana's own profile cannot take Ben's seat
    assert own.status_code == 409 and "another seat" in own.get_json()["error"]
    ben = phone(app)
    assert post(ben, f"/api/club/count/{code}", {}).status_code == 403  # no profile yet
    profile(ben, "Ben")
    done = post(ben, f"/api/club/count/{code}", {})
    assert done.get_json() == {"confirmed": 2, "seats": 2, "counted": True}
    assert post(ben, f"/api/club/count/{code}", {}).status_code == 404  # used once
    names = [p["name"] for p in app.test_client().get(LEADERBOARD).get_json()["players"]]
    assert sorted(names) == ["Ana", "Ben"]


def test_a_true_or_false_field_that_is_not_a_boolean_is_a_400_naming_it(app: Flask) -> None:
    from companion.web.club import flag

    for good in (True, False):
        with app.test_request_context(json={"hidden": good}):
            assert flag("hidden") is good
    for bad in ({"hidden": "yes"}, {"hidden": 1}, {}):
        with app.test_request_context(json=bad), pytest.raises(ApiError, match="'hidden' must"):
            flag("hidden")
