"""Tournaments in SQLite: the rows behind an ``Event``, rounds with a match per table.

The pure rules (``companion.game.tournament``) decide; this module reads the rows into an
``Event``, stores what the rules return, and creates each table's match with the store's
own ``create_match``. Every write runs in one transaction under the write lock and bumps
the tournament's version (the pages poll it).

Results flow in when the tournament is read: ``sync_results`` looks at the matches of the
current round whose version changed since the last look, and writes the score of every
finished one (and clears it again if the players undo the last game). A result entered by
the organiser is never overwritten by the table. Reading keeps one source of truth (the
match's log) and needs no hook inside the match store, which other work is reshaping.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from typing import Any

from companion.game.draft import room as draft_room
from companion.game.flash_duel import room as duel_room
from companion.game.flash_duel import state as duel_state
from companion.game.puzzle_strike.bank import Bank
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.setup import KIND as PUZZLE_STRIKE
from companion.game.puzzle_strike.setup import Setup
from companion.game.tournament import (
    Event,
    NotFoundError,
    Player,
    Result,
    Round,
    TournamentError,
    add_player,
    bank_seed,
    pair_next_round,
    record_result,
    round_banks,
    round_rng,
    set_active,
    usual_rounds,
)
from companion.game.tournament.config import Config, config_from_json
from companion.game.tournament.model import Pairing
from companion.kinds import kind_of_setup
from companion.storage import matches as store
from companion.storage import seats as seating
from printkit.catalog import Catalog

TOKEN_BYTES = 16


def create(
    conn: sqlite3.Connection, config: Config, names: list[str], seed: int | None = None
) -> tuple[str, str]:
    """Store a new tournament with its first players; return (id, organiser token).
    ``seed`` (drawn when None) decides every pairing, bank and table seed.

    :raises TournamentError: for a bad or repeated player name (nothing is written).
    """
    seed = secrets.randbelow(2**31) if seed is None else seed
    event = Event(seed=seed, games_to_win=config.games_to_win)
    for name in names:
        event = add_player(event, name)
    tid = secrets.token_urlsafe(TOKEN_BYTES)
    token = secrets.token_urlsafe(TOKEN_BYTES * 2)
    with store.write_transaction(conn):
        conn.execute(
            "insert into tournaments (id, created, name, config, seed, organiser_hash) "
            "values (?,?,?,?,?,?)",
            (tid, store.now(), config.name, json.dumps(config.to_json()), event.seed,
             store.hash_token(token)),
        )  # fmt: skip
        for p in event.players:
            insert_player(conn, tid, p, "active", None, None)
        log(conn, tid, "organiser", f"created with {len(names)} players")
    return tid, token


def insert_player(
    conn: sqlite3.Connection,
    tid: str,
    player: Player,
    status: str,
    character: str | None,
    token: str | None,
) -> None:
    """Insert one player row."""
    conn.execute(
        "insert into tournament_players (tournament_id, player, name, status, first_round, "
        "character, token_hash, created) values (?,?,?,?,?,?,?,?)",
        (tid, player.id, player.name, status, player.first_round, character,
         store.hash_token(token) if token else None, store.now()),
    )  # fmt: skip


def log(conn: sqlite3.Connection, tid: str, actor: str, line: str) -> None:
    """Append a line to the tournament's log and bump its version (inside a transaction)."""
    conn.execute(
        "insert into tournament_log (tournament_id, at, actor, line) values (?,?,?,?)",
        (tid, store.now(), actor, line),
    )
    conn.execute("update tournaments set version = version + 1 where id = ?", (tid,))


def find(conn: sqlite3.Connection, tid: str) -> sqlite3.Row:
    """Return a tournament's row.

    :raises store.NotFound: when there is none.
    """
    row = conn.execute("select * from tournaments where id = ?", (tid,)).fetchone()
    if row is None:
        raise store.NotFound("no such tournament (check the link)")
    found: sqlite3.Row = row
    return found


def is_organiser(row: sqlite3.Row, token: str | None) -> bool:
    """Whether a token is this tournament's organiser secret."""
    return bool(token) and secrets.compare_digest(
        store.hash_token(str(token)), str(row["organiser_hash"])
    )


def config_of(row: sqlite3.Row) -> Config:
    """Return a tournament's settings."""
    return config_from_json(json.loads(row["config"]))


def player_rows(conn: sqlite3.Connection, tid: str) -> list[sqlite3.Row]:
    """Return every player row, pending ones included, in entry order."""
    return conn.execute(
        "select * from tournament_players where tournament_id = ? order by player", (tid,)
    ).fetchall()


