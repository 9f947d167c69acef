"""``printkit``: check and list the catalog (and, later, build print sheets).

Exit codes: 0 success, 2 bad input (a broken catalog, an unknown game, a bad option).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from printkit.build import BuildError, BuildOptions, build, write_bank_sheets
from printkit.catalog import Catalog, CatalogError, Game, load_catalog, user_data_dir
from printkit.catalog.bankcode import BankCodeError, decode_bank, encode_bank
from printkit.cli_production import COMMANDS as PRODUCTION_COMMANDS
from printkit.cli_production import ERRORS as PRODUCTION_ERRORS
from printkit.cli_production import add_parsers as add_production_parsers
from printkit.i18n import LANGUAGES
from printkit.images import write_preview
from printkit.layout import LayoutError
from printkit.pieces import pieces_for
from printkit.render.style import style_for
from printkit.tts import write_tts

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
    add_build_parser(commands)
    add_production_parsers(commands, add_data_dir)
    sheet = commands.add_parser("bank-sheet", help="one bank setup sheet from a code or chips")
    add_data_dir(sheet)
    add_print_options(sheet)
    sheet.add_argument("--code", help="a bank code (as printed or shown by the companion)")
    sheet.add_argument("--chips", help="10 comma-separated chip names or ids")
    sheet.add_argument("--sets", default="base-3e", help="sets the chips come from (base-3e)")
    sheet.add_argument("--title", help="a title for the sheet (default: the bank code)")
    sheet.add_argument("--out", default="output/bank-sheet.pdf", help="PDF file to write")
    for name, text_help in (
        ("tts", "Tabletop Simulator deck sheets and piece PNGs"),
        ("preview", "a contact-sheet PNG of a set's designs"),
    ):
        images = commands.add_parser(name, help=text_help)
        add_data_dir(images)
        images.add_argument("--set", dest="set_id", required=True, help="set id, e.g. base-3e")
        images.add_argument("--lang", default="en", choices=LANGUAGES)
        images.add_argument("--out", help="output directory (tts) or PNG file (preview)")
        if name == "tts":
            images.add_argument(
                "--image-url",
                metavar="URL",
                help="where the images will be hosted (default: local file:/// paths)",
            )
    return parser


def add_print_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by every command that writes PDFs."""
    parser.add_argument("--paper", help="letter or a4 (default: a4 with --lang ja, else letter)")
    parser.add_argument("--lang", default="en", help="en or ja")
    parser.add_argument(
        "--base-url",
        help="a lasting companion address for the bank sheets' QR codes (default: the QR "
        "code holds the bank code, to scan or type into the companion's Bank code field)",
    )


