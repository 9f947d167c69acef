"""A player's tournament page offers their table slip's link only while that link still
takes their seat (issue #28, item 11): once the organiser hands the seat to a new phone,
the slip's code no longer works, and the page stops showing it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import CSRF, phone, post, seat_link


def test_the_players_page_drops_the_slip_link_once_the_seat_is_handed_over(app: Flask) -> None:
    organiser_phone = phone(app)
    made = post(organiser_phone, "/api/tournaments", {"name": "Cup", "players": ["Ben"]})
    tid = made.get_json()["tournament_id"]
    org = {"X-Organiser-Token": made.get_json()["organiser_url"].rsplit("/", 1)[1],
           "X-CSRF-Token": CSRF}  # fmt: skip
    ana = phone(app)
    asked = post(ana, f"/api/tournaments/{tid}/entries", {"name": "Ana"})
    assert asked.status_code == 201, asked.get_json()
    approve = f"/api/tournaments/{tid}/players/{asked.get_json()['player']}/approve"
    assert organiser_phone.post(approve, json={}, headers=org).status_code == 200
    assert organiser_phone.post(f"/api/tournaments/{tid}/rounds", json={"round": 1},
                                headers=org).status_code == 201  # fmt: skip

    def anas_table(client: FlaskClient) -> dict[str, object]:
        data = client.get(f"/api/tournaments/{tid}").get_json()
        table: dict[str, object] = data["rounds"][-1]["tables"][0]
        return table

    slip = anas_table(ana)["your_seat_url"]
    assert isinstance(slip, str) and "/ts/" in slip
    seat = slip.split("?")[0].rsplit("/", 1)[1]
    handed = organiser_phone.post(
        f"/api/tournaments/{tid}/rounds/1/tables/1/seats/{seat}/hand-over", json={}, headers=org
    )
    assert handed.status_code == 200, handed.get_json()
    _, code, number, claim = seat_link(str(slip))
    old = post(phone(app), f"/api/join/{code}", {"seat": number, "claim": claim})
    assert old.status_code >= 400  # the slip's code no longer takes the seat...
    assert anas_table(ana)["your_seat_url"] is None  # ...so her page no longer offers it
    _, code, number, claim = seat_link(handed.get_json()["join_url"])
    assert (
        post(phone(app), f"/api/join/{code}", {"seat": number, "claim": claim}).status_code == 200
    )
