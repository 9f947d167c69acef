"""``companion``: the table companion's command line.

Exit codes: 0 success, 2 bad input (unknown set or chip, impossible options, bad code).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import club_cli, maintenance_cli
from companion.game.puzzle_strike.bank import (
    Bank,
    BankError,
    BankOptions,
    BankSampler,
    CostBand,
    make_bank,
    recommended_bank,
)
from companion.game.puzzle_strike.bank_json import bank_to_json
from companion.game.puzzle_strike.panic import PanicError, describe_thresholds
from companion.server.limits import Limits
from companion.storage.engine import DATABASE_ENV, database_address, shown
from companion.storage.instance import INSTANCE_ENV, default_instance_path
from companion.web import slips_command as slips_cli
from printkit.build import BuildError, BuildOptions, write_bank_sheets
from printkit.catalog import Catalog, CatalogError, load_catalog, user_data_dir
from printkit.catalog.bankcode import BankCodeError, decode_bank

DEFAULT_LONG_POLLS = 2_000
"""Phones of one process waiting for a change: each costs a connection and a future, no thread."""
MAX_LONG_POLLS = 100_000

EXIT_BAD_INPUT = 2
MAX_COUNT = 500
SEED_LIMIT = 2**31


class UsageError(ValueError):
    """A command-line value that does not parse; the message says which."""


def parse_bands(text: str) -> tuple[CostBand, ...]:
    """Read '1-2,3-4,5,7+' into cost bands ('7+' means 7 to 99)."""
    bands = []
    for part in text.split(","):
        part = part.strip()
        try:
            if part.endswith("+"):
                bands.append(CostBand(int(part[:-1]), 99))
            elif "-" in part:
                low, high = part.split("-", 1)
                bands.append(CostBand(int(low), int(high)))
            else:
                bands.append(CostBand(int(part), int(part)))
        except ValueError:
            raise UsageError(
                f"--cost-bands: {part!r} is not a cost range (write e.g. 1-2,3-4,5-6,7+)"
            ) from None
    return tuple(bands)


def build_parser() -> argparse.ArgumentParser:
    """Describe the command line."""
    parser = argparse.ArgumentParser(prog="companion", description="strikekit table companion.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    bank = commands.add_parser("bank", help="draw a random Puzzle Strike bank")
    bank.add_argument("--data-dir", metavar="DIR", help="your data directory, laid over ours")
    bank.add_argument("--sets", default="base-3e", help="comma-separated set ids (base-3e)")
    bank.add_argument("--seed", type=int, help="seed for a reproducible bank (default: random)")
    bank.add_argument("--count", type=int, default=1, help="draw N different banks")
    bank.add_argument("--exclude", action="append", default=[], metavar="CHIP")
    bank.add_argument("--pin", action="append", default=[], metavar="CHIP")
    bank.add_argument("--no-attacks", action="store_true", help="no chip with the red fist")
    bank.add_argument("--max-attacks", type=int, metavar="N")
    bank.add_argument("--min-attacks", type=int, default=0, metavar="N")
    bank.add_argument("--min-black-arrows", type=int, default=0, metavar="N")
    bank.add_argument("--cheap", type=int, metavar="K", help="at least one chip costing <= K")
    bank.add_argument("--cost-bands", metavar="BANDS", help="a chip in each band: 1-2,3-4,5-6,7+")
    bank.add_argument("--players", type=int, default=2, help="for the Panic thresholds (2-4)")
    bank.add_argument("--team-battle", action="store_true", help="2 vs 2 (Panic counts 4)")
    bank.add_argument("--recommended", metavar="NAME", help="a rulebook bank of the (one) set")
    bank.add_argument("--code", help="show the bank of this bank code")
    serve = commands.add_parser("serve", help="serve the companion web app")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=5000, help="port (5000)")
    add_database_options(serve)
    serve.add_argument(
        "--threads", type=int, default=32, help="threads per process for the app (32)"
    )
    serve.add_argument(
        "--workers", type=int, default=1, help="processes (1: uvicorn; more: gunicorn)"
    )
    serve.add_argument(
        "--proxy", action="store_true", help="trust one reverse proxy's X-Forwarded-* headers"
    )
    serve.add_argument("--base-url", help="public address for links and QR codes (https://...)")
    serve.add_argument(
        "--no-limits", action="store_true", help="no rate limits or open-match cap (LAN, bench)"
    )
    serve.add_argument(
        "--long-polls",
        type=int,
        default=DEFAULT_LONG_POLLS,
        metavar="N",
        help=f"phones waiting for a change, per process ({DEFAULT_LONG_POLLS})",
    )
    serve.add_argument("--data-dir", metavar="DIR", help="your data directory, laid over ours")
    add_connection_options(serve)
    maintenance_cli.add_parsers(commands, add_database_options)
    slips_cli.add_parser(commands, add_database_options)
    club_cli.add_parser(commands, add_database_options)
    bank.add_argument("--json", action="store_true", help="print JSON")
    bank.add_argument("--pdf", metavar="FILE", help="also write the bank setup sheet(s) here")
    bank.add_argument("--paper", default="letter", help="paper for --pdf: letter or a4")
    bank.add_argument("--lang", default="en", help="language for --pdf: en or ja")
    bank.add_argument("--base-url", help="companion address in the sheet's QR code")
    return parser


def add_database_options(parser: argparse.ArgumentParser) -> None:
    """Add --db and --instance (where the database is)."""
    parser.add_argument(
        "--db",
        metavar="DATABASE",
        help=f"a SQLite file (a path or sqlite:///path) or postgresql://user@host:port/dbname "
        f"(default: ${DATABASE_ENV}, else companion.sqlite3 in the instance)",
    )
    parser.add_argument(
        "--instance", metavar="DIR", help=f"instance folder (default: ${INSTANCE_ENV} or per user)"
    )


def database_path(args: argparse.Namespace) -> str:
    """Return the database the command works on: --db, $STRIKEKIT_DATABASE_URL, or the
    instance folder's SQLite file."""
    instance = Path(args.instance).resolve() if args.instance else default_instance_path()
    return database_address(args.db, str(instance / "companion.sqlite3"))


