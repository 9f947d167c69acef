"""This machine's LAN address, read from its interfaces (no network traffic)."""

from __future__ import annotations

import socket
import struct

try:
    import fcntl
except ImportError:  # Windows: ask the routing table instead (below)
    fcntl = None  # type: ignore[assignment]

SIOCGIFADDR = 0x8915
DEFAULT_PORT = 5000


def lan_address() -> str:
    """Return the first IPv4 address of a non-loopback interface, or 127.0.0.1."""
    if fcntl is None:
        return routed_address()
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return "127.0.0.1"
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            if name == "lo":
                continue
            try:
                packed = fcntl.ioctl(
                    sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15])
                )
            except OSError:
                continue
            address = socket.inet_ntoa(packed[20:24])
            if not address.startswith("127."):
                return address
    return "127.0.0.1"


def routed_address() -> str:
    """Return the address this machine would send from to a private network, or 127.0.0.1.

    Connecting a UDP socket only chooses a route: no packet leaves.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.255.255.255", 1))
            address = str(sock.getsockname()[0])
        except OSError:
            return "127.0.0.1"
    return "127.0.0.1" if address.startswith(("127.", "0.")) else address


def default_base_url(port: int = DEFAULT_PORT) -> str:
    """Return the companion's address on this machine's LAN."""
    return f"http://{lan_address()}:{port}"
