"""Tournament pages and API: create, enter, pair, results, standings, CSV, table slips.

The organiser's link carries a secret (``/to/<id>/<secret>``); its page sends the secret in
the ``X-Organiser-Token`` header (a header a foreign page cannot add, so no CSRF), and the
slips PDF takes it as ``?key=``. Players and spectators read pairings and standings; a
player's phone holds a ``tp_<id>`` cookie after asking to enter, which only shows them
their own table. Nothing but the organiser's secret changes a tournament.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    make_response,
    render_template,
    request,
)

from companion.game.flash_duel import state as duel_room
from companion.game.names import clean_name
from companion.game.puzzle_strike.bank import BankError
from companion.game.tournament import (
    NotFoundError,
    Result,
    ResultError,
    TournamentError,
    standings,
)
from companion.game.tournament.config import read_config
from companion.server.polls import etag_key, viewer_tag
from companion.storage import club_tournaments, results
from companion.storage import matches as store
from companion.storage import seats as seating
from companion.storage import tournaments as ts
from companion.storage.clients import TooManyOpen
from companion.storage.engine import Connection, Row
from companion.web import database
from companion.web.common import body, catalog
from companion.web.hosting import tournament_opener
from companion.web.refusals import refused, relayed
from companion.web.tournaments.kept import Kept
from printkit.catalog import Catalog
from printkit.render.slips import RoundSlips

bp = Blueprint("tournaments", __name__)
ORGANISER_HEADER = "X-Organiser-Token"
PLAYER_COOKIE = "tp_"


def refusing(action: Callable[[], Any]) -> Any:
    """Run a store action, turning the rules' refusals into 4xx answers."""
    try:
        return action()
    except NotFoundError as exc:
        raise relayed(404, exc) from None
    except (BankError, ResultError) as exc:
        raise relayed(422, exc) from None
    except TournamentError as exc:  # with its word key, said in the phone's language
        raise relayed(409, exc) from None


def organiser_row(tid: str, by_link: bool = False) -> Row:
    """Return the tournament if the request carries its organiser secret: in the header, or
    as ``?key=`` only where a link must carry it (``by_link``: the slips PDF). A secret in
    an address ends up in logs and browser history, so no change accepts it there.

    :raises ApiError: 403 for anyone else.
    """
    row = ts.find(database.get_db(), tid)
    token = request.headers.get(ORGANISER_HEADER) or (request.args.get("key") if by_link else None)
    if not ts.is_organiser(row, token):
        raise refused(403, "api_organiser_only")
    return row


def base_url() -> str:
    """Return the server's address as the phone reached it."""
    return request.host_url.rstrip("/")


def links(tid: str, token: str | None = None) -> dict[str, str]:
    """Return a tournament's public links (and the organiser's, when its secret is given)."""
    base = base_url()
    out = {
        "tournament_id": tid,
        "public_url": f"{base}/t/{tid}",
        "standings_url": f"{base}/t/{tid}/standings",
        "enter_url": f"{base}/t/{tid}/enter",
    }
    if token:
        out["organiser_url"] = f"{base}/to/{tid}/{token}"
    return out


# --- pages -------------------------------------------------------------------------------


@bp.get("/tournaments/new")
def new_page() -> str:
    """The form that creates a tournament."""
    sets = [{"id": s.id, "name": s.name} for s in catalog().puzzle_strike_sets()]
    return render_template("tournament_new.html", sets=sets)


@bp.get("/t/<tid>")
def public_page(tid: str) -> str:
    """Pairings and standings for players and spectators (a player sees their table)."""
    row = ts.find(database.get_db(), tid)
    return render_template("tournament.html", tid=tid, name=row["name"], page="public")


@bp.get("/t/<tid>/standings")
def standings_page(tid: str) -> str:
    """Standings in large type for a projector; it refreshes itself."""
    row = ts.find(database.get_db(), tid)
    return render_template("tournament_standings.html", tid=tid, name=row["name"])


@bp.get("/t/<tid>/enter")
def enter_page(tid: str) -> str:
    """A player's phone asks to enter (the organiser approves)."""
    row = ts.find(database.get_db(), tid)
    config = ts.config_of(row)
    duelists = []
    if config.game == "flash-duel" and config.mode == "full":
        duelists = [{"id": c.id, "name": c.name} for c in duel_room.game_set(catalog()).characters]
    return render_template("tournament_enter.html", tid=tid, name=row["name"], duelists=duelists)


