"""PNG exports: Tabletop Simulator deck sheets and per-piece images, set contact sheets.

Each design is drawn by the same renderers as the PDFs (into a one-page PDF the size of
its trim box) and rasterised with pdfium, so the images and the print sheets match.
Tabletop Simulator deck sheets hold at most 10 x 7 images and are at most 4096 px wide;
the last slot holds the hidden-card image (the deck's back).
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.build import atomic_path
from printkit.layout import Box, load_geometry
from printkit.pieces import Piece
from printkit.render import renderer_for
from printkit.render.style import Style

MAX_COLUMNS, MAX_ROWS, MAX_WIDTH = 10, 7, 4096
SLOT_WIDTH = MAX_WIDTH // MAX_COLUMNS


def render_pngs(
    pieces: list[Piece], style: Style, width_px: int, back: bool = False
) -> list[Image.Image]:
    """Draw each piece (its front, or its back) at ``width_px`` wide."""
    geometry = load_geometry()
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1)
    for piece in pieces:
        shape = geometry.shapes[piece.shape]
        c.setPageSize((shape.width * mm, shape.height * mm))
        front_draw, back_draw = renderer_for(piece.shape)
        (back_draw if back else front_draw)(
            c, piece, Box(0, 0, shape.width, shape.height), 0.0, style
        )
        c.showPage()
    c.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    images = []
    for index, piece in enumerate(pieces):
        shape = geometry.shapes[piece.shape]
        scale = width_px / (shape.width * mm)
        images.append(document[index].render(scale=scale).to_pil().convert("RGB"))
    document.close()
    return images


def save_png(image: Image.Image, path: Path) -> None:
    """Write a PNG atomically."""
    with atomic_path(path) as tmp:
        image.save(tmp, format="PNG", optimize=True)


def groups(pieces: list[Piece]) -> Iterator[tuple[str, list[Piece]]]:
    """Group designs by family (one deck, one back each), in order."""
    seen: dict[str, list[Piece]] = {}
    for piece in pieces:
        seen.setdefault(f"{piece.family or piece.kind}", []).append(piece)
    yield from seen.items()


def write_tts(pieces: list[Piece], style: Style, out_dir: Path, prefix: str) -> list[Path]:
    """Write deck sheets, back images, per-piece PNGs and a manifest for Tabletop Simulator."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "pieces").mkdir(exist_ok=True)
    written: list[Path] = []
    manifest: list[dict[str, object]] = []
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    for family, members in groups(pieces):
        fronts = render_pngs(members, style, SLOT_WIDTH)
        back = (
            render_pngs(members[:1], style, SLOT_WIDTH, back=True)[0] if members[0].family else None
        )
        for piece, image in zip(members, fronts, strict=True):
            path = out_dir / "pieces" / f"{prefix}_{slug(piece.design)}.png"
            save_png(image, path)
            written.append(path)
        for start in range(0, len(members), per_sheet):
            chunk = list(zip(members, fronts, strict=True))[start : start + per_sheet]
            sheet_path = out_dir / f"{prefix}_{family}_{start // per_sheet + 1}.png"
            save_png(deck_sheet([img for _, img in chunk], back), sheet_path)
            written.append(sheet_path)
            manifest.append(
                {
                    "sheet": sheet_path.name,
                    "columns": MAX_COLUMNS,
                    "rows": MAX_ROWS,
                    "hidden_slot": MAX_COLUMNS * MAX_ROWS - 1,
                    "slots": [
                        {"slot": i, "name": p.title, "design": p.design, "copies": p.copies}
                        for i, (p, _) in enumerate(chunk)
                    ],
                }
            )
        if back is not None:
            back_path = out_dir / f"{prefix}_{family}_back.png"
            save_png(back, back_path)
            written.append(back_path)
    manifest_path = out_dir / f"{prefix}_manifest.json"
    with atomic_path(manifest_path) as tmp:
        tmp.write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
    written.append(manifest_path)
    return written


def deck_sheet(images: list[Image.Image], hidden: Image.Image | None) -> Image.Image:
    """Lay images on a 10 x 7 grid; the last slot shows the hidden-card image."""
    height = max(img.height for img in images)
    sheet = Image.new("RGB", (SLOT_WIDTH * MAX_COLUMNS, height * MAX_ROWS), "white")
    for i, img in enumerate(images):
        row, col = divmod(i, MAX_COLUMNS)
        sheet.paste(img, (col * SLOT_WIDTH, row * height))
    if hidden is not None:
        sheet.paste(
            hidden.resize((SLOT_WIDTH, height)),
            ((MAX_COLUMNS - 1) * SLOT_WIDTH, (MAX_ROWS - 1) * height),
        )
    return sheet


def write_preview(
    pieces: list[Piece], style: Style, path: Path, columns: int = 8, width: int = 240
) -> Path:
    """Write a contact sheet: every design of a set once, row by row."""
    images = render_pngs(pieces, style, width)
    rows = -(-len(images) // columns)
    cell_h = max(img.height for img in images)
    sheet = Image.new("RGB", (columns * (width + 8) + 8, rows * (cell_h + 8) + 8), "white")
    for i, img in enumerate(images):
        row, col = divmod(i, columns)
        sheet.paste(img, (8 + col * (width + 8), 8 + row * (cell_h + 8)))
    path.parent.mkdir(parents=True, exist_ok=True)
    save_png(sheet, path)
    return path


def slug(design: str) -> str:
    """Turn a design key into a file-name part."""
    return design.replace("/", "_").replace(os.sep, "_")
