"""Tournaments in SQLite: the rows behind an ``Event``, rounds with a match per table.

The pure rules (``companion.game.tournament``) decide; this module reads the rows into an
``Event``, stores what the rules return, and creates each table's match with the store's
own ``insert_match``, each seat kept for its player's code. Every write runs in one
transaction under the write lock and bumps the tournament's version (the pages poll it).
Results are ``companion.storage.results``.
"""

from __future__ import annotations

import base64
import hmac
import json
import secrets
from typing import Any

from companion.game.draft import room as draft_room
from companion.game.errors import with_terms
from companion.game.flash_duel import room as duel_room
from companion.game.flash_duel import state as duel_state
from companion.game.puzzle_strike.bank import Bank
from companion.game.puzzle_strike.piles import Mode
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
    round_banks,
    round_rng,
    set_active,
    usual_rounds,
)
from companion.game.tournament.banks import bank_after_characters
from companion.game.tournament.config import Config, config_from_json
from companion.game.tournament.model import Pairing
from companion.kinds import kind_of_setup
from companion.storage import club_tournaments
from companion.storage import matches as store
from companion.storage.clients import Opener, record_tournament_tables
from companion.storage.engine import INTEGRITY_ERRORS, Connection, Row
from companion.storage.refusals import REFUSE
from printkit.catalog import Catalog

TOKEN_BYTES = 16
MAX_PENDING = 32
"""Players who asked from their phones and wait for the organiser, at most, at one time."""


def create(
    conn: Connection, config: Config, names: list[str], seed: int | None = None
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
    conn: Connection,
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


def log(conn: Connection, tid: str, actor: str, line: str) -> None:
    """Append a line to the tournament's log and bump its version (inside a transaction)."""
    conn.execute(
        "insert into tournament_log (tournament_id, at, actor, line) values (?,?,?,?)",
        (tid, store.now(), actor, line),
    )
    conn.execute("update tournaments set version = version + 1 where id = ?", (tid,))


def note(conn: Connection, row: Row, line: str) -> None:
    """Add an organiser's line to the tournament log (its own transaction)."""
    with store.write_transaction(conn):
        log(conn, row["id"], "organiser", line)


def table_match(conn: Connection, tid: str, number: int, table_no: int) -> Row | None:
    """Return the match a table plays now (the duel once its draft is done), if any."""
    found: Row | None = conn.execute(
        "select m.* from tournament_tables t join matches m on m.id = t.match_id "
        "where t.tournament_id = ? and t.round = ? and t.table_no = ?",
        (tid, number, table_no),
    ).fetchone()
    return found


def table_players(conn: Connection, tid: str, number: int, table_no: int) -> tuple[int, int | None]:
    """Return a table's players a and b (b is None for a bye)."""
    row = conn.execute(
        "select a, b from tournament_tables where tournament_id = ? and round = ? and table_no = ?",
        (tid, number, table_no),
    ).fetchone()
    return (int(row["a"]), None if row["b"] is None else int(row["b"]))


def find(conn: Connection, tid: str) -> Row:
    """Return a tournament's row.

    :raises store.NotFound: when there is none.
    """
    row = conn.execute("select * from tournaments where id = ?", (tid,)).fetchone()
    if row is None:
        raise REFUSE(store.NotFound, "st_no_tournament")
    found: Row = row
    return found


def is_organiser(row: Row, token: str | None) -> bool:
    """Whether a token is this tournament's organiser secret."""
    return bool(token) and secrets.compare_digest(
        store.hash_token(str(token)), str(row["organiser_hash"])
    )


def config_of(row: Row) -> Config:
    """Return a tournament's settings."""
    return config_from_json(json.loads(row["config"]))


def player_rows(conn: Connection, tid: str) -> list[Row]:
    """Return every player row, pending ones included, in entry order."""
    return conn.execute(
        "select * from tournament_players where tournament_id = ? order by player", (tid,)
    ).fetchall()


def table_rows(conn: Connection, tid: str) -> list[Row]:
    """Return every table of every round, in order."""
    return conn.execute(
        "select t.*, r.stage from tournament_tables t join tournament_rounds r "
        "on r.tournament_id = t.tournament_id and r.round = t.round "
        "where t.tournament_id = ? order by t.round, t.table_no = 0, t.table_no",
        (tid,),
    ).fetchall()


def load_event(conn: Connection, row: Row, pending: bool = False) -> Event:
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
        config.format.drawn_games,
        config.game,
    )


