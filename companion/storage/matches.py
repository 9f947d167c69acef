"""Matches and their event logs in SQLite; the state is always replayed from the log.

Every write runs in one ``BEGIN IMMEDIATE`` transaction under the process-wide write lock:
it checks the idempotency key (a retried write gets its original answer, and is not applied
again), checks the version the client based its action on (a stale write is refused), applies
the typed action with the pure rules, and appends the event. Replayed states are cached per
match and version. The store speaks no HTTP: it raises the errors below and the API maps them.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.game import rooms
from companion.kinds import kind_of_setup
from companion.storage.db import writing
from companion.storage.replayed import Cached, Owned, stack_of
from printkit.catalog import Catalog

CACHE_SIZE = 2048
TOKEN_BYTES = 16  # 128 bits for match ids, join codes and view tokens
SEAT_TOKEN_BYTES = 32
HISTORY = 50
SEAT_EVENT = "seat"
"""The kind of a log event that only tells the table a seat changed hands."""


class StoreError(Exception):
    """A request the store refuses; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(StoreError):
    """No such match, room or seat."""


class SeatTaken(StoreError):
    """The seat belongs to another phone, or this phone already holds a seat here."""


class StaleVersion(StoreError):
    """The write was based on an older version of the table."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


class NothingToUndo(StoreError):
    """There is nothing to undo (or redo)."""


class NotYours(StoreError):
    """A tournament table takes this action only from the phone of the seat it belongs to."""


class UndoRefused(StoreError):
    """The rules do not let this action be taken back."""


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
    """Run a write under the write lock (``db.writing``) in one IMMEDIATE transaction."""
    with writing(conn):
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
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def phone_of(token: str) -> str:
    """Name a phone in the log without its token: the first 12 hex digits of its hash."""
    return hash_token(token)[:12]


def new_token() -> str:
    """Return a random URL-safe token that does not start with "-" (a match id given to
    ``companion export`` would otherwise read as an option)."""
    while True:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        if not token.startswith("-"):
            return token


def new_ids() -> dict[str, str]:
    """Return a fresh match id, join code and view token."""
    return {"id": new_token(), "join_code": new_token(), "view_token": new_token()}


def create_match(
    conn: sqlite3.Connection,
    rules: rooms.Rules[Any, Any, Any],
    setup: Any,
    catalog: Catalog,
    seat_hashes: dict[int, str] | None = None,
) -> dict[str, str]:
    """Store a new room and its seats; return its id, join code and view token.

    ``seat_hashes`` seats phones at once (seat -> token hash), e.g. a draft's phones.

    :raises GameError: when the room's rules refuse the setup (nothing is written).
    """
    rules.start(setup, catalog)
    ids = new_ids()
    with write_transaction(conn):
        insert_match(conn, ids, rules.setup_to_json(setup), rules.players(setup), seat_hashes)
    return ids


def create_match_from_json(
    conn: sqlite3.Connection, setup_json: dict[str, Any], catalog: Catalog
) -> dict[str, str]:
    """Store a new room from a stored-shape setup (its "kind" picks the rules).

    :raises GameError: when the room's rules refuse the setup (nothing is written).
    """
    rules = kind_of_setup(setup_json).rules
    return create_match(conn, rules, rules.setup_from_json(setup_json), catalog)


ORGANISER = "the organiser"
"""Who a tournament organiser's change at a table (a hand-over, an undo) is recorded as."""
CASUAL, TOURNAMENT = "casual", "tournament"
"""The trust levels of a table (see docs/api.md, "Who may do what")."""


def insert_match(
    conn: sqlite3.Connection,
    ids: dict[str, str],
    setup_json: dict[str, Any],
    players: tuple[str, ...],
    seat_hashes: dict[int, str] | None,
    trust: str = CASUAL,
    claim_hashes: dict[int, str] | None = None,
) -> None:
    """Insert a match row and its seat rows (inside a write transaction).

    ``seat_hashes`` seats phones at once; ``claim_hashes`` keeps a free seat for the one
    link that carries its code (a tournament slip's seat)."""
    conn.execute(
        "insert into matches (id, created, setup, join_code, view_token, trust) "
        "values (?,?,?,?,?,?)",
        (ids["id"], now(), json.dumps(setup_json), ids["join_code"], ids["view_token"], trust),
    )
    hashes, claims = seat_hashes or {}, claim_hashes or {}
    conn.executemany(
        "insert into seats (match_id, seat, name, token_hash, claim_hash) values (?,?,?,?,?)",
        [
            (ids["id"], i, name, hashes.get(i), None if i in hashes else claims.get(i))
            for i, name in enumerate(players)
        ],
    )


