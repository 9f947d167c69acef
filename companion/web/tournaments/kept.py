"""Answers worth keeping per process: a bounded memo, newest kept, oldest dropped."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``size`` values, each built once for its key (two threads asking at once for
    a missing key may both build it; the value is the same)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.values: OrderedDict[Hashable, V] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], V]) -> V:
        """Return the value kept for ``key``, built (and kept) when there is none."""
        with self.lock:
            if key in self.values:
                self.values.move_to_end(key)
                return self.values[key]
        value = build()
        with self.lock:
            self.values[key] = value
            while len(self.values) > self.size:
                self.values.popitem(last=False)
        return value