def table_rows(conn: sqlite3.Connection, tid: str) -> list[sqlite3.Row]:
    """Return every table of every round, in order."""
    return conn.execute(
        "select t.*, r.stage from tournament_tables t join tournament_rounds r "
        "on r.tournament_id = t.tournament_id and r.round = t.round "
        "where t.tournament_id = ? order by t.round, t.table_no = 0, t.table_no",
        (tid,),
    ).fetchall()


def load_event(conn: sqlite3.Connection, row: sqlite3.Row, pending: bool = False) -> Event:
    """Rebuild the tournament as an ``Event`` (``pending``: include unapproved players,
    as inactive, so their names count as taken)."""
    config = config_of(row)
    players = tuple(
        Player(p["player"], p["name"], p["status"] == "active", p["first_round"])
        for p in player_rows(conn, row["id"])
        if pending or p["status"] != "pending"
    )
    rounds: dict[int, list[Pairing]] = {}
    stages: dict[int, str] = {}
    for t in table_rows(conn, row["id"]):
        result = None if t["wins_a"] is None else Result(t["wins_a"], t["wins_b"], t["draws"])
        rounds.setdefault(t["round"], []).append(Pairing(t["table_no"], t["a"], t["b"], result))
        stages[t["round"]] = t["stage"]
    swiss = config.rounds or usual_rounds(sum(p.active for p in players))
    return Event(
        row["seed"],
        config.games_to_win,
        swiss,
        config.top_cut,
        players,
        tuple(Round(n, tuple(ps), stages[n]) for n, ps in sorted(rounds.items())),
    )


def enter_player(
    conn: sqlite3.Connection,
    row: sqlite3.Row,
    name: str,
    character: str | None,
    status: str,
    token: str | None = None,
) -> int:
    """Enter a player ('active': typed in by the organiser; 'pending': joined by phone).

    :raises TournamentError: for a bad or taken name, or after the Swiss rounds.
    """
    with store.write_transaction(conn):
        event = add_player(load_event(conn, row, pending=True), name)
        player = event.players[-1]
        insert_player(conn, row["id"], player, status, character, token)
        verb = "entered" if status == "active" else "asked to enter"
        log(conn, row["id"], "organiser" if status == "active" else player.name,
            f"{player.name} {verb}")  # fmt: skip
    return player.id


def set_status(conn: sqlite3.Connection, row: sqlite3.Row, player: int, action: str) -> None:
    """Approve a pending player, drop a player, or let a dropped player re-enter.

    :raises TournamentError: for an unknown player or an action that does not fit.
    """
    with store.write_transaction(conn):
        event = load_event(conn, row, pending=True)
        status = conn.execute(
            "select status from tournament_players where tournament_id = ? and player = ?",
            (row["id"], player),
        ).fetchone()
        if status is None:
            raise NotFoundError(f"no player {player} in this tournament")
        allowed = {"approve": "pending", "drop": "active", "reenter": "dropped"}
        if status["status"] != allowed[action]:
            raise TournamentError(f"player {player} is {status['status']}: cannot {action}")
        if action in ("approve", "reenter") and event.next_stage() != "swiss":
            raise TournamentError("the Swiss rounds are over: nobody can enter now")
        changed = set_active(event, player, action != "drop").player(player)
        conn.execute(
            "update tournament_players set status = ?, first_round = ? "
            "where tournament_id = ? and player = ?",
            ("dropped" if action == "drop" else "active", changed.first_round, row["id"], player),
        )
        log(conn, row["id"], "organiser", f"{action}: {changed.name}")


def player_by_token(conn: sqlite3.Connection, tid: str, token: str | None) -> sqlite3.Row | None:
    """Return the player row a phone's tournament cookie belongs to."""
    if not token:
        return None
    found: sqlite3.Row | None = conn.execute(
        "select * from tournament_players where tournament_id = ? and token_hash = ?",
        (tid, store.hash_token(token)),
    ).fetchone()
    return found


def match_setup(
    config: Config,
    event: Event,
    pairing: Pairing,
    bank: Bank | None,
    characters: dict[int, str],
    catalog: Catalog,
) -> dict[str, Any]:
    """Return the setup of one table's match (Puzzle Strike or Flash Duel)."""
    a, b = event.player(pairing.a), event.player(pairing.b or 0)
    seed = bank_seed(event.seed, len(event.rounds), 1000 + pairing.table) % 2**31
    if config.game == "flash-duel":
        if config.mode == "custom-clockwork":
            return draft_room.Setup("flash-duel", (a.name, b.name), "2e", seed).to_json()
        chars = ((a.name, characters.get(a.id, "")), (b.name, characters.get(b.id, "")))
        return duel_room.setup_to_json(duel_state.Setup("full", (a.name, b.name), seed, chars))
    assert bank is not None
    edition = min(s.edition for s in catalog.puzzle_strike_sets() if s.id in bank.sets)
    return Setup(
        (a.name, b.name), Mode.TWO_PLAYER, edition, bank.sets,
        tuple(c.key for c in bank.chips), bank.sets[0], seed,
    ).to_json()  # fmt: skip


