"""``companion slips``: a tournament round's table slips and pairings sheet from the command line.

The same PDF the organiser's page downloads (``slips_for`` gathers it for both), read
straight from the database, for an organiser printing before the doors open or without a
phone at hand. The QR codes carry ``--base-url`` (default: this machine's LAN address).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.catalog import load_catalog, user_data_dir
from printkit.netaddr import default_base_url
from printkit.render.slips import PAPERS


class SlipsError(ValueError):
    """A tournament or round that cannot be printed; the message says why."""


def add_parser(
    commands: Any, add_database_options: Callable[[argparse.ArgumentParser], None]
) -> None:
    """Describe ``companion slips``."""
    slips = commands.add_parser("slips", help="print a tournament round's table slips (PDF)")
    slips.add_argument("tournament", metavar="TOURNAMENT_ID")
    slips.add_argument("round", type=int, metavar="ROUND")
    slips.add_argument("--paper", default="letter", choices=sorted(PAPERS))
    slips.add_argument("--out", metavar="FILE", help="PDF to write (round-N-slips-PAPER.pdf)")
    slips.add_argument("--base-url", help="the companion's address in the QR codes (LAN:5000)")
    slips.add_argument("--data-dir", metavar="DIR", help="your data directory, laid over ours")
    add_database_options(slips)


def run(args: argparse.Namespace, path: str) -> Path:
    """Write a round's slips from the database at ``path``; return the PDF written.

    :raises SlipsError: for an unknown tournament or a round not started.
    """
    from companion.storage import maintenance
    from companion.storage import matches as store
    from companion.storage import tournaments as ts
    from companion.web.tournaments import slips_for
    from printkit.render.slips import write_round_slips

    catalog = load_catalog(user_data_dir(args.data_dir))
    base = (args.base_url or default_base_url()).rstrip("/")
    conn = maintenance.open_existing(path)
    try:
        try:
            row = ts.find(conn, args.tournament)
        except store.NotFound:
            raise SlipsError(f"no tournament {args.tournament!r} in {path}") from None
        rs = slips_for(conn, row, catalog, args.round, base)
    finally:
        conn.close()
    if rs is None:
        raise SlipsError(f"round {args.round} of {args.tournament!r} has not started")
    out = Path(args.out or f"round-{args.round}-slips-{args.paper}.pdf")
    write_round_slips(rs, out, args.paper)
    return out
