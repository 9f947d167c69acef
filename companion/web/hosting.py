"""Hosting the companion for a club or on the internet: behind a proxy, its public address,
HSTS, and limits per client.

Settings (``create_app`` config; ``companion serve`` sets them from its options):

- ``HOSTING_PROXY``: trust one reverse proxy's ``X-Forwarded-For/-Proto/-Host/-Port``
  (werkzeug's ``ProxyFix``), so the client address, ``https`` and the public host are right;
- ``HOSTING_BASE_URL``: the public address (``https://games.example.org``); links, QR codes
  and printed sheets use it whatever the request says;
- ``HOSTING_LIMITS``: a dict of limits (see ``DEFAULT_LIMITS``), or None for no limits;
- ``HOSTING_FAST_POLLS`` (default True): answer unchanged polls without Flask
  (``companion.server.polls``); ``companion serve`` turns it off because its ASGI front
  (``companion.server.front``) answers them before the app, and holds the long polls.

Over HTTPS every answer carries ``Strict-Transport-Security``, and cookies are ``Secure``
(the cookie code asks ``request.is_secure``, which the two settings above make true).
Rate limits are counted in memory, per process (with ``--workers N`` a client may get up to
N times a limit); the cap on open matches is counted in the database, across processes.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, g, jsonify, request
from werkzeug.middleware.proxy_fix import ProxyFix

from companion.storage.clients import Opener
from companion.web.security import HSTS

CREATE_PATH = re.compile(r"^/api/(matches|rooms|tournaments)$|^/api/matches/[^/]+/carry$")
PDF_PATH = re.compile(r"\.pdf$")
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_TRACKED = 20_000
"""Clients remembered per bucket before idle ones are forgotten (bounded memory)."""


class BaseUrlError(ValueError):
    """A --base-url that is not a plain http(s) address."""


@dataclass(frozen=True)
class Rate:
    """At most ``count`` requests per ``seconds`` (a token bucket: bursts up to ``count``)."""

    count: int
    seconds: float

    def describe(self) -> str:
        """Say the rate as people do ('20 per 10 minutes')."""
        if self.seconds % 60 == 0:
            minutes = int(self.seconds // 60)
            return f"{self.count} per {'minute' if minutes == 1 else f'{minutes} minutes'}"
        return f"{self.count} per {self.seconds:g} s"


DEFAULT_LIMITS: dict[str, Any] = {
    "create": Rate(20, 600),  # new matches, rooms and tournaments
    "write": Rate(600, 60),  # actions, undo, joins, bank draws: a club behind one address
    "pdf": Rate(30, 60),  # printed sheets (each costs tens of milliseconds)
    "open_matches": 50,  # matches a client opened that were active in the last OPEN_HOURS
    # Tables of the tournaments a client runs (open as above): a 512-player round is 256.
    "open_tournament_matches": 256,
}
OPEN_HOURS = 24
WHAT = {
    "create": "new matches, rooms and tournaments",
    "write": "changes",
    "pdf": "printed sheets",
}


def public_address(base_url: str) -> tuple[str, str]:
    """Read a --base-url into (scheme, host[:port]).

    :raises BaseUrlError: when it is not ``http(s)://host[:port]`` (with no path).
    """
    parts = urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BaseUrlError(
            f"--base-url {base_url!r}: write the public address, e.g. https://games.example.org"
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise BaseUrlError(
            f"--base-url {base_url!r}: the companion is served at the root of its host "
            "(no path such as /games; give the proxy a host or subdomain of its own)"
        )
    return parts.scheme, parts.netloc


def request_scheme(
    public_scheme: str | None, proxy: bool, forwarded_proto: str | None, scheme: str
) -> str:
    """Return the scheme a phone asked with, as the app sees it: ``--base-url``'s wins, then
    (with ``--proxy`` only) the last X-Forwarded-Proto, then the connection's own.

    The one decision behind HSTS, Secure cookies and links, for the WSGI app (``Scheme``)
    and for the front's fast 304s (``companion.server.front``)."""
    if public_scheme:
        return public_scheme
    if proxy and forwarded_proto:
        return forwarded_proto.split(",")[-1].strip()
    return scheme


class Scheme:
    """WSGI middleware: the request's scheme is ``request_scheme``'s (outermost)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], public: str | None, proxy: bool):
        self.app, self.public, self.proxy = app, public, proxy

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Set the scheme, then call the app."""
        forwarded = environ.get("HTTP_X_FORWARDED_PROTO")
        environ["wsgi.url_scheme"] = request_scheme(
            self.public, self.proxy, forwarded, environ.get("wsgi.url_scheme", "http")
        )
        return self.app(environ, start_response)


class PublicAddress:
    """WSGI middleware: every request is seen at the public host (``Scheme`` sets its scheme)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], base_url: str) -> None:
        self.app = app
        self.host = public_address(base_url)[1]

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Rewrite the host, then call the app."""
        environ["HTTP_HOST"] = self.host
        return self.app(environ, start_response)


class Limiter:
    """Token buckets per (bucket, client), in memory; thread-safe."""

    def __init__(self, rates: dict[str, Rate], clock: Callable[[], float] = time.monotonic):
        self.rates = rates
        self.clock = clock
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, bucket: str, client: str) -> float:
        """Spend one request; return 0 when allowed, else the seconds until one is."""
        rate = self.rates[bucket]
        per_second = rate.count / rate.seconds
        now = self.clock()
        with self.lock:
            tokens, last = self.buckets.get((bucket, client), (float(rate.count), now))
            tokens = min(float(rate.count), tokens + (now - last) * per_second)
            if tokens < 1:
                self.buckets[(bucket, client)] = (tokens, now)
                return (1 - tokens) / per_second
            self.buckets[(bucket, client)] = (tokens - 1, now)
            if len(self.buckets) > MAX_TRACKED:
                self.forget_idle(now)
        return 0.0

    def forget_idle(self, now: float) -> None:
        """Drop clients whose buckets have refilled (they would start full anyway)."""
        for key, (tokens, last) in list(self.buckets.items()):
            rate = self.rates[key[0]]
            if tokens + (now - last) * rate.count / rate.seconds >= rate.count:
                del self.buckets[key]


