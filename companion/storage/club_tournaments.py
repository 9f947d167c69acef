"""Tournament results in the club (issue #30): a player links their entry to their profile
from the phone holding both (the entry's ``tp_`` cookie and the player cookie); every table
whose two players are linked then counts, rated at its round's start. A result the organiser
corrects replaces the stored one and later ratings follow (a recompute); a cleared result
leaves the ratings. The tournament store calls ``sync_table`` whenever a table's result is
written, inside its own transaction."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from companion.game.club.ratings import Result, Skill, places_from_wins
from companion.storage import club, club_pages
from companion.storage.club import ClubError
from companion.storage.club_results import (
    details_of,
    finished_match,
    recompute_locked,
    record_locked,
)
from companion.storage.engine import Connection, Row
from companion.storage.matches import hash_token, write_transaction
from companion.storage.refusals import REFUSE
from printkit.catalog import Catalog


class NotEntered(ClubError):
    """A link asked without this tournament's entry or a profile on the phone."""

    status = 403


class LinkedElsewhere(ClubError):
    """A profile that counts for another entry of the same tournament already."""


def source_of(tid: str, number: int, table_no: int) -> str:
    """Name a tournament table as a club result's source."""
    return f"table:{tid}:{number}:{table_no}"


def sync_table(conn: Connection, tid: str, number: int, table_no: int, catalog: Catalog) -> None:
    """Bring a tournament table's club result in line with its result (inside the caller's
    write transaction): recorded when both players are linked, replaced when corrected,
    dropped when cleared."""
    t = conn.execute(
        "select t.a, t.b, t.wins_a, t.wins_b, t.match_id, r.started, x.config "
        "from tournament_tables t "
        "join tournament_rounds r on r.tournament_id = t.tournament_id and r.round = t.round "
        "join tournaments x on x.id = t.tournament_id "
        "where t.tournament_id = ? and t.round = ? and t.table_no = ?",
        (tid, number, table_no),
    ).fetchone()
    source = source_of(tid, number, table_no)
    counted = conn.execute("select 1 from club_results where source = ?", (source,)).fetchone()
    linked = linked_entries(conn, tid, with_removed=counted is not None)
    if (
        t is None or t["b"] is None or t["wins_a"] is None
        or not {t["a"], t["b"]} <= set(linked) or linked[t["a"]] == linked[t["b"]]
    ):  # fmt: skip
        if counted:
            conn.execute("delete from club_changes where result_id in (select id from "
                         "club_results where source = ?)", (source,))  # fmt: skip
            conn.execute("delete from club_results where source = ?", (source,))
            recompute_locked(conn)
        return
    game = json.loads(t["config"]).get("game", "puzzle-strike")
    result = Result(
        game,
        ((linked[t["a"]],), (linked[t["b"]],)),
        places_from_wins([t["wins_a"], t["wins_b"]]),
        club.current_season(conn),
    )
    details = table_details(conn, tid, t, linked, catalog)
    record_locked(conn, source, result, f"{t['started']}#{number:03d}.{table_no:04d}", details)


def linked_entries(conn: Connection, tid: str, with_removed: bool) -> dict[int, str]:
    """Return a tournament's linked entries (player -> profile); a deleted or removed
    profile's only ``with_removed`` (a table counted before keeps it and follows its
    corrections; a new one does not count for a profile that is gone)."""
    rows = conn.execute(
        "select e.player, e.profile_id, p.removed from club_entries e join club_profiles p "
        "on p.id = e.profile_id where e.tournament_id = ?",
        (tid,),
    ).fetchall()
    return {r["player"]: r["profile_id"] for r in rows if with_removed or not r["removed"]}


def table_details(
    conn: Connection, tid: str, t: Row, linked: dict[int, str], catalog: Catalog
) -> dict[str, Any]:
    """Return what the statistics read of a tournament table, by profile: its match's seats,
    characters, bank and buys once the match has ended on the companion (as a casual match
    records them); only the seats (a first, b second) for a match not played to its end."""
    match = conn.execute("select * from matches where id = ?", (t["match_id"],)).fetchone()
    finished = None if match is None else finished_match(conn, match, catalog)
    if finished is None:
        return {"seats": {linked[t["a"]]: 0, linked[t["b"]]: 1}}
    names = conn.execute(
        "select player, name from tournament_players where tournament_id = ? and player in (?, ?)",
        (tid, t["a"], t["b"]),
    ).fetchall()
    profile = {r["name"]: linked[r["player"]] for r in names}
    seated = conn.execute("select seat, name from seats where match_id = ?", (t["match_id"],))
    return details_of(finished, profile, {r["name"]: r["seat"] for r in seated})


