"""The club's results in order, and the ratings they give (companion/game/club/ratings.py).

A result is stored once per source (``match:<id>`` for a casual table, ``table:<tournament>:
<round>:<table>`` for a tournament's) with its sides of profile ids and their places, and
rated in the order (time, id). A result added after every other is rated incrementally (its
players' stored skills read and updated); one that lands earlier, a corrected tournament
result, a merge or a removal recomputes everything from the ordered results, so later
ratings follow. ``recompute`` and the incremental updates give the same figures (a test).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.game import rooms
from companion.game.club import ratings
from companion.game.club.placing import Sides, find_placer
from companion.game.club.ratings import Change, Result, Skill, places_from_wins
from companion.storage import bulk, club, pg
from companion.storage.club import ClubError
from companion.storage.engine import Connection, Row
from companion.storage.matches import CASUAL, new_token, now, write_transaction
from companion.storage.refusals import REFUSE
from companion.storage.replayed import SEAT_EVENT, load
from companion.storage.seats import seat_row
from printkit.catalog import Catalog

BATCH = 10_000
"""Rating changes handed to SQLite at once when a recompute writes them all."""
COPY_ABOVE = 100
"""More rating changes than this go to PostgreSQL by COPY (a recompute's, not one result's)."""


class NotCountable(ClubError):
    """A casual result that cannot count (not over, not casual, no seat, no profile)."""


class NotYourSeat(ClubError):
    """A confirmation from a phone that does not hold that seat or that profile."""

    status = 403


@dataclass(frozen=True)
class Confirmed:
    """Where a casual match's "count this" stands after one more confirmation."""

    confirmed: int
    seats: int
    counted: bool


def ordered_results(conn: Connection) -> list[ratings.Ordered]:
    """Return every counted result in rating order (time, then id), read in one query of
    the columns the ratings need; the JSON of all the sides and places decoded at once."""
    rows = conn.execute(
        "select id, season, game, sides, places from club_results order by at, id"
    ).fetchall()
    decoded = json.loads("[" + ",".join([f"[{r[3]},{r[4]}]" for r in rows]) + "]")
    return [(int(r[1]), str(r[2]), str(r[0]), sides, places)
            for r, (sides, places) in zip(rows, decoded, strict=True)]  # fmt: skip


def stored_skills(conn: Connection, result: Result) -> dict[str, Skill]:
    """Return the stored skills of a result's players in its game and season."""
    marks = ",".join("?" * len(result.players))
    rows = conn.execute(
        f"select profile_id, mu, sigma, games from club_ratings where season = ? and game = ? "
        f"and profile_id in ({marks})",
        (result.season, result.game, *result.players),
    ).fetchall()
    return {r["profile_id"]: Skill(r["mu"], r["sigma"], r["games"]) for r in rows}


UPSERT_SKILL = (
    "insert into club_ratings (season, game, profile_id, mu, sigma, games) "
    "values (?, ?, ?, ?, ?, ?) on conflict (season, game, profile_id) do update set "
    "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games"
)
INSERT_CHANGE = (
    "insert into club_changes (result_id, profile_id, mu_before, sigma_before, mu, sigma, "
    "games) values (?, ?, ?, ?, ?, ?, ?)"
)


def write_skills(conn: Connection, season: int, game: str, changes: Sequence[Change]) -> None:
    """Store the skills a result left (inside the caller's transaction)."""
    conn.executemany(UPSERT_SKILL, [(season, game, c.player, c.after.mu, c.after.sigma,
                                     c.after.games) for c in changes])  # fmt: skip


def change_row(c: Change) -> ratings.ChangeRow:
    """Return one rating change as a row of club_changes."""
    return (c.key, c.player, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma,
            c.after.games)  # fmt: skip


def write_changes(conn: Connection, rows: list[ratings.ChangeRow]) -> None:
    """Store rating changes: on PostgreSQL with COPY (a recompute writes one row per player
    and match, 300,000 for 100,000 matches), on SQLite one insert run for each; either way
    in primary-key order, so each row lands at the end of the key's index, not anywhere."""
    rows.sort()
    if isinstance(conn, pg.PgConnection) and len(rows) > COPY_ABOVE:
        columns = "result_id, profile_id, mu_before, sigma_before, mu, sigma, games"
        with conn.raw.cursor().copy(f"copy club_changes ({columns}) from stdin") as copy:
            for row in rows:
                copy.write_row(row)
        return
    for start in range(0, len(rows), BATCH):
        conn.executemany(INSERT_CHANGE, rows[start : start + BATCH])


