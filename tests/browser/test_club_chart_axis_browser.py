"""A player's rating chart on a phone names its horizontal axis (rated matches played), in
English or Japanese as the page is, with numbered ticks under it; light, dark, Japanese."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_accessibility import VARIANTS
from tests.helpers import phone as flask_phone
from tests.phones import CHROMIUM, Phone
from tests.web.test_club_api import count, finished_duel, profile

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")
AXIS = {"light": "rated matches played", "dark": "rated matches played",
        "japanese": "レーティング対象の対戦数"}  # fmt: skip


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rating_chart_names_its_axis(app: Any, server: str, browser: Any, variant: str) -> None:
    room, (ana, ben) = finished_duel(app)
    me = profile(ana, "Ana")
    profile(ben, "Ben")
    count(ana, room)
    assert count(ben, room).get_json()["counted"]
    assert flask_phone(app).get(me["url"]).status_code == 200
    reader = Phone(browser, "Cat", **VARIANTS[variant])  # anyone may read a public page
    reader.page.goto(server + me["url"])
    chart = reader.page.locator("svg.chart").first
    axis = chart.locator("[data-i18n=club_axis_matches]")
    axis.wait_for()
    reader.page.get_by_text(AXIS[variant]).wait_for()
    assert chart.locator("text.x-tick").all_text_contents() == ["0", "1"]
    shown, label = chart.bounding_box(), axis.bounding_box()
    assert shown and label and label["y"] + label["height"] <= shown["y"] + shown["height"] + 1
    assert label["x"] >= shown["x"] and label["x"] + label["width"] <= shown["x"] + shown["width"]
    reader.shot(f"club-chart-axis-{variant}")
    reader.check_no_errors()
