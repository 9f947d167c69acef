"""Build the print-ready PDFs: plan documents from the catalog, lay pieces out, write atomically.

Each distinct design is drawn once as a PDF form XObject and placed once per copy, so a
342-chip box costs 63 drawings. Canvases are made with ``invariant=1``: the same input
gives byte-identical files. A file is written under a temporary name and renamed into
place only when complete, so a failed build leaves no partial PDF.
"""

from __future__ import annotations

import io
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlencode

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import Catalog, FlashDuelSet, GameSet, PuzzleStrikeSet, ShadowfistSet
from printkit.catalog.bankcode import encode_bank
from printkit.i18n import LANGUAGES, kind_label, text
from printkit.layout import (
    CROP_MODES,
    Box,
    Frame,
    Geometry,
    Grid,
    LayoutError,
    Paper,
    Shape,
    crop_lines,
    grid_for,
    load_geometry,
    mirror_long_edge,
    pages_needed,
)
from printkit.netaddr import default_base_url
from printkit.pieces import (
    PIECE_KINDS,
    SHEET_KINDS,
    Piece,
    Selection,
    expand,
    flash_duel_pieces,
    only,
    puzzle_strike_pieces,
    shadowfist_pieces,
)
from printkit.render import renderer_for
from printkit.render.safezone import MIN_TEXT_PT, scale_for
from printkit.render.sheets import (
    RULER_FORM,
    SMALL_RULER,
    BankSheet,
    BankStackLine,
    Cover,
    draw_alignment,
    draw_bank_sheet,
    draw_cover,
    draw_duel_reference,
    draw_gem_mat,
    draw_shadowfist_reference,
    draw_shadowfist_tracker,
    draw_turn_aid,
    header,
    ruler,
)
from printkit.render.style import MISSING_FONTS, Style, colour, style_for

rl_config.useA85 = 0  # ASCII85 only inflates compressed streams; plain binary is smaller and faster


DEFAULT_BLEED = 3.0
DEFAULT_CHIP = 38.0


class BuildError(ValueError):
    """Build options that cannot work; the message says which and why."""


@dataclass(frozen=True)
class BuildOptions:
    """Everything the user chooses about a build."""

    paper: str = "letter"
    bleed: float | None = None
    """Bleed asked for (mm); None: the default 3 mm, less where a grid has no room, quietly."""
    crop_marks: str = "corners"
    duplex: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    lang: str = "en"
    game: str | None = None
    set_id: str | None = None
    only: frozenset[str] = frozenset()
    out_dir: Path = Path("output")
    chip_diameter: float | None = None
    base_url: str | None = None

    def check(self) -> None:
        """Refuse values that make no sense.

        :raises BuildError: naming the option.
        """
        if self.lang not in LANGUAGES:
            raise BuildError(f"--lang must be one of {', '.join(LANGUAGES)}, not {self.lang!r}")
        if not 0 <= self.bleed_mm <= 10:
            raise BuildError(f"--bleed must be 0 to 10 mm, not {self.bleed_mm:g}")
        if self.crop_marks not in CROP_MODES:
            raise BuildError(f"--crop-marks must be one of {', '.join(CROP_MODES)}")
        if any(abs(v) > 20 for v in self.back_offset):
            raise BuildError("--back-offset must be within 20 mm each way")
        unknown = sorted(self.only - set(PIECE_KINDS) - set(SHEET_KINDS))
        if unknown:
            known = ", ".join((*PIECE_KINDS, *SHEET_KINDS))
            raise BuildError(f"--only: unknown kind {unknown[0]!r} (known: {known})")

    @property
    def bleed_mm(self) -> float:
        """Return the bleed to aim for (mm)."""
        return DEFAULT_BLEED if self.bleed is None else self.bleed

    def warnings(self) -> list[str]:
        """Return what works but is probably not what the user meant."""
        notes = []
        if any(self.back_offset) and not self.duplex:
            notes.append("--back-offset moves the backs, which only --duplex prints: ignored")
        if self.chip_diameter is not None and self.chip_diameter < DEFAULT_CHIP:
            smallest = MIN_TEXT_PT * scale_for(self.chip_diameter / 2)
            notes.append(
                f"--chip-diameter {self.chip_diameter:g}: chip text goes down to "
                f"{smallest:.1f} pt to stay 2 mm inside the cut (5 pt from {DEFAULT_CHIP:g} mm)"
            )
        return notes


