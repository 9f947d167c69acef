"""Run the companion's server: uvicorn in one process, or gunicorn with uvicorn workers.

What runs is ``companion.server.front.Front``, an ASGI app: unchanged polls and long polls are
answered in the event loop, and everything else goes to the Flask app in a thread pool. One
process is plain uvicorn (any platform; uvloop and the httptools parser where they install).
``--workers N`` forks N processes with gunicorn (Linux and macOS), each running uvicorn's
event loop (``uvicorn_worker``), so a hosted instance uses every core. The app is built once
in the master (``preload_app``: the database is migrated once, before any worker exists),
and each worker opens its own SQLite connections. Writes stay exact across processes because
each one is a ``BEGIN IMMEDIATE`` transaction, which SQLite serialises between processes
(WAL mode, 5 s busy timeout), and the state a worker caches is keyed by the version stored in
the database. gunicorn's master restarts a worker that dies (even by ``kill -9``); a committed
event is on disk before its answer is sent. On PostgreSQL (``--db postgresql://...``) each
worker makes its own pool at first use, after the fork, and the write lock is PostgreSQL's
advisory lock (``companion.storage.pg``), which holds across machines too.

Neither server reads ``X-Forwarded-*`` itself: with ``--proxy`` werkzeug's ``ProxyFix``
inside the app does (``companion.web.hosting``), so the decision is the same under both.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

import uvicorn
from flask import Flask

from companion.server.front import Front
from companion.server.guard import guarded_protocol
from companion.server.limits import Limits

GRACEFUL_SECONDS = 5
"""On shutdown, how long answers in progress (a long poll among them) may take."""
BACKLOG = 4096
"""A game night opening: many phones connect at once."""

UVICORN_OPTIONS: dict[str, Any] = {
    "loop": "auto",  # uvloop where installed
    "http": "auto",  # httptools where installed
    "lifespan": "off",
    "proxy_headers": False,  # ProxyFix in the app decides, and only with --proxy
    "server_header": False,
    "access_log": False,
}


def open_files_as_allowed() -> None:
    """Raise this process's limit of open files to the hard limit: phones keep connections."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            pass  # keep the soft limit: serving still works, with fewer phones at once


class FrontServer(uvicorn.Server):
    """uvicorn that, when told to stop, first answers the long polls waiting in its front.

    Without this a phone's long poll (up to 25 s) outlived the graceful 5 s: every stop
    (SIGTERM, Ctrl-C) took 5 s, and the phones got a dropped connection instead of a 304.
    """

    async def shutdown(self, sockets: Any = None) -> None:
        """Release the waiting polls (each gets its 304), then stop as uvicorn does."""
        if isinstance(self.config.app, Front):
            self.config.app.polls.release()
        await super().shutdown(sockets)


YOUNG_COLLECTION_EVERY = 10_000
"""Objects made between two collections of the youngest generation (CPython's default, 700,
ran one every few requests: a state answer makes thousands of short-lived dicts). #29: with
the start-up objects frozen too, the collector's share of a long-poll cycle's CPU fell from
about 11 % to 3 % (bench/RESULTS.md)."""


def settle_memory(app: Flask) -> None:
    """Load the catalog, then keep what the start made (catalog, routes, modules) out of
    every later collection, and collect the youngest objects less often."""
    from companion.web.common import catalog

    with app.app_context():
        catalog()
    gc.collect()
    gc.freeze()  # before gunicorn forks: the workers share these pages, never scanned
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 10, 10)


def uvicorn_options(limits: Limits) -> dict[str, Any]:
    """Return uvicorn's settings for the companion, with these HTTP limits."""
    return {
        **UVICORN_OPTIONS,
        "http": guarded_protocol(limits),
        "timeout_keep_alive": limits.idle_seconds,
    }


def serve_uvicorn(front: Front, host: str, port: int, limits: Limits) -> None:
    """Serve in this process with uvicorn."""
    config = uvicorn.Config(
        front,
        host=host,
        port=port,
        backlog=BACKLOG,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
        log_level="warning",
        **uvicorn_options(limits),
    )
    try:
        FrontServer(config).run()
    except KeyboardInterrupt:  # uvicorn raises Ctrl-C again once stopped (as uvicorn.run does)
        pass


