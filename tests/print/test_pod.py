"""Print-on-demand export: pixel sizes at each service's spec, bleed painted, counts, backs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from printkit.catalog import Catalog
from printkit.cli import main
from printkit.pieces import Piece, pieces_for
from printkit.pod import export_set, find_service
from printkit.render.style import style_for

Json = dict[str, Any]


def read(path: Path) -> Image.Image:
    """Load an image and close its file."""
    with Image.open(path) as image:
        return image.copy()


def one_per_shape(catalog: Catalog) -> list[Piece]:
    """A card, a dragon card, a track card, a chip, a token and a counter."""
    pieces = [
        *pieces_for(catalog.game("flash-duel").set("2e")).pieces,
        *pieces_for(catalog.game("puzzle-strike").set("base-3e")).pieces,
        *pieces_for(catalog.game("shadowfist").set("basic")).pieces,
    ]
    return list({p.shape: p for p in reversed(pieces)}.values())


@pytest.mark.parametrize(
    ("service", "shape", "size"),
    [
        ("mpc", "card", (822, 1122)),
        ("tgc", "card", (825, 1125)),
        ("mpc", "track-card", (1122, 822)),
        ("tgc", "track-card", (1125, 825)),
        ("tgc", "token", (375, 375)),  # LargeCircleChit
        ("tgc", "counter", (300, 300)),  # MediumCircleChit
        ("tgc", "chip", (525, 525)),  # 38 mm + 1/8 in a side at 300 dpi: a custom cut
        ("mpc", "chip", (521, 521)),  # 38 mm + 0.12 in a side
    ],
)
def test_images_are_at_the_service_spec(
    catalog: Catalog, tmp_path: Path, service: str, shape: str, size: tuple[int, int]
) -> None:
    piece = next(p for p in one_per_shape(catalog) if p.shape == shape)
    export = export_set([piece], style_for("en"), find_service(service), tmp_path)
    (front,) = export.components
    with Image.open(tmp_path / front["file"]) as image:
        assert image.size == size == tuple(front["size_px"])
        assert image.mode == "RGB"  # services take plain RGB, no transparency
    if piece.family:
        with Image.open(tmp_path / front["back"]) as back:
            assert back.size == size


@pytest.mark.parametrize("service", ["mpc", "tgc"])
def test_bleed_is_3_mm_and_painted(catalog: Catalog, tmp_path: Path, service: str) -> None:
    spec = find_service(service)
    pieces = [p for p in one_per_shape(catalog) if p.shape in ("card", "chip")]
    export = export_set(pieces, style_for("en"), spec, tmp_path)
    for component in export.components:
        bleed_mm = spec.mm(component["bleed_px"])
        assert 3.0 <= bleed_mm <= 3.3, component
    by_file = {p.relative_to(tmp_path).as_posix(): read(p) for p in export.images}
    card = next(c for c in export.components if c["shape"] == "card")
    image = by_file[card["file"]]
    w, h = image.size
    inside = image.getpixel((w // 2, int(card["bleed_px"]) + 4))
    assert image.getpixel((w // 2, 1)) == inside  # the background runs out to the image edge
    assert image.getpixel((1, h // 2)) == image.getpixel((int(card["bleed_px"]) + 4, h // 2))
    chip = next(c for c in export.components if c["shape"] == "chip")
    disc = by_file[chip["file"]]
    ring = disc.getpixel((disc.width // 2, int(chip["bleed_px"]) // 2))
    assert ring != (255, 255, 255)  # the chip's colour runs into the bleed ring


@pytest.fixture(scope="module")
def tgc_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pod")
    args = ["pod", "--service", "tgc", "--set", "2e", "--set", "basic", "--out", str(out)]
    assert main(args) == 0
    return out / "tgc"


@pytest.mark.parametrize(("game", "set_id"), [("flash-duel", "2e"), ("shadowfist", "basic")])
def test_manifest_counts_match_the_catalog(
    tgc_export: Path, catalog: Catalog, game: str, set_id: str
) -> None:
    folder = tgc_export / f"{set_id}_en"
    data: Json = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    selection = pieces_for(catalog.game(game).set(set_id))
    assert {c["design"]: c["copies"] for c in data["components"]} == {
        p.design: p.copies for p in selection.pieces
    }
    assert data["copies"] == selection.count() == sum(c["copies"] for c in data["components"])
    for component in data["components"]:
        with Image.open(folder / component["file"]) as image:
            assert list(image.size) == component["size_px"]
        assert component["name"]
    backs = {b["file"] for b in data["backs"]}
    assert all(b.startswith("backs/") and (folder / b).is_file() for b in backs)
    assert {c["back"] for c in data["components"] if c["back"]} == backs
    fronts = {c["file"] for c in data["components"]}
    assert not fronts & backs and all(f.startswith("fronts/") for f in fronts)
    written = {p.relative_to(folder).as_posix() for p in folder.rglob("*.png")}
    assert written == fronts | backs


def test_no_stock_shape_is_said_in_the_manifest(tgc_export: Path) -> None:
    data: Json = json.loads((tgc_export / "2e_en" / "manifest.json").read_text(encoding="utf-8"))
    dragon = next(c for c in data["components"] if c["shape"] == "dragon-card")
    assert dragon["stock"] is None and "no stock card" in dragon["note"]
    token = next(c for c in data["components"] if c["shape"] == "token")
    assert token["stock"].startswith("LargeCircleChit")


def test_chips_shrink_onto_the_stock_circle(catalog: Catalog, tmp_path: Path) -> None:
    chip = next(p for p in one_per_shape(catalog) if p.shape == "chip")
    export = export_set([chip], style_for("en"), find_service("tgc"), tmp_path, "stock")
    (component,) = export.components
    assert component["size_px"] == [375, 375] and component["stock"] == "LargeCircleChit"
    custom = export_set([chip], style_for("en"), find_service("tgc"), tmp_path)
    assert custom.components[0]["stock"] is None
    assert "LargeCircleChit" in custom.components[0]["note"]


def test_unknown_service_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["pod", "--service", "kinkos", "--out", str(tmp_path)]) == 2
    assert "no service 'kinkos' (known: mpc, tgc)" in capsys.readouterr().err
    assert main(["pod", "--service", "tgc", "--set", "nope", "--out", str(tmp_path)]) == 2
    assert "no set 'nope'" in capsys.readouterr().err
