"""The companion's schema: its migrations, oldest first, written once for both engines.

Each step receives a ``Schema`` and runs plain DDL that both engines read; on PostgreSQL
``integer`` becomes ``bigint`` (SQLite's integers are 64-bit), and the few lines only one
engine needs say so (``db.postgres``). SQLite applies them with sqlite-utils' ``Migrations``
(the names recorded in ``_sqlite_migrations``, as before); PostgreSQL with
``migrate_postgres`` (recorded in ``strikekit_migrations``).

On PostgreSQL every statement of a migration runs after the write lock is taken, the
bookkeeping table's ``create table if not exists`` included (two servers starting at once
on an empty database once both ran it, and the loser died with a unique violation), and
the DDL runs with a short lock timeout: a step that would wait behind a long transaction
gives up and says so, instead of holding every running server's queries behind its own
queued lock.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
import sqlite_utils
from sqlite_utils.migrations import Migrations

from companion.storage import pg

LOCK_WAIT_SECONDS = 60
"""How long a starting server waits for the write lock (another server migrating, or writes
in flight) before it says so."""
DDL_LOCK_SECONDS = 3
"""How long a migration's statement waits for a lock on a table the running servers use."""

migrations = Migrations("companion")
STEPS: list[tuple[str, Callable[[Any], None]]] = []
"""(name, function) of every migration, oldest first."""
SCHEMA_STEPS: list[str] = []
"""The names of the schema's migrations, oldest first (this version's schema)."""
INTEGER = re.compile(r"\binteger\b")


@dataclass(frozen=True)
class Schema:
    """Where a step runs its DDL: one engine's connection."""

    run: Callable[[str], Any]
    postgres: bool

    def execute(self, sql: str) -> None:
        """Run one DDL statement (on PostgreSQL with 64-bit integers)."""
        self.run(INTEGER.sub("bigint", sql) if self.postgres else sql)


def step(fn: Callable[[Schema], None]) -> Callable[[Schema], None]:
    """Register one migration of the schema, in order, for both engines."""

    def on_sqlite(db: sqlite_utils.Database) -> None:
        fn(Schema(db.execute, postgres=False))

    def on_postgres(conn: pg.PgConnection) -> None:
        fn(Schema(conn.execute, postgres=True))

    on_sqlite.__name__ = fn.__name__
    migrations()(on_sqlite)
    SCHEMA_STEPS.append(fn.__name__)
    STEPS.append((fn.__name__, on_postgres))
    return fn


@step
def create_tables(db: Schema) -> None:
    """Matches, seats and the append-only event log."""
    db.execute(
        """create table matches (
            id text primary key, created text not null, setup text not null,
            version integer not null default 0, join_code text not null unique,
            view_token text not null unique)"""
    )
    db.execute(
        """create table seats (
            match_id text not null references matches(id), seat integer not null,
            name text not null, token_hash text, primary key (match_id, seat))"""
    )
    db.execute(
        """create table events (
            match_id text not null references matches(id), version integer not null,
            kind text not null, payload text not null, actor text not null,
            idem text not null, line text not null, created text not null,
            primary key (match_id, version), unique (match_id, idem))"""
    )


@step
def add_seat_version(db: Schema) -> None:
    """Count seat claims, so cached answers and ETags notice a new player at the table."""
    db.execute("alter table matches add column seat_version integer not null default 0")


@step
def add_tournaments(db: Schema) -> None:
    """Tournaments: players (entered, pending approval, dropped), rounds, tables and results,
    and a log of who changed what (companion/tournament_store.py)."""
    db.execute(
        """create table tournaments (
            id text primary key, created text not null, name text not null,
            config text not null, seed integer not null, organiser_hash text not null unique,
            version integer not null default 0)"""
    )
    db.execute(
        """create table tournament_players (
            tournament_id text not null references tournaments(id), player integer not null,
            name text not null, status text not null, first_round integer not null,
            character text, token_hash text, created text not null,
            primary key (tournament_id, player))"""
    )
    db.execute(
        """create table tournament_rounds (
            tournament_id text not null references tournaments(id), round integer not null,
            stage text not null, started text not null, primary key (tournament_id, round))"""
    )
    db.execute(
        """create table tournament_tables (
            tournament_id text not null references tournaments(id), round integer not null,
            table_no integer not null, a integer not null, b integer,
            match_id text references matches(id), bank text, wins_a integer, wins_b integer,
            draws integer, source text, changed_by text, changed_at text,
            synced_version integer, draft_id text references matches(id),
            primary key (tournament_id, round, table_no))"""
    )
    db.execute(
        """create table tournament_log (
            tournament_id text not null references tournaments(id), at text not null,
            actor text not null, line text not null)"""
    )
    if db.postgres:  # SQLite numbers rows itself: the log reads newest first by rowid
        db.execute(
            "alter table tournament_log add column rowid bigint generated always as identity"
        )


