"""Who opened which match (a keyed hash of the address, never the address): the cap on open
matches per client. A create first holds a place under the cap, in the same transaction as
the count, so concurrent creates from one address (or several server processes) cannot all
pass it; the hold becomes the match's record, or is let go when the create fails."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from companion.storage.engine import Connection
from companion.storage.matches import CASUAL, TOURNAMENT, write_transaction
from companion.storage.refusals import REFUSE

HOLD_SECONDS = 60
"""A hold older than this belongs to a request that died: it no longer counts."""


def stamp(moment: datetime) -> str:
    """Return a time as the ISO text the tables store."""
    return moment.isoformat(timespec="seconds")


@dataclass(frozen=True)
class Opener:
    """The client that opens a tournament round's tables, and its cap on open ones."""

    client: str
    cap: int
    open_hours: int


class TooManyOpen(Exception):
    """Opening these matches would take the client past its cap."""


UNFINISHED = {
    CASUAL: "",
    TOURNAMENT: (
        " and not exists (select 1 from tournament_tables t where t.match_id = c.match_id "
        "and t.wins_a is not null) and not exists (select 1 from tournament_tables t "
        "where t.draft_id = c.match_id and t.wins_a is not null)"
    ),
}
"""What leaves an opened match out of the count, per kind: a tournament table whose result
is in (entered, or brought in from its match) is finished, however recently it was played."""


def open_matches(conn: Connection, client: str, open_hours: int, trust: str = CASUAL) -> int:
    """Count the matches of one kind (casual tables, or unfinished tournament tables) this
    client opened that were active in the last ``open_hours``."""
    since = stamp(datetime.now(UTC) - timedelta(hours=open_hours))
    row = conn.execute(
        "select count(*) from match_clients c join matches m on m.id = c.match_id "
        "where c.client = ? and m.trust = ? and coalesce((select created from events e "
        "where e.match_id = c.match_id order by version desc limit 1), m.created) > ?"
        + UNFINISHED[trust],
        (client, trust, since),
    ).fetchone()
    return int(row[0])


def record_tournament_tables(conn: Connection, opener: Opener, match_ids: Iterable[str]) -> None:
    """Count a round's new tables as the opener's (inside the round's transaction).

    :raises TooManyOpen: when they would take its open tournament tables past its cap.
    """
    new = list(match_ids)
    have = open_matches(conn, opener.client, opener.open_hours, TOURNAMENT)
    if have + len(new) > opener.cap:
        raise REFUSE(TooManyOpen, "st_too_many_open", have=have, hours=opener.open_hours,
                     n=len(new), most=opener.cap)  # fmt: skip
    created = stamp(datetime.now(UTC))
    conn.executemany(
        "insert into match_clients (match_id, client, created) values (?,?,?) "
        "on conflict do nothing",
        [(match_id, opener.client, created) for match_id in new],
    )


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