def add_build_parser(commands: Any) -> None:
    """Describe ``printkit build``."""
    build = commands.add_parser("build", help="write the print-ready PDFs")
    add_data_dir(build)
    add_print_options(build)
    build.add_argument(
        "--bleed",
        type=float,
        metavar="MM",
        help="bleed on every side of every piece, with fewer cards a sheet where the grid has "
        "no room (default: 3, less where the 9-card grid has no room)",
    )
    build.add_argument("--crop-marks", default="corners", help="corners, full or none")
    build.add_argument(
        "--cut-lines",
        default="fronts",
        help="thin trim outlines: fronts (default), both (backs too) or none",
    )
    build.add_argument("--duplex", action="store_true", help="backs for a long-edge flip")
    build.add_argument("--back-offset", default="0,0", metavar="X,Y", help="shift backs (mm)")
    build.add_argument("--game", help="only this game")
    build.add_argument("--set", dest="set_id", help="only this set")
    build.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="KIND",
        help="only these kinds (repeatable), e.g. puzzle-chip, bank-sheet",
    )
    build.add_argument("--out", default="output", help="output directory (output/)")
    build.add_argument("--chip-diameter", type=float, metavar="MM", help="chip size (38)")
    build.add_argument(
        "--ink-saver", action="store_true", help="light backs and tints, no flood fills"
    )
    build.add_argument(
        "--covers",
        action="store_true",
        help="a cover page (contents, printing notes) at the front of each PDF (off: one "
        "sheet less per file; the notes are printed here instead)",
    )


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
    commands = {
        "list": run_list,
        "validate": run_validate,
        "build": run_build,
        "bank-sheet": run_bank_sheet,
        "tts": run_images,
        "preview": run_images,
        **PRODUCTION_COMMANDS,
    }
    errors: tuple[type[Exception], ...] = (BuildError, BankCodeError, LayoutError, UsageError)
    errors += PRODUCTION_ERRORS
    try:
        return commands[args.command](catalog, args)
    except errors as exc:
        print(f"printkit {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


class UsageError(ValueError):
    """A command-line value that does not parse; the message says which."""


def parse_offset(text: str) -> tuple[float, float]:
    """Read '--back-offset X,Y' in millimetres."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(
            f"--back-offset: {text!r} is not X,Y in millimetres (e.g. 0.5,-1)"
        ) from None
    return x, y


def paper_for(args: argparse.Namespace) -> str:
    """Return the paper asked for, or the one usual where the language is read: A4 for
    Japanese, Letter otherwise."""
    return args.paper or ("a4" if args.lang == "ja" else "letter")


def build_options(args: argparse.Namespace) -> BuildOptions:
    """Turn the command line into build options."""
    return BuildOptions(
        paper=paper_for(args),
        bleed=args.bleed,
        crop_marks=args.crop_marks,
        cut_lines=args.cut_lines,
        duplex=args.duplex,
        back_offset=parse_offset(args.back_offset),
        lang=args.lang,
        game=args.game,
        set_id=args.set_id,
        only=frozenset(args.only),
        out_dir=Path(args.out),
        chip_diameter=args.chip_diameter,
        base_url=args.base_url,
        ink_saver=args.ink_saver,
        covers=args.covers,
    )


def run_build(catalog: Catalog, args: argparse.Namespace) -> int:
    """Write every planned PDF and list the files."""
    started = time.perf_counter()
    files = build(catalog, build_options(args))
    for path in files:
        print(path)
    print(f"{len(files)} files in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0


def run_bank_sheet(catalog: Catalog, args: argparse.Namespace) -> int:
    """Write one bank setup sheet, from a code or from a list of chips."""
    if bool(args.code) == bool(args.chips):
        raise UsageError("give either --code or --chips")
    if args.code:
        set_ids, chips = decode_bank(catalog, args.code)
        keys = [c.key for c in chips]
    else:
        set_ids = [s.strip() for s in args.sets.split(",") if s.strip()]
        keys = chip_keys(catalog, set_ids, [n.strip() for n in args.chips.split(",")])
    title = args.title or encode_bank(catalog, set_ids, keys)
    options = BuildOptions(paper=paper_for(args), lang=args.lang, base_url=args.base_url)
    print(write_bank_sheets(catalog, [(title, set_ids, keys)], Path(args.out), options))
    return 0


def fold(name: str) -> str:
    """Fold a chip name for matching: 'punch punch kick' finds 'Punch, Punch, Kick'."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def chip_keys(catalog: Catalog, set_ids: list[str], names: list[str]) -> list[str]:
    """Find 10 distinct chips by name or id in the given sets.

    :raises UsageError: for an unknown set or chip, or not 10 distinct chips.
    """
    sets = [s for s in catalog.puzzle_strike_sets() if s.id in set_ids]
    if len(sets) != len(set_ids):
        raise UsageError(f"--sets: unknown set among {', '.join(set_ids)}")
    index = {
        fold(x): f"{s.id}/{c.id}" for s in sets for c in s.puzzle_chips for x in (c.id, c.name)
    }
    keys = []
    for name in names:
        if fold(name) not in index:
            raise UsageError(f"--chips: no puzzle chip {name!r} in {', '.join(set_ids)}")
        keys.append(index[fold(name)])
    if len(set(keys)) != 10:
        raise UsageError(f"--chips: a bank is 10 different chips, got {len(set(keys))}")
    return keys


def run_images(catalog: Catalog, args: argparse.Namespace) -> int:
    """Write Tabletop Simulator images or a contact sheet for one set."""
    game_set = next((s for g in catalog.games for s in g.sets if s.id == args.set_id), None)
    if game_set is None:
        known = ", ".join(s.id for g in catalog.games for s in g.sets)
        raise UsageError(f"--set: no set {args.set_id!r} (known: {known})")
    pieces = pieces_for(game_set).pieces
    style = style_for(args.lang)
    if args.command == "preview":
        out = Path(args.out or f"output/{game_set.id}_preview_{args.lang}.png")
        print(write_preview(pieces, style, out))
        return 0
    url = check_image_url(args.image_url)
    out = Path(args.out or f"output/tts/{game_set.id}")
    try:
        written = write_tts(pieces, style, out, game_set.id, url)
    except OSError as exc:
        raise UsageError(
            f"--out: cannot write to {out}: {exc.strerror or exc} (choose a writable directory)"
        ) from exc
    print(f"{len(written)} files in {out}; saved object: {written[-2].name}")
    return 0


def check_image_url(url: str | None) -> str | None:
    """Accept an http(s) or file base URL for Tabletop Simulator images.

    :raises UsageError: for anything else.
    """
    if url is None or url.startswith(("http://", "https://", "file:///")):
        return url
    raise UsageError(
        f"--image-url: {url!r} is not an http://, https:// or file:/// address "
        "(give the folder the images are uploaded to, e.g. https://example.org/strikekit/base-3e)"
    )


if __name__ == "__main__":
    sys.exit(main())
