"""The organiser at a tournament table: hand a seat to a new phone, see the table's last
action and take it back (any seat's, never a final one), put a Flash Duel pawn on a space by
hand on any turn. Routes on the tournaments blueprint."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Response, jsonify, request

from companion.game.tournament import Result
from companion.storage import matches as store
from companion.storage import results
from companion.storage import seats as seating
from companion.storage import tournaments as ts
from companion.storage.engine import Row
from companion.storage.replayed import Cached
from companion.web import database
from companion.web.common import body, catalog, check_csrf, seat_number, seat_token
from companion.web.refusals import refused, relayed
from companion.web.tournaments import (
    PLAYER_COOKIE,
    base_url,
    bp,
    organiser_row,
    refusing,
    whole_field,
)

TABLE = "/api/tournaments/<tid>/rounds/<int:number>/tables/<int:table_no>"


def table_match(tid: str, number: int, table_no: int) -> Row:
    """Return the match a table plays now (the duel once its draft is done).

    :raises ApiError: 404 when the round has no such table with a match.
    """
    match = ts.table_match(database.get_db(), tid, number, table_no)
    if match is None:
        raise refused(404, "api_no_table_match", round=number, table=table_no)
    return match


@bp.post(TABLE + "/seats/<int:seat>/hand-over")
def hand_over(tid: str, number: int, table_no: int, seat: int) -> Response:
    """The organiser gives a player's seat to a new phone (a lost or flat phone): the old
    phone stops working at once; the answer carries the one link that takes the seat."""
    body()  # a JSON object, even if empty
    row = organiser_row(tid)
    match = table_match(tid, number, table_no)
    conn = database.get_db()
    seat = seat_number(seat, len(seating.seats(conn, match["id"])))
    name, claim = seating.hand_over_seat(conn, match["id"], seat, store.ORGANISER)
    ts.note(conn, row, f"round {number} table {table_no}: {name}'s seat handed to a new phone")
    url = f"{base_url()}/ts/{match['join_code']}/{seat}?claim={claim}"
    return jsonify({"seat": seat, "name": name, "join_url": url})


def last_action(cached: Cached) -> dict[str, Any] | None:
    """Describe the table's last action in effect for the organiser (None: nothing to undo)."""
    if cached.top is None:
        return None
    refusal = cached.undo_refusal(None, for_anyone=True)
    return {"line": cached.top.line, "target": cached.top.position, "refused": refusal}


@bp.get(TABLE + "/last-action")
def read_last_action(tid: str, number: int, table_no: int) -> Response:
    """The table's last action in effect, and why it cannot be undone if it cannot."""
    organiser_row(tid)
    conn = database.get_db()
    cached = store.load(conn, table_match(tid, number, table_no), catalog())
    return jsonify({"last": last_action(cached)})


@bp.post(TABLE + "/undo")
def undo_at_table(tid: str, number: int, table_no: int) -> Response:
    """The organiser takes back a table's last action (a dispute at the table), naming it by
    ``target`` as the last-action answer gave it; a final action is never taken back."""
    data = body()
    row = organiser_row(tid)
    target = data.get("target")
    if isinstance(target, bool) or not isinstance(target, int):
        raise refused(400, "api_take_back_target")
    conn = database.get_db()
    match = table_match(tid, number, table_no)
    current = store.load(conn, match, catalog())
    write = store.Write(store.ORGANISER, "undo", None, current.version, uuid.uuid4().hex,
                        target, for_anyone=True)  # fmt: skip
    try:
        cached = store.append(conn, match["id"], write, catalog())
    except (store.StaleVersion, store.NothingToUndo, store.UndoRefused) as exc:
        raise relayed(409, exc) from None
    line = cached.lines[-1]["text"]
    ts.note(conn, row, f"round {number} table {table_no}: {line}")
    return jsonify({"version": cached.version, "line": line, "said": cached.lines[-1]})


@bp.post(TABLE + "/place")
def place_at_table(tid: str, number: int, table_no: int) -> Response:
    """The organiser puts a Flash Duel pawn on a space by hand (``player``, ``space``), on
    any turn: a player's own phone may do it only on their own turn."""
    data = body()
    row = organiser_row(tid)
    conn = database.get_db()
    match = table_match(tid, number, table_no)
    current = store.load(conn, match, catalog())
    action = current.rules.parse_action({**data, "type": "place"})
    write = store.Write(store.ORGANISER, "action", action, current.version, uuid.uuid4().hex,
                        for_anyone=True)  # fmt: skip
    try:
        cached = store.append(conn, match["id"], write, catalog())
    except store.StaleVersion as exc:
        raise relayed(409, exc) from None
    line = cached.lines[-1]["text"]
    ts.note(conn, row, f"round {number} table {table_no}: {line}")
    return jsonify({"version": cached.version, "line": line, "said": cached.lines[-1]})


def reporter(tid: str, match: Row, players: tuple[int, int | None]) -> int:
    """Return which of a table's players this phone is: by its tournament cookie, or by the
    seat it holds at the table's match.

    :raises ApiError: 403 for any other phone.
    """
    conn = database.get_db()
    entered = ts.player_by_token(conn, tid, request.cookies.get(PLAYER_COOKIE + tid))
    if entered is not None and entered["player"] in players:
        return int(entered["player"])
    seated = seating.seat_of(conn, match["id"], seat_token(match["id"]))
    by_name = {p["name"]: p["player"] for p in ts.player_rows(conn, tid) if p["player"] in players}
    if seated is not None and seated in by_name:
        return int(by_name[seated])
    raise refused(403, "api_report_players")


@bp.post(TABLE + "/report")
def report_score(tid: str, number: int, table_no: int) -> Response:
    """A player reports the table's score (games won by a and b, draws): when both players
    report the same, it is the result; when they differ, the organiser decides."""
    check_csrf()
    data = body()
    row = ts.find(database.get_db(), tid)
    result = Result(whole_field(data, "wins_a"), whole_field(data, "wins_b"),
                    whole_field(data, "draws"))  # fmt: skip
    match = table_match(tid, number, table_no)
    players = ts.table_players(database.get_db(), tid, number, table_no)
    player = reporter(tid, match, players)
    said = refusing(
        lambda: results.report(database.get_db(), row, number, table_no, player, result, catalog())
    )
    return jsonify({"report": said})