def recompute_locked(conn: Connection) -> int:
    """Rate every result again from the start (inside a write transaction); return how many."""
    with bulk.no_cycle_collection():
        results = ordered_results(conn)
        computed, changes = ratings.replay(results)
        conn.execute("delete from club_changes")
        conn.execute("delete from club_ratings")
        with bulk.without_indexes(conn, "club_changes"):
            write_changes(conn, changes)
        conn.executemany(UPSERT_SKILL, [
            (season, game, p, s.mu, s.sigma, s.games)
            for (season, game), board in computed.table.items()
            for p, s in board.items()
        ])  # fmt: skip
    return len(results)


def recompute(conn: Connection) -> int:
    """Rate every result again from the start; return how many results were rated."""
    with write_transaction(conn):
        return recompute_locked(conn)


def is_latest(conn: Connection, at: str, result_id: str) -> bool:
    """Return True when a result at this time and id sorts after every stored one (the last
    stored read from the (at, id) index, not a scan of every result)."""
    last = conn.execute("select at, id from club_results order by at desc, id desc limit 1")
    row = last.fetchone()
    return row is None or (row["at"], row["id"]) < (at, result_id)


def record_locked(
    conn: Connection, source: str, result: Result, at: str, details: dict[str, Any] | None = None
) -> list[Change]:
    """Store a result for a source (a correction replaces it) and rate it (inside a write
    transaction); return the rating changes it made. ``details``: what the statistics read
    (each profile's seat and character, the bank)."""
    old = conn.execute("select id from club_results where source = ?", (source,)).fetchone()
    sides, places = json.dumps(result.sides), json.dumps(result.places)
    if old is not None:
        conn.execute(
            "update club_results set sides = ?, places = ?, details = ? where id = ?",
            (sides, places, json.dumps(details or {}), old["id"]),
        )
        recompute_locked(conn)
        return changes_of(conn, str(old["id"]))
    result_id = new_token()
    latest = is_latest(conn, at, result_id)
    conn.execute(
        "insert into club_results (id, source, game, season, at, sides, places, details) "
        "values (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            result_id,
            source,
            result.game,
            result.season,
            at,
            sides,
            places,
            json.dumps(details or {}),
        ),  # fmt: skip
    )
    if not latest:
        recompute_locked(conn)
        return changes_of(conn, result_id)
    keyed = Result(result.game, result.sides, result.places, result.season, result_id)
    before = stored_skills(conn, keyed)
    after = ratings.rate(before, keyed)
    changes = [Change(result_id, p, before.get(p, ratings.NEW), s) for p, s in after.items()]
    write_skills(conn, result.season, result.game, changes)
    write_changes(conn, [change_row(c) for c in changes])
    return changes


def record(
    conn: Connection, source: str, result: Result, at: str | None = None,
    details: dict[str, Any] | None = None,
) -> list[Change]:  # fmt: skip
    """Store and rate one result (see ``record_locked``)."""
    with write_transaction(conn):
        return record_locked(conn, source, result, at or now(), details)


def changes_of(conn: Connection, result_id: str) -> list[Change]:
    """Return the rating changes one stored result made."""
    rows = conn.execute("select * from club_changes where result_id = ?", (result_id,))
    return [
        Change(
            result_id,
            r["profile_id"],
            Skill(r["mu_before"], r["sigma_before"], r["games"] - 1),
            Skill(r["mu"], r["sigma"], r["games"]),
        )  # fmt: skip
        for r in rows
    ]


def confirm(
    conn: Connection, match_id: str, seat_token: str | None, player_token: str | None,
    catalog: Catalog,
) -> Confirmed:  # fmt: skip
    """Confirm a finished casual match's result for this phone's seat and profile ("count
    this"); once every seat is confirmed by a different profile, the result counts.

    :raises NotYourSeat: without this match's seat or a profile on this phone.
    :raises NotCountable: when the match is not a casual one that has ended, or the profile
        confirmed another seat of it.
    """
    with write_transaction(conn):
        seat = seat_row(conn, match_id, seat_token)
        profile = club.profile_of(conn, player_token)
        if seat is None or profile is None:
            raise REFUSE(NotYourSeat, "cl_confirm_seated")
        return confirm_seat(conn, match_id, int(seat["seat"]), str(profile["id"]), catalog)


