"""Unchanged polls answered cheaply: a 304 without going through Flask.

Almost every request a table makes is a phone's conditional GET of the state, and almost
every answer is 304 (nothing changed). Through Flask such an answer costs about 0.2 ms of CPU
(request context, routing, the hooks, the headers); ``PollCheck`` decides it from one indexed
query (the match's version and seat version) and an in-memory map of seat tokens to players
(a seat, once taken, keeps its token), and gives the same ETag the full path would. Anything
else — no ``If-None-Match``, a changed version, an unknown match or seat token — goes to
Flask as before, so the fast path can only ever say "unchanged" when the full path would
have said it too.

Two servers use it: ``companion.server.front`` (the ASGI front that ``companion serve`` runs, which
also holds long polls) and ``UnchangedPolls`` below, for the WSGI app served any other way
(``flask run``, a WSGI server of the host's choice, the tests' client). Under WSGI a long poll
(``?wait=N``) is answered at once: holding it would hold a thread.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.storage import db, polling
from companion.storage import seats as seating
from companion.storage.engine import ERRORS, Connection
from companion.web.security import HEADERS, HSTS, SEAT_COOKIE_PREFIX

MATCH_STATE = re.compile(r"^/api/matches/([A-Za-z0-9_-]{1,100})/state$")
VIEW_STATE = re.compile(r"^/api/view/([A-Za-z0-9_-]{1,100})/state$")
WAIT = re.compile(r"^wait=(\d{1,2})$")
MAX_WAIT = 25
MAX_SEATS_CACHED = 100_000
VIEWER_HASH = 20
"""Hex digits of a viewer's hash in an ETag (80 bits: no two seats of a match meet)."""
NOT_MODIFIED_HEADERS = [*HEADERS.items(), ("Cache-Control", "no-cache")]


def etag_key(secret: object) -> bytes:
    """Return the key of the viewers' hashes in ETags, made from the app's secret."""
    return made_etag_key(str(secret))


@functools.lru_cache(maxsize=8)
def made_etag_key(secret: str) -> bytes:
    """Return ``etag_key`` (made once per secret: every state answer asks for it)."""
    return hmac.new(secret.encode(), b"strikekit etag viewer", hashlib.sha256).digest()


def viewer_tag(key: bytes, match_id: str, viewer: str | None) -> str:
    """Return who an ETag is for: a keyed hash of the match and the viewer's name (ASCII,
    whatever the name; not found by hashing guessed names), or 'spectator'."""
    if not viewer:
        return "spectator"
    message = f"{match_id}\n{viewer}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:VIEWER_HASH]


def state_tag(version: int, seat_version: int, viewer: str) -> str:
    """Return the state's entity tag, unquoted, for a ``viewer_tag`` (``state_response``
    sets the same one)."""
    return f"v{version}.{seat_version}-{viewer}"


def state_etag(version: int, seat_version: int, viewer: str) -> str:
    """Return the state's ETag header value (quoted)."""
    return f'"{state_tag(version, seat_version, viewer)}"'


def cookie_value(cookies: str, name: str) -> str | None:
    """Return one cookie's value from a raw Cookie header."""
    for part in cookies.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value.strip('"')
    return None


@dataclass(frozen=True)
class Poll:
    """A conditional GET of a state, as the fast path reads it."""

    method: str
    path: str
    query: str
    cookies: str
    if_none_match: str


@dataclass(frozen=True)
class Unchanged:
    """The answer is 304 with ``etag``; hold it up to ``wait`` seconds for a change first."""

    etag: str
    match_id: str
    seen: tuple[int, int]
    wait: int


def close_quietly(conn: Connection) -> None:
    """Close a connection that may be broken already."""
    try:
        conn.close()
    except Exception:  # noqa: BLE001  (already broken)
        pass


def may_be_unchanged(poll: Poll) -> bool:
    """Whether the fast path may answer a request (a conditional GET of a state), decided
    without the database."""
    if not poll.if_none_match or poll.method != "GET":
        return False
    if poll.query and not WAIT.match(poll.query):
        return False
    return bool(MATCH_STATE.match(poll.path) or VIEW_STATE.match(poll.path))


