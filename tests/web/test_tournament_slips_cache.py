"""A round's slips PDF is drawn once for what it prints (issue #28, item 11: a 512-player
round's cost 3.5 s of CPU on every download): the same download again is the same bytes
undrawn, and anything printed that differs (the address, the paper, the round) draws anew."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from printkit.render import slips
from tests.helpers import CSRF, phone, post


def test_the_slips_of_a_round_are_drawn_once_per_thing_printed(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = slips.write_round_slips

    def counted(rs: Any, path: Any, paper: str = "letter") -> None:
        drawn.append(f"round {rs.round_no} {paper} {rs.slips[0].seats[0].url.split('/ts/')[0]}")
        real(rs, path, paper)

    monkeypatch.setattr(slips, "write_round_slips", counted)
    client = phone(app)
    made = post(client, "/api/tournaments", {"name": "Cup", "players": ["Ana", "Ben", "Cat",
                                                                        "Dan"]})  # fmt: skip
    tid = made.get_json()["tournament_id"]
    key = made.get_json()["organiser_url"].rsplit("/", 1)[1]
    org = {"X-Organiser-Token": key, "X-CSRF-Token": CSRF}
    url = f"/api/tournaments/{tid}/rounds/{{}}/slips.pdf?key={key}"

    def download(number: int, query: str = "", host: str = "localhost") -> bytes:
        got = client.get(url.format(number) + query, headers={"Host": host})
        assert got.status_code == 200 and got.data.startswith(b"%PDF")
        return bytes(got.data)

    assert client.post(f"/api/tournaments/{tid}/rounds", json={"round": 1},
                       headers=org).status_code == 201  # fmt: skip
    first = download(1)
    assert download(1) == first
    assert drawn == ["round 1 letter http://localhost"]
    download(1, "&paper=a4")
    download(1, host="games.example.org")  # links on the slips name another address
    for table in (1, 2):
        result = f"/api/tournaments/{tid}/rounds/1/tables/{table}/result"
        assert client.post(result, json={"wins_a": 2, "wins_b": 0}, headers=org).status_code == 200
    assert download(1) == first  # a result prints nothing on a slip: still the same PDF
    assert client.post(f"/api/tournaments/{tid}/rounds", json={"round": 2},
                       headers=org).status_code == 201  # fmt: skip
    download(2)
    assert drawn == [
        "round 1 letter http://localhost",
        "round 1 a4 http://localhost",
        "round 1 letter http://games.example.org",
        "round 2 letter http://localhost",
    ]
