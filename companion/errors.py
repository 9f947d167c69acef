"""Errors: JSON with a message for the API, a short page for people; never a 500 for bad input."""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

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


def init_app(app: Flask) -> None:
    """Register the error handlers."""

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError):  # type: ignore[no-untyped-def]
        return as_response(exc.status, exc.message, **exc.extra)

    from companion.store import StoreError

    @app.errorhandler(StoreError)
    def store_error(exc: StoreError):  # type: ignore[no-untyped-def]
        return as_response(exc.status, exc.message)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        messages = {
            404: "not found",
            405: "method not allowed here",
            413: "request too large (at most 32 KB)",
            400: "bad request",
        }
        status = exc.code or 400
        return as_response(status, messages.get(status, exc.description or exc.name))

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # type: ignore[no-untyped-def]
        log.exception("unexpected error")
        return as_response(500, "internal error: the server has logged it")
