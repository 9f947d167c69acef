"""A throwaway PostgreSQL cluster for the tests, from Debian's ``postgresql`` package.

``initdb`` and ``pg_ctl`` in a temporary folder, listening on 127.0.0.1 at a free port (and
on a unix socket in that folder); stopped and removed at the end of the session. initdb
refuses to run as root, so as root the cluster runs as the system user ``strikekit-pg``
(made with ``useradd`` if missing: the one thing outside the temporary folder the tests
touch). Each pytest-xdist worker is its own session, so each starts its own cluster; each
test gets a database of its own in it (``create database``, dropped after the test).
"""

from __future__ import annotations

import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg


def pg_bin() -> Path:
    """Return the folder of the newest installed PostgreSQL's programs (Debian's layout:
    /usr/lib/postgresql/15/bin on bookworm), or $STRIKEKIT_PG_BIN."""
    if os.environ.get("STRIKEKIT_PG_BIN"):
        return Path(os.environ["STRIKEKIT_PG_BIN"])
    versions = [p.parent.parent.name for p in Path("/usr/lib/postgresql").glob("*/bin/initdb")]
    newest = max((int(v) for v in versions if v.isdigit()), default=15)
    return Path(f"/usr/lib/postgresql/{newest}/bin")


PG_BIN = pg_bin()
SYSTEM_USER = "strikekit-pg"
SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "fsync": "off",  # a throwaway cluster: nothing to keep after a crash
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "300",
    "shared_buffers": "32MB",
}


class Cluster:
    """A running PostgreSQL cluster in a temporary folder."""

    def __init__(self) -> None:
        if not (PG_BIN / "initdb").exists():
            raise FileNotFoundError(
                f"{PG_BIN}/initdb: install Debian's postgresql (make test does: DEB_TEST_PACKAGES)"
            )
        self.folder = Path(tempfile.mkdtemp(prefix="strikekit-pg-"))
        self.user = SYSTEM_USER if os.geteuid() == 0 else None
        if self.user:
            ensure_user(self.user)
            shutil.chown(self.folder, self.user)
        self.port = free_port()
        self.numbers = itertools.count(1)
        data = self.folder / "data"
        self.run(PG_BIN / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                 "--locale=C", "--no-sync", "--no-instructions")  # fmt: skip
        self.start()

    def start(self) -> None:
        """Start the cluster's server (and wait until it accepts connections)."""
        options = " ".join(f"-c {k}={v}" for k, v in SETTINGS.items())
        data, log = self.folder / "data", self.folder / "log"
        self.run(PG_BIN / "pg_ctl", "-D", data, "-l", log, "-w", "-t", "60",
                 "-o", f"-p {self.port} -k {self.folder} {options}", "start")  # fmt: skip

    def halt(self) -> None:
        """Stop the server, every connection dropped (fast mode: what was committed stays,
        which an immediate stop would not promise with this cluster's fsync off)."""
        self.run(PG_BIN / "pg_ctl", "-D", self.folder / "data", "-m", "fast", "-w", "stop")

    def run(self, *command: object) -> None:
        """Run a PostgreSQL program as the cluster's user."""
        args = [str(c) for c in command]
        if self.user:
            args = ["runuser", "-u", self.user, "--", *args]
        subprocess.run(args, check=True, capture_output=True, timeout=120)

    def url(self, name: str = "postgres") -> str:
        """Return the address of one database of the cluster."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def new_database(self) -> str:
        """Create an empty database; return its address."""
        name = f"t{os.getpid()}_{next(self.numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"create database {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop a test's database (its connections closed by force)."""
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"drop database if exists {name} with (force)")

    def processes(self) -> list[int]:
        """Return the postmaster's process id and its children's (the backends)."""
        first = (self.folder / "data" / "postmaster.pid").read_text().split()[0]
        children = subprocess.run(["pgrep", "-P", first], capture_output=True, text=True)
        return [int(first), *(int(pid) for pid in children.stdout.split())]

    @contextmanager
    def frozen(self) -> Iterator[None]:
        """Freeze the whole cluster (SIGSTOP: it keeps its sockets but answers nothing),
        thawed on leaving (RECIPES.md "Faults on purpose")."""
        stopped = self.processes()
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        """Stop the cluster and remove its folder."""
        try:
            self.run(PG_BIN / "pg_ctl", "-D", self.folder / "data", "-m", "immediate", "-w",
                     "stop")  # fmt: skip
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def ensure_user(name: str) -> None:
    """Make the unprivileged system user the cluster runs as, if it is missing."""
    if subprocess.run(["id", "-u", name], capture_output=True, check=False).returncode == 0:
        return
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
        check=True,
        capture_output=True,
    )


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
