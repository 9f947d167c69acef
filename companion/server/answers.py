"""Woken long polls answered from the event loop, with answers already made (#29).

A write wakes every phone of its table, and each then read the whole state through Flask: a
hand-over to a thread, the request, its seat look-up and the answer's headers, for bytes the
store had often made already (``Cached.answers``: one body per version, seat version, viewer
and host). The write itself now makes the answers of its table's seated viewers whose long
polls wait in this process (``companion.web.matches.make_answers``, ``WAITING``), and the
front, once a long poll is woken, sends those bytes with the headers Flask would send, when

- the seat version did not move (a hand-over may have given the seat to someone else: the
  viewer read at the poll's start is still the seat's),
- this process's store holds the woken version with the viewer's answer made for the same
  host (the links in the body are built from the request's address: the key holds the raw
  Host, X-Forwarded-* headers, scheme and server the front saw, ``host_of``),
- and the phone does not already hold it (its If-None-Match names the new ETag: Flask's 304).

Anything else goes to Flask as before (in another worker process than the writer's, the first
phone of a table there misses and Flask makes the answer that the second phone then gets).
An answer is found by its ETag, which names its viewer (a keyed hash of match and player), so
a body made for one viewer is never sent to another.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from typing import Any

from companion.storage import replayed
from companion.web.security import HEADERS, HSTS

HOST_KEY = "strikekit.answer_host"
"""Where the front puts ``host_of`` in the WSGI environ, for Flask to key its answers with."""
HOST_HEADERS = frozenset(
    (b"host", b"forwarded", b"x-forwarded-host", b"x-forwarded-port", b"x-forwarded-proto",
     b"x-forwarded-prefix")
)  # fmt: skip
"""Request headers that can change the address Flask builds links with (``base_url``)."""
WRITTEN = re.compile(r"^/api/matches/([A-Za-z0-9_-]{1,100})/")
SECURITY = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]


def host_of(scope: Mapping[str, Any]) -> str:
    """Return what decides the address in a state's links, as the front saw the request."""
    parts = [str(scope.get("scheme", "http")), repr(scope.get("server"))]
    for name, value in scope.get("headers", ()):
        if name in HOST_HEADERS:
            parts.append(f"{name.decode('latin-1')}={value.decode('latin-1')}")
    return "front " + "|".join(parts)


def answer_key(tag: str, host: str) -> str:
    """Return the key of a made answer in ``Cached.answers``: its ETag (unquoted: it names
    version, seat version and viewer) and the request's address (``host_in``)."""
    return f"{tag} {host}"


def host_in(environ: MutableMapping[str, Any], host_url: str) -> str:
    """Return the address part of an answer's key: the front's ``host_of``, or Flask's own
    host URL for a request that did not come through the front (never equal to the first)."""
    return str(environ.get(HOST_KEY) or host_url)


def woken_tag(etag: str, now: tuple[int, int]) -> str:
    """Return the new state's ETag (unquoted) for the viewer of a poll's current ``etag``."""
    viewer = etag.strip('"').partition("-")[2]
    return f"v{now[0]}.{now[1]}-{viewer}"


def made_body(match_id: str, version: int, key: str) -> bytes | None:
    """Return the answer made for a match's version under ``key``, if this process has it."""
    cached = replayed.cached_at(match_id, version)
    return None if cached is None else cached.answers.get(key)


def headers_for(body: bytes, tag: str, https: bool) -> list[tuple[bytes, bytes]]:
    """Return the headers Flask sends with a state's 200 (``state_response``)."""
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-cache"),
        (b"etag", f'"{tag}"'.encode()),
        *SECURITY,
    ]
    if https:
        headers.append((b"strict-transport-security", HSTS.encode()))
    return headers


def woken_answer(
    scope: Mapping[str, Any],
    if_none_match: bytes,
    match_id: str,
    etag: str,
    seen: tuple[int, int],
    now: tuple[int, int],
    https: bool,
) -> tuple[list[tuple[bytes, bytes]], bytes] | None:
    """Return the headers and body of a woken poll's 200 when already made (see the module's
    conditions), else None (Flask answers)."""
    if now[1] != seen[1] or now[0] < 0:
        return None
    tag = woken_tag(etag, now)
    held = (t.strip() for t in if_none_match.decode("latin-1").split(","))
    if f'"{tag}"' in held:
        return None
    body = made_body(match_id, now[0], answer_key(tag, host_of(scope)))
    if body is None:
        return None
    return headers_for(body, tag, https), body


class Waiting:
    """The viewers whose long polls wait in this process, by match: (the ETag's viewer part,
    ``host_of``). Changed in the event loop, read by the write's thread (one look-up each)."""

    def __init__(self) -> None:
        self.by_match: dict[str, Counter[tuple[str, str]]] = {}

    @contextmanager
    def held(self, match_id: str, etag: str, host: str) -> Iterator[None]:
        """Count a long poll as waiting while the block runs."""
        key = (etag.strip('"').partition("-")[2], host)
        viewers = self.by_match.setdefault(match_id, Counter())
        viewers[key] += 1
        try:
            yield
        finally:
            viewers[key] -= 1
            if viewers[key] <= 0:
                del viewers[key]
            if not viewers:
                self.by_match.pop(match_id, None)

    def any_for(self, match_id: str) -> bool:
        """Whether any long poll of this process waits on the match."""
        return match_id in self.by_match

    def wanted(self, match_id: str, tag: str, host: str) -> bool:
        """Whether a long poll of this process waits for the answer with ETag ``tag``."""
        viewers = self.by_match.get(match_id)
        return viewers is not None and (tag.partition("-")[2], host) in viewers


WAITING = Waiting()
"""This process's waiting viewers: a write makes only the answers someone here waits for
(in another process, or for a phone that is not waiting, making them would be lost work)."""


class Writes:
    """The writes to each match under way in this process (in the event loop). A long poll
    can wake before its write has answered (PostgreSQL's notice comes at the commit, the
    version scan may read it then): it waits for the write to end, then finds its answer."""

    def __init__(self) -> None:
        self.running: Counter[str] = Counter()
        self.waiters: dict[str, list[asyncio.Future[None]]] = {}

    @contextmanager
    def writing(self, path: str) -> Iterator[None]:
        """Count a write to the match of ``path`` (any other path: nothing) while it runs."""
        found = WRITTEN.match(path)
        if found is None:
            yield
            return
        match_id = found.group(1)
        self.running[match_id] += 1
        try:
            yield
        finally:
            self.running[match_id] -= 1
            if self.running[match_id] <= 0:
                del self.running[match_id]
                for waiter in self.waiters.pop(match_id, []):
                    if not waiter.done():
                        waiter.set_result(None)

    async def ended(self, match_id: str) -> bool:
        """Wait for the match's writes under way to end; False when there were none."""
        if not self.running.get(match_id):
            return False
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiters.setdefault(match_id, []).append(waiter)
        await waiter
        return True
