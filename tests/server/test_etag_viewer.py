"""An ETag names its viewer by a keyed hash, never by name (issue #26, item 11).

The server sent ``"v2.2-Ana"``; docs/api.md says an ETag carries a hash of the viewer. The
hash is keyed by the app's secret (and the match), so guessing names and hashing them does not
find who a tag is for; the fast path (no Flask) gives the same tag and still answers 304.
"""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.server.polls import etag_key, state_tag, viewer_tag
from tests.conftest import start_duel
from tests.server.test_fastpoll import counted
from tests.web.test_tournament_api import create


def test_an_etag_does_not_carry_the_viewers_name(app: Flask) -> None:
    match_id, a, b = start_duel(app, ("Anastasia", "アナ"))
    url = f"/api/matches/{match_id}/state"
    tags = {name: p.get(url).headers["ETag"] for name, p in (("Anastasia", a), ("アナ", b))}
    for name, tag in tags.items():
        assert tag.isascii()
        assert name not in tag and quote(name) not in tag, tag
        assert hashlib.sha256(name.encode()).hexdigest()[:8] not in tag  # not a plain hash
    assert tags["Anastasia"] != tags["アナ"]
    key = etag_key(app.config["SECRET_KEY"])
    version, seats = a.get(url).get_json()["version"], 2  # both seats taken
    mine = viewer_tag(key, match_id, "Anastasia")
    assert tags["Anastasia"] == f'"{state_tag(version, seats, mine)}"'


def test_the_fast_path_answers_304_to_the_keyed_tag(app: Flask) -> None:
    match_id, a, _ = start_duel(app, ("アナ", "ベン"))
    calls = counted(app)
    url = f"/api/matches/{match_id}/state"
    etag = a.get(url).headers["ETag"]
    assert len(calls) == 1
    assert a.get(url, headers={"If-None-Match": etag}).status_code == 304
    assert len(calls) == 1  # Flask was not asked: the fast path made the same tag


def test_the_hash_is_keyed_by_the_apps_secret(tmp_path: Any) -> None:
    one = create_app({"DATABASE": str(tmp_path / "one.sqlite3"), "SECRET_KEY": "one"})
    two = create_app({"DATABASE": str(tmp_path / "two.sqlite3"), "SECRET_KEY": "two"})
    keys = [etag_key(app.config["SECRET_KEY"]) for app in (one, two)]
    assert viewer_tag(keys[0], "m1", "Ana") != viewer_tag(keys[1], "m1", "Ana")
    assert viewer_tag(keys[0], "m1", "Ana") != viewer_tag(keys[0], "m2", "Ana")  # per match
    assert viewer_tag(keys[0], "m1", "Ana") == viewer_tag(keys[0], "m1", "Ana")
    assert viewer_tag(keys[0], "m1", None) == "spectator"


def test_a_tournament_etag_does_not_say_who_reads_it(client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben"], rounds=1)
    url = f"/api/tournaments/{tid}"
    tags = [client.get(url, headers=headers).headers["ETag"] for headers in ({}, h)]
    assert tags[0] != tags[1]
    assert not any(word in tag for tag in tags for word in ("organiser", "public"))
    assert client.get(url, headers={**h, "If-None-Match": tags[1]}).status_code == 304
