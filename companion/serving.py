"""Run the companion's server: waitress in one process, or gunicorn with several workers.

Why both: waitress (pure Python, every platform) serves one process with a thread pool,
which is all a LAN laptop needs. ``--workers N`` forks N processes with gunicorn (Linux and
macOS) so a hosted instance uses every core. The app is built once in the master
(``preload_app``: the database is migrated once, before any worker exists), and each worker
opens its own SQLite connections. Writes stay exact across processes because each one is a
``BEGIN IMMEDIATE`` transaction, which SQLite serialises between processes (WAL mode, 5 s
busy timeout), and the state a worker caches is keyed by the version stored in the database.
gunicorn's master restarts a worker that dies (even by ``kill -9``); a committed event is on
disk before its answer is sent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

KEEPALIVE_SECONDS = 5
"""Longer than the phones' 1 s poll, so a polling phone keeps its connection."""


def keep_bodiless_answers_alive() -> None:
    """Make waitress keep the connection open after a 304 (or 204).

    waitress 3.0 closes the connection after any HTTP/1.1 answer without a Content-Length,
    and a 304 may not carry one; so every unchanged poll (a conditional GET answered 304)
    cost the phone a new TCP connection, and the server accepting it: at 400 phones the p99
    was 320 ms instead of a few. A bodiless answer needs no length to end, so this keeps the
    connection unless the client or the server asked to close it.
    """
    from waitress.channel import HTTPChannel
    from waitress.task import WSGITask

    class KeepAliveTask(WSGITask):
        """A WSGI task that does not close the connection after a bodiless answer."""

        def build_response_header(self) -> bytes:
            headers = getattr(self.request, "headers", {})
            asked = str(headers.get("CONNECTION", "")).lower() == "close"
            closing = self.close_on_finish or asked
            head: bytes = super().build_response_header()
            if self.version == "1.1" and not self.has_body and not closing:
                self.close_on_finish = False
                head = head.replace(b"\r\nConnection: close\r\n", b"\r\n", 1)
            return head

    HTTPChannel.task_class = KeepAliveTask


def serve_waitress(app: Flask, host: str, port: int, threads: int) -> None:
    """Serve in this process with waitress."""
    from waitress import serve

    keep_bodiless_answers_alive()
    serve(
        app,
        # waitress drops X-Forwarded-* itself unless told otherwise; with --proxy they are
        # for werkzeug's ProxyFix to read (companion.hosting), as under gunicorn.
        clear_untrusted_proxy_headers=not app.config.get("HOSTING_PROXY"),
        host=host,
        port=port,
        threads=threads,
        connection_limit=10_000,  # phones keep their connections open (fds: ulimit -n)
        backlog=4096,  # a game night opening: many phones connect at once
        asyncore_use_poll=True,  # select() stops at 1,024 sockets; phones keep theirs open
        channel_timeout=30,
        ident="strikekit",
    )


def gunicorn_options(host: str, port: int, workers: int, threads: int) -> dict[str, Any]:
    """Return gunicorn's settings for the companion."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": [bind],
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "worker_connections": 10_000,
        "backlog": 4096,
        "keepalive": KEEPALIVE_SECONDS,
        "timeout": 30,
        "graceful_timeout": 10,
        "preload_app": True,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "strikekit-companion",
        # gunicorn trusts X-Forwarded-Proto from 127.0.0.1 by default; the companion trusts
        # a proxy only with --proxy, through werkzeug's ProxyFix (companion.hosting).
        "secure_scheme_headers": {},
        "forwarded_allow_ips": "127.0.0.1",
    }


def serve_gunicorn(app: Flask, host: str, port: int, workers: int, threads: int) -> None:
    """Serve with a gunicorn master and ``workers`` forked processes (not on Windows)."""
    from gunicorn.app.base import BaseApplication  # type: ignore[import-untyped]

    class Companion(BaseApplication):  # type: ignore[misc]
        """gunicorn running our already-built app with our settings."""

        def load_config(self) -> None:
            for key, value in gunicorn_options(host, port, workers, threads).items():
                self.cfg.set(key, value)

        def load(self) -> Callable[..., Any]:
            return app

    Companion().run()


def serve(app: Flask, host: str, port: int, workers: int, threads: int) -> None:
    """Serve with waitress (one worker) or gunicorn (several)."""
    if workers == 1:
        serve_waitress(app, host, port, threads)
    else:
        serve_gunicorn(app, host, port, workers, threads)
