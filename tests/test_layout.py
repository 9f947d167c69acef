"""Sheet geometry in numbers."""

from __future__ import annotations

import pytest

from printkit.layout import (
    Box,
    LayoutError,
    Shape,
    crop_lines,
    grid_for,
    load_geometry,
    mirror_long_edge,
    pages_needed,
)

GEO = load_geometry()


def grid(shape: str, paper: str, bleed: float = 3.0):  # type: ignore[no-untyped-def]
    return grid_for(GEO.shapes[shape], GEO.paper(paper), GEO.frame, bleed)


@pytest.mark.parametrize(
    ("shape", "paper", "columns", "rows", "bleed", "on_top"),
    [
        ("chip", "letter", 4, 5, 3.0, True),
        ("chip", "a4", 4, 6, 3.0, True),
        ("card", "letter", 3, 3, 0.85, False),  # 9 cards fit only with the label in the margin
        ("card", "a4", 3, 3, 2.25, True),
        ("dragon-card", "a4", 2, 2, 3.0, True),
        ("track-card", "letter", 2, 3, 3.0, True),
        ("token", "letter", 6, 7, 3.0, True),
    ],
)
def test_pieces_per_page(
    shape: str, paper: str, columns: int, rows: int, bleed: float, on_top: bool
) -> None:
    g = grid(shape, paper)
    assert (g.columns, g.rows, g.header_on_top) == (columns, rows, on_top)
    assert g.bleed == pytest.approx(bleed, abs=0.01)


def test_chip_positions_on_letter() -> None:
    g = grid("chip", "letter")
    assert g.pitch_x == pytest.approx(38 + 2 + 6)
    first, second, below = g.slot(0), g.slot(1), g.slot(4)
    assert second.x - first.x == pytest.approx(46)
    assert first.y - below.y == pytest.approx(46)
    used = 4 * 38 + 3 * 8
    assert first.x == pytest.approx(6 + (215.9 - 12 - used) / 2)


def test_everything_stays_inside_the_margins() -> None:
    for paper in ("letter", "a4"):
        for shape in GEO.shapes:
            g = grid(shape, paper)
            p = GEO.paper(paper)
            for i in range(g.per_page):
                b = g.slot(i)
                assert b.x >= GEO.frame.margin - 1e-6
                assert b.y >= GEO.frame.margin - 1e-6
                assert b.x + b.width <= p.width - GEO.frame.margin + 1e-6
                assert b.y + b.height <= p.height - GEO.frame.margin + 1e-6


def test_page_counts() -> None:
    assert pages_needed(342, 20) == 18
    assert pages_needed(50, 9) == 6
    assert pages_needed(0, 9) == 0


def test_long_edge_mirror_and_offset() -> None:
    paper = GEO.paper("letter")
    front = Box(10.0, 20.0, 63.0, 88.0)
    back = mirror_long_edge(front, paper, (1.5, -0.5))
    assert back.x == pytest.approx(215.9 - 10 - 63 + 1.5)
    assert back.y == pytest.approx(19.5)
    assert mirror_long_edge(mirror_long_edge(front, paper), paper) == front


def test_crop_lines_stay_outside_the_bleed() -> None:
    g = grid("card", "a4")
    lines = crop_lines(g, 9, GEO.frame, "corners")
    assert len(lines) == 2 * 6 + 2 * 6  # 6 cut lines each way, a mark at both ends
    top = g.slot(0).y + g.slot(0).height + g.bleed
    assert all(min(y1, y2) > top for x1, y1, x2, y2 in lines if x1 == x2 and y1 > top)
    assert crop_lines(g, 9, GEO.frame, "none") == []
    assert len(crop_lines(g, 9, GEO.frame, "full")) == 12
    with pytest.raises(LayoutError, match="unknown crop-mark style"):
        crop_lines(g, 9, GEO.frame, "dotted")


def test_too_big_and_bad_inputs() -> None:
    huge = Shape("poster", "rect", 300.0, 400.0)
    with pytest.raises(LayoutError, match="does not fit"):
        grid_for(huge, GEO.paper("a4"), GEO.frame, 3.0)
    with pytest.raises(LayoutError, match="unknown paper 'legal'"):
        GEO.paper("legal")
    with pytest.raises(LayoutError, match="20-60 mm"):
        load_geometry(chip_diameter=100)
