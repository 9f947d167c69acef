"""Unchanged polls answered cheaply: a 304 without going through Flask, and a bounded long poll.

Almost every request a table makes is a phone's once-a-second conditional GET of the state,
and almost every answer is 304 (nothing changed). Through Flask such an answer costs about
0.2 ms of CPU (request context, routing, the hooks, the headers); this WSGI middleware
answers it from one indexed query (the match's version and seat version) and an in-memory
map of seat tokens to players (a seat, once taken, keeps its token), with the same ETag
and the same headers. Anything else — no ``If-None-Match``, a changed version, an unknown
match or seat token — goes to Flask as before, so the fast path can only ever say
"unchanged" when the full path would have said it too.

A long poll (``?wait=N``, N up to 25 seconds, with ``If-None-Match``) holds an unchanged
answer until the table changes or N seconds pass: a phone then asks about once per change
instead of once a second. A waiting request holds a server thread, so each process lets at
most ``long_polls`` of them wait; past that, the answer is an immediate 304 and the phone
simply polls again a second later. One watcher thread per process reads the version of
every watched match every WATCH_SECONDS (one query, whichever process wrote) and wakes the
requests whose match changed; a woken request goes to Flask for the new state.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

from companion import db
from companion.security import HEADERS, SEAT_COOKIE_PREFIX

MATCH_STATE = re.compile(r"^/api/matches/([A-Za-z0-9_-]{1,100})/state$")
VIEW_STATE = re.compile(r"^/api/view/([A-Za-z0-9_-]{1,100})/state$")
WAIT = re.compile(r"^wait=(\d{1,2})$")
MAX_WAIT = 25
WATCH_SECONDS = 0.15
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


class Watcher:
    """One thread per process that wakes long polls when their match's version moves."""

    def __init__(self, database: str, limit: int) -> None:
        self.database = database
        self.limit = limit
        self.lock = threading.Lock()
        self.waiting: dict[str, list[tuple[tuple[int, int], threading.Event]]] = {}
        self.count = 0
        self.thread: threading.Thread | None = None

    def wait(self, match_id: str, seen: tuple[int, int], seconds: float) -> bool | None:
        """Wait until the match's (version, seat version) differs from ``seen``.

        Return True when it changed, False when the time ran out, None when too many
        requests already wait in this process (the caller answers at once).
        """
        event = threading.Event()
        with self.lock:
            if self.count >= self.limit:
                return None
            self.count += 1
            self.waiting.setdefault(match_id, []).append((seen, event))
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, name="long-polls", daemon=True)
                self.thread.start()
        try:
            return event.wait(seconds)
        finally:
            with self.lock:
                self.count -= 1
                entry = self.waiting.get(match_id, [])
                if (seen, event) in entry:
                    entry.remove((seen, event))
                if not entry:
                    self.waiting.pop(match_id, None)

    def run(self) -> None:
        """Read the watched matches' versions every WATCH_SECONDS; wake what changed."""
        conn = db.connect(self.database)
        while True:
            time.sleep(WATCH_SECONDS)
            with self.lock:
                watched = list(self.waiting)
            if not watched:
                continue
            try:
                current = self.versions(conn, watched)
            except sqlite3.Error:
                continue
            with self.lock:
                for match_id in watched:
                    now = current.get(match_id, (-1, -1))  # deleted: wake, Flask says 404
                    for seen, event in self.waiting.get(match_id, []):
                        if seen != now:
                            event.set()

    @staticmethod
    def versions(conn: sqlite3.Connection, ids: list[str]) -> dict[str, tuple[int, int]]:
        """Return the (version, seat version) of matches (a deleted one is missing)."""
        found: dict[str, tuple[int, int]] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in conn.execute(
                f"select id, version, seat_version from matches where id in ({marks})", chunk
            ):
                found[row["id"]] = (row["version"], row["seat_version"])
        return found


class UnchangedPolls:
    """WSGI middleware: answer a conditional GET of an unchanged state with 304."""

    def __init__(
        self, app: Callable[..., Iterable[bytes]], database: str, long_polls: int = 0
    ) -> None:
        self.app = app
        self.database = database
        self.local = threading.local()
        self.viewers: dict[tuple[str, str], str] = {}
        self.headers = [*HEADERS.items(), ("Cache-Control", "no-cache")]
        self.watcher = Watcher(database, long_polls)

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

    def current(self, path: str, environ: dict[str, Any]) -> tuple[str, str, tuple[int, int]]:
        """Return (ETag the full path would give now, match id, versions), when cheap to know.

        :raises LookupError: when the full path must answer (unknown match or seat token).
        """
        conn = self.connection()
        found = MATCH_STATE.match(path)
        if found:
            match_id = found.group(1)
            row = conn.execute(
                "select id, version, seat_version from matches where id = ?", (match_id,)
            ).fetchone()
            token = cookie_value(environ, SEAT_COOKIE_PREFIX + match_id)
            viewer = self.viewer(conn, match_id, token) if token and row else None
            if row is None or (token and viewer is None):
                raise LookupError(path)
        else:
            found = VIEW_STATE.match(path)
            if not found:
                raise LookupError(path)
            row = conn.execute(
                "select id, version, seat_version from matches where view_token = ?",
                (found.group(1),),
            ).fetchone()
            if row is None:
                raise LookupError(path)
            viewer = None
        seen = (int(row["version"]), int(row["seat_version"]))
        return state_etag(*seen, viewer), str(row["id"]), seen

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Answer 304 when the phone's ETag is current (after waiting, for a long poll)."""
        sent = environ.get("HTTP_IF_NONE_MATCH")
        query = str(environ.get("QUERY_STRING", ""))
        wait = WAIT.match(query)
        if not sent or environ.get("REQUEST_METHOD") != "GET" or (query and not wait):
            return self.app(environ, start_response)
        try:
            etag, match_id, seen = self.current(str(environ.get("PATH_INFO", "")), environ)
        except (LookupError, sqlite3.Error):
            return self.app(environ, start_response)
        if etag not in (t.strip() for t in str(sent).split(",")):
            return self.app(environ, start_response)
        seconds = min(MAX_WAIT, int(wait.group(1))) if wait else 0
        if seconds and self.watcher.wait(match_id, seen, seconds):
            return self.app(environ, start_response)  # changed: the full, new state
        headers = [*self.headers, ("ETag", etag)]
        if environ.get("wsgi.url_scheme") == "https":
            headers.append(("Strict-Transport-Security", HSTS))
        start_response("304 NOT MODIFIED", headers)
        return [b""]
