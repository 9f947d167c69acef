"""A tournament's final standings on a phone show each linked player's club rating change
(#30 item 10), in light, dark and Japanese, and axe finds nothing serious there."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.browser.test_accessibility import VARIANTS, violations
from tests.helpers import phone
from tests.phones import CHROMIUM, PHONE, SEEN_WITHIN_MS, Phone
from tests.web.test_club_tournament_seeding import rated_four
from tests.web.test_tournament_api import current_tables, org, read

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
WORD = {"light": "rating", "dark": "rating", "japanese": "レーティング"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_final_standings_show_rating_changes(
    app: Flask, server: str, browser: Any, variant: str
) -> None:
    client = phone(app)
    tid, h, _ = rated_four(app, client, seed_by_rating=True)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    for table in current_tables(read(client, tid, h)):
        url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
        assert org(client, url, {"wins_a": 0, "wins_b": 2}, h).status_code == 200
    spectator = Phone(browser, f"Spectator {variant}", **VARIANTS[variant])
    spectator.page.goto(f"{server}/t/{tid}/standings")
    notes = spectator.page.locator("#standings .rating")
    notes.first.wait_for(timeout=SEEN_WITHIN_MS)
    assert notes.count() == 4
    texts = notes.all_inner_texts()
    assert all(WORD[variant] in text and " ±" in text for text in texts)  # its uncertainty
    assert sum("(+" in text for text in texts) == 2 and sum("(−" in text for text in texts) == 2
    spectator.shot(f"club-tournament-standings-{variant}")
    spectator.check_no_errors()
    context = browser.new_context(**PHONE, **VARIANTS[variant], bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server}/t/{tid}/standings")
    page.locator("#standings .rating").first.wait_for(timeout=SEEN_WITHIN_MS)
    assert violations(page) == []
    context.close()