class PollCheck:
    """Decide from the database alone whether a poll's state is unchanged."""

    def __init__(self, database: str, key: bytes) -> None:
        self.database = database
        self.key = key
        """``etag_key`` of the app's secret: the ETags name their viewers as Flask does."""
        self.local = threading.local()
        self.opened: list[Connection] = []
        """Every thread's connection (closed together when the server stops)."""
        self.lock = threading.Lock()
        self.viewers: dict[tuple[str, str], tuple[str, int]] = {}
        """(match id, seat token) -> (player, the match's seat version when it was read): a
        seat change (a hand-over) makes every remembered token of that match be read again."""

    def connection(self) -> Connection:
        """Return this thread's connection."""
        conn: Connection | None = getattr(self.local, "conn", None)
        if conn is None:
            conn = db.connect(self.database, request=True)
            self.local.conn = conn
            with self.lock:
                self.opened.append(conn)
        return conn

    def forget_connection(self) -> None:
        """Drop this thread's connection after an error: the next call opens a new one."""
        conn: Connection | None = getattr(self.local, "conn", None)
        self.local.conn = None
        if conn is not None:
            with self.lock:
                self.opened.remove(conn)
            close_quietly(conn)

    def close(self) -> None:
        """Close every thread's connection (the threads are done)."""
        with self.lock:
            opened, self.opened = self.opened, []
        for conn in opened:
            close_quietly(conn)

    def viewer(self, conn: Connection, match_id: str, token: str, seat_version: int) -> str | None:
        """Return the player a seat token belongs to (remembered while the seats stay)."""
        known = self.viewers.get((match_id, token))
        if known is not None and known[1] == seat_version:
            return known[0]
        name = seating.seat_of(conn, match_id, token)
        if name is None:
            return None
        if len(self.viewers) >= MAX_SEATS_CACHED:
            self.viewers.clear()
        self.viewers[(match_id, token)] = (name, seat_version)
        return name

    def current(self, path: str, cookies: str) -> tuple[str, str, tuple[int, int]]:
        """Return (ETag the full path would give now, match id, versions), when cheap to know.

        :raises LookupError: when the full path must answer (unknown match or seat token).
        """
        conn = self.connection()
        found = MATCH_STATE.match(path)
        if found:
            match_id = found.group(1)
            row = polling.match_versions(conn, match_id)
            token = cookie_value(cookies, SEAT_COOKIE_PREFIX + match_id)
            seats = int(row["seat_version"]) if row else 0
            viewer = self.viewer(conn, match_id, token, seats) if token and row else None
            if row is None or (token and viewer is None):
                raise LookupError(path)
        else:
            found = VIEW_STATE.match(path)
            if not found:
                raise LookupError(path)
            row = polling.viewed_versions(conn, found.group(1))
            if row is None:
                raise LookupError(path)
            viewer = None
        seen = (int(row["version"]), int(row["seat_version"]))
        return state_etag(*seen, viewer_tag(self.key, str(row["id"]), viewer)), str(row["id"]), seen

    def unchanged(self, poll: Poll) -> Unchanged | None:
        """Return how to answer 304 without Flask, or None when Flask must answer."""
        if not may_be_unchanged(poll):
            return None
        wait = WAIT.match(poll.query)
        try:
            etag, match_id, seen = self.current(poll.path, poll.cookies)
        except LookupError:
            return None
        except ERRORS:
            self.forget_connection()  # a PostgreSQL server restarted: connect again next time
            return None
        except db.DatabaseProblem:  # PostgreSQL does not answer now: Flask says so
            return None
        if etag not in (t.strip() for t in poll.if_none_match.split(",")):
            return None
        return Unchanged(etag, match_id, seen, min(MAX_WAIT, int(wait.group(1))) if wait else 0)


class UnchangedPolls:
    """WSGI middleware: answer a conditional GET of an unchanged state with 304."""

    def __init__(self, app: Callable[..., Iterable[bytes]], database: str, key: bytes) -> None:
        self.app = app
        self.check = PollCheck(database, key)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Answer 304 when the phone's ETag is current, else call the app."""
        poll = Poll(
            str(environ.get("REQUEST_METHOD", "")),
            str(environ.get("PATH_INFO", "")),
            str(environ.get("QUERY_STRING", "")),
            str(environ.get("HTTP_COOKIE", "")),
            str(environ.get("HTTP_IF_NONE_MATCH", "")),
        )
        found = self.check.unchanged(poll)
        if found is None:
            return self.app(environ, start_response)
        headers = [*NOT_MODIFIED_HEADERS, ("ETag", found.etag)]
        if environ.get("wsgi.url_scheme") == "https":
            headers.append(("Strict-Transport-Security", HSTS))
        start_response("304 NOT MODIFIED", headers)
        return [b""]

    def close(self) -> None:
        """Close the connections its threads opened (the app is done with: tests)."""
        self.check.close()
