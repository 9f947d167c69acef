"""Print on demand: every design as its own image at a service's published spec, with a manifest.

The services (``printkit/pod.toml``) take one image per design and a count, plus a back per
deck. Each design is drawn by the same renderers as the PDFs (``printkit.images``), at the
service's trim and bleed: a stock product's exact pixel size, or, for a shape the service
has no stock product for, our own size with the service's bleed at its dpi (the manifest
then names the nearest product it sells). Round pieces are flattened onto white: the
services want plain RGB images. Sources: docs/print-on-demand.md.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image

from printkit.encode import PngWriter
from printkit.images import Raster, render_pngs, slug
from printkit.layout import Shape, load_geometry
from printkit.pieces import Piece
from printkit.render.style import Style
from printkit.write import atomic_path

SPECS_FILE = Path(__file__).with_name("pod.toml")
MM_PER_INCH = 25.4
ROUND_MODES = ("custom", "stock")
"""``custom``: round pieces at our size (a custom cut); ``stock``: shrunk onto the nearest
stock circle where the service sells one."""


class PodError(ValueError):
    """An unknown service or option; the message says which and what is known."""


@dataclass(frozen=True)
class Product:
    """What one shape becomes at a service: the image and cut in pixels, and the product."""

    shape: Shape
    """The shape as drawn: the service's trim size in millimetres."""
    image_px: tuple[int, int]
    trim_px: tuple[int, int]
    stock: str | None
    """The service's product name; None when it sells no stock product for the shape."""
    note: str | None
    """Why not stock, and the nearest product the service sells."""

    @property
    def bleed_px(self) -> float:
        """Return the bleed on each side, in pixels."""
        return (self.image_px[0] - self.trim_px[0]) / 2


@dataclass(frozen=True)
class Service:
    """A print-on-demand service's spec: its dpi, bleed and per-shape products."""

    id: str
    name: str
    dpi: int
    bleed_in: float
    formats: str
    shapes: dict[str, dict[str, Any]]

    def px(self, millimetres: float) -> int:
        """Return a length in pixels at the service's dpi."""
        return round(millimetres / MM_PER_INCH * self.dpi)

    def mm(self, pixels: float) -> float:
        """Return a pixel length in millimetres at the service's dpi."""
        return pixels / self.dpi * MM_PER_INCH

    def product(self, shape: Shape, round_mode: str = "custom") -> Product:
        """Return what a shape becomes at this service."""
        spec = self.shapes.get(shape.name, {})
        if round_mode == "stock" and "stock_if_shrunk" in spec:
            spec = {
                "stock": spec["stock_if_shrunk"],
                "image": spec["shrunk_image"],
                "trim": spec["shrunk_trim"],
                "note": f"shrunk from {shape.width:g} mm to the stock circle",
            }
        if "image" in spec:
            image = (int(spec["image"][0]), int(spec["image"][1]))
            trim = (int(spec["trim"][0]), int(spec["trim"][1]))
            drawn = replace(shape, width=self.mm(trim[0]), height=self.mm(trim[1]))
            return Product(drawn, image, trim, spec.get("stock"), spec.get("note"))
        bleed = self.px(self.bleed_in * MM_PER_INCH)
        trim = (self.px(shape.width), self.px(shape.height))
        image = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
        drawn = replace(shape, width=self.mm(trim[0]), height=self.mm(trim[1]))
        note = spec.get("nearest") or f"{self.name} publishes no spec for this shape"
        return Product(drawn, image, trim, None, note)


def load_services(path: Path = SPECS_FILE) -> dict[str, Service]:
    """Read the services' specs from pod.toml."""
    with path.open("rb") as handle:
        raw: dict[str, Any] = tomllib.load(handle)
    return {
        sid: Service(sid, s["name"], s["dpi"], s["bleed_in"], s["formats"], s["shape"])
        for sid, s in raw["service"].items()
    }


def find_service(service_id: str) -> Service:
    """Return a service by id.

    :raises PodError: for an unknown service, naming the known ones.
    """
    services = load_services()
    if service_id not in services:
        raise PodError(f"--service: no service {service_id!r} (known: {', '.join(services)})")
    return services[service_id]


