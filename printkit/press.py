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

from reportlab.lib.units import mm
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