SheetDraw = Callable[[Canvas, Paper, Geometry, Style], None]


@dataclass
class Document:
    """One PDF to write: its pieces, its full-page sheets and its cover."""

    filename: str
    title: str
    selection: Selection = field(default_factory=Selection)
    sheets: list[tuple[str, SheetDraw]] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    base_url: str = ""
    """The companion address its QR codes open (empty: no QR codes)."""


def file_name(parts: list[str], options: BuildOptions) -> str:
    """Name a file by game, set, kind, paper and language."""
    return "_".join([*parts, options.paper, options.lang]) + ".pdf"


def wants(options: BuildOptions, kind: str) -> bool:
    """Return True when --only lets this kind through."""
    return not options.only or kind in options.only


def plan(catalog: Catalog, options: BuildOptions) -> list[Document]:
    """List the documents a build writes, honouring --game, --set and --only.

    :raises BuildError: for an unknown game or set, or a filter that leaves nothing.
    """
    games = list(catalog.games)
    if options.game:
        games = [g for g in games if g.id == options.game]
        if not games:
            known = ", ".join(g.id for g in catalog.games)
            raise BuildError(f"--game: no game {options.game!r} (known: {known})")
    docs: list[Document] = []
    for game in games:
        sets = [s for s in game.sets if not options.set_id or s.id == options.set_id]
        for game_set in sets:
            docs += documents_for(catalog, game.id, game.name, game_set, options)
    if options.set_id and not any(s.id == options.set_id for g in games for s in g.sets):
        raise BuildError(f"--set: no set {options.set_id!r} in {', '.join(g.id for g in games)}")
    docs = [d for d in docs if d.selection.pieces or d.sheets]
    if not docs:
        raise BuildError("nothing to build with these --game / --set / --only filters")
    return docs


def documents_for(
    catalog: Catalog, game_id: str, game_name: str, game_set: GameSet, options: BuildOptions
) -> list[Document]:
    """Plan the documents of one set."""
    gaps = game_set.gaps()
    if isinstance(game_set, PuzzleStrikeSet):
        return puzzle_strike_documents(catalog, game_id, game_set, options, gaps)
    if isinstance(game_set, FlashDuelSet):
        # The unknown abilities are listed as missing cards; the other gaps are not printed.
        cards = Document(
            file_name([game_id, game_set.id, "cards"], options),
            f"{game_name}: {game_set.name}",
            only(flash_duel_pieces(game_set), set(options.only)),
        )
        aids = Document(
            file_name([game_id, game_set.id, "aids"], options),
            text(options.lang, "title_reference", game=game_name),
        )
        if wants(options, "aid"):
            aids.sheets.append(
                (
                    text(options.lang, "sheet_duel_reference"),
                    for_set(draw_duel_reference, game_set),
                )
            )
        return [cards, aids]
    if not isinstance(game_set, ShadowfistSet):
        return []
    counters = Document(
        file_name([game_id, game_set.id, "counters"], options),
        text(options.lang, "title_counters", game=game_name),
        only(shadowfist_pieces(game_set), set(options.only)),
    )
    aids = Document(
        file_name([game_id, game_set.id, "aids"], options),
        text(options.lang, "title_table_aids", game=game_name),
    )
    if wants(options, "aid"):
        aids.sheets.append(
            (
                text(options.lang, "sheet_sf_reference"),
                for_set(draw_shadowfist_reference, game_set),
            )
        )
        tracker = for_set(draw_shadowfist_tracker, game_set)
        aids.sheets.append((text(options.lang, "sheet_tracker"), tracker))
    return [counters, aids]


def puzzle_strike_documents(
    catalog: Catalog,
    game_id: str,
    game_set: PuzzleStrikeSet,
    options: BuildOptions,
    gaps: list[str],
) -> list[Document]:
    """Plan a Puzzle Strike set's chips, bank sheets and player aids."""
    chips = Document(
        file_name([game_id, game_set.id, "chips"], options),
        game_set.name,
        only(puzzle_strike_pieces(game_set), set(options.only)),
        gaps=gaps,
    )
    banks = Document(
        file_name([game_id, game_set.id, "banks"], options),
        text(options.lang, "title_banks", set=game_set.name),
    )
    if wants(options, "bank-sheet"):
        base = options.base_url or default_base_url()
        banks.base_url = base
        for rec in game_set.recommended_banks:
            keys = [f"{game_set.id}/{c}" for c in rec.chips]
            title = rec.name_ja if options.lang == "ja" and rec.name_ja else rec.name
            sheet = bank_sheet(catalog, [game_set.id], keys, title, base, options.lang)
            banks.sheets.append((title, bank_drawer(sheet)))
    aids = Document(
        file_name([game_id, game_set.id, "aids"], options),
        text(options.lang, "title_aids", set=game_set.name),
    )
    if wants(options, "aid"):
        aids.sheets.append((text(options.lang, "sheet_turn"), for_set(draw_turn_aid, game_set)))
        mat: SheetDraw = lambda c, p, g, s: draw_gem_mat(c, p, g.frame, s)  # noqa: E731
        aids.sheets.append((text(options.lang, "sheet_gem_mat"), mat))
    return [chips, banks, aids]