def raster(product: Product) -> Raster:
    """Return the raster that draws a product at exactly its image size."""
    bleed_mm = product.shape.width * product.bleed_px / product.trim_px[0]
    return Raster(product.shape, bleed_mm, *product.image_px)


def flatten(image: Image.Image) -> Image.Image:
    """Return an RGB image: a round piece's transparent corners become white."""
    if image.mode != "RGBA":
        return image.convert("RGB")
    flat = Image.new("RGB", image.size, "white")
    flat.paste(image, (0, 0), image)
    return flat


def piece_name(piece: Piece) -> str:
    """Return the name a manifest gives a design: its title, or its kind when untitled."""
    return piece.title or piece.kind.replace("-", " ")


CHUNK = 16
"""Designs rendered and written at a time: memory stays flat however big the set."""


@dataclass
class PodExport:
    """What one set's export wrote: the image files and the manifest entries."""

    out_dir: Path
    images: list[Path]
    components: list[dict[str, Any]]
    backs: list[dict[str, Any]]


def export_set(
    pieces: list[Piece], style: Style, service: Service, out_dir: Path, round_mode: str = "custom"
) -> PodExport:
    """Render every design's front and one back per family; describe them for the manifest."""
    if round_mode not in ROUND_MODES:
        raise PodError(f"--round-pieces must be one of {', '.join(ROUND_MODES)}")
    shapes = load_geometry().shapes
    export = PodExport(out_dir, [], [], [])
    with PngWriter() as writer:
        for shape_name in dict.fromkeys(p.shape for p in pieces):
            members = [p for p in pieces if p.shape == shape_name]
            product = service.product(shapes[shape_name], round_mode)
            export_shape(export, writer, members, style, product)
    return export


def export_shape(
    export: PodExport, writer: PngWriter, members: list[Piece], style: Style, product: Product
) -> None:
    """Render the pieces of one shape (backs first), handing each image to ``writer``."""
    ras = raster(product)
    shape_name = members[0].shape
    backs = {p.family: p for p in reversed(members) if p.family}
    back_files = {}
    for family, piece in reversed(backs.items()):
        (image,) = render_pngs([piece], style, ras, back=True)
        path = Path("backs") / f"{shape_name}_{family}.png"
        export.images.append(writer.write(flatten(image), export.out_dir / path))
        back_files[family] = path.as_posix()
        export.backs.append({"family": family, "shape": shape_name, "file": path.as_posix()})
    for start in range(0, len(members), CHUNK):
        chunk = members[start : start + CHUNK]
        for piece, image in zip(chunk, render_pngs(chunk, style, ras), strict=True):
            path = Path("fronts") / f"{slug(piece.design.removeprefix(piece.set_id + '/'))}.png"
            export.images.append(writer.write(flatten(image), export.out_dir / path))
            export.components.append(entry(piece, path, back_files, product))


def entry(piece: Piece, path: Path, backs: dict[str, str], product: Product) -> dict[str, Any]:
    """Describe one design for the manifest."""
    return {
        "name": piece_name(piece),
        "design": piece.design,
        "kind": piece.kind,
        "shape": piece.shape,
        "copies": piece.copies,
        "file": path.as_posix(),
        "back": backs.get(piece.family or ""),
        "size_px": list(product.image_px),
        "trim_px": list(product.trim_px),
        "bleed_px": product.bleed_px,
        "stock": product.stock,
        "note": product.note,
    }


def manifest(export: PodExport, service: Service, set_id: str, lang: str) -> dict[str, Any]:
    """Return a set's manifest: the service, every design with its count, file and size."""
    return {
        "service": service.id,
        "service_name": service.name,
        "dpi": service.dpi,
        "formats": service.formats,
        "set": set_id,
        "lang": lang,
        "designs": len(export.components),
        "copies": sum(c["copies"] for c in export.components),
        "components": export.components,
        "backs": export.backs,
        "sources": "docs/print-on-demand.md",
    }


def write_manifest(path: Path, data: dict[str, Any]) -> Path:
    """Write a manifest as JSON, atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return path