def confirm_seat(
    conn: Connection, match_id: str, seat: int, profile_id: str, catalog: Catalog
) -> Confirmed:
    """Confirm one seat of a finished casual match for a profile (inside the caller's write
    transaction, after it checked who asks); count the match once every seat is confirmed.

    :raises NotCountable: when the match is not a casual one that has ended, the profile
        confirmed another seat of it, or another profile confirmed this seat.
    """
    match = conn.execute("select * from matches where id = ?", (match_id,)).fetchone()
    finished = countable(match, catalog, conn)
    conn.execute(  # given before a move or an undo: of another result than this one
        "delete from club_confirms where match_id = ? and version < ?",
        (match_id, last_move(conn, match_id)),
    )
    confirms = {r["seat"]: r["profile_id"] for r in live_confirms(conn, match_id)}
    if confirms.get(seat, profile_id) != profile_id:
        raise REFUSE(NotCountable, "cl_seat_confirmed")
    if any(p == profile_id and s != seat for s, p in confirms.items()):
        raise REFUSE(NotCountable, "cl_confirmed_other")
    conn.execute(
        "insert into club_confirms (match_id, seat, profile_id, at, version) "
        "values (?, ?, ?, ?, ?) on conflict (match_id, seat) do update set "
        "profile_id = excluded.profile_id, at = excluded.at, version = excluded.version",
        (match_id, seat, profile_id, now(), match["version"]),
    )
    return count_if_confirmed(conn, match_id, finished)


def last_move(conn: Connection, match_id: str) -> int:
    """Return the version of a match's last move, undo or redo (a seat's hand-over or
    claim, logged too, changes no result)."""
    row = conn.execute(
        "select max(version) from events where match_id = ? and kind <> ?",
        (match_id, SEAT_EVENT),
    ).fetchone()
    return int(row[0] or 0)


def live_confirms(conn: Connection, match_id: str) -> list[Row]:
    """Return a match's confirmations (seat, profile) given since its last move: one given
    before a later move or undo confirmed another result and does not count."""
    return conn.execute(
        "select seat, profile_id from club_confirms where match_id = ? "
        "and (version is null or version >= ?)",
        (match_id, last_move(conn, match_id)),
    ).fetchall()


@dataclass(frozen=True)
class Finished:
    """A finished casual match as the club reads it: its game, sides of seat names with
    games won, each seat's character and the bank (where the game has them)."""

    game: str
    sides: Sides
    characters: dict[str, str]
    bank: tuple[str, ...]
    buys: dict[str, list[str]]
    """The stacks each seat bought, by the actions in effect (undone buys left out)."""


def countable(match: Row | None, catalog: Catalog, conn: Connection) -> Finished:
    """Return a finished casual match as the club reads it.

    :raises NotCountable: saying why the match cannot count.
    """
    if match is None or match["trust"] != CASUAL:
        raise REFUSE(NotCountable, "cl_casual_only")
    finished = finished_match(conn, match, catalog)
    if finished is None:
        raise REFUSE(NotCountable, "cl_not_ended")
    return finished


def finished_match(conn: Connection, match: Row, catalog: Catalog) -> Finished | None:
    """Return a match (casual or a tournament table's) as the club reads it once it has
    ended; None while it is played, or for a game that is never rated."""
    cached = load(conn, match, catalog)
    placer = find_placer(cached.rules.kind)
    sides = None if placer is None else placer.sides(cached.state)
    if placer is None or sides is None:
        return None
    state = cached.state
    buys = bought(conn, str(match["id"]))
    return Finished(placer.game, sides, placer.characters(state), placer.bank(state), buys)


def details_of(
    finished: Finished, profile: Mapping[str, str], seats: Mapping[str, int]
) -> dict[str, Any]:
    """Return what the statistics read of a finished match, by profile (``profile`` and
    ``seats``: each seat name's profile and seat number): seats, characters, bank, buys."""
    return {
        "seats": {profile[n]: seat for n, seat in seats.items() if n in profile},
        "characters": {profile[n]: c for n, c in finished.characters.items() if n in profile},
        "bank": list(finished.bank),
        "buys": {profile[n]: chips for n, chips in finished.buys.items() if n in profile},
    }


def bought(conn: Connection, match_id: str) -> dict[str, list[str]]:
    """Return the stacks each seat bought in a match: its logged ``buy`` actions still in
    effect (an undone buy is not one), by the seat that made them."""
    rows = conn.execute(
        "select kind, payload from events where match_id = ? order by version", (match_id,)
    )
    applied, _ = rooms.stacks_of([(r["kind"], json.loads(r["payload"])) for r in rows])
    out: dict[str, list[str]] = {}
    for _, payload in applied:
        action = payload.get("action") or {}
        if action.get("type") == "buy":
            out.setdefault(str(payload["actor"]), []).append(str(action.get("stack")))
    return out