def for_set(draw: Callable[[Canvas, Paper, Frame, Any, Style], None], game_set: Any) -> SheetDraw:
    """Return a sheet drawer that draws ``draw`` for one set."""
    return lambda c, p, g, s: draw(c, p, g.frame, game_set, s)


def bank_drawer(sheet: BankSheet) -> SheetDraw:
    """Return a sheet drawer for a bank setup sheet."""
    return lambda c, p, g, s: draw_bank_sheet(c, p, g.frame, sheet, s)


def bank_sheet(
    catalog: Catalog,
    set_ids: list[str],
    chip_keys: list[str],
    title: str,
    base_url: str,
    lang: str = "en",
) -> BankSheet:
    """Gather what a bank setup sheet prints (the code is made here, once).

    The QR code's address carries the bank's name (unless the title is just the code), so
    the companion opens it under that name.
    """
    code = encode_bank(catalog, set_ids, chip_keys)
    sets = [s for s in catalog.puzzle_strike_sets() if s.id in set_ids]
    by_key = {f"{s.id}/{c.id}": (s.id, c) for s in sets for c in s.puzzle_chips}
    lines = [
        BankStackLine(c.name, c.cost, tuple(c.banner or ()), c.is_attack(), sid)
        for sid, c in (by_key[k] for k in chip_keys)
    ]
    lines.sort(key=lambda line: (line.cost if line.cost is not None else 99, line.name))
    fixed = [
        (s.name_ja if lang == "ja" and s.name_ja else s.name, s.count, s.cost)
        for s in sets[0].stacks
    ]
    return BankSheet(
        title, code, [s.id for s in sets], lines, fixed, bank_url(base_url, code, title)
    )


def bank_url(base_url: str, code: str, name: str = "") -> str:
    """Return the companion address of a bank, with its name when it has one."""
    url = f"{base_url.rstrip('/')}/bank/{code}"
    return url if not name or name == code else f"{url}?{urlencode({'name': name})}"


# --- drawing a document --------------------------------------------------------------


def form_name(design: str, back: bool = False) -> str:
    """Turn a design key into a PDF form name."""
    return ("B_" if back else "F_") + re.sub(r"[^A-Za-z0-9]", "_", design)


def form_bounds(grid: Grid) -> tuple[float, float, float, float]:
    """Return a piece form's box in points: its trim plus the grid's bleed on each axis.

    A form clips to this box, so art drawn with the larger bleed stops at each axis's own.
    """
    shape = grid.shape
    if shape.outline == "circle":
        bx = by = grid.bleed
    else:
        bx, by = grid.bleed_x, grid.bleed_y
    return (-bx * mm, -by * mm, (shape.width + bx) * mm, (shape.height + by) * mm)


def define_forms(
    c: Canvas,
    pieces: list[Piece],
    grids: dict[str, Grid],
    style: Style,
    duplex: bool,
) -> None:
    """Draw each distinct front (and back) once as a reusable form."""
    backs_done: set[str] = set()
    for piece in pieces:
        grid = grids[piece.shape]
        shape = grid.shape
        box = Box(0, 0, shape.width, shape.height)
        bleed = grid.bleed if shape.outline == "circle" else max(grid.bleed_x, grid.bleed_y)
        front, back = renderer_for(piece.shape)
        bounds = form_bounds(grid)
        with clipped_form(c, form_name(piece.design), bounds):
            front(c, piece, box, bleed, style)
        key = f"{piece.shape}:{piece.family}"
        if duplex and piece.family and key not in backs_done:
            backs_done.add(key)
            with clipped_form(c, form_name(key, back=True), bounds):
                back(c, piece, box, bleed, style)


