"""The club's API (issue #30): profiles on phones, a second device by one-time code, "count
this" for a finished casual match, the admin's renames, merges, removals, seasons and
privacy, and the export. Pages are in ``companion.web.club.pages``; see docs/club.md.

Who may do what: a phone's player cookie (``club_player``, its token stored only hashed)
acts for its own profile alone; a second device joins a profile only with a code the first
device made (used once, 10 minutes); a result is confirmed for a seat only from the phone
holding that seat *and* a profile; the admin's secret travels in the ``X-Club-Admin``
header (which a foreign page cannot add). Every player's write echoes the page's CSRF cookie
in ``X-CSRF-Token``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request

from companion.game.club.placing import GAMES
from companion.storage import club, club_codes, club_results, club_tournaments
from companion.storage import club_pages as listing
from companion.web import database
from companion.web.common import body, catalog, seat_token
from companion.web.errors import ApiError
from companion.web.security import CSRF_COOKIE, CSRF_HEADER

bp = Blueprint("club", __name__)
PLAYER_COOKIE = "club_player"
ADMIN_HEADER = "X-Club-Admin"
ENTRY_COOKIE = "tp_"
"""The tournament entry cookie a phone holds after entering (companion/web/tournaments)."""
COOKIE_DAYS = 400
"""How long a phone keeps its player cookie (the most browsers allow)."""


def refusing(action: Callable[[], Any]) -> Any:
    """Run a club store action, turning its refusals into 4xx answers."""
    try:
        return action()
    except club.ClubError as exc:
        raise ApiError(exc.status, str(exc)) from None


def check_csrf() -> None:
    """Refuse a player's write without the CSRF header echoing the page's CSRF cookie (even
    from a phone without a profile: a foreign page must not put a profile on it)."""
    expected = request.cookies.get(CSRF_COOKIE) or ""
    sent = request.headers.get(CSRF_HEADER) or ""
    if not expected or not secrets.compare_digest(expected, sent):
        raise ApiError(403, "missing or wrong X-CSRF-Token header (reload the page)")


def player_token() -> str | None:
    """Return this phone's player token, if it holds one."""
    return request.cookies.get(PLAYER_COOKIE)


def my_profile() -> Any:
    """Return this phone's profile.

    :raises ApiError: 403 when the phone holds none.
    """
    profile = club.profile_of(database.get_db(), player_token())
    if profile is None:
        raise ApiError(403, "this phone has no player profile: make one on /club/me, or add "
                       "this phone with the code your first phone shows")  # fmt: skip
    return profile


def with_player_cookie(response: Response, token: str) -> Response:
    """Give the phone its long-lived player cookie: HttpOnly, same-site only."""
    response.set_cookie(
        PLAYER_COOKIE,
        token,
        max_age=60 * 60 * 24 * COOKIE_DAYS,
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
        path="/",
    )
    return response


def check_admin() -> None:
    """Refuse unless the request carries the club admin's secret."""
    refusing(lambda: club.check_admin(database.get_db(), request.headers.get(ADMIN_HEADER)))


def check_may_read() -> None:
    """Refuse a private club's pages and export to anyone but its players and admin."""
    conn = database.get_db()
    if not listing.is_private(conn) or club.profile_of(conn, player_token()) is not None:
        return
    check_admin()


def profile_json(row: Any) -> dict[str, Any]:
    """Return a profile as the API shows it to its own phone."""
    return {"id": row["id"], "name": row["name"], "hidden": bool(row["hidden"]),
            "url": f"/club/p/{row['id']}"}  # fmt: skip


@bp.post("/api/club/profiles")
def create_profile() -> tuple[Response, int]:
    """Make a profile on this phone (``{"name": ...}``); the phone gets the player cookie."""
    check_csrf()
    if player_token() and club.profile_of(database.get_db(), player_token()) is not None:
        raise ApiError(409, "this phone has a profile already: rename it through the admin")
    conn = database.get_db()
    profile_id, token = refusing(lambda: club.create_profile(conn, body().get("name")))
    answer = jsonify(profile_json(club.find_profile(conn, profile_id)))
    return with_player_cookie(answer, token), 201


