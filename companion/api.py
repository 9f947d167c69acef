"""The JSON API: banks, matches, seats, actions, undo and redo, state with conditional GET.

Every UI action goes through here. Writes carry ``base_version`` (the state the phone acted
on) and ``idempotency_key`` (so a retry is applied once). See docs/api.md.
"""

from __future__ import annotations

import json
import random
import secrets
import tempfile
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, make_response, request

from companion import db, store
from companion.errors import ApiError
from companion.game import draft_room, shadowfist_room, table
from companion.game.bank import (
    BankError,
    BankSampler,
    make_bank,
    options_from_json,
    recommended_bank,
    reroll_slot,
)
from companion.game.bank import bank_to_json as bank_json
from companion.game.errors import GameError, InvalidSetup
from companion.game.flash_duel import room as duel_room
from companion.game.gems import Mode
from companion.game.panic import describe_thresholds
from companion.game.rooms import RoomError
from companion.security import csrf_ok, seat_cookie, set_seat
from printkit.build import BuildOptions, write_bank_sheets, write_pieces
from printkit.catalog import Catalog, load_catalog
from printkit.catalog.bankcode import BankCodeError, decode_bank
from printkit.pieces import pieces_for

bp = Blueprint("api", __name__)
MAX_KEY = 100


def catalog() -> Catalog:
    """Return the catalog, loaded once per app."""
    cached: Catalog | None = current_app.extensions.get("strikekit-catalog")
    if cached is None:
        cached = load_catalog(current_app.config.get("DATA_DIR"))
        current_app.extensions["strikekit-catalog"] = cached
    return cached


def body() -> dict[str, Any]:
    """Return the JSON object sent, or refuse.

    :raises ApiError: 415 / 400 when the body is not a JSON object.
    """
    if not request.is_json:
        raise ApiError(415, "send JSON (Content-Type: application/json)")
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise ApiError(400, "the body must be a JSON object")
    return data


def check_csrf() -> None:
    """Refuse a write from a seated phone without its CSRF header."""
    if not csrf_ok(request):
        raise ApiError(403, "missing or wrong X-CSRF-Token header (reload the page)")


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """Answer 200 when the database answers."""
    ok = db.is_healthy()
    return jsonify({"ok": ok}), 200 if ok else 503


@bp.get("/api/ping")
def ping() -> Response:
    """A trivial endpoint (for load tests)."""
    return jsonify({"ok": True})


# --- banks ---------------------------------------------------------------------------


@bp.post("/api/banks")
def draw_bank() -> Response:
    """Draw a bank: sets, options and an optional seed (drawn and returned when missing)."""
    data = body()
    sets = data.get("sets") or ["base-3e"]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise ApiError(400, "'sets' must be a list of set ids")
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ApiError(400, "'seed' must be a whole number from 0 to 2**63 - 1")
    players = data.get("players", 2)
    if isinstance(players, bool) or players not in (2, 3, 4, "2v2"):
        raise ApiError(400, "'players' must be 2, 3, 4 or \"2v2\"")
    try:
        options = options_from_json(data)
        sampler = BankSampler(catalog(), sets, options)
        chips = sampler.draw(random.Random(seed))
        bank = make_bank(catalog(), sampler.sets, chips, seed, sampler.count(), options)
    except BankError as exc:
        raise ApiError(422, str(exc)) from None
    team = players == "2v2"
    panic = describe_thresholds(4 if team else int(players), team_battle=team)
    return jsonify({**bank_json(bank), "panic": panic})


@bp.get("/api/banks/<code>")
def show_bank(code: str) -> Response:
    """Decode a bank code."""
    try:
        sets, chips = decode_bank(catalog(), code)
    except BankCodeError as exc:
        raise ApiError(404, str(exc)) from None
    return jsonify(bank_json(make_bank(catalog(), sets, chips, None, None)))


