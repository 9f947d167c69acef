"""Press-ready PDF marks: page boxes and the viewer preferences a print dialog reads.

Every page gets a TrimBox and a BleedBox. A home-print sheet (Letter or A4) is itself the
finished page, nothing is trimmed off it, so both boxes are the paper (the pieces' own cut
lines are on the sheet); a page that holds one design with its bleed (``printkit pod
--pdf``) gets its cut as the TrimBox and the cut plus bleed as the BleedBox, which is what
print shops' preflight checks. The document asks for actual size (``PrintScaling /None``):
"fit to page" would shrink a 38 mm chip; a duplex build also asks for a long-edge flip,
which is how its backs are mirrored.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import Canvas


def page_boxes(
    width_mm: float, height_mm: float, bleed_mm: float = 0.0
) -> tuple[list[float], list[float]]:
    """Return (TrimBox, BleedBox) in points for a page of this size with this much bleed."""
    media = [0.0, 0.0, width_mm * mm, height_mm * mm]
    inset = bleed_mm * mm
    trim = [inset, inset, media[2] - inset, media[3] - inset]
    return trim, media


def mark_press_ready(
    c: Canvas, width_mm: float, height_mm: float, duplex: bool, bleed_mm: float = 0.0
) -> None:
    """Set the page boxes of this and later pages, and the document's print preferences."""
    trim, bleed = page_boxes(width_mm, height_mm, bleed_mm)
    c.setTrimBox(trim)
    c.setBleedBox(bleed)
    c.setViewerPreference("PrintScaling", "None")
    if duplex:
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")


SRGB_PROFILE = Path("/usr/share/color/icc/sRGB.icc")
"""The sRGB ICC profile a print-shop PDF names as its output intent: Debian's
``icc-profiles-free`` (the Makefile installs it)."""
SRGB_CONDITION = "sRGB IEC61966-2.1"


class PressError(ValueError):
    """A print-shop PDF that cannot be made as asked; the message says how to fix it."""


def srgb_profile(path: Path = SRGB_PROFILE) -> bytes:
    """Return the bytes of the sRGB ICC profile.

    :raises PressError: when it is not installed, naming the package that has it.
    """
    try:
        return path.read_bytes()
    except OSError:
        raise PressError(
            f"no sRGB ICC profile at {path}: install Debian's icc-profiles-free "
            "(make debian-run-packages does), which print-shop PDFs name as their output intent"
        ) from None


def add_output_intent(c: Canvas, profile: bytes) -> None:
    """Declare the document's colours sRGB for print, PDF/X-4 style: an /OutputIntents
    entry (GTS_PDFX) whose DestOutputProfile is the ICC profile, three components."""
    doc = c._doc  # type: ignore[attr-defined]  # reportlab keeps its document here
    stream = PDFStream(PDFDictionary({"N": 3}), profile)
    stream.filters = [PDFZCompress]
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(SRGB_CONDITION),
            "Info": PDFString(SRGB_CONDITION),
            "RegistryName": PDFString("http://www.color.org"),
            "DestOutputProfile": doc.Reference(stream),
        }
    )
    catalog = doc.Catalog
    # PDFCatalog writes only the keys it lists; OutputIntents is not among them
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([doc.Reference(intent)])