@bp.get("/to/<tid>/<token>")
def organiser_page(tid: str, token: str) -> str:
    """The organiser's page (a wrong secret is answered as not found)."""
    row = ts.find(database.get_db(), tid)
    if not ts.is_organiser(row, token):
        abort(404)
    config = ts.config_of(row)
    duelists = []
    if config.game == "flash-duel" and config.mode == "full":
        duelists = [{"id": c.id, "name": c.name} for c in duel_room.game_set(catalog()).characters]
    response = make_response(
        render_template(
            "tournament_admin.html", tid=tid, name=row["name"], token=token, duelists=duelists
        )
    )
    response.headers["Cache-Control"] = "no-store"
    return response  # type: ignore[return-value]


@bp.get("/ts/<join_code>/<int:seat>")
def seat_page(join_code: str, seat: int) -> str:
    """A table slip's QR code: take this seat at this table with one tap."""
    match = store.find_match(database.get_db(), join_code=join_code)
    seats = seating.seats(database.get_db(), match["id"])
    if not 0 <= seat < len(seats):
        abort(404)
    return render_template(
        "tournament_seat.html", join_code=join_code, seat=seat, player=seats[seat]["name"],
        taken=seats[seat]["taken"], match_id=match["id"],
    )  # fmt: skip


# --- API: create, enter, players ------------------------------------------------------------


@bp.post("/api/tournaments")
def create() -> tuple[Response, int]:
    """Create a tournament: settings and optional first players; answer the links."""
    data = body()
    known = [s.id for s in catalog().puzzle_strike_sets()]
    try:
        config = read_config(data, known)
    except TournamentError as exc:
        raise relayed(422, exc) from None
    names = data.get("players") or []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise refused(400, "api_players_list")
    names = [clean_name(n) for n in names if n.strip()]  # a bad name: 400, as at a table
    if config.game == "flash-duel" and config.mode == "full" and names:
        raise refused(422, "api_fd_one_by_one")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed < 2**31):  # fmt: skip
        raise refused(400, "api_seed_31")
    tid, token = refusing(lambda: ts.create(database.get_db(), config, names, seed))
    return jsonify(links(tid, token)), 201


def character_from(data: dict[str, Any], row: Row) -> str | None:
    """Read the Flash Duel character a player enters with (full game only).

    :raises ApiError: 422 for a missing or unknown character.
    """
    config = ts.config_of(row)
    if config.game != "flash-duel" or config.mode != "full":
        return None
    known = {c.id for c in duel_room.game_set(catalog()).characters}
    character = data.get("character")
    if character is not None and not isinstance(character, str):  # a list is no name: 400
        raise refused(400, "api_character_id", known=", ".join(sorted(known)))
    if character not in known:
        raise refused(422, "api_character_one_of", known=", ".join(sorted(known)))
    return str(character)


def name_from(data: dict[str, Any]) -> str:
    """Read a player's name.

    :raises ApiError: 400 when it is not text; InvalidSetup (400): a name a table would
        refuse (companion.game.names).
    """
    name = data.get("name")
    if not isinstance(name, str):
        raise refused(400, "api_name")
    return clean_name(name)


@bp.post("/api/tournaments/<tid>/entries")
def ask_to_enter(tid: str) -> tuple[Response, int]:
    """A player's phone asks to enter; the organiser approves. The phone gets a cookie."""
    data = body()
    conn = database.get_db()
    row = ts.find(conn, tid)
    mine = ts.player_by_token(conn, tid, request.cookies.get(PLAYER_COOKIE + tid))
    if mine is not None:
        raise refused(409, "api_entered", name=mine["name"])
    character = character_from(data, row)
    token = secrets.token_urlsafe(32)
    name = name_from(data)
    pid = refusing(lambda: ts.enter_player(conn, row, name, character, "pending", token))
    response = jsonify({"player": pid, "status": "pending"})
    response.set_cookie(
        PLAYER_COOKIE + tid, token, max_age=60 * 60 * 24 * 14, httponly=True,
        samesite="Strict", secure=request.is_secure, path="/",
    )  # fmt: skip
    return response, 201


@bp.post("/api/tournaments/<tid>/players")
def add_player(tid: str) -> tuple[Response, int]:
    """The organiser types a player in."""
    data = body()
    row = organiser_row(tid)
    character = character_from(data, row)
    name = name_from(data)
    pid = refusing(lambda: ts.enter_player(database.get_db(), row, name, character, "active"))
    return jsonify({"player": pid, "status": "active"}), 201