@bp.get("/api/club/me")
def me() -> Response:
    """Return this phone's profile (or null)."""
    profile = club.profile_of(database.get_db(), player_token())
    return jsonify({"profile": None if profile is None else profile_json(profile)})


@bp.post("/api/club/me/devices")
def new_device_code() -> tuple[Response, int]:
    """Make a one-time code (shown as a QR code) that adds another device to this profile."""
    check_csrf()
    code = club.new_device_code(database.get_db(), my_profile()["id"])
    return jsonify({"code": code, "url": f"/club/device/{code}",
                    "minutes": club.DEVICE_CODE_MINUTES}), 201  # fmt: skip


@bp.post("/api/club/devices/<code>")
def claim_device(code: str) -> Response:
    """Add this phone to the profile whose one-time code it holds."""
    check_csrf()
    conn = database.get_db()
    profile_id, token = refusing(lambda: club.claim_device_code(conn, code))
    return with_player_cookie(jsonify(profile_json(club.find_profile(conn, profile_id))), token)


def flag(name: str) -> bool:
    """Read a true/false field of the request's JSON body.

    :raises ApiError: 400 naming the field when it is missing or not a boolean.
    """
    value = body().get(name)
    if not isinstance(value, bool):
        raise ApiError(400, f"'{name}' must be true or false")
    return value


@bp.post("/api/club/me/hidden")
def hide_me() -> Response:
    """Hide this phone's profile from public pages (``{"hidden": true}``) or show it."""
    check_csrf()
    hidden = flag("hidden")
    profile = my_profile()
    club.set_hidden(database.get_db(), profile["id"], hidden)
    return jsonify({"hidden": hidden})


@bp.post("/api/club/me/delete")
def delete_me() -> Response:
    """Delete this phone's profile: its matches stay, its name goes."""
    check_csrf()
    profile = my_profile()
    club.remove(database.get_db(), profile["id"])  # its results stay: no rating changes
    response = jsonify({"deleted": True})
    response.delete_cookie(PLAYER_COOKIE, path="/")
    return response


@bp.post("/api/club/matches/<match_id>/count")
def count_this(match_id: str) -> Response:
    """Confirm a finished casual match's result for this phone's seat and profile."""
    check_csrf()
    conn, token = database.get_db(), player_token()
    done = refusing(lambda: club_results.confirm(conn, match_id, seat_token(match_id), token,
                                                 catalog()))  # fmt: skip
    return jsonify({"confirmed": done.confirmed, "seats": done.seats, "counted": done.counted})


@bp.post("/api/club/matches/<match_id>/count-codes")
def new_count_code(match_id: str) -> tuple[Response, int]:
    """Make a one-time code (a QR code) with which another phone confirms a seat no phone
    holds (``{"seat": n}``): a shared-phone table's players confirm on their own phones."""
    check_csrf()
    seat = body().get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ApiError(400, "'seat' must be the number of a seat no phone holds")
    conn, token = database.get_db(), seat_token(match_id)
    code = refusing(lambda: club_codes.new_confirm_code(conn, match_id, token, seat, catalog()))
    return jsonify({"code": code, "url": f"/club/count/{code}"}), 201


@bp.post("/api/club/count/<code>")
def count_with_code(code: str) -> Response:
    """Confirm the seat a one-time code names for this phone's profile."""
    check_csrf()
    conn, token = database.get_db(), player_token()
    done = refusing(lambda: club_codes.confirm_with_code(conn, code, token, catalog()))
    return jsonify({"confirmed": done.confirmed, "seats": done.seats, "counted": done.counted})


@bp.get("/api/club/matches/<match_id>/count")
def count_state(match_id: str) -> Response:
    """Say whether this phone may confirm the match and how many seats have."""
    conn = database.get_db()
    return jsonify(listing.count_state(conn, match_id, seat_token(match_id), player_token(),
                                       catalog()))  # fmt: skip


@bp.post("/api/club/tournaments/<tid>/link")
def link_entry(tid: str) -> Response:
    """Count this phone's tournament entry for its profile (its tables count once both
    players of a table are linked and the result is in)."""
    check_csrf()
    conn, entry = database.get_db(), request.cookies.get(ENTRY_COOKIE + tid)
    player = refusing(lambda: club_tournaments.link_entry(conn, tid, entry, player_token()))
    return jsonify({"player": player})


