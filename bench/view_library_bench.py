"""What the view library costs a page (#27 item 13): the Shadowfist room page loaded cold in
Debian's Chromium at 390x844, drawn with Preact + htm (this checkout) and with the
hand-written scripts of the commit before the port (their files swapped in by the browser,
same server, same table; every script of both answered by the browser from memory, so both
pay the same routing), alternately. Printed per variant: the median and spread of the
time from navigation to the first drawn player card, and the script bytes the page fetched.

Usage: .venv/bin/python bench/view_library_bench.py [--loads 10] [--before 3fd8546]
Loopback only, bounded (about 2 s a load); needs chromium and playwright (make test).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import served  # noqa: E402
from tests.phones import CHROMIUM, LAUNCH_ARGS, PHONE  # noqa: E402

PORTED = ["room.js", "shadowfist.js", "status.js", "shared.js", "seats.js", "lib.js"]
"""The scripts the port changed that the Shadowfist page loads (footer.js and the vendored
library are new: the old scripts never ask for them)."""
DRAWN = """new Promise((done) => {
  const seen = () => document.querySelector('#players section');
  if (seen()) return done(performance.now());
  new MutationObserver((_, observer) => {
    if (seen()) { observer.disconnect(); done(performance.now()); }
  }).observe(document, { childList: true, subtree: true });
})"""


def old_scripts(commit: str) -> dict[str, bytes]:
    """Return the ported scripts as they were at a commit."""
    return {
        name: subprocess.run(
            ["git", "show", f"{commit}:companion/web/static/{name}"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        for name in PORTED
    }


def current_scripts() -> dict[str, bytes]:
    """Return every script of the static folder as it is in this checkout, by its path."""
    static = ROOT / "companion" / "web" / "static"
    return {str(p.relative_to(static)): p.read_bytes() for p in static.rglob("*.js")}


def load(browser: Any, url: str, scripts: dict[str, bytes]) -> tuple[float, int]:
    """Load the page once in a fresh phone, its scripts answered from ``scripts`` (both
    variants pay the same routing); return (ms to the first card, script bytes fetched)."""
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    sizes: list[int] = []

    def route(route: Any) -> None:
        name = route.request.url.split("/static/", 1)[1].split("?")[0]
        if name not in scripts:
            route.continue_()
            return
        sizes.append(len(scripts[name]))
        route.fulfill(status=200, body=scripts[name], content_type="text/javascript")

    page.route("**/static/**/*.js*", route)
    page.goto(url, wait_until="commit")
    drawn = float(page.evaluate(DRAWN))
    context.close()
    return drawn, sum(sizes)


def main() -> None:
    """Open a Shadowfist table and load its page alternately with both script sets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--before", default="3fd8546")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from companion import create_app

    now = current_scripts()
    before = {**now, **old_scripts(args.before)}
    with tempfile.TemporaryDirectory() as tmp:
        config = {"TESTING": True, "DATABASE": f"{tmp}/db.sqlite3", "SECRET_KEY": "bench"}
        app = create_app(config, instance_path=Path(tmp) / "instance")
        with served(app) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
            body = json.dumps({"kind": "shadowfist", "players": ["Ana", "Ben", "Cid"]}).encode()
            request = urllib.request.Request(
                server + "/api/rooms", body, {"Content-Type": "application/json"}
            )
            with urllib.request.urlopen(request) as answer:
                url = json.load(answer)["view_url"]
            times: dict[str, list[float]] = {"preact": [], "by hand": []}
            size: dict[str, int] = {}
            for _ in range(args.loads):
                for name, scripts in (("preact", now), ("by hand", before)):
                    ms, size[name] = load(browser, url, scripts)
                    times[name].append(ms)
            browser.close()
    for name, ms in times.items():
        quartiles = statistics.quantiles(ms, n=4)
        print(
            f"{name:8}: first card drawn {statistics.median(ms):6.1f} ms median "
            f"(quartiles {quartiles[0]:.1f}-{quartiles[2]:.1f}, {len(ms)} cold loads), "
            f"scripts {size[name]:,} bytes"
        )


if __name__ == "__main__":
    main()