def start_round(
    conn: sqlite3.Connection, row: sqlite3.Row, number: int, catalog: Catalog, actor: str
) -> Round:
    """Pair round ``number`` (it must be the next), draw its banks, open a match per table.

    The round, its tables and their matches are written in one transaction under the write
    lock, which holds across server processes: two "next round" requests at once open one
    round and its matches; the second is refused and leaves nothing behind.

    :raises TournamentError: when it is not the next round, results are missing, or the
        players cannot be paired.
    """
    sync_results(conn, row, catalog)
    with store.write_transaction(conn):
        event = load_event(conn, row)
        if number != len(event.rounds) + 1:
            raise TournamentError(f"round {number} cannot start: the next round is "
                                  f"{len(event.rounds) + 1}")  # fmt: skip
        event = pair_next_round(event, round_rng(event.seed, number))
        new = event.rounds[-1]
        config = config_of(row)
        tables = [p.table for p in new.pairings if p.b is not None]
        banks = round_banks(catalog, config.bank_policy(), event.seed, number, tables) \
            if config.game == "puzzle-strike" else {}  # fmt: skip
        characters = {p["player"]: p["character"] or "" for p in player_rows(conn, row["id"])}
        matches: dict[int, str] = {}
        for p in new.pairings:
            if p.b is not None:
                setup = match_setup(config, event, p, banks.get(p.table), characters, catalog)
                matches[p.table] = open_table_match(conn, row, setup, catalog)
        insert_round(conn, row, event, new, banks, matches)
        log(conn, row["id"], actor, f"round {number} ({new.stage}) paired: {len(tables)} tables")
    return new


def open_table_match(
    conn: sqlite3.Connection, row: sqlite3.Row, setup_json: dict[str, Any], catalog: Catalog
) -> str:
    """Insert a tournament table's match (inside the round's transaction); return its id."""
    rules = kind_of_setup(setup_json).rules
    setup = rules.setup_from_json(setup_json)
    rules.start(setup, catalog)  # the rules refuse a bad setup before anything is written
    ids = store.new_ids()
    store.insert_match(conn, ids, rules.setup_to_json(setup), rules.players(setup), None)
    return ids["id"]


def insert_round(
    conn: sqlite3.Connection,
    row: sqlite3.Row,
    event: Event,
    new: Round,
    banks: dict[int, Bank],
    matches: dict[int, str],
) -> None:
    """Store a paired round and its tables (a second start of the same round is refused).

    :raises TournamentError: when the round was started meanwhile.
    """
    try:
        conn.execute(
            "insert into tournament_rounds (tournament_id, round, stage, started) values (?,?,?,?)",
            (row["id"], new.number, new.stage, store.now()),
        )
    except sqlite3.IntegrityError:
        raise TournamentError(f"round {new.number} has already started") from None
    if new.number == 1 and config_of(row).rounds is None:  # settle the usual count now
        settled = {**json.loads(row["config"]), "rounds": event.swiss_rounds}
        conn.execute("update tournaments set config = ? where id = ?",
                     (json.dumps(settled), row["id"]))  # fmt: skip
    for p in new.pairings:
        bank = banks.get(p.table)
        result = p.result
        conn.execute(
            "insert into tournament_tables (tournament_id, round, table_no, a, b, match_id, "
            "bank, wins_a, wins_b, draws, source) values (?,?,?,?,?,?,?,?,?,?,?)",
            (row["id"], new.number, p.table, p.a, p.b, matches.get(p.table),
             bank.code if bank else None, result.wins_a if result else None,
             result.wins_b if result else None, result.draws if result else None,
             "bye" if p.b is None else None),
        )  # fmt: skip


