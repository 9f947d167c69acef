"""The store on its own: typed actions in, its own errors out (no HTTP), final actions,
original answers for retried keys."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion import kinds
from companion.game.errors import IllegalMove, InvalidAction
from companion.game.history import plain
from companion.game.rooms import Rules
from companion.storage import db
from companion.storage import matches as store
from companion.storage.engine import Connection
from companion.storage.replayed import Cached
from printkit.catalog import Catalog


@dataclass(frozen=True)
class Add:
    amount: int


@dataclass(frozen=True)
class Flip:
    pass


def parse(data: Mapping[str, Any]) -> Add | Flip:
    if data.get("type") == "flip":
        return Flip()
    if data.get("type") == "add" and isinstance(data.get("amount"), int):
        return Add(data["amount"])
    raise InvalidAction("add or flip")


def apply(state: int, action: Add | Flip, actor: str, catalog: Catalog, position: int) -> int:
    if isinstance(action, Flip):
        return -state
    if state + action.amount > 100:
        raise IllegalMove("at most 100")
    return state + action.amount


COUNTER: Rules[dict[str, Any], int, Add | Flip] = Rules(
    kind="counter",
    setup_from_request=lambda data, catalog, seed: {"players": ["Ana"]},
    setup_from_json=lambda data: dict(data),
    setup_to_json=lambda setup: {"kind": "counter", **setup},
    players=lambda setup: tuple(setup["players"]),
    parse_action=parse,
    action_to_json=lambda a: (
        {"type": "flip"} if isinstance(a, Flip) else {"type": "add", "amount": a.amount}
    ),
    start=lambda setup, catalog: 0,
    apply=apply,
    view=lambda state, viewer, catalog: {"n": state},
    describe=lambda a, actor, after: plain(f"{actor} made it {after}"),
    is_final=lambda action, state: isinstance(action, Flip),
)


@pytest.fixture
def conn(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Connection]:
    """A connection to an empty database of each engine, with a counter game to play."""
    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS, kinds.Kind(COUNTER, "x.html", "x.js")))
    store.clear_cache()
    db.migrate(database)
    connection = db.connect(database)
    yield connection
    connection.close()
    store.clear_cache()


def write(
    conn: Connection, match: str, kind: str, base: int, key: str, action: Any = None
) -> Cached:
    return store.append(conn, match, store.Write("Ana", kind, action, base, key), catalog=None)  # type: ignore[arg-type]


def test_a_final_action_is_never_undone(conn: Connection) -> None:
    ids = store.create_match(conn, COUNTER, {"players": ["Ana"]}, None)  # type: ignore[arg-type]
    match = ids["id"]
    write(conn, match, "action", 0, "key-00001", Add(5))
    after = write(conn, match, "action", 1, "key-00002", Flip())
    assert after.state == -5 and after.can_undo_redo("Ana") == (False, False)
    with pytest.raises(store.UndoRefused, match="is final"):
        write(conn, match, "undo", 2, "key-00003")
    write(conn, match, "action", 2, "key-00004", Add(1))
    undone = write(conn, match, "undo", 3, "key-00005")
    assert undone.state == -5 and undone.can_undo_redo("Ana") == (False, True)
    with pytest.raises(store.UndoRefused):
        write(conn, match, "undo", 4, "key-00006")
    store.clear_cache()  # a fresh replay knows the top action is final too
    reloaded = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    assert reloaded.can_undo_redo("Ana") == (False, True)


def test_the_store_raises_its_own_errors(conn: Connection) -> None:
    match = store.create_match(conn, COUNTER, {"players": ["Ana"]}, None)["id"]  # type: ignore[arg-type]
    with pytest.raises(store.NothingToUndo, match="there is nothing to undo"):
        write(conn, match, "undo", 0, "key-00001")
    write(conn, match, "action", 0, "key-00002", Add(5))
    with pytest.raises(store.StaleVersion) as stale:
        write(conn, match, "action", 0, "key-00003", Add(5))
    assert stale.value.version == 1
    with pytest.raises(IllegalMove, match="at most 100"):
        write(conn, match, "action", 1, "key-00004", Add(99))
    with pytest.raises(store.NotFound):
        store.find_match(conn, match_id="nope")
    assert [r["idem"] for r in store.event_rows(conn, match)] == ["key-00002"]


def test_a_retried_key_gets_the_state_right_after_it(conn: Connection) -> None:
    match = store.create_match(conn, COUNTER, {"players": ["Ana"]}, None)["id"]  # type: ignore[arg-type]
    first = write(conn, match, "action", 0, "key-00001", Add(5))
    write(conn, match, "action", 1, "key-00002", Add(7))
    again = write(conn, match, "action", 0, "key-00001", Add(5))
    assert (
        again.short_answer("Ana")
        == first.short_answer("Ana")
        == {
            "version": 1,
            "line": "Ana made it 5",
            "said": plain("Ana made it 5"),
            "can_undo": True,
            "can_redo": False,
            "undo": {"line": "Ana made it 5", "said": plain("Ana made it 5"), "target": 0},
        }
    )
    current = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    assert current.state == 12 and current.version == 2


def test_match_ids_never_read_as_command_line_options() -> None:
    assert not any(store.new_token().startswith("-") for _ in range(2000))


def test_a_new_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """The database holds seat tokens' hashes and organiser secrets' hashes: 0600, as the
    secret key is (its -wal and -shm files follow it)."""
    path = tmp_path / "fresh.sqlite3"
    db.migrate(path)
    conn = db.connect(path)
    conn.execute("select count(*) from matches").fetchone()
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        assert name.stat().st_mode & 0o777 == 0o600, name
    conn.close()
