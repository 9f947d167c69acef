"""Errors: JSON with a message for the API, a short page for people; never a 500 for bad input."""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.game.errors import GameError, InvalidAction, InvalidSetup
from companion.storage import db
from companion.storage import matches as store
from companion.storage.engine import ERRORS

log = logging.getLogger("companion")


class ApiError(Exception):
    """Answer an API request with this status and message (and optional extra fields)."""

    def __init__(self, status: int, message: str, **extra: object) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def wants_json() -> bool:
    """Return True for API requests."""
    return request.path.startswith("/api/") or request.path == "/healthz"


def as_response(
    status: int, message: str, **extra: object
) -> tuple[Response, int] | tuple[str, int]:
    """Answer with JSON for the API, a page otherwise."""
    if wants_json():
        return jsonify({"error": message, "status": status, **extra}), status
    return render_template("error.html", status=status, message=message), status


def status_of_game_error(exc: GameError) -> int:
    """Map the rules' errors: a bad shape is 400, a move the rules refuse 422."""
    return 400 if isinstance(exc, InvalidSetup | InvalidAction) else 422


def status_of_store_error(exc: store.StoreError) -> int:
    """Map the store's errors: no such thing 404, another seat's action 403, a conflict with
    the table's state 409."""
    if isinstance(exc, store.NotFound):
        return 404
    return 403 if isinstance(exc, store.NotYours) else 409


def unexpected(exc: Exception) -> tuple[Response, int] | tuple[str, int]:
    """Answer an error no handler knows: logged, and the JSON 500."""
    log.exception("unexpected error")
    return as_response(500, "internal error: the server has logged it")


def database_error(exc: Exception) -> tuple[Response, int] | tuple[str, int]:
    """Answer a database error: 503 saying the database does not answer or cannot be
    written (naming why), else the logged 500."""
    cause = db.cause_of(exc)
    if cause is None and db.is_unreachable(exc):
        log.error("the database does not answer: %s", exc)
        return as_response(503, "the database does not answer now: this request changed "
                           "nothing; send it again in a moment (a write with the same "
                           "idempotency key, which is applied at most once)")  # fmt: skip
    if cause is None:
        return unexpected(exc)
    log.error("the database cannot be written: %s", cause)
    return as_response(
        503,
        f"the database cannot be written ({cause}): nothing was saved; the host must free "
        "disk space or make the database writable, then try again",
    )


def outcome_unknown(exc: db.OutcomeUnknown) -> tuple[Response, int] | tuple[str, int]:
    """Answer a commit whose outcome is unknown: 503 asking for the same idempotency key."""
    log.error("a commit got no answer from the database: %s", exc)
    return as_response(
        503,
        "the database stopped answering while saving this change, so it may or may not "
        "be saved: send it again with the same idempotency key (it is applied at most "
        "once), or reload to see",
        outcome="unknown",
    )


def init_app(app: Flask) -> None:
    """Register the error handlers."""

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError):  # type: ignore[no-untyped-def]
        return as_response(exc.status, exc.message, **exc.extra)

    @app.errorhandler(GameError)
    def game_error(exc: GameError):  # type: ignore[no-untyped-def]
        said = {"said": exc.said} if exc.said else {}  # the phone says it in its language
        return as_response(status_of_game_error(exc), str(exc), **said)

    @app.errorhandler(store.StoreError)
    def store_error(exc: store.StoreError):  # type: ignore[no-untyped-def]
        said = {"said": exc.said} if exc.said else {}  # the phone says it in its language
        return as_response(status_of_store_error(exc), exc.message, **said)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        from companion.web.refusals import REFUSE  # it needs ApiError, defined here

        status = exc.code or 400
        key = f"api_http_{status}"
        if key not in REFUSE.texts:
            return as_response(status, exc.description or exc.name)
        text, said = REFUSE.say(key)
        return as_response(status, text, said=said)

    app.register_error_handler(db.OutcomeUnknown, outcome_unknown)
    for error in ERRORS:  # either engine's
        app.register_error_handler(error, database_error)
    app.register_error_handler(Exception, unexpected)
