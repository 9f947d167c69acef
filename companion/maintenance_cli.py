"""The companion's maintenance commands: prune, backup, export, import, copy and migrate
(``companion COMMAND --db DATABASE``; docs/hosting.md, "Keeping the database")."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.storage.engine import database_address, shown
from printkit.catalog import load_catalog, user_data_dir


def add_parsers(commands: Any, add_database_options: Callable[[Any], None]) -> None:
    """Add prune, backup, export, import, copy and migrate."""
    prune = commands.add_parser("prune", help="delete matches idle for longer than an age")
    prune.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 30d, 12h, 2w")
    prune.add_argument("--dry-run", action="store_true", help="only list what would go")
    backup = commands.add_parser("backup", help="copy the database safely, even while serving")
    backup.add_argument("file", metavar="FILE", help="where to write the copy")
    export = commands.add_parser("export", help="print a match's setup and log as JSON")
    export.add_argument("match_id", metavar="MATCH_ID")
    export.add_argument("--out", metavar="FILE", help="write here instead of printing")
    load = commands.add_parser("import", help="replay and store a match exported as JSON")
    load.add_argument("file", metavar="FILE", help="an export ('-' reads standard input)")
    copy = commands.add_parser("copy", help="copy the whole database into another, empty one")
    copy.add_argument(
        "--to", required=True, metavar="DATABASE", help="postgresql://... or a SQLite file"
    )
    migrate = commands.add_parser(
        "migrate", help="create or update the database's schema, then exit (before servers)"
    )
    for command in (prune, backup, export, load, copy, migrate):
        add_database_options(command)
    copy.add_argument(
        "--remove-nul",
        action="store_true",
        help="first delete NUL characters (which PostgreSQL cannot store) from a SQLite source",
    )
    for command in (load, copy):
        command.add_argument("--data-dir", metavar="DIR", help="your data directory, over ours")


def run(args: argparse.Namespace, path: str) -> int:
    """Prune, back up, export, import, copy or migrate the database at ``path``."""
    from companion.storage import maintenance

    if args.command == "prune":
        age = maintenance.parse_age(args.older_than)
        stale = maintenance.prune(path, age, args.dry_run)
        for item in stale:
            print(item.describe())
        verb = "would delete" if args.dry_run else "deleted"
        print(f"{verb} {len(stale)} match(es) idle for more than {args.older_than}")
    elif args.command == "backup":
        count = maintenance.backup(path, args.file)
        print(f"backed up {count} match(es) to {args.file} (integrity check: ok)")
    elif args.command == "export":
        run_export(path, args)
    elif args.command == "migrate":
        print(run_migrate(path))
    elif args.command == "copy":
        from companion.storage import copying

        catalog = load_catalog(user_data_dir(args.data_dir))
        target = database_address(args.to, args.to)
        print(copying.copy_database(path, target, catalog, args.remove_nul).describe())
    else:
        run_import(path, args)
    return 0


def run_migrate(path: str) -> str:
    """Bring a database's schema up to this version (once, before several servers start);
    return what was done."""
    from companion.storage import db, schema

    added = db.migrate(path)
    done = f"applied {len(added)}: {', '.join(added)}" if added else "nothing to apply"
    return f"{shown(path)}: schema up to date at {schema.SCHEMA_STEPS[-1]} ({done})"


def run_export(path: str, args: argparse.Namespace) -> None:
    """Print or write one match's export."""
    from companion.storage import maintenance

    conn = maintenance.open_existing(path)
    try:
        text = json.dumps(maintenance.export_match(conn, args.match_id), indent=1) + "\n"
    finally:
        conn.close()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)


def run_import(path: str, args: argparse.Namespace) -> None:
    """Replay an export into the database."""
    from companion.storage import db, maintenance

    source = sys.stdin if args.file == "-" else None
    try:
        text = source.read() if source else Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise maintenance.MaintenanceError(f"cannot read {args.file}: {exc}") from None
    match = maintenance.read_export(text)
    catalog = load_catalog(user_data_dir(args.data_dir))
    db.migrate(path)
    conn = db.connect(path)
    try:
        match_id = maintenance.import_match(conn, match, catalog)
    finally:
        conn.close()
    events = len(match["events"])
    print(f"imported match {match_id} ({events} events replayed); players join again")