@bp.post("/api/banks/<code>/reroll")
def reroll(code: str) -> Response:
    """Replace one stack of a bank, keeping the other nine and the options sent."""
    data = body()
    slot = data.get("slot")
    if not isinstance(slot, str) or not slot:
        raise ApiError(400, "'slot' must name the chip to replace")
    seed = data.get("seed", secrets.randbelow(2**31))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ApiError(400, "'seed' must be a whole number")
    try:
        sets, chips = decode_bank(catalog(), code)
        options = options_from_json(data)
        bank = make_bank(catalog(), sets, chips, None, None, options)
        new = reroll_slot(bank, catalog(), slot, random.Random(seed))
    except BankCodeError as exc:
        raise ApiError(404, str(exc)) from None
    except BankError as exc:
        raise ApiError(422, str(exc)) from None
    return jsonify(bank_json(new))


@bp.get("/api/banks/recommended/<set_id>")
def recommended(set_id: str) -> Response:
    """List the rulebook's banks of a set."""
    sets = {s.id: s for s in catalog().puzzle_strike_sets()}
    if set_id not in sets:
        raise ApiError(404, f"no Puzzle Strike set {set_id!r}")
    banks = [recommended_bank(catalog(), set_id, r.id) for r in sets[set_id].recommended_banks]
    return jsonify([bank_json(b) for b in banks])


@bp.get("/bank/<code>.pdf")
def bank_pdf(code: str) -> Response:
    """Make the bank's setup sheet PDF with printkit."""
    try:
        sets, chips = decode_bank(catalog(), code)
    except BankCodeError as exc:
        raise ApiError(404, str(exc)) from None
    base = request.host_url.rstrip("/")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"bank-{code}.pdf"
        write_bank_sheets(
            catalog(), [(code, sets, [c.key for c in chips])], path, BuildOptions(base_url=base)
        )
        data = path.read_bytes()
    response = make_response(data)
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="bank-{code}.pdf"'
    return response


# --- matches -------------------------------------------------------------------------


def setup_from(data: dict[str, Any]) -> table.Setup:
    """Read a match setup from a request body.

    :raises ApiError: 400 / 422 naming the bad field.
    """
    players = data.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, str) and 0 < len(p.strip()) <= 24 for p in players
    ):
        raise ApiError(400, "'players' must list 2 to 4 names of 1 to 24 characters")
    players = [p.strip() for p in players]
    if not 2 <= len(players) <= 4:
        raise ApiError(400, f"'players' must list 2 to 4 names, not {len(players)}")
    try:
        mode = Mode(data.get("mode", "two-player" if len(players) == 2 else "free-for-all"))
    except ValueError:
        raise ApiError(400, f"'mode' must be one of {', '.join(m.value for m in Mode)}") from None
    sets = data.get("sets") or ["base-3e"]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise ApiError(400, "'sets' must be a list of set ids")
    known = {s.id: s for s in catalog().puzzle_strike_sets()}
    unknown = [s for s in sets if s not in known]
    if unknown:
        raise ApiError(422, f"unknown set {unknown[0]!r} (known: {', '.join(known)})")
    seed = secrets.randbelow(2**31)
    bank = bank_for(data, sets, seed)
    edition = min(known[s].edition for s in sets)
    return table.Setup(
        tuple(players),
        mode,
        edition,
        tuple(sets),
        tuple(bank),
        sets[0],
        seed,
        bool(data.get("mirrors", False)),
    )


def bank_for(data: dict[str, Any], sets: list[str], seed: int) -> list[str]:
    """Return the first game's bank: from a code, a recommended bank, or drawn at random."""
    try:
        if isinstance(data.get("bank_code"), str):
            code_sets, chips = decode_bank(catalog(), data["bank_code"])
            if sorted(code_sets) != sorted(sets):
                raise ApiError(422, "the bank code is for other sets than 'sets'")
            return [c.key for c in chips]
        if isinstance(data.get("recommended"), str):
            return [c.key for c in recommended_bank(catalog(), sets[0], data["recommended"]).chips]
        chips = BankSampler(catalog(), sets, options_from_json(data)).draw(random.Random(seed))
        return [c.key for c in chips]
    except (BankError, BankCodeError) as exc:
        raise ApiError(422, str(exc)) from None


@bp.post("/api/matches")
def create_match() -> tuple[Response, int]:
    """Start a match; the creating phone may take a seat at once (``seat``: its index)."""
    data = body()
    setup = setup_from(data)
    return create_and_seat(data, setup.to_json(), list(setup.players))


