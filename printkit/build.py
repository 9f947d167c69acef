"""Build the print-ready PDFs: plan documents from the catalog, lay pieces out, write atomically.

Each distinct design is drawn once as a PDF form XObject and placed once per copy, so a
342-chip box costs 63 drawings. Canvases are made with ``invariant=1``: the same input
gives byte-identical files. A file is written under a temporary name and renamed into
place only when complete, so a failed build leaves no partial PDF.

The work is in three modules: ``printkit.plan`` (options, which documents), ``printkit.impose``
(pieces laid on pages, fronts and backs) and ``printkit.write`` (files); this module gathers
the names callers use.
"""

from __future__ import annotations

from printkit.impose import Progress, count_pages, draw_document
from printkit.plan import (
    BuildError,
    BuildOptions,
    Document,
    bank_sheet,
    bank_url,
    plan,
)
from printkit.write import atomic_path, build, write_bank_sheets, write_document, write_pieces

__all__ = [
    "BuildError",
    "BuildOptions",
    "Document",
    "Progress",
    "bank_sheet",
    "atomic_path",
    "bank_url",
    "build",
    "count_pages",
    "draw_document",
    "plan",
    "write_bank_sheets",
    "write_document",
    "write_pieces",
]
