"""Seats: who holds which seat of a match (a hashed token in the phone's cookie), one seat
per phone, handing a seat to a new phone, and the one match a finished draft is carried into
with every draft seat's phone seated there. Speaks no HTTP: raises the store's errors."""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from companion.game import history, rooms
from companion.storage.engine import Connection, Row
from companion.storage.matches import (
    CASUAL,
    SEAT_EVENT,
    SEAT_TOKEN_BYTES,
    TOKEN_BYTES,
    TOURNAMENT,
    NotFound,
    SeatTaken,
    hash_token,
    insert_match,
    new_ids,
    now,
    write_transaction,
)
from companion.storage.refusals import REFUSE
from printkit.catalog import Catalog


def seats(conn: Connection, match_id: str) -> list[dict[str, Any]]:
    """Return the seats of a match, whether each is taken, and whether it waits for the
    phone it was handed to (reserved)."""
    rows = conn.execute(
        "select seat, name, token_hash is not null as taken, claim_hash is not null as reserved "
        "from seats where match_id = ? order by seat",
        (match_id,),
    ).fetchall()
    return [
        {
            "seat": r["seat"],
            "name": r["name"],
            "taken": bool(r["taken"]),
            "reserved": bool(r["reserved"]),
        }
        for r in rows
    ]


KEPT = 4096
"""How many facts ``by_seat_version`` remembers (the latest used)."""
_kept: OrderedDict[tuple[str, str, int, str], Any] = OrderedDict()
_kept_lock = threading.Lock()


def by_seat_version(match: Row, what: str, read: Callable[[], Any]) -> Any:
    """Return a fact about a match row just read that only a change of its seats changes,
    remembered per match, seat version and join code: every change of a seat, or of the
    match a draft was carried into, moves the seat version in the same transaction
    (``bump_seats``), and a match made again under the same id (an import after a prune)
    has a new join code. ``read`` reads it from the database when it is not remembered."""
    key = (what, str(match["id"]), int(match["seat_version"]), str(match["join_code"]))
    with _kept_lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    found = read()
    with _kept_lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def seats_of(conn: Connection, match: Row) -> list[dict[str, Any]]:
    """Return the seats of a match row just read (as ``seats``), remembered per seat
    version; the list is shared: read it, do not change it."""
    found: list[dict[str, Any]] = by_seat_version(match, "seats", lambda: seats(conn, match["id"]))
    return found


def carried_id(conn: Connection, match: Row) -> str | None:
    """Return the id of the match a draft (a match row just read) was carried into, if it
    was; remembered per seat version."""

    def read() -> str | None:
        done = carried_match(conn, match["id"])
        return None if done is None else str(done["id"])

    found: str | None = by_seat_version(match, "carried", read)
    return found


def seat_row(conn: Connection, match_id: str, token: str | None) -> Row | None:
    """Return the seat row a token holds in this match, if any."""
    if not token:
        return None
    row: Row | None = conn.execute(
        "select seat, name, token_hash from seats where match_id = ? and token_hash = ?",
        (match_id, hash_token(token)),
    ).fetchone()
    return row


def seat_of(conn: Connection, match_id: str, token: str | None) -> str | None:
    """Return the player name a seat token belongs to in this match, if any."""
    row = seat_row(conn, match_id, token)
    return None if row is None else str(row["name"])


def claim_seat(
    conn: Connection, match_id: str, seat: int, held: str | None, claim: str | None = None
) -> tuple[str, str]:
    """Claim a free seat for a phone; return (player name, new seat token).

    ``held`` is the seat token the phone already has for this match (one seat per phone);
    ``claim`` is the code of a handed-over seat, which only its new phone knows.

    :raises NotFound: for no such seat. SeatTaken: when it is taken, reserved for another
        phone, or the phone already holds a seat here.
    """
    token = secrets.token_urlsafe(SEAT_TOKEN_BYTES)
    with write_transaction(conn):
        mine = seat_row(conn, match_id, held)
        if mine is not None:
            raise REFUSE(SeatTaken, "st_holds_seat", name=mine["name"])
        row = conn.execute(
            "select s.name, s.token_hash, s.claim_hash, m.trust from seats s "
            "join matches m on m.id = s.match_id where s.match_id = ? and s.seat = ?",
            (match_id, seat),
        ).fetchone()
        if row is None:
            raise REFUSE(NotFound, "st_no_seat", seat=seat)
        if row["token_hash"] is not None:
            raise REFUSE(SeatTaken, "st_seat_taken", name=row["name"])
        if row["claim_hash"] is not None and row["claim_hash"] != hash_token(claim or ""):
            raise kept_for(row["name"], row["trust"])
        conn.execute(
            "update seats set token_hash = ?, claim_hash = null where match_id = ? and seat = ?",
            (hash_token(token), match_id, seat),
        )
        bump_seats(conn, match_id)
    return str(row["name"]), token


def kept_for(name: str, trust: str) -> SeatTaken:
    """Return why a free seat refuses a phone without its code (raise it)."""
    if trust == TOURNAMENT:
        return REFUSE(SeatTaken, "st_seat_kept", name=name)
    return REFUSE(SeatTaken, "st_seat_handed", name=name)


def bump_seats(conn: Connection, match_id: str) -> None:
    """Count a change of seats, so cached answers and ETags notice it."""
    conn.execute("update matches set seat_version = seat_version + 1 where id = ?", (match_id,))


