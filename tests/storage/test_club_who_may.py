"""Who may write to the club (#30, docs/club.md "Who may do what"), on both engines: the
holes a second phone, a second device of one profile or a stranger found, each closed.

- One profile counts for one entry of a tournament: linking a second entry (entered from the
  profile's second device) would put the profile on both sides of their table, and the
  organiser's result for it failed with a 500.
- A merge carries the tournament entries the merged profile had linked; two profiles that
  entered one tournament are two people and are not merged.
- A seat once confirmed stays its player's: a hand-over of that seat (which any seated
  phone may ask for at a casual table) does not let another profile confirm over it.
- A private club's pages are for its players: a stranger cannot become one by making a
  profile while the pages are private.
"""

from __future__ import annotations

import json
from contextlib import closing
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.storage import db
from tests.helpers import phone, post
from tests.storage.test_club_pass_and_play import take_handed_seat
from tests.storage.test_club_tournament_buys import linked_tournament
from tests.web.test_club_api import admin_secret, count, finished_duel, profile
from tests.web.test_club_tournaments import enter
from tests.web.test_tournament_api import create, current_tables, org, read


def second_device(app: Flask, first: FlaskClient) -> FlaskClient:
    """Add a second phone to the first phone's profile by its one-time code."""
    code = post(first, "/api/club/me/devices", {}).get_json()["code"]
    second = phone(app)
    assert post(second, f"/api/club/devices/{code}", {}).status_code == 200
    return second


def enter_from(client: FlaskClient, player: FlaskClient, tid: str, h: Any, name: str) -> None:
    """Enter a tournament from a phone and let the entry in as the organiser."""
    asked = post(player, f"/api/tournaments/{tid}/entries", {"name": name})
    assert asked.status_code == 201, asked.get_json()
    approve = f"/api/tournaments/{tid}/players/{asked.get_json()['player']}/approve"
    assert org(client, approve, {}, h).status_code == 200


