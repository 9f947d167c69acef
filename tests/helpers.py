"""Helpers the web tests share: phones with their own cookies, posting like the pages do,
acting on a table, opening a room with every seat taken, reading what was stored."""

from __future__ import annotations

import sqlite3
import urllib.parse
import uuid
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

CSRF = "test-csrf-token"


def phone(app: Flask) -> FlaskClient:
    """A phone: its own cookies, and the CSRF cookie a page would have set."""
    client = app.test_client()
    client.set_cookie("csrf", CSRF)
    return client


def post(client: FlaskClient, url: str, body: Any, csrf: bool = True) -> Any:
    """POST JSON the way the app's pages do."""
    headers = {"X-CSRF-Token": CSRF} if csrf else {}
    return client.post(url, json=body, headers=headers)


def start_duel(
    app: Flask, players: tuple[str, str] = ("Ana", "Ben")
) -> tuple[str, FlaskClient, FlaskClient]:
    """Start a 2-player match on phone A (seat 0) and join phone B (seat 1)."""
    a, b = phone(app), phone(app)
    made = post(
        a, "/api/matches", {"players": list(players), "seat": 0, "recommended": "First Game"}
    )
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    joined = post(b, f"/api/join/{data['join_code']}", {"seat": 1})
    assert joined.status_code == 200, joined.get_json()
    return data["match_id"], a, b


def act(client: FlaskClient, match_id: str, action: dict[str, Any], key: str | None = None) -> Any:
    """Post an action based on the phone's latest version."""
    version = client.get(f"/api/matches/{match_id}/state").get_json()["version"]
    body = {"action": action, "base_version": version, "idempotency_key": key or uuid.uuid4().hex}
    return post(client, f"/api/matches/{match_id}/actions", body)


def open_room(app: Flask, body: dict[str, Any]) -> tuple[str, dict[str, Any], list[FlaskClient]]:
    """Open a room on phone 0 and seat every other player on a phone of their own."""
    first = phone(app)
    made = post(first, "/api/rooms", {**body, "seat": 0})
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    phones = [first]
    for seat in range(1, len(body["players"])):
        other = phone(app)
        assert post(other, f"/api/join/{data['join_code']}", {"seat": seat}).status_code == 200
        phones.append(other)
    return data["match_id"], data, phones


def state(client: FlaskClient, room: str) -> dict[str, Any]:
    """Read a room as this phone sees it."""
    response = client.get(f"/api/matches/{room}/state")
    assert response.status_code == 200, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def stored(app: Flask) -> dict[str, int]:
    """Count the rows of every table of the app's database (to prove nothing was stored)."""
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        tables = [r[0] for r in conn.execute("select name from sqlite_master where type='table'")]
        counts = {t: conn.execute(f"select count(*) from {t}").fetchone()[0] for t in tables}
    conn.close()
    return {t: n for t, n in counts.items() if not t.startswith("_")}


def seat_link(url: str) -> tuple[str, str, int, str | None]:
    """Split a tournament seat link: (page path with its query, join code, seat, claim code)."""
    link = urllib.parse.urlsplit(url)
    code, seat = link.path.split("/ts/")[1].split("/")
    claim = urllib.parse.parse_qs(link.query).get("claim", [None])[0]
    return link.path + ("?" + link.query if link.query else ""), code, int(seat), claim


def close_fast_polls(app: Flask) -> None:
    """Close the connections the app's fast-poll middleware opened in each thread that
    called it (the front's threads too): a test's app is done with before its database."""
    from companion.server.polls import UnchangedPolls

    layer: Any = app.wsgi_app
    while layer is not None:
        if isinstance(layer, UnchangedPolls):
            layer.close()
        layer = getattr(layer, "app", None)
