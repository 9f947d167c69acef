"""Embedding TrueType fonts once per build rather than once per PDF.

Most PDFs of a build use the same characters of the same fonts, so the costly parts of
embedding a font subset (cutting it out of the font file, compressing it, writing its
widths and its ToUnicode map) give the same bytes in each PDF: these wrappers make each
one once and reuse it. The PDFs are byte for byte what reportlab writes without them.
"""

from __future__ import annotations

import zlib
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont


class FlateOnce:
    """A Flate filter that remembers what it compressed."""

    pdfname = "FlateDecode"

    def __init__(self) -> None:
        self.packed: dict[bytes, bytes] = {}

    def encode(self, content: str | bytes) -> bytes:
        """Return ``content`` compressed, as reportlab's own Flate filter does."""
        raw = content.encode("utf8") if isinstance(content, str) else content
        if raw not in self.packed:
            self.packed[raw] = zlib.compress(raw)
        return self.packed[raw]


class WidthsOnce(pdfdoc.PDFObject):
    """A font subset's widths array, written out once per distinct subset."""

    written: dict[tuple[int, ...], bytes] = {}

    def __init__(self, widths: list[int]) -> None:
        self.widths = tuple(widths)

    def format(self, document: Any) -> bytes:
        """Return the array as reportlab writes it (numbers only, so the same in any PDF)."""
        if self.widths not in self.written:
            array = pdfdoc.PDFArray(list(self.widths))
            self.written[self.widths] = array.format(document)
        return self.written[self.widths]


def reusing_subsets(font: TTFont) -> TTFont:
    """Make a TrueType font cut, compress and describe each subset it embeds only once."""
    face: Any = font.face
    cut, add = face.makeSubset, face.addSubsetObjects
    made: dict[tuple[int, ...], bytes] = {}
    flate = FlateOnce()

    def make_subset(subset: list[int]) -> bytes:
        key = tuple(subset)
        if key not in made:
            made[key] = cut(subset)
        return made[key]

    def add_subset_objects(doc: Any, fontname: str, subset: list[int]) -> Any:
        descriptor = add(doc, fontname, subset)
        stream = doc.idToObject[f"fontFile:{face.filename}({fontname})"]
        if stream.filters:
            stream.filters = [flate]
        return descriptor

    face.makeSubset = make_subset
    face.addSubsetObjects = add_subset_objects
    add_objects = font.addObjects

    def add_font_objects(doc: Any) -> None:
        add_objects(doc)
        for obj in list(doc.idToObject["BasicFonts"].dict.values()):
            share_font_objects(doc, obj, flate)

    font.addObjects = add_font_objects  # type: ignore[method-assign]
    return font


def share_font_objects(doc: Any, pdf_font: Any, flate: FlateOnce) -> None:
    """Give one TrueType font object of a PDF the shared widths and ToUnicode compression."""
    if not isinstance(pdf_font, pdfdoc.PDFTrueTypeFont):
        return
    found: Any = pdf_font
    if isinstance(found.Widths, pdfdoc.PDFArray):
        found.Widths = WidthsOnce(found.Widths.sequence)
        cmap = doc.idToObject[found.ToUnicode.name]
        if cmap.filters:
            cmap.filters = [flate]
