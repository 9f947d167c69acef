"""``printkit``: check and list the catalog (and, later, build print sheets).

Exit codes: 0 success, 2 bad input (a broken catalog, an unknown game, a bad option).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from printkit.catalog import CatalogError, load_catalog, user_data_dir
from printkit.models import Catalog, Game

EXIT_BAD_INPUT = 2


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """Add the --data-dir option shared by every command."""
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="your own data directory, laid over ours (default: $STRIKEKIT_DATA)",
    )


def build_parser() -> argparse.ArgumentParser:
    """Describe the command line."""
    parser = argparse.ArgumentParser(
        prog="printkit", description="Print-and-play sheets from the strikekit catalog."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    validate = commands.add_parser("validate", help="check the catalog; exit 2 listing problems")
    add_data_dir(validate)
    listing = commands.add_parser("list", help="games, sets, counts and unknown facts")
    add_data_dir(listing)
    listing.add_argument("--game", metavar="ID", help="only this game")
    listing.add_argument("--json", action="store_true", help="print JSON")
    return parser


def set_summary(game_set: Any) -> dict[str, Any]:
    """Describe one set the way ``printkit list --json`` prints it."""
    return {
        "id": game_set.id,
        "name": game_set.name,
        "pieces": game_set.pieces(),
        "counts": game_set.counts(),
        "unknown": game_set.gaps(),
    }


def catalog_summary(catalog: Catalog, game_id: str | None = None) -> dict[str, Any]:
    """Describe the catalog (or one game of it) as plain data.

    :raises KeyError: when ``game_id`` names no game.
    """
    games = [catalog.game(game_id)] if game_id else list(catalog.games)
    return {
        "games": [
            {"id": g.id, "name": g.name, "sets": [set_summary(s) for s in g.sets]} for g in games
        ]
    }


def format_game(game: dict[str, Any]) -> list[str]:
    """Lay out one game of the summary as text lines."""
    lines = [f"{game['id']}: {game['name']}"]
    for s in game["sets"]:
        counts = ", ".join(f"{k} {v}" for k, v in s["counts"].items())
        lines.append(f"  {s['id']}: {s['name']} - {s['pieces']} pieces")
        lines.append(f"    {counts}")
        if s["unknown"]:
            lines.append(f"    unknown facts ({len(s['unknown'])}):")
            lines.extend(f"      {gap}" for gap in s["unknown"])
    return lines


def run_list(catalog: Catalog, args: argparse.Namespace) -> int:
    """Print the catalog summary as text or JSON."""
    try:
        summary = catalog_summary(catalog, args.game)
    except KeyError as exc:
        print(f"printkit list: {exc.args[0]}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        for game in summary["games"]:
            print("\n".join(format_game(game)))
    return 0


def run_validate(catalog: Catalog, args: argparse.Namespace) -> int:
    """Report a valid catalog in one line."""
    sets = sum(len(g.sets) for g in catalog.games)
    print(f"catalog OK: {len(catalog.games)} games, {sets} sets ({', '.join(catalog.sources)})")
    return 0


def describe_games(games: Sequence[Game]) -> str:
    """Name the games of a catalog in one line."""
    return ", ".join(g.id for g in games)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the printkit command line and return its exit code."""
    args = build_parser().parse_args(argv)
    try:
        catalog = load_catalog(user_data_dir(args.data_dir))
    except CatalogError as exc:
        print(f"printkit {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    commands = {"list": run_list, "validate": run_validate}
    return commands[args.command](catalog, args)


if __name__ == "__main__":
    sys.exit(main())
