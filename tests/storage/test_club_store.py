"""The club's store (issue #30) on both engines: profiles and their devices, the admin
secret, and ratings stored incrementally that equal a recompute from the ordered results."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.cli import main
from companion.game.club import ratings
from companion.game.club.ratings import Result
from companion.storage import club, club_pages, club_results, copying, db, pg
from companion.storage.engine import Connection
from tests.game.test_club_ratings import random_results as mixed_results


@pytest.fixture
def conn(database: str) -> Iterator[Connection]:
    """A migrated database on each engine."""
    db.migrate(database)
    connection = db.connect(database)
    yield connection
    connection.close()


def stored_ratings(conn: Connection) -> dict[tuple[int, str, str], tuple[float, float, int]]:
    """Return every stored skill."""
    rows = conn.execute("select * from club_ratings").fetchall()
    return {(r["season"], r["game"], r["profile_id"]): (r["mu"], r["sigma"], r["games"])
            for r in rows}  # fmt: skip


def test_a_profile_keeps_only_its_cookies_hash_and_follows_the_name_rules(
    conn: Connection,
) -> None:
    profile_id, token = club.create_profile(conn, "  Ana ")
    assert club.profile_of(conn, token)["id"] == profile_id
    assert club.profile_of(conn, token)["name"] == "Ana"
    assert club.profile_of(conn, token + "x") is None
    stored = conn.execute("select token_hash from club_devices").fetchall()
    assert [r["token_hash"] for r in stored] == [club.hash_token(token)]
    assert token not in str(stored)
    with pytest.raises(club.BadName, match="another player's name"):
        club.create_profile(conn, "ANA")
    with pytest.raises(club.BadName, match="invisible"):
        club.create_profile(conn, "B\u200bo")


def test_a_second_device_only_with_a_one_time_code(conn: Connection) -> None:
    profile_id, _ = club.create_profile(conn, "Ana")
    code = club.new_device_code(conn, profile_id)
    same, second = club.claim_device_code(conn, code)
    assert same == profile_id and club.profile_of(conn, second)["id"] == profile_id
    with pytest.raises(club.NoProfile, match="used already"):
        club.claim_device_code(conn, code)
    late = club.new_device_code(conn, profile_id)
    with pytest.raises(club.NoProfile, match="lapsed"):
        club.claim_device_code(conn, late, at=datetime.now(UTC) + timedelta(minutes=11))
    with pytest.raises(club.NoProfile):
        club.claim_device_code(conn, "never-issued")


def test_the_admin_secret_is_made_once_and_a_new_one_replaces_it(conn: Connection) -> None:
    first = club.ensure_admin_secret(conn)
    assert first is not None and club.ensure_admin_secret(conn) is None
    club.check_admin(conn, first)
    for wrong in (None, "", first + "x"):
        with pytest.raises(club.NotAdmin):
            club.check_admin(conn, wrong)
    second = club.new_admin_secret(conn)
    club.check_admin(conn, second)
    with pytest.raises(club.NotAdmin):
        club.check_admin(conn, first)
    assert first not in str(conn.execute("select * from club_settings").fetchall())


def test_rename_hide_and_remove(conn: Connection) -> None:
    ana, token = club.create_profile(conn, "Ana")
    club.create_profile(conn, "Ben")
    with pytest.raises(club.BadName):
        club.rename(conn, ana, "ben")
    assert club.rename(conn, ana, "Anna") == "Anna"
    club.set_hidden(conn, ana, True)
    assert club.shown_name(club.find_profile(conn, ana)) == club.SHOWN_HIDDEN
    club.remove(conn, ana)
    assert club.profile_of(conn, token) is None
    with pytest.raises(club.NoProfile):
        club.find_profile(conn, ana)
    club.create_profile(conn, "Anna")  # the name is free again


def random_results(rng: random.Random, players: list[str], count: int) -> list[Result]:
    """Return mixed results among the profiles, all in season 1, for the store to key."""
    made = mixed_results(rng, count, players, per_season=count + 1)
    return [Result(r.game, r.sides, r.places) for r in made]


def recorded(
    conn: Connection, profiles: int, seed: int, count: int
) -> tuple[list[str], list[Result]]:
    """Make profiles and record mixed results among them a minute apart; return both."""
    players = [club.create_profile(conn, f"P{i}")[0] for i in range(profiles)]
    results = random_results(random.Random(seed), players, count)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for n, result in enumerate(results):
        club_results.record(conn, f"match:{n}", result, (start + timedelta(minutes=n)).isoformat())
    return players, results


def test_stored_incremental_ratings_equal_a_recompute_and_the_pure_ratings(
    conn: Connection,
) -> None:
    _, results = recorded(conn, 8, 7, 60)
    incremental = stored_ratings(conn)
    assert club_results.recompute(conn) == 60
    recomputed = stored_ratings(conn)
    assert recomputed.keys() == incremental.keys()
    for key, figures in incremental.items():
        assert recomputed[key] == pytest.approx(figures, abs=1e-9)
    pure = ratings.recompute(results)
    for (season, game, player), (mu, sigma, games) in incremental.items():
        skill = pure.skill(season, game, player)
        assert (mu, sigma, games) == pytest.approx((skill.mu, skill.sigma, skill.games), abs=1e-9)


def stored_changes(conn: Connection) -> list[tuple[object, ...]]:
    """Return every stored rating change, in key order."""
    rows = conn.execute("select result_id, profile_id, mu_before, sigma_before, mu, sigma, "
                        "games from club_changes order by result_id, profile_id")  # fmt: skip
    return [tuple(r) for r in rows]


def index_names(conn: Connection, table: str) -> set[str]:
    """Return the names of a table's indexes on either engine."""
    if isinstance(conn, pg.PgConnection):
        rows = conn.execute("select indexname from pg_indexes where tablename = ?", (table,))
    else:
        rows = conn.execute("select name from sqlite_master where type = 'index' "
                            "and tbl_name = ?", (table,))  # fmt: skip
    return {r[0] for r in rows}