def find_match(
    conn: sqlite3.Connection,
    *,
    match_id: str | None = None,
    join_code: str | None = None,
    view_token: str | None = None,
) -> sqlite3.Row:
    """Return a match row by id, join code or view token.

    :raises NotFound: when there is no such match.
    """
    if match_id is not None:
        row = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
    elif join_code is not None:
        row = conn.execute("select * from matches where join_code = ?", (join_code,)).fetchone()
    else:
        row = conn.execute("select * from matches where view_token = ?", (view_token,)).fetchone()
    if row is None:
        raise NotFound("no such match (check the link or the code)")
    found: sqlite3.Row = row
    return found


def match_and_seat(
    conn: sqlite3.Connection, match_id: str, token: str | None
) -> tuple[sqlite3.Row, str | None]:
    """Return a match and the player a seat token belongs to in it, in one query.

    :raises NotFound: when there is no such match.
    """
    row = conn.execute(
        "select m.*, s.name as seated from matches m left join seats s "
        "on s.match_id = m.id and s.token_hash = ? where m.id = ?",
        (hash_token(token) if token else "", match_id),
    ).fetchone()
    if row is None:
        raise NotFound("no such match (check the link or the code)")
    found: sqlite3.Row = row
    return found, None if row["seated"] is None else str(row["seated"])


def load(conn: sqlite3.Connection, match: sqlite3.Row, catalog: Catalog) -> Cached:
    """Return the replayed match at its stored version (from the cache when current)."""
    match_id, version = match["id"], int(match["version"])
    with _cache_lock:
        hit = _cache.get(match_id)
        if hit is not None and hit.version == version:
            _cache.move_to_end(match_id)
            return hit
    cached = replay_at(conn, match, version, catalog)
    remember(match_id, cached)
    return cached


def replay_at(
    conn: sqlite3.Connection, match: sqlite3.Row, version: int, catalog: Catalog
) -> Cached:
    """Replay a match's log up to a version."""
    rows = read_log(conn, match["id"], version)
    events = [(r["kind"], json.loads(r["payload"])) for r in rows]
    rules = kind_of_setup(json.loads(match["setup"])).rules
    setup = rules.setup_from_json(json.loads(match["setup"]))
    applied, undone = rooms.stacks_of(events)
    state, skipped = rooms.replay_stored(rules, setup, events, catalog)
    lines = history_lines(rows, skipped)
    final = bool(applied) and is_final_top(rules, applied[-1], skipped, state)
    final = final or bool(applied) and ends_tournament_match(match, rules, state)
    return Cached(
        version,
        rules,
        setup,
        state,
        lines,
        stack_of([p for p, _ in applied]),
        stack_of([p for p, _ in undone]),
        final,
        owned(rows, applied),
        owned(rows, undone),
    )


def owned(rows: list[sqlite3.Row], stack: list[tuple[int, Any]]) -> Owned | None:
    """Return the top of a stack of actions with who made it and its history line."""
    if not stack:
        return None
    position, payload = stack[-1]
    return Owned(position, str(payload["actor"]), str(rows[position]["line"]))


def ends_tournament_match(
    match: sqlite3.Row, rules: rooms.Rules[Any, Any, Any], state: Any
) -> bool:
    """Say whether this state ends a tournament table's match: its result is reported and
    only the organiser changes it."""
    return bool(match["trust"] == TOURNAMENT and rules.is_over(state))


def history_lines(rows: list[sqlite3.Row], skipped: tuple[rooms.Skipped, ...]) -> tuple[str, ...]:
    """Return the last history lines, each skipped action's line saying it was skipped."""
    lines = [str(r["line"]) for r in rows]
    for skip in skipped:
        lines[skip.position] = skip.note(lines[skip.position])
    return tuple(lines[-HISTORY:])


def is_final_top(
    rules: rooms.Rules[Any, Any, Any],
    top: tuple[int, Any],
    skipped: tuple[rooms.Skipped, ...],
    state: Any,
) -> bool:
    """Say whether the last action in effect is final (a skipped one never is)."""
    position, payload = top
    if any(s.position == position for s in skipped):
        return False
    return bool(rules.is_final(rules.parse_action(payload["action"]), state))