def links(ids: dict[str, str]) -> dict[str, str]:
    """Return the links of a match: the table (players), the join page, the view link."""
    base = request.host_url.rstrip("/")
    return {
        "match_id": ids["id"],
        "join_code": ids["join_code"],
        "table_url": f"{base}/m/{ids['id']}",
        "join_url": f"{base}/join/{ids['join_code']}",
        "view_url": f"{base}/v/{ids['view_token']}",
    }


@bp.get("/api/join/<join_code>")
def join_info(join_code: str) -> Response:
    """List a match's seats for the join page."""
    match = store.find_match(db.get_db(), join_code=join_code)
    return jsonify({"match_id": match["id"], "seats": store.seats(db.get_db(), match["id"])})


@bp.post("/api/join/<join_code>")
def join(join_code: str) -> Response:
    """Take a free seat: the phone gets the seat's token in a cookie."""
    data = body()
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ApiError(400, "'seat' must be a seat number")
    conn = db.get_db()
    match = store.find_match(conn, join_code=join_code)
    name, token = store.claim_seat(conn, match["id"], seat)
    response = jsonify({"match_id": match["id"], "you": name, "table_url": f"/m/{match['id']}"})
    set_seat(response, match["id"], token, request.is_secure)
    return response


def viewer_of(match_id: str) -> str | None:
    """Return the seated player this phone is, for this match (None: spectator)."""
    return store.seat_of(db.get_db(), match_id, request.cookies.get(seat_cookie(match_id)))


def state_response(match: Any, viewer: str | None) -> Response:
    """Answer the state as this viewer sees it, or 304 when the phone is up to date."""
    cached = store.load(db.get_db(), match, catalog())
    etag = f"v{cached.version}.{match['seat_version']}-{viewer or 'spectator'}"
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
        response.set_etag(etag)
        return response
    response = answer(cached, viewer, match)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def answer(cached: store.Cached, viewer: str | None, match: Any) -> Response:
    """Return the JSON answer for a viewer, made once per version and viewer."""
    key = f"{match['seat_version']}:{viewer or ''}"
    body = cached.answers.get(key)
    if body is None:
        body = json.dumps(payload(cached, viewer, match), separators=(",", ":")).encode()
        cached.answers[key] = body
    return Response(body, mimetype="application/json")


def payload(cached: store.Cached, viewer: str | None, match: Any) -> dict[str, Any]:
    """Return everything a phone shows: version, state, history, undo/redo, and for a
    seated phone the join and spectator links (a spectator never gets the join link)."""
    can_undo, can_redo = cached.can_undo_redo()
    data: dict[str, Any] = {
        "version": cached.version,
        "kind": cached.rules.kind,
        "state": cached.rules.view(cached.state, viewer, catalog()),
        "history": list(cached.lines),
        "can_undo": can_undo,
        "can_redo": can_redo,
        "seats": store.seats(db.get_db(), match["id"]),
    }
    if viewer is not None:
        base = request.host_url.rstrip("/")
        data["links"] = {
            "join_url": f"{base}/join/{match['join_code']}",
            "view_url": f"{base}/v/{match['view_token']}",
        }
    return data


@bp.get("/api/matches/<match_id>/state")
def match_state(match_id: str) -> Response:
    """Read a match (a seated phone sees its own secret choice)."""
    token = request.cookies.get(seat_cookie(match_id))
    match, viewer = store.match_and_seat(db.get_db(), match_id, token)
    return state_response(match, viewer)


@bp.get("/api/view/<view_token>/state")
def view_state(view_token: str) -> Response:
    """Read a match as a spectator."""
    match = store.find_match(db.get_db(), view_token=view_token)
    return state_response(match, None)