def test_one_profile_counts_for_one_entry_of_a_tournament(app: Flask) -> None:
    client = phone(app)
    tid, h = create(client)
    ana = enter(app, client, tid, h, "Ana")
    tablet = second_device(app, ana)
    enter_from(client, tablet, tid, h, "Ana Two")
    assert post(ana, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
    refused = post(tablet, f"/api/club/tournaments/{tid}/link", {})
    assert refused.status_code == 409, refused.get_json()
    assert "another entry" in refused.get_json()["error"]
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    url = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    assert client.get("/api/club/leaderboard/puzzle-strike").get_json()["players"] == []


def test_a_merge_carries_the_tournament_entries_and_refuses_two_entrants(app: Flask) -> None:
    client = phone(app)
    tid, h, _, (ana, ben) = linked_tournament(app, client)
    old = ana.get("/api/club/me").get_json()["profile"]["id"]
    kept = profile(phone(app), "Anna")["id"]  # the same person's newer profile
    secret = {"X-Club-Admin": admin_secret(app)}
    merged = client.post(f"/api/club/admin/profiles/{old}/merge", json={"into": kept},
                         headers=secret)  # fmt: skip
    assert merged.status_code == 200, merged.get_json()
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    (table,) = current_tables(read(client, tid, h))
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    board = client.get("/api/club/leaderboard/puzzle-strike").get_json()["players"]
    assert sorted(p["name"] for p in board) == ["Anna", "Ben"]  # not the merged-away profile
    ben_id = ben.get("/api/club/me").get_json()["profile"]["id"]
    refused = client.post(f"/api/club/admin/profiles/{ben_id}/merge", json={"into": kept},
                          headers=secret)  # fmt: skip
    assert refused.status_code == 409 and "two people" in refused.get_json()["error"]


def test_a_confirmed_seat_is_not_confirmed_over_after_a_hand_over(app: Flask) -> None:
    room, (ana, ben) = finished_duel(app)
    profile(ana, "Ana")
    profile(ben, "Ben")
    assert count(ana, room).status_code == 200
    puppet = phone(app)
    profile(puppet, "Mallory")
    take_handed_seat(ben, room, 0, puppet)  # Ben frees Ana's seat for his puppet
    refused = count(puppet, room)
    assert refused.status_code == 409, refused.get_json()
    assert "confirmed by another player" in refused.get_json()["error"]
    assert count(ben, room).get_json()["counted"]
    with closing(db.connect(app.config["DATABASE"])) as conn:
        (row,) = conn.execute("select * from club_results").fetchall()
        sides = tuple(tuple(side) for side in json.loads(row["sides"]))
    names = {x.get("/api/club/me").get_json()["profile"]["id"]: name
             for x, name in ((ana, "Ana"), (ben, "Ben"))}  # fmt: skip
    assert sorted(names[p] for side in sides for p in side) == ["Ana", "Ben"]


def test_a_stranger_does_not_read_a_private_club_by_making_a_profile(app: Flask) -> None:
    secret = {"X-Club-Admin": admin_secret(app)}
    member = phone(app)
    profile(member, "Ana")  # a player of the club before it went private
    admin = phone(app)
    assert admin.post("/api/club/admin/private", json={"private": True},
                      headers=secret).status_code == 200  # fmt: skip
    stranger = phone(app)
    assert stranger.get("/club").status_code == 403
    card = stranger.get("/club/me").get_data(as_text=True)
    assert 'id="profile-form"' not in card and "ask the club admin" in card  # no form
    refused = post(stranger, "/api/club/profiles", {"name": "Mallory"})
    assert refused.status_code == 403 and "private" in refused.get_json()["error"]
    assert stranger.get("/club").status_code == 403
    assert stranger.get("/api/club/export.json").status_code == 403
    assert member.get("/club").status_code == 200
    assert admin.post("/api/club/admin/private", json={"private": False},
                      headers=secret).status_code == 200  # fmt: skip
    assert post(stranger, "/api/club/profiles", {"name": "Mallory"}).status_code == 201


def take_back(client: FlaskClient, match_id: str, what: str) -> None:
    """Undo or redo this phone's last action."""
    version = client.get(f"/api/matches/{match_id}/state").get_json()["version"]
    key = f"take-back-{what}-{version}"
    done = post(client, f"/api/matches/{match_id}/{what}",
                {"base_version": version, "idempotency_key": key})  # fmt: skip
    assert done.status_code == 200, done.get_json()


def test_a_confirmation_is_of_the_result_it_saw_not_of_one_changed_after_it(
    app: Flask,
) -> None:
    room, phones = finished_duel(app)
    last = phones[0].get(f"/api/matches/{room}/state").get_json()["history"][-1]
    loser = last["lines"]["a"]["args"]["who"]  # "<loser> was hit; ... wins the game"
    by_name = dict(zip(("Ana", "Ben"), phones, strict=True))
    lost, won = by_name[loser], next(p for n, p in by_name.items() if n != loser)
    profile(lost, "Loser")
    profile(won, "Winner")
    assert count(won, room).get_json()["confirmed"] == 1  # the winner confirms the win
    take_back(lost, room, "undo")  # the loser takes the last hit back: no end now
    assert lost.get(f"/api/matches/{room}/state").get_json()["state"]["game_winner"] is None
    take_back(lost, room, "redo")  # (or plays on to another end)
    mine = count(lost, room).get_json()
    assert mine == {"confirmed": 1, "seats": 2, "counted": False}  # the win's was of the old
    assert count(won, room).get_json()["counted"]


def test_a_deleted_profile_counts_no_new_table_and_keeps_its_counted_ones(app: Flask) -> None:
    client = phone(app)
    tid, h = create(client, rounds=1)
    phones = {name: enter(app, client, tid, h, name) for name in ("Ana", "Ben", "Cal", "Dee")}
    for mine in phones.values():
        assert post(mine, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    first, second = current_tables(read(client, tid, h))
    url = f"/api/tournaments/{tid}/rounds/1/tables/{{}}/result"
    assert org(client, url.format(first["table"]), {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    for table in (first, second):  # one player of each table deletes their profile
        assert post(phones[table["a"]["name"]], "/api/club/me/delete", {}).status_code == 200
    assert (
        org(client, url.format(second["table"]), {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    )
    with closing(db.connect(app.config["DATABASE"])) as conn:
        sources = [r[0] for r in conn.execute("select source from club_results")]
    assert sources == [f"table:{tid}:1:{first['table']}"]  # the second table counts no more
    corrected = org(client, url.format(first["table"]), {"wins_a": 0, "wins_b": 2}, h)
    assert corrected.status_code == 200  # a counted table stays and follows its correction
    with closing(db.connect(app.config["DATABASE"])) as conn:
        (row,) = conn.execute("select * from club_results").fetchall()
    assert json.loads(row["places"]) == [2, 1]