def options_from(args: argparse.Namespace) -> BankOptions:
    """Turn the command-line flags into bank options."""
    max_attacks = 0 if args.no_attacks else args.max_attacks
    return BankOptions(
        exclude=tuple(args.exclude),
        pin=tuple(args.pin),
        max_attacks=max_attacks,
        min_attacks=args.min_attacks,
        min_black_arrows=args.min_black_arrows,
        cheap_cost=args.cheap,
        cost_bands=parse_bands(args.cost_bands) if args.cost_bands else (),
    )


def draw_banks(
    catalog: Catalog, sets: Sequence[str], options: BankOptions, seed: int, count: int
) -> list[Bank]:
    """Draw ``count`` different banks, the i-th from the first seed after ``seed + i``
    that gives a bank not drawn yet.

    :raises BankError: when fewer than ``count`` different banks exist.
    """
    sampler = BankSampler(catalog, sets, options)
    total = sampler.count()
    if total == 0:
        raise BankError(sampler.explain_empty())
    if count > total:
        raise BankError(f"only {total:,} different banks fit these options, not {count}")
    banks: list[Bank] = []
    seen: set[str] = set()
    next_seed = seed
    while len(banks) < count:
        chips = sampler.draw(random.Random(next_seed))
        bank = make_bank(catalog, sampler.sets, chips, next_seed, total, options)
        if bank.code not in seen:
            seen.add(bank.code)
            banks.append(bank)
        next_seed += 1
    return banks


def bank_json(bank: Bank) -> dict[str, Any]:
    """Describe a bank as the JSON the issue names (plus ids, banners and icons)."""
    return bank_to_json(bank)


def bank_text(bank: Bank, players: int, team_battle: bool) -> str:
    """Lay out a bank for the terminal."""
    about = [f"seed {bank.seed}"] if bank.seed is not None else []
    about.append(f"sets {', '.join(bank.sets)}")
    if bank.valid_banks is not None:
        about.append(f"{bank.valid_banks:,} possible banks")
    title = f"{bank.name} - " if bank.name else ""
    lines = [f"{title}Bank {bank.code}  ({', '.join(about)})"]
    if bank.options.describe():
        lines.append("  options: " + "; ".join(bank.options.describe()))
    for c in bank.chips:
        cost = "?" if c.chip.cost is None else str(c.chip.cost)
        fist = "  attack" if c.chip.is_attack() else ""
        banner = "/".join(c.chip.banner or ())
        lines.append(f"  {cost:>2}  {c.chip.name:<22} {banner:<14} {c.set_id}{fist}")
    lines.append(f"  Panic Time, {describe_thresholds(players, team_battle)}")
    return "\n".join(lines)


