"""The front's bridge to the Flask app: an ASGI request as a WSGI environ, the app's whole
answer back, and the few answers the front makes itself (``companion.server.front``).
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from companion.web.security import HEADERS

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Answer = tuple[int, list[tuple[bytes, bytes]], bytes]

INTERNAL_ERROR_BODY = b'{"error":"internal error: the server has logged it","status":500}\n'
INTERNAL_ERROR: Answer = (
    500,
    [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(INTERNAL_ERROR_BODY)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in HEADERS.items()),
    ],
    INTERNAL_ERROR_BODY,
)
"""What a phone gets when the answer breaks outside Flask's handlers: the app's JSON 500."""


DATABASE_SILENT = {
    "error": "the database does not answer now: try again in a moment",
    "status": 503,
}


async def send_json(send: Send, status: int, body: dict[str, object]) -> None:
    """Answer with a JSON body and the app's security headers (no caching)."""
    content = json.dumps(body).encode() + b"\n"
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(content)).encode()),
        (b"cache-control", b"no-store"),
        *((k.lower().encode(), v.encode()) for k, v in HEADERS.items()),
    ]
    if status == 503:
        headers.append((b"retry-after", b"2"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})


def wsgi_environ(scope: Scope, body: bytes) -> dict[str, Any]:
    """Return the WSGI environ of an ASGI HTTP request whose body has been read (PEP 3333)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": "",
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": bytes(scope.get("query_string", b"")).decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": client[0] if client else "",
        "REMOTE_PORT": str(client[1]) if client else "",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.input_terminated": True,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", ()):
        name, value = raw_name.decode("latin-1").upper(), raw_value.decode("latin-1")
        if "_" in name:
            continue  # X_Forwarded_For would pass for X-Forwarded-For (waitress, gunicorn drop it)
        if name == "CONTENT-LENGTH":
            environ["CONTENT_LENGTH"] = value
        elif name == "CONTENT-TYPE":
            environ["CONTENT_TYPE"] = value
        else:
            key = "HTTP_" + name.replace("-", "_")
            joint = "; " if key == "HTTP_COOKIE" else ","
            environ[key] = f"{environ[key]}{joint}{value}" if key in environ else value
    return environ


def call_wsgi(app: Callable[..., Any], environ: dict[str, Any]) -> Answer:
    """Run a WSGI app on one request; return its status, headers and whole body."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started[:] = [status, headers]
        return lambda chunk: chunks.append(chunk)

    chunks: list[bytes] = []
    result = app(environ, start_response)
    try:
        chunks.extend(result)
    finally:
        getattr(result, "close", lambda: None)()
    status, headers = started
    encoded = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
    return int(status.split(" ", 1)[0]), encoded, b"".join(chunks)


async def read_body(receive: Receive, limit: int) -> bytes | None:
    """Read a request's body, at most ``limit`` + 1 bytes (the app refuses a longer one).

    Return None when the client went away first: a cut body must not reach the app (a form
    or JSON cut short could still parse), as no WSGI server passes on an unfinished request.
    """
    parts: list[bytes] = []
    size, more = 0, True
    while more and size <= limit:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        part = bytes(message.get("body", b""))
        parts.append(part)
        size += len(part)
        more = bool(message.get("more_body", False))
    return b"".join(parts)[: limit + 1]


async def client_gone(receive: Receive) -> None:
    """Return once the client has gone away (never, from a server that does not say so).

    A GET's first message is its empty body; past it, ASGI's ``receive`` waits for the
    disconnect.
    """
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        if not message.get("more_body", False):
            break
    if (await receive())["type"] != "http.disconnect":
        await asyncio.get_running_loop().create_future()  # not ASGI's way: wait for the end


def header_values(scope: Scope) -> dict[bytes, bytes]:
    """Return the request headers the fast path reads (names in lower case)."""
    wanted = (b"if-none-match", b"cookie", b"x-forwarded-proto")
    found: dict[bytes, bytes] = {}
    for name, value in scope.get("headers", ()):
        if name in wanted:
            joint = b"; " if name == b"cookie" else b","
            found[name] = found[name] + joint + value if name in found else value
    return found
