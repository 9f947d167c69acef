"""Keeping a hosted companion's database: prune old matches, back up, export and import.

All of it works on the database while the servers run: deletes and imports are one write
transaction each (serialised with the servers' writes, across processes), and a backup
copies one consistent snapshot: SQLite's with its online backup API, PostgreSQL's (one
repeatable-read transaction) into a new SQLite file (``companion.storage.copying``), which
``companion copy`` can bring back.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.game.errors import IllegalMove
from companion.game.history import stored
from companion.kinds import kind_of_setup
from companion.storage import db
from companion.storage import matches as store
from companion.storage import seats as seating
from companion.storage.engine import ERRORS, Connection, is_postgres, shown
from printkit.catalog import Catalog

EXPORT_FORMAT = "strikekit-match"
EXPORT_VERSION = 1
DURATION = re.compile(r"^\s*(\d+)\s*([mhdw])\s*$")
UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
LAST_ACTIVE = (
    "coalesce((select created from events e where e.match_id = m.id "
    "order by version desc limit 1), m.created)"
)


IN_TOURNAMENT = (
    "select match_id from tournament_tables where match_id is not null "
    "union select draft_id from tournament_tables where draft_id is not null"
)
"""Matches a tournament's tables point at: kept while their tournament is (its standings)."""


class MaintenanceError(ValueError):
    """A maintenance request refused; the message says why and what to do."""


def parse_age(text: str) -> timedelta:
    """Read '30d', '12h', '90m' or '2w' into a duration.

    :raises MaintenanceError: for anything else.
    """
    found = DURATION.match(text)
    if not found or int(found.group(1)) == 0:
        raise MaintenanceError(
            f"--older-than {text!r}: write a positive number and a unit: 90m, 12h, 30d or 2w"
        )
    return timedelta(**{UNITS[found.group(2)]: int(found.group(1))})


@dataclass(frozen=True)
class Stale:
    """A match old enough to prune."""

    match_id: str
    kind: str
    players: str
    last_active: str
    events: int

    def describe(self) -> str:
        """One line for the terminal."""
        return (
            f"{self.match_id}  {self.kind:<13} {self.players:<28} "
            f"last active {self.last_active}  {self.events} events"
        )


def stale_matches(conn: Connection, older_than: timedelta) -> list[Stale]:
    """List the matches with no activity (no event, no creation) since ``older_than`` ago,
    except those of a tournament."""
    cutoff = (datetime.now(UTC) - older_than).isoformat(timespec="seconds")
    rows = conn.execute(
        f"select m.id, m.setup, m.version, {LAST_ACTIVE} as last_active from matches m "
        f"where {LAST_ACTIVE} < ? and m.id not in ({IN_TOURNAMENT}) order by last_active",
        (cutoff,),
    ).fetchall()
    found = []
    for row in rows:
        setup = json.loads(row["setup"])
        players = ", ".join(str(p) for p in setup.get("players", []))
        kind = str(setup.get("kind", "puzzle-strike"))
        found.append(Stale(row["id"], kind, players, row["last_active"], int(row["version"])))
    return found


PRUNE_BATCH = 20
"""Matches deleted per transaction: each holds the write lock briefly, so the tables in
play write between two of them (one transaction for all took 13 s on a big database)."""


def delete_matches(conn: Connection, match_ids: list[str]) -> None:
    """Delete matches with their seats and events, and a draft's record of the match it was
    carried into (either side may go first), PRUNE_BATCH matches per transaction (a match
    goes whole or not at all)."""
    for start in range(0, len(match_ids), PRUNE_BATCH):
        with store.write_transaction(conn):
            for match_id in match_ids[start : start + PRUNE_BATCH]:
                delete_match(conn, match_id)


def delete_match(conn: Connection, match_id: str) -> None:
    """Delete one match and what belongs to it (inside the caller's transaction); a draft
    carried into it counts a change of seats (its phones' answers and ETags drop the link)."""
    conn.execute(
        "update matches set seat_version = seat_version + 1 where id in "
        "(select draft_id from carries where match_id = ?)",
        (match_id,),
    )
    conn.execute("delete from carries where draft_id = ? or match_id = ?", (match_id,) * 2)
    for table in ("events", "seats", "match_clients"):
        conn.execute(f"delete from {table} where match_id = ?", (match_id,))
    conn.execute("delete from matches where id = ?", (match_id,))


def prune(database: str, older_than: timedelta, dry_run: bool) -> list[Stale]:
    """Delete (or, in a dry run, only list) the matches idle for longer than ``older_than``."""
    conn = open_existing(database)
    try:
        stale = stale_matches(conn, older_than)
        if stale and not dry_run:
            delete_matches(conn, [s.match_id for s in stale])
        return stale
    finally:
        conn.close()


