"""Tournaments and club ratings (#30 item 10): round 1 seeded by rating when the organiser
chose it, and each linked player's rating change in the final standings."""

from __future__ import annotations

from contextlib import closing
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient

from companion.game.club.ratings import Result
from companion.storage import club_results, db
from tests.helpers import post
from tests.web.test_club_tournaments import enter
from tests.web.test_tournament_api import create, current_tables, org, read

NAMES = ("Ana", "Ben", "Cal", "Dee")


def name_of(side: object) -> str:
    """Return a table side's player name."""
    return side if isinstance(side, str) else str(side["name"])  # type: ignore[index]


def rated_four(
    app: Flask, client: FlaskClient, **config: object
) -> tuple[str, dict[str, str], list[FlaskClient]]:
    """Create a tournament of four linked players rated Ana > Ben > Cal > Dee; return it,
    the organiser's header and the players' phones."""
    tid, h = create(client, rounds=1, **config)
    phones = [enter(app, client, tid, h, name) for name in NAMES]
    ids = []
    for mine in phones:
        assert post(mine, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
        ids.append(mine.get("/api/club/me").get_json()["profile"]["id"])
    start = datetime(2026, 1, 1, tzinfo=UTC)
    with closing(db.connect(app.config["DATABASE"])) as conn:
        n = 0
        for _ in range(3):
            for i, better in enumerate(ids):
                for worse in ids[i + 1 :]:
                    n += 1
                    result = Result("puzzle-strike", ((better,), (worse,)), (1, 2))
                    at = (start + timedelta(minutes=n)).isoformat()
                    club_results.record(conn, f"test:{n}", result, at)
    return tid, h, phones


def test_round_one_is_seeded_by_club_rating_when_the_organiser_chose_it(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, _ = rated_four(app, client, seed_by_rating=True)
    assert read(client, tid)["config"]["seed_by_rating"] is True
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    tables = [(name_of(t["a"]), name_of(t["b"])) for t in current_tables(read(client, tid, h))]
    assert tables == [("Ana", "Cal"), ("Ben", "Dee")]  # seeds 1-3 and 2-4


def test_a_setting_that_is_not_true_or_false_is_refused(client: FlaskClient) -> None:
    made = post(client, "/api/tournaments", {"name": "Cup", "seed_by_rating": "on"})
    assert made.status_code == 422
    assert "'seed_by_rating' must be true or false" in made.get_json()["error"]


def test_the_final_standings_show_each_linked_players_rating_change(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, phones = rated_four(app, client)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    before = {s["name"]: s["rating"] for s in read(client, tid)["standings"]}
    assert before == dict.fromkeys(NAMES)  # no table counted yet
    for table in current_tables(read(client, tid, h)):
        url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
        assert org(client, url, {"wins_a": 0, "wins_b": 2}, h).status_code == 200
    data = read(client, tid)
    assert data["next"]["over"] is True
    lines = {s["name"]: s["rating"] for s in data["standings"]}
    for rating in lines.values():
        assert rating["change"] == rating["after"] - rating["before"]
    losers = {name_of(t["a"]) for t in current_tables(data)}
    assert all(lines[n]["change"] < 0 for n in losers)
    assert all(lines[n]["change"] > 0 for n in set(NAMES) - losers)
    assert post(phones[1], "/api/club/me/hidden", {"hidden": True}).status_code == 200
    lines = {s["name"]: s["rating"] for s in read(client, tid)["standings"]}
    assert lines["Ben"] is None and lines["Ana"] is not None  # a hidden profile shows none
