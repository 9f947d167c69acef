"""Pages of pieces: each shape's copies laid out a page at a time, small runs sharing a page.

Pure: pieces and grids in, pages out (nothing draws). A shape's last page that leaves
whole rows free below its pieces takes the start of the next round shape's run in those
rows (the five Flash Duel win tokens go under the five track cards instead of onto a page
of their own); the shape above then moves up to the top of the page to make the room.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit.layout import Box, Frame, Grid, LayoutError, lay_out_in
from printkit.pieces import Piece, expand


@dataclass(frozen=True)
class Part:
    """Some pieces of one shape on a page, and the grid that places them."""

    grid: Grid
    pieces: list[Piece]

    @property
    def is_full(self) -> bool:
        """Return True when the pieces take every place of the grid."""
        return len(self.pieces) == self.grid.per_page


Page = list[Part]


def paginate(pieces: list[Piece], grids: dict[str, Grid], frame: Frame) -> list[Page]:
    """Lay every copy on pages, a shape at a time in catalog order, sharing pages where
    the next shape's pieces fit below the last ones of the shape before."""
    pages: list[Page] = []
    for shape in dict.fromkeys(p.shape for p in pieces):
        grid = grids[shape]
        copies = list(expand([p for p in pieces if p.shape == shape]))
        band = band_below(pages[-1], grid, frame) if pages else None
        if band is not None:
            taken = copies[: band.per_page]
            copies = copies[len(taken) :]
            (above,) = pages[-1]
            pages[-1] = [Part(raised(above.grid, frame), above.pieces), Part(band, taken)]
        for start in range(0, len(copies), grid.per_page):
            pages.append([Part(grid, copies[start : start + grid.per_page])])
    return pages


def raised(grid: Grid, frame: Frame) -> Grid:
    """Return the grid moved up to the top of its area, keeping room for crop marks."""
    room = grid.bleed_y + frame.crop_offset + frame.crop_length
    slack = grid.area.y + grid.area.height - grid.top
    return replace(grid, top=grid.top + max(0.0, slack - room))


def band_below(page: Page, grid: Grid, frame: Frame) -> Grid | None:
    """Return a grid for ``grid``'s round shape in the rows a page's only, partly used
    part leaves free below its pieces (None: no room, or the page is shared or full)."""
    if len(page) != 1 or page[0].is_full or grid.shape.columns:
        return None
    above = raised(page[0].grid, frame)
    rows = math.ceil(len(page[0].pieces) / above.columns)
    bottom = above.top - (rows - 1) * above.pitch_y - above.shape.height - above.bleed_y
    area = above.area
    top = bottom - frame.crop_offset - frame.crop_length
    band = Box(area.x, area.y, area.width, top - area.y)
    if band.height <= 0:
        return None
    try:
        found = lay_out_in(grid.shape, band, frame, grid.bleed, grid.header_on_top)
    except LayoutError:
        return None
    return found
