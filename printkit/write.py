"""Write PDFs: one canvas per document, written atomically, with warnings and clear errors."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import Catalog
from printkit.i18n import text
from printkit.impose import (
    Progress,
    count_pages,
    count_unpacked,
    draw_document,
    grids_for,
    is_two_sided,
)
from printkit.inksaver import InkSaverCanvas
from printkit.layout import (
    Geometry,
    LayoutError,
    grid_for,
    grid_with_bleed,
    load_geometry,
)
from printkit.pieces import (
    Piece,
    Selection,
)
from printkit.plan import BuildError, BuildOptions, Document, bank_drawer, bank_sheet, plan
from printkit.press import mark_press_ready
from printkit.render.style import MISSING_FONTS, style_for

rl_config.useA85 = 0  # ASCII85 only inflates compressed streams; plain binary is smaller and faster


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
        canvas_class = InkSaverCanvas if options.ink_saver else Canvas
        c = canvas_class(
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
        mark_press_ready(c, paper.width, paper.height, is_two_sided(doc, options))
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
    sheets = SheetCount.of(docs, geometry, options)
    progress = Progress(sheets.pages, stream)
    try:
        written = [write_document(doc, geometry, options, progress) for doc in docs]
    except OSError as exc:
        raise BuildError(f"--out {options.out_dir}: cannot write there ({exc.strerror})") from None
    finally:
        progress.close()
    for note in [*bleed_notes(docs, geometry, options), HOME_PRINT, sheets.describe(paper.name)]:
        print(f"printkit: {note}", file=sys.stderr)
    return written


@dataclass(frozen=True)
class SheetCount:
    """The pages a build writes, its sheets of paper, and the sheets the older layout took
    (a cover per file, every run of pieces on pages of its own)."""

    pages: int
    sheets: int
    before: int

    @classmethod
    def of(cls, docs: list[Document], geometry: Geometry, options: BuildOptions) -> SheetCount:
        """Count the pages and sheets of the planned documents."""
        paper = geometry.paper(options.paper)
        pages = sheets = before = 0
        for doc in docs:
            grids = grids_for(
                doc.selection.pieces, geometry, paper, options.bleed_mm, options.strict
            )
            sides = 2 if is_two_sided(doc, options) else 1
            n = count_pages(doc, grids, geometry.frame, options)
            pages += n
            sheets += n // sides
            before += count_unpacked(doc, grids, options) + (sides - 1)
        return cls(pages, sheets, before)

    def describe(self, paper: str) -> str:
        """Say how many sheets the build prints and how many it saves."""
        return (
            f"{self.sheets} sheets of {paper} ({self.before - self.sheets} saved against a "
            f"cover per file and a sheet per run: {self.before}; --covers adds the covers)"
        )


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
    """Return the option warnings."""
    notes = options.warnings()
    if not style_for(options.lang).embedded:
        notes.append(MISSING_FONTS)
    return notes


HOME_PRINT = (
    "these PDFs are for printing at home or at a copy shop, at actual size (100 %): each "
    "sheet is the finished page, cut along its crop marks; for a print shop's card or "
    "token service use 'printkit pod --service mpc|tgc --pdf' (a page per design, 3 mm "
    "bleed, TrimBox and BleedBox, sRGB output intent)"
)


def bleed_notes(docs: list[Document], geometry: Geometry, options: BuildOptions) -> list[str]:
    """Say, for an explicit --bleed, which shapes print fewer to a sheet to give it on every
    side; without one, which shapes get less than the full bleed."""
    paper = geometry.paper(options.paper)
    notes = []
    for shape in sorted({p.shape for d in docs for p in d.selection.pieces}):
        usual = grid_for(geometry.shapes[shape], paper, geometry.frame, options.bleed_mm)
        if options.strict:
            grid = grid_with_bleed(geometry.shapes[shape], paper, geometry.frame, options.bleed_mm)
            if grid.per_page < usual.per_page:
                notes.append(
                    f"--bleed {options.bleed_mm:g}: {shape} sheets hold {grid.per_page} "
                    f"({grid.columns} x {grid.rows}, not {usual.per_page}), so every side of "
                    f"every piece gets {options.bleed_mm:g} mm"
                )
        elif usual.bleed < options.bleed_mm - 1e-6:
            notes.append(
                f"{shape} sheets of {paper.name} have {usual.bleed_x:.2f} mm of bleed left and "
                f"right, {usual.bleed_y:.2f} mm above and below (--bleed 3 prints fewer a "
                "sheet with 3 mm all round)"
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
    base = options.base_url or ""
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
