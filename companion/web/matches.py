"""Matches of every kind: create (Puzzle Strike), join, seats, state, actions, undo, redo."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, make_response, request

from companion.kinds import find_kind
from companion.server.answers import WAITING, answer_key, host_in
from companion.server.polls import etag_key, state_tag, viewer_tag
from companion.storage import matches as store
from companion.storage import results, tournaments
from companion.storage import seats as seating
from companion.storage.engine import Connection, Row
from companion.storage.replayed import TOURNAMENT, Cached
from companion.web import database
from companion.web.common import (
    base_url,
    body,
    catalog,
    check_csrf,
    create_room,
    seat_number,
    seat_token,
)
from companion.web.compact_json import compact_bytes
from companion.web.refusals import refused, relayed
from companion.web.security import set_seat

bp = Blueprint("matches", __name__)
KEY = re.compile(r"[!-~]{8,100}")
"""An idempotency key: 8 to 100 visible ASCII characters (a UUID fits)."""


@bp.post("/api/matches")
def create_match() -> tuple[Response, int]:
    """Start a Puzzle Strike match; the creating phone may take a seat at once (``seat``)."""
    return create_room(find_kind("puzzle-strike"), body())


@bp.get("/api/join/<join_code>")
def join_info(join_code: str) -> Response:
    """List a match's seats for the join page."""
    match = store.find_match(database.get_db(), join_code=join_code)
    return jsonify(
        {"match_id": match["id"], "seats": seating.seats(database.get_db(), match["id"])}
    )


@bp.post("/api/join/<join_code>")
def join(join_code: str) -> Response:
    """Take a free seat (one per phone): the phone gets the seat's token in a cookie.
    A handed-over seat also needs its ``claim`` code. At a casual table a seated phone may
    take another seat too (``shared``: pass-and-play); it then names it in ``X-Seat``."""
    data = body()
    conn = database.get_db()
    match = store.find_match(conn, join_code=join_code)
    seat = seat_number(data.get("seat"), len(seating.seats(conn, match["id"])))
    claim = data.get("claim") if isinstance(data.get("claim"), str) else None
    held = seat_token(match["id"])
    shared = data.get("shared") is True and held is not None
    if shared and match["trust"] == store.TOURNAMENT:
        raise refused(403, "api_own_seat_only")
    name, token = seating.claim_seat(conn, match["id"], seat, None if shared else held, claim)
    response = jsonify({"match_id": match["id"], "you": name, "table_url": f"/m/{match['id']}"})
    set_seat(response, match["id"], token, request.is_secure, seat if shared else None)
    return response


@bp.post("/api/matches/<match_id>/seats/<int:seat>/hand-over")
def hand_over(match_id: str, seat: int) -> Response:
    """Give a seat to a new phone (a lost or flat phone): the old phone's cookie stops
    working and the answer carries a join link that takes only this seat."""
    check_csrf()
    body()  # a JSON object, even if empty
    conn = database.get_db()
    match, actor = store.match_and_seat(conn, match_id, seat_token(match_id))
    if actor is None:
        raise refused(403, "api_hand_over_seated")
    if match["trust"] == store.TOURNAMENT:
        raise refused(403, "api_hand_over_organiser")
    seat = seat_number(seat, len(seating.seats(conn, match_id)))
    name, claim = seating.hand_over_seat(
        conn, match_id, seat, actor, check=lambda owner: keep_secret(conn, match_id, owner, actor)
    )
    url = f"{base_url()}/join/{match['join_code']}?seat={seat}&claim={claim}"
    return jsonify({"seat": seat, "name": name, "join_url": url})


def keep_secret(conn: Connection, match_id: str, owner: str, actor: str) -> None:
    """Refuse to hand another player's seat over while it holds anything hidden (the rules'
    ``secrets_held``): the new phone would show it to whoever took the link.

    :raises ApiError: 409 saying when the seat can be handed over.
    """
    if owner == actor:
        return
    current = store.load(conn, store.find_match(conn, match_id=match_id), catalog())
    held = current.rules.secrets_held(current.state, owner)
    if held:
        raise refused(409, "api_secret_held", owner=owner, held=" and ".join(held))


