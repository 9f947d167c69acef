"""The event loop's database calls, each run in a thread and waited for a bounded time.

A database that hangs (locked, frozen, unreachable) must hold up no other request: the front
hands each call that needs the database to one of a few threads and answers without it past
its time (``companion.server.front``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

GATE_THREADS = 3
"""Threads per process for the event loop's database calls."""
T = TypeVar("T")


class Unanswered(Exception):
    """The database did not answer in time (or every thread still waits on it)."""


class Gate:
    """The event loop's database calls, run in GATE_THREADS threads, each waited for a
    bounded time. A call past its time goes on in its thread (the database connection's own
    deadline ends it: ``companion.storage.pgpool``); while every thread is taken a new call is
    refused at once, so calls never pile up behind a hung database."""

    def __init__(self, threads: int = GATE_THREADS) -> None:
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="database")
        self.threads = threads
        self.busy = 0

    async def run(self, seconds: float, fn: Callable[..., T], *args: Any) -> T:
        """Return ``fn(*args)``, run in a thread.

        :raises Unanswered: when it takes longer than ``seconds``, or no thread is free.
        """
        if self.busy >= self.threads:
            raise Unanswered
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        self.busy += 1
        self.executor.submit(self.call, loop, answer, fn, args)
        late = loop.call_later(seconds, cut_short, answer)
        try:
            return await answer
        finally:
            late.cancel()

    def call(
        self, loop: asyncio.AbstractEventLoop, answer: asyncio.Future[T], fn: Callable[..., T],
        args: tuple[Any, ...],
    ) -> None:  # fmt: skip
        """Run ``fn`` (in a thread); hand its result or error to the event loop."""
        try:
            result = fn(*args)
        except BaseException as exc:  # noqa: BLE001  (handed over to the waiting request)
            loop.call_soon_threadsafe(self.settle, answer, None, exc)
        else:
            loop.call_soon_threadsafe(self.settle, answer, result, None)

    def settle(
        self, answer: asyncio.Future[T], result: T | None, error: BaseException | None
    ) -> None:
        """The call ended (in time or not): its thread is free; its answer, if still awaited."""
        self.busy -= 1
        if answer.done():
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(result)  # type: ignore[arg-type]


def cut_short(answer: asyncio.Future[Any]) -> None:
    """The call took too long: its request is answered without it."""
    if not answer.done():
        answer.set_exception(Unanswered())
