"""The pages phones open: home, bank randomizer, join, table, spectator view; PWA files."""

from __future__ import annotations

import hashlib
import io
import json
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    render_template,
    request,
)

from companion.kinds import kind_of_setup
from companion.storage import matches as store
from companion.web import database
from companion.web.common import catalog
from companion.web.glossary import glossary
from printkit.catalog import FlashDuelSet
from printkit.render.qr import modules

bp = Blueprint("pages", __name__)


@bp.app_context_processor
def shared_words() -> dict[str, Any]:
    """Give every page the game terms it shares with the printed sheets (base.html)."""
    return {"glossary": glossary()}


MAX_QR_TEXT = 400


@bp.get("/")
def home() -> str:
    """The start page: make a bank, start a match, join one."""
    sets = [{"id": s.id, "name": s.name} for s in catalog().puzzle_strike_sets()]
    fd = next(s for g in catalog().games for s in g.sets if isinstance(s, FlashDuelSet))
    duelists = [{"id": c.id, "name": c.name} for c in fd.characters]
    bots = [{"id": b.id, "name": b.name} for b in fd.bots]
    return render_template("home.html", sets=sets, duelists=duelists, bots=bots)


@bp.get("/bank")
@bp.get("/bank/<code>")
def bank(code: str | None = None) -> str:
    """The bank randomizer (optionally opened on a shared bank code)."""
    sets = [{"id": s.id, "name": s.name} for s in catalog().puzzle_strike_sets()]
    return render_template("bank.html", sets=sets, code=code or "")


@bp.get("/join/<join_code>")
def join(join_code: str) -> str:
    """Pick a seat in a match."""
    match = store.find_match(database.get_db(), join_code=join_code)
    return render_template("join.html", join_code=join_code, match_id=match["id"])


def page_of(match: Any) -> dict[str, str]:
    """Return the page template of a room's kind and its script."""
    kind = kind_of_setup(json.loads(match["setup"]))
    return {"template_name_or_list": kind.template, "script": kind.script}


@bp.get("/m/<match_id>")
def table_page(match_id: str) -> str:
    """The table for a seated phone (a phone without a seat sees it read-only)."""
    match = store.find_match(database.get_db(), match_id=match_id)
    return render_template(
        **page_of(match),
        state_url=f"/api/matches/{match_id}/state",
        match_id=match_id,
        spectator=False,
    )


@bp.get("/v/<view_token>")
def view_page(view_token: str) -> str:
    """The table for a spectator: read-only."""
    match = store.find_match(database.get_db(), view_token=view_token)
    return render_template(
        **page_of(match), state_url=f"/api/view/{view_token}/state", match_id="", spectator=True
    )


@bp.get("/qr.svg")
def qr_svg() -> Response:
    """Draw a QR code for a short text (a join or bank link) as SVG."""
    text = request.args.get("text", "")
    if not text or len(text) > MAX_QR_TEXT:
        abort(400)
    matrix = modules(text)
    size = len(matrix) + 8
    rects = "".join(
        f'<rect x="{x + 4}" y="{y + 4}" width="1" height="1"/>'
        for y, row in enumerate(matrix)
        for x, dark in enumerate(row)
        if dark
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges"><title>{escape(text)}</title>'
        f'<rect width="{size}" height="{size}" fill="#fff"/><g fill="#000">{rects}</g></svg>'
    )
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


def static_bytes(name: str) -> bytes:
    """Read a small file of the static folder."""
    folder = Path(current_app.static_folder or "static")
    return (folder / name).read_bytes()


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: installable, standalone, dark-friendly."""
    return Response(static_bytes("manifest.webmanifest"), mimetype="application/manifest+json")


SHELL_MARK = b'"strikekit-shell-files"'
STATIC_MARK = b'["strikekit-static-files"]'
SHELL_SUFFIXES = (".js", ".css")


def files_version(*folders: Path) -> str:
    """Return a short hash of every file's name and bytes under the folders."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


@lru_cache(maxsize=2)
def service_worker_source(static: str, templates: str) -> bytes:
    """Return sw.js naming its shell cache after the files and listing them (read once)."""
    version = files_version(Path(static), Path(templates))
    kept = sorted(
        "/static/" + path.relative_to(static).as_posix()
        for path in Path(static).rglob("*")
        if path.suffix in SHELL_SUFFIXES and path.name != "sw.js"
    )
    source = (Path(static) / "sw.js").read_bytes()
    source = source.replace(STATIC_MARK, json.dumps(kept).encode())
    return source.replace(SHELL_MARK, f'"strikekit-shell-{version}"'.encode())


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, served from the root so it covers every page."""
    templates = Path(current_app.root_path) / (current_app.template_folder or "templates")
    source = service_worker_source(current_app.static_folder or "static", str(templates))
    response = Response(source, mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@lru_cache(maxsize=4)
def icon_png(size: int) -> bytes:
    """Draw the app icon: a purple gem on a dark disc."""
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (size, size), (27, 27, 35, 255))
    draw = ImageDraw.Draw(image)
    s = size
    draw.polygon(
        [
            (s * 0.2, s * 0.4),
            (s * 0.35, s * 0.22),
            (s * 0.65, s * 0.22),
            (s * 0.8, s * 0.4),
            (s * 0.5, s * 0.82),
        ],
        fill=(106, 61, 154, 255),
        outline=(255, 255, 255, 255),
    )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@bp.get("/icon-<int:size>.png")
def icon(size: int) -> Response:
    """Serve the app icon at 192 or 512 px."""
    if size not in (192, 512):
        abort(404)
    response = Response(icon_png(size), mimetype="image/png")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response