def open_existing(database: str) -> Connection:
    """Open the companion's database, refusing a path that holds none.

    :raises MaintenanceError: when the file is missing or not a companion database.
    """
    if not is_postgres(database) and not Path(database).is_file():
        raise MaintenanceError(f"{database}: no database here (give --db, or --instance)")
    db.migrate(database)  # an older database gets the current schema first
    conn = db.connect(database)
    try:
        conn.execute("select id from matches limit 1")
    except ERRORS as exc:
        conn.close()
        raise MaintenanceError(f"{shown(database)}: not a companion database ({exc})") from None
    return conn


def backup(database: str, target: str | Path) -> int:
    """Copy the database to the SQLite file ``target``; return its match count.

    The copy is one consistent snapshot, written beside the target and renamed into place,
    and checked with ``integrity_check`` before the rename: SQLite's online backup of a
    SQLite database, a copy of every row (``companion.storage.copying``) of a PostgreSQL one.

    :raises MaintenanceError: when the copy fails its check.
    """
    if str(target) == database:
        raise MaintenanceError(f"{target}: that is the database itself; back up to another file")
    if is_postgres(str(target)):
        raise MaintenanceError(f"{shown(str(target))}: a backup is a SQLite file; to fill "
                               "another PostgreSQL database use `companion copy --to`")  # fmt: skip
    target = Path(target)
    if is_postgres(database):
        from companion.storage import copying

        return copying.backup_to_sqlite(database, target)
    path = Path(database)
    live = {path.resolve(), *(Path(f"{path.resolve()}{x}") for x in ("-wal", "-shm"))}
    if target.resolve() in live:
        raise MaintenanceError(f"{target}: that is the database itself; back up to another file")
    source = open_existing(database)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=target.name + ".", suffix=".part", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        copy = sqlite3.connect(tmp)
        try:
            assert isinstance(source, sqlite3.Connection)
            source.backup(copy)  # all pages in one step: one read snapshot of a WAL database
            copy.execute("pragma journal_mode = DELETE")  # one self-contained file
            check = copy.execute("pragma integrity_check").fetchone()[0]
            count = int(copy.execute("select count(*) from matches").fetchone()[0])
        finally:
            copy.close()
        if check != "ok":
            raise MaintenanceError(f"the backup failed its integrity check: {check}")
        os.replace(tmp, target)
        return count
    finally:
        source.close()
        tmp.unlink(missing_ok=True)


def export_match(conn: Connection, match_id: str) -> dict[str, Any]:
    """Return a match's setup, seat names and event log as JSON (no seat tokens or links).

    :raises MaintenanceError: when there is no such match.
    """
    row = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
    if row is None:
        raise MaintenanceError(f"no match {match_id!r} in this database")
    seat_rows = conn.execute(
        "select name from seats where match_id = ? order by seat", (match_id,)
    ).fetchall()
    events = conn.execute(
        "select version, kind, actor, payload, idem, line, created from events "
        "where match_id = ? order by version",
        (match_id,),
    ).fetchall()
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "exported": store.now(),
        "match": {
            "id": row["id"],
            "created": row["created"],
            "setup": json.loads(row["setup"]),
            "seats": [r["name"] for r in seat_rows],
            "events": [
                {
                    "version": e["version"],
                    "kind": e["kind"],
                    "actor": e["actor"],
                    "payload": json.loads(e["payload"]),
                    "idempotency_key": e["idem"],
                    "line": e["line"],
                    "created": e["created"],
                }
                for e in events
            ],
        },
    }


