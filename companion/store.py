"""Matches and their event logs in SQLite; the state is always replayed from the log.

Every write runs in one ``BEGIN IMMEDIATE`` transaction under the process-wide write lock:
it checks the idempotency key (a retried write is answered, not applied again), checks the
version the client based its action on (a stale write is refused with the current state),
applies the action with the pure rules, and appends the event. Replayed states are cached
per match and version.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.db import WRITE_LOCK
from companion.game import rooms
from printkit.catalog import Catalog

CACHE_SIZE = 512
TOKEN_BYTES = 16  # 128 bits for match ids, join codes and view tokens
SEAT_TOKEN_BYTES = 32


class StoreError(ValueError):
    """A request the store refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, state: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.state = state


Stack = tuple[int, "Stack"] | None
"""An immutable linked stack of positions: (top, rest). Push and pop are O(1)."""
HISTORY = 50


@dataclass
class Cached:
    """A replayed match at one version, and the JSON answers already made for it.

    It holds no copy of the log: writing costs the same however long the match is.
    """

    version: int
    rules: rooms.Rules
    setup: Any
    state: Any
    lines: tuple[str, ...]
    """The last lines of the history (at most HISTORY)."""
    applied: Stack = None
    """Positions of the actions in effect, the latest on top."""
    undone: Stack = None
    """Positions of undone actions that redo brings back, the last undone on top."""
    answers: dict[str, bytes] = field(default_factory=dict)
    """Response bodies by seat version and viewer, made once per version."""

    def can_undo_redo(self) -> tuple[bool, bool]:
        """Return (can undo, can redo)."""
        return self.applied is not None and self.undo_allowed(), self.undone is not None

    def undo_allowed(self) -> bool:
        """Whether the rules let one more action in a row be undone."""
        depth = self.rules.undo_depth
        return depth is None or stack_depth(self.undone) < depth


def stack_depth(stack: Stack) -> int:
    """Count the entries of a stack."""
    count = 0
    while stack is not None:
        count, stack = count + 1, stack[1]
    return count


def stack_of(positions: list[int]) -> Stack:
    """Build a stack whose top is the last position."""
    stack: Stack = None
    for position in positions:
        stack = (position, stack)
    return stack


def read_log(conn: sqlite3.Connection, match_id: str, version: int) -> list[sqlite3.Row]:
    """Return a match's events up to a version, oldest first."""
    return conn.execute(
        "select kind, payload, line from events where match_id = ? and version <= ? "
        "order by version",
        (match_id, version),
    ).fetchall()


_cache: OrderedDict[str, Cached] = OrderedDict()
_cache_lock = threading.Lock()


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """Run a write under the process write lock in one IMMEDIATE transaction."""
    with WRITE_LOCK:
        conn.execute("begin immediate")
        try:
            yield
            conn.execute("commit")
        except BaseException:
            conn.execute("rollback")
            raise


