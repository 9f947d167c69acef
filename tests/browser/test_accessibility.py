"""Every page passes axe-core with no serious or critical violation, in light and dark mode
and in Japanese, on a phone (390 x 844): the home page, the bank, each kind of table (seated
and as a spectator), the join page and the tournament pages.

axe-core is pinned in package.json (make test installs it into node_modules/).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.phones import CHROMIUM, PHONE, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="make test installs Debian's chromium")

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = {"serious", "critical"}
VARIANTS = {
    "light": {"color_scheme": "light", "locale": "en-US"},
    "dark": {"color_scheme": "dark", "locale": "en-US"},
    "japanese": {"color_scheme": "light", "locale": "ja-JP"},
}
ROOMS = {
    "puzzle-strike": {"players": ["Ana", "Ben"], "recommended": "First Game"},
    "flash-duel": {"kind": "flash-duel", "players": ["Ana", "Ben"], "mode": "simple"},
    "shadowfist": {"kind": "shadowfist", "players": ["Ana", "Ben", "Cid"]},
    "draft": {"kind": "draft", "game": "puzzle-strike", "players": ["Ana", "Ben"]},
}


def post(page: Any, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON with the phone's own cookies and CSRF header; return the answer."""
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrf")
    response = page.request.post(url, data=body, headers={"X-CSRF-Token": csrf})
    assert response.ok, (url, response.status, response.text())
    data: dict[str, Any] = response.json()
    return data


def path_of(url: str) -> str:
    """Return the path of an absolute link the API answered."""
    return "/" + url.split("://", 1)[-1].split("/", 1)[1]


def pages_to_check(server: str, page: Any) -> dict[str, str]:
    """Open one table of each kind and a tournament from this phone; name every page's URL."""
    page.goto(server + "/")
    urls = {"home": "/", "bank": "/bank", "new tournament": "/tournaments/new"}
    for kind, body in ROOMS.items():
        api = "/api/matches" if kind == "puzzle-strike" else "/api/rooms"
        made = post(page, server + api, {**body, "seat": 0})
        urls[f"{kind} table"] = f"/m/{made['match_id']}"
        if kind == "puzzle-strike":
            urls["join"] = path_of(made["join_url"])
            urls["spectator"] = path_of(made["view_url"])
    made = post(page, server + "/api/tournaments", {"name": "Friday Strike"})
    tid = made["tournament_id"]
    urls["organiser"] = path_of(made["organiser_url"])
    urls |= {"tournament": f"/t/{tid}", "standings": f"/t/{tid}/standings"}
    urls["enter"] = f"/t/{tid}/enter"
    return urls


def violations(page: Any) -> list[str]:
    """Run axe on the page; return its serious and critical violations, one line each."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("axe.run(document).then(r => r.violations)")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in BLOCKING
    ]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_page_passes_axe(server: str, browser: Any, variant: str) -> None:
    context = browser.new_context(**PHONE, **VARIANTS[variant], bypass_csp=True)
    page = context.new_page()
    failures = {}
    for name, url in pages_to_check(server, page).items():
        page.goto(server + url)
        # Not "networkidle": a table's long poll keeps a request open for up to 20 s, so
        # the network is idle only between polls, which a loaded machine may never show.
        page.wait_for_load_state("load")
        until(page, "typeof ROOM === 'undefined' || !!ROOM.current")
        page.wait_for_timeout(500)  # a tournament page's first read has drawn it
        found = violations(page)
        if found:
            failures[name] = found
    context.close()
    assert failures == {}, "\n".join(f"{k}: {v}" for k, v in failures.items())
