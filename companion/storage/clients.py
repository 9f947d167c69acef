"""Who opened which match (a keyed hash of the address, never the address): the cap on open
matches per client. A create first holds a place under the cap, in the same transaction as
the count, so concurrent creates from one address (or several server processes) cannot all
pass it; the hold becomes the match's record, or is let go when the create fails."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from companion.storage.engine import Connection
from companion.storage.matches import write_transaction

HOLD_SECONDS = 60
"""A hold older than this belongs to a request that died: it no longer counts."""


def stamp(moment: datetime) -> str:
    """Return a time as the ISO text the tables store."""
    return moment.isoformat(timespec="seconds")


def open_matches(conn: Connection, client: str, open_hours: int) -> int:
    """Count the matches this client opened that were active in the last ``open_hours``."""
    since = stamp(datetime.now(UTC) - timedelta(hours=open_hours))
    row = conn.execute(
        "select count(*) from match_clients c join matches m on m.id = c.match_id "
        "where c.client = ? and coalesce((select created from events e "
        "where e.match_id = c.match_id order by version desc limit 1), m.created) > ?",
        (client, since),
    ).fetchone()
    return int(row[0])


def hold_place(conn: Connection, client: str, cap: int, open_hours: int) -> str | None:
    """Hold a place for one new match under the client's cap; return the hold, or None
    when its open matches and live holds already reach the cap."""
    now = datetime.now(UTC)
    with write_transaction(conn):
        live = conn.execute(
            "select count(*) from match_holds where client = ? and created > ?",
            (client, stamp(now - timedelta(seconds=HOLD_SECONDS))),
        ).fetchone()[0]
        if open_matches(conn, client, open_hours) + int(live) >= cap:
            return None
        hold = secrets.token_urlsafe(12)
        conn.execute(
            "insert into match_holds (hold, client, created) values (?,?,?)",
            (hold, client, stamp(now)),
        )
    return hold


def settle_hold(conn: Connection, hold: str | None, match_id: str, client: str) -> None:
    """Record that the client opened this match, in place of its hold (if it had one)."""
    with write_transaction(conn):
        conn.execute(
            "insert into match_clients (match_id, client, created) values (?,?,?) "
            "on conflict do nothing",
            (match_id, client, stamp(datetime.now(UTC))),
        )
        if hold is not None:
            conn.execute("delete from match_holds where hold = ?", (hold,))


def release_hold(conn: Connection, hold: str) -> None:
    """Let a hold go: its create made no match."""
    with write_transaction(conn):
        conn.execute("delete from match_holds where hold = ?", (hold,))
