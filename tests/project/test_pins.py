"""Reproducible installs (issue #21, item 9): every dependency the project names is pinned in
constraints.txt to a version its own range allows, the Makefile installs with those pins,
and the dependencies whose internals the code uses have an upper bound."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def pins() -> dict[str, str]:
    """Return constraints.txt as name -> exact version."""
    out = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            out[canonicalize_name(name)] = version
    return out


def requirements() -> list[Requirement]:
    """Return the runtime and test dependencies pyproject.toml names."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [
        Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]
    ]


def test_every_dependency_is_pinned_within_its_range() -> None:
    pinned = pins()
    for req in requirements():
        if req.marker is not None and not req.marker.evaluate():
            continue
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is not pinned in constraints.txt"
        assert req.specifier.contains(pinned[name], prereleases=True), (req, pinned[name])


def test_dependencies_whose_internals_we_use_have_an_upper_bound() -> None:
    bounded = {canonicalize_name(r.name): r.specifier for r in requirements()}
    for name in ("reportlab", "uvicorn-worker", "psycopg"):
        assert any(s.operator in ("<", "<=", "==", "~=") for s in bounded[name]), name


def test_the_makefile_installs_with_the_pins() -> None:
    installs = re.findall(r"pip install[^\n]*", (ROOT / "Makefile").read_text())
    assert installs and all("-c constraints.txt" in line for line in installs), installs
