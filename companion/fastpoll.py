"""Unchanged polls answered cheaply: a 304 without going through Flask.

Almost every request a table makes is a phone's once-a-second conditional GET of the state,
and almost every answer is 304 (nothing changed). Through Flask such an answer costs about
0.2 ms of CPU (request context, routing, the hooks, the headers); this WSGI middleware
answers it from one indexed query (the match's version and seat version) and an in-memory
map of seat tokens to players (a seat, once taken, keeps its token), with the same ETag
and the same headers. Anything else — no ``If-None-Match``, a changed version, an unknown
match or seat token — goes to Flask as before, so the fast path can only ever say
"unchanged" when the full path would have said it too.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

from companion import db
from companion.security import HEADERS, SEAT_COOKIE_PREFIX

MATCH_STATE = re.compile(r"^/api/matches/([A-Za-z0-9_-]{1,100})/state$")
VIEW_STATE = re.compile(r"^/api/view/([A-Za-z0-9_-]{1,100})/state$")
MAX_SEATS_CACHED = 100_000
HSTS = "max-age=31536000"


def state_tag(version: int, seat_version: int, viewer: str | None) -> str:
    """Return the state's entity tag, unquoted (``api.state_response`` sets it too).

    The viewer's name is percent-encoded: a header is Latin-1, and a player called アナ once
    made every state read of her phone fail with a 500.
    """
    return f"v{version}.{seat_version}-{quote(viewer) if viewer else 'spectator'}"


def state_etag(version: int, seat_version: int, viewer: str | None) -> str:
    """Return the state's ETag header value (quoted)."""
    return f'"{state_tag(version, seat_version, viewer)}"'


def cookie_value(environ: dict[str, Any], name: str) -> str | None:
    """Return one cookie's value from the raw Cookie header."""
    for part in str(environ.get("HTTP_COOKIE", "")).split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value.strip('"')
    return None


class UnchangedPolls:
    """WSGI middleware: answer a conditional GET of an unchanged state with 304."""

    def __init__(self, app: Callable[..., Iterable[bytes]], database: str) -> None:
        self.app = app
        self.database = database
        self.local = threading.local()
        self.viewers: dict[tuple[str, str], str] = {}
        self.headers = [*HEADERS.items(), ("Cache-Control", "no-cache")]

    def connection(self) -> sqlite3.Connection:
        """Return this thread's connection."""
        conn: sqlite3.Connection | None = getattr(self.local, "conn", None)
        if conn is None:
            conn = db.connect(self.database)
            self.local.conn = conn
        return conn

    def viewer(self, conn: sqlite3.Connection, match_id: str, token: str) -> str | None:
        """Return the player a seat token belongs to (remembered once found)."""
        known = self.viewers.get((match_id, token))
        if known is not None:
            return known
        row = conn.execute(
            "select name from seats where match_id = ? and token_hash = ?",
            (match_id, hashlib.sha256(token.encode()).hexdigest()),
        ).fetchone()
        if row is None:
            return None
        if len(self.viewers) >= MAX_SEATS_CACHED:
            self.viewers.clear()
        self.viewers[(match_id, token)] = str(row["name"])
        return str(row["name"])

    def current_etag(self, path: str, environ: dict[str, Any]) -> str | None:
        """Return the ETag the full path would give this request now, when cheap to know."""
        conn = self.connection()
        found = MATCH_STATE.match(path)
        if found:
            match_id = found.group(1)
            row = conn.execute(
                "select version, seat_version from matches where id = ?", (match_id,)
            ).fetchone()
            if row is None:
                return None
            token = cookie_value(environ, SEAT_COOKIE_PREFIX + match_id)
            viewer = self.viewer(conn, match_id, token) if token else None
            if token and viewer is None:
                return None  # an unknown token: let the full path answer
            return state_etag(row["version"], row["seat_version"], viewer)
        found = VIEW_STATE.match(path)
        if found:
            row = conn.execute(
                "select version, seat_version from matches where view_token = ?",
                (found.group(1),),
            ).fetchone()
            return None if row is None else state_etag(row["version"], row["seat_version"], None)
        return None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Answer 304 when the phone's ETag is current; otherwise call the app."""
        sent = environ.get("HTTP_IF_NONE_MATCH")
        if sent and environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING"):
            try:
                etag = self.current_etag(environ.get("PATH_INFO", ""), environ)
            except sqlite3.Error:
                etag = None
            if etag is not None and etag in (t.strip() for t in sent.split(",")):
                headers = [*self.headers, ("ETag", etag)]
                if environ.get("wsgi.url_scheme") == "https":
                    headers.append(("Strict-Transport-Security", HSTS))
                start_response("304 NOT MODIFIED", headers)
                return [b""]
        return self.app(environ, start_response)