def etag_of(cached: Cached, match: Row, viewer: str | None) -> str:
    """Return the ETag of a viewer's answer: ASCII whatever the viewer's name (the one
    ``fastpoll`` answers unchanged polls with)."""
    key = etag_key(current_app.config["SECRET_KEY"])
    return state_tag(cached.version, match["seat_version"], viewer_tag(key, match["id"], viewer))


def state_response(match: Row, viewer: str | None) -> Response:
    """Answer the state as this viewer sees it, or 304 when the phone is up to date."""
    cached = store.load(database.get_db(), match, catalog())
    etag = etag_of(cached, match, viewer)
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
    else:
        response = answer(cached, viewer, match, etag)
        response.headers["Cache-Control"] = "no-cache"
    response.set_etag(etag)
    return response


def answer(cached: Cached, viewer: str | None, match: Row, etag: str) -> Response:
    """Return the JSON answer for a viewer, made once per version, viewer and host (its
    links hold the address the phone asked at)."""
    key = answer_key(etag, host_in(request.environ, request.host_url))
    made = cached.answers.get(key)
    if made is None:
        made = encoded(payload(cached, viewer, match), cached)
        cached.answers[key] = made
    return Response(made, mimetype="application/json")


def encoded(data: dict[str, Any], cached: Cached) -> bytes:
    """Return ``json.dumps(data, separators=(",", ":"))`` encoded, byte for byte, with the
    history's JSON made once per version: every viewer's answer holds the same lines."""
    if cached.history_json is None:
        cached.history_json = compact_bytes(list(cached.lines))
    parts = []
    for key, value in data.items():
        text = cached.history_json if key == "history" else compact_bytes(value)
        parts.append(compact_bytes(key) + b":" + text)
    return b"{" + b",".join(parts) + b"}"


def make_answers(cached: Cached, match: Row) -> None:
    """Make the answers to a version just written that long polls of this process wait for,
    for the front to send without Flask (``companion.server.answers``)."""
    if not WAITING.any_for(match["id"]):  # nobody waits here: no seats to read
        return
    host = host_in(request.environ, request.host_url)
    for seat in seating.seats_of(database.get_db(), match):
        tag = etag_of(cached, match, seat["name"]) if seat["taken"] else ""
        if tag and WAITING.wanted(match["id"], tag, host):
            answer(cached, seat["name"], match, tag)


def payload(cached: Cached, viewer: str | None, match: Row) -> dict[str, Any]:
    """Return everything a phone shows: version, state, history, undo/redo, and for a
    seated phone the join and spectator links (a spectator never gets the join link)."""
    can_undo, can_redo = cached.can_undo_redo(viewer)
    data: dict[str, Any] = {
        "version": cached.version,
        "kind": cached.rules.kind,
        "trust": match["trust"],
        "state": cached.rules.view(cached.state, viewer, catalog()),
        "history": list(cached.lines),
        "can_undo": can_undo,
        "can_redo": can_redo,
        "undo": cached.undo_offer(viewer),
        "undo_why": undo_why(cached, viewer, match),
        "seats": seating.seats_of(database.get_db(), match),
    }
    if match["trust"] == TOURNAMENT:
        data["event"] = event_of(cached, match["id"])
    done = seating.carried_id(database.get_db(), match)
    if done is not None:  # a draft carried into a match: every phone is seated there
        data["carried"] = {"match_id": done, "table_url": f"/m/{done}"}
    if viewer is not None:
        base = base_url()
        data["links"] = {
            "join_url": f"{base}/join/{match['join_code']}",
            "view_url": f"{base}/v/{match['view_token']}",
        }
    return data


def undo_why(cached: Cached, viewer: str | None, match: Row) -> dict[str, Any] | None:
    """Say why this phone's Undo is off (None: it is on): a spectator's, or the store's
    reason; at a tournament table the organiser may take back another seat's action too."""
    if viewer is None:
        return {"why": "spectator", "text": "a spectator's phone cannot undo"}
    reason: dict[str, Any] | None = cached.undo_reason(viewer)
    if reason is not None and reason["why"] == "other_seat" and match["trust"] == TOURNAMENT:
        reason = {**reason, "organiser": True, "text": reason["text"] + " (or the organiser)"}
    return reason


