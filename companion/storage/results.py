"""A tournament table's result: entered by the organiser, or read from the table's match.

Results flow in when the tournament is read: ``sync_results`` looks at the matches of the
current round whose version changed since the last look, and writes the score of every
finished one (and clears it again if the table is reopened). A result entered by the
organiser is never overwritten by the table. A Custom Clockwork table's finished draft opens
its duel here, and the table follows the duel.
"""

from __future__ import annotations

from companion.game.draft import room as draft_room
from companion.game.draft.carry import clockwork_duel
from companion.game.flash_duel import room as duel_room
from companion.game.tournament import Result, TournamentError, bank_seed, record_result
from companion.storage import club_tournaments
from companion.storage import matches as store
from companion.storage import seats as seating
from companion.storage.engine import Connection, Row
from companion.storage.refusals import REFUSE
from companion.storage.replayed import Cached
from companion.storage.tournaments import load_event, log, seat_code
from printkit.catalog import Catalog


def record(
    conn: Connection,
    row: Row,
    number: int,
    table_no: int,
    result: Result,
    actor: str,
    catalog: Catalog,
) -> None:
    """Enter or correct a table's result in the current round, recording who did it.

    :raises TournamentError: for a finished round, an unknown table, a bye or a bad score.
    """
    with store.write_transaction(conn):
        event = load_event(conn, row)
        record_result(event, number, table_no, result)  # checks; raises before any write
        old = conn.execute(
            "select wins_a, wins_b, draws, source from tournament_tables "
            "where tournament_id = ? and round = ? and table_no = ?",
            (row["id"], number, table_no),
        ).fetchone()
        write_result(conn, row["id"], number, table_no, result, "organiser", actor, catalog)
        was = (
            ""
            if old["wins_a"] is None
            else (f" (was {old['wins_a']}-{old['wins_b']}-{old['draws']} from the {old['source']})")
        )
        log(conn, row["id"], actor, f"round {number} table {table_no}: "
            f"{result.wins_a}-{result.wins_b}-{result.draws}{was}")  # fmt: skip


def write_result(
    conn: Connection,
    tid: str,
    number: int,
    table_no: int,
    result: Result | None,
    source: str | None,
    actor: str | None,
    catalog: Catalog,
) -> None:
    """Store a table's result (None clears it)."""
    conn.execute(
        "update tournament_tables set wins_a = ?, wins_b = ?, draws = ?, source = ?, "
        "changed_by = ?, changed_at = ? where tournament_id = ? and round = ? and table_no = ?",
        (result.wins_a if result else None, result.wins_b if result else None,
         result.draws if result else None, source, actor, store.now(), tid, number, table_no),
    )  # fmt: skip
    club_tournaments.sync_table(conn, tid, number, table_no, catalog)  # the club follows (#30)


def result_of(cached: Cached, name_a: str, name_b: str) -> Result | None:
    """Return the result of a finished match for the tournament's players a and b (by
    name: a drafted table may seat them the other way round); None while it is played."""
    outcome = cached.rules.outcome(cached.state)
    if outcome is None:
        return None
    return Result(outcome.wins[name_a], outcome.wins[name_b], outcome.draws)


