"""A player's rating chart is named for a screen reader by what it shows (the game, the
rating before the first rated match and now, how many rated matches), in English or
Japanese as the page is (its aria-label translated in the browser) and after the language
button is pressed; light, dark, Japanese."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import VARIANTS
from tests.helpers import phone as flask_phone
from tests.phones import CHROMIUM, Phone
from tests.web.test_club_api import count, finished_duel, profile

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
ENGLISH = "Flash Duel rating: 1500 before the first rated match, {now} after 1 rated match"
JAPANESE = "Flash Duel のレーティング：レーティング対象の初戦の前は 1500、1 戦の後は {now}"
NAME = {"light": ENGLISH, "dark": ENGLISH, "japanese": JAPANESE}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rating_chart_is_named_by_what_it_shows(
    app: Any, server: str, browser: Any, variant: str
) -> None:
    room, (ana, ben) = finished_duel(app)
    me = profile(ana, "Ana")
    profile(ben, "Ben")
    count(ana, room)
    assert count(ben, room).get_json()["counted"]
    board = flask_phone(app).get("/api/club/leaderboard/flash-duel").get_json()["players"]
    (rating,) = [p["rating"] for p in board if p["name"] == "Ana"]
    reader = Phone(browser, "Cat", **VARIANTS[variant])  # anyone may read a public page
    reader.page.goto(server + me["url"])
    name = NAME[variant].format(now=rating)
    chart = reader.page.get_by_role("img", name=name, exact=True)
    chart.wait_for()
    assert chart.locator("title").text_content() == name  # the tooltip says the same
    reader.shot(f"club-chart-label-{variant}")
    reader.page.click("#lang")  # the other language, its numbers filled in the same
    other = (ENGLISH if variant == "japanese" else JAPANESE).format(now=rating)
    reader.page.get_by_role("img", name=other, exact=True).wait_for()
    reader.check_no_errors()