@bp.get("/api/club/tournaments/<tid>/changes")
def tournament_changes(tid: str) -> Response:
    """Return each linked player's rating before and after a tournament's counted tables."""
    check_may_read()
    found = club_tournaments.changes(database.get_db(), tid)
    return jsonify({"players": {str(p): c for p, c in found.items()}})


def admin_profile_action(action: Callable[[Any], Any]) -> Response:
    """Run an admin action on a profile (with the admin secret); answer what it returned."""
    check_admin()
    conn = database.get_db()
    return jsonify(refusing(lambda: action(conn)) or {"ok": True})


@bp.post("/api/club/admin/profiles/<profile_id>/rename")
def admin_rename(profile_id: str) -> Response:
    """Rename a profile (admin)."""
    name = body().get("name")
    return admin_profile_action(lambda c: {"name": club.rename(c, profile_id, name)})


@bp.post("/api/club/admin/profiles/<profile_id>/merge")
def admin_merge(profile_id: str) -> Response:
    """Merge this profile into another of the same person (``{"into": id}``, admin)."""
    into = body().get("into")
    if not isinstance(into, str):
        raise ApiError(400, "'into' must be the id of the profile to keep")
    return admin_profile_action(lambda c: {"results": club_results.merge(c, profile_id, into)})


@bp.post("/api/club/admin/profiles/<profile_id>/remove")
def admin_remove(profile_id: str) -> Response:
    """Remove a profile (admin): its matches stay, as "a player" (no rating changes)."""
    return admin_profile_action(lambda conn: club.remove(conn, profile_id))


@bp.get("/api/club/admin/profiles")
def admin_profiles() -> Response:
    """List every profile with its real name, the club's season and privacy (admin)."""
    check_admin()
    conn = database.get_db()
    return jsonify({"profiles": listing.all_profiles(conn), "season": club.current_season(conn),
                    "private": listing.is_private(conn)})  # fmt: skip


@bp.post("/api/club/admin/season")
def admin_new_season() -> Response:
    """Start a new season (admin): its ratings start afresh; past seasons stay readable."""
    check_admin()
    return jsonify({"season": listing.start_season(database.get_db())})


@bp.post("/api/club/admin/private")
def admin_private() -> Response:
    """Make the club's pages private (``{"private": true}``: players and admin only), or not."""
    check_admin()
    private = flag("private")
    listing.set_private(database.get_db(), private)
    return jsonify({"private": private})


@bp.get("/api/club/leaderboard/<game>")
def leaderboard(game: str) -> Response:
    """Return a game's leaderboard in a season (``?season=N``, default the current one)."""
    check_may_read()
    check_game(game)
    conn = database.get_db()
    season = season_arg(conn)
    return jsonify({"game": game, "season": season, "players": listing.board(conn, season, game)})


def check_game(game: str) -> None:
    """Refuse a game that is not rated (404 naming the rated ones)."""
    if game not in GAMES:
        raise ApiError(404, f"no rated game {game!r} (rated: {', '.join(GAMES)})")


def season_arg(conn: Any) -> int:
    """Read ``?season=N`` (default: the current season)."""
    raw = request.args.get("season")
    if raw is None:
        return club.current_season(conn)
    if not raw.isdigit() or not 1 <= int(raw) <= club.current_season(conn):
        raise ApiError(400, f"'season' must be a season of this club, 1 to "
                       f"{club.current_season(conn)}")  # fmt: skip
    return int(raw)


@bp.get("/api/club/export.json")
def export_json() -> Response:
    """Export the club's players, matches and ratings as JSON (docs/club.md)."""
    check_may_read()
    return jsonify(listing.export_tables(database.get_db()))


@bp.get("/api/club/export/<table>.csv")
def export_csv(table: str) -> Response:
    """Export the club's players, matches or ratings as CSV (docs/club.md)."""
    check_may_read()
    text = listing.export_csv(database.get_db(), table)
    if text is None:
        raise ApiError(404, f"no export {table!r}: players, matches or ratings")
    response = Response(text, mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="club-{table}.csv"'
    return response