def carry_draft(
    conn: Connection,
    row: Row,
    t: Row,
    cached: Cached,
    catalog: Catalog,
) -> Cached:
    """Open the Custom Clockwork duel of a table whose draft is done; the table follows it.

    As the draft room's own carry does: seat 1 drafted first and plays first.
    """
    seed = bank_seed(row["seed"], t["round"], 2000 + t["table_no"]) % 2**31
    setup = clockwork_duel(cached.state, seed)
    duel_room.RULES.start(setup, catalog)  # the rules refuse a bad setup before any write
    ids = store.new_ids()
    with store.write_transaction(conn):  # one transaction: two reads at once open one duel
        current = conn.execute(
            "select match_id from tournament_tables where tournament_id = ? and round = ? "
            "and table_no = ?",
            (row["id"], t["round"], t["table_no"]),
        ).fetchone()["match_id"]
        if current == t["match_id"]:  # still the draft: no other read opened the duel
            # Each drafter's phone holds the same player's seat in the duel; a seat whose
            # phone is missing waits for its own code, as at any tournament table. The draft
            # page's own carry then leads every phone to this duel, not a new one.
            claims = {n: store.hash_token(seat_code(row, ids["id"], n))
                      for n in range(len(setup.players))}  # fmt: skip
            seating.carry_into(conn, current, ids, duel_room.setup_to_json(setup),
                               setup.players, store.TOURNAMENT, claims)  # fmt: skip
            conn.execute(
                "update tournament_tables set draft_id = match_id, match_id = ? "
                "where tournament_id = ? and round = ? and table_no = ?",
                (ids["id"], row["id"], t["round"], t["table_no"]),
            )
            line = f"round {t['round']} table {t['table_no']}: drafted; the duel is open"
            log(conn, row["id"], "table", line)
            current = ids["id"]
    return store.load(conn, store.find_match(conn, match_id=current), catalog)


def round_started_at(conn: Connection, tid: str, match_id: str) -> str | None:
    """Return when the round of the table playing (or drafting) in this room started."""
    row: Row | None = conn.execute(
        "select r.started from tournament_tables t join tournament_rounds r on "
        "r.tournament_id = t.tournament_id and r.round = t.round where t.tournament_id = ? "
        "and (t.match_id = ? or t.draft_id = ?) order by t.round desc limit 1",
        (tid, match_id, match_id),
    ).fetchone()
    return None if row is None else str(row["started"])


def tournament_of_draft(conn: Connection, draft_id: str) -> Row | None:
    """Return the tournament whose table drafts in this room, if any."""
    row: Row | None = conn.execute(
        "select t.* from tournaments t join tournament_tables tt on tt.tournament_id = t.id "
        "where tt.match_id = ? or tt.draft_id = ? limit 1",
        (draft_id, draft_id),
    ).fetchone()
    return row


CHANGED_TABLES = (
    "select t.round, t.table_no, t.match_id, t.synced_version, t.wins_a, t.wins_b, t.draws, "
    "m.version, pa.name as name_a, pb.name as name_b from tournament_tables t "
    "join matches m on m.id = t.match_id "
    "join tournament_players pa on pa.tournament_id = t.tournament_id and pa.player = t.a "
    "join tournament_players pb on pb.tournament_id = t.tournament_id and pb.player = t.b "
    "where t.tournament_id = ? and t.round = (select max(round) from tournament_rounds "
    "where tournament_id = ?) and (t.source is null or t.source = 'table') "
    "and m.version is distinct from t.synced_version"
)
"""The current round's tables whose match moved since the last look, and whose result the
organiser has not entered."""


def sync_results(conn: Connection, row: Row, catalog: Catalog) -> bool:
    """Bring finished matches of the current round into the tournament; return True when
    something changed.

    The tables are read again inside the write transaction, so an organiser's correction
    made meanwhile (by another process too) is never replaced by the table's result.
    """
    changed = conn.execute(CHANGED_TABLES, (row["id"], row["id"])).fetchall()
    if not changed:
        return False
    for t in changed:  # a finished draft opens its duel first (in its own transaction)
        cached = store.load(conn, store.find_match(conn, match_id=t["match_id"]), catalog)
        if cached.rules.kind == draft_room.KIND and cached.state.is_done:
            carry_draft(conn, row, t, cached, catalog)
    with store.write_transaction(conn):
        for t in conn.execute(CHANGED_TABLES, (row["id"], row["id"])).fetchall():
            cached = store.load(conn, store.find_match(conn, match_id=t["match_id"]), catalog)
            sync_table(conn, row["id"], t, result_of(cached, t["name_a"], t["name_b"]), catalog)
    return True


