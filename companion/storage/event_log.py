"""A match's event log: appending an event with the short answer its write got, and the
guarded append of a write worked out before the lock (the match moved to its next version
only if it is still where the write was worked out, the key unused and the phone seated).

Apart from ``matches`` (which re-exports what others import from it) to keep each module
readable at a glance; nothing here decides a rule.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from companion.storage.engine import Connection, Row

if TYPE_CHECKING:  # the write and its plan are the store's (matches imports this module)
    from companion.storage.matches import Planned, Write


def now() -> str:
    """Return the time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


GUARDED_VERSION = (
    "update matches set version = ? where id = ? and version = ? "
    "and not exists (select 1 from events where match_id = ? and idem = ?)"
)
"""Move a match to its next version if it is still at the one the write was worked out on
and the write's idempotency key is unused in it."""
STILL_SEATED = (
    " and exists (select 1 from seats where match_id = ? and token_hash = ? and name = ?)"
)
"""... and the writing phone still holds the seat it writes as."""


def log_planned(
    conn: Connection, match_id: str, version: int, write: Write, planned: Planned
) -> bool:
    """Log a write worked out on ``version`` if the match is still there, the key unused and
    the phone still seated (inside the transaction); say whether it was logged."""
    if planned.after.version != version + 1:
        return False
    sql, parameters = GUARDED_VERSION, [version + 1, match_id, version, match_id, write.idem]
    if write.seat_hash is not None:
        sql += STILL_SEATED
        parameters += [match_id, write.seat_hash, write.actor]
    log = GUARDED_LOGS.get(getattr(conn, "engine", ""), log_in_two)
    return log(conn, sql, parameters, event_values(match_id, version + 1, write, planned))


def log_in_two(conn: Connection, guard: str, guarded: list[Any], event: tuple[Any, ...]) -> bool:
    """Run the guarded update, then insert the event if it moved the match (SQLite: no
    update inside a ``with``)."""
    if conn.execute(guard, guarded).rowcount != 1:
        return False
    conn.execute(INSERT_EVENT, event)
    return True


def log_in_one(conn: Connection, guard: str, guarded: list[Any], event: tuple[Any, ...]) -> bool:
    """Run the guarded update and the event's insert as one statement (PostgreSQL: the
    update in a ``with``, the insert taking its row only when it moved the match)."""
    marks = ",".join("?" * (len(event) - 1))
    sql = (f"with moved as ({guard} returning id) insert into events ({EVENT_COLUMNS}) "
           f"select id, {marks} from moved")  # fmt: skip
    return bool(conn.execute(sql, [*guarded, *event[1:]]).rowcount == 1)


GUARDED_LOGS = {"postgresql": log_in_one, "sqlite": log_in_two}
"""How each engine logs a write worked out before the lock (by the connection's engine)."""


def log_event(
    conn: Connection, match_id: str, version: int, write: Write, planned: Planned
) -> None:
    """Append one event (with its short answer) and move the match to its version."""
    insert_event(conn, match_id, version, write, planned)
    conn.execute("update matches set version = ? where id = ?", (version, match_id))


EVENT_COLUMNS = "match_id, version, kind, payload, actor, idem, line, created, answer"
INSERT_EVENT = f"insert into events ({EVENT_COLUMNS}) values (?,?,?,?,?,?,?,?,?)"


def event_values(match_id: str, version: int, write: Write, planned: Planned) -> tuple[Any, ...]:
    """Return an event's row (EVENT_COLUMNS), with the short answer its write got (for a
    retry of its key)."""
    answer = json.dumps(planned.after.short_answer(write.actor), separators=(",", ":"))
    return (match_id, version, write.kind, json.dumps(planned.payload), write.actor,
            write.idem, planned.line, now(), answer)  # fmt: skip


def insert_event(
    conn: Connection, match_id: str, version: int, write: Write, planned: Planned
) -> None:
    """Append one event with the short answer its write got."""
    conn.execute(INSERT_EVENT, event_values(match_id, version, write, planned))


def event_rows(conn: Connection, match_id: str) -> list[Row]:
    """Return a match's whole log (for checks and exports)."""
    return conn.execute(
        "select version, kind, actor, idem, line from events where match_id = ? order by version",
        (match_id,),
    ).fetchall()
