"""docs/hosting.md's recipe for several app servers on PostgreSQL, run as it is written
(issue #28, item 12: the README's recipe failed on a fresh Debian 12 machine as root): its
database, app and systemd-unit blocks are read from the guide and run on a throwaway
cluster of their own, with only the machine-specific words replaced (Debian's paths and
users, the addresses, the port). The cluster asks TCP connections for a password as
Debian's does, so the password step and the .pgpass line are tested for real."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from companion.cli import main
from companion.storage import db
from tests.pg import PG_BIN, Cluster, free_port
from tests.storage.test_durability import Phone

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "hosting.md"
PASSWORD = "s3cret-for-the-test"
DEBIAN_HBA = """\
local   all             all                                     trust
host    all             all             127.0.0.1/32            scram-sha-256
host    all             all             ::1/128                 scram-sha-256
"""
"""Debian's pg_hba.conf over TCP (password); the unix socket left open for the test itself
(Debian's is peer, which maps its postgres user; the test's cluster runs as another)."""

AS_ROOT = os.geteuid() == 0 and shutil.which("runuser") is not None


def block(name: str) -> str:
    """Return the code block marked ``<!-- recipe: name -->`` in the guide."""
    found = re.search(rf"<!-- recipe: {name} -->\n```\n(.*?)```", GUIDE.read_text(), re.S)
    assert found, f"docs/hosting.md has no '{name}' recipe block"
    return found.group(1)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A cluster of its own (its pg_hba.conf is changed), with Debian's conf.d include and
    Debian's pg_hba.conf."""
    made = Cluster()
    data = made.folder / "data"
    (data / "conf.d").mkdir()
    with open(data / "postgresql.conf", "a") as conf:
        conf.write("include_dir = 'conf.d'\n")
    (data / "pg_hba.conf").write_text(DEBIAN_HBA)
    shutil.chown(data / "conf.d", made.user)
    made.run(PG_BIN / "pg_ctl", "-D", data, "-w", "reload")
    yield made
    made.stop()


def adapted(text: str, words: dict[str, str]) -> str:
    """Replace the machine-specific words (longest first)."""
    for old in sorted(words, key=len, reverse=True):
        text = text.replace(old, words[old])
    return text


def run_lines(text: str, env: dict[str, str], stdin: str = "") -> None:
    """Run each line of a block with bash, as root, failing on the first error."""
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        done = subprocess.run(["bash", "-c", line], env=env, input=stdin, text=True,
                              capture_output=True, timeout=120)  # fmt: skip
        assert done.returncode == 0, (line, done.stdout, done.stderr)


@pytest.mark.postgresql
@pytest.mark.skipif(not AS_ROOT, reason="the recipe's commands run as root")
def test_the_guides_postgresql_recipe_runs_as_written(cluster: Cluster, tmp_path: Path) -> None:
    data = cluster.folder / "data"
    port = cluster.port
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "PGHOST": str(cluster.folder), "PGPORT": str(port), "PGUSER": "postgres",
           "HOME": str(home), "PATH": f"{PG_BIN}:{os.environ['PATH']}"}  # fmt: skip
    env.pop("STRIKEKIT_DATABASE_URL", None)
    log = cluster.folder / "log"  # the server's output there, not in the test's pipes
    restart = f"runuser -u {cluster.user} -- {PG_BIN}/pg_ctl -D {data} -l {log} -w restart"
    database = adapted(block("database"), {
        "apt-get install -y postgresql": "true  # installed: tests/pg.py",
        "runuser -u postgres --": f"runuser -u {cluster.user} --",
        "/etc/postgresql/15/main/": f"{data}/",
        "10.0.0.5": "127.0.0.1",
        "10.0.0.0/24": "127.0.0.1/32",
        "systemctl restart postgresql": restart,
    })  # fmt: skip
    assert "createuser -P strikekit" in database
    run_lines(database, env, stdin=f"{PASSWORD}\n{PASSWORD}\n")
    url = f"postgresql://strikekit@127.0.0.1:{port}/strikekit"
    with pytest.raises(psycopg.OperationalError, match="password"):  # Debian's TCP rule
        psycopg.connect(url, connect_timeout=5, passfile=str(tmp_path / "none")).close()
    words = {
        "python3 -m venv /opt/strikekit && /opt/strikekit/bin/pip install "
        "strikekit-0.1.0-py3-none-any.whl": "true  # installed: tests/project/test_wheel.py",
        "useradd --system --create-home --home-dir /var/lib/strikekit strikekit": "true",
        "chown strikekit: /var/lib/strikekit/.pgpass && ": "",
        " -o strikekit ": " ",
        "runuser -u strikekit -- ": "",
        "/var/lib/strikekit": str(home),
        "/opt/strikekit/bin/companion": f"{sys.executable} -m companion",
        "db.internal:5432": f"127.0.0.1:{port}",
        "CHANGE-ME": PASSWORD,
    }
    app = adapted(block("app"), words)
    run_lines(app, env)
    assert oct((home / ".pgpass").stat().st_mode & 0o777) == "0o600"
    with psycopg.connect(url, connect_timeout=5, passfile=str(home / ".pgpass")) as conn:
        names = [r[0] for r in conn.execute("select name from strikekit_migrations")]
    assert names == list(db.SCHEMA_STEPS)  # every step of this version, in order
    served_from_the_unit(adapted(block("unit"), words), env, url, home)