@step
def add_match_clients(db: Schema) -> None:
    """Who opened each match (a keyed hash of the address): the cap on open matches per client."""
    db.execute(
        """create table match_clients (
            match_id text primary key references matches(id), client text not null,
            created text not null)"""
    )
    db.execute("create index match_clients_by_client on match_clients (client)")


@step
def add_seat_claims_and_carries(db: Schema) -> None:
    """Handed-over seats wait for their claim code; a draft remembers the match it became."""
    db.execute("alter table seats add column claim_hash text")
    db.execute(
        """create table carries (
            draft_id text primary key references matches(id),
            match_id text not null references matches(id), created text not null)"""
    )


@step
def add_trust_levels(db: Schema) -> None:
    """A table's trust level: 'casual' (any seated phone may hand a seat over, announced) or
    'tournament' (each seat bound to its entrant; only the organiser hands a seat over)."""
    db.execute("alter table matches add column trust text not null default 'casual'")


@step
def add_open_match_holds(db: Schema) -> None:
    """A client's place under the cap on open matches, held while its new match is made, so
    concurrent creates from one address cannot all pass the count (companion/storage/clients.py)."""
    db.execute(
        """create table match_holds (
            hold text primary key, client text not null, created text not null)"""
    )
    db.execute("create index match_holds_by_client on match_holds (client)")


@step
def add_table_reports(db: Schema) -> None:
    """A tournament table's score as each of its players reports it: the result when both
    agree, the organiser's to decide when they differ (companion/storage/results.py)."""
    db.execute(
        """create table table_reports (
            tournament_id text not null references tournaments(id), round integer not null,
            table_no integer not null, player integer not null, wins_a integer not null,
            wins_b integer not null, draws integer not null, at text not null,
            primary key (tournament_id, round, table_no, player))"""
    )


@step
def add_change_notices(db: Schema) -> None:
    """PostgreSQL: notify the app servers when a match's version or seat version moves, so
    their long polls wake at once (companion/storage/pg.py); SQLite's servers read the
    versions every 150 ms instead, and need nothing here."""
    if db.postgres:
        db.execute(pg.NOTIFY_TRIGGER)


@step
def add_lookup_indexes(db: Schema) -> None:
    """Indexes for the lookups that scanned whole tables: a table's tournament by its match
    or draft (every tournament table's state), a tournament's log newest first, and the
    referring columns a match's delete checks (tournament tables, carries)."""
    db.execute("create index tournament_tables_by_match on tournament_tables (match_id)")
    db.execute("create index tournament_tables_by_draft on tournament_tables (draft_id)")
    db.execute("create index carries_by_match on carries (match_id)")
    if db.postgres:  # SQLite's index carries the rowid the log is read in order of
        db.execute("create index tournament_log_by_tournament on tournament_log "
                   "(tournament_id, rowid)")  # fmt: skip
    else:
        db.execute("create index tournament_log_by_tournament on tournament_log (tournament_id)")


def applied_names(conn: Any) -> list[str]:
    """Return the names of the migrations a database has, oldest first (none when empty)."""
    if getattr(conn, "engine", "sqlite") == "postgresql":
        if conn.execute("select to_regclass(?)", (pg.MIGRATIONS_TABLE,)).fetchone()[0] is None:
            return []
        return [r[0] for r in conn.execute(f"select name from {pg.MIGRATIONS_TABLE} order by seq")]
    table = Migrations.migrations_table
    if conn.execute("select 1 from sqlite_master where name = ?", (table,)).fetchone() is None:
        return []
    return [
        r[0]
        for r in conn.execute(
            f"select name from {table} where migration_set = ? order by rowid", (migrations.name,)
        )
    ]


class MigrationLocked(Exception):
    """A migration could not take a lock in time; nothing was changed."""