def enter_player(
    conn: Connection,
    row: Row,
    name: str,
    character: str | None,
    status: str,
    token: str | None = None,
) -> int:
    """Enter a player ('active': typed in by the organiser; 'pending': joined by phone).

    :raises TournamentError: for a bad or taken name, or after the Swiss rounds.
    """
    with store.write_transaction(conn):
        if status == "pending":
            waiting = conn.execute(
                "select count(*) from tournament_players where tournament_id = ? "
                "and status = 'pending'",
                (row["id"],),
            ).fetchone()[0]
            if waiting >= MAX_PENDING:
                raise REFUSE(TournamentError, "st_many_waiting", n=waiting)
        event = add_player(load_event(conn, row, pending=True), name)
        player = event.players[-1]
        insert_player(conn, row["id"], player, status, character, token)
        verb = "entered" if status == "active" else "asked to enter"
        log(conn, row["id"], "organiser" if status == "active" else player.name,
            f"{player.name} {verb}")  # fmt: skip
    return player.id


def set_status(conn: Connection, row: Row, player: int, action: str) -> None:
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
            raise REFUSE(NotFoundError, "st_no_player", player=player)
        allowed = {"approve": "pending", "drop": "active", "reenter": "dropped"}
        if status["status"] != allowed[action]:
            now = str(status["status"])
            refused = REFUSE(
                TournamentError, f"st_player_status_{action}", player=player, status=now
            )
            raise with_terms(refused, status=f"t_status_{now}")  # the organiser page's words
        if action in ("approve", "reenter") and event.next_stage() != "swiss":
            raise REFUSE(TournamentError, "st_swiss_over")
        changed = set_active(event, player, action != "drop").player(player)
        conn.execute(
            "update tournament_players set status = ?, first_round = ? "
            "where tournament_id = ? and player = ?",
            ("dropped" if action == "drop" else "active", changed.first_round, row["id"], player),
        )
        log(conn, row["id"], "organiser", f"{action}: {changed.name}")


def player_by_token(conn: Connection, tid: str, token: str | None) -> Row | None:
    """Return the player row a phone's tournament cookie belongs to."""
    if not token:
        return None
    found: Row | None = conn.execute(
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
        bank_after_characters=bank_after_characters(catalog, bank.sets),
    ).to_json()  # fmt: skip


def start_round(
    conn: Connection,
    row: Row,
    number: int,
    catalog: Catalog,
    actor: str,
    opener: Opener | None = None,
) -> Round:
    """Pair round ``number`` (it must be the next), draw its banks, open a match per table.

    ``opener``: the client asking, whose open tournament tables are capped (None: no cap).

    The round, its tables and their matches are written in one transaction under the write
    lock, which holds across server processes: two "next round" requests at once open one
    round and its matches; the second is refused and leaves nothing behind.

    The caller brings finished tables in first (``results.sync_results``).

    :raises TournamentError: when it is not the next round, results are missing, or the
        players cannot be paired.
    :raises TooManyOpen: when the round's tables would take the opener past its cap.
    """
    with store.write_transaction(conn):
        event = load_event(conn, row)
        if number != len(event.rounds) + 1:
            raise REFUSE(TournamentError, "st_round_not_next", round=number,
                         next=len(event.rounds) + 1)  # fmt: skip
        config = config_of(row)
        seeds = club_tournaments.seeding_ratings(conn, row["id"], config.game) \
            if config.seed_by_rating and number == 1 else None  # fmt: skip
        event = pair_next_round(event, round_rng(event.seed, number), seeds)
        new = event.rounds[-1]
        tables = [p.table for p in new.pairings if p.b is not None]
        banks = round_banks(catalog, config.bank_policy(), event.seed, number, tables) \
            if config.game == "puzzle-strike" else {}  # fmt: skip
        characters = {p["player"]: p["character"] or "" for p in player_rows(conn, row["id"])}
        matches: dict[int, str] = {}
        for p in new.pairings:
            if p.b is not None:
                setup = match_setup(config, event, p, banks.get(p.table), characters, catalog)
                matches[p.table] = open_table_match(conn, row, setup, catalog)
        if opener is not None:
            record_tournament_tables(conn, opener, matches.values())
        insert_round(conn, row, event, new, banks, matches)
        log(conn, row["id"], actor, f"round {number} ({new.stage}) paired: {len(tables)} tables")
    return new


