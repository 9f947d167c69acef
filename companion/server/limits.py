"""What one connection may send to ``companion serve``, and how slowly (``companion.server.guard``).

Apart from the guard so that the command line reads its defaults without loading the server.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one connection may send, and how slowly; how many may be open in one process."""

    header_bytes: int = 32 * 1024
    header_seconds: float = 10.0
    body_bytes: int = 32 * 1024
    body_seconds: float = 30.0
    idle_seconds: float = 15.0
    """Longer than a phone's 1 s poll and the time between its writes: it keeps its connection."""
    connections: int = 4096
    connections_per_address: int = 512
    """Open connections from one client address (IPv6: one /64) in one process: one device
    on the Wi-Fi cannot hold every connection. Behind a proxy (``behind_proxy``), the
    address the proxy forwards, once a request names it."""
    write_seconds: float = 30.0
    """How long an answer may wait for a client that reads nothing before the connection
    is closed (its unread answers held memory for ever)."""
    behind_proxy: bool = False

    def __post_init__(self) -> None:
        for name in (
            "header_bytes",
            "header_seconds",
            "body_bytes",
            "body_seconds",
            "idle_seconds",
            "connections",
            "connections_per_address",
            "write_seconds",
        ):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
