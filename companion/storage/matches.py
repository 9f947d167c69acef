"""Matches and their event logs in SQLite; the state is always replayed from the log.

Every write runs in one transaction under the write lock (``db.write_transaction``):
it checks the idempotency key (a retried write gets its original answer, and is not applied
again), checks the version the client based its action on (a stale write is refused), applies
the typed action with the pure rules, and appends the event. Replayed states are cached per
match and version. The store speaks no HTTP: it raises the errors below and the API maps them.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from companion.game import history, rooms
from companion.game.errors import GameError, saying
from companion.game.words import Said, filled
from companion.kinds import kind_of_setup
from companion.storage import moves
from companion.storage.db import write_transaction as write_transaction
from companion.storage.engine import Connection, Row
from companion.storage.event_log import event_rows as event_rows
from companion.storage.event_log import log_event, log_planned
from companion.storage.event_log import now as now
from companion.storage.refusals import REFUSE
from companion.storage.replayed import CASUAL as CASUAL
from companion.storage.replayed import SEAT_EVENT as SEAT_EVENT
from companion.storage.replayed import TOURNAMENT as TOURNAMENT
from companion.storage.replayed import Cached, advanced, remember, replay_rows
from companion.storage.replayed import clear_cache as clear_cache
from companion.storage.replayed import load as load
from companion.storage.replayed import read_log as read_log
from companion.storage.replayed import replay_at as replay_at
from printkit.catalog import Catalog

TOKEN_BYTES = 16  # 128 bits for match ids, join codes and view tokens
SEAT_TOKEN_BYTES = 32


class StoreError(Exception):
    """A request the store refuses; the message says why."""

    said: Said | None = None
    """The refusal as a word key with its slots (the phone says it in its language)."""

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


class NotSeated(NotYours):
    """The phone no longer holds the seat it wrote from (it was handed to a new phone)."""


class UndoRefused(StoreError):
    """The rules do not let this action be taken back."""


class MatchDecided(StoreError):
    """A tournament table's match is decided: its result belongs to the event now."""


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
    conn: Connection,
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
    conn: Connection, setup_json: dict[str, Any], catalog: Catalog
) -> dict[str, str]:
    """Store a new room from a stored-shape setup (its "kind" picks the rules).

    :raises GameError: when the room's rules refuse the setup (nothing is written).
    """
    rules = kind_of_setup(setup_json).rules
    return create_match(conn, rules, rules.setup_from_json(setup_json), catalog)


ORGANISER = "the organiser"
"""Who a tournament organiser's change at a table (a hand-over, an undo) is recorded as."""


def insert_match(
    conn: Connection,
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
    conn: Connection,
    *,
    match_id: str | None = None,
    join_code: str | None = None,
    view_token: str | None = None,
) -> Row:
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
        raise REFUSE(NotFound, "st_no_match")
    found: Row = row
    return found


def match_and_seat(conn: Connection, match_id: str, token: str | None) -> tuple[Row, str | None]:
    """Return a match and the player a seat token belongs to in it, in one query (a state
    read's; ``seats.seat_of`` is the lookup alone).

    :raises NotFound: when there is no such match.
    """
    row = conn.execute(
        "select m.*, s.name as seated from matches m left join seats s "
        "on s.match_id = m.id and s.token_hash = ? where m.id = ?",
        (hash_token(token) if token else "", match_id),
    ).fetchone()
    if row is None:
        raise REFUSE(NotFound, "st_no_match")
    found: Row = row
    return found, None if row["seated"] is None else str(row["seated"])


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
    """An undo or redo that may move any seat's action, or an action that is no seat's
    decision: by a tournament's organiser (``actor`` is ORGANISER; a pawn placed by hand),
    or an import replaying a log as it was written."""
    phone: str | None = None
    """Which phone of the seat wrote it (a short hash of its seat token: a handed-over
    seat's new phone differs from the old one), kept in the log."""
    seat_hash: str | None = None
    """The writing phone's seat token, hashed: the write is refused inside its transaction
    unless that phone still holds ``actor``'s seat (a hand-over may have come in between)."""


