"""Tournament results in the club (issue #30): an entry linked to its player's profile
from the phone that entered; a table counts once both its players are linked and its result
is in; the organiser's correction changes the ratings; each player's change is readable."""

from __future__ import annotations

from contextlib import closing
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.game.club import ratings
from companion.game.club.ratings import Result
from companion.storage import club_results, db
from tests.helpers import phone, post
from tests.web.test_club_api import profile
from tests.web.test_tournament_api import (
    create,
    current_tables,
    org,
    ps_second_player_wins,
    read,
    seat_phones,
)

BOARD = "/api/club/leaderboard/puzzle-strike"


def enter(app: Flask, client: FlaskClient, tid: str, h: dict[str, str], name: str) -> FlaskClient:
    """Enter a player from their own phone (with a profile) and let them in."""
    mine = phone(app)
    profile(mine, name)
    asked = post(mine, f"/api/tournaments/{tid}/entries", {"name": name})
    assert asked.status_code == 201, asked.get_json()
    approve = f"/api/tournaments/{tid}/players/{asked.get_json()['player']}/approve"
    assert org(client, approve, {}, h).status_code == 200
    return mine


def skills(app: Flask) -> dict[str, tuple[float, float, int]]:
    """Return the stored Puzzle Strike ratings by profile."""
    with closing(db.connect(app.config["DATABASE"])) as conn:
        rows = conn.execute("select * from club_ratings where game = 'puzzle-strike'")
        return {r["profile_id"]: (r["mu"], r["sigma"], r["games"]) for r in rows}


def test_a_linked_tournament_table_counts_and_its_correction_follows(
    app: Flask, client: FlaskClient
) -> None:
    tid, h = create(client)
    ana, ben = enter(app, client, tid, h, "Ana"), enter(app, client, tid, h, "Ben")
    assert f'data-link="{tid}"' in ana.get("/club/me").get_data(as_text=True)
    assert post(ana, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
    assert "its results count for you" in ana.get("/club/me").get_data(as_text=True)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    assert client.get(BOARD).get_json()["players"] == []  # Ben has not linked his entry
    assert post(ben, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
    board = client.get(BOARD).get_json()["players"]
    a_name = table["a"] if isinstance(table["a"], str) else table["a"]["name"]
    assert board[0]["name"] == a_name and len(board) == 2
    assert org(client, url, {"wins_a": 0, "wins_b": 2}, h).status_code == 200  # corrected
    board = client.get(BOARD).get_json()["players"]
    assert board[1]["name"] == a_name
    ids = {p["name"]: p["id"] for p in (x.get("/api/club/me").get_json()["profile"]
                                          for x in (ana, ben))}  # fmt: skip
    a_id, b_id = ids[a_name], next(v for k, v in ids.items() if k != a_name)
    expected = ratings.recompute([Result("puzzle-strike", ((a_id,), (b_id,)), (2, 1))])
    for player, (mu, sigma, games) in skills(app).items():
        assert (mu, sigma, games) == (
            expected.skill(1, "puzzle-strike", player).mu,
            expected.skill(1, "puzzle-strike", player).sigma,
            1,
        )
    changes = client.get(f"/api/club/tournaments/{tid}/changes").get_json()["players"]
    assert (
        sorted(c["change"] for c in changes.values())[0]
        < 0
        < max(c["change"] for c in changes.values())
    )
    page = client.get(f"/club/t/{tid}").get_data(as_text=True)
    assert "Ana" in page and "Ben" in page and "+" in page and "-" in page
    post(ben, "/api/club/me/hidden", {"hidden": True})
    assert "Ben" not in client.get(f"/club/t/{tid}").get_data(as_text=True)
    assert client.get("/club/t/nothing").status_code == 404
    with closing(db.connect(app.config["DATABASE"])) as conn:
        assert club_results.recompute(conn) == 1


def test_an_entry_is_linked_only_from_the_phone_that_entered(
    app: Flask, client: FlaskClient
) -> None:
    tid, h = create(client)
    ana = enter(app, client, tid, h, "Ana")
    stranger = phone(app)
    profile(stranger, "Mallory")
    refused = post(stranger, f"/api/club/tournaments/{tid}/link", {})
    assert refused.status_code == 403 and "entered the tournament" in refused.get_json()["error"]
    no_profile = phone(app)
    entered: Any = post(no_profile, f"/api/tournaments/{tid}/entries", {"name": "Zed"})
    assert entered.status_code == 201
    assert post(no_profile, f"/api/club/tournaments/{tid}/link", {}).status_code == 403
    assert post(ana, f"/api/club/tournaments/{tid}/link", {}).get_json() == {"player": 1}


def test_a_tournament_table_is_not_counted_again_as_a_casual_match(
    app: Flask, client: FlaskClient
) -> None:
    tid, h = create(client, players=["Ana", "Ben"])
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    match_id, a, b = seat_phones(app, current_tables(read(client, tid, h))[0])
    ps_second_player_wins(match_id, a, b)
    profile(a, "Ana")
    profile(b, "Ben")
    for seated in (a, b):
        refused = post(seated, f"/api/club/matches/{match_id}/count", {})
        assert refused.status_code == 409 and "casual" in refused.get_json()["error"]
    assert client.get(BOARD).get_json()["players"] == []
