"""The round clock at a tournament table (issue 27, item 9): with a time limit, each table's
state says when its round ends, until its result is in; without one it says nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_tournament_api import create, current_tables, org, read, seat_phones


def event_at_table(app: Flask, client: FlaskClient, **config: object) -> tuple[dict, str]:
    """Start round 1 of a 2-player event; return a seated phone's event line and the round's
    start as the tournament says it."""
    tid, h = create(client, players=["Ana", "Ben"], **config)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    data = read(client, tid, h)
    match_id, a, _ = seat_phones(app, current_tables(data)[0])
    state = a.get(f"/api/matches/{match_id}/state").get_json()
    return state["event"], data["rounds"][0]["started"]


def test_a_table_says_when_its_round_ends(app: Flask, client: FlaskClient) -> None:
    event, started = event_at_table(app, client, round_minutes=30)
    ends = datetime.fromisoformat(started) + timedelta(minutes=30)
    assert datetime.fromisoformat(event["round_ends"]) == ends


def test_no_clock_without_a_time_limit(app: Flask, client: FlaskClient) -> None:
    event, _ = event_at_table(app, client)
    assert event["round_ends"] is None