def append(
    conn: Connection, match_id: str, write: Write, catalog: Catalog, match: Row | None = None
) -> Cached | Answered:
    """Append an action (or an undo / redo) by a seated player; return the state after it.

    A write whose idempotency key was used before in this match is answered with the
    state right after that first write (its original answer), and not applied again.
    What may cost a replay of the whole log (a retry's old answer, the state after an undo
    or redo) is worked out before the write lock is taken, so one table's long history never
    holds up another table's writes; so is the action itself, on the table as read. Under
    the lock one guarded statement logs it if the table is still at that version, the key
    unused and the phone still seated; otherwise the write is worked out again there. A
    write based on an older table is refused before the lock too: phones racing at one
    table do not queue for it only to be refused.

    ``match``: the match's row as this request has just read it; when the write is based
    on its version, the match is not read again before the lock (a retry's key is then
    looked up under the lock).

    :raises StaleVersion, NothingToUndo, UndoRefused, NotYours: as named; GameError: the
        rules refuse.
    """
    current = load(conn, match, catalog) if match is not None else None
    if match is None or current is None or is_stale(current, write):
        match, earlier, answered = match_and_answer(conn, match_id, write.idem)
        if answered is not None:  # a retry: its first answer, as stored with it
            return Answered(json.loads(answered))
        current = load(conn, match, catalog)
        if earlier is not None:  # a retry of a write logged before answers were kept
            if current.version == earlier:
                return current
            return replay_at(conn, match, earlier, catalog)
        check_version(current, write)
    planned = plan(conn, match, current, write, catalog)
    with write_transaction(conn, match_id):  # one match alone: its own lock on PostgreSQL
        if planned is not None and log_planned(conn, match_id, current.version, write, planned):
            result: Cached | Answered = planned.after
            latest = True
        else:
            result, latest = append_locked(conn, match_id, write, catalog, planned)
    if latest and isinstance(result, Cached):
        remember(match_id, result)
    return result


def plan(
    conn: Connection, match: Row, current: Cached, write: Write, catalog: Catalog
) -> Planned | None:
    """Work out a write on the table as read, before the lock; None for an action the rules
    or the store refuse there (refused again under the lock, on the table as it is then).

    :raises NothingToUndo, UndoRefused: an undo or redo refused (as before the lock today).
    """
    if write.kind != "action":
        return prepare_move(conn, match, current, write, catalog)
    try:
        return planned_action(match, current, write, catalog)
    except (GameError, StoreError):
        return None


@dataclass(frozen=True)
class Answered:
    """A retried write's first answer, as stored with its event (no replay needed)."""

    answer: dict[str, Any]

    def short_answer(self, viewer: str) -> dict[str, Any]:
        """Return the answer the write got the first time."""
        return self.answer

    @property
    def version(self) -> int:
        """The version the write made."""
        return int(self.answer["version"])

    @property
    def lines(self) -> list[Any]:
        """The write's history entry (as ``Cached.lines`` ends)."""
        return [self.answer["said"]] if self.answer.get("said") else []


def match_and_answer(
    conn: Connection, match_id: str, idem: str
) -> tuple[Row, int | None, str | None]:
    """Return a match, the version an idempotency key was first written at in it, if it
    was, and the short answer kept with that write (one query).

    :raises NotFound: when there is no such match.
    """
    row = conn.execute(
        "select m.*, e.version as answered, e.answer as first_answer from matches m "
        "left join events e on e.match_id = m.id and e.idem = ? where m.id = ?",
        (idem, match_id),
    ).fetchone()
    if row is None:
        raise REFUSE(NotFound, "st_no_match")
    found: Row = row
    version = None if row["answered"] is None else int(row["answered"])
    return found, version, row["first_answer"]


def append_locked(
    conn: Connection,
    match_id: str,
    write: Write,
    catalog: Catalog,
    planned: Planned | None = None,
) -> tuple[Cached | Answered, bool]:
    """The body of ``append``, inside the transaction, the table read again; also say if the
    answer is the latest. ``planned``: the write worked out before the lock (used if it was
    worked out on the table as it is)."""
    match, done, answered = match_and_answer(conn, match_id, write.idem)
    if answered is not None:  # a retry that raced its first try
        return Answered(json.loads(answered)), False
    current = load(conn, match, catalog)
    if done is not None:  # a retry of a write logged before answers were kept
        if done == current.version:
            return current, True
        return replay_at(conn, match, done, catalog), False
    check_seat(conn, match_id, write)
    check_version(current, write)
    if planned is None or planned.after.version != current.version + 1:
        if write.kind == "action":
            planned = planned_action(match, current, write, catalog)
        else:
            planned = prepare_move(conn, match, current, write, catalog)
    log_event(conn, match_id, current.version + 1, write, planned)
    return planned.after, True


def check_seat(conn: Connection, match_id: str, write: Write) -> None:
    """Refuse a phone's write when its seat was handed to a new phone since it was read.

    :raises NotSeated: saying the seat moved.
    """
    if write.seat_hash is None:
        return
    row = conn.execute(
        "select name from seats where match_id = ? and token_hash = ?", (match_id, write.seat_hash)
    ).fetchone()
    if row is None or str(row["name"]) != write.actor:
        raise REFUSE(NotSeated, "st_seat_moved", actor=write.actor)


