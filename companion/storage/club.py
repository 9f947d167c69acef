"""The club's players and its admin: profiles, their devices, the admin secret, settings.

A profile is a name; a phone holds it as a long-lived player cookie whose token is stored only
as its hash (``club_devices``). A second device is added only with a one-time code the first
shows (as a QR code): the code is stored hashed, used once, and lapses after
``DEVICE_CODE_MINUTES``. The club admin's secret is made at the first start and printed in the
terminal; only its hash is kept, so ``companion club admin-secret`` prints a new one (the old
stops working). Speaks no HTTP: raises ``ClubError`` subclasses, which the web layer maps.
"""

from __future__ import annotations

import hmac
from datetime import UTC, datetime, timedelta

from companion.game.errors import InvalidSetup, passed_on
from companion.game.names import clean_name, same_name_key
from companion.storage.engine import INTEGRITY_ERRORS, Connection, Row
from companion.storage.matches import hash_token, new_token, now, write_transaction
from companion.storage.refusals import REFUSE

DEVICE_CODE_MINUTES = 10
ADMIN_KEY = "admin_hash"
SEASON_KEY = "season"
PRIVATE_KEY = "private"
SHOWN_HIDDEN = "a player"
"""What public pages show for a hidden or removed profile."""


class ClubError(Exception):
    """Base of the club store's refusals; ``status`` is the HTTP status it means."""

    status = 409


class NoProfile(ClubError):
    """No such profile (or it was removed)."""

    status = 404


class NotAdmin(ClubError):
    """An admin action without the club admin's secret."""

    status = 403


class BadName(ClubError):
    """A profile name that breaks the name rules or is taken."""

    status = 400


class ClubPrivate(ClubError):
    """A new profile asked while the club's pages are private."""

    status = 403


def setting(conn: Connection, key: str, default: str | None = None) -> str | None:
    """Return one club setting (or the default)."""
    row = conn.execute("select value from club_settings where key = ?", (key,)).fetchone()
    return default if row is None else str(row[0])


def put_setting(conn: Connection, key: str, value: str) -> None:
    """Set one club setting (inside the caller's transaction)."""
    conn.execute(
        "insert into club_settings (key, value) values (?, ?) "
        "on conflict (key) do update set value = excluded.value",
        (key, value),
    )


def ensure_admin_secret(conn: Connection) -> str | None:
    """Make the admin secret at the first start; return it then (to print), else None."""
    with write_transaction(conn):
        if setting(conn, ADMIN_KEY) is not None:
            return None
        secret = new_token()
        put_setting(conn, ADMIN_KEY, hash_token(secret))
    return secret


def new_admin_secret(conn: Connection) -> str:
    """Make a new admin secret (the old one stops working) and return it."""
    secret = new_token()
    with write_transaction(conn):
        put_setting(conn, ADMIN_KEY, hash_token(secret))
    return secret


def check_admin(conn: Connection, secret: str | None) -> None:
    """Refuse unless ``secret`` is the club admin's.

    :raises NotAdmin: naming where the secret is found.
    """
    stored = setting(conn, ADMIN_KEY)
    if not secret or stored is None or not hmac.compare_digest(stored, hash_token(secret)):
        raise REFUSE(NotAdmin, "cl_admin_only")


def checked_name(raw: object) -> tuple[str, str]:
    """Return a profile name cleaned by the tables' name rules, and its comparison key.

    :raises BadName: saying what is wrong.
    """
    if not isinstance(raw, str):
        raise REFUSE(BadName, "cl_name_text")
    try:
        name = clean_name(raw)
    except InvalidSetup as exc:
        raise passed_on(BadName, exc) from None
    return name, same_name_key(name)


def insert_device(conn: Connection, profile_id: str) -> str:
    """Give a device a new player token for a profile; return the token (inside a transaction)."""
    token = new_token()
    conn.execute(
        "insert into club_devices (token_hash, profile_id, created) values (?, ?, ?)",
        (hash_token(token), profile_id, now()),
    )
    return token


