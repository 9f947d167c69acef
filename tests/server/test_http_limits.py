"""The HTTP limits of ``companion serve`` (companion/server/guard.py), shown with raw sockets.

Each test speaks HTTP by hand to the server as served (uvicorn, the front, the guard), with
short deadlines so that a refusal is seen within a second or two.
"""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask

from companion.server.limits import Limits
from tests.conftest import served

QUICK = Limits(header_seconds=1.0, body_seconds=1.0, idle_seconds=1.0, connections=24,
               connections_per_address=8, write_seconds=1.0)  # fmt: skip


OPENED: list[socket.socket] = []


@pytest.fixture
def address(app: Flask) -> Iterator[tuple[str, int]]:
    """The app served with quick deadlines and a small connection cap: (host, port)."""
    with served(app, QUICK) as url:
        parts = urlsplit(url)
        try:
            yield str(parts.hostname), int(parts.port or 80)
        finally:
            while OPENED:
                OPENED.pop().close()


def connect(address: tuple[str, int], source: str = "127.0.0.1") -> socket.socket:
    """Open a raw connection to the server from a loopback address (closed when the test
    ends)."""
    sock = socket.create_connection(address, timeout=5, source_address=(source, 0))
    OPENED.append(sock)
    return sock


def read_all(sock: socket.socket, seconds: float = 5.0) -> bytes:
    """Read until the server closes the connection (or ``seconds`` pass)."""
    sock.settimeout(seconds)
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def read_one(sock: socket.socket, seconds: float = 2.0) -> bytes:
    """Read one whole answer on a kept-alive connection: its head, then Content-Length bytes
    (one recv may bring only part of it on a loaded machine)."""
    sock.settimeout(seconds)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return data


def closed(sock: socket.socket, seconds: float = 3.0) -> bool:
    """Whether the server closed the connection within ``seconds``."""
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def status(answer: bytes) -> int:
    """The status code of a raw HTTP answer."""
    assert answer.startswith(b"HTTP/1.1 "), answer[:200]
    return int(answer.split(b" ", 2)[1])