def served_from_the_unit(unit: str, env: dict[str, str], url: str, home: Path) -> None:
    """Start the server as the unit's Environment= and ExecStart= lines say; check that it
    answers and writes to PostgreSQL."""
    settings = dict(line.removeprefix("Environment=").split("=", 1)
                    for line in unit.splitlines() if line.startswith("Environment="))  # fmt: skip
    assert settings["STRIKEKIT_DATABASE_URL"] == url
    command = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    port = free_port()
    command = command.removeprefix("ExecStart=").replace("--host 10.0.0.11", "--host 127.0.0.1")
    command = command.replace("--port 5000", f"--port {port}")
    said = home / "serve.log"
    with open(said, "wb") as out:
        process = subprocess.Popen(["bash", "-c", f"exec {command}"], env={**env, **settings},
                                   stdout=out, stderr=subprocess.STDOUT)  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, said.read_text()
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=5) as answer:
                    assert json.load(answer)["ok"] is True
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        phone = Phone(base)
        phone.call("GET", "/")
        status, made = phone.call("POST", "/api/matches", {"players": ["Ana", "Ben"], "seat": 0})
        assert status == 201, made
        with psycopg.connect(url, connect_timeout=5, passfile=str(home / ".pgpass")) as conn:
            found = conn.execute("select count(*) from matches where id = %s", (made["match_id"],))
            assert found.fetchone() == (1,)  # in PostgreSQL, not a SQLite file of its own
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert (home / "instance" / "secret_key").exists()  # the key to copy to the others


def test_one_of_several_servers_behind_a_proxy_never_serves_a_sqlite_file_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--proxy and an address other machines reach, and no database named: the server
    would keep its own SQLite file while the others write to PostgreSQL. It refuses,
    saying what to give."""

    def served(*args: object, **kwargs: object) -> int:
        raise AssertionError("the server passed the start checks and was served")

    monkeypatch.setattr("companion.server.serve.serve", served)
    monkeypatch.delenv("STRIKEKIT_DATABASE_URL", raising=False)
    instance = ["--instance", str(tmp_path / "instance"), "--port", "5099"]
    assert main(["serve", "--host", "0.0.0.0", "--proxy", *instance]) == 2
    err = capsys.readouterr().err
    assert "--proxy on --host 0.0.0.0 without --db or $STRIKEKIT_DATABASE_URL" in err
    assert "--db postgresql://" in err and not (tmp_path / "instance").exists()
    with pytest.raises(AssertionError, match="was served"):  # a SQLite file on purpose
        main(["serve", "--host", "0.0.0.0", "--proxy", "--db", str(tmp_path / "a.sqlite3"),
              "--port", "5099"])  # fmt: skip
    with pytest.raises(AssertionError, match="was served"):  # one machine: proxy beside it
        main(["serve", "--proxy", *instance])
