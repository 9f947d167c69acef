"""The club's pages say what their numbers are (#30 items 4-6): a bank chip's shares carry
their 95 % interval as every win rate does, a rated match count reads "1 match", and a
tournament's rating changes show the rating after with its uncertainty."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.game.club.stats import wilson
from tests.helpers import phone, post
from tests.storage.test_club_tournament_buys import linked_tournament
from tests.web.test_club_api import count, finished_duel, profile
from tests.web.test_club_chip_stats import record_strike_matches
from tests.web.test_club_tournaments import enter
from tests.web.test_tournament_api import create, current_tables, org, read


@pytest.fixture
def app(engine_app: Flask) -> Flask:
    """An app on a fresh database of each engine (SQLite, then PostgreSQL)."""
    return engine_app


def shown(wins: int, games: int) -> str:
    """Return a share as the statistics page writes it, with its Wilson 95 % interval."""
    low, high = wilson(wins, games)
    return (f"{wins * 100 / games:.0f} % <span class=\"small\">({low * 100:.0f}–"
            f"{high * 100:.0f} %, n = {games})</span>")  # fmt: skip


def test_a_bank_chips_shares_carry_their_interval(app: Flask) -> None:
    record_strike_matches(app)  # 10 matches with buys: winners bought Sneak Attack in 10
    page = phone(app).get("/club/stats/puzzle-strike").get_data(as_text=True)
    assert shown(10, 10) in page  # Sneak Attack: a winner bought it in every match
    assert shown(4, 10) in page and shown(6, 10) in page  # Knockdown: Ben, who won 4


def test_one_rated_match_reads_as_one_match(app: Flask) -> None:
    room, (ana, ben) = finished_duel(app)
    me = profile(ana, "Ana")
    profile(ben, "Ben")
    count(ana, room)
    count(ben, room)
    player = phone(app).get(me["url"]).get_data(as_text=True)
    assert "Games" not in player
    assert '1 <span data-i18n="club_match_one">match</span>' in player
    club = phone(app).get("/club").get_data(as_text=True)
    assert '<th scope="col" data-i18n="club_games">Matches</th>' in club


def test_a_tournaments_rating_changes_show_the_uncertainty(app: Flask) -> None:
    client = phone(app)
    tid, h = create(client)
    for name in ("Ana", "Ben"):
        mine = enter(app, client, tid, h, name)
        assert post(mine, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    (table,) = current_tables(read(client, tid, h))
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    page = client.get(f"/club/t/{tid}").get_data(as_text=True)
    assert '1605 <span class="small">±645</span>' in page
    assert '1395 <span class="small">±645</span>' in page


def test_a_players_ratings_and_charts_come_in_one_game_order(app: Flask) -> None:
    client = phone(app)
    tid, h, _, (ana, ben) = linked_tournament(app, client)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    url = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200  # Puzzle Strike
    room, (duel_ana, duel_ben) = finished_duel(app)
    for duellist, mine in ((duel_ana, ana), (duel_ben, ben)):  # the same players' profiles
        code = post(mine, "/api/club/me/devices", {}).get_json()["code"]
        assert post(duellist, f"/api/club/devices/{code}", {}).status_code == 200
        count(duellist, room)
    me = ana.get("/api/club/me").get_json()["profile"]
    page = phone(app).get(me["url"]).get_data(as_text=True)
    ratings = page.split('id="ratings"', 1)[1]
    listed = [ratings.index(f"<b>{g}</b>") for g in ("Puzzle Strike", "Flash Duel")]
    charted = [ratings.index(f"<figcaption>{g}:") for g in ("Puzzle Strike", "Flash Duel")]
    assert listed == sorted(listed) and charted == sorted(charted)  # as the club page's boards


def test_the_standings_rating_carries_its_uncertainty(app: Flask) -> None:
    client = phone(app)
    tid, h, _, _ = linked_tournament(app, client)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    url = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    ratings = [s["rating"] for s in read(client, tid)["standings"]]
    assert sorted((r["after"], r["margin"]) for r in ratings) == [(1395, 645), (1605, 645)]