@contextmanager
def clipped_form(c: Canvas, name: str, bounds: tuple[float, float, float, float]) -> Iterator[None]:
    """Record a form whose drawing is clipped to ``bounds`` (points)."""
    x0, y0, x1, y1 = bounds
    c.beginForm(name, math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1))
    c.saveState()
    path = c.beginPath()
    path.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(path, stroke=0, fill=0)
    yield
    c.restoreState()
    c.endForm()


def define_ruler_form(c: Canvas, style: Style) -> None:
    """Draw the small ruler every sheet carries once, as a form."""
    c.beginForm(RULER_FORM, 0, 0, math.ceil((SMALL_RULER + 2) * mm), math.ceil(5 * mm))
    ruler(c, 0, 0, SMALL_RULER, style)
    c.endForm()


def place(c: Canvas, name: str, box: Box) -> None:
    """Put a form at a trim box's position."""
    c.saveState()
    c.translate(box.x * mm, box.y * mm)
    c.doForm(name)
    c.restoreState()


def draw_crops(c: Canvas, lines: list[tuple[float, float, float, float]]) -> None:
    """Draw crop-mark lines."""
    c.setStrokeColor(colour("#000000"))
    c.setLineWidth(0.3)
    for x1, y1, x2, y2 in lines:
        c.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)


def piece_pages(pieces: list[Piece], grids: dict[str, Grid]) -> Iterator[tuple[Grid, list[Piece]]]:
    """Yield (grid, pieces on the page), a shape at a time, in catalog order."""
    shapes: list[str] = []
    for piece in pieces:
        if piece.shape not in shapes:
            shapes.append(piece.shape)
    for shape in shapes:
        grid = grids[shape]
        batch: list[Piece] = []
        for piece in expand([p for p in pieces if p.shape == shape]):
            batch.append(piece)
            if len(batch) == grid.per_page:
                yield grid, batch
                batch = []
        if batch:
            yield grid, batch


class Progress:
    """A progress bar on stderr, shown only on a terminal and only after one second."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.start = time.monotonic()
        self.stream = stream if stream is not None else sys.stderr
        self.shown = False

    def step(self, label: str) -> None:
        """Count one page done and redraw the bar when it is worth showing."""
        self.done += 1
        if not self.stream.isatty() or time.monotonic() - self.start < 1.0:
            return
        filled = int(30 * self.done / self.total)
        self.stream.write(
            f"\r[{'#' * filled}{' ' * (30 - filled)}] {self.done}/{self.total} {label[:40]:<40}"
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the bar's line."""
        if self.shown:
            self.stream.write("\n")


def is_two_sided(doc: Document, options: BuildOptions) -> bool:
    """Return True when a document prints backs: a duplex build of a document with pieces."""
    return options.duplex and bool(doc.selection.pieces)


def has_cover(doc: Document) -> bool:
    """Return True unless the document is one full-page sheet, which needs no cover."""
    return bool(doc.selection.pieces) or len(doc.sheets) > 1


def count_pages(doc: Document, grids: dict[str, Grid], duplex: bool) -> int:
    """Return the pages a document will have."""
    sides = 2 if duplex and doc.selection.pieces else 1
    pieces = 0
    for shape in {p.shape for p in doc.selection.pieces}:
        copies = sum(p.copies for p in doc.selection.pieces if p.shape == shape)
        pieces += pages_needed(copies, grids[shape].per_page)
    alignment = 2 if sides == 2 else 0
    return (int(has_cover(doc)) + pieces + len(doc.sheets)) * sides + alignment


def grids_for(
    pieces: list[Piece], geometry: Geometry, paper: Paper, bleed: float
) -> dict[str, Grid]:
    """Lay out every shape a document uses."""
    return {
        p.shape: grid_for(geometry.shapes[p.shape], paper, geometry.frame, bleed) for p in pieces
    }


def cover_for(
    doc: Document, grids: dict[str, Grid], geometry: Geometry, options: BuildOptions, style: Style
) -> Cover:
    """Write the cover's contents lines and the printing notes that apply to the document."""
    lang = style.lang
    lines = []
    for kind in PIECE_KINDS:
        chosen = [p for p in doc.selection.pieces if p.kind == kind]
        if chosen:
            n = sum(p.copies for p in chosen)
            label = kind_label(lang, kind)
            lines.append(text(lang, "contents_line", kind=label, designs=len(chosen), n=n))
    lines += [text(lang, "sheet_line", title=title) for title, _ in doc.sheets]
    missing = [f"{m.label} ({', '.join(m.fields)})" for m in doc.selection.missing]
    return Cover(doc.title, lines, cover_notes(doc, grids, options, lang), missing, doc.gaps)