@bp.post("/api/tournaments/<tid>/players/<int:pid>/<action>")
def change_player(tid: str, pid: int, action: str) -> Response:
    """The organiser approves a player who asked from their phone, drops one, or lets a
    dropped player re-enter."""
    if action not in ("approve", "drop", "reenter"):
        raise refused(404, "api_player_action")
    row = organiser_row(tid)
    refusing(lambda: ts.set_status(database.get_db(), row, pid, action))
    return jsonify({"ok": True})


# --- API: rounds and results ---------------------------------------------------------------


def whole_field(data: dict[str, Any], key: str) -> int:
    """Read a required whole number ≥ 0.

    :raises ApiError: 400 naming the field.
    """
    value = data.get(key, 0 if key == "draws" else None)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise refused(400, "api_games", key=key)
    return value


def actor_from(data: dict[str, Any]) -> str:
    """Return who made an organiser change ('organiser', or the name they gave)."""
    by = data.get("by")
    if isinstance(by, str) and by.strip():
        return f"organiser ({by.strip()[:24]})"
    return "organiser"


@bp.post("/api/tournaments/<tid>/rounds")
def next_round(tid: str) -> tuple[Response, int]:
    """Pair the next round (``round``: its number, so a repeated click is refused)."""
    data = body()
    row = organiser_row(tid)
    number = data.get("round")
    if isinstance(number, bool) or not isinstance(number, int):
        raise refused(400, "api_round")
    conn = database.get_db()
    results.sync_results(conn, row, catalog())
    opener = tournament_opener()
    try:
        new = refusing(
            lambda: ts.start_round(conn, row, number, catalog(), actor_from(data), opener)
        )
    except TooManyOpen as exc:
        raise relayed(429, exc, retry_after=3600) from None
    return jsonify({"round": new.number, "stage": new.stage, "tables": len(new.pairings)}), 201


@bp.post("/api/tournaments/<tid>/rounds/<int:number>/tables/<int:table_no>/result")
def enter_result(tid: str, number: int, table_no: int) -> Response:
    """The organiser enters or corrects a table's result (games won by a and b, draws)."""
    data = body()
    row = organiser_row(tid)
    result = Result(whole_field(data, "wins_a"), whole_field(data, "wins_b"),
                    whole_field(data, "draws"))  # fmt: skip
    conn = database.get_db()
    actor = actor_from(data)
    refusing(lambda: results.record(conn, row, number, table_no, result, actor, catalog()))
    return jsonify({"ok": True})


# --- API: reading ---------------------------------------------------------------------------


@bp.get("/api/tournaments/<tid>")
def read(tid: str) -> Response:
    """The tournament as this phone may see it (the organiser sees seat links and the log)."""
    conn = database.get_db()
    row = ts.find(conn, tid)
    if refusing(lambda: results.sync_results(conn, row, catalog())):
        row = ts.find(conn, tid)
    organiser = ts.is_organiser(row, request.headers.get(ORGANISER_HEADER))
    you = ts.player_by_token(conn, tid, request.cookies.get(PLAYER_COOKIE + tid))
    viewer = "organiser" if organiser else (f"p{you['player']}" if you else "public")
    key = etag_key(current_app.config["SECRET_KEY"])  # who reads it, not by name (#26)
    version = f"{row['version']}{club_tournaments.standings_stamp(conn, tid)}"  # rating changes
    etag = f"t{version}-{viewer_tag(key, tid, viewer)}"
    if request.if_none_match.contains(etag):
        response = make_response("", 304)
        response.set_etag(etag)
        return response
    from companion.web.tournaments.views import state_json

    def build() -> str:
        data = state_json(conn, row, catalog(), organiser, you, base_url())
        return json.dumps(data, separators=(",", ":"))

    text = PUBLIC.get((tid, version, base_url()), build) if viewer == "public" \
        else build()  # fmt: skip
    response = Response(text, mimetype="application/json")
    response.set_etag(etag)
    # Every phone asks again each time (no-cache) and gets a 304 while nothing changed; a
    # shared cache may keep the public view, never an organiser's or a player's.
    response.headers["Cache-Control"] = f"{viewer == 'public' and 'public' or 'private'}, no-cache"
    response.vary.update(("Cookie", ORGANISER_HEADER))
    return response


PUBLIC = Kept[str](32)
"""Public views of tournaments, one per tournament, version and address: every spectator's
and projector's phone reads the same text until the version moves."""


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: Any) -> Any:
    """Quote a text cell a spreadsheet would run as a formula (OWASP's CSV injection advice:
    a leading = + - @ tab or carriage return gets a single quote before it)."""
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_START) else cell


