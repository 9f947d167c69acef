"""Waits on PostgreSQL that end: a statement cut when the server stops answering, and a pool
whose borrowers wait a bounded time.

A frozen server (stopped by a signal, a VM paused, a storage stall) keeps its sockets open and
its kernel acknowledges every byte, so neither TCP keepalives nor ``tcp_user_timeout`` nor the
server's own ``statement_timeout`` ends a wait on it: libpq waits for ever. ``Deadlines`` is one
thread per process that shuts down the socket of a statement still unanswered after its time;
psycopg then raises at once (``NoAnswer``), the connection is dropped, and the request answers
503. ``Pool`` lends at most ``size`` connections, opens a new one on demand (so after a restart
the first request connects at once: no reconnection loop with a growing back-off to wait
for), and drops an idle one the server has closed without a round trip (its socket is
readable).
"""

from __future__ import annotations

import itertools
import os
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import pq

TICK_SECONDS = 0.1
"""How often the deadlines are looked at."""


class NoAnswer(psycopg.OperationalError):
    """The server did not answer a statement in time; the connection was cut."""


class PoolWait(psycopg.OperationalError):
    """Every pooled connection stayed lent for the whole wait."""


class Deadlines:
    """Statements waiting for the server, each cut (its socket shut down) when its time is up."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[int, tuple[float, int]] = {}
        self.fired: set[int] = set()
        self.keys = itertools.count()
        self.pid = 0

    @contextmanager
    def bounded(self, raw: psycopg.Connection[Any], seconds: float | None) -> Iterator[None]:
        """Run the block; cut the connection if it is still inside after ``seconds``.

        :raises NoAnswer: when the cut ended the block.
        """
        if seconds is None or raw.closed:
            yield
            return
        key = next(self.keys)
        with self.lock:
            self.running[key] = (time.monotonic() + seconds, raw.pgconn.socket)
            self.watch_here()
        try:
            yield
        except psycopg.OperationalError as exc:
            with self.lock:
                cut = key in self.fired
            if cut:
                raise NoAnswer(f"the database did not answer within {seconds:g} s") from exc
            raise
        finally:
            with self.lock:  # the cut, if running, ends before the socket can be closed
                self.running.pop(key, None)
                self.fired.discard(key)

    def watch_here(self) -> None:
        """Start the watching thread in this process, if not yet (a fork has none)."""
        if self.pid != os.getpid():
            self.pid = os.getpid()
            threading.Thread(target=self.watch, name="pg-deadlines", daemon=True).start()

    def watch(self) -> None:
        """Cut every statement past its deadline, every TICK_SECONDS."""
        while True:
            time.sleep(TICK_SECONDS)
            now = time.monotonic()
            with self.lock:
                for key, (deadline, fd) in list(self.running.items()):
                    if now >= deadline:
                        del self.running[key]
                        self.fired.add(key)
                        shut(fd)


def shut(fd: int) -> None:
    """Shut a socket down both ways (its owner's wait ends with an error); the descriptor stays
    its owner's to close."""
    try:
        sock = socket.socket(fileno=os.dup(fd))
    except OSError:
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        sock.close()


DEADLINES = Deadlines()


def is_sound(raw: psycopg.Connection[Any]) -> bool:
    """Whether an idle connection is still usable: open, outside a transaction, and nothing
    to read (a server that restarted or ended the session has sent its goodbye or closed)."""
    if raw.closed or raw.info.transaction_status != pq.TransactionStatus.IDLE:
        return False
    fd = raw.pgconn.socket
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        return not poller.poll(0)
    return not select.select([fd], [], [], 0)[0]  # Windows: few connections, no poll


def close_quietly(raw: psycopg.Connection[Any]) -> None:
    """Close a connection that may be broken already."""
    try:
        raw.close()
    except Exception:  # noqa: BLE001  (already broken: nothing to say)
        pass


class Pool:
    """At most ``size`` connections to one database, lent to this process's request threads."""

    def __init__(
        self, opener: Callable[[], psycopg.Connection[Any]], size: int, wait_seconds: float
    ) -> None:
        self.opener = opener
        self.size = size
        self.wait_seconds = wait_seconds
        self.idle: list[psycopg.Connection[Any]] = []
        self.count = 0
        """Connections idle, lent or being opened."""
        self.cond = threading.Condition()
        self.closed = False

    def take(self) -> psycopg.Connection[Any]:
        """Lend a sound connection, opening one when none is idle and the pool has room.

        :raises PoolWait: when every connection stays lent for ``wait_seconds``;
            psycopg.OperationalError: when a new one cannot be opened.
        """
        deadline = time.monotonic() + self.wait_seconds
        with self.cond:
            while True:
                while self.idle:
                    raw = self.idle.pop()
                    if is_sound(raw):
                        return raw
                    self.count -= 1
                    close_quietly(raw)
                if self.count < self.size:
                    self.count += 1
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    raise PoolWait(
                        f"all {self.size} database connections of this process stayed busy "
                        f"for {self.wait_seconds:g} s"
                    )
                self.cond.wait(left)
        try:
            return self.opener()
        except BaseException:
            self.forget()
            raise

    def give_back(self, raw: psycopg.Connection[Any]) -> None:
        """Take a lent connection back; a broken one (or one left in a transaction) is closed."""
        if self.closed or raw.closed or raw.info.transaction_status != pq.TransactionStatus.IDLE:
            close_quietly(raw)
            self.forget()
            return
        with self.cond:
            self.idle.append(raw)
            self.cond.notify()

    def forget(self) -> None:
        """Count one connection less (closed, or never opened): a waiter may open one."""
        with self.cond:
            self.count -= 1
            self.cond.notify()

    def close(self) -> None:
        """Close the idle connections (lent ones are closed when given back)."""
        with self.cond:
            self.closed = True
            idle, self.idle = self.idle, []
            self.count -= len(idle)
        for raw in idle:
            close_quietly(raw)