def client_address() -> str:
    """Return the client's address; IPv6 clients are counted by their /64 network."""
    return network_of(request.remote_addr or "unknown")


def network_of(address: str) -> str:
    """Return the address a client is counted by: an IPv4 address as it is, an IPv6 one by
    its /64 network (one device can take many addresses of its network)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and not ip.ipv4_mapped:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_key() -> str:
    """Return a keyed hash of the client's address (addresses are never stored)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hashlib.sha256(secret + b"|" + client_address().encode()).hexdigest()[:32]


def bucket_of() -> str | None:
    """Return the rate bucket of this request, or None when it is not limited."""
    path = request.path
    if request.method in WRITE_METHODS and path.startswith("/api/"):
        return "create" if CREATE_PATH.match(path) else "write"
    if request.method == "GET" and PDF_PATH.search(path):
        return "pdf"
    return None


def too_many(message: str, retry_after: float) -> Response:
    """Answer 429 with a JSON message and Retry-After."""
    seconds = max(1, math.ceil(retry_after))
    response = jsonify(
        {"error": f"{message}; try again in {seconds} s", "status": 429, "retry_after": seconds}
    )
    response.status_code = 429
    response.headers["Retry-After"] = str(seconds)
    return response


def check_limits() -> Response | None:
    """Refuse a request over its client's rate (429), or a new match over the open cap."""
    limits: dict[str, Any] | None = current_app.config.get("HOSTING_LIMITS")
    bucket = bucket_of()
    if not limits or bucket is None or bucket not in limits:
        return None
    limiter: Limiter = current_app.extensions["strikekit-limiter"]
    client = client_key()
    wait = limiter.take(bucket, client)
    if wait:
        rate: Rate = limits[bucket]
        return too_many(
            f"too many {WHAT[bucket]} from your address: at most {rate.describe()}", wait
        )
    cap = limits.get("open_matches")
    if bucket == "create" and cap is not None:
        from companion.storage import clients
        from companion.web import database

        hold = clients.hold_place(database.get_db(), client, cap, OPEN_HOURS)
        if hold is None:
            return too_many(
                f"your address already has {cap} open matches (active in the last {OPEN_HOURS} "
                "h): finish or leave some first",
                3600,
            )
        g.match_hold = hold
    return None


def tournament_opener() -> Opener | None:
    """Who opens a tournament round's tables, and under which cap (None: no cap)."""
    limits: dict[str, Any] | None = current_app.config.get("HOSTING_LIMITS")
    cap = (limits or {}).get("open_tournament_matches")
    return None if cap is None else Opener(client_key(), int(cap), OPEN_HOURS)


def record_creator(response: Response) -> Response:
    """Remember which client opened a new match (for the cap on open matches)."""
    if response.status_code != 201 or bucket_of() != "create":
        return response
    if not current_app.config.get("HOSTING_LIMITS"):
        return response
    data = response.get_json(silent=True) or {}
    match_id = data.get("match_id")
    if isinstance(match_id, str):
        from companion.storage import clients
        from companion.web import database

        clients.settle_hold(database.get_db(), g.pop("match_hold", None), match_id, client_key())
    return response


def release_hold(_error: BaseException | None = None) -> None:
    """Let go of a place held under the cap when the request made no match."""
    hold = g.pop("match_hold", None)
    if hold is not None:
        from companion.storage import clients
        from companion.web import database

        clients.release_hold(database.get_db(), hold)


def add_hsts(response: Response) -> Response:
    """Tell browsers to keep to HTTPS, on answers that came over HTTPS."""
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


def init_app(app: Flask) -> None:
    """Wire the proxy, the public address, HSTS and the limits from the app's config."""
    if app.config.get("HOSTING_FAST_POLLS", True):  # innermost: sees the final scheme
        from companion.server.polls import UnchangedPolls, etag_key

        app.wsgi_app = UnchangedPolls(  # type: ignore[method-assign]
            app.wsgi_app, str(app.config["DATABASE"]), etag_key(app.config["SECRET_KEY"])
        )
    base_url = app.config.get("HOSTING_BASE_URL")
    if base_url:
        app.wsgi_app = PublicAddress(app.wsgi_app, base_url)  # type: ignore[method-assign]
    proxy = bool(app.config.get("HOSTING_PROXY"))
    if proxy:  # the address, host and port; the scheme is Scheme's
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=1, x_proto=0, x_host=1, x_port=1
        )
    public = public_address(base_url)[0] if base_url else None
    if proxy or public:  # otherwise the connection's own scheme stands
        app.wsgi_app = Scheme(app.wsgi_app, public, proxy)  # type: ignore[method-assign]
    limits = app.config.get("HOSTING_LIMITS")
    if limits:
        rates = {k: v for k, v in limits.items() if isinstance(v, Rate)}
        app.extensions["strikekit-limiter"] = Limiter(rates)
        app.before_request(check_limits)
        app.after_request(record_creator)
        app.teardown_request(release_hold)
    app.after_request(add_hsts)
