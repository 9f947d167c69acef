"""Rooms of any kind: ``POST /api/rooms`` with ``{"kind": ...}``."""

from __future__ import annotations

from flask import Blueprint, Response

from companion.kinds import find_kind
from companion.web.common import body, create_room
from companion.web.refusals import refused

bp = Blueprint("rooms", __name__)


@bp.post("/api/rooms")
def create() -> tuple[Response, int]:
    """Open a room of any kind (``seat``: the creating phone takes it at once)."""
    data = body()
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise refused(400, "api_kind")
    return create_room(find_kind(kind), data)