def hand_over_seat(
    conn: Connection,
    match_id: str,
    seat: int,
    by: str,
    check: Callable[[str], None] | None = None,
) -> tuple[str, str]:
    """Free a seat for a new phone: the old phone's token stops working at once, and only
    the returned claim code takes the seat. Return (player name, claim code).

    The table's history says who did it (``by``: a seated player, or "the organiser"), so
    every phone sees it. ``check`` is called with the seat's player inside the transaction
    and may refuse by raising (nothing is then changed).

    :raises NotFound: for no such seat.
    """
    claim = secrets.token_urlsafe(TOKEN_BYTES)
    with write_transaction(conn):
        row = conn.execute(
            "select name from seats where match_id = ? and seat = ?", (match_id, seat)
        ).fetchone()
        if row is None:
            raise REFUSE(NotFound, "st_no_seat", seat=seat)
        if check is not None:
            check(str(row["name"]))
        conn.execute(
            "update seats set token_hash = null, claim_hash = ? where match_id = ? and seat = ?",
            (hash_token(claim), match_id, seat),
        )
        bump_seats(conn, match_id)
        owner = str(row["name"])
        said = (history.COMMON("seat_handed_own", who=by) if by == owner
                else history.COMMON("seat_handed", who=by, owner=owner))  # fmt: skip
        announce(conn, match_id, by, history.entry(said))
    return str(row["name"]), claim


def announce(conn: Connection, match_id: str, by: str, said: history.Line) -> None:
    """Add a line to the table's history that is no action (undo and redo pass it by)."""
    version = conn.execute("select version from matches where id = ?", (match_id,)).fetchone()[0]
    conn.execute(
        "insert into events (match_id, version, kind, payload, actor, idem, line, created) "
        "values (?,?,?,?,?,?,?,?)",
        (match_id, version + 1, SEAT_EVENT, json.dumps({"actor": by, "said": said}), by,
         "seat-" + secrets.token_urlsafe(TOKEN_BYTES), said["text"], now()),
    )  # fmt: skip
    conn.execute("update matches set version = ? where id = ?", (version + 1, match_id))


def carried_match(conn: Connection, draft_id: str) -> Row | None:
    """Return the match a draft was carried into, if it was."""
    row: Row | None = conn.execute(
        "select m.* from carries c join matches m on m.id = c.match_id where c.draft_id = ?",
        (draft_id,),
    ).fetchone()
    return row


def carry_draft(
    conn: Connection,
    draft_id: str,
    rules: rooms.Rules[Any, Any, Any],
    setup: Any,
    catalog: Catalog,
) -> dict[str, str]:
    """Create the one match a finished draft is carried into (or return it when it exists);
    each draft seat's phone holds the seat of the same name in the new match.

    :raises GameError: when the rules refuse the setup (nothing is written).
    """
    rules.start(setup, catalog)
    with write_transaction(conn):
        done = carried_match(conn, draft_id)
        if done is not None:
            return {k: str(done[k]) for k in ("id", "join_code", "view_token")}
        ids = new_ids()
        carry_into(conn, draft_id, ids, rules.setup_to_json(setup), rules.players(setup))
    return ids


def carry_into(
    conn: Connection,
    draft_id: str,
    ids: dict[str, str],
    setup_json: dict[str, Any],
    players: tuple[str, ...],
    trust: str = CASUAL,
    claims: dict[int, str] | None = None,
) -> None:
    """Insert the match a draft becomes (inside a write transaction): each draft seat's
    phone holds the seat of the same name, a seat whose phone is missing waits for its
    ``claims`` code (a tournament table's) or any phone; the draft remembers the match, and
    every phone's next read of the draft shows its link. The one carry, for a draft room's
    own and for a tournament table's (``companion.storage.results``)."""
    held = {r["name"]: r["token_hash"] for r in conn.execute(
        "select name, token_hash from seats where match_id = ? and token_hash is not null",
        (draft_id,))}  # fmt: skip
    hashes = {i: held[p] for i, p in enumerate(players) if p in held}
    insert_match(conn, ids, setup_json, players, hashes, trust, claims)
    conn.execute(
        "insert into carries (draft_id, match_id, created) values (?,?,?) on conflict do nothing",
        (draft_id, ids["id"], now()),
    )
    bump_seats(conn, draft_id)


def seat_by_name(conn: Connection, match_id: str, name: str, token: str) -> None:
    """Seat a phone at the seat of this name (a draft seat's phone in the carried match).

    :raises SeatTaken: when another phone holds or was handed that seat.
    """
    with write_transaction(conn):
        row = conn.execute(
            "select seat, token_hash, claim_hash from seats where match_id = ? and name = ?",
            (match_id, name),
        ).fetchone()
        if row is None:
            raise REFUSE(NotFound, "st_no_seat_for", name=name)
        if row["token_hash"] == hash_token(token):
            return
        if row["token_hash"] is not None or row["claim_hash"] is not None:
            raise REFUSE(SeatTaken, "st_seat_other_phone", name=name)
        conn.execute(
            "update seats set token_hash = ? where match_id = ? and seat = ?",
            (hash_token(token), match_id, row["seat"]),
        )
        bump_seats(conn, match_id)
