"""The ASGI front that ``companion serve`` runs: cheap answers in the event loop, Flask in threads.

Why a front: nearly every request a table makes is a phone asking "has my table changed?",
and nearly every answer is "no" (304). Under waitress, a pure-Python HTTP server, such an
answer cost 0.5-0.8 ms of CPU whatever the app did, and 1,600 phones polling once a second
needed both cores of a small machine. uvicorn parses HTTP in C (httptools) on uvloop; this
front answers unchanged polls itself (``companion.server.polls.PollCheck``: one indexed query)
and hands every other request to the Flask app in a pool of ``threads`` threads, which sees
the same WSGI request as under any WSGI server (proxy, limits, cookies). The bridge reads the
request body first (at most the app's limit, plus one byte so the app can refuse more) and
buffers the answer: one hand-over to a thread and one back per request. A general bridge
(a2wsgi) hands each message over separately, three round trips between the event loop and
the thread for a JSON answer, and cost about a millisecond of CPU more per request.

Long polls (``?wait=N`` with ``If-None-Match``) wait here, one future each, not in a thread,
so a process can hold thousands of waiting phones; at most ``long_polls`` per process wait,
past that the answer is an immediate 304 (the phone polls again a second later). One task
per process reads the version of every watched match every WATCH_SECONDS (one query, so a
write made by any process wakes the waiting phones of every process); a woken request gets
the answer its table's write made already when this process holds it
(``companion.server.answers``), else goes to Flask for the new state. On PostgreSQL each
process LISTENs instead: the database notifies every app process, on any machine, of each
match that moved (``companion.storage.pg.changed_matches``), and only those matches are
read; the scan
then runs every SAFETY_SECONDS only, and every WATCH_SECONDS again while not listening.

No call that may wait for a database runs in the event loop: PostgreSQL's poll check, the
long polls' wake-ups and /healthz run in a few threads of their own (``Gate``), each waited
for a bounded time, so a database that hangs (locked, frozen, unreachable) holds up no other
request. Past its time a poll is a 503 that says the database does not answer, and /healthz
a 503; static files go to Flask in threads of their own (``LIGHT_PATH``), never queued
behind requests that wait for the database. SQLite's poll check stays in the loop: a WAL
read waits for no writer, and its connection has no busy timeout. (The thread costs about
100 us of CPU per PostgreSQL poll; psycopg's async API would spare it, but needs the reads
written again as coroutines, and a cancelled query on a frozen server waits for the server's
answer to its cancel: bench/RESULTS.md.)
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from flask import Flask

from companion.server.answers import HOST_KEY, WAITING, Writes, host_of, woken_answer
from companion.server.bridge import (
    DATABASE_SILENT,
    INTERNAL_ERROR,
    Receive,
    Scope,
    Send,
    call_wsgi,
    client_gone,
    header_values,
    read_body,
    send_json,
    wsgi_environ,
)
from companion.server.gate import Gate, Unanswered
from companion.server.polls import (
    NOT_MODIFIED_HEADERS,
    Poll,
    PollCheck,
    Unchanged,
    etag_key,
    may_be_unchanged,
)
from companion.storage.engine import ERRORS, is_postgres
from companion.storage.pg import changed_matches, size_pools
from companion.storage.polling import versions
from companion.web import health
from companion.web.common import catalog
from companion.web.hosting import public_address, request_scheme
from companion.web.security import HSTS

WATCH_SECONDS = 0.15
SAFETY_SECONDS = 5.0
"""On PostgreSQL, while listening: how often the watched matches are read all the same."""
LISTEN_AGAIN_SECONDS = 1.0
WRITTEN_MATCH = re.compile(r"^/api/matches/([A-Za-z0-9_-]{1,100})/")
LIGHT_PATH = re.compile(r"^/(static/|sw\.js$|manifest\.webmanifest$|icon-\d+\.png$)")
"""Files Flask serves without the database: threads of their own (never behind a hang)."""
POLL_SECONDS = 1.5
"""How long a poll waits for the database's answer before its 503."""
HEALTH_SECONDS = 0.8
"""How long /healthz waits for the database's answer before its 503."""
log = logging.getLogger("companion")
Woken = tuple[int, int] | bool
"""How a long poll ended: the match's new (version, seat version), or False (unchanged)."""


