"""Secrets, cookies and headers that keep a shared table safe on a LAN or the internet."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, Request, Response, request
from flask.sessions import SessionInterface, SessionMixin

CSRF_COOKIE = "csrf"
CSRF_HEADER = "X-CSRF-Token"
SEAT_COOKIE_PREFIX = "seat_"
MAX_BODY = 32 * 1024

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'; object-src 'none'"
)
HSTS = "max-age=31536000"
"""Strict-Transport-Security on every answer that came over HTTPS (the Flask app's and the
fast path's alike)."""
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class NoSessions(SessionInterface):
    """No Flask sessions: seats live in their own cookies, so no signed session is opened
    (or its cookie parsed) on every request."""

    def open_session(self, app: Flask, request: Request) -> SessionMixin | None:
        """Open nothing (Flask then uses a null session)."""
        return None

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Save nothing."""


def secret_key(instance: Path) -> str:
    """Return the app's secret key, creating it (mode 0600) on first run."""
    path = instance / "secret_key"
    instance.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        key = secrets.token_hex(32)
        handle.write(key)
    return key


def seat_cookie(match_id: str, shared: int | None = None) -> str:
    """Name the cookie that holds a phone's seat token for one match (``shared``: the seat
    number of another seat a shared phone holds at a casual table, pass-and-play)."""
    return SEAT_COOKIE_PREFIX + match_id + ("" if shared is None else f"-{shared}")


def set_seat(
    response: Response, match_id: str, token: str, secure: bool, shared: int | None = None
) -> None:
    """Give the phone its seat token: HttpOnly, same-site only, never in a link."""
    response.set_cookie(
        seat_cookie(match_id, shared),
        token,
        max_age=60 * 60 * 24 * 30,
        httponly=True,
        samesite="Strict",
        secure=secure,
        path="/",
    )


def csrf_ok(req: Request) -> bool:
    """Check a write: a phone holding any seat cookie must echo its CSRF cookie in a header
    (or a form field), which a foreign page cannot read."""
    has_seat = any(name.startswith(SEAT_COOKIE_PREFIX) for name in req.cookies)
    if req.method in ("GET", "HEAD", "OPTIONS") or not has_seat:
        return True
    expected = req.cookies.get(CSRF_COOKIE)
    sent = req.headers.get(CSRF_HEADER) or req.form.get("csrf_token")
    return bool(expected) and secrets.compare_digest(str(expected), str(sent or ""))


def add_headers(response: Response) -> Response:
    """Add the security headers, and a CSRF cookie for pages that lack one."""
    present = {name.lower() for name in response.headers.keys()}  # one pass, not one a header
    response.headers.extend([(k, v) for k, v in HEADERS.items() if k.lower() not in present])
    if CSRF_COOKIE not in request.cookies and response.mimetype == "text/html":
        response.set_cookie(
            CSRF_COOKIE,
            secrets.token_urlsafe(16),
            samesite="Strict",
            secure=request.is_secure,
            path="/",
        )
    return response


def init_app(app: Flask) -> None:
    """Limit request size and add the headers to every response."""
    if not app.config.get("MAX_CONTENT_LENGTH"):  # Flask's default is None: no limit
        app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.after_request(add_headers)
