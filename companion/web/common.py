"""What every API blueprint shares: the catalog, reading a JSON body safely, CSRF, links,
and creating a room (of any kind) and seating its creator."""

from __future__ import annotations

import json
import math
import secrets
import threading
from typing import Any

from flask import Response, current_app, jsonify, request

from companion.kinds import Kind
from companion.storage import matches as store
from companion.storage import seats as seating
from companion.web import database
from companion.web.refusals import refused
from companion.web.security import csrf_ok, seat_cookie, set_seat
from printkit.catalog import Catalog, load_catalog

MAX_DEPTH = 16
"""How deeply a request body may nest (the API's bodies need 4)."""
MAX_SEATS = 64
MAX_INT = 2**63
"""Whole numbers in a body stay within SQLite's 64 bits."""


CATALOG_LOCK = threading.Lock()


def catalog() -> Catalog:
    """Return the catalog, loaded once per app.

    Loaded under a lock: a server's first requests arrive together, and each of its threads
    loading the catalog at once stalled every table for seconds after a start.
    """
    cached: Catalog | None = current_app.extensions.get("strikekit-catalog")
    if cached is None:
        with CATALOG_LOCK:
            cached = current_app.extensions.get("strikekit-catalog")
            if cached is None:
                cached = load_catalog(current_app.config.get("DATA_DIR"))
                current_app.extensions["strikekit-catalog"] = cached
    return cached


def refuse_constant(name: str) -> None:
    """Refuse NaN and Infinity, which JSON does not have."""
    raise refused(400, "api_not_json_constant", name=name)


def body() -> dict[str, Any]:
    """Return the JSON object sent, checked to hold only valid text and little nesting.

    :raises ApiError: 415 / 400 naming what is wrong with the body.
    """
    if not request.is_json:
        raise refused(415, "api_send_json")
    try:
        data = json.loads(request.get_data(cache=True), parse_constant=refuse_constant)
    except (ValueError, RecursionError):
        raise refused(400, "api_bad_json") from None
    if not isinstance(data, dict):
        raise refused(400, "api_json_object")
    check_tree(data)
    return data


def check_tree(data: Any) -> None:
    """Refuse a body nested too deeply or holding a lone surrogate (walked without recursion).

    :raises ApiError: 400 naming the place.
    """
    todo: list[tuple[Any, str, int]] = [(data, "body", 0)]
    while todo:
        value, where, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise refused(400, "api_too_deep", most=MAX_DEPTH, where=where)
        if isinstance(value, dict):
            todo += [(k, f"{where} key", depth + 1) for k in value]
            todo += [(v, f"{where}.{k}"[:80], depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
        elif isinstance(value, str) and has_surrogate(value):
            raise refused(400, "api_surrogate", where=ascii(where))
        elif isinstance(value, str) and NUL in value:
            raise refused(400, "api_nul", where=ascii(where))
        elif isinstance(value, float) and not math.isfinite(value):
            raise refused(400, "api_not_finite", where=where)
        elif isinstance(value, int) and not -MAX_INT <= value < MAX_INT:
            raise refused(400, "api_too_large", where=where)


NUL = "\x00"
"""A character no name or id may hold (PostgreSQL's text cannot store it at all)."""


def refuse_nul_in_address() -> None:
    """Refuse an address whose path or query holds a NUL character (before any view).

    :raises ApiError: 400 saying so.
    """
    if NUL in request.path or any(NUL in k or NUL in v for k, v in request.args.items(multi=True)):
        raise refused(400, "api_nul_address")


def has_surrogate(text: str) -> bool:
    """Return True when text holds a lone surrogate (which no encoding can write)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_csrf() -> None:
    """Refuse a write from a seated phone without its CSRF header."""
    if not csrf_ok(request):
        raise refused(403, "api_csrf")


def seat_number(value: Any, seats: int) -> int:
    """Read a seat number of a room with ``seats`` seats.

    :raises ApiError: 400 for anything but a whole number from 0 to seats - 1.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEATS:
        raise refused(400, "api_seat_number")
    if value >= seats:
        raise refused(404, "api_no_seat", seat=value, seats=seats)
    return value


def base_url() -> str:
    """Return the address phones reach this server at."""
    return request.host_url.rstrip("/")


def links(ids: dict[str, str]) -> dict[str, str]:
    """Return the links of a match: the table (players), the join page, the view link."""
    base = base_url()
    return {
        "match_id": ids["id"],
        "join_code": ids["join_code"],
        "table_url": f"{base}/m/{ids['id']}",
        "join_url": f"{base}/join/{ids['join_code']}",
        "view_url": f"{base}/v/{ids['view_token']}",
    }


def create_room(kind: Kind, data: dict[str, Any]) -> tuple[Response, int]:
    """Store a new room of a kind and answer its links, seating the creating phone if asked.

    Every field is checked before anything is stored.
    """
    rules = kind.rules
    setup = rules.setup_from_request(data, catalog(), secrets.randbelow(2**31))
    seats = len(rules.players(setup))
    seat = None if data.get("seat") is None else seat_number(data["seat"], seats)
    ids = store.create_match(database.get_db(), rules, setup, catalog())
    if seat is None:
        return jsonify(links(ids)), 201
    name, token = seating.claim_seat(database.get_db(), ids["id"], seat, None)
    response = jsonify({**links(ids), "you": name})
    set_seat(response, ids["id"], token, request.is_secure)
    return response, 201


def seat_token(match_id: str) -> str | None:
    """Return the seat token this phone holds for a match (from its cookie); a shared phone
    names another seat it holds in the ``X-Seat`` header (pass-and-play)."""
    shared = request.headers.get("X-Seat", "")
    held = request.cookies.get(seat_cookie(match_id, int(shared))) if shared.isdigit() else None
    return held or request.cookies.get(seat_cookie(match_id))
