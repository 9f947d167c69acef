"""A print-shop PDF of a set: one page per design at a service's size, drawn as vectors.

The page is the design's cut plus its bleed; its TrimBox is the cut and its BleedBox the
whole page (``printkit.press``), which is what a print shop's preflight reads. Pages come
in the manifest's order: every front, then the backs (``printkit pod --pdf``).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.layout import Box, load_geometry
from printkit.pieces import Piece
from printkit.pod import Product, Service
from printkit.press import add_output_intent, mark_press_ready, srgb_profile
from printkit.render import renderer_for
from printkit.render.style import Style
from printkit.write import atomic_path


def page_size(product: Product, service: Service) -> tuple[float, float, float]:
    """Return (width, height, bleed) in millimetres of a product's page."""
    width, height = (service.mm(v) for v in product.image_px)
    return width, height, service.mm(product.bleed_px)


def draw_page(
    c: Canvas, piece: Piece, product: Product, service: Service, style: Style, back: bool
) -> None:
    """Draw one design (front or back) on a page of its own, boxes set."""
    width, height, bleed = page_size(product, service)
    c.setPageSize((width * mm, height * mm))
    mark_press_ready(c, width, height, duplex=False, bleed_mm=bleed)
    front_draw, back_draw = renderer_for(piece.shape)
    box = Box(bleed, bleed, product.shape.width, product.shape.height)
    (back_draw if back else front_draw)(c, piece, box, bleed, style)
    c.showPage()


def write_press_pdf(
    pieces: list[Piece], style: Style, service: Service, path: Path, round_mode: str = "custom"
) -> int:
    """Write every front, then one back per shape and family; return the page count."""
    shapes = load_geometry().shapes
    order = list(dict.fromkeys(p.shape for p in pieces))  # the manifest's order
    products = {s: service.product(shapes[s], round_mode) for s in order}
    fronts = [p for shape in order for p in pieces if p.shape == shape]
    backs = [
        (shape, piece)
        for shape in order
        for piece in reversed(
            {p.family: p for p in reversed(pieces) if p.family and p.shape == shape}.values()
        )
    ]
    with atomic_path(path) as tmp:
        # types-reportlab types initialFontName as a number, wrongly
        c = Canvas(str(tmp), invariant=1, initialFontName=style.regular)  # type: ignore[arg-type]
        c.setTitle(path.parent.name)
        c.setCreator("strikekit printkit")
        add_output_intent(c, srgb_profile())
        for piece in fronts:
            draw_page(c, piece, products[piece.shape], service, style, back=False)
        for shape, piece in backs:
            draw_page(c, piece, products[shape], service, style, back=True)
        pages: int = c.getPageNumber() - 1
        c.save()
    return pages