class LongPolls:
    """Requests waiting for their match to change, woken by one watching task."""

    def __init__(self, check: PollCheck, limit: int, gate: Gate | None = None) -> None:
        self.check = check
        self.gate = gate or Gate()
        self.limit = limit
        self.waiting: dict[str, list[tuple[tuple[int, int], asyncio.Future[Woken]]]] = {}
        self.count = 0
        self.task: asyncio.Task[None] | None = None
        self.closing = False
        self.postgres = is_postgres(check.database)
        self.listening = False
        self.listener: asyncio.Task[None] | None = None
        self.noticed: set[str] = set()
        self.to_look: set[str] | None = set()
        """Matches to look at (None: every watched one), by the running ``waker``."""
        self.waker: asyncio.Task[None] | None = None

    async def wait(
        self,
        match_id: str,
        seen: tuple[int, int],
        seconds: float,
        gone: Callable[[], Awaitable[object]] | None = None,
    ) -> Woken | None:
        """Wait until the match's (version, seat version) differs from ``seen``.

        Return the new (version, seat version) when it changed ((-1, -1): the match is
        gone); False when the time ran out, the server stops, or ``gone`` (the client went
        away) finished first; None when too many requests already wait in this process or
        the server stops (the caller answers at once).
        """
        if self.count >= self.limit or self.closing:
            return None
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Woken] = loop.create_future()
        entry = (seen, future)
        self.count += 1
        self.waiting.setdefault(match_id, []).append(entry)
        if self.task is None or self.task.done():
            self.task = loop.create_task(self.watch())
        # One future, one timer and the client's task settle it; no asyncio.wait (its set,
        # its waiter and its callbacks cost about as much as the rest of a waiting poll).
        late = loop.call_later(seconds, end_unchanged, future)
        left = asyncio.ensure_future(gone()) if gone is not None else None
        if left is not None:
            left.add_done_callback(lambda _: end_unchanged(future))
        try:
            return await future
        finally:
            late.cancel()
            if left is not None:
                left.cancel()
            self.count -= 1
            entries = self.waiting.get(match_id, [])
            if entry in entries:
                entries.remove(entry)
            if not entries:
                self.waiting.pop(match_id, None)

    async def watch(self) -> None:
        """Read the watched matches' versions every WATCH_SECONDS (on PostgreSQL, while
        listening, every SAFETY_SECONDS); wake what changed."""
        if self.postgres and self.listener is None:
            self.listener = asyncio.get_running_loop().create_task(self.listen())
        while True:
            await asyncio.sleep(SAFETY_SECONDS if self.listening else WATCH_SECONDS)
            if self.waiting:
                await self.wake_all()

    async def listen(self) -> None:
        """Hear of every match that moves (PostgreSQL's notices), again after a failure."""
        while not self.closing:
            try:
                async for match_id in changed_matches(self.check.database):
                    if match_id is None:  # listening now: look at what moved meanwhile
                        self.listening = True
                        self.wake_changed()
                    elif match_id in self.waiting:
                        self.notice(match_id)
            except Exception:  # noqa: BLE001  (a broken connection: scan, then listen again)
                log.warning("not listening to the database's notices; reading versions")
            self.listening = False
            await asyncio.sleep(LISTEN_AGAIN_SECONDS)

    def notice(self, match_id: str) -> None:
        """Note a match that moved; its waiting requests are looked at once the notices
        that arrived together are all read (one query for them all)."""
        if not self.noticed:
            asyncio.get_running_loop().call_soon(self.wake_noticed)
        self.noticed.add(match_id)

    def wake_noticed(self) -> None:
        """Wake the waiting requests of the matches noticed since the last time."""
        noticed, self.noticed = self.noticed, set()
        self.wake_changed([m for m in noticed if m in self.waiting])

    def wake_changed(self, only: list[str] | None = None) -> None:
        """Wake every waiting request whose match moved (or was deleted: Flask says 404),
        soon, from a task that reads the versions off the event loop.

        ``only``: look at those matches alone (written through this process, or noticed).
        """
        if only is None:
            self.to_look = None
        elif self.to_look is not None:
            self.to_look.update(only)
        if self.waker is None or self.waker.done():
            self.waker = asyncio.get_running_loop().create_task(self.wake())

    async def wake_all(self) -> None:
        """Look at every watched match now (the watching task's tick)."""
        self.wake_changed()
        if self.waker is not None:
            await asyncio.shield(self.waker)

    async def wake(self) -> None:
        """Read the versions of the matches to look at, until none is left; wake the moved."""
        while self.to_look is None or self.to_look:
            looked = list(self.waiting) if self.to_look is None else list(self.to_look)
            self.to_look = set()
            watched = [m for m in looked if m in self.waiting]
            if not watched:
                continue
            try:
                current = await self.gate.run(POLL_SECONDS, self.read_versions, watched)
            except Exception:  # noqa: BLE001  (a busy or broken database: the next tick looks)
                return
            for match_id in watched:
                now = current.get(match_id, (-1, -1))
                for seen, future in self.waiting.get(match_id, []):
                    if seen != now and not future.done():
                        future.set_result(now)

    def read_versions(self, watched: list[str]) -> dict[str, tuple[int, int]]:
        """Return the matches' versions (in a gate thread, on its own connection)."""
        try:
            return versions(self.check.connection(), watched)
        except ERRORS:
            self.check.forget_connection()
            raise

    def release(self) -> None:
        """Answer every waiting request now, unchanged (the server stops): no new one waits."""
        self.closing = True
        if self.listener is not None:
            self.listener.cancel()
        for entries in self.waiting.values():
            for _, future in entries:
                if not future.done():
                    future.set_result(False)


