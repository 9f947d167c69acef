"""The club's pages (issue #30): the club (leaderboards, recent matches, this season), a
player's card on their own phone, a player's page (ratings, chart, history, head-to-head,
characters), a game's statistics, and the page that adds a second device."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from companion.game.club import stats
from companion.game.club.chart import chart_svg
from companion.game.club.placing import GAMES
from companion.storage import club, club_tournaments
from companion.storage import club_pages as listing
from companion.web import database
from companion.web.club import (
    ENTRY_COOKIE,
    check_game,
    check_may_read,
    player_token,
    season_arg,
)
from companion.web.common import catalog
from companion.web.refusals import refused, relayed
from companion.web.security import SEAT_COOKIE_PREFIX

bp = Blueprint("club_pages", __name__)
GAME_NAMES = {"puzzle-strike": "Puzzle Strike", "flash-duel": "Flash Duel",
              "shadowfist": "Shadowfist"}  # fmt: skip
MAX_PENDING = 20


def character_names(game: str) -> dict[str, str]:
    """Return the catalog's character names of a game by id (none for Shadowfist)."""
    names: dict[str, str] = {}
    for game_set in catalog().game(game).sets:
        for character in getattr(game_set, "characters", ()) or ():
            names.setdefault(character.id, character.name)
    return names


def seasons(conn: Any, season: int) -> dict[str, Any]:
    """Return what a page needs to say and switch seasons."""
    current = club.current_season(conn)
    return {"season": season, "current": current, "seasons": list(range(current, 0, -1))}


@bp.get("/club")
def club_page() -> str:
    """The club: each game's leaderboard, the latest matches, this season."""
    check_may_read()
    conn = database.get_db()
    season = season_arg(conn)
    tables = listing.boards(conn, season, GAMES, 20)
    boards = [(g, GAME_NAMES[g], tables[g]) for g in GAMES]
    return render_template("club.html", boards=boards, recent=listing.recent(conn, season),
                           games=GAME_NAMES, **seasons(conn, season))  # fmt: skip


@bp.get("/club/me")
def me_page() -> str:
    """This phone's player card: make a profile, add a device, count finished matches."""
    conn = database.get_db()
    profile = club.profile_of(conn, player_token())
    pending = []
    if profile is not None:
        ids = [n[len(SEAT_COOKIE_PREFIX):] for n in request.cookies
               if n.startswith(SEAT_COOKIE_PREFIX)][:MAX_PENDING]  # fmt: skip
        for match_id in ids:
            seat = request.cookies.get(SEAT_COOKIE_PREFIX + match_id)
            state = listing.count_state(conn, match_id, seat, player_token(), catalog())
            if state["can_count"] and not state["counted"]:
                pending.append({"id": match_id, **state})
    held = {n[len(ENTRY_COOKIE):]: v for n, v in request.cookies.items()
            if n.startswith(ENTRY_COOKIE)}  # fmt: skip
    entered = [] if profile is None else club_tournaments.entries(conn, held, profile["id"])
    return render_template("club_me.html", profile=profile, pending=pending, entered=entered,
                           private=listing.is_private(conn))  # fmt: skip


@bp.get("/club/admin")
def admin_page() -> str:
    """The admin's page: the secret typed once (kept in this tab only), then the profiles
    with rename, merge and remove, a new season and privacy."""
    return render_template("club_admin.html")


@bp.get("/club/t/<tid>")
def tournament_page(tid: str) -> str:
    """A tournament's players with their rating before and after its counted tables."""
    check_may_read()
    conn = database.get_db()
    name = club_tournaments.tournament_name(conn, tid)
    if name is None:
        raise refused(404, "api_club_tournament", tournament=tid)
    found = club_tournaments.changes(conn, tid)
    rows = sorted(found.values(), key=lambda c: (-c["change"], c["name"]))
    return render_template("club_tournament.html", tid=tid, name=name, rows=rows)


@bp.get("/club/count/<code>")
def count_code_page(code: str) -> str:
    """The page a player opens from the table phone's QR code to confirm their seat."""
    return render_template("club_count.html", code=code)


@bp.get("/club/device/<code>")
def device_page(code: str) -> str:
    """The page a second device opens from the first one's QR code."""
    return render_template("club_device.html", code=code)


@bp.get("/club/p/<profile_id>")
def player_page(profile_id: str) -> str:
    """A player's page: ratings with their chart, history, head-to-head, characters."""
    check_may_read()
    conn = database.get_db()
    row = refuse_hidden(conn, profile_id)
    season = season_arg(conn)
    history = [h for h in listing.history(conn, profile_id) if h["season"] == season]
    charts = [(g, GAME_NAMES[g], rating_chart([h for h in history if h["game"] == g],
                                               GAME_NAMES[g]))
              for g in GAMES]  # fmt: skip
    characters = [(GAME_NAMES[g], character_names(g).get(c, c), n)
                  for g, c, n in listing.characters_of(conn, profile_id)]  # fmt: skip
    return render_template(
        "club_player.html", name=row["name"],
        ratings=sorted(listing.ratings_of(conn, profile_id, season),
                       key=lambda r: GAMES.index(r["game"])),  # the club page's order
        charts=[c for c in charts if c[2]], history=list(reversed(history)), games=GAME_NAMES,
        rivals=listing.head_to_head(conn, profile_id), characters=characters,
        **seasons(conn, season),
    )  # fmt: skip


def rating_chart(played: list[dict[str, Any]], game: str) -> str:
    """Draw a game's rating before the first match and after each (empty without matches)."""
    if not played:
        return ""
    return chart_svg([played[0]["before"], *((h["rating"], h["margin"]) for h in played)], game)


def refuse_hidden(conn: Any, profile_id: str) -> Any:
    """Return a profile that has a public page.

    :raises ApiError: 404 for a missing, removed or hidden profile.
    """
    try:
        row = club.find_profile(conn, profile_id)
    except club.NoProfile as exc:
        raise relayed(404, exc) from None
    if row["hidden"]:
        raise refused(404, "api_club_hidden")
    return row


@bp.get("/club/stats/<game>")
def stats_page(game: str) -> str:
    """A game's statistics: character win rates, the matchup grid, the seat advantage, and
    Puzzle Strike's bank chips."""
    check_may_read()
    check_game(game)
    conn = database.get_db()
    season = season_arg(conn)
    matches = listing.played(conn, game, season)
    names = character_names(game)
    rates = [(names.get(r.label, r.label), r) for r in stats.character_rates(matches)]
    grid = stats.matchups(matches) if game == "flash-duel" else {}
    fighters = sorted({a for a, _ in grid}, key=lambda c: names.get(c, c))
    chips = [(chip_names().get(c.chip, c.chip), c) for c in stats.chip_lines(matches)]
    return render_template(
        "club_stats.html", game=game, game_name=GAME_NAMES[game], count=len(matches),
        rates=rates, seats=stats.seat_rates(matches), grid=grid, fighters=fighters,
        names=names, chips=chips, min_games=stats.MIN_GAMES, **seasons(conn, season),
    )  # fmt: skip


def chip_names() -> dict[str, str]:
    """Return the catalog's Puzzle Strike puzzle chip names by bank key (``set/chip``)."""
    return {f"{s.id}/{c.id}": c.name for s in catalog().game("puzzle-strike").sets
            for c in getattr(s, "puzzle_chips", ()) or ()}  # fmt: skip
