"""What the club's pages and export read: leaderboards, recent matches, a player's history
and head-to-head, where a casual match's "count this" stands, seasons and privacy."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Collection
from typing import Any

from companion.game.club.ratings import Skill
from companion.game.club.stats import Played
from companion.storage import club
from companion.storage.club_codes import is_code_seat
from companion.storage.club_results import NotCountable, countable, live_confirms
from companion.storage.engine import Connection, Row
from companion.storage.matches import write_transaction
from companion.storage.seats import seat_row
from printkit.catalog import Catalog

RECENT = 20


def is_private(conn: Connection) -> bool:
    """Return True when the admin made the club's pages private."""
    return club.setting(conn, club.PRIVATE_KEY) == "1"


def set_private(conn: Connection, private: bool) -> None:
    """Make the club's pages private (players and admin only) or public."""
    with write_transaction(conn):
        club.put_setting(conn, club.PRIVATE_KEY, "1" if private else "0")


def start_season(conn: Connection) -> int:
    """Start the next season; return its number."""
    with write_transaction(conn):
        season = club.current_season(conn) + 1
        club.put_setting(conn, club.SEASON_KEY, str(season))
    return season


def skill_json(row: Row) -> dict[str, Any]:
    """Return a rating row as pages and the export show it."""
    skill = Skill(row["mu"], row["sigma"], row["games"])
    return {"rating": skill.shown, "margin": skill.margin, "games": skill.games,
            "provisional": skill.is_provisional, "mu": skill.mu, "sigma": skill.sigma}  # fmt: skip


def board(conn: Connection, season: int, game: str, limit: int = 50) -> list[dict[str, Any]]:
    """Return a game's leaderboard in a season, best first, hidden players unnamed."""
    return boards(conn, season, (game,), limit)[game]


def boards(
    conn: Connection, season: int, games: tuple[str, ...], limit: int = 50
) -> dict[str, list[dict[str, Any]]]:
    """Return some games' leaderboards in a season, each best first (by the low end of the
    range), hidden players unnamed: one statement for them all (the club page shows three),
    each game's own top rows a sort of its own (a window over every game sorts them all)."""
    one = (
        "select * from (select r.*, p.name, p.hidden, p.removed, r.mu - 2 * r.sigma as low "
        "from club_ratings r join club_profiles p on p.id = r.profile_id "
        "where r.season = ? and r.game = ? order by low desc, r.profile_id limit ?) as g{}"
    )
    rows = conn.execute(
        " union all ".join(one.format(n) for n in range(len(games)))
        + " order by game, low desc, profile_id",
        [value for game in games for value in (season, game, limit)],
    ).fetchall()
    out: dict[str, list[dict[str, Any]]] = {game: [] for game in games}
    for r in rows:
        ranked = out[r["game"]]
        ranked.append({"rank": len(ranked) + 1, "name": club.shown_name(r),
                       "url": profile_url(r), **skill_json(r)})  # fmt: skip
    return out


def profile_url(row: Row) -> str | None:
    """Return a profile's page, or None for a hidden one (it has no public page)."""
    return None if row["hidden"] or row["removed"] else f"/club/p/{row['profile_id']}"


def names(conn: Connection, only: set[str] | None = None) -> dict[str, str]:
    """Return every profile's shown name by id, or only those of some profiles (the club
    page's recent matches name a few dozen players, not the club's thousand)."""
    if only is None:
        rows = conn.execute("select id, name, hidden, removed from club_profiles")
    else:
        marks = ",".join("?" * len(only))
        rows = conn.execute(f"select id, name, hidden, removed from club_profiles "
                            f"where id in ({marks or 'null'})", sorted(only))  # fmt: skip
    return {r["id"]: club.shown_name(r) for r in rows}


def match_json(row: Row, shown: dict[str, str]) -> dict[str, Any]:
    """Return a stored result with its players' shown names."""
    sides = json.loads(row["sides"])
    return {"id": row["id"], "game": row["game"], "season": row["season"], "at": row["at"],
            "sides": [[shown.get(p, club.SHOWN_HIDDEN) for p in side] for side in sides],
            "places": json.loads(row["places"])}  # fmt: skip


