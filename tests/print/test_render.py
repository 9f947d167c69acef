"""Every icon, shape and kind has a renderer."""

from __future__ import annotations

import pytest

from printkit.catalog.vocab import BANNER_ICONS, TOP_ICONS
from printkit.layout import load_geometry
from printkit.render import RenderError, renderer_for
from printkit.render.icons import BANNER_DRAWERS, BANNER_INKS, ICON_INKS, TOP_DRAWERS


def test_every_icon_has_a_drawer() -> None:
    assert set(TOP_DRAWERS) == set(TOP_ICONS) == set(ICON_INKS)
    assert set(BANNER_DRAWERS) == set(BANNER_ICONS) == set(BANNER_INKS)


def test_every_shape_has_a_renderer() -> None:
    for shape in load_geometry().shapes:
        front, back = renderer_for(shape)
        assert callable(front) and callable(back)


def test_unknown_shape() -> None:
    with pytest.raises(RenderError, match="no renderer for shape 'hexagon'"):
        renderer_for("hexagon")
