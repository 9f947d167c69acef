"""Custom Clockwork drafts: each player's drafted sheet as PDF, and carrying a finished
draft into the one match it becomes (every draft seat's phone is seated there)."""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, jsonify, make_response, request

from companion.game import draft
from companion.game.draft import carry
from companion.game.draft import room as draft_room
from companion.game.rooms import Rules
from companion.kinds import find_kind
from companion.storage import matches as store
from companion.storage import results
from companion.storage import seats as seating
from companion.web import database
from companion.web.common import base_url, body, catalog, check_csrf, links, seat_token
from companion.web.refusals import refused
from companion.web.security import set_seat
from printkit.build import BuildOptions, write_pieces
from printkit.pieces import pieces_for

bp = Blueprint("drafts", __name__)


def draft_of(match_id: str) -> tuple[draft_room.Setup, draft.Draft]:
    """Return a draft room's setup and state.

    :raises ApiError: 404 for no such room, 409 when it is not a draft room.
    """
    match = store.find_match(database.get_db(), match_id=match_id)
    cached = store.load(database.get_db(), match, catalog())
    if cached.rules.kind != draft_room.KIND:
        raise refused(409, "api_not_draft")
    return cached.setup, cached.state


@bp.get("/api/matches/<match_id>/sheet/<int:seat>.pdf")
def drafted_sheet(match_id: str, seat: int) -> Response:
    """Print one player's drafted chips (or ability cards) as one sheet, through printkit."""
    setup, state = draft_of(match_id)
    if not 0 <= seat < len(state.seats):
        raise refused(404, "api_draft_no_seat", seat=seat)
    keys = {i.key for i in state.picked_by(seat + 1)}
    if not keys:
        raise refused(409, "api_no_picks", player=state.seats[seat])
    game_set = draft_room.find_set(catalog(), setup)
    pieces = [p for p in pieces_for(game_set).pieces if drafted_key(p) in keys]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "clockwork.pdf"
        title = f"Custom Clockwork: {state.seats[seat]}"
        write_pieces(pieces, title, path, BuildOptions(base_url=base_url()))
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


def duel_setup(state: draft.Draft) -> tuple[Rules[Any, Any, Any], Any]:
    """Return a Custom Clockwork Flash Duel table (``carry.clockwork_duel``)."""
    return find_kind("flash-duel").rules, carry.clockwork_duel(state, secrets.randbelow(2**31))


def table_setup(
    data: dict[str, Any], setup: draft_room.Setup, state: draft.Draft
) -> tuple[Rules[Any, Any, Any], Any]:
    """Return a Puzzle Strike match with the drafted characters (the bank from ``data``).

    In 2 vs 2, draft seats 1 & 4 play against 2 & 3: the table seats A B A B.
    """
    rules = find_kind("puzzle-strike").rules
    players = list(state.seats)
    two = "two-player" if len(players) == 2 else "free-for-all"
    mode = "team-battle" if setup.team_battle else two
    request_json = {**data, "players": players, "mode": mode, "sets": [setup.set_id]}
    setup_json = rules.setup_to_json(rules.setup_from_request(request_json, catalog(), 0))
    clockwork = {player: list(keys) for player, keys in carry.picks(state)}
    setup_json |= {"seed": secrets.randbelow(2**31), "clockwork": clockwork}
    if setup.team_battle:
        setup_json["players"] = [players[0], players[1], players[3], players[2]]
    return rules, rules.setup_from_json(setup_json)


@bp.post("/api/matches/<match_id>/carry")
def carry_into_match(match_id: str) -> tuple[Response, int]:
    """Carry a finished draft into its one match; seat this phone there (taps by every
    phone answer the same match)."""
    check_csrf()
    data = body()
    conn, token = database.get_db(), seat_token(match_id)
    actor = seating.seat_of(conn, match_id, token)
    if actor is None or token is None:
        raise refused(403, "api_carry_seated")
    setup, state = draft_of(match_id)
    if not state.is_done:
        raise refused(409, "api_draft_finish")
    tournament = results.tournament_of_draft(conn, match_id)
    if tournament is not None:
        results.sync_results(conn, tournament, catalog())  # opens the duel the tournament follows
    done = seating.carried_match(conn, match_id)
    if done is not None:
        ids = {k: str(done[k]) for k in ("id", "join_code", "view_token")}
    elif tournament is not None:
        raise refused(409, "api_round_over")
    else:
        duel = setup.game == "flash-duel"
        rules, new = duel_setup(state) if duel else table_setup(data, setup, state)
        ids = seating.carry_draft(conn, match_id, rules, new, catalog())
    seating.seat_by_name(conn, ids["id"], actor, token)
    response = jsonify({**links(ids), "you": actor})
    set_seat(response, ids["id"], token, request.is_secure)
    return response, 201