def sync_table(conn: Connection, tid: str, t: Row, result: Result | None, catalog: Catalog) -> None:
    """Store what one table's match says now (inside the sync's transaction)."""
    conn.execute(
        "update tournament_tables set synced_version = ? where tournament_id = ? "
        "and round = ? and table_no = ?",
        (t["version"], tid, t["round"], t["table_no"]),
    )
    before = None if t["wins_a"] is None else Result(t["wins_a"], t["wins_b"], t["draws"])
    if result != before:
        write_result(conn, tid, t["round"], t["table_no"], result,
                     "table" if result else None, "table" if result else None,
                     catalog)  # fmt: skip
        score = f"{result.wins_a}-{result.wins_b}" if result else "reopened"
        log(conn, tid, "table", f"round {t['round']} table {t['table_no']}: {score}")


def report(
    conn: Connection, row: Row, number: int, table_no: int, player: int,
    result: Result, catalog: Catalog,
) -> str:  # fmt: skip
    """A player of a table reports its score (games won by a and b, draws); return "waiting"
    (for the other player), "agreed" (both said the same: it is the table's result) or
    "disputed" (they differ: the organiser decides, as Cobra and EventLink do).

    :raises TournamentError: for a finished round, a bad score, a table whose result is in,
        or a player who does not play at this table.
    """
    with store.write_transaction(conn):
        record_result(load_event(conn, row), number, table_no, result)  # checks the score
        t = conn.execute(
            "select a, b, wins_a, source from tournament_tables where tournament_id = ? "
            "and round = ? and table_no = ?",
            (row["id"], number, table_no),
        ).fetchone()
        if player not in (t["a"], t["b"]):
            raise REFUSE(TournamentError, "st_not_your_table", table=table_no)
        if t["wins_a"] is not None:
            raise result_in(table_no, str(t["source"]))
        conn.execute(
            "insert into table_reports (tournament_id, round, table_no, player, wins_a, "
            "wins_b, draws, at) values (?,?,?,?,?,?,?,?) on conflict (tournament_id, round, "
            "table_no, player) do update set wins_a = excluded.wins_a, wins_b = "
            "excluded.wins_b, draws = excluded.draws, at = excluded.at",
            (row["id"], number, table_no, player, result.wins_a, result.wins_b, result.draws,
             store.now()),
        )  # fmt: skip
        said = reports_of(conn, row["id"], number, table_no)
        where = f"round {number} table {table_no}"
        score = f"{result.wins_a}-{result.wins_b}-{result.draws}"
        if len(said) < 2:
            log(conn, row["id"], "players", f"{where}: a player reports {score}")
            return "waiting"
        if said[t["a"]] != said[t["b"]]:
            log(conn, row["id"], "players", f"{where}: the players' reports differ "
                f"({' / '.join(f'{r.wins_a}-{r.wins_b}-{r.draws}' for r in said.values())}): "
                "the organiser decides")  # fmt: skip
            return "disputed"
        write_result(conn, row["id"], number, table_no, result, "players", "players", catalog)
        log(conn, row["id"], "players", f"{where}: both players report {score}")
        return "agreed"


def result_in(table_no: int, source: str) -> TournamentError:
    """Return the refusal of a report for a table whose result is in (raise it), naming
    where the result came from (the organiser, the table's phones, the players' reports)."""
    key = f"st_result_in_{source}"
    if key in REFUSE.texts:
        return REFUSE(TournamentError, key, table=table_no)
    return REFUSE(TournamentError, "st_result_in", table=table_no, source=source)


def reports_of(conn: Connection, tid: str, number: int, table_no: int) -> dict[int, Result]:
    """Return the scores a table's players reported, by player."""
    rows = conn.execute(
        "select player, wins_a, wins_b, draws from table_reports where tournament_id = ? "
        "and round = ? and table_no = ?",
        (tid, number, table_no),
    ).fetchall()
    return {r["player"]: Result(r["wins_a"], r["wins_b"], r["draws"]) for r in rows}


def all_reports(conn: Connection, tid: str) -> dict[tuple[int, int], dict[int, Result]]:
    """Return every score the players reported, by (round, table) and player."""
    out: dict[tuple[int, int], dict[int, Result]] = {}
    for r in conn.execute("select * from table_reports where tournament_id = ?", (tid,)):
        said = Result(r["wins_a"], r["wins_b"], r["draws"])
        out.setdefault((r["round"], r["table_no"]), {})[r["player"]] = said
    return out