def message(answer: bytes) -> str:
    """The JSON error message of a refusal."""
    return str(json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"])


def still_serving(address: tuple[str, int]) -> None:
    """A normal request is answered after the refusal."""
    sock = connect(address)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status(read_all(sock, 3)) == 200


def test_headers_too_large_get_431_and_the_rest_is_not_read(address: tuple[str, int]) -> None:
    sock = connect(address)
    filler = b"X-Filler: " + b"a" * 1000 + b"\r\n"
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n" + filler * 40)
    answer = read_all(sock, 3)  # the server has half-closed: its answer ends
    assert status(answer) == 431
    assert "at most 32 KB" in message(answer)
    started = time.monotonic()
    with pytest.raises((BrokenPipeError, ConnectionResetError)):
        while time.monotonic() - started < 8:  # a client that never stops sending
            sock.sendall(filler)
    assert time.monotonic() - started < 4, "the server kept reading"
    still_serving(address)


def test_headers_just_under_the_limit_are_served(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"a" * 30000 + b"\r\n\r\n")
    assert status(read_all(sock, 2)) == 200


def test_a_connection_that_sends_nothing_is_closed_with_408(address: tuple[str, int]) -> None:
    sock = connect(address)
    started = time.monotonic()
    answer = read_all(sock, 5)
    assert status(answer) == 408
    assert time.monotonic() - started < 3


def test_trickled_headers_are_cut_off(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    started = time.monotonic()
    try:
        for _ in range(40):  # one header byte every 0.1 s: 4 s if never cut off
            sock.sendall(b"X")
            time.sleep(0.1)
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert status(read_all(sock, 2)) == 408
    assert time.monotonic() - started < 3.5


def test_trickled_headers_of_a_second_request_are_cut_off(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status(read_one(sock)) == 200
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
    started = time.monotonic()
    try:
        for _ in range(40):  # the idle timer stopped at the first byte: the head's starts
            sock.sendall(b"X")
            time.sleep(0.1)
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert status(read_all(sock, 2)) == 408
    assert time.monotonic() - started < 3.5


def test_a_trickled_body_is_cut_off(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(
        b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    answer = read_all(sock, 4)
    assert status(answer) == 408
    assert "too long" in message(answer)


def test_an_idle_keep_alive_connection_is_closed(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status(read_one(sock)) == 200
    assert closed(sock, 3)


def test_a_declared_huge_body_gets_413_before_it_is_sent(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(
        b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000000000000\r\n\r\n"
    )
    started = time.monotonic()
    answer = read_all(sock, 3)
    assert status(answer) == 413
    assert time.monotonic() - started < 0.9  # at once, not at the body deadline
    assert "at most 32 KB" in message(answer)


@pytest.mark.parametrize(
    "head",
    [
        b"GET /healthz\r\n\r\n",  # HTTP/0.9
        b"GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\n\r\n",  # no Host
        b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
        b"Content-Length: 3\r\n\r\nab",
    ],
    ids=["http-0.9", "http-2.0", "two-hosts", "no-host", "two-lengths"],
)
def test_bad_request_lines_and_hosts_get_400(address: tuple[str, int], head: bytes) -> None:
    sock = connect(address)
    sock.sendall(head)
    answer = read_all(sock, 3)
    assert status(answer) == 400, answer[:300]


def test_http_1_0_without_host_is_served(address: tuple[str, int]) -> None:
    sock = connect(address)
    sock.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
    assert status(read_all(sock, 3)) == 200


def test_connections_past_the_cap_get_503_and_others_are_served_after(
    address: tuple[str, int],
) -> None:
    held = [connect(address, f"127.0.0.{1 + n % 3}") for n in range(QUICK.connections)]
    time.sleep(0.2)
    extra = connect(address, "127.0.0.4")
    answer = read_all(extra, 3)
    assert status(answer) == 503
    assert b"retry-after: 5" in answer.lower()
    assert "the server has too many open connections" in message(answer)
    for sock in held:
        sock.close()
    time.sleep(0.3)
    still_serving(address)


def test_one_address_past_its_cap_gets_503_and_other_addresses_are_served(
    address: tuple[str, int],
) -> None:
    """One device holding sockets does not starve the other phones (#28 item 10)."""
    held = [connect(address) for _ in range(QUICK.connections_per_address)]
    time.sleep(0.2)
    answer = read_all(connect(address), 3)
    assert status(answer) == 503
    assert "your address has too many open connections" in message(answer)
    other = connect(address, "127.0.0.2")
    other.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status(read_all(other, 3)) == 200
    held.pop().close()
    time.sleep(0.3)
    still_serving(address)


def test_refused_connections_do_not_count_while_they_linger(address: tuple[str, int]) -> None:
    held = [connect(address, f"127.0.0.{1 + n % 3}") for n in range(QUICK.connections)]
    time.sleep(0.2)
    refused = [connect(address, "127.0.0.4") for _ in range(4)]  # each lingers a second
    time.sleep(0.2)
    held.pop().close()
    time.sleep(0.2)
    sock = connect(address, "127.0.0.5")
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status(read_all(sock, 3)) == 200
    assert all(status(read_all(r, 3)) == 503 for r in refused)


def test_a_64_kb_head_in_one_read_gets_431(address: tuple[str, int]) -> None:
    sock = connect(address)
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"a" * 65536 + b"\r\n\r\n"
    sock.sendall(head)
    assert status(read_all(sock, 3)) == 431


def test_a_client_that_reads_nothing_is_dropped_after_the_write_timeout(
    address: tuple[str, int],
) -> None:
    """49 connections that never read held 37 MB for minutes, and their pipelined requests
    logged 453 tracebacks when they left (#28 item 11)."""
    logged: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = logged.append  # type: ignore[method-assign]
    logging.getLogger("uvicorn.error").addHandler(handler)
    try:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(address)
        OPENED.append(sock)
        count, size = 200, len(Path("companion/web/static/duel.js").read_bytes())
        sock.sendall(b"GET /static/duel.js HTTP/1.1\r\nHost: x\r\n\r\n" * count)
        time.sleep(QUICK.write_seconds + 2)  # reading nothing
        received = read_all(sock, 5)
        assert len(received) < count * size  # the rest was dropped with the connection
        still_serving(address)
    finally:
        logging.getLogger("uvicorn.error").removeHandler(handler)
    assert [r.getMessage() for r in logged if r.levelno >= logging.ERROR] == []


def test_behind_a_proxy_the_forwarded_address_is_capped(tmp_path: Path) -> None:
    from companion import create_app

    config = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "SECRET_KEY": "t",
              "HOSTING_PROXY": True}  # fmt: skip
    app = create_app(config, instance_path=tmp_path / "instance")
    with served(app, QUICK) as url:
        parts = urlsplit(url)
        where = (str(parts.hostname), int(parts.port or 80))

        def ask(forwarded: str) -> bytes:
            sock = connect(where)  # every connection comes from the proxy's address
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: "
                         + forwarded.encode() + b"\r\n\r\n")  # fmt: skip
            return read_one(sock)

        try:
            for _ in range(QUICK.connections_per_address):
                assert status(ask("10.0.0.1")) == 200  # kept alive: still open
            assert status(ask("10.0.0.1")) == 503
            assert status(ask("10.0.0.2")) == 200
        finally:
            while OPENED:
                OPENED.pop().close()


def test_limits_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="connections must be positive"):
        Limits(connections=0)