def now() -> str:
    """Return the time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def hash_token(token: str) -> str:
    """Hash a seat token for storage (the token itself lives only in the phone's cookie)."""
    return hashlib.sha256(token.encode()).hexdigest()


def create_match(
    conn: sqlite3.Connection, setup_json: dict[str, Any], players: Sequence[str], catalog: Catalog
) -> dict[str, str]:
    """Store a new room and its empty seats; return its id, join code and view token.

    :raises rooms.RoomError: when the room's rules refuse the setup (nothing is written).
    """
    rules = rooms.rules_for(setup_json)
    rules.start(rules.read_setup(setup_json), catalog)
    ids = {
        "id": secrets.token_urlsafe(TOKEN_BYTES),
        "join_code": secrets.token_urlsafe(TOKEN_BYTES),
        "view_token": secrets.token_urlsafe(TOKEN_BYTES),
    }
    with write_transaction(conn):
        conn.execute(
            "insert into matches (id, created, setup, join_code, view_token) values (?,?,?,?,?)",
            (ids["id"], now(), json.dumps(setup_json), ids["join_code"], ids["view_token"]),
        )
        conn.executemany(
            "insert into seats (match_id, seat, name) values (?,?,?)",
            [(ids["id"], i, name) for i, name in enumerate(players)],
        )
    return ids


def find_match(
    conn: sqlite3.Connection,
    *,
    match_id: str | None = None,
    join_code: str | None = None,
    view_token: str | None = None,
) -> sqlite3.Row:
    """Return a match row by id, join code or view token.

    :raises StoreError: 404 when there is no such match.
    """
    if match_id is not None:
        row = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
    elif join_code is not None:
        row = conn.execute("select * from matches where join_code = ?", (join_code,)).fetchone()
    else:
        row = conn.execute("select * from matches where view_token = ?", (view_token,)).fetchone()
    if row is None:
        raise StoreError(404, "no such match (check the link or the code)")
    found: sqlite3.Row = row
    return found


def seats(conn: sqlite3.Connection, match_id: str) -> list[dict[str, Any]]:
    """Return the seats of a match and whether each is taken."""
    rows = conn.execute(
        "select seat, name, token_hash is not null as taken from seats "
        "where match_id = ? order by seat",
        (match_id,),
    ).fetchall()
    return [{"seat": r["seat"], "name": r["name"], "taken": bool(r["taken"])} for r in rows]


def match_and_seat(
    conn: sqlite3.Connection, match_id: str, token: str | None
) -> tuple[sqlite3.Row, str | None]:
    """Return a match and the player a seat token belongs to in it, in one query.

    :raises StoreError: 404 when there is no such match.
    """
    row = conn.execute(
        "select m.*, s.name as seated from matches m left join seats s "
        "on s.match_id = m.id and s.token_hash = ? where m.id = ?",
        (hash_token(token) if token else "", match_id),
    ).fetchone()
    if row is None:
        raise StoreError(404, "no such match (check the link or the code)")
    found: sqlite3.Row = row
    return found, None if row["seated"] is None else str(row["seated"])


def seat_of(conn: sqlite3.Connection, match_id: str, token: str | None) -> str | None:
    """Return the player name a seat token belongs to in this match, if any."""
    if not token:
        return None
    row = conn.execute(
        "select name from seats where match_id = ? and token_hash = ?",
        (match_id, hash_token(token)),
    ).fetchone()
    return None if row is None else str(row["name"])


def claim_seat(conn: sqlite3.Connection, match_id: str, seat: int) -> tuple[str, str]:
    """Claim a free seat; return (player name, new seat token).

    :raises StoreError: 404 for no such seat, 409 when it is taken.
    """
    token = secrets.token_urlsafe(SEAT_TOKEN_BYTES)
    with write_transaction(conn):
        row = conn.execute(
            "select name, token_hash from seats where match_id = ? and seat = ?",
            (match_id, seat),
        ).fetchone()
        if row is None:
            raise StoreError(404, f"this match has no seat {seat}")
        if row["token_hash"] is not None:
            raise StoreError(409, f"{row['name']}'s seat is already taken")
        conn.execute(
            "update seats set token_hash = ? where match_id = ? and seat = ?",
            (hash_token(token), match_id, seat),
        )
        conn.execute("update matches set seat_version = seat_version + 1 where id = ?", (match_id,))
    return str(row["name"]), token


def load(conn: sqlite3.Connection, match: sqlite3.Row, catalog: Catalog) -> Cached:
    """Return the replayed match at its stored version (from the cache when current)."""
    match_id, version = match["id"], int(match["version"])
    with _cache_lock:
        hit = _cache.get(match_id)
        if hit is not None and hit.version == version:
            _cache.move_to_end(match_id)
            return hit
    rows = read_log(conn, match_id, version)
    events = [(r["kind"], json.loads(r["payload"])) for r in rows]
    setup_json = json.loads(match["setup"])
    rules = rooms.rules_for(setup_json)
    setup = rules.read_setup(setup_json)
    applied, undone = rooms.stacks_of(events)
    state = rooms.replay(rules, setup, events, catalog)
    lines = tuple(r["line"] for r in rows[-HISTORY:])
    applied_stack = stack_of([p for p, _ in applied])
    undone_stack = stack_of([p for p, _ in undone])
    cached = Cached(version, rules, setup, state, lines, applied_stack, undone_stack)
    remember(match_id, cached)
    return cached


def remember(match_id: str, cached: Cached) -> None:
    """Keep a replayed state for later reads."""
    with _cache_lock:
        _cache[match_id] = cached
        _cache.move_to_end(match_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def append(
    conn: sqlite3.Connection,
    match_id: str,
    actor: str,
    kind: str,
    action: dict[str, Any] | None,
    base_version: int,
    idem: str,
    catalog: Catalog,
) -> Cached:
    """Append an action (or an undo / redo) by a seated player; return the new state.

    :raises StoreError: 409 (stale base version, nothing to undo/redo), 422 (the rules refuse).
    """
    with write_transaction(conn):
        result = append_locked(conn, match_id, actor, kind, action, base_version, idem, catalog)
    remember(match_id, result)
    return result


def append_locked(
    conn: sqlite3.Connection,
    match_id: str,
    actor: str,
    kind: str,
    action: dict[str, Any] | None,
    base_version: int,
    idem: str,
    catalog: Catalog,
) -> Cached:
    """The body of ``append``, inside the transaction."""
    match = find_match(conn, match_id=match_id)
    current = load(conn, match, catalog)
    if base_version != current.version:
        # A retry of a write that was applied carries the version it was based on, which is
        # no longer current: answer it without applying it again. Anything else is stale.
        done = conn.execute(
            "select version from events where match_id = ? and idem = ?", (match_id, idem)
        ).fetchone()
        if done is not None:
            return current
        raise StoreError(
            409, "the table changed: look at it again and retry", {"version": current.version}
        )
    position = current.version  # events are numbered from 1; positions from 0
    applied, undone = current.applied, current.undone
    if kind == "action":
        if action is None:
            raise StoreError(400, "an action is needed")
        state = current.rules.apply(current.state, action, actor, catalog, position)
        line = current.rules.describe(action, actor, state)
        payload: Any = {"actor": actor, "action": action}
        applied, undone = (position, applied), None
    else:
        source = applied if kind == "undo" else undone
        if source is None:
            raise StoreError(409, f"there is nothing to {kind}")
        if kind == "undo" and not current.undo_allowed():
            raise StoreError(409, "only the last action can be taken back here, once")
        moved, rest = source
        if kind == "undo":
            applied, undone = rest, (moved, undone)
        else:
            applied, undone = (moved, applied), rest
        rows = read_log(conn, match_id, current.version)
        line = f"{actor} {'undid' if kind == 'undo' else 'redid'}: {rows[moved]['line']}"
        payload = {"actor": actor}
        events = [(r["kind"], json.loads(r["payload"])) for r in rows] + [(kind, payload)]
        state = rooms.replay(current.rules, current.setup, events, catalog)
    version = current.version + 1
    try:
        conn.execute(
            "insert into events (match_id, version, kind, payload, actor, idem, line, created) "
            "values (?,?,?,?,?,?,?,?)",
            (match_id, version, kind, json.dumps(payload), actor, idem, line, now()),
        )
    except sqlite3.IntegrityError:  # the key was already used: a client retrying oddly
        raise StoreError(409, "this idempotency key was already used for another write") from None
    conn.execute("update matches set version = ? where id = ?", (version, match_id))
    lines = (*current.lines, line)[-HISTORY:]
    return Cached(version, current.rules, current.setup, state, lines, applied, undone)


def event_rows(conn: sqlite3.Connection, match_id: str) -> list[sqlite3.Row]:
    """Return a match's whole log (for checks and exports)."""
    return conn.execute(
        "select version, kind, actor, idem, line from events where match_id = ? order by version",
        (match_id,),
    ).fetchall()


def clear_cache() -> None:
    """Forget every replayed state (tests use a fresh database each time)."""
    with _cache_lock:
        _cache.clear()
