"""Plan a build: the options, and the PDFs they ask for, each with its pieces and sheets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from reportlab.pdfgen.canvas import Canvas

from printkit.catalog import Catalog, FlashDuelSet, GameSet, PuzzleStrikeSet, ShadowfistSet
from printkit.catalog.bankcode import encode_bank
from printkit.i18n import LANGUAGES, text
from printkit.layout import (
    CROP_MODES,
    CUT_MODES,
    Frame,
    Geometry,
    Paper,
)
from printkit.pieces import (
    PIECE_KINDS,
    SHEET_KINDS,
    Selection,
    flash_duel_pieces,
    only,
    puzzle_strike_pieces,
    shadowfist_pieces,
)
from printkit.render.aids.flash_duel import draw_duel_reference
from printkit.render.aids.puzzle_strike import draw_gem_mat, draw_turn_aid
from printkit.render.aids.shadowfist import draw_shadowfist_reference, draw_shadowfist_tracker
from printkit.render.banksheet import BankSheet, BankStackLine, draw_bank_sheet
from printkit.render.safezone import MIN_TEXT_PT, scale_for
from printkit.render.style import Style

DEFAULT_BLEED = 3.0


DEFAULT_CHIP = 38.0
MAX_BACK_OFFSET = 5.0
"""The largest duplex drift (mm) --back-offset corrects: duplex units drift 1-3 mm; a larger
reading usually means the sheet was flipped on the short edge."""


class BuildError(ValueError):
    """Build options that cannot work; the message says which and why."""


@dataclass(frozen=True)
class BuildOptions:
    """Everything the user chooses about a build."""

    paper: str = "letter"
    bleed: float | None = None
    """Bleed asked for (mm); None: the default 3 mm, less where a grid has no room, quietly."""
    crop_marks: str = "corners"
    cut_lines: str = "fronts"
    """Where cut lines go: ``fronts``, ``both`` or ``none`` (see ``layout.CUT_MODES``)."""
    duplex: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    lang: str = "en"
    game: str | None = None
    set_id: str | None = None
    only: frozenset[str] = frozenset()
    out_dir: Path = Path("output")
    chip_diameter: float | None = None
    base_url: str | None = None
    ink_saver: bool = False
    """Light tints instead of flood fills (printkit.inksaver)."""
    covers: bool = False
    """A cover page (contents, printing notes) at the front of each PDF: off by default, as
    a home printer would print it as one more sheet; the build prints the notes instead."""

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
        if self.cut_lines not in CUT_MODES:
            raise BuildError(f"--cut-lines must be one of {', '.join(CUT_MODES)}")
        if any(abs(v) > MAX_BACK_OFFSET for v in self.back_offset):
            x, y = self.back_offset
            raise BuildError(
                f"--back-offset must be within {MAX_BACK_OFFSET:g} mm each way, not {x:g},{y:g} "
                "(a larger reading on the alignment test usually means the sheet was flipped "
                "on the short edge: flip on the long edge)"
            )
        unknown = sorted(self.only - set(PIECE_KINDS) - set(SHEET_KINDS))
        if unknown:
            known = ", ".join((*PIECE_KINDS, *SHEET_KINDS))
            raise BuildError(f"--only: unknown kind {unknown[0]!r} (known: {known})")

    @property
    def strict(self) -> bool:
        """Return True when --bleed was given: every piece then gets it on every side."""
        return self.bleed is not None

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


def file_name(parts: list[str], options: BuildOptions, sided: bool = False) -> str:
    """Name a file by game, set, kind, paper and language; a two-sided build of pieces adds
    'duplex', so it never overwrites the one-sided file."""
    duplex = ["duplex"] if sided and options.duplex else []
    return "_".join([*parts, options.paper, options.lang, *duplex]) + ".pdf"


def set_title(game_name: str, set_name: str) -> str:
    """Title a set's document: 'Game: Set', or the set's name alone when it names the game."""
    return set_name if set_name.startswith(game_name) else f"{game_name}: {set_name}"


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
    if isinstance(game_set, PuzzleStrikeSet):
        return puzzle_strike_documents(catalog, game_id, game_set, options, game_set.gaps())
    if isinstance(game_set, FlashDuelSet):
        return flash_duel_documents(game_id, game_name, game_set, options)
    if isinstance(game_set, ShadowfistSet):
        return shadowfist_documents(game_id, game_name, game_set, options)
    return []


def flash_duel_documents(
    game_id: str, game_name: str, game_set: FlashDuelSet, options: BuildOptions
) -> list[Document]:
    """Plan Flash Duel's cards and its reference sheet.

    The unknown abilities are listed as missing cards; the other gaps are not printed.
    """
    lang = options.lang
    cards = Document(
        file_name([game_id, game_set.id, "cards"], options, sided=True),
        set_title(game_name, game_set.name),
        only(flash_duel_pieces(game_set), set(options.only)),
    )
    aids = Document(
        file_name([game_id, game_set.id, "aids"], options),
        text(lang, "title_reference", game=game_name),
    )
    if wants(options, "aid"):
        reference = for_set(draw_duel_reference, game_set)
        aids.sheets.append((text(lang, "sheet_duel_reference"), reference))
    return [cards, aids]


def shadowfist_documents(
    game_id: str, game_name: str, game_set: ShadowfistSet, options: BuildOptions
) -> list[Document]:
    """Plan Shadowfist's counters and its table aids."""
    lang = options.lang
    counters = Document(
        file_name([game_id, game_set.id, "counters"], options, sided=True),
        text(lang, "title_counters", game=game_name),
        only(shadowfist_pieces(game_set), set(options.only)),
    )
    aids = Document(
        file_name([game_id, game_set.id, "aids"], options),
        text(lang, "title_table_aids", game=game_name),
    )
    if wants(options, "aid"):
        reference = for_set(draw_shadowfist_reference, game_set)
        aids.sheets.append((text(lang, "sheet_sf_reference"), reference))
        tracker = for_set(draw_shadowfist_tracker, game_set)
        aids.sheets.append((text(lang, "sheet_tracker"), tracker))
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
        file_name([game_id, game_set.id, "chips"], options, sided=True),
        game_set.name,
        only(puzzle_strike_pieces(game_set), set(options.only)),
        gaps=gaps,
    )
    banks = Document(
        file_name([game_id, game_set.id, "banks"], options),
        text(options.lang, "title_banks", set=game_set.name),
    )
    if wants(options, "bank-sheet"):
        base = options.base_url or ""
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

    With a companion address (``base_url``) the QR code opens the bank there, its address
    carrying the bank's name (unless the title is just the code), so the companion opens it
    under that name; without one the QR code holds the bank code itself, which keeps
    working wherever the companion runs (its 'Bank code' field takes it as scanned).
    """
    code = encode_bank(catalog, set_ids, chip_keys)
    sets = [s for s in catalog.puzzle_strike_sets() if s.id in set_ids]
    by_key = {f"{s.id}/{c.id}": (s.id, c) for s in sets for c in s.puzzle_chips}
    names = {s.id: s.name for s in sets}
    mixed = len({by_key[k][0] for k in chip_keys}) > 1
    lines = [
        BankStackLine(c.name, c.cost, tuple(c.banner or ()), c.is_attack(), names[sid] * mixed)
        for sid, c in (by_key[k] for k in chip_keys)
    ]
    lines.sort(key=lambda line: (line.cost if line.cost is not None else 99, line.name))
    fixed = [
        (s.name_ja if lang == "ja" and s.name_ja else s.name, s.count, s.cost)
        for s in sets[0].stacks
    ]
    url = bank_url(base_url, code, title) if base_url else ""
    return BankSheet(title, code, [s.name for s in sets], lines, fixed, url)


def bank_url(base_url: str, code: str, name: str = "") -> str:
    """Return the companion address of a bank, with its name when it has one."""
    url = f"{base_url.rstrip('/')}/bank/{code}"
    return url if not name or name == code else f"{url}?{urlencode({'name': name})}"
