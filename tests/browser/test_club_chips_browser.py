"""Puzzle Strike's bank chips on the club's statistics page, on a phone (#30 item 5), in
light, dark and Japanese; axe finds nothing serious there."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.test_accessibility import VARIANTS, violations
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, Phone
from tests.web.test_club_chip_stats import record_strike_matches

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
HEADING = {"light": "Bank chips", "dark": "Bank chips", "japanese": "銀行のチップ"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_bank_chips_read_on_a_phone(
    app: Flask, server: str, browser: Any, variant: str
) -> None:
    record_strike_matches(app)
    reader = Phone(browser, f"Reader {variant}", **VARIANTS[variant])
    reader.page.goto(f"{server}/club/stats/puzzle-strike")
    reader.page.locator("#chips", has_text=HEADING[variant]).wait_for(timeout=SEEN_WITHIN_MS)
    reader.page.locator("#chips").scroll_into_view_if_needed()
    reader.shot(f"club-chips-{variant}")
    reader.check_no_errors()
    context = browser.new_context(**PHONE, **VARIANTS[variant], bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server}/club/stats/puzzle-strike")
    page.locator("#chips").wait_for(timeout=SEEN_WITHIN_MS)
    assert violations(page) == []
    context.close()
