"""A shared-phone table's players confirm from their own phones (issue #30): the phone that
holds a seat shows, for each seat no phone holds, a one-time code (a QR code); the phone
that opens it, with a profile, confirms that seat. A code is stored hashed, works once and
lapses after ``club.DEVICE_CODE_MINUTES``; a seat another phone holds is confirmed there."""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime, timedelta

from companion.storage import club
from companion.storage.club_results import (
    Confirmed,
    NotCountable,
    NotYourSeat,
    confirm_seat,
    countable,
)
from companion.storage.engine import Connection, Row
from companion.storage.matches import hash_token, new_token, now, write_transaction
from companion.storage.refusals import REFUSE
from companion.storage.seats import seat_row
from printkit.catalog import Catalog


def new_confirm_code(
    conn: Connection, match_id: str, seat_token: str | None, seat: int, catalog: Catalog,
    other_tokens: Collection[str] = (),
) -> str:  # fmt: skip
    """Make a one-time code with which another phone confirms a seat no phone holds, or
    another seat this phone holds (``other_tokens``: pass-and-play).

    :raises NotYourSeat: unless this phone holds a seat of the match.
    :raises NotCountable: for a match that cannot count, an unknown seat, this phone's own
        first seat, or a seat another phone holds.
    """
    with write_transaction(conn):
        own = seat_row(conn, match_id, seat_token)
        if own is None:
            raise REFUSE(NotYourSeat, "cl_codes_seated")
        match = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
        countable(match, catalog, conn)
        row = conn.execute(
            "select token_hash from seats where match_id = ? and seat = ?", (match_id, seat)
        ).fetchone()
        if row is None or int(own["seat"]) == seat or not is_code_seat(row, other_tokens):
            raise REFUSE(NotCountable, "cl_seat_has_phone", seat=seat)
        code = new_token()
        conn.execute(
            "insert into club_confirm_codes (code_hash, match_id, seat, created) "
            "values (?, ?, ?, ?)",
            (hash_token(code), match_id, seat, now()),
        )
    return code


def is_code_seat(row: Row, other_tokens: Collection[str]) -> bool:
    """Return True when a seat's player confirms by code: no phone holds the seat, or the
    asking phone holds it besides its own (a pass-and-play phone)."""
    held = row["token_hash"]
    return held is None or held in {hash_token(t) for t in other_tokens}


def confirm_with_code(
    conn: Connection, code: str, player_token: str | None, catalog: Catalog,
    at: datetime | None = None,
) -> Confirmed:  # fmt: skip
    """Confirm the seat a one-time code names for this phone's profile.

    :raises NotYourSeat: without a profile on this phone.
    :raises club.NoProfile: for a code unknown, used already or lapsed.
    :raises NotCountable: as ``confirm_seat``.
    """
    oldest = ((at or datetime.now(UTC)) - timedelta(minutes=club.DEVICE_CODE_MINUTES)).isoformat()
    with write_transaction(conn):
        profile = club.profile_of(conn, player_token)
        if profile is None:
            raise REFUSE(NotYourSeat, "cl_profile_first")
        row = conn.execute(
            "select match_id, seat, created from club_confirm_codes where code_hash = ?",
            (hash_token(code),),
        ).fetchone()
        if row is None or row["created"] < oldest:
            raise REFUSE(club.NoProfile, "cl_confirm_code")
        conn.execute("delete from club_confirm_codes where code_hash = ?", (hash_token(code),))
        return confirm_seat(conn, row["match_id"], int(row["seat"]), str(profile["id"]), catalog)
