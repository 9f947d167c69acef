"""Unchanged polls answered without Flask: the same ETag and headers, and only when the full
path would have said 304 too."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Flask

from companion.server.polls import UnchangedPolls, viewer_tag
from companion.web.security import HEADERS
from tests.conftest import act, phone, post, start_duel


def counted(app: Flask) -> list[int]:
    """Count the requests that reach Flask (behind the fast path)."""
    fast = app.wsgi_app
    assert isinstance(fast, UnchangedPolls)
    calls: list[int] = []
    inner = fast.app

    def flask_app(environ: dict[str, Any], start_response: Any) -> Any:
        calls.append(1)
        return inner(environ, start_response)

    fast.app = flask_app
    return calls


def test_an_unchanged_poll_is_answered_without_flask(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    calls = counted(app)
    url = f"/api/matches/{match_id}/state"
    first = a.get(url)
    assert first.status_code == 200 and len(calls) == 1
    again = a.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and len(calls) == 1  # Flask was not asked
    assert again.headers["ETag"] == first.headers["ETag"]
    for name, value in HEADERS.items():
        assert again.headers[name] == value


def test_a_change_goes_through_flask_and_gives_the_new_state(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    etag = b.get(url).headers["ETag"]
    calls = counted(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    calls.clear()
    changed = b.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and len(calls) == 1
    assert changed.get_json()["version"] == 1
    assert changed.headers["ETag"] != etag


def test_a_new_player_changes_the_etag(app: Flask) -> None:
    a = phone(app)
    made = post(a, "/api/matches", {"players": ["Ana", "Ben"], "seat": 0}).get_json()
    url = f"/api/matches/{made['match_id']}/state"
    etag = a.get(url).headers["ETag"]
    assert post(phone(app), f"/api/join/{made['join_code']}", {"seat": 1}).status_code == 200
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_spectators_and_strangers(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    view_url = a.get(f"/api/matches/{match_id}/state").get_json()["links"]["view_url"]
    path = "/api/view/" + view_url.rsplit("/", 1)[1] + "/state"
    calls = counted(app)
    etag = app.test_client().get(path).headers["ETag"]
    assert app.test_client().get(path, headers={"If-None-Match": etag}).status_code == 304
    assert len(calls) == 1
    stranger = app.test_client()
    stranger.set_cookie(f"seat_{match_id}", "not-a-real-token")
    url = f"/api/matches/{match_id}/state"
    spectator_etag = stranger.get(url).headers["ETag"]
    assert "spectator" in spectator_etag
    calls.clear()
    assert stranger.get(url, headers={"If-None-Match": spectator_etag}).status_code == 304
    assert len(calls) == 1  # an unknown token is left to the full path


def test_a_deleted_match_is_a_404_not_a_304(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    etag = a.get(url).headers["ETag"]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        for table in ("events", "seats"):
            conn.execute(f"delete from {table} where match_id = ?", (match_id,))
        conn.execute("delete from matches where id = ?", (match_id,))
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 404


def test_japanese_names_give_an_ascii_etag(app: Flask) -> None:
    """A header is Latin-1: waitress answered 500 to every state read of アナ's phone."""
    match_id, a, _ = start_duel(app, ("アナ", "ベン"))
    calls = counted(app)
    url = f"/api/matches/{match_id}/state"
    etag = a.get(url).headers["ETag"]
    assert etag.isascii() and "%E3" not in etag  # a keyed hash of the viewer (#26)
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert len(calls) == 1


def test_the_fast_path_can_be_turned_off(tmp_path: Any) -> None:
    from companion import create_app

    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3"), "HOSTING_FAST_POLLS": False})
    assert not isinstance(app.wsgi_app, UnchangedPolls)


def test_under_wsgi_a_long_poll_is_answered_at_once(app: Flask) -> None:
    """Holding it would hold a WSGI thread: only the front (companion.server.front) waits."""
    match_id, a, _ = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    etag = a.get(url).headers["ETag"]
    calls = counted(app)
    assert a.get(url + "?wait=20", headers={"If-None-Match": etag}).status_code == 304
    assert not calls


def test_other_query_strings_go_to_flask(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    etag = a.get(url).headers["ETag"]
    calls = counted(app)
    assert a.get(url + "?wait=x", headers={"If-None-Match": etag}).status_code == 304
    assert len(calls) == 1


def test_a_handed_over_seat_token_is_forgotten_by_the_fast_path(app: Flask) -> None:
    """After a hand-over, the old phone's token names nobody on the fast path either: the
    remembered token -> player pair is dropped with the seat change."""
    match_id, a, b = start_duel(app)
    url = f"/api/matches/{match_id}/state"
    assert a.get(url).status_code == 200
    fast = app.wsgi_app
    assert isinstance(fast, UnchangedPolls)
    old_cookie = f"seat_{match_id}={a.get_cookie(f'seat_{match_id}').value}"
    ana = viewer_tag(fast.check.key, match_id, "Ana")
    assert fast.check.current(url, old_cookie)[0].endswith(f'-{ana}"')  # remembered
    handed = post(b, f"/api/matches/{match_id}/seats/0/hand-over", {})
    assert handed.status_code == 200, handed.get_json()
    try:
        fast.check.current(url, old_cookie)
    except LookupError:
        return  # the full path answers, and refuses the old token
    raise AssertionError("the fast path still took the handed-over token for Ana")
