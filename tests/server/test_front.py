"""The ASGI front that `companion serve` runs: unchanged polls and long polls answered in the
event loop, everything else by Flask, with the same answers as Flask alone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.server.front import Front
from companion.web.security import HEADERS
from tests.helpers import CSRF, act, start_duel

Answer = tuple[int, dict[str, str], bytes]


def scope(path: str, query: str = "", headers: dict[str, str] | None = None) -> dict[str, Any]:
    """An ASGI request as uvicorn gives it."""
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()],
        "server": ("127.0.0.1", 5000),
        "client": ("127.0.0.1", 40000),
    }


async def call(front: Front, request: dict[str, Any]) -> Answer:
    """Send one request through the front; return (status, headers, body)."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(dict(message))

    await front(request, receive, send)
    start = sent[0]
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return int(start["status"]), headers, body


def cookies(client: FlaskClient) -> str:
    """The phone's cookies as one Cookie header."""
    jar = (client._cookies or {}).values()  # werkzeug has no public list of a client's cookies
    return "; ".join(f"{c.key}={c.value}" for c in jar)


@pytest.fixture
def front(app: Flask) -> Iterator[Front]:
    """The front around the test app, two long polls allowed."""
    made = Front(app, threads=4, long_polls=2)
    yield made
    made.executor.shutdown(wait=True)


def state_of(client: FlaskClient, match_id: str) -> tuple[str, dict[str, str]]:
    """(URL, headers of a conditional GET) of a seated phone's state."""
    url = f"/api/matches/{match_id}/state"
    etag = client.get(url).headers["ETag"]
    return url, {"If-None-Match": etag, "Cookie": cookies(client)}


def test_an_unchanged_poll_is_304_with_flask_s_headers(app: Flask, front: Front) -> None:
    match_id, a, _ = start_duel(app)
    url, headers = state_of(a, match_id)
    status, answer, body = asyncio.run(call(front, scope(url, headers=headers)))
    assert (status, body) == (304, b"")
    assert answer["etag"] == headers["If-None-Match"]
    for name, value in HEADERS.items():
        assert answer[name.lower()] == value
    assert "strict-transport-security" not in answer


def test_a_first_read_and_a_changed_state_come_from_flask(app: Flask, front: Front) -> None:
    match_id, a, b = start_duel(app)
    url, headers = state_of(b, match_id)
    status, _, body = asyncio.run(call(front, scope(url, headers={"Cookie": headers["Cookie"]})))
    assert status == 200 and json.loads(body)["version"] == 0
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    status, answer, _ = asyncio.run(call(front, scope(url, headers=headers)))
    assert status == 200 and answer["etag"] != headers["If-None-Match"]


def test_a_stranger_s_seat_cookie_goes_to_flask(app: Flask, front: Front) -> None:
    match_id, a, _ = start_duel(app)
    url, headers = state_of(a, match_id)
    forged = {**headers, "Cookie": f"seat_{match_id}=not-a-token"}
    status, answer, _ = asyncio.run(call(front, scope(url, headers=forged)))
    assert status != 304 and answer.get("etag") != headers["If-None-Match"]


async def wait_then_write(front: Front, request: dict[str, Any], write: Any) -> Answer:
    """Long-poll, and once the poll waits on the server, make a write."""
    polling = asyncio.create_task(call(front, request))
    while not front.polls.waiting:
        await asyncio.sleep(0.01)
    await asyncio.to_thread(write)
    return await polling


def test_a_long_poll_returns_the_new_state_when_the_table_changes(app: Flask, front: Front) -> None:
    match_id, a, b = start_duel(app)
    url, headers = state_of(b, match_id)

    def write() -> None:
        assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200

    status, answer, body = asyncio.run(
        wait_then_write(front, scope(url, "wait=20", headers), write)
    )
    assert status == 200 and answer["etag"] != headers["If-None-Match"]
    assert b'"version":1' in body.replace(b" ", b"")
    assert not front.polls.waiting and front.polls.count == 0


def test_a_long_poll_with_no_change_ends_in_304(app: Flask, front: Front) -> None:
    match_id, a, _ = start_duel(app)
    url, headers = state_of(a, match_id)
    status, _, _ = asyncio.run(call(front, scope(url, "wait=1", headers)))
    assert status == 304 and front.polls.count == 0