def write(match_id: str, kind: str) -> Response:
    """Apply an action, undo or redo from a seated phone.

    The answer is short (the new version and its history line); the phone then reads the
    state with a conditional GET, whose body is made once per version and viewer.
    """
    check_csrf()
    data = body()
    conn = db.get_db()
    match, actor = store.match_and_seat(conn, match_id, request.cookies.get(seat_cookie(match_id)))
    if actor is None:
        raise ApiError(403, "only a seated player can change the table (join first)")
    base = data.get("base_version")
    key = data.get("idempotency_key")
    if isinstance(base, bool) or not isinstance(base, int):
        raise ApiError(400, "'base_version' must be the version the phone last saw")
    if not isinstance(key, str) or not 8 <= len(key) <= MAX_KEY:
        raise ApiError(400, "'idempotency_key' must be a string of 8 to 100 characters")
    action = data.get("action") if kind == "action" else None
    if kind == "action" and not isinstance(action, dict):
        raise ApiError(400, '\'action\' must be an object, e.g. {"type": "ante"}')
    try:
        cached = store.append(conn, match_id, actor, kind, action, base, key, catalog())
    except RoomError as exc:
        raise ApiError(422, str(exc)) from None
    except store.StoreError as exc:
        if exc.status == 409:
            current = store.load(conn, store.find_match(conn, match_id=match_id), catalog())
            raise ApiError(409, exc.message, current=payload(current, actor, match)) from None
        raise ApiError(exc.status, exc.message) from None
    can_undo, can_redo = cached.can_undo_redo()
    short = {
        "version": cached.version,
        "line": cached.lines[-1] if cached.lines else "",
        "can_undo": can_undo,
        "can_redo": can_redo,
    }
    return Response(json.dumps(short, separators=(",", ":")), mimetype="application/json")


@bp.post("/api/matches/<match_id>/actions")
def post_action(match_id: str) -> Response:
    """Post an action (see docs/api.md for the types)."""
    return write(match_id, "action")


@bp.post("/api/matches/<match_id>/undo")
def undo(match_id: str) -> Response:
    """Undo the last action in effect."""
    return write(match_id, "undo")


@bp.post("/api/matches/<match_id>/redo")
def redo(match_id: str) -> Response:
    """Redo the last undone action."""
    return write(match_id, "redo")


# --- other rooms: Shadowfist tables and Custom Clockwork drafts -----------------------------


def players_from(data: dict[str, Any], low: int, high: int) -> list[str]:
    """Read 'players': ``low`` to ``high`` different names of 1 to 24 characters.

    :raises ApiError: 400 naming the problem.
    """
    players = data.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, str) and 0 < len(p.strip()) <= 24 for p in players
    ):
        raise ApiError(400, f"'players' must list {low} to {high} names of 1 to 24 characters")
    names = [p.strip() for p in players]
    if not low <= len(names) <= high or len(set(names)) != len(names):
        raise ApiError(400, f"'players' must list {low} to {high} different names")
    return names


def room_setup(data: dict[str, Any]) -> dict[str, Any]:
    """Read the setup of a Shadowfist table or a draft room."""
    seed = secrets.randbelow(2**31)
    kind = data.get("kind")
    if kind == shadowfist_room.KIND:
        return shadowfist_room.Setup(tuple(players_from(data, 2, 6)), seed).to_json()
    if kind == draft_room.KIND:
        game = data.get("game", "puzzle-strike")
        default_set = "base-3e" if game == "puzzle-strike" else "2e"
        set_id = data.get("set", default_set)
        if not isinstance(set_id, str):
            raise ApiError(400, "'set' must be a set id")
        team = data.get("team_battle") is True
        players = players_from(data, 2, 4)
        return draft_room.Setup(str(game), tuple(players), set_id, seed, team).to_json()
    if kind == duel_room.KIND_NAME:
        return duel_setup(data, seed)
    raise ApiError(
        400, "'kind' must be 'shadowfist', 'draft' or 'flash-duel' (Puzzle Strike: /api/matches)"
    )


def duel_setup(data: dict[str, Any], seed: int) -> dict[str, Any]:
    """Read a Flash Duel table's setup: mode, players, characters, Dragon or bot."""
    try:
        setup = duel_room.setup_from_request(data, catalog(), seed)
    except InvalidSetup as exc:
        raise ApiError(400, str(exc)) from None
    except GameError as exc:
        raise ApiError(422, str(exc)) from None
    return duel_room.setup_to_json(setup)


@bp.post("/api/rooms")
def create_room() -> tuple[Response, int]:
    """Open a Shadowfist table or a Custom Clockwork draft room (``seat``: take it at once)."""
    data = body()
    setup = room_setup(data)
    return create_and_seat(data, setup, setup["players"])


