"""axe-core on what #27 added (0 serious or critical, light, dark and Japanese, 390 x 844): a
"Record for" opened on another player's controls, a toast and the Undo snackbar stacked over
a Shadowfist and a Flash Duel table."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import ROOMS, VARIANTS, post, violations
from tests.phones import CHROMIUM, PHONE, SHOTS, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

TOASTS = """() => import('/static/toasts.js').then((m) => {
  m.toast('Ben put a 4-gem in your pile');
  m.undoSnackbar('Ana gained 5 power', 0, () => {});
})"""


@pytest.mark.parametrize("variant", VARIANTS)
def test_record_for_and_toasts_pass_axe(server: str, browser: Any, variant: str) -> None:
    context = browser.new_context(**PHONE, **VARIANTS[variant], bypass_csp=True)
    page = context.new_page()
    page.goto(server + "/")
    failures = {}
    for kind in ("shadowfist", "flash-duel"):
        made = post(page, server + "/api/rooms", {**ROOMS[kind], "seat": 0})
        page.goto(server + f"/m/{made['match_id']}")
        until(page, "!!ROOM.current")
        record = page.locator("button.record-for")
        if record.count():  # Flash Duel: only when it is not this phone's turn
            record.first.click()
            page.locator(".acting-for").first.wait_for()
        page.evaluate(TOASTS)
        page.locator("#message .toast-undo").wait_for()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"own-axe-{kind}-{variant}.png"))
        found = violations(page)
        if found:
            failures[kind] = found
    context.close()
    assert failures == {}, "\n".join(f"{k}: {v}" for k, v in failures.items())