def test_past_the_bound_a_long_poll_is_answered_at_once(app: Flask, front: Front) -> None:
    match_id, a, b = start_duel(app)
    url, headers_a = state_of(a, match_id)
    _, headers_b = state_of(b, match_id)

    async def three_polls() -> list[int]:
        waiting = [
            asyncio.create_task(call(front, scope(url, "wait=20", h)))
            for h in (headers_a, headers_b)
        ]
        while front.polls.count < 2:
            await asyncio.sleep(0.01)
        third, _, _ = await call(front, scope(url, "wait=20", headers_a))
        assert all(not task.done() for task in waiting)  # the bound: two waiting requests
        await asyncio.to_thread(act, a, match_id, {"type": "choose", "character": "grave"})
        return [third] + [(await task)[0] for task in waiting]

    assert asyncio.run(three_polls()) == [304, 200, 200]


def test_over_https_the_304_carries_hsts(app: Flask) -> None:
    match_id, a, _ = start_duel(app)
    url, headers = state_of(a, match_id)
    app.config["HOSTING_PROXY"] = True
    proxied = Front(app, threads=1, long_polls=0)
    forwarded = {**headers, "X-Forwarded-Proto": "http, https"}
    _, answer, _ = asyncio.run(call(proxied, scope(url, headers=forwarded)))
    assert answer["strict-transport-security"].startswith("max-age=")
    app.config["HOSTING_PROXY"] = False
    direct = Front(app, threads=1, long_polls=0)
    _, answer, _ = asyncio.run(call(direct, scope(url, headers=forwarded)))
    assert "strict-transport-security" not in answer  # not trusted without --proxy
    app.config["HOSTING_BASE_URL"] = "https://games.example.org"
    public = Front(app, threads=1, long_polls=0)
    _, answer, _ = asyncio.run(call(public, scope(url, headers=headers)))
    assert "strict-transport-security" in answer


