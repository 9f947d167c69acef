"""Phones in Debian's Chromium for the browser tests: one browser context each (390 x 844),
their console errors collected (a JavaScript error fails the test), screenshots saved
outside the checkout for a person to look at."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium")
SHOTS = Path(os.environ.get("STRIKEKIT_SHOTS", Path(tempfile.gettempdir()) / "strikekit-shots"))
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SEEN_WITHIN_MS = 10000
"""How long a phone may take to show something: a bound for 'eventually' on a loaded machine,
not a speed target (sync latency is measured in bench/, never asserted in tests)."""
WORKER_MS = 30000
"""How long a page may take to come under its service worker: the install fetches the whole
app shell (every script, style sheet and start page), slow on a loaded 2-core CI machine."""
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


class Phone:
    """One player's phone: its own cookies, storage and page."""

    def __init__(self, browser: Any, name: str, **context: Any) -> None:
        self.name = name
        self.context = browser.new_context(**PHONE, **context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on(
            "console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None
        )

    def shot(self, name: str) -> Path:
        """Save a full-page screenshot and return its path."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def state(self, server: str, match_id: str) -> dict[str, Any]:
        """Read a room through the phone's own cookies."""
        response = self.page.request.get(f"{server}/api/matches/{match_id}/state")
        data: dict[str, Any] = response.json()
        return data

    def check_no_errors(self) -> None:
        """Fail on any JavaScript error the page logged (offline fetch failures aside)."""
        real = [e for e in self.errors if "Failed to load resource" not in e]
        assert real == [], f"{self.name}: {real}"


def until(page: Any, expression: str, within_ms: int = SEEN_WITHIN_MS) -> Any:
    """Wait until a JavaScript expression is truthy on the page (the page's CSP forbids
    Playwright's wait_for_function, which evaluates strings)."""
    deadline = time.monotonic() + within_ms / 1000
    while True:
        value = page.evaluate(expression)
        if value or time.monotonic() > deadline:
            assert value, f"still false after {within_ms} ms: {expression}"
            return value
        page.wait_for_timeout(50)