def is_stale(current: Cached, write: Write) -> bool:
    """Say whether a write is based on an older table and depends on what changed."""
    return write.base_version != current.version and not independent(current, write)


def check_version(current: Cached, write: Write) -> None:
    """Refuse a write based on an older table, unless it is independent of what changed.

    :raises StaleVersion: naming the current version.
    """
    if is_stale(current, write):
        text, said = REFUSE.say("st_table_changed")
        raise saying(StaleVersion(text, current.version), said)


def independent(current: Cached, write: Write) -> bool:
    """Say whether a write may be applied although the phone saw an older table."""
    return (
        write.kind == "action"
        and write.base_version < current.version
        and current.rules.independent(write.action)
    )


def planned_action(match: Row, current: Cached, write: Write, catalog: Catalog) -> Planned:
    """Apply a typed action with the rules: its log entry and the match after it.

    :raises MatchDecided, NotYours: a tournament table's refusals; GameError: the rules'.
    """
    rules, position = current.rules, current.version  # events count from 1, positions from 0
    if match["trust"] == TOURNAMENT:
        if rules.is_over(current.state):
            raise REFUSE(MatchDecided, "st_match_decided")
        check_decider(rules, current.state, write)
    state = rules.apply(current.state, write.action, write.actor, catalog, position)
    said = history.entry(rules.describe(write.action, write.actor, state))
    payload = {"actor": write.actor, "action": rules.action_to_json(write.action)}
    payload |= {"phone": write.phone} if write.phone else {}
    payload["said"] = said
    return Planned(payload, said["text"], advanced(match, current, write.action, write.actor,
                                                   state, said))  # fmt: skip


def check_decider(rules: rooms.Rules[Any, Any, Any], state: Any, write: Write) -> None:
    """At a tournament table, refuse an action that is not the writing seat's decision.

    :raises NotYours: naming whose it is, or what to do instead when it is nobody's alone.
    """
    allowed = rules.deciders(write.action, state)
    if allowed is None or write.actor in allowed or write.for_anyone:
        return
    if not allowed:
        instead = rules.instead(write.action, state)
        raise saying(NotYours(filled(instead)), instead)
    whose = " or ".join(dict.fromkeys(allowed))
    raise REFUSE(NotYours, "st_whose", whose=whose)


def check_undo(current: Cached, write: Write) -> None:
    """Refuse an undo this phone may not make (the reason's word key, for the phone).

    :raises UndoRefused: saying why.
    """
    reason = current.undo_reason(write.actor, write.for_anyone)
    if reason is None:
        return
    why = reason["why"]
    if why == "nothing":
        raise REFUSE(NothingToUndo, "st_nothing_to_undo")
    if why == "depth":
        raise REFUSE(UndoRefused, "st_undo_depth")
    if why == "final":
        raise REFUSE(UndoRefused, "st_undo_final", line=reason["line"])
    raise REFUSE(UndoRefused, "st_undo_other", who=reason["actor"], line=reason["line"])


@dataclass(frozen=True)
class Planned:
    """An action, undo or redo worked out before it is logged: its log entry (payload and
    English line) and the match after it."""

    payload: dict[str, Any]
    line: str
    after: Cached


def prepare_move(
    conn: Connection, match: Row, current: Cached, write: Write, catalog: Catalog
) -> Planned:
    """Work out an undo (this phone's last action in effect) or a redo (the last one it
    undid): check it, and replay the log with it as the next event. Another seat's action
    is theirs to take back."""
    moving = current.top if write.kind == "undo" else current.redo_top
    if moving is None:
        raise REFUSE(NothingToUndo, f"st_nothing_to_{write.kind}")
    if write.target is not None and write.target != moving.position:
        raise REFUSE(UndoRefused, f"st_{write.kind}_moved", line=moving.line)
    if write.kind == "undo":
        check_undo(current, write)
    elif moving.actor != write.actor and not write.for_anyone:
        raise REFUSE(UndoRefused, "st_redo_other", who=moving.actor, line=moving.line)
    said = history.moved("undid" if write.kind == "undo" else "redid", write.actor, moving.said)
    line = said["text"]
    payload: dict[str, Any] = {"actor": write.actor, "said": said}
    payload |= {"phone": write.phone} if write.phone else {}
    if write.kind == "undo":
        after = moves.after_undo(conn, match, current, said, catalog)
    else:
        after = moves.after_redo(conn, match, current, said, catalog)
    if after is None:  # no kept state near: replay the log with this move as its next event
        rows: list[Any] = list(read_log(conn, match["id"], current.version))
        rows.append({"kind": write.kind, "payload": json.dumps(payload), "line": line})
        after = replay_rows(match, rows, current.version + 1, catalog)
    return Planned(payload, line, after)