def recent(conn: Connection, season: int, limit: int = RECENT) -> list[dict[str, Any]]:
    """Return a season's latest counted matches, newest first."""
    rows = conn.execute(
        "select * from club_results where season = ? order by at desc, id desc limit ?",
        (season, limit),
    ).fetchall()
    players = {p for r in rows for side in json.loads(r["sides"]) for p in side}
    shown = names(conn, players)
    return [match_json(r, shown) for r in rows]


def history(conn: Connection, profile_id: str) -> list[dict[str, Any]]:
    """Return a player's rated matches, oldest first, each with the rating before and after."""
    rows = conn.execute(
        "select r.*, c.mu_before, c.sigma_before, c.mu, c.sigma, c.games "
        "from club_changes c join club_results r on r.id = c.result_id "
        "where c.profile_id = ? order by r.at, r.id",
        (profile_id,),
    ).fetchall()
    shown = names(conn)
    out = []
    for r in rows:
        before = Skill(r["mu_before"], r["sigma_before"], r["games"] - 1)
        after = Skill(r["mu"], r["sigma"], r["games"])
        place = next(pl for side, pl in zip(json.loads(r["sides"]), json.loads(r["places"]),
                                            strict=True) if profile_id in side)  # fmt: skip
        out.append({**match_json(r, shown), "place": place, "rating": after.shown,
                    "change": after.shown - before.shown, "margin": after.margin,
                    "before": (before.shown, before.margin)})  # fmt: skip
    return out


def head_to_head(conn: Connection, profile_id: str) -> list[dict[str, Any]]:
    """Return, per opponent, the matches a player finished ahead of, behind and level with."""
    ahead: Counter[str] = Counter()
    behind: Counter[str] = Counter()
    level: Counter[str] = Counter()
    rows = conn.execute(
        "select r.sides, r.places from club_changes c join club_results r on r.id = c.result_id "
        "where c.profile_id = ?",
        (profile_id,),
    )
    for r in rows:
        sides, places = json.loads(r["sides"]), json.loads(r["places"])
        mine = next(pl for side, pl in zip(sides, places, strict=True) if profile_id in side)
        for side, place in zip(sides, places, strict=True):
            for other in side:
                if other != profile_id and profile_id not in side:
                    (ahead if mine < place else behind if mine > place else level)[other] += 1
    shown = names(conn)
    everyone = sorted(set(ahead) | set(behind) | set(level), key=lambda p: shown.get(p, ""))
    return [{"name": shown.get(p, club.SHOWN_HIDDEN), "ahead": ahead[p], "behind": behind[p],
             "level": level[p]} for p in everyone]  # fmt: skip


def ratings_of(conn: Connection, profile_id: str, season: int) -> list[dict[str, Any]]:
    """Return a player's rating in each game of a season."""
    rows = conn.execute(
        "select * from club_ratings where profile_id = ? and season = ? order by game",
        (profile_id, season),
    ).fetchall()
    return [{"game": r["game"], **skill_json(r)} for r in rows]


def count_state(
    conn: Connection, match_id: str, seat_token: str | None, player_token: str | None,
    catalog: Catalog, other_tokens: Collection[str] = (),
) -> dict[str, Any]:  # fmt: skip
    """Say whether this phone may confirm a match's result and where the confirming stands;
    ``unheld``: the seats this phone shows a confirm code for (no phone holds them, or it
    holds them besides its own: ``other_tokens``, pass-and-play)."""
    seat = seat_row(conn, match_id, seat_token)
    profile = club.profile_of(conn, player_token)
    match = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
    seats = conn.execute("select count(*) from seats where match_id = ?", (match_id,))
    confirms = live_confirms(conn, match_id)
    counted = conn.execute("select 1 from club_results where source = ?", (f"match:{match_id}",))
    reason = None
    try:
        countable(match, catalog, conn)
    except NotCountable as exc:
        reason = str(exc)
    if reason is None and (seat is None or profile is None):
        reason = "a seated phone with a player profile confirms its own seat's result"
    confirmed = {c["seat"] for c in confirms}
    unheld = [{"seat": r["seat"], "name": r["name"]} for r in conn.execute(
        "select seat, name, token_hash from seats where match_id = ? order by seat",
        (match_id,)) if r["seat"] not in confirmed and is_code_seat(r, other_tokens)
        and (seat is None or r["seat"] != seat["seat"])]  # fmt: skip
    return {
        "unheld": unheld if reason is None and seat is not None else [],
        "can_count": reason is None, "reason": reason, "seats": seats.fetchone()[0],
        "confirmed": len(confirms), "counted": counted.fetchone() is not None,
        "mine": seat is not None and any(c["seat"] == seat["seat"] for c in confirms),
    }  # fmt: skip