def end_unchanged(future: asyncio.Future[Woken]) -> None:
    """End a long poll unchanged (its time ran out, or its client went away)."""
    if not future.done():
        future.set_result(False)


class Front:
    """ASGI app: answer unchanged polls (and hold long polls), send the rest to Flask."""

    def __init__(self, app: Flask, threads: int, long_polls: int) -> None:
        self.app = app
        with app.app_context():
            catalog()  # now, not in the first requests (they come together after a start)
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="flask")
        self.light = ThreadPoolExecutor(2, thread_name_prefix="files")
        size_pools(threads)
        self.body_limit = int(app.config.get("MAX_CONTENT_LENGTH") or 1024 * 1024)
        self.check = PollCheck(str(app.config["DATABASE"]), etag_key(app.config["SECRET_KEY"]))
        self.gate = Gate()
        self.polls = LongPolls(self.check, long_polls, self.gate)
        self.proxy = bool(app.config.get("HOSTING_PROXY"))
        self.writes = Writes()
        base_url = app.config.get("HOSTING_BASE_URL")
        self.public_scheme = public_address(str(base_url))[0] if base_url else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer a request."""
        if scope["type"] != "http":
            return  # no websockets; lifespan is off
        if scope["method"] != "GET":
            with self.writes.writing(str(scope["path"])):
                await self.flask(scope, receive, send)
            self.after_write(str(scope["path"]))
            return
        if scope["path"] == "/healthz":
            await self.health(send)
            return
        headers = header_values(scope)
        poll = Poll(
            "GET",
            str(scope["path"]),
            bytes(scope.get("query_string", b"")).decode("latin-1"),
            headers.get(b"cookie", b"").decode("latin-1"),
            headers.get(b"if-none-match", b"").decode("latin-1"),
        )
        try:
            found = await self.unchanged(poll)
        except Unanswered:
            await send_json(send, 503, DATABASE_SILENT)
            return
        if found is not None and found.wait:
            gone = functools.partial(client_gone, receive)  # reads the GET's empty body
            with WAITING.held(found.match_id, found.etag, host_of(scope)):  # until answered
                now = await self.polls.wait(found.match_id, found.seen, found.wait, gone)
                if now:
                    await self.changed(scope, receive, send, headers, found, now)
                    return
        if found is None:
            await self.flask(scope, receive, send)
            return
        answer = [(k.lower().encode(), v.encode()) for k, v in NOT_MODIFIED_HEADERS]
        answer.append((b"etag", found.etag.encode()))
        if self.is_https(scope, headers):
            answer.append((b"strict-transport-security", HSTS.encode()))
        await send({"type": "http.response.start", "status": 304, "headers": answer})
        await send({"type": "http.response.body", "body": b""})

    async def changed(
        self, scope: Scope, receive: Receive, send: Send, headers: dict[bytes, bytes],
        found: Unchanged, now: Woken,
    ) -> None:  # fmt: skip
        """Answer a woken long poll: with the answer made already, else from Flask."""
        made = None
        if isinstance(now, tuple):
            https = self.is_https(scope, headers)
            asked = (scope, headers.get(b"if-none-match", b""), found.match_id, found.etag,
                     found.seen, now, https)  # fmt: skip
            made = woken_answer(*asked)
            if made is None and await self.writes.ended(found.match_id):
                made = woken_answer(*asked)  # woken by the database before its write answered
        if made is None:
            await self.flask(scope, receive, send, b"")
            return
        await send({"type": "http.response.start", "status": 200, "headers": made[0]})
        await send({"type": "http.response.body", "body": made[1]})

    async def flask(
        self, scope: Scope, receive: Receive, send: Send, body: bytes | None = None
    ) -> None:
        """Answer with the Flask app, run in one of the threads (``body``: already read)."""
        if body is None:
            body = await read_body(receive, self.body_limit)
        if body is None:
            return  # the client went away before sending its whole request: nobody to answer
        environ = wsgi_environ(scope, body)
        environ[HOST_KEY] = host_of(scope)  # keys the answers the front may send itself
        # The body is whole and de-chunked, as waitress gave it: werkzeug ignores a length
        # beside "Transfer-Encoding: chunked", and read a chunked body over the limit, cut,
        # as bad JSON (400) instead of answering 413.
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        if len(body) > self.body_limit or "CONTENT_LENGTH" not in environ:
            environ["CONTENT_LENGTH"] = str(len(body))  # over the limit: the app's 413
        loop = asyncio.get_running_loop()
        executor = self.light if LIGHT_PATH.match(scope["path"]) else self.executor
        try:
            status, headers, content = await loop.run_in_executor(
                executor, call_wsgi, self.app, environ
            )
        except Exception:  # past the app's own handlers (e.g. a header not in Latin-1)
            log.exception("unexpected error answering %s %s", scope["method"], scope["path"])
            status, headers, content = INTERNAL_ERROR
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    async def unchanged(self, poll: Poll) -> Unchanged | None:
        """Decide the fast path (``PollCheck.unchanged``): in a gate thread on PostgreSQL, at
        once on SQLite, whose check never waits (WAL: a read waits for no writer, and its
        connection has no busy timeout: a busy database sends the poll to Flask).

        :raises Unanswered: when PostgreSQL does not answer within POLL_SECONDS.
        """
        if not self.polls.postgres or not may_be_unchanged(poll):
            return self.check.unchanged(poll)
        return await self.gate.run(POLL_SECONDS, self.check.unchanged, poll)

    async def health(self, send: Send) -> None:
        """Answer /healthz (the Flask route's answer) within HEALTH_SECONDS."""
        try:
            status, body = await self.gate.run(HEALTH_SECONDS, self.health_check)
        except Unanswered:
            status, body = health.report(self.check.database, lambda: False)
        await send_json(send, status, body)

    def health_check(self) -> tuple[int, dict[str, object]]:
        """Ask the database whether it answers (in a gate thread, on its own connection)."""
        answer = health.check(self.check.database, self.check.connection)
        if answer[0] != 200:
            self.check.forget_connection()
        return answer

    def close(self) -> None:
        """Let the threads go (tests)."""
        for executor in (self.executor, self.light, self.gate.executor):
            executor.shutdown(wait=False)
        self.check.close()

    def after_write(self, path: str) -> None:
        """Wake this process's phones waiting on a match written here, without the tick.

        Phones waiting in other processes hear of it at their next WATCH_SECONDS (on
        PostgreSQL, from the database's notice at once); with one
        process (a LAN laptop) the other phones have the change as soon as it is written.
        """
        found = WRITTEN_MATCH.match(path)
        if found and found.group(1) in self.polls.waiting:
            self.polls.wake_changed(only=[found.group(1)])

    def is_https(self, scope: Scope, headers: dict[bytes, bytes]) -> bool:
        """Whether the phone asked over HTTPS, as the Flask app would see it.

        The app's own decision (``companion.web.hosting.request_scheme``).
        """
        forwarded = headers.get(b"x-forwarded-proto")
        proto = forwarded.decode("latin-1") if forwarded else None
        scheme = str(scope.get("scheme", "http"))
        return request_scheme(self.public_scheme, self.proxy, proto, scheme) == "https"