def read_export(text: str) -> dict[str, Any]:
    """Parse an export file and check its shape.

    :raises MaintenanceError: naming what is wrong.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MaintenanceError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise MaintenanceError(f"not a match export: 'format' must be {EXPORT_FORMAT!r}")
    if data.get("format_version") != EXPORT_VERSION:
        raise MaintenanceError(
            f"'format_version' {data.get('format_version')!r} is not {EXPORT_VERSION} "
            "(made by another strikekit version)"
        )
    match = data.get("match")
    if not isinstance(match, dict):
        raise MaintenanceError("'match' must be an object")
    checks: dict[str, Callable[[Any], bool]] = {
        "id": lambda v: isinstance(v, str) and 8 <= len(v) <= 100,
        "created": lambda v: isinstance(v, str),
        "setup": lambda v: isinstance(v, dict),
        "seats": lambda v: isinstance(v, list) and all(isinstance(s, str) and s for s in v),
        "events": lambda v: isinstance(v, list) and all(isinstance(e, dict) for e in v),
    }
    for key, ok in checks.items():
        if not ok(match.get(key)):
            raise MaintenanceError(f"'match.{key}' is missing or has the wrong type")
    return match


def check_event(number: int, event: dict[str, Any], seats: list[str]) -> None:
    """Check one exported event's fields (the rules check its meaning on replay).

    :raises MaintenanceError: naming the event and the field.
    """
    where = f"event {number}"
    if event.get("version") != number:
        raise MaintenanceError(f"{where}: 'version' is {event.get('version')!r}, not {number}")
    if event.get("kind") not in ("action", "undo", "redo", "seat"):
        raise MaintenanceError(f"{where}: 'kind' must be action, undo, redo or seat")
    organiser = event.get("kind") in ("seat", "undo") and event.get("actor") == store.ORGANISER
    if event.get("actor") not in seats and not organiser:
        raise MaintenanceError(f"{where}: actor {event.get('actor')!r} has no seat")
    key = event.get("idempotency_key")
    if not isinstance(key, str) or not key:
        raise MaintenanceError(f"{where}: 'idempotency_key' is missing")
    payload = event.get("payload")
    if event["kind"] == "action" and not (
        isinstance(payload, dict) and isinstance(payload.get("action"), dict)
    ):
        raise MaintenanceError(f"{where}: an action's 'payload' must hold an 'action' object")


def import_match(conn: Connection, match: dict[str, Any], catalog: Catalog) -> str:
    """Store an exported match, replaying every event through the rules; return its id.

    Nothing is written unless the whole log replays.

    :raises MaintenanceError: naming the setup problem or the first event refused.
    """
    setup, seats, match_id = match["setup"], match["seats"], match["id"]
    try:
        rules = kind_of_setup(setup).rules
        rules.start(rules.setup_from_json(setup), catalog)
    except (IllegalMove, ValueError, KeyError, TypeError) as exc:
        raise MaintenanceError(f"the setup is refused: {exc}") from None
    for number, event in enumerate(match["events"], start=1):
        check_event(number, event, seats)
    try:
        with store.write_transaction(conn):
            insert_match(conn, match)
            replay_into(conn, match, catalog)
    finally:
        store.clear_cache()  # nothing replayed for a rolled-back import may be reused
    return str(match_id)


def insert_match(conn: Connection, match: dict[str, Any]) -> None:
    """Insert the match row and its free seats (inside the import's transaction)."""
    taken = conn.execute("select 1 from matches where id = ?", (match["id"],)).fetchone()
    if taken:
        raise MaintenanceError(
            f"match {match['id']!r} is already in this database (prune or keep it)"
        )
    conn.execute(
        "insert into matches (id, created, setup, join_code, view_token) values (?,?,?,?,?)",
        (
            match["id"],
            match["created"],
            json.dumps(match["setup"]),
            secrets.token_urlsafe(store.TOKEN_BYTES),
            secrets.token_urlsafe(store.TOKEN_BYTES),
        ),
    )
    conn.executemany(
        "insert into seats (match_id, seat, name) values (?,?,?)",
        [(match["id"], i, name) for i, name in enumerate(match["seats"])],
    )


def replay_into(conn: Connection, match: dict[str, Any], catalog: Catalog) -> None:
    """Append every event with the store's own checks (inside the import's transaction)."""
    match_id = match["id"]
    rules = kind_of_setup(match["setup"]).rules
    for number, event in enumerate(match["events"], start=1):
        payload = event.get("payload") or {}
        if event["kind"] == store.SEAT_EVENT:  # a seat changed hands: a line, no action
            line = event.get("line") if isinstance(event.get("line"), str) else "a seat changed"
            seating.announce(conn, match_id, event["actor"], stored(payload, line))
            continue
        try:
            action = rules.parse_action(payload["action"]) if event["kind"] == "action" else None
            write = store.Write(  # the log as it was written: undo moved whose action it did
                event["actor"], event["kind"], action, number - 1, event["idempotency_key"],
                for_anyone=True,
            )  # fmt: skip
            store.append_locked(conn, match_id, write, catalog)
        except (IllegalMove, store.StoreError, ValueError, KeyError, TypeError) as exc:
            message = getattr(exc, "message", None) or str(exc)
            where = f"event {number} ({event['kind']})"
            raise MaintenanceError(f"{where} is refused: {message}") from None
        if isinstance(event.get("created"), str):
            conn.execute(
                "update events set created = ? where match_id = ? and version = ?",
                (event["created"], match_id, number),
            )
