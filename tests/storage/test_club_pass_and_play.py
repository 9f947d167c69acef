"""A pass-and-play table's players count their match from their own phones (#30 item 3,
docs/club.md "What counts"), on both engines: the phone that holds several seats (#27 item 2)
confirms its first seat with its own profile and shows a one-time code for each other seat
it holds, as it does for a seat no phone holds; until now it offered none and refused them
("not a seat without a phone"), so such a match never counted."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import CSRF, phone, post
from tests.web.test_club_api import count, finished_duel, profile


def join_parts(join_url: str) -> tuple[str, str]:
    """Return the join code and the seat's claim of a hand-over's join link."""
    code, query = join_url.split("/join/", 1)[1].split("?", 1)
    return code, dict(part.split("=", 1) for part in query.split("&"))["claim"]


def take_handed_seat(
    by: FlaskClient, room: str, seat: int, taker: FlaskClient, shared: bool = False
) -> None:
    """Hand a seat over from a seated phone and take it on the taker (a shared phone too)."""
    handed = post(by, f"/api/matches/{room}/seats/{seat}/hand-over", {})
    assert handed.status_code == 200, handed.get_json()
    code, claim = join_parts(handed.get_json()["join_url"])
    body = {"seat": seat, "claim": claim, **({"shared": True} if shared else {})}
    taken = post(taker, f"/api/join/{code}", body)
    assert taken.status_code == 200, taken.get_json()


def test_a_phone_holding_two_seats_shows_a_code_for_its_second_seat(app: Flask) -> None:
    room, (ana, ben_old) = finished_duel(app)
    take_handed_seat(ana, room, 1, ana, shared=True)  # Ana's phone holds both seats now
    profile(ana, "Ana")
    assert count(ana, room).get_json()["confirmed"] == 1
    state = ana.get(f"/api/club/matches/{room}/count").get_json()
    assert state["unheld"] == [{"seat": 1, "name": "Ben"}]
    made = post(ana, f"/api/club/matches/{room}/count-codes", {"seat": 1})
    assert made.status_code == 201, made.get_json()
    refused = post(ben_old, f"/api/club/matches/{room}/count-codes", {"seat": 0})
    assert refused.status_code == 403  # the phone whose seat was handed over holds none
    ben = phone(app)
    profile(ben, "Ben")
    done = ben.post(f"/api/club/count/{made.get_json()['code']}", json={},
                    headers={"X-CSRF-Token": CSRF})  # fmt: skip
    assert done.status_code == 200 and done.get_json()["counted"], done.get_json()
    seat0 = post(ana, f"/api/club/matches/{room}/count-codes", {"seat": 0})
    assert seat0.status_code == 409  # the seat the phone confirms itself gets no code


def test_a_pass_and_play_phone_confirms_only_its_own_first_seat(app: Flask) -> None:
    room, (ana, _) = finished_duel(app)
    take_handed_seat(ana, room, 1, ana, shared=True)
    profile(ana, "Ana")
    as_ben = {"X-CSRF-Token": CSRF, "X-Seat": "1"}  # the phone acting for Ben's seat
    ana.post(f"/api/club/matches/{room}/count", json={}, headers=as_ben)
    state = ana.get(f"/api/club/matches/{room}/count", headers={"X-Seat": "1"}).get_json()
    assert state["mine"] and state["unheld"] == [{"seat": 1, "name": "Ben"}]  # Ana's seat 0