def export_tables(conn: Connection) -> dict[str, list[dict[str, Any]]]:
    """Return the export's three tables as lists of flat rows."""
    shown = names(conn)
    profiles = conn.execute("select * from club_profiles where removed = 0 order by created, id")
    players = [{"id": r["id"], "name": club.shown_name(r)} for r in profiles]
    results = conn.execute("select * from club_results order by at, id")
    matches = [match_json(r, shown) for r in results]
    ratings = conn.execute("select * from club_ratings order by season, game, mu desc")
    return {"players": players, "matches": matches,
            "ratings": [{"season": r["season"], "game": r["game"], "player": r["profile_id"],
                         "name": shown.get(r["profile_id"], club.SHOWN_HIDDEN), **skill_json(r)}
                        for r in ratings]}  # fmt: skip


def export_csv(conn: Connection, table: str) -> str | None:
    """Return one export table as CSV (sides as 'Ana & Ben | Cy'), or None for no such table."""
    rows = export_tables(conn).get(table)
    if rows is None:
        return None
    if table == "matches":
        rows = [{**r, "sides": " | ".join(" & ".join(s) for s in r["sides"]),
                 "places": " ".join(map(str, r["places"]))} for r in rows]  # fmt: skip
    out = io.StringIO()
    fields = list(rows[0]) if rows else ["id"]
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def played(conn: Connection, game: str, season: int) -> list[Played]:
    """Return a game's counted matches in a season as the statistics read them."""
    rows = conn.execute(
        "select sides, places, details from club_results where game = ? and season = ?",
        (game, season),
    )
    out = []
    for r in rows:
        details = json.loads(r["details"])
        buys = details.get("buys")  # absent: counted before buys were recorded
        bought = None if buys is None else {p: tuple(c) for p, c in buys.items()}
        out.append(Played(tuple(tuple(s) for s in json.loads(r["sides"])),
                          tuple(json.loads(r["places"])), details.get("characters", {}),
                          details.get("seats", {}), tuple(details.get("bank", ())),
                          bought))  # fmt: skip
    return out


def characters_of(conn: Connection, profile_id: str) -> list[tuple[str, str, int]]:
    """Return (game, character, matches) a player played, most played first."""
    rows = conn.execute(
        "select r.game, r.details from club_changes c join club_results r on r.id = c.result_id "
        "where c.profile_id = ?",
        (profile_id,),
    )
    counts: Counter[tuple[str, str]] = Counter()
    for r in rows:
        character = json.loads(r["details"]).get("characters", {}).get(profile_id)
        if character:
            counts[(r["game"], character)] += 1
    return [(g, c, n) for (g, c), n in counts.most_common()]


def all_profiles(conn: Connection) -> list[dict[str, Any]]:
    """Return every profile with its real name (for the admin), by name."""
    rows = conn.execute(
        "select p.id, p.name, p.hidden, p.created, (select count(*) from club_changes c "
        "where c.profile_id = p.id) as matches from club_profiles p where p.removed = 0 "
        "order by p.folded"
    ).fetchall()
    return [{"id": r["id"], "name": r["name"], "hidden": bool(r["hidden"]),
             "matches": r["matches"], "created": r["created"]} for r in rows]  # fmt: skip
