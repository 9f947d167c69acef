"""Banks: draw one, decode a bank code, re-roll a stack, the rulebook's banks, the PDF."""

from __future__ import annotations

import random
import secrets
import tempfile
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, jsonify, make_response, request

from companion.game.puzzle_strike.bank import (
    Bank,
    BankError,
    BankSampler,
    make_bank,
    recommended_bank,
    reroll_slot,
)
from companion.game.puzzle_strike.bank_json import bank_to_json as bank_json
from companion.game.puzzle_strike.bank_json import options_from_json
from companion.game.puzzle_strike.panic import describe_thresholds
from companion.web.common import base_url, body, catalog
from companion.web.refusals import refused, relayed
from printkit.build import BuildOptions, write_bank_sheets
from printkit.catalog.bankcode import BankCodeError, decode_bank

bp = Blueprint("banks", __name__)
MAX_SEED = 2**63


def bank_request(data: dict[str, Any]) -> tuple[list[str], int, int | str]:
    """Read a draw request: (sets, seed, players).

    :raises ApiError: 400 naming the bad field.
    """
    sets = data.get("sets") or ["base-3e"]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise refused(400, "api_sets_list")
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise refused(400, "api_seed_63")
    players = data.get("players", 2)
    if isinstance(players, bool) or players not in (2, 3, 4, "2v2"):
        raise refused(400, "api_bank_players")
    return sets, seed, players


def draw(data: dict[str, Any], sets: list[str], seed: int) -> Bank:
    """Draw a bank with the options sent.

    :raises ApiError: 422 when the options cannot be met.
    """
    try:
        options = options_from_json(data)
        sampler = BankSampler(catalog(), sets, options)
        chips = sampler.draw(random.Random(seed))
        return make_bank(catalog(), sampler.sets, chips, seed, sampler.count(), options)
    except BankError as exc:
        raise relayed(422, exc) from None


@bp.post("/api/banks")
def draw_bank() -> Response:
    """Draw a bank: sets, options and an optional seed (drawn and returned when missing)."""
    data = body()
    sets, seed, players = bank_request(data)
    bank = draw(data, sets, seed)
    team = players == "2v2"
    panic = describe_thresholds(4 if team else int(players), team_battle=team)
    return jsonify({**bank_json(bank), "panic": panic})


def decoded(code: str) -> tuple[list[str], list[Any]]:
    """Decode a bank code.

    :raises ApiError: 404 for a code that is not a bank.
    """
    try:
        sets, chips = decode_bank(catalog(), code)
    except BankCodeError as exc:
        raise refused(404, "api_bank_code", problem=str(exc)) from None
    return list(sets), list(chips)


BANK_NAME_MAX = 80
"""Longest bank name the API passes back from a shared address."""


@bp.get("/api/banks/<code>")
def show_bank(code: str) -> Response:
    """Decode a bank code; ``?name=`` (as a printed sheet's QR code carries) names the bank."""
    sets, chips = decoded(code)
    name = " ".join(request.args.get("name", "").split())[:BANK_NAME_MAX] or None
    return jsonify(bank_json(make_bank(catalog(), sets, chips, None, None, name=name)))


@bp.post("/api/banks/<code>/reroll")
def reroll(code: str) -> Response:
    """Replace one stack of a bank, keeping the other nine and the options sent."""
    data = body()
    slot = data.get("slot")
    if not isinstance(slot, str) or not slot:
        raise refused(400, "api_slot")
    seed = data.get("seed", secrets.randbelow(2**31))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise refused(400, "api_seed_63")
    sets, chips = decoded(code)
    try:
        bank = make_bank(catalog(), sets, chips, None, None, options_from_json(data))
        new = reroll_slot(bank, catalog(), slot, random.Random(seed))
    except BankError as exc:
        raise relayed(422, exc) from None
    return jsonify(bank_json(new))


@bp.get("/api/banks/recommended/<set_id>")
def recommended(set_id: str) -> Response:
    """List the rulebook's banks of a set."""
    sets = {s.id: s for s in catalog().puzzle_strike_sets()}
    if set_id not in sets:
        raise refused(404, "api_no_set", set=set_id)
    banks = [recommended_bank(catalog(), set_id, r.id) for r in sets[set_id].recommended_banks]
    return jsonify([bank_json(b) for b in banks])


@bp.get("/bank/<code>.pdf")
def bank_pdf(code: str) -> Response:
    """Make the bank's setup sheet PDF with printkit."""
    sets, chips = decoded(code)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bank.pdf"
        keys = [c.key for c in chips]
        write_bank_sheets(catalog(), [(code, sets, keys)], path, BuildOptions(base_url=base_url()))
        data = path.read_bytes()
    response = make_response(data)
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="bank-{code}.pdf"'
    return response
