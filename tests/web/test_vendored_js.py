"""The pages' view library (Preact and htm) is served from static/vendor, no CDN.

Both packages are pinned to exact versions in package.json (installed by `make test` with npm,
like Biome and axe-core); the served files must be the packages' own files, unchanged, so a
version bump is one `npm install` and one copy, and nothing hand-edited hides in them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "companion" / "web" / "static" / "vendor"
BARE_IMPORT = re.compile(r"""(\bfrom|\bimport)\s*["'](?![./])""")
# served file -> (npm package, file inside the package)
VENDORED = {
    "preact.js": ("preact", "dist/preact.mjs"),
    "htm.js": ("htm", "dist/htm.module.js"),
}


def pinned() -> dict[str, str]:
    """Return package.json's devDependencies."""
    deps: dict[str, str] = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    return deps


@pytest.mark.parametrize("served", sorted(VENDORED))
def test_a_vendored_file_is_the_pinned_package_file_unchanged(served: str) -> None:
    package, inside = VENDORED[served]
    installed = ROOT / "node_modules" / package
    version = json.loads((installed / "package.json").read_text())["version"]
    wanted = pinned()[package]
    assert wanted == version, f"node_modules has {package} {version}, not {wanted}: npm install"
    assert (VENDOR / served).read_bytes() == (installed / inside).read_bytes(), (
        f"static/vendor/{served} differs from {package} {version}'s {inside}: copy it again"
    )


def test_the_view_library_is_pinned_to_exact_versions_with_its_licences() -> None:
    for package, _ in VENDORED.values():
        exact = pinned()[package][0].isdigit()
        assert exact, f"{package} must be pinned to one version in package.json"
        assert (VENDOR / f"LICENSE-{package}.txt").is_file()


def test_the_vendored_modules_import_nothing_by_bare_name() -> None:
    # The browser cannot resolve `from "preact"` without an import map, which the CSP refuses.
    for served in VENDORED:
        text = (VENDOR / served).read_text()
        assert not BARE_IMPORT.search(text), f"static/vendor/{served} imports a package by name"
