"""The PostgreSQL pool of companion/storage/pgpool.py (#28 items 3 and 4): a borrower waits a
bounded time, a connection the server closed is never lent, and ``companion serve`` gives each
request thread a connection of its own."""

from __future__ import annotations

import pytest

from companion.storage import pg
from companion.storage.pgpool import PoolWait
from tests.server.test_pg_restart import drop_every_connection

pytestmark = pytest.mark.postgresql


def test_a_borrower_waits_a_bounded_time_when_every_connection_is_lent(pg_database: str) -> None:
    pool = pg.Pool(lambda: pg.open_raw(pg_database, True), size=1, wait_seconds=0.2)
    lent = pool.take()
    try:
        with pytest.raises(PoolWait, match="stayed busy"):
            pool.take()
    finally:
        pool.give_back(lent)
        pool.close()


def test_a_connection_the_server_closed_is_not_lent_again(pg_database: str) -> None:
    pool = pg.Pool(lambda: pg.open_raw(pg_database, True), size=2, wait_seconds=1.0)
    first = pool.take()
    pool.give_back(first)
    assert drop_every_connection(pg_database) == 1  # a restart, as far as the pool knows
    again = pool.take()
    try:
        assert again is not first
        assert again.execute("select 1").fetchone() == (1,)
    finally:
        pool.give_back(again)
        pool.close()


def test_serve_sizes_the_pool_to_its_request_threads(
    monkeypatch: pytest.MonkeyPatch, pg_database: str
) -> None:
    monkeypatch.delenv("STRIKEKIT_PG_POOL", raising=False)
    monkeypatch.setattr(pg, "pool_size", 10)
    pg.size_pools(48)
    assert pg.pool(pg_database).size == 48