def record(
    conn: sqlite3.Connection,
    row: sqlite3.Row,
    number: int,
    table_no: int,
    result: Result,
    actor: str,
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
        write_result(conn, row["id"], number, table_no, result, "organiser", actor)
        was = (
            ""
            if old["wins_a"] is None
            else (f" (was {old['wins_a']}-{old['wins_b']}-{old['draws']} from the {old['source']})")
        )
        log(conn, row["id"], actor, f"round {number} table {table_no}: "
            f"{result.wins_a}-{result.wins_b}-{result.draws}{was}")  # fmt: skip


def write_result(
    conn: sqlite3.Connection,
    tid: str,
    number: int,
    table_no: int,
    result: Result | None,
    source: str | None,
    actor: str | None,
) -> None:
    """Store a table's result (None clears it)."""
    conn.execute(
        "update tournament_tables set wins_a = ?, wins_b = ?, draws = ?, source = ?, "
        "changed_by = ?, changed_at = ? where tournament_id = ? and round = ? and table_no = ?",
        (result.wins_a if result else None, result.wins_b if result else None,
         result.draws if result else None, source, actor, store.now(), tid, number, table_no),
    )  # fmt: skip


def result_of(cached: store.Cached, name_a: str, name_b: str) -> Result | None:
    """Return the result of a finished match for the tournament's players a and b (by
    name: a drafted table may seat them the other way round); None while it is played."""
    state = cached.state
    if cached.rules.kind == PUZZLE_STRIKE:
        m = state.match
        if m is None or m.winner is None:
            return None
        return Result(m.wins(name_a), m.wins(name_b), 0)
    if cached.rules.kind == duel_state.KIND:
        duel = state.match
        if duel.winner is None:
            return None
        side = {name: s for s, members in state.sides for name in members}
        draws = sum(1 for r in duel.rounds if r is None)
        return Result(duel.wins(side[name_a]), duel.wins(side[name_b]), draws)
    return None


def carry_draft(
    conn: sqlite3.Connection,
    row: sqlite3.Row,
    t: sqlite3.Row,
    cached: store.Cached,
    catalog: Catalog,
) -> store.Cached:
    """Open the Custom Clockwork duel of a table whose draft is done; the table follows it.

    As the draft room's own carry does: seat 1 drafted first and plays first.
    """
    draft = cached.state
    picks = tuple(
        (p, tuple(i.key for i in draft.picked_by(n + 1))) for n, p in enumerate(draft.seats)
    )
    seed = bank_seed(row["seed"], t["round"], 2000 + t["table_no"]) % 2**31
    unused = tuple(i.key for i in draft.available())  # the loser of a round may swap one in
    setup = duel_state.Setup(
        "custom-clockwork", tuple(draft.seats), seed, clockwork=picks, unused=unused
    )
    duel_room.RULES.start(setup, catalog)  # the rules refuse a bad setup before any write
    ids = store.new_ids()
    with store.write_transaction(conn):  # one transaction: two reads at once open one duel
        current = conn.execute(
            "select match_id from tournament_tables where tournament_id = ? and round = ? "
            "and table_no = ?",
            (row["id"], t["round"], t["table_no"]),
        ).fetchone()["match_id"]
        if current == t["match_id"]:  # still the draft: no other read opened the duel
            store.insert_match(conn, ids, duel_room.setup_to_json(setup), setup.players, None)
            conn.execute(
                "update tournament_tables set draft_id = match_id, match_id = ? "
                "where tournament_id = ? and round = ? and table_no = ?",
                (ids["id"], row["id"], t["round"], t["table_no"]),
            )
            line = f"round {t['round']} table {t['table_no']}: drafted; the duel is open"
            log(conn, row["id"], "table", line)
            # The draft page's own carry then leads every phone to this duel, not a new one.
            conn.execute(
                "insert or ignore into carries (draft_id, match_id, created) values (?,?,?)",
                (current, ids["id"], store.now()),
            )
            seating.bump_seats(conn, current)  # the draft's phones see the link
            current = ids["id"]
    return store.load(conn, store.find_match(conn, match_id=current), catalog)


def tournament_of_draft(conn: sqlite3.Connection, draft_id: str) -> sqlite3.Row | None:
    """Return the tournament whose table drafts in this room, if any."""
    row: sqlite3.Row | None = conn.execute(
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
    "and m.version is not t.synced_version"
)
"""The current round's tables whose match moved since the last look, and whose result the
organiser has not entered."""


def sync_results(conn: sqlite3.Connection, row: sqlite3.Row, catalog: Catalog) -> bool:
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
            sync_table(conn, row["id"], t, result_of(cached, t["name_a"], t["name_b"]))
    return True


def sync_table(conn: sqlite3.Connection, tid: str, t: sqlite3.Row, result: Result | None) -> None:
    """Store what one table's match says now (inside the sync's transaction)."""
    conn.execute(
        "update tournament_tables set synced_version = ? where tournament_id = ? "
        "and round = ? and table_no = ?",
        (t["version"], tid, t["round"], t["table_no"]),
    )
    before = None if t["wins_a"] is None else Result(t["wins_a"], t["wins_b"], t["draws"])
    if result != before:
        write_result(conn, tid, t["round"], t["table_no"], result,
                     "table" if result else None, "table" if result else None)  # fmt: skip
        score = f"{result.wins_a}-{result.wins_b}" if result else "reopened"
        log(conn, tid, "table", f"round {t['round']} table {t['table_no']}: {score}")