def write_pdf(catalog: Catalog, banks: list[Bank], args: argparse.Namespace) -> None:
    """Write the banks' setup sheets (one page each) through printkit."""
    sheets = []
    for bank in banks:
        title = bank.name or (f"seed {bank.seed}" if bank.seed is not None else bank.code)
        sheets.append((title, list(bank.sets), [c.key for c in bank.chips]))
    options = BuildOptions(paper=args.paper, lang=args.lang, base_url=args.base_url)
    path = write_bank_sheets(catalog, sheets, Path(args.pdf), options)
    print(f"wrote {path}", file=sys.stderr)


def run_bank(catalog: Catalog, args: argparse.Namespace) -> int:
    """Draw, look up or decode banks, and print them."""
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    describe_thresholds(args.players, args.team_battle)  # refuse a bad --players early
    if args.code:
        set_ids, chips = decode_bank(catalog, args.code)
        banks = [make_bank(catalog, set_ids, chips, None, None)]
    elif args.recommended:
        if len(sets) != 1:
            raise UsageError("--recommended takes exactly one set in --sets")
        banks = [recommended_bank(catalog, sets[0], args.recommended)]
    else:
        if not 1 <= args.count <= MAX_COUNT:
            raise UsageError(f"--count must be between 1 and {MAX_COUNT}, got {args.count}")
        seed = args.seed if args.seed is not None else secrets.randbelow(SEED_LIMIT)
        if not 0 <= seed < 2**63:
            raise UsageError(f"--seed must be between 0 and 2**63 - 1, got {seed}")
        banks = draw_banks(catalog, sets, options_from(args), seed, args.count)
    if args.pdf:
        write_pdf(catalog, banks, args)
    if args.json:
        data: Any = [bank_json(b) for b in banks] if args.count > 1 else bank_json(banks[0])
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(bank_text(b, args.players, args.team_battle) for b in banks))
    return 0


def add_connection_options(serve: argparse.ArgumentParser) -> None:
    """Add serve's HTTP limits (``companion.server.guard``)."""
    default = Limits()
    serve.add_argument(
        "--max-connections",
        type=int,
        default=default.connections,
        metavar="N",
        help=f"open connections per process; past it a 503 ({default.connections})",
    )
    serve.add_argument(
        "--max-connections-per-address",
        type=int,
        default=default.connections_per_address,
        metavar="N",
        help="open connections per client address (with --proxy, the forwarded one) per "
        f"process; past it a 503 ({default.connections_per_address})",
    )
    serve.add_argument(
        "--header-timeout",
        type=float,
        default=default.header_seconds,
        metavar="S",
        help=f"seconds to send request headers; then a 408 ({default.header_seconds:g})",
    )
    serve.add_argument(
        "--body-timeout",
        type=float,
        default=default.body_seconds,
        metavar="S",
        help=f"seconds to send a request body; then a 408 ({default.body_seconds:g})",
    )
    serve.add_argument(
        "--write-timeout",
        type=float,
        default=default.write_seconds,
        metavar="S",
        help="seconds an answer may wait for a client that reads nothing; then the "
        f"connection closes ({default.write_seconds:g})",
    )


def connection_limits(args: argparse.Namespace) -> Limits:
    """Turn serve's HTTP limit options into ``Limits`` (or a usage error)."""
    if not 16 <= args.max_connections <= 1_000_000:
        raise UsageError(f"--max-connections must be 16 to 1000000, not {args.max_connections}")
    if not 1 <= args.max_connections_per_address <= args.max_connections:
        raise UsageError("--max-connections-per-address must be 1 to --max-connections, not "
                         f"{args.max_connections_per_address}")  # fmt: skip
    for option, seconds in (
        ("--header-timeout", args.header_timeout),
        ("--body-timeout", args.body_timeout),
        ("--write-timeout", args.write_timeout),
    ):
        if not 0.5 <= seconds <= 3600:
            raise UsageError(f"{option} must be 0.5 to 3600 seconds, not {seconds:g}")
    return Limits(
        connections=args.max_connections,
        connections_per_address=args.max_connections_per_address,
        header_seconds=args.header_timeout,
        body_seconds=args.body_timeout,
        write_seconds=args.write_timeout,
    )


