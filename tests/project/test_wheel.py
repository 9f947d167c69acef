"""The wheel on its own: built from a copy of the source, installed into a fresh virtual
environment outside the checkout, it validates, builds, draws a bank and serves pages and
static files, keeping its database and secret key in the per-user instance folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

from tests.storage.test_durability import free_port

ROOT = Path(__file__).resolve().parents[2]
SKIP = shutil.ignore_patterns(
    ".venv", ".git", "build", "dist", "output", "instance", "*.egg-info", "__pycache__", ".*cache"
)


def run(args: list[str], cwd: Path, env: dict[str, str], timeout: float = 120) -> str:
    """Run a command; fail the test with its output when it fails."""
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def clean_env(home: Path) -> dict[str, str]:
    """An environment with no trace of the checkout (no PYTHONPATH, a fresh home)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.pop("STRIKEKIT_INSTANCE", None)
    env.pop("STRIKEKIT_DATA", None)
    env["HOME"] = str(home)
    env["XDG_DATA_HOME"] = str(home / "xdg")
    return env


def build_wheel(tmp: Path, env: dict[str, str]) -> Path:
    """Build the wheel from a copy of the source tree (no stale build/ can leak in)."""
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=SKIP)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"), "."],
        cwd=source, env=env, timeout=300)  # fmt: skip
    shutil.rmtree(source)
    (wheel,) = (tmp / "dist").glob("strikekit-*.whl")
    return wheel


def expected_files() -> list[str]:
    """The wheel paths of every non-Python file the packages need: the catalog (data/ becomes
    printkit/data/), the layouts, the companion's templates and static files."""
    data = ROOT / "data"
    found = [f"printkit/data/{p.relative_to(data)}" for p in data.rglob("*") if p.is_file()]
    for package in ("printkit", "companion"):
        found += [
            str(p.relative_to(ROOT))
            for p in (ROOT / package).rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
        ]
    return found


def wait_for(url: str, seconds: float) -> None:
    """Wait until the URL answers 200."""
    deadline = time.time() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.2)


def fetch(url: str) -> tuple[int, str, bytes]:
    """GET a URL: status, content type, body."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get_content_type(), response.read()


def test_wheel_works_alone_in_a_fresh_venv(tmp_path: Path) -> None:
    env = clean_env(tmp_path / "home")
    wheel = build_wheel(tmp_path, env)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not sorted(set(expected_files()) - names)  # every data file of the source is in it
    assert "printkit/data/puzzle-strike/base-3e.toml" in names

    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / "bin"
    work = tmp_path / "work"  # outside the checkout: nothing there to import
    work.mkdir()
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], work, env, 300)
    where = run(
        [str(bin_dir / "python"), "-c",
         "import sys, printkit, companion; print(printkit.__file__); print(companion.__file__);"
         "print('\\n'.join(sys.path))"],
        work, env,
    )  # fmt: skip
    assert str(ROOT) not in where
    assert where.splitlines()[0].startswith(str(tmp_path / "venv"))

    assert "OK" in run([str(bin_dir / "printkit"), "validate"], work, env).upper()
    run([str(bin_dir / "printkit"), "build", "--out", str(work / "out")], work, env)
    assert list((work / "out").glob("*.pdf"))
    assert "Panic Time" in run([str(bin_dir / "companion"), "bank", "--seed", "7"], work, env)

    port = free_port()
    server = subprocess.Popen(
        [str(bin_dir / "companion"), "serve", "--port", str(port)],
        cwd=work,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/healthz", 30)
        status, kind, page = fetch(f"{base}/")
        assert (status, kind) == (200, "text/html") and b"strikekit" in page.lower()
        status, kind, css = fetch(f"{base}/static/app.css")
        assert (status, kind) == (200, "text/css") and len(css) > 1000
        status, kind, script = fetch(f"{base}/static/vendor/preact.js")  # the vendored library
        assert (status, kind) == (200, "text/javascript") and b"preact" in script.lower()
    finally:
        server.terminate()
        server.wait(timeout=10)
    instance = tmp_path / "home" / "xdg" / "strikekit"  # the per-user instance folder
    assert (instance / "companion.sqlite3").is_file()
    assert (instance / "secret_key").stat().st_mode & 0o077 == 0