def test_a_recompute_writes_the_changes_the_updates_wrote_and_keeps_the_indexes(
    conn: Connection,
) -> None:
    # #30: the recompute reads, rates and writes in bulk (indexes made again after it).
    players, _ = recorded(conn, 6, 11, 40)
    incremental, indexes = stored_changes(conn), index_names(conn, "club_changes")
    assert "club_changes_by_profile" in indexes
    assert club_results.recompute(conn) == 40
    recomputed = stored_changes(conn)
    assert [r[:2] for r in recomputed] == [r[:2] for r in incremental]
    for row, before in zip(recomputed, incremental, strict=True):
        assert row[2:] == pytest.approx(before[2:], abs=1e-9)
    assert index_names(conn, "club_changes") == indexes
    by_profile = conn.execute("select count(*) from club_changes where profile_id = ?",
                              (players[0],)).fetchone()[0]  # fmt: skip
    assert by_profile == sum(1 for r in recomputed if r[1] == players[0]) > 0


def test_the_leaderboards_of_all_games_in_one_read_follow_the_pure_ratings_order(
    conn: Connection,
) -> None:
    # #30: the club page reads its three leaderboards in one query (top 3 of each here).
    players, results = recorded(conn, 7, 5, 50)
    club.set_hidden(conn, players[0], True)
    games = ("puzzle-strike", "flash-duel", "shadowfist")
    read = club_pages.boards(conn, 1, games, 3)
    pure = ratings.recompute(results)
    shown = {p: club.shown_name(club.find_profile(conn, p)) for p in players}
    for game in games:
        expected = [(n, shown[p], s.shown) for n, (p, s) in
                    enumerate(pure.leaderboard(1, game)[:3], 1)]  # fmt: skip
        assert [(r["rank"], r["name"], r["rating"]) for r in read[game]] == expected
        assert club_pages.board(conn, 1, game, 3) == read[game]
    assert club.SHOWN_HIDDEN in {r["name"] for rows in read.values() for r in rows}


def test_a_corrected_or_late_result_updates_every_later_rating(conn: Connection) -> None:
    ana, ben, cy = (club.create_profile(conn, n)[0] for n in ("Ana", "Ben", "Cy"))
    at = [datetime(2026, 1, 1, h, tzinfo=UTC).isoformat() for h in range(4)]
    first = Result("flash-duel", ((ana,), (ben,)), (1, 2))
    later = Result("flash-duel", ((ben,), (cy,)), (1, 2))
    club_results.record(conn, "table:t:1:1", first, at[0])
    club_results.record(conn, "match:x", later, at[2])
    corrected = Result("flash-duel", ((ana,), (ben,)), (2, 1))  # the organiser fixes round 1
    changes = club_results.record(conn, "table:t:1:1", corrected, at[0])
    assert {c.player: c.delta > 0 for c in changes} == {ana: False, ben: True}
    early = Result("flash-duel", ((cy,), (ana,)), (1, 2))  # played between, recorded late
    club_results.record(conn, "match:y", early, at[1])
    pure = ratings.recompute([corrected, early, later])
    for player in (ana, ben, cy):
        mu, sigma, games = stored_ratings(conn)[(1, "flash-duel", player)]
        skill = pure.skill(1, "flash-duel", player)
        assert (mu, sigma, games) == pytest.approx((skill.mu, skill.sigma, skill.games))
    assert conn.execute("select count(*) from club_results").fetchone()[0] == 3


def test_merging_two_profiles_of_one_person(conn: Connection) -> None:
    ana, ana2, ben = (club.create_profile(conn, n) for n in ("Ana", "Ana B", "Ben"))
    played = Result("flash-duel", ((ana2[0],), (ben[0],)), (1, 2))
    club_results.record(conn, "match:1", played, details={"characters": {ana2[0]: "grave"}})
    assert club_results.merge(conn, ana2[0], ana[0]) == 1
    details = conn.execute("select details from club_results").fetchone()[0]
    assert json.loads(details) == {"characters": {ana[0]: "grave"}}
    assert club.profile_of(conn, ana2[1])["id"] == ana[0]  # the second phone now holds Ana
    assert set(stored_ratings(conn)) == {(1, "flash-duel", ana[0]), (1, "flash-duel", ben[0])}
    club_results.record(conn, "match:2", Result("flash-duel", ((ana[0],), (ben[0],)), (1, 2)))
    with pytest.raises(club_results.NotCountable, match="played each other"):
        club_results.merge(conn, ben[0], ana[0])


@pytest.mark.postgresql
def test_companion_copy_carries_the_club_between_engines(tmp_path: Path, pg_database: str) -> None:
    source = str(tmp_path / "db.sqlite3")
    db.migrate(source)
    conn = db.connect(source)
    players = [club.create_profile(conn, f"P{i}")[0] for i in range(5)]
    club.ensure_admin_secret(conn)
    for n, result in enumerate(random_results(random.Random(3), players, 12)):
        club_results.record(conn, f"match:{n}", result)
    conn.close()
    assert main(["copy", "--db", source, "--to", pg_database]) == 0
    target = db.connect(pg_database)
    for table in [t for t in copying.TABLES if t.startswith("club_")]:
        sql = f"select * from {table}"
        there = sorted(map(tuple, target.execute(sql).fetchall()), key=repr)
        with closing(db.connect(source)) as here:
            assert there == sorted(map(tuple, here.execute(sql).fetchall()), key=repr), table
    target.close()