def serve_config(args: argparse.Namespace) -> dict[str, Any]:
    """Turn serve's options into the app's settings."""
    from companion.web.hosting import DEFAULT_LIMITS, public_address

    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port must be 1-65535, not {args.port}")
    if not 1 <= args.threads <= 256:
        raise UsageError(f"--threads must be 1-256, not {args.threads}")
    if not 1 <= args.workers <= 64:
        raise UsageError(f"--workers must be 1-64, not {args.workers}")
    if args.workers > 1 and sys.platform == "win32":
        raise UsageError("--workers needs gunicorn, which does not run on Windows: use 1")
    if not 0 <= args.long_polls <= MAX_LONG_POLLS:
        raise UsageError(f"--long-polls must be 0 to {MAX_LONG_POLLS}, not {args.long_polls}")
    if args.base_url:
        public_address(args.base_url)  # refuse a bad address before serving
    refuse_a_database_of_its_own(args)
    config: dict[str, Any] = {
        "DATA_DIR": user_data_dir(args.data_dir),
        "DATABASE": database_path(args),
        "HOSTING_PROXY": args.proxy,
        "HOSTING_BASE_URL": args.base_url.rstrip("/") if args.base_url else None,
        "HOSTING_LIMITS": None if args.no_limits else DEFAULT_LIMITS,
        "HOSTING_FAST_POLLS": False,  # the front (companion.server.front) answers them first
    }
    if args.instance:
        config["INSTANCE_PATH"] = str(Path(args.instance).resolve())
    return config


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def refuse_a_database_of_its_own(args: argparse.Namespace) -> None:
    """Refuse to serve a SQLite file of its own where this server is plainly one of several
    behind a proxy: ``--proxy`` and listening past this machine (the proxy is elsewhere, so
    other app servers may be too) with no database named (--db, $STRIKEKIT_DATABASE_URL).
    Each such server would keep its own tables apart from the others'.

    :raises UsageError: saying what to give.
    """
    if not args.proxy or args.db or os.environ.get(DATABASE_ENV) or args.host in LOOPBACK:
        return
    raise UsageError(
        f"--proxy on --host {args.host} without --db or ${DATABASE_ENV}: this server would "
        "keep its own SQLite file apart from any other app server behind the proxy. Give "
        "--db postgresql://user@host/dbname (docs/hosting.md), or --db FILE to serve a "
        "SQLite file on purpose"
    )


def print_addresses(args: argparse.Namespace, database: str) -> None:
    """Say where the companion answers (and show phones on the LAN a QR code)."""
    import qrcode

    from printkit.netaddr import lan_address

    workers = f"{args.workers} processes" if args.workers > 1 else "1 process"
    local = f"http://127.0.0.1:{args.port}"
    print(f"strikekit companion on {local}  ({workers}, database {shown(database)})")
    if args.base_url:
        print(f"public address: {args.base_url}")
        return
    if args.host in ("0.0.0.0", "::") or args.host not in ("127.0.0.1", "localhost", "::1"):
        lan = f"http://{lan_address() if args.host in ('0.0.0.0', '::') else args.host}:{args.port}"
        print(f"phones on this network: {lan}")
        code = qrcode.QRCode(border=1)
        code.add_data(lan)
        code.print_ascii(invert=True)


def run_serve(args: argparse.Namespace) -> int:
    """Migrate the database once, then serve (uvicorn, or gunicorn for --workers N)."""
    from companion import create_app
    from companion.server.serve import serve

    config = serve_config(args)
    limits = connection_limits(args)
    load_catalog(config["DATA_DIR"])  # a broken overlay stops here, before serving
    app = create_app(config)
    print_addresses(args, app.config["DATABASE"])
    club_cli.print_first_admin_secret(app.config["DATABASE"])
    sys.stdout.flush()
    serve(app, args.host, args.port, args.workers, args.threads, args.long_polls, limits)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the companion command line and return its exit code."""
    args = build_parser().parse_args(argv)
    from companion.storage.db import DatabaseProblem

    if args.command == "serve":
        from companion.web.hosting import BaseUrlError

        try:
            return run_serve(args)
        except (CatalogError, UsageError, BaseUrlError, DatabaseProblem, OSError) as exc:
            print(f"companion serve: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.command in club_cli.COMMANDS:
        return club_cli.run(args, database_path(args))
    if args.command in ("prune", "backup", "export", "import", "copy", "migrate", "slips"):
        from companion.storage.copying import CopyError
        from companion.storage.maintenance import MaintenanceError

        if args.command == "slips":
            try:
                print(slips_cli.run(args, database_path(args)))
                return 0
            except (CatalogError, MaintenanceError, slips_cli.SlipsError, OSError) as exc:
                print(f"companion slips: {exc}", file=sys.stderr)
                return EXIT_BAD_INPUT

        try:
            return maintenance_cli.run(args, database_path(args))
        except (CatalogError, MaintenanceError, CopyError, DatabaseProblem, OSError) as exc:
            print(f"companion {args.command}: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    try:
        catalog = load_catalog(user_data_dir(args.data_dir))
        return run_bank(catalog, args)
    except (CatalogError, BankError, BankCodeError, PanicError, UsageError, BuildError) as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