def posted(path: str, body: bytes, headers: dict[str, str]) -> tuple[dict[str, Any], Any]:
    """An ASGI POST and its receive(), the body in two parts as a network may split it."""
    request = {**scope(path, headers=headers), "method": "POST"}
    parts = [body[: len(body) // 2], body[len(body) // 2 :]]

    async def receive() -> dict[str, Any]:
        part = parts.pop(0) if parts else b""
        return {"type": "http.request", "body": part, "more_body": bool(parts)}

    return request, receive


async def call_post(front: Front, request: dict[str, Any], receive: Any) -> Answer:
    """Send one POST through the front."""
    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(dict(message))

    await front(request, receive, send)
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return int(sent[0]["status"]), headers, b"".join(m.get("body", b"") for m in sent[1:])


def first_choice(phone: FlaskClient, key: str) -> tuple[bytes, dict[str, str]]:
    """The body and headers of a seated phone's first action (choosing Grave), as sent."""
    action = {"type": "choose", "character": "grave"}
    body = json.dumps({"action": action, "base_version": 0, "idempotency_key": key}).encode()
    headers = {"Cookie": cookies(phone), "Content-Type": "application/json", "X-CSRF-Token": CSRF}
    return body, headers


def test_a_write_goes_through_the_front_to_flask(app: Flask, front: Front) -> None:
    match_id, a, _ = start_duel(app)
    body, headers = first_choice(a, "front-0001")
    headers["Content-Length"] = str(len(body))
    request, receive = posted(f"/api/matches/{match_id}/actions", body, headers)
    status, answer, content = asyncio.run(call_post(front, request, receive))
    assert status == 200, content
    assert json.loads(content)["version"] == 1
    assert answer["content-type"].startswith("application/json")
    assert int(answer["content-length"]) == len(content)


def test_a_body_over_the_limit_is_refused_with_the_app_s_message(app: Flask, front: Front) -> None:
    match_id, a, _ = start_duel(app)
    body = b'{"action": "' + b"x" * (64 * 1024) + b'"}'
    chunked = {"Transfer-Encoding": "chunked"}  # as uvicorn passes it on (werkzeug reads it)
    for length in ({"Content-Length": str(len(body))}, chunked):
        headers = {"Cookie": cookies(a), "X-CSRF-Token": CSRF, "Content-Type": "application/json"}
        headers.update(length)
        request, receive = posted(f"/api/matches/{match_id}/actions", body, headers)
        status, _, content = asyncio.run(call_post(front, request, receive))
        assert status == 413 and "too large" in json.loads(content)["error"], (length, content)


def test_a_write_through_this_process_wakes_its_long_polls_at_once(
    app: Flask, front: Front, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No waiting for the watcher's tick (here an hour) when the write passed through here."""
    import companion.server.front

    monkeypatch.setattr(companion.server.front, "WATCH_SECONDS", 3600)
    match_id, a, b = start_duel(app)
    url, headers = state_of(b, match_id)
    body, write_headers = first_choice(a, "front-0002")

    async def poll_then_write() -> tuple[int, int]:
        polling = asyncio.create_task(call(front, scope(url, "wait=20", headers)))
        while not front.polls.waiting:
            await asyncio.sleep(0.01)
        request, receive = posted(f"/api/matches/{match_id}/actions", body, write_headers)
        written, _, _ = await call_post(front, request, receive)
        status, _, _ = await asyncio.wait_for(polling, timeout=5)
        return written, status

    assert asyncio.run(poll_then_write()) == (200, 200)


WINDOWS_ABSENT = ("resource", "fcntl", "uvloop", "gunicorn", "uvicorn_worker")


def test_the_serving_stack_imports_where_windows_lacks_modules() -> None:
    """``companion serve`` on Windows: no resource, fcntl, uvloop, gunicorn (a module-level
    ``import resource`` in companion.server.serve once made it fail there before serving)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        f"for name in {WINDOWS_ABSENT!r}:\n"
        "    sys.modules[name] = None  # import raises ImportError, as on Windows\n"
        "import companion.cli, companion.storage.db\n"
        "import companion.server.front, companion.server.serve\n"
        "companion.server.serve.open_files_as_allowed()\n"
        "assert companion.storage.db.fcntl is None\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_client_that_leaves_frees_its_long_poll(app: Flask, front: Front) -> None:
    """A phone that reloads or closes its tab: its long poll stops holding one of the
    process's places (before, it held it up to 25 s, then answered nobody)."""
    match_id, a, _ = start_duel(app)
    url, headers = state_of(a, match_id)
    left = asyncio.Event()
    messages = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop()
        await left.wait()
        return {"type": "http.disconnect"}

    async def send(message: Any) -> None:
        pass

    async def leave() -> int:
        polling = asyncio.create_task(front(scope(url, "wait=20", headers), receive, send))
        while front.polls.count < 1:
            await asyncio.sleep(0.01)
        left.set()
        for _ in range(20):  # a few turns of the loop, no clock
            await asyncio.sleep(0)
        still = front.polls.count
        polling.cancel()
        await asyncio.gather(polling, return_exceptions=True)
        return still

    assert asyncio.run(leave()) == 0


def test_a_request_cut_short_by_its_client_never_reaches_the_app(app: Flask, front: Front) -> None:
    """A client that leaves mid-body: no WSGI server hands on an unfinished request (its
    first part may parse and act: here a whole JSON action, the padding never sent)."""
    match_id, a, _ = start_duel(app)
    body, headers = first_choice(a, "front-0002")
    headers["Content-Length"] = str(len(body) + 100)  # 100 spaces of padding to come
    request = {**scope(f"/api/matches/{match_id}/actions", headers=headers), "method": "POST"}
    messages = [
        {"type": "http.disconnect"},
        {"type": "http.request", "body": body, "more_body": True},
    ]
    sent: list[Any] = []

    async def receive() -> dict[str, Any]:
        return messages.pop()

    async def send(message: Any) -> None:
        sent.append(message)

    asyncio.run(front(request, receive, send))
    assert sent == []
    assert json.loads(a.get(f"/api/matches/{match_id}/state").data)["version"] == 0


def test_the_environ_drops_underscored_headers_and_joins_cookies_with_semicolons() -> None:
    """``X_Forwarded_For`` from a client must not join the proxy's X-Forwarded-For (ProxyFix
    reads the last value: a forged address for the rate limits); two Cookie lines (as a proxy
    may pass them) are one cookie list, not one cookie whose value swallowed the next."""
    from werkzeug.wrappers import Request

    from companion.server.front import wsgi_environ

    request = scope(
        "/api/matches",
        headers={"X-Forwarded-For": "10.0.0.1", "X_Forwarded_For": "6.6.6.6", "Cookie": "a=1"},
    )
    request["headers"].append((b"cookie", b"seat_x=2"))
    environ = wsgi_environ(request, b"")
    assert environ["HTTP_X_FORWARDED_FOR"] == "10.0.0.1"
    assert dict(Request(environ).cookies) == {"a": "1", "seat_x": "2"}


def test_an_answer_that_breaks_past_flask_is_the_app_s_json_500(app: Flask) -> None:
    """A header value outside Latin-1 cannot be sent: the phone gets the JSON error the
    app gives for any unexpected error, not uvicorn's bare text 500 (which it could not read)."""
    from flask import Response

    @app.get("/broken-header")
    def broken_header() -> Response:
        return Response("x", headers={"X-Player": "アナ"})

    front = Front(app, threads=1, long_polls=0)
    try:
        status, headers, body = asyncio.run(call(front, scope("/broken-header")))
    finally:
        front.executor.shutdown(wait=True)
    assert status == 500 and headers["content-type"] == "application/json"
    assert json.loads(body)["status"] == 500
    assert int(headers["content-length"]) == len(body)