def migrate_postgres(conn: pg.PgConnection, when: str) -> tuple[list[str], list[str]]:
    """Apply the steps a PostgreSQL database lacks, with their records, in one transaction
    that first takes the write lock (so two servers starting at once migrate once); return
    the names of the steps the database has that this version does not know (then nothing
    is applied) and of the steps applied now.

    :raises MigrationLocked: when the lock or a table's lock is not had in time.
    """
    try:
        conn.execute(f"begin; set local lock_timeout = '{LOCK_WAIT_SECONDS}s'; "
                     f"select pg_advisory_xact_lock({pg.WRITE_KEY})")  # fmt: skip
        conn.execute(
            f"create table if not exists {pg.MIGRATIONS_TABLE} (name text primary key, "
            "applied_at text not null, seq bigint generated always as identity)"
        )
        done = [r["name"] for r in conn.execute(
            f"select name from {pg.MIGRATIONS_TABLE} order by seq")]  # fmt: skip
        newer = [name for name in done if name not in SCHEMA_STEPS]
        conn.execute(f"set local lock_timeout = '{DDL_LOCK_SECONDS}s'")
        applied = []
        for name, fn in [] if newer else STEPS:
            if name not in done:
                fn(conn)
                conn.execute(
                    f"insert into {pg.MIGRATIONS_TABLE} (name, applied_at) values (?, ?)",
                    (name, when),
                )
                applied.append(name)
        conn.execute("commit")
        return newer, applied
    except psycopg.errors.LockNotAvailable as exc:
        conn.execute("rollback")
        raise MigrationLocked(
            f"the migration gave up waiting for a lock ({str(exc).strip()}): a long "
            "transaction (or another server's migration) holds what it needs; nothing was "
            "changed. Run `companion migrate` again when it is over (docs/hosting.md, "
            "'Several app servers on one PostgreSQL')"
        ) from None
    except BaseException:
        conn.execute("rollback")
        raise


@step
def add_club(db: Schema) -> None:
    """The club (issue #30): player profiles, their devices' cookies (hashes) and one-time
    device codes, and the club's settings (admin secret hash, season, privacy)
    (companion/storage/club.py)."""
    db.execute("create table club_settings (key text primary key, value text not null)")
    db.execute(
        """create table club_profiles (
            id text primary key, name text not null, folded text, created text not null,
            hidden integer not null default 0, removed integer not null default 0)"""
    )
    db.execute("create unique index club_profiles_by_name on club_profiles (folded)")
    db.execute(
        """create table club_devices (
            token_hash text primary key, profile_id text not null references club_profiles(id),
            created text not null)"""
    )
    db.execute(
        """create table club_device_codes (
            code_hash text primary key, profile_id text not null references club_profiles(id),
            created text not null)"""
    )


@step
def add_club_results(db: Schema) -> None:
    """The club's results (issue #30): the seats confirmed for a casual match (and one-time
    codes for seats no phone holds), the results that count in order, the ratings and rating
    changes they give, and tournament entries linked to profiles
    (companion/storage/club_results.py, club_codes.py, club_tournaments.py)."""
    db.execute(
        """create table club_confirms (
            match_id text not null, seat integer not null,
            profile_id text not null references club_profiles(id), at text not null,
            primary key (match_id, seat))"""
    )
    db.execute(
        """create table club_results (
            id text primary key, source text not null unique, game text not null,
            season integer not null, at text not null, sides text not null,
            places text not null, details text not null default '{}')"""
    )
    db.execute("create index club_results_in_order on club_results (at, id)")
    db.execute(
        """create table club_ratings (
            season integer not null, game text not null, profile_id text not null,
            mu double precision not null, sigma double precision not null,
            games integer not null, primary key (season, game, profile_id))"""
    )
    db.execute(
        """create table club_changes (
            result_id text not null references club_results(id), profile_id text not null,
            mu_before double precision not null, sigma_before double precision not null,
            mu double precision not null, sigma double precision not null,
            games integer not null, primary key (result_id, profile_id))"""
    )
    db.execute("create index club_changes_by_profile on club_changes (profile_id)")
    db.execute(
        """create table club_confirm_codes (
            code_hash text primary key, match_id text not null, seat integer not null,
            created text not null)"""
    )
    db.execute(
        """create table club_entries (
            tournament_id text not null, player integer not null,
            profile_id text not null references club_profiles(id),
            primary key (tournament_id, player))"""
    )


@step
def add_write_answers(db: Schema) -> None:
    """Each write's short answer, kept with its event: a retried idempotency key is
    answered with one lookup instead of a replay of the log up to it."""
    db.execute("alter table events add column answer text")


@step
def add_club_profile_indexes(db: Schema) -> None:
    """Indexes on the columns that refer to a club profile: removing or merging a profile
    looks for every row that still names it, without a scan of each table."""
    for table in ("club_devices", "club_device_codes", "club_confirms", "club_entries"):
        db.execute(f"create index {table}_by_profile on {table} (profile_id)")


@step
def add_confirm_versions(db: Schema) -> None:
    """The match version each club confirmation was given at: a move or an undo after it
    changes the result it confirmed, so it no longer counts (companion/storage/
    club_results.py; null: given before this step, taken as it stands)."""
    db.execute("alter table club_confirms add column version integer")
