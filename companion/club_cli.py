"""``companion ratings --recompute`` and ``companion club admin-secret`` (issue #30), and the
admin secret printed at the club's first start; see docs/club.md."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

COMMANDS = ("ratings", "club")
EXIT_BAD_INPUT = 2


def add_parser(
    commands: Any, add_database_options: Callable[[argparse.ArgumentParser], None]
) -> None:
    """Add ``ratings --recompute`` and ``club admin-secret``."""
    ratings = commands.add_parser("ratings", help="the club's ratings: recompute them all")
    ratings.add_argument(
        "--recompute", action="store_true", required=True,
        help="rate every counted result again, in order (after a repair or an upgrade)",
    )  # fmt: skip
    club = commands.add_parser("club", help="the club: print a new admin secret")
    club.add_argument("action", choices=["admin-secret"], help="admin-secret: make a new one "
                      "(the old stops working) and print it")  # fmt: skip
    for command in (ratings, club):
        add_database_options(command)


def run(args: argparse.Namespace, path: str) -> int:
    """Recompute the ratings, or print a new club admin secret; return the exit code."""
    from companion.storage import club, club_results, db

    try:
        db.migrate(path)
        conn = db.connect(path)
        try:
            if args.command == "ratings":
                print(f"rated {club_results.recompute(conn)} result(s) again, in order")
            else:
                print(f"club admin secret: {club.new_admin_secret(conn)}  (the old one "
                      "stops working)")  # fmt: skip
        finally:
            conn.close()
    except db.DatabaseProblem as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


def print_first_admin_secret(database: str) -> None:
    """At the club's first start, make the admin secret and print it (only its hash is kept)."""
    from companion.storage import club, db

    conn = db.connect(database)
    try:
        secret = club.ensure_admin_secret(conn)
    finally:
        conn.close()
    if secret is not None:
        print(f"club admin secret (shown once; `companion club admin-secret` makes a new one): "
              f"{secret}")  # fmt: skip