def cover_notes(
    doc: Document, grids: dict[str, Grid], options: BuildOptions, lang: str
) -> list[str]:
    """Return how to print a document, saying only what applies to it."""
    notes = [text(lang, "how_to_print")]
    pieces = doc.selection.pieces
    if any(p.family for p in pieces):
        notes.append(text(lang, "duplex" if options.duplex else "simplex"))
    if pieces:
        bleed = min(g.bleed for g in grids.values())
        shown = f"{bleed:.2f}".rstrip("0").rstrip(".")
        crops = text(lang, f"crops_{options.crop_marks}")
        notes.append(text(lang, "bleed", bleed=shown, crops=crops))
        sizes = [
            text(lang, f"size_{shape}", size=shape_size(grid.shape))
            for shape, grid in grids.items()
        ]
        notes.append(text(lang, "sizes_line", sizes=", ".join(sizes)))
    if doc.base_url:
        notes.append(text(lang, "qr_base", url=doc.base_url))
    return notes


def shape_size(shape: Shape) -> str:
    """Write a shape's size: '38 mm' across for round pieces, '63 x 88 mm' otherwise."""
    if shape.outline == "circle":
        return f"{shape.width:g} mm"
    return f"{shape.width:g} x {shape.height:g} mm"


def draw_document(
    c: Canvas, doc: Document, geometry: Geometry, options: BuildOptions, progress: Progress
) -> None:
    """Draw a whole document on a fresh canvas.

    In a two-sided document every front is on an odd page and its back follows it: the
    cover gets a blank back and the alignment test pair comes right after it.
    """
    style = style_for(options.lang)
    paper = geometry.paper(options.paper)
    grids = grids_for(doc.selection.pieces, geometry, paper, options.bleed_mm)
    two_sided = is_two_sided(doc, options)
    define_forms(c, doc.selection.pieces, grids, style, options.duplex)
    define_ruler_form(c, style)
    if has_cover(doc):
        draw_cover(c, paper, geometry.frame, cover_for(doc, grids, geometry, options, style), style)
        end_page(c, two_sided)
    if two_sided:
        for back in (False, True):
            draw_alignment(c, paper, geometry.frame, style, back, options.back_offset)
            c.showPage()
    for grid, batch in piece_pages(doc.selection.pieces, grids):
        draw_fronts(c, doc, grid, batch, geometry, options, style)
        if two_sided:
            draw_backs(c, grid, batch, paper, options.back_offset)
        progress.step(doc.filename)
    for title, draw in doc.sheets:
        page = c.getPageNumber()
        header(c, paper, geometry.frame, f"{doc.title}: {title}", page, style)
        draw(c, paper, geometry, style)
        end_page(c, two_sided)
        progress.step(doc.filename)


def end_page(c: Canvas, two_sided: bool) -> None:
    """Finish a one-sided page; in a two-sided document add its blank back."""
    c.showPage()
    if two_sided:
        c.showPage()


def draw_fronts(
    c: Canvas,
    doc: Document,
    grid: Grid,
    batch: list[Piece],
    geometry: Geometry,
    options: BuildOptions,
    style: Style,
) -> None:
    """Draw one page of fronts: label, pieces, crop marks."""
    paper = geometry.paper(options.paper)
    page = c.getPageNumber()
    header(c, paper, geometry.frame, doc.title, page, style, grid.header_on_top)
    for i, piece in enumerate(batch):
        place(c, form_name(piece.design), grid.slot(i))
    draw_crops(c, crop_lines(grid, len(batch), geometry.frame, options.crop_marks))
    c.showPage()


def draw_backs(
    c: Canvas, grid: Grid, batch: list[Piece], paper: Paper, offset: tuple[float, float]
) -> None:
    """Draw the page of backs behind a page of fronts (mirrored for a long-edge flip)."""
    for i, piece in enumerate(batch):
        if piece.family:
            box = mirror_long_edge(grid.slot(i), paper, offset)
            place(c, form_name(f"{piece.shape}:{piece.family}", back=True), box)
    c.showPage()


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; rename it into place on success only."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_document(
    doc: Document, geometry: Geometry, options: BuildOptions, progress: Progress
) -> Path:
    """Write one document atomically and return its path."""
    paper = geometry.paper(options.paper)
    target = options.out_dir / doc.filename
    with atomic_path(target) as tmp:
        c = Canvas(
            str(tmp),
            pagesize=(paper.width * mm, paper.height * mm),
            invariant=1,
            pageCompression=1,
            # each page opens with this font selected: an embedded one, not Helvetica
            # (types-reportlab types the argument as a number, wrongly)
            initialFontName=style_for(options.lang).regular,  # type: ignore[arg-type]
        )
        c.setTitle(doc.title)
        c.setAuthor("strikekit")
        c.setCreator("strikekit printkit")
        draw_document(c, doc, geometry, options, progress)
        c.save()
    return target


