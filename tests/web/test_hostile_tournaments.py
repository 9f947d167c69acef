"""The POST fuzz of test_hostile_input.py over the tournament endpoints: never a 500,
nothing stored for a refused body."""

from __future__ import annotations

from typing import Any

from flask import Flask

from tests.helpers import CSRF, phone, post, stored
from tests.web.test_hostile_input import hostile_bodies


def test_tournament_endpoints_survive_hostile_bodies(app: Flask) -> None:
    client = phone(app)
    made = post(client, "/api/tournaments", {"name": "Friday", "players": ["Ana", "Ben", "Cid"]})
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    tid = data["tournament_id"]
    organiser = {"X-Organiser-Token": data["organiser_url"].rsplit("/", 1)[1], "X-CSRF-Token": CSRF}
    endpoints: list[tuple[str, dict[str, Any]]] = [
        (
            "/api/tournaments",
            {"name": "Friday", "players": ["Ana", "Ben"], "game": "puzzle-strike"},
        ),
        (f"/api/tournaments/{tid}/entries", {"name": "Dee", "character": "grave"}),
        (f"/api/tournaments/{tid}/players", {"name": "Eve"}),
        (f"/api/tournaments/{tid}/players/0/drop", {}),
        (f"/api/tournaments/{tid}/rounds", {"round": 1}),
        (
            f"/api/tournaments/{tid}/rounds/1/tables/1/result",
            {"wins_a": 2, "wins_b": 0, "draws": 0},
        ),
    ]
    sent = 0
    for url, good in endpoints:
        for text, must_refuse in hostile_bodies(good):
            before = stored(app)
            headers = {**organiser, "Content-Type": "application/json"}
            response = phone(app).post(
                url, data=text.encode("utf-8", "surrogatepass"), headers=headers
            )
            assert response.status_code < 500, (url, text[:120], response.get_json())
            if response.status_code >= 400 or must_refuse:
                assert 400 <= response.status_code < 500, (url, text[:120])
                assert stored(app) == before, (url, text[:120])
            sent += 1
    assert sent > 400


def test_phones_asking_to_enter_wait_at_most_32_at_once(app: Flask) -> None:
    """Cookie-less requests cannot fill a tournament with pending players: at most 32 wait
    for the organiser at one time, with a clear refusal after that."""
    made = post(phone(app), "/api/tournaments", {"name": "Open Night"}).get_json()
    tid = made["tournament_id"]
    answers = [
        post(phone(app), f"/api/tournaments/{tid}/entries", {"name": f"Player {n}"})
        for n in range(34)
    ]
    assert [a.status_code for a in answers] == [201] * 32 + [409] * 2
    assert "32 players are already waiting" in answers[-1].get_json()["error"]