def remember(match_id: str, cached: Cached) -> None:
    """Keep a replayed state for later reads."""
    with _cache_lock:
        _cache[match_id] = cached
        _cache.move_to_end(match_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


@dataclass(frozen=True)
class Write:
    """One write to a match's log: an action (typed, already parsed), an undo or a redo."""

    actor: str
    kind: str
    """'action', 'undo' or 'redo'."""
    action: Any
    base_version: int
    idem: str
    target: int | None = None
    """For an undo or redo: the log position of the action the phone means (its button
    named it); refused when that action is no longer the one it would move."""
    for_anyone: bool = False
    """An undo or redo that may move any seat's action: by a tournament's organiser
    (``actor`` is ORGANISER), or an import replaying a log as it was written."""
    phone: str | None = None
    """Which phone of the seat wrote it (a short hash of its seat token: a handed-over
    seat's new phone differs from the old one), kept in the log."""


def append(conn: sqlite3.Connection, match_id: str, write: Write, catalog: Catalog) -> Cached:
    """Append an action (or an undo / redo) by a seated player; return the state after it.

    A write whose idempotency key was used before in this match is answered with the
    state right after that first write (its original answer), and not applied again.

    :raises StaleVersion, NothingToUndo, UndoRefused: as named; GameError: the rules refuse.
    """
    with write_transaction(conn):
        result, latest = append_locked(conn, match_id, write, catalog)
    if latest:
        remember(match_id, result)
    return result


def append_locked(
    conn: sqlite3.Connection, match_id: str, write: Write, catalog: Catalog
) -> tuple[Cached, bool]:
    """The body of ``append``, inside the transaction; also say if the answer is the latest."""
    match = find_match(conn, match_id=match_id)
    done = conn.execute(
        "select version from events where match_id = ? and idem = ?", (match_id, write.idem)
    ).fetchone()
    current = load(conn, match, catalog)
    if done is not None:  # a retry: answer as the first time
        if int(done["version"]) == current.version:
            return current, True
        return replay_at(conn, match, int(done["version"]), catalog), False
    if write.base_version != current.version and not independent(current, write):
        raise StaleVersion("the table changed: look at it again and retry", current.version)
    if write.kind == "action":
        return apply_action(conn, match, current, write, catalog), True
    return undo_or_redo(conn, match, current, write, catalog), True


def independent(current: Cached, write: Write) -> bool:
    """Say whether a write may be applied although the phone saw an older table."""
    return (
        write.kind == "action"
        and write.base_version < current.version
        and current.rules.independent(write.action)
    )


def apply_action(
    conn: sqlite3.Connection, match: sqlite3.Row, current: Cached, write: Write, catalog: Catalog
) -> Cached:
    """Apply a typed action with the rules and log it."""
    rules, position = current.rules, current.version  # events count from 1, positions from 0
    if match["trust"] == TOURNAMENT:
        allowed = rules.deciders(write.action, current.state)
        if allowed is not None and write.actor not in allowed:
            whose = " or ".join(dict.fromkeys(allowed))
            raise NotYours(f"at a tournament table this is {whose}'s to do, from their own phone")
    state = rules.apply(current.state, write.action, write.actor, catalog, position)
    line = rules.describe(write.action, write.actor, state)
    payload = {"actor": write.actor, "action": rules.action_to_json(write.action)}
    payload |= {"phone": write.phone} if write.phone else {}
    log_event(conn, match["id"], current.version + 1, write, payload, line)
    final = rules.is_final(write.action, state) or ends_tournament_match(match, rules, state)
    return Cached(
        current.version + 1,
        rules,
        current.setup,
        state,
        (*current.lines, line)[-HISTORY:],
        (position, current.applied),
        None,
        final,
        Owned(position, write.actor, line),
        None,
    )


def undo_or_redo(
    conn: sqlite3.Connection, match: sqlite3.Row, current: Cached, write: Write, catalog: Catalog
) -> Cached:
    """Take back this phone's last action in effect, or bring back the last one it undid,
    and log it. Another seat's action is theirs to take back."""
    moving = current.top if write.kind == "undo" else current.redo_top
    if moving is None:
        raise NothingToUndo(f"there is nothing to {write.kind}")
    if write.target is not None and write.target != moving.position:
        raise UndoRefused(f"that action is no longer the last one: {write.kind} would move "
                          f"'{moving.line}'")  # fmt: skip
    if write.kind == "undo":
        refusal = current.undo_refusal(write.actor, write.for_anyone)
    elif moving.actor != write.actor and not write.for_anyone:
        refusal = f"only {moving.actor}'s phone can bring back '{moving.line}'"
    else:
        refusal = None
    if refusal is not None:
        raise UndoRefused(refusal)
    verb = "undid" if write.kind == "undo" else "redid"
    line = f"{write.actor} {verb}: {moving.line}"
    payload = {"actor": write.actor} | ({"phone": write.phone} if write.phone else {})
    log_event(conn, match["id"], current.version + 1, write, payload, line)
    return replay_at(conn, match, current.version + 1, catalog)


def log_event(
    conn: sqlite3.Connection,
    match_id: str,
    version: int,
    write: Write,
    payload: dict[str, Any],
    line: str,
) -> None:
    """Append one event and move the match to its version."""
    conn.execute(
        "insert into events (match_id, version, kind, payload, actor, idem, line, created) "
        "values (?,?,?,?,?,?,?,?)",
        (match_id, version, write.kind, json.dumps(payload), write.actor, write.idem, line, now()),
    )
    conn.execute("update matches set version = ? where id = ?", (version, match_id))


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
