"""Sheet geometry in numbers."""

from __future__ import annotations

import pytest

from printkit.layout import (
    Box,
    Grid,
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
        ("chip", "letter", 4, 5, (3.0, 3.0), True),
        ("chip", "a4", 4, 6, (3.0, 3.0), True),
        # 9 cards fit only with the label in the margin; the 1.7 mm row gutters hold the marks
        ("card", "letter", 3, 3, (1.03, 0.0), False),
        ("card", "a4", 3, 3, (0.63, 0.8), True),
        ("dragon-card", "a4", 2, 2, (3.0, 3.0), True),
        ("track-card", "letter", 2, 3, (3.0, 3.0), True),
        ("token", "letter", 6, 7, (3.0, 3.0), True),
    ],
)
def test_pieces_per_page(
    shape: str, paper: str, columns: int, rows: int, bleed: tuple[float, float], on_top: bool
) -> None:
    g = grid(shape, paper)
    assert (g.columns, g.rows, g.header_on_top) == (columns, rows, on_top)
    assert (g.bleed_x, g.bleed_y) == pytest.approx(bleed, abs=0.01)


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
            for x0, y0, x1, y1 in boxes_with_bleed(g, g.per_page):  # bleed included
                assert x0 >= GEO.frame.margin - 1e-6
                assert y0 >= GEO.frame.margin - 1e-6
                assert x1 <= p.width - GEO.frame.margin + 1e-6
                assert y1 <= p.height - GEO.frame.margin + 1e-6


def test_page_counts() -> None:
    assert pages_needed(342, 20) == 18
    assert pages_needed(50, 9) == 6
    assert pages_needed(0, 9) == 0


def test_long_edge_mirror_and_offset() -> None:
    paper = GEO.paper("letter")
    front = Box(10.0, 20.0, 63.0, 88.0)
    back = mirror_long_edge(front, paper, (1.5, -0.5))
    assert back.x == pytest.approx(215.9 - 10 - 63 + 1.5)
    assert back.y == pytest.approx(20.5)  # a drift read 0.5 mm low moves the backs up
    assert mirror_long_edge(mirror_long_edge(front, paper), paper) == front


def boxes_with_bleed(g: Grid, used: int) -> list[tuple[float, float, float, float]]:
    """Return (x0, y0, x1, y1) of each used slot with its bleed."""
    slots = [g.slot(i) for i in range(used)]
    return [
        (b.x - g.bleed_x, b.y - g.bleed_y, b.x + b.width + g.bleed_x, b.y + b.height + g.bleed_y)
        for b in slots
    ]


def crosses(line: tuple[float, float, float, float], box: tuple[float, ...]) -> bool:
    """Return True when a crop-mark line enters a box (touching its edge does not count)."""
    x1, y1, x2, y2 = line
    x0, y0, x3, y3 = box
    eps = 1e-6
    return (
        min(x1, x2) < x3 - eps
        and max(x1, x2) > x0 + eps
        and (min(y1, y2) < y3 - eps and max(y1, y2) > y0 + eps)
    )


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("shape", sorted(GEO.shapes))
def test_crop_marks_stay_on_blank_paper_inside_the_margin(shape: str, paper: str) -> None:
    g = grid(shape, paper)
    p = GEO.paper(paper)
    lines = crop_lines(g, g.per_page, GEO.frame, "corners")
    xs = {b.x for b in (g.slot(i) for i in range(g.per_page))}
    ys = {b.y for b in (g.slot(i) for i in range(g.per_page))}
    if g.shape.outline != "circle":  # round pieces mark strip cuts instead (test_bleed_and_cuts)
        assert {x1 for x1, y1, x2, y2 in lines if x1 == x2} >= xs  # every cut line is marked
        assert {y1 for x1, y1, x2, y2 in lines if y1 == y2} >= ys
    bleed_boxes = boxes_with_bleed(g, g.per_page)
    for line in lines:
        x1, y1, x2, y2 = line
        assert min(x1, x2, y1, y2) >= GEO.frame.margin - 1e-6
        assert max(x1, x2) <= p.width - GEO.frame.margin + 1e-6
        assert max(y1, y2) <= p.height - GEO.frame.margin + 1e-6
        assert not any(crosses(line, box) for box in bleed_boxes), line
        assert abs(x2 - x1) + abs(y2 - y1) >= 1.0 - 1e-6


def test_crop_mark_styles() -> None:
    g = grid("card", "a4")
    assert crop_lines(g, 9, GEO.frame, "none") == []
    assert len(crop_lines(g, 9, GEO.frame, "full")) == 12  # 6 cut lines each way
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