def link_entry(
    conn: Connection, tid: str, entry_token: str | None, player_token: str | None,
    catalog: Catalog,
) -> int:  # fmt: skip
    """Link this phone's tournament entry to its profile and count its tables; return the
    entry's player number.

    :raises NotEntered: without the entry's cookie or a profile on this phone.
    :raises LinkedElsewhere: when the profile counts for another entry of the tournament.
    """
    with write_transaction(conn):
        profile = club.profile_of(conn, player_token)
        entry = None
        if entry_token:
            entry = conn.execute(
                "select player from tournament_players where tournament_id = ? and token_hash = ?",
                (tid, hash_token(entry_token)),
            ).fetchone()
        if entry is None or profile is None:
            raise REFUSE(NotEntered, "cl_link_entry")
        other = conn.execute(
            "select player from club_entries where tournament_id = ? and profile_id = ? "
            "and player <> ?",
            (tid, profile["id"], entry["player"]),
        ).fetchone()
        if other is not None:
            raise REFUSE(LinkedElsewhere, "cl_linked_elsewhere", player=other["player"])
        conn.execute(
            "insert into club_entries (tournament_id, player, profile_id) values (?, ?, ?) "
            "on conflict (tournament_id, player) do update set profile_id = excluded.profile_id",
            (tid, entry["player"], profile["id"]),
        )
        tables = conn.execute(
            "select round, table_no from tournament_tables where tournament_id = ? and "
            "(a = ? or b = ?)",
            (tid, entry["player"], entry["player"]),
        ).fetchall()
        for t in tables:
            sync_table(conn, tid, t["round"], t["table_no"], catalog)
        return int(entry["player"])


def changes(conn: Connection, tid: str) -> dict[int, dict[str, Any]]:
    """Return each linked player's rating change over a tournament's counted tables, with
    their entry's name and their profile's shown name."""
    rows = conn.execute(
        "select e.player, e.profile_id, c.mu_before, c.sigma_before, c.mu, c.sigma, c.games, r.at "
        "from club_entries e join club_results r on r.source like ? "
        "join club_changes c on c.result_id = r.id and c.profile_id = e.profile_id "
        "where e.tournament_id = ? order by r.at, r.id",
        (f"table:{tid}:%", tid),
    ).fetchall()
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        before = Skill(r["mu_before"], r["sigma_before"], r["games"] - 1)
        after = Skill(r["mu"], r["sigma"], r["games"])
        first = out.get(r["player"], {"before": before.shown})
        out[r["player"]] = {"before": first["before"], "after": after.shown,
                            "margin": after.margin, "change": after.shown - first["before"],
                            "profile": r["profile_id"]}  # fmt: skip
    shown = {r["id"]: club.shown_name(r) for r in conn.execute(
        "select id, name, hidden, removed from club_profiles where id in "
        "(select profile_id from club_entries where tournament_id = ?)", (tid,))}  # fmt: skip
    entered = dict(conn.execute(
        "select player, name from tournament_players where tournament_id = ?", (tid,)
    ).fetchall())  # fmt: skip
    for player, change in out.items():
        hidden = shown.get(change.pop("profile")) == club.SHOWN_HIDDEN
        change["name"] = club.SHOWN_HIDDEN if hidden else entered.get(player, "")
    return out


def standing_changes(conn: Connection, tid: str) -> dict[int, dict[str, int]]:
    """Return the rating change of each linked entry for the tournament's standings: none
    for a hidden profile, and none at all while the club's pages are private."""
    if club_pages.is_private(conn):
        return {}
    return {
        player: {k: change[k] for k in ("before", "after", "margin", "change")}
        for player, change in changes(conn, tid).items()
        if change["name"] != club.SHOWN_HIDDEN
    }


def standings_stamp(conn: Connection, tid: str) -> str:
    """Return a short mark of the standings' rating changes, for the tournament's ETag and
    cache (a link, a rated table or a hidden profile changes them, not the version)."""
    if (
        conn.execute(
            "select 1 from club_entries where tournament_id = ? limit 1", (tid,)
        ).fetchone()
        is None
    ):
        return ""
    text = json.dumps(sorted(standing_changes(conn, tid).items()))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def seeding_ratings(conn: Connection, tid: str, game: str) -> dict[int, float]:
    """Return the club rating (the leaderboard's low end, this season) of each entry linked
    to a profile rated in the game; the others are absent (seeded after the rated)."""
    rows = conn.execute(
        "select e.player, r.mu, r.sigma, r.games from club_entries e join club_ratings r "
        "on r.profile_id = e.profile_id where e.tournament_id = ? and r.game = ? "
        "and r.season = ?",
        (tid, game, club.current_season(conn)),
    ).fetchall()
    return {int(r["player"]): Skill(r["mu"], r["sigma"], r["games"]).low for r in rows}


def tournament_name(conn: Connection, tid: str) -> str | None:
    """Return a tournament's name, or None when there is no such tournament."""
    row = conn.execute("select name from tournaments where id = ?", (tid,)).fetchone()
    return None if row is None else str(row["name"])


def entries(conn: Connection, held: dict[str, str], profile_id: str) -> list[dict[str, Any]]:
    """Return the tournaments this phone entered (``held``: id -> entry token) and whether
    each entry counts for this profile."""
    out = []
    for tid, token in held.items():
        row = conn.execute(
            "select p.player, t.name, e.profile_id from tournament_players p "
            "join tournaments t on t.id = p.tournament_id left join club_entries e on "
            "e.tournament_id = p.tournament_id and e.player = p.player "
            "where p.tournament_id = ? and p.token_hash = ?",
            (tid, hash_token(token)),
        ).fetchone()
        if row is not None:
            out.append({"id": tid, "name": row["name"], "linked": row["profile_id"] == profile_id})
    return out
