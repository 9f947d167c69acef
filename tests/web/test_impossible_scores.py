"""Tournament scores bounded by the match format (issue #26, item 6): a score no match of
the event can end with is refused (422) from a player's report and from the organiser, and a
score stored before the bound does not break the standings.

Puzzle Strike: best of 3 and no drawn game -- a tie for the lowest gem pile is played on,
"the tied players each take one more turn ... until there is one winner" (seed 000 l.268,
l.324). Flash Duel: a match is the first to 3 round wins (seed 002 l.7, l.68) and a round
can be drawn at time-over (seed 002 l.113).
"""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.game.tournament import Event, Result, ResultError, find_format
from companion.game.tournament.model import check_result
from tests.conftest import phone, post
from tests.helpers import seat_link
from tests.web.test_tournament_api import create, current_tables, enter_duellists, org, read


@pytest.mark.parametrize(
    ("game", "score"),
    [
        ("puzzle-strike", (1, 1, 40)),  # the report
        ("puzzle-strike", (2, 1, 1)),  # Puzzle Strike has no drawn game
        ("puzzle-strike", (0, 0, 1)),
        ("puzzle-strike", (3, 0, 0)),  # best of 3: 2 wins end it
        ("puzzle-strike", (2, 2, 0)),
        ("flash-duel", (1, 1, 40)),
        ("flash-duel", (3, 2, 6)),  # more drawn rounds than a match has rounds
        ("flash-duel", (4, 0, 0)),
    ],
)
def test_a_score_outside_the_format_is_refused(game: str, score: tuple[int, int, int]) -> None:
    form = find_format(game)
    event = Event(seed=1, games_to_win=form.games_to_win, drawn_games=form.drawn_games, game=game)
    with pytest.raises(ResultError):
        check_result(event, Result(*score), "swiss")


@pytest.mark.parametrize(
    ("game", "score"),
    [
        ("puzzle-strike", (2, 1, 0)),
        ("puzzle-strike", (1, 1, 0)),  # time called at 1-1: a drawn match
        ("puzzle-strike", (1, 0, 0)),
        ("flash-duel", (3, 2, 0)),
        ("flash-duel", (3, 2, 5)),
        ("flash-duel", (2, 2, 1)),
    ],
)
def test_a_score_inside_the_format_is_taken(game: str, score: tuple[int, int, int]) -> None:
    form = find_format(game)
    event = Event(seed=1, games_to_win=form.games_to_win, drawn_games=form.drawn_games, game=game)
    check_result(event, Result(*score), "swiss")


def round_one(client: FlaskClient) -> tuple[str, dict[str, str], dict[str, Any]]:
    """Start round 1 of a two-player Puzzle Strike event; return its id, the organiser's
    header and the table."""
    tid, h = create(client, players=["Ana", "Ben"], rounds=1)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    return tid, h, current_tables(read(client, tid, h))[0]


def test_the_organiser_cannot_enter_an_impossible_score(client: FlaskClient) -> None:
    tid, h, table = round_one(client)
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    refused = org(client, url, {"wins_a": 1, "wins_b": 1, "draws": 40}, h)
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert "draw" in error and "Puzzle Strike" in error, error
    assert current_tables(read(client, tid, h))[0]["result"] is None
    assert org(client, url, {"wins_a": 1, "wins_b": 1, "draws": 0}, h).status_code == 200


def test_a_player_cannot_report_an_impossible_score(app: Flask, client: FlaskClient) -> None:
    tid, h = create(client, game="flash-duel", mode="full", rounds=1)
    enter_duellists(client, tid, h)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    _, code, seat, claim = seat_link(table["seat_urls"][0])
    ana = phone(app)
    assert post(ana, f"/api/join/{code}", {"seat": seat, "claim": claim}).status_code == 200
    where = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/report"
    refused = post(ana, where, {"wins_a": 1, "wins_b": 1, "draws": 40})
    assert refused.status_code == 422
    assert "drawn rounds" in refused.get_json()["error"], refused.get_json()
    refused = post(ana, where, {"wins_a": 3, "wins_b": 3, "draws": 0})
    assert refused.status_code == 422
    assert post(ana, where, {"wins_a": 3, "wins_b": 1, "draws": 2}).status_code == 200


def test_a_stored_impossible_score_still_reads(app: Flask, client: FlaskClient) -> None:
    tid, h, table = round_one(client)
    with sqlite3.connect(app.config["DATABASE"]) as conn:  # stored before scores were bounded
        conn.execute(
            "update tournament_tables set wins_a = 1, wins_b = 1, draws = 40, source = 'organiser'"
            " where tournament_id = ? and round = 1 and table_no = ?",
            (tid, table["table"]),
        )
    seen = read(client, tid, h)
    assert current_tables(seen)[0]["result"] == {"wins_a": 1, "wins_b": 1, "draws": 40}
    assert {line["name"] for line in seen["standings"]} == {"Ana", "Ben"}
    csv = client.get(f"/api/tournaments/{tid}/standings.csv")
    assert csv.status_code == 200
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    fixed = org(client, url, {"wins_a": 2, "wins_b": 1, "draws": 0}, h)  # the organiser corrects
    assert fixed.status_code == 200
