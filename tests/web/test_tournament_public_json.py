"""The public view of a tournament is built once per version and cached as it should be
(issue #28, item 11: every spectator's poll built it again, and its headers let a shared
cache keep an organiser's view, which holds the seats' links): spectators' phones share one
build until something changes; a phone that has the version gets a 304; organiser's and
players' views are private and never served from the public copy."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.web.tournaments import views
from tests.helpers import CSRF, phone, post


def test_spectators_share_one_build_per_version_and_revalidate(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    organiser_phone = phone(app)
    made = post(organiser_phone, "/api/tournaments", {"name": "Cup", "players": [
        "Ana", "Ben", "Cat", "Dan"]})  # fmt: skip
    tid = made.get_json()["tournament_id"]
    org = {"X-Organiser-Token": made.get_json()["organiser_url"].rsplit("/", 1)[1],
           "X-CSRF-Token": CSRF}  # fmt: skip
    assert organiser_phone.post(f"/api/tournaments/{tid}/rounds", json={"round": 1},
                                headers=org).status_code == 201  # fmt: skip
    built: list[bool] = []
    real = views.state_json

    def counted(conn: Any, row: Any, catalog: Any, organiser: bool, *rest: Any) -> Any:
        built.append(organiser)
        return real(conn, row, catalog, organiser, *rest)

    monkeypatch.setattr(views, "state_json", counted)
    spectators = [phone(app) for _ in range(3)]
    answers = [s.get(f"/api/tournaments/{tid}") for s in spectators]
    assert [a.status_code for a in answers] == [200] * 3
    assert len({a.data for a in answers}) == 1 and built == [False]
    first = answers[0]
    assert first.headers["Cache-Control"] == "public, no-cache"
    assert {"Cookie", "X-Organiser-Token"} <= set(first.vary)
    again = spectators[0].get(f"/api/tournaments/{tid}",
                              headers={"If-None-Match": first.headers["ETag"]})  # fmt: skip
    assert again.status_code == 304 and built == [False]

    own = organiser_phone.get(f"/api/tournaments/{tid}", headers=org)
    assert own.headers["Cache-Control"] == "private, no-cache" and "log" in own.get_json()
    assert "log" not in first.get_json() and "seat_urls" not in str(first.get_json())
    assert built == [False, True]

    result = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    assert organiser_phone.post(result, json={"wins_a": 2, "wins_b": 1},
                                headers=org).status_code == 200  # fmt: skip
    later = spectators[1].get(f"/api/tournaments/{tid}",
                              headers={"If-None-Match": first.headers["ETag"]})  # fmt: skip
    assert later.status_code == 200 and later.get_json()["rounds"][0]["tables"][0]["result"]
    assert spectators[2].get(f"/api/tournaments/{tid}").data == later.data
    assert built == [False, True, False]