def create_profile(conn: Connection, raw_name: object) -> tuple[str, str]:
    """Make a profile; return (profile id, the creating phone's player token).

    :raises BadName: for a name against the rules or one another profile has.
    :raises ClubPrivate: while the club's pages are private (a profile opens them).
    """
    name, folded = checked_name(raw_name)
    profile_id = new_token()
    try:
        with write_transaction(conn):
            if setting(conn, PRIVATE_KEY) == "1":
                raise REFUSE(ClubPrivate, "cl_private_join")
            conn.execute(
                "insert into club_profiles (id, name, folded, created) values (?, ?, ?, ?)",
                (profile_id, name, folded, now()),
            )
            token = insert_device(conn, profile_id)
    except INTEGRITY_ERRORS:
        raise REFUSE(BadName, "cl_name_taken", name=name) from None
    return profile_id, token


def profile_of(conn: Connection, token: str | None) -> Row | None:
    """Return the profile a player token belongs to, or None."""
    if not token:
        return None
    return conn.execute(  # type: ignore[no-any-return]
        "select p.* from club_devices d join club_profiles p on p.id = d.profile_id "
        "where d.token_hash = ? and p.removed = 0",
        (hash_token(token),),
    ).fetchone()


def find_profile(conn: Connection, profile_id: str) -> Row:
    """Return a profile that was not removed.

    :raises NoProfile: when there is none.
    """
    row = conn.execute(
        "select * from club_profiles where id = ? and removed = 0", (profile_id,)
    ).fetchone()
    if row is None:
        raise REFUSE(NoProfile, "cl_no_profile", profile=profile_id)
    return row  # type: ignore[no-any-return]


def new_device_code(conn: Connection, profile_id: str) -> str:
    """Make a one-time code that adds a second device to a profile; return it."""
    code = new_token()
    with write_transaction(conn):
        conn.execute(
            "insert into club_device_codes (code_hash, profile_id, created) values (?, ?, ?)",
            (hash_token(code), profile_id, now()),
        )
    return code


def claim_device_code(conn: Connection, code: str, at: datetime | None = None) -> tuple[str, str]:
    """Use a one-time device code: return (profile id, the new device's player token).

    :raises NoProfile: for a code that is unknown, used already or older than 10 minutes.
    """
    oldest = ((at or datetime.now(UTC)) - timedelta(minutes=DEVICE_CODE_MINUTES)).isoformat()
    with write_transaction(conn):
        row = conn.execute(
            "select profile_id, created from club_device_codes where code_hash = ?",
            (hash_token(code),),
        ).fetchone()
        conn.execute("delete from club_device_codes where code_hash = ?", (hash_token(code),))
        if row is None or row["created"] < oldest:
            raise REFUSE(NoProfile, "cl_device_code")
        find_profile(conn, row["profile_id"])
        return row["profile_id"], insert_device(conn, row["profile_id"])


def rename(conn: Connection, profile_id: str, raw_name: object) -> str:
    """Rename a profile (admin); return the new name.

    :raises BadName / NoProfile:
    """
    name, folded = checked_name(raw_name)
    try:
        with write_transaction(conn):
            find_profile(conn, profile_id)
            conn.execute(
                "update club_profiles set name = ?, folded = ? where id = ?",
                (name, folded, profile_id),
            )
    except INTEGRITY_ERRORS:
        raise REFUSE(BadName, "cl_name_taken", name=name) from None
    return name


def set_hidden(conn: Connection, profile_id: str, hidden: bool) -> None:
    """Hide a profile from public pages (shown as "a player") or show it again."""
    with write_transaction(conn):
        find_profile(conn, profile_id)
        conn.execute("update club_profiles set hidden = ? where id = ?", (int(hidden), profile_id))


def remove(conn: Connection, profile_id: str) -> None:
    """Remove a profile: its matches stay (as "a player"), its name and devices go."""
    with write_transaction(conn):
        find_profile(conn, profile_id)
        conn.execute(
            "update club_profiles set removed = 1, hidden = 1, name = '', folded = null "
            "where id = ?",
            (profile_id,),
        )
        conn.execute("delete from club_devices where profile_id = ?", (profile_id,))
        conn.execute("delete from club_device_codes where profile_id = ?", (profile_id,))


def shown_name(row: Row) -> str:
    """Return the name public pages show for a profile row."""
    return SHOWN_HIDDEN if row["hidden"] or row["removed"] else str(row["name"])


def current_season(conn: Connection) -> int:
    """Return the club's current season (1 until the admin starts another)."""
    return int(setting(conn, SEASON_KEY, "1") or 1)
