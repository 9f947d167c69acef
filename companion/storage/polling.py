"""The reads the server's fast poll path makes without Flask: a match's versions by id or
by spectator token, and several matches' versions at once. Whose seat a token holds is the
one lookup of ``companion.storage.seats.seat_of``."""

from __future__ import annotations

from companion.storage.engine import Connection, Row

CHUNK = 500
"""Ids per query (well under SQLite's limit on bound parameters)."""


def versions(conn: Connection, ids: list[str]) -> dict[str, tuple[int, int]]:
    """Return the (version, seat version) of matches (a deleted one is missing)."""
    found: dict[str, tuple[int, int]] = {}
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        marks = ",".join("?" * len(chunk))
        for row in conn.execute(
            f"select id, version, seat_version from matches where id in ({marks})", chunk
        ):
            found[row["id"]] = (row["version"], row["seat_version"])
    return found


def match_versions(conn: Connection, match_id: str) -> Row | None:
    """Return a match's id, version and seat version, if it exists."""
    row: Row | None = conn.execute(
        "select id, version, seat_version from matches where id = ?", (match_id,)
    ).fetchone()
    return row


def viewed_versions(conn: Connection, view_token: str) -> Row | None:
    """Return the id, version and seat version of the match a spectator link shows."""
    row: Row | None = conn.execute(
        "select id, version, seat_version from matches where view_token = ?", (view_token,)
    ).fetchone()
    return row