def csv_response(rows: list[list[Any]], filename: str) -> Response:
    """Answer rows as a CSV download, every text cell safe to open in a spreadsheet."""
    out = io.StringIO()
    csv.writer(out).writerows([[spreadsheet_safe(cell) for cell in row] for row in rows])
    response = make_response(out.getvalue())
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/api/tournaments/<tid>/standings.csv")
def standings_csv(tid: str) -> Response:
    """The standings as CSV: rank, player, record, points and the three tiebreakers."""
    conn = database.get_db()
    row = ts.find(conn, tid)
    results.sync_results(conn, row, catalog())
    event = ts.load_event(conn, row)
    rows: list[list[Any]] = [
        ["rank", "player", "status", "wins", "losses", "draws", "byes", "match_points",
         "omw_percent", "gw_percent", "ogw_percent"]
    ]  # fmt: skip
    for s in standings(event):
        rows.append([
            s.rank, s.name, "playing" if s.active else "dropped", s.wins, s.losses, s.draws,
            s.byes, s.match_points, percent(s.omw), percent(s.gw), percent(s.ogw),
        ])  # fmt: skip
    return csv_response(rows, f"standings-{tid}.csv")


def percent(value: Any) -> str:
    """Write a fraction as a percentage with two decimals."""
    return f"{float(value) * 100:.2f}"


@bp.get("/api/tournaments/<tid>/matches.csv")
def matches_csv(tid: str) -> Response:
    """Every table of every round as CSV, with who entered each result."""
    conn = database.get_db()
    row = ts.find(conn, tid)
    results.sync_results(conn, row, catalog())
    names = {p["player"]: p["name"] for p in ts.player_rows(conn, tid)}
    rows: list[list[Any]] = [
        ["round", "stage", "table", "player_a", "player_b", "wins_a", "wins_b", "draws",
         "bank", "source", "changed_by", "changed_at"]
    ]  # fmt: skip
    for t in ts.table_rows(conn, tid):
        rows.append([
            t["round"], t["stage"], t["table_no"] or "bye", names[t["a"]],
            names.get(t["b"], "") if t["b"] is not None else "", t["wins_a"], t["wins_b"],
            t["draws"], t["bank"] or "", t["source"] or "", t["changed_by"] or "",
            t["changed_at"] or "",
        ])  # fmt: skip
    return csv_response(rows, f"matches-{tid}.csv")


# --- table slips ---------------------------------------------------------------------------

FORMATS = {
    ("puzzle-strike", "full"): "Puzzle Strike: best 2 of 3, loser's choice",
    ("flash-duel", "full"): "Flash Duel: best 3 of 5 rounds",
    ("flash-duel", "custom-clockwork"): "Flash Duel Custom Clockwork: draft, then best 3 of 5",
}


def slips_for(
    conn: Connection, row: Row, cat: Catalog, number: int, base: str
) -> RoundSlips | None:
    """Gather what a round's slips print, for the organiser's PDF and ``companion slips``
    (None when the round has not started)."""
    from companion.web.tournaments.views import round_slips

    config = ts.config_of(row)
    clock = f"{config.round_minutes} minutes" if config.round_minutes else None
    match_format = FORMATS[(config.game, config.mode)]
    return round_slips(conn, row, cat, number, base, match_format, clock)


SLIPS = Kept[bytes](4)
"""Slips PDFs, each drawn once for what it prints and the paper: everything printed is the
key (names, links, banks, the clock), so any change draws it anew. A 256-table round's is
about 1 MB and takes seconds to draw."""


def slips_bytes(rs: RoundSlips, paper: str) -> bytes:
    """Return a round's slips PDF (drawn at the first download of what it prints)."""
    from printkit.render.slips import write_round_slips

    def draw() -> bytes:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "slips.pdf"
            write_round_slips(rs, path, paper)
            return path.read_bytes()

    return SLIPS.get((rs, paper), draw)


@bp.get("/api/tournaments/<tid>/rounds/<int:number>/slips.pdf")
def slips_pdf(tid: str, number: int) -> Response:
    """Print a round's table slips and pairings sheet (``paper``: letter or a4)."""
    from printkit.render.slips import PAPERS

    row = organiser_row(tid, by_link=True)
    paper = request.args.get("paper", "letter")
    if paper not in PAPERS:
        raise refused(400, "api_paper", papers=", ".join(PAPERS))
    rs = slips_for(database.get_db(), row, catalog(), number, base_url())
    if rs is None:
        raise refused(404, "api_round_not_started", round=number)
    response = make_response(slips_bytes(rs, paper))
    response.headers["Content-Type"] = "application/pdf"
    name = f"round-{number}-slips-{paper}.pdf"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


from companion.web.tournaments import tables  # noqa: E402, F401  (its routes join bp)