MASTER_CHECK_SECONDS = 1.0
"""How often a worker looks whether its master is still there."""


def gunicorn_options(host: str, port: int, workers: int) -> dict[str, Any]:
    """Return gunicorn's settings for the companion."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": [bind],
        "workers": workers,
        "backlog": BACKLOG,
        "keepalive": int(Limits().idle_seconds),  # uvicorn's own setting (uvicorn_options) wins
        "timeout": 30,
        "graceful_timeout": GRACEFUL_SECONDS,
        "preload_app": True,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "strikekit-companion",
        "secure_scheme_headers": {},
        "forwarded_allow_ips": "127.0.0.1",
    }


def worker_class(limits: Limits) -> type:
    """Return gunicorn's worker class running uvicorn with the companion's options."""
    from gunicorn.arbiter import Arbiter  # type: ignore[import-untyped]
    from uvicorn_worker import UvicornWorker  # type: ignore[import-untyped]

    class CompanionWorker(UvicornWorker):  # type: ignore[misc]
        """A uvicorn worker that leaves forwarded headers to the app (see the module) and
        answers its waiting long polls when told to stop (``FrontServer``)."""

        CONFIG_KWARGS = {
            **UvicornWorker.CONFIG_KWARGS,
            **uvicorn_options(limits),
            "timeout_graceful_shutdown": GRACEFUL_SECONDS,
        }

        async def _serve(self) -> None:  # uvicorn_worker's, with our server class
            self.config.app = self.wsgi
            server = FrontServer(config=self.config)
            # The master's quick stop (SIGINT, SIGQUIT) sends SIGQUIT, which uvicorn_worker
            # only noted (``alive = False``): the worker served on until killed 5 s later.
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGQUIT, setattr, server, "should_exit", True
            )
            watch = asyncio.ensure_future(self.exit_with_master(server))
            try:
                await server.serve(sockets=self.sockets)
            finally:
                watch.cancel()
            if not server.started:
                sys.exit(Arbiter.WORKER_BOOT_ERROR)

        async def exit_with_master(self, server: Any) -> None:
            """Stop once the master is gone: killed with -9 it tells nobody, and a worker
            left alone would keep serving and keep the port (a restart found it in use)."""
            while not server.should_exit:
                if os.getppid() != self.ppid:
                    server.should_exit = True
                    return
                await asyncio.sleep(MASTER_CHECK_SECONDS)

    return CompanionWorker


def serve_gunicorn(front: Front, host: str, port: int, workers: int, limits: Limits) -> None:
    """Serve with a gunicorn master and ``workers`` forked processes (not on Windows)."""
    from gunicorn.app.base import BaseApplication  # type: ignore[import-untyped]

    class Companion(BaseApplication):  # type: ignore[misc]
        """gunicorn running our already-built app with our settings."""

        def load_config(self) -> None:
            for key, value in gunicorn_options(host, port, workers).items():
                self.cfg.set(key, value)
            self.cfg.set("worker_class", worker_class(limits))

        def load(self) -> Callable[..., Any]:
            return front

    Companion().run()


def serve(
    app: Flask,
    host: str,
    port: int,
    workers: int,
    threads: int,
    long_polls: int,
    limits: Limits | None = None,
) -> None:
    """Serve the app behind its front: uvicorn (one worker) or gunicorn (several).

    ``limits``: what a connection may send (``companion.server.guard``); the body limit is
    always the app's own.
    """
    open_files_as_allowed()
    front = Front(app, threads, long_polls)
    settle_memory(app)
    limits = dataclasses.replace(
        limits or Limits(), body_bytes=front.body_limit, behind_proxy=front.proxy
    )
    if workers == 1:
        serve_uvicorn(front, host, port, limits)
    else:
        serve_gunicorn(front, host, port, workers, limits)
