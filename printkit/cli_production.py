"""Command-line commands for print production: ``pod``, ``labels``, ``pick`` and ``slips``.

``printkit.cli`` adds these parsers with :func:`add_parsers` and runs them from
:data:`COMMANDS`; the errors they raise (:data:`ERRORS`) exit with status 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from printkit.build import BuildError, BuildOptions, write_pieces
from printkit.catalog import Catalog
from printkit.i18n import LANGUAGES
from printkit.labels import LabelError, sheet_for, stock_ids, write_labels
from printkit.pick import PickError, Request, combine, pick
from printkit.pieces import pieces_for
from printkit.pod import ROUND_MODES, PodError, export_set, find_service, manifest, write_manifest
from printkit.podpdf import write_press_pdf
from printkit.press import PressError
from printkit.render.style import style_for


class ProductionError(ValueError):
    """A command-line value these commands cannot use; the message says which."""


def add_parsers(commands: Any, add_data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    """Describe the print-production commands."""
    pod = commands.add_parser("pod", help="one image per design at a print-on-demand spec")
    add_data_dir(pod)
    pod.add_argument("--service", required=True, help="mpc (MakePlayingCards) or tgc")
    pod.add_argument(
        "--set", dest="set_ids", action="append", default=[], help="set id (repeatable; all)"
    )
    pod.add_argument("--lang", default="en", choices=LANGUAGES)
    pod.add_argument("--out", default="output/pod", help="output directory (output/pod)")
    pod.add_argument(
        "--round-pieces",
        default="custom",
        choices=ROUND_MODES,
        help="custom: round pieces at our size; stock: shrunk onto the service's circle",
    )
    pod.add_argument(
        "--pdf", action="store_true", help="also a print-shop PDF per set (a page per design)"
    )
    add_labels_parser(commands, add_data_dir)
    add_pick_parser(commands, add_data_dir)


def add_labels_parser(
    commands: Any, add_data_dir: Callable[[argparse.ArgumentParser], None]
) -> None:
    """Describe ``printkit labels``."""
    labels = commands.add_parser("labels", help="chips on round label stock or punch strips")
    add_data_dir(labels)
    labels.add_argument("--set", dest="set_ids", action="append", default=[], help="set id")
    labels.add_argument(
        "--stock", choices=stock_ids(), help="label stock or punch (default: the paper's stock)"
    )
    labels.add_argument("--paper", default="letter", help="letter or a4 (for --stock punch)")
    labels.add_argument("--lang", default="en", choices=LANGUAGES)
    labels.add_argument("--out", help="PDF file to write")


def add_pick_parser(commands: Any, add_data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    """Describe ``printkit pick``."""
    pick = commands.add_parser("pick", help="print chosen designs (NAME or NAME=COPIES)")
    add_data_dir(pick)
    pick.add_argument(
        "--set", dest="set_ids", action="append", required=True, help="set id (repeatable)"
    )
    pick.add_argument(
        "--chip",
        dest="chips",
        action="append",
        default=[],
        metavar="NAME[=N]",
        help="a design by name, with copies (repeatable); none: the sets, shared chips once",
    )
    pick.add_argument("--paper", default="letter", help="letter or a4")
    pick.add_argument("--lang", default="en", choices=LANGUAGES)
    pick.add_argument("--duplex", action="store_true", help="backs for a long-edge flip")
    pick.add_argument("--out", help="PDF file to write")


def chosen_sets(catalog: Catalog, set_ids: list[str]) -> list[Any]:
    """Return the sets named (every set when none is).

    :raises ProductionError: for an unknown set, naming the known ones.
    """
    every = [s for g in catalog.games for s in g.sets]
    if not set_ids:
        return every
    known = {s.id: s for s in every}
    for sid in set_ids:
        if sid not in known:
            raise ProductionError(f"--set: no set {sid!r} (known: {', '.join(known)})")
    return [known[sid] for sid in set_ids]


def run_pod(catalog: Catalog, args: argparse.Namespace) -> int:
    """Export every design of the chosen sets as images with a manifest per set."""
    started = time.perf_counter()
    service = find_service(args.service)
    style = style_for(args.lang)
    out = Path(args.out) / service.id
    total = 0
    for game_set in chosen_sets(catalog, args.set_ids):
        folder = out / f"{game_set.id}_{args.lang}"
        pieces = pieces_for(game_set).pieces
        export = export_set(pieces, style, service, folder, args.round_pieces)
        data = manifest(export, service, game_set.id, args.lang)
        if args.pdf:
            pages = write_press_pdf(pieces, style, service, folder / "press.pdf", args.round_pieces)
            data["pdf"] = {"file": "press.pdf", "pages": pages, "order": "fronts, then backs"}
        path = write_manifest(folder / "manifest.json", data)
        total += len(export.images)
        print(f"{path}: {len(export.components)} designs, {len(export.backs)} backs")
    print(f"{total} images in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    return 0


def run_labels(catalog: Catalog, args: argparse.Namespace) -> int:
    """Write a set's chips onto label stock or punch strips."""
    sheet = sheet_for(args.stock, args.paper)
    sets = chosen_sets(catalog, args.set_ids or ["base-3e"])
    pieces, _ = combine([pieces_for(s).pieces for s in sets])  # shared chips once
    name = "_".join(s.id for s in sets)
    kind = args.stock or sheet.paper.name
    out = Path(args.out or f"output/labels_{name}_{kind}_{args.lang}.pdf")
    title = f"{', '.join(s.name for s in sets)}: {sheet.name}"
    spares = tuple(pieces_for(sets[0]).spares)
    print(write_labels(pieces, sheet, out, title, style_for(args.lang), spares))
    return 0


def run_pick(catalog: Catalog, args: argparse.Namespace) -> int:
    """Print a chosen list of designs, or the sets combined with their shared chips once."""
    sets = chosen_sets(catalog, args.set_ids)
    pieces, skipped = combine([pieces_for(s).pieces for s in sets])
    if args.chips:
        pieces = pick(pieces, [Request.from_text(text) for text in args.chips])
    name = "_".join(s.id for s in sets) + ("_picked" if args.chips else "")
    options = BuildOptions(paper=args.paper, lang=args.lang, duplex=args.duplex)
    out = Path(args.out or f"output/{name}_{args.paper}_{args.lang}.pdf")
    title = ", ".join(s.name for s in sets)
    path = write_pieces(pieces, title, out, options)
    count = sum(p.copies for p in pieces)
    print(f"{path}: {count} pieces, {len(pieces)} designs")
    if skipped and not args.chips:
        shared = sum(p.copies for p in skipped)
        print(f"shared chips printed once: {shared} pieces of the later sets left out")
    return 0


COMMANDS: dict[str, Callable[[Catalog, argparse.Namespace], int]] = {
    "pod": run_pod,
    "labels": run_labels,
    "pick": run_pick,
}
ERRORS: tuple[type[Exception], ...] = (
    ProductionError,
    PodError,
    LabelError,
    PickError,
    BuildError,
    PressError,
)