def build(catalog: Catalog, options: BuildOptions, stream: TextIO | None = None) -> list[Path]:
    """Build every planned document; return the files written. Warnings go to stderr.

    :raises BuildError: for bad options or an output folder that cannot be written
        (nothing is written then).
    """
    options.check()
    try:
        geometry = load_geometry(chip_diameter=options.chip_diameter)
        paper = geometry.paper(options.paper)
    except LayoutError as exc:
        raise BuildError(str(exc)) from None
    docs = plan(catalog, options)
    for note in build_warnings(docs, geometry, options):
        print(f"printkit: warning: {note}", file=sys.stderr)
    make_out_dir(options.out_dir)
    total = sum(
        count_pages(
            d, grids_for(d.selection.pieces, geometry, paper, options.bleed_mm), options.duplex
        )
        for d in docs
    )
    progress = Progress(total, stream)
    try:
        return [write_document(doc, geometry, options, progress) for doc in docs]
    except OSError as exc:
        raise BuildError(f"--out {options.out_dir}: cannot write there ({exc.strerror})") from None
    finally:
        progress.close()


def make_out_dir(path: Path) -> None:
    """Create the output folder.

    :raises BuildError: when it cannot be created, naming the folder and the reason.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".printkit-probe-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError as exc:
        raise BuildError(
            f"--out {path}: cannot write there ({exc.strerror}); choose a folder you can write to"
        ) from None


def build_warnings(docs: list[Document], geometry: Geometry, options: BuildOptions) -> list[str]:
    """Return the option warnings, plus each shape whose bleed had to shrink to fit."""
    notes = options.warnings()
    if not style_for(options.lang).embedded:
        notes.append(MISSING_FONTS)
    if options.bleed is None:
        return notes
    paper = geometry.paper(options.paper)
    shapes = {p.shape for d in docs for p in d.selection.pieces}
    for shape in sorted(shapes):
        grid = grid_for(geometry.shapes[shape], paper, geometry.frame, options.bleed)
        if min(grid.bleed_x, grid.bleed_y) < options.bleed - 1e-6:
            notes.append(
                f"--bleed {options.bleed:g}: {shape} pieces on {paper.name} get "
                f"{grid.bleed_x:.2f} mm left and right, {grid.bleed_y:.2f} mm above and below "
                "(the grid has no more room)"
            )
    return notes


def write_bank_sheets(
    catalog: Catalog,
    banks: list[tuple[str, list[str], list[str]]],
    path: Path,
    options: BuildOptions,
) -> Path:
    """Write bank setup sheets, one page per (title, set ids, chip keys), to one PDF.

    :raises BuildError: for bad options.
    """
    options.check()
    geometry = load_geometry(chip_diameter=options.chip_diameter)
    base = options.base_url or default_base_url()
    doc = Document(path.name, text(options.lang, "title_bank_sheets"), base_url=base)
    for title, set_ids, keys in banks:
        sheet = bank_sheet(catalog, set_ids, keys, title, base, options.lang)
        doc.sheets.append((title, bank_drawer(sheet)))
    make_out_dir(path.parent)
    return write_document(
        doc,
        geometry,
        BuildOptions(**{**options.__dict__, "out_dir": path.parent}),
        Progress(len(banks), stream=io.StringIO()),
    )


def write_pieces(pieces: list[Piece], title: str, path: Path, options: BuildOptions) -> Path:
    """Write some pieces (for example a drafted Clockwork character) to one PDF."""
    options.check()
    geometry = load_geometry(chip_diameter=options.chip_diameter)
    doc = Document(path.name, title, Selection(list(pieces)))
    make_out_dir(path.parent)
    out = BuildOptions(**{**options.__dict__, "out_dir": path.parent})
    return write_document(doc, geometry, out, Progress(1, stream=io.StringIO()))