def open_table_match(
    conn: Connection, row: Row, setup_json: dict[str, Any], catalog: Catalog
) -> str:
    """Insert a tournament table's match (inside the round's transaction); return its id."""
    rules = kind_of_setup(setup_json).rules
    setup = rules.setup_from_json(setup_json)
    rules.start(setup, catalog)  # the rules refuse a bad setup before anything is written
    ids = store.new_ids()
    players = rules.players(setup)
    claims = {n: store.hash_token(seat_code(row, ids["id"], n)) for n in range(len(players))}
    store.insert_match(conn, ids, rules.setup_to_json(setup), players, None, store.TOURNAMENT,
                       claims)  # fmt: skip
    return ids["id"]


def seat_code(row: Row, match_id: str, seat: int) -> str:
    """Return the code that takes one seat of a tournament table (on its slip and on its
    player's phone): derived from the organiser's secret, so it can be printed again."""
    digest = hmac.new(row["organiser_hash"].encode(), f"{match_id}/{seat}".encode(), "sha256")
    return base64.urlsafe_b64encode(digest.digest()[:16]).decode().rstrip("=")


def insert_round(
    conn: Connection,
    row: Row,
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
    except INTEGRITY_ERRORS:
        raise REFUSE(TournamentError, "st_round_started", round=new.number) from None
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


def table_rows_with_matches(conn: Connection, tid: str) -> list[Row]:
    """Return every table with its match's links."""
    return conn.execute(
        "select t.*, r.stage, r.started, m.join_code, m.view_token from tournament_tables t "
        "join tournament_rounds r on r.tournament_id = t.tournament_id and r.round = t.round "
        "left join matches m on m.id = t.match_id where t.tournament_id = ? "
        "order by t.round, t.table_no = 0, t.table_no",
        (tid,),
    ).fetchall()


def seat_numbers(conn: Connection, tid: str) -> dict[tuple[str, str], int]:
    """Return the seat of each (match id, player name) at the tournament's tables."""
    rows = conn.execute(
        "select s.match_id, s.seat, s.name from seats s join tournament_tables t "
        "on t.match_id = s.match_id where t.tournament_id = ?",
        (tid,),
    ).fetchall()
    return {(r["match_id"], r["name"]): r["seat"] for r in rows}


def handed_seats(conn: Connection, row: Row) -> set[tuple[str, int]]:
    """Return the (match id, seat) of the tournament's seats handed to a new phone and not
    yet taken by it: their slip's code no longer takes them."""
    rows = conn.execute(
        "select s.match_id, s.seat, s.claim_hash from seats s join tournament_tables t "
        "on t.match_id = s.match_id where t.tournament_id = ? and s.claim_hash is not null",
        (row["id"],),
    ).fetchall()
    return {
        (r["match_id"], int(r["seat"]))
        for r in rows
        if r["claim_hash"] != store.hash_token(seat_code(row, r["match_id"], int(r["seat"])))
    }


def log_rows(conn: Connection, tid: str, last: int = 50) -> list[Row]:
    """Return the tournament log's last lines, newest first."""
    return conn.execute(
        "select * from tournament_log where tournament_id = ? order by rowid desc limit ?",
        (tid, last),
    ).fetchall()
