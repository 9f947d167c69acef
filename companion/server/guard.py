"""HTTP limits on every connection, before a request reaches the front or Flask.

uvicorn's httptools protocol parses requests in C but bounds nothing a client sends before
its request reaches the app: headers of any size were kept in memory, a connection that sent
nothing (or trickled its headers or body) stayed open for ever, a declared body of any length
was read, and request lines such as ``HTTP/2.0`` or two ``Host`` headers were answered. Any
phone on the club's Wi-Fi could starve the server that way. ``GuardedProtocol`` is uvicorn's
protocol with these limits (``Limits``); each refusal is a short JSON answer, as the app's
own errors are, and the connection is closed:

- more than ``header_bytes`` of request line and headers: 431;
- the request line and headers not all there ``header_seconds`` after the first byte (or
  after the connection opened): 408; a declared body not all there ``body_seconds`` after
  the headers: 408;
- a ``Content-Length`` over ``body_bytes``: 413 at once, without reading the body;
- a request line that is not HTTP/1.0 or HTTP/1.1, or no ``Host`` (HTTP/1.1) or two: 400;
- more than ``connections`` open connections in this process, or ``connections_per_address``
  from one client address (behind a proxy: the address it forwards): 503 with
  ``Retry-After``; a refused connection no longer counts toward either while it lingers;
- an answer the client does not read for ``write_seconds`` (the connection's send buffer
  stays full): the connection is closed, and its unread answers freed.

The head's limit holds however the bytes arrive: only ``header_bytes`` of a head are ever
parsed, even when a 64 KB head comes in one read.

Between requests, an idle keep-alive connection is closed after ``idle_seconds`` (uvicorn's
keep-alive timeout).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from companion.server.limits import Limits
from companion.web.hosting import network_of
from companion.web.security import HEADERS

LINGER_SECONDS = 1.0
"""After a refusal, how long the bytes a client still sends are read and dropped."""
RETRY_SECONDS = 5
"""What a phone refused for too many connections is told to wait before trying again."""
HTTP_VERSIONS = ("1.0", "1.1")


def refusal(status: int, message: str, extra: tuple[tuple[str, str], ...] = ()) -> bytes:
    """Return a whole HTTP answer that refuses a request and closes the connection."""
    body = json.dumps({"error": message, "status": status}).encode() + b"\n"
    lines = [
        ("content-type", "application/json"),
        ("content-length", str(len(body))),
        ("connection", "close"),
        *extra,
        *((name.lower(), value) for name, value in HEADERS.items()),
    ]
    head = b"".join(f"{name}: {value}\r\n".encode("latin-1") for name, value in lines)
    return STATUS_LINE[status] + head + b"\r\n" + body


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with the limits of ``Limits`` (see the module)."""

    limits = Limits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.in_head = True  # reading a request line and headers (or waiting for them)
        self.head_bytes = 0
        self.deadline: asyncio.TimerHandle | None = None
        self.write_deadline: asyncio.TimerHandle | None = None
        self.refused = False
        self.address: str | None = None
        """The client address this connection is counted under (None: not counted)."""
        self.cycles: list[Any] = []
        """The requests of this connection not yet answered (pipelined ones among them)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Take the connection, or refuse it when this process (or its client's address)
        already holds its share."""
        too_many = len(self.connections) >= self.limits.connections
        super().connection_made(transport)
        if too_many:
            message = "the server has too many open connections: try again in a few seconds"
            self.refuse(503, message, (("retry-after", str(RETRY_SECONDS)),))
            return
        if not self.limits.behind_proxy and self.client is not None:
            if not self.count_as(network_of(self.client[0])):
                return
        self.start_deadline(self.limits.header_seconds)

    def count_as(self, address: str) -> bool:
        """Count the connection under a client address; refuse it (False) when that address
        already holds ``connections_per_address``."""
        counts: dict[str, int] = self.server_state.__dict__.setdefault("per_address", {})
        if counts.get(address, 0) >= self.limits.connections_per_address:
            message = ("your address has too many open connections: close some (other tabs "
                       "or devices) or try again in a few seconds")  # fmt: skip
            self.refuse(503, message, (("retry-after", str(RETRY_SECONDS)),))
            return False
        counts[address] = counts.get(address, 0) + 1
        self.address = address
        return True

    def uncount(self) -> None:
        """Stop counting the connection toward either cap (it ends, or is being refused)."""
        self.connections.discard(self)
        if self.address is not None:
            counts: dict[str, int] = self.server_state.__dict__["per_address"]
            counts[self.address] -= 1
            if not counts[self.address]:
                del counts[self.address]
            self.address = None

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection (and its deadlines); every request of it still running is
        told its client is gone. (uvicorn tells only the last one parsed: a pipelined request
        answering when the client left wrote to the closed transport, one traceback each.)"""
        self.stop_deadline()
        self.stop_write_deadline()
        self.uncount()
        for cycle in self.cycles:
            if not cycle.response_complete:
                cycle.disconnected = True
        self.cycles.clear()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Parse what arrived; of a request's head, never more than ``header_bytes``."""
        if self.refused:
            return
        if self.in_head:
            if self.deadline is None:  # the first byte after an idle keep-alive
                self.start_deadline(self.limits.header_seconds)
            room = self.limits.header_bytes - self.head_bytes
            if len(data) > room:  # parse the head's allowance alone, then look
                self.head_bytes += room
                super().data_received(data[:room])
                if self.in_head and not self.refused:
                    limit = self.limits.header_bytes // 1024
                    self.refuse(431, f"request headers too large: at most {limit} KB")
                elif not self.refused:
                    self.data_received(data[room:])  # a body, or the next request
                return
            self.head_bytes += len(data)
        super().data_received(data)

    def pause_writing(self) -> None:
        """The client reads too slowly for the answers: close it unless it reads again
        within ``write_seconds``."""
        super().pause_writing()
        if self.write_deadline is None:
            self.write_deadline = self.loop.call_later(self.limits.write_seconds, self.unread)

    def resume_writing(self) -> None:
        """The client reads again."""
        self.stop_write_deadline()
        super().resume_writing()

    def stop_write_deadline(self) -> None:
        """Cancel the write deadline, if any."""
        if self.write_deadline is not None:
            self.write_deadline.cancel()
            self.write_deadline = None

    def unread(self) -> None:
        """The client read nothing for ``write_seconds``: drop the connection and its
        unread answers."""
        self.write_deadline = None
        self.transport.abort()  # connection_lost tells its requests

    def on_message_begin(self) -> None:
        """A new request starts (its head bytes are counted from the last request's end)."""
        super().on_message_begin()
        self.in_head = True

    def on_header(self, name: bytes, value: bytes) -> None:
        """Keep a header, unless the request was refused."""
        if not self.refused:
            super().on_header(name, value)

    def on_headers_complete(self) -> None:
        """Check the request line, Host and declared length; then hand the request on."""
        if self.refused:
            return
        self.in_head = False
        self.head_bytes = 0
        self.stop_deadline()
        problem = self.head_problem()
        if problem is not None:
            self.refuse(*problem)
            return
        if self.limits.behind_proxy and not self.count_forwarded():
            return
        super().on_headers_complete()
        self.cycles = [c for c in self.cycles if not c.response_complete]
        self.cycles.append(self.cycle)
        if self.has_body():
            self.start_deadline(self.limits.body_seconds)

    def on_body(self, body: bytes) -> None:
        """Pass a piece of the body on, unless the request was refused."""
        if not self.refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        """The whole request is there: no deadline until the next one starts."""
        if self.refused:
            return
        self.stop_deadline()
        self.head_bytes = 0
        self.in_head = True  # the next request's head: its deadline starts at its first byte
        super().on_message_complete()

    def count_forwarded(self) -> bool:
        """Behind a proxy: count the connection under the address the proxy forwards (its
        last ``X-Forwarded-For``, as the app reads it); False when that address is over its
        cap (the request is refused)."""
        forwarded = [value for name, value in self.headers if name == b"x-forwarded-for"]
        if not forwarded:
            return True
        address = network_of(forwarded[-1].decode("latin-1").split(",")[-1].strip())
        if address == self.address:
            return True
        self.uncount()
        self.connections.add(self)
        return self.count_as(address)

    def head_problem(self) -> tuple[int, str] | None:
        """Return the status and message refusing this request's head, or None when it is fine."""
        version = self.parser.get_http_version()
        if version not in HTTP_VERSIONS:
            return 400, f"HTTP/{version} is not served here: use HTTP/1.1"
        hosts = [value for name, value in self.headers if name == b"host"]
        if len(hosts) > 1:
            return 400, "two Host headers: send one"
        if not hosts and version == "1.1":
            return 400, "no Host header: HTTP/1.1 needs one"
        lengths = {value.strip() for name, value in self.headers if name == b"content-length"}
        if len(lengths) > 1:
            return 400, "two different Content-Length headers: send one"
        if lengths:
            declared = lengths.pop()
            if not declared.isdigit():
                return 400, "Content-Length is not a number of bytes"
            if int(declared) > self.limits.body_bytes:
                limit = self.limits.body_bytes // 1024
                return 413, f"request body too large: at most {limit} KB"
        return None

    def has_body(self) -> bool:
        """Whether the request declared a body still to come."""
        for name, value in self.headers:
            if name == b"transfer-encoding":
                return True
            if name == b"content-length" and value.strip() != b"0":
                return True
        return False

    def start_deadline(self, seconds: float) -> None:
        """Refuse the request with 408 unless its head or body is complete within ``seconds``."""
        self.stop_deadline()
        self.deadline = self.loop.call_later(seconds, self.too_slow)

    def stop_deadline(self) -> None:
        """Cancel the running deadline, if any."""
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def too_slow(self) -> None:
        """The deadline passed: answer 408 (unless an answer has started) and close."""
        self.deadline = None
        if self.transport.is_closing() or self.refused:
            return
        answering = self.cycle is not None and not self.cycle.response_complete
        if answering and self.cycle.response_started:  # a 408 cannot follow a started answer
            self.transport.close()
            return
        self.refuse(408, "the request took too long to arrive: send it again")

    def refuse(self, status: int, message: str, extra: tuple[tuple[str, str], ...] = ()) -> None:
        """Answer ``status`` and close: whatever else arrives is dropped, never parsed; the
        connection no longer counts toward the caps while its answer lingers."""
        self.refused = True
        self.stop_deadline()
        self.uncount()
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True  # the app's answer, if it comes, goes nowhere
            self.cycle.message_event.set()
        if self.transport.is_closing():
            return
        self.transport.write(refusal(status, message, extra))
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        # Closing at once with the client's bytes unread resets the connection, and the reset
        # can overtake the answer: say we are done, drop what still comes, close a bit later.
        self.transport.write_eof()
        self.deadline = self.loop.call_later(LINGER_SECONDS, self.transport.close)


def guarded_protocol(limits: Limits) -> type[GuardedProtocol]:
    """Return uvicorn's protocol class with these limits."""
    return type("GuardedProtocol", (GuardedProtocol,), {"limits": limits})