def create_and_seat(
    data: dict[str, Any], setup: dict[str, Any], players: list[str]
) -> tuple[Response, int]:
    """Store a new match or room and answer its links, seating the creating phone if asked."""
    try:
        ids = store.create_match(db.get_db(), setup, players, catalog())
    except RoomError as exc:
        raise ApiError(422, str(exc)) from None
    seat = data.get("seat")
    if seat is None:
        return jsonify(links(ids)), 201
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ApiError(400, "'seat' must be a seat number")
    name, token = store.claim_seat(db.get_db(), ids["id"], seat)
    response = jsonify({**links(ids), "you": name})
    set_seat(response, ids["id"], token, request.is_secure)
    return response, 201


def finished_draft(match_id: str) -> tuple[Any, draft_room.Setup, Any]:
    """Return a draft room's row, setup and state.

    :raises ApiError: 404 for no such room, 409 when it is not a draft room.
    """
    match = store.find_match(db.get_db(), match_id=match_id)
    cached = store.load(db.get_db(), match, catalog())
    if cached.rules.kind != draft_room.KIND:
        raise ApiError(409, "this is not a draft room")
    return match, cached.setup, cached.state


@bp.get("/api/matches/<match_id>/sheet/<int:seat>.pdf")
def drafted_sheet(match_id: str, seat: int) -> Response:
    """Print one player's drafted chips (or ability cards) as one sheet, through printkit."""
    _, setup, state = finished_draft(match_id)
    if not 0 <= seat < len(state.seats):
        raise ApiError(404, f"this draft has no seat {seat}")
    keys = {i.key for i in state.picked_by(seat + 1)}
    if not keys:
        raise ApiError(409, f"{state.seats[seat]} has not picked anything yet")
    game_set = draft_room.find_set(catalog(), setup)
    pieces = [p for p in pieces_for(game_set).pieces if drafted_key(p) in keys]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "clockwork.pdf"
        title = f"Custom Clockwork: {state.seats[seat]}"
        write_pieces(pieces, title, path, BuildOptions(base_url=request.host_url.rstrip("/")))
        data = path.read_bytes()
    response = make_response(data)
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = 'attachment; filename="clockwork.pdf"'
    return response


def drafted_key(piece: Any) -> str:
    """Return the draft key (``character/item``) of a printed piece."""
    owner = piece.owner.id if piece.owner is not None else ""
    subject = getattr(piece.subject, "id", "")
    return f"{owner}/{subject}"


@bp.post("/api/matches/<match_id>/carry")
def carry_into_match(match_id: str) -> tuple[Response, int]:
    """Start a Puzzle Strike match with the drafted Clockwork characters (seats to join)."""
    check_csrf()
    data = body()
    _, setup, state = finished_draft(match_id)
    if not state.is_done:
        raise ApiError(409, "finish the draft first")
    if setup.game == "flash-duel":  # seat 1 drafted first and plays first
        picks = tuple(
            (p, tuple(i.key for i in state.picked_by(n + 1))) for n, p in enumerate(state.seats)
        )
        unused = tuple(i.key for i in state.available())
        duel_json = duel_room.setup_to_json(
            duel_room.Setup(
                "custom-clockwork",
                tuple(state.seats),
                secrets.randbelow(2**31),
                clockwork=picks,
                unused=unused,
            )
        )
        ids = store.create_match(db.get_db(), duel_json, list(state.seats), catalog())
        return jsonify(links(ids)), 201
    players = list(state.seats)
    mode = (
        "team-battle"
        if setup.team_battle
        else ("two-player" if len(players) == 2 else "free-for-all")
    )
    base = {**data, "players": players, "mode": mode, "sets": [setup.set_id]}
    match_setup = setup_from(base)
    clockwork = {p: [i.key for i in state.picked_by(n + 1)] for n, p in enumerate(players)}
    setup_json = {**match_setup.to_json(), "clockwork": clockwork}
    if setup.team_battle:  # draft seats 1 & 4 against 2 & 3; the table seats A B A B
        order = [players[0], players[1], players[3], players[2]]
        setup_json["players"] = order
    try:
        ids = store.create_match(db.get_db(), setup_json, setup_json["players"], catalog())
    except RoomError as exc:
        raise ApiError(422, str(exc)) from None
    return jsonify(links(ids)), 201