def event_of(cached: Cached, match_id: str) -> dict[str, Any] | None:
    """Return a tournament table's event (its name and page) and whether this table's
    result is in (a finished match reports itself)."""
    row = results.tournament_of_draft(database.get_db(), match_id)
    if row is None:
        return None
    over = cached.rules.is_over(cached.state)
    event = {"name": row["name"], "url": f"/t/{row['id']}", "result_sent": over}
    return event | {"round_ends": None if over else round_ends(row, match_id)}


def round_ends(row: Row, match_id: str) -> str | None:
    """Return when this table's round ends (ISO time), when the event has a round clock."""
    minutes = tournaments.config_of(row).round_minutes
    started = results.round_started_at(database.get_db(), row["id"], match_id)
    if not minutes or started is None:
        return None
    ends = datetime.fromisoformat(started) + timedelta(minutes=minutes)
    return ends.isoformat(timespec="seconds")


@bp.get("/api/matches/<match_id>/state")
def match_state(match_id: str) -> Response:
    """Read a match (a seated phone sees its own secret choice)."""
    match, viewer = store.match_and_seat(database.get_db(), match_id, seat_token(match_id))
    return state_response(match, viewer)


@bp.get("/api/view/<view_token>/state")
def view_state(view_token: str) -> Response:
    """Read a match as a spectator."""
    match = store.find_match(database.get_db(), view_token=view_token)
    return state_response(match, None)


def read_write(match: Row, kind: str, actor: str) -> store.Write:
    """Read a write's envelope (and, for an action, parse the action with the room's rules).

    :raises ApiError: 400 naming the bad field; InvalidAction for a bad action.
    """
    data = body()
    base = data.get("base_version")
    key = data.get("idempotency_key")
    if isinstance(base, bool) or not isinstance(base, int):
        raise refused(400, "api_base_version")
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise refused(400, "api_idempotency_key")
    target = data.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise refused(400, "api_undo_target")
    action = None
    if kind == "action":
        raw = data.get("action")
        if not isinstance(raw, dict):
            raise refused(400, "api_action_object")
        action = store.load(database.get_db(), match, catalog()).rules.parse_action(raw)
    token = seat_token(match["id"])
    held = store.hash_token(token) if token else None
    return store.Write(
        actor, kind, action, base, key, target, phone=store.phone_of(token or ""), seat_hash=held
    )


def write(match_id: str, kind: str) -> Response:
    """Apply an action, undo or redo from a seated phone.

    The answer is short (the new version and its history line); the phone then reads the
    state with a conditional GET, whose body is made once per version and viewer.
    """
    check_csrf()
    conn = database.get_db()
    match, actor = store.match_and_seat(conn, match_id, seat_token(match_id))
    if actor is None:
        raise refused(403, "api_seated_only")
    try:
        cached = store.append(conn, match_id, read_write(match, kind, actor), catalog(), match)
    except (store.StaleVersion, store.NothingToUndo, store.UndoRefused) as exc:
        current = store.load(conn, store.find_match(conn, match_id=match_id), catalog())
        raise relayed(409, exc, current=payload(current, actor, match)) from None
    if not isinstance(cached, store.Answered):  # a retry's first answer: nothing new to make
        make_answers(cached, match)  # the table's woken phones get them from the front
    short = compact_bytes(cached.short_answer(actor))
    return Response(short, mimetype="application/json")


@bp.post("/api/matches/<match_id>/actions")
def post_action(match_id: str) -> Response:
    """Post an action (see docs/api.md for the types)."""
    return write(match_id, "action")


@bp.post("/api/matches/<match_id>/undo")
def undo(match_id: str) -> Response:
    """Undo this phone's last action, if it is the last in effect (``target``: its log
    position, as the undo button named it)."""
    return write(match_id, "undo")


@bp.post("/api/matches/<match_id>/redo")
def redo(match_id: str) -> Response:
    """Redo the last undone action."""
    return write(match_id, "redo")