def count_if_confirmed(conn: Connection, match_id: str, finished: Finished) -> Confirmed:
    """Record the match's result once every seat is confirmed by a different profile."""
    seated = conn.execute("select seat, name from seats where match_id = ?", (match_id,))
    seats = {r["name"]: r["seat"] for r in seated}
    confirms = {r["seat"]: r["profile_id"] for r in live_confirms(conn, match_id)}
    if len(finished.sides) < 2 or any(n not in seats for m, _ in finished.sides for n in m):
        raise REFUSE(NotCountable, "cl_bot")
    done = len(confirms) == len(seats) and len(set(confirms.values())) == len(seats)
    source = f"match:{match_id}"
    if (
        done
        and not conn.execute("select 1 from club_results where source = ?", (source,)).fetchone()
    ):
        profile = {name: confirms[seat] for name, seat in seats.items()}
        result = Result(
            finished.game,
            tuple(tuple(profile[n] for n in members) for members, _ in finished.sides),
            places_from_wins([wins for _, wins in finished.sides]),
            club.current_season(conn),
        )
        record_locked(conn, source, result, now(), details_of(finished, profile, seats))
    return Confirmed(len(confirms), len(seats), done)


def merge(conn: Connection, gone: str, kept: str) -> int:
    """Merge two profiles of one person (admin): the first's devices, confirmations and
    results become the second's, the first is removed; return the results rewritten.

    :raises NoProfile: for a missing profile; NotCountable when they played each other.
    """
    with write_transaction(conn):
        club.find_profile(conn, gone)
        club.find_profile(conn, kept)
        if gone == kept:
            raise REFUSE(NotCountable, "cl_merge_self")
        rewritten = rewrite_results(conn, gone, kept)
        move_entries(conn, gone, kept)
        conn.execute("update club_devices set profile_id = ? where profile_id = ?", (kept, gone))
        conn.execute("update club_confirms set profile_id = ? where profile_id = ?", (kept, gone))
        conn.execute(
            "update club_profiles set removed = 1, hidden = 1, name = '', folded = null "
            "where id = ?",
            (gone,),
        )
        recompute_locked(conn)
    return rewritten


def move_entries(conn: Connection, gone: str, kept: str) -> None:
    """Put ``kept`` on the tournament entries ``gone`` linked; refuse when both entered one
    tournament (two entrants are two people)."""
    both = conn.execute(
        "select a.tournament_id from club_entries a join club_entries b on "
        "b.tournament_id = a.tournament_id where a.profile_id = ? and b.profile_id = ?",
        (gone, kept),
    ).fetchone()
    if both is not None:
        raise REFUSE(NotCountable, "cl_merge_same_event")
    conn.execute("update club_entries set profile_id = ? where profile_id = ?", (kept, gone))


def rewrite_results(conn: Connection, gone: str, kept: str) -> int:
    """Put ``kept`` wherever ``gone`` played; refuse when both played in one match."""
    rows = conn.execute("select id, sides, details from club_results where sides like ?",
                        (f'%"{gone}"%',)).fetchall()  # fmt: skip
    for row in rows:
        sides = json.loads(row["sides"])
        if any(kept in side for side in sides):
            raise REFUSE(NotCountable, "cl_merge_opponents")
        new = [[kept if p == gone else p for p in side] for side in sides]
        details = {key: ({kept if k == gone else k: v for k, v in value.items()}
                         if isinstance(value, dict) else value)
                   for key, value in json.loads(row["details"]).items()}  # fmt: skip
        conn.execute("update club_results set sides = ?, details = ? where id = ?",
                     (json.dumps(new), json.dumps(details), row["id"]))  # fmt: skip
    return len(rows)


def leaderboard(conn: Connection, season: int, game: str, limit: int = 50) -> list[Row]:
    """Return a game's rated players in a season, best first (the low end of the range)."""
    return conn.execute(
        "select r.*, p.name, p.hidden, p.removed from club_ratings r "
        "join club_profiles p on p.id = r.profile_id where r.season = ? and r.game = ? "
        "order by r.mu - 2 * r.sigma desc, r.profile_id limit ?",
        (season, game, limit),
    ).fetchall()
