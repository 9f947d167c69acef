"""The service worker takes every page it serves, in Debian's Chromium (390 x 844).

A room opened while the worker still installs (the home page registered it a moment before)
begins its navigation before the worker is active, so the worker's ``clients.claim()`` at
activation misses it: the page asks to be claimed once the worker is ready. Without that the
page stayed uncontrolled until a reload (the CI flake of stop 33).
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask, request

from tests.browser.test_browser_rooms import open_room
from tests.phones import CHROMIUM, SEEN_WITHIN_MS, Phone, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
ONLY_INSTALLED = "/static/tournament.js"
"""A shell file no page on the way to a room loads: only the worker's install fetches it."""


def hold_the_install_across_the_room_navigation(app: Flask) -> None:
    """Order the race: the worker's install waits for the room page's navigation to reach the
    server, and the room page is answered only after the install finished (the worker then
    activates and claims while the navigation is still in flight)."""
    navigation_started, install_done = threading.Event(), threading.Event()

    @app.before_request
    def hold() -> None:
        if request.path == ONLY_INSTALLED:
            navigation_started.wait(SEEN_WITHIN_MS / 1000)
        elif request.path.startswith("/m/") and not install_done.is_set():
            navigation_started.set()
            install_done.wait(SEEN_WITHIN_MS / 1000)
            time.sleep(1)  # the worker activates and runs clients.claim() meanwhile

    @app.after_request
    def seen(response: Any) -> Any:
        if request.path == ONLY_INSTALLED:
            install_done.set()
        return response


def test_a_room_opened_while_the_worker_installs_comes_under_it(
    app: Flask, server: str, browser: Any
) -> None:
    hold_the_install_across_the_room_navigation(app)
    ana, ben = Phone(browser, "Ana"), Phone(browser, "Ben")
    open_room(server, [ana, ben], "shadowfist")
    page = ana.page
    page.wait_for_selector("#players section")
    until(page, "navigator.serviceWorker.controller !== null", SEEN_WITHIN_MS)
    assert page.evaluate("location.pathname").startswith("/m/")
    ana.check_no_errors()
