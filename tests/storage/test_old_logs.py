"""Logs stored under older rules: an action today's rules refuse is skipped on replay, the
state stays as it was before it, and the history says so; new writes stay strict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.game.errors import IllegalMove
from companion.game.puzzle_strike.actions import parse_action
from companion.game.puzzle_strike.bank import recommended_bank
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.room import RULES
from companion.game.puzzle_strike.setup import Setup
from companion.storage import db
from companion.storage import matches as store
from companion.storage.engine import Connection
from companion.storage.replayed import Cached
from printkit.catalog import Catalog
from tests.helpers import act, start_duel, state

SKIPPED = "Skipped, the rules no longer allow it"


def store_old_action(path: str | Path, match_id: str, actor: str, action: dict[str, Any]) -> None:
    """Append an action to a match's log as an older version of the app wrote it (unchecked)."""
    conn = db.connect(str(path))
    with db.write_transaction(conn):
        version = conn.execute("select version from matches where id = ?", (match_id,)).fetchone()
        conn.execute(
            "insert into events (match_id, version, kind, payload, actor, idem, line, created) "
            "values (?,?,?,?,?,?,?,?)",
            (
                match_id,
                version[0] + 1,
                "action",
                json.dumps({"actor": actor, "action": action}),
                actor,
                f"old-{version[0] + 1}",
                f"{actor} let the gems land",
                "2020-01-01T00:00:00",
            ),
        )
        conn.execute("update matches set version = ? where id = ?", (version[0] + 1, match_id))
    conn.close()
    store.clear_cache()


def new_match(conn: Connection, catalog: Catalog, players: tuple[str, ...], edition: int,
              mode: Mode) -> str:  # fmt: skip
    """Store a Puzzle Strike match with the First Game bank, everyone's character chosen."""
    set_id = "base-2e" if edition == 2 else "base-3e"
    bank = tuple(c.key for c in recommended_bank(catalog, set_id, "First Game").chips)
    setup = Setup(players, mode, edition, (set_id,), bank, set_id, 1)
    match_id = store.create_match(conn, RULES, setup, catalog)["id"]
    for who, character in zip(players, ("grave", "rook", "midori"), strict=False):
        write(conn, catalog, match_id, who, {"type": "choose", "character": character})
    return match_id


def write(conn: Connection, catalog: Catalog, match_id: str, actor: str,
          action: dict[str, Any]) -> Cached:  # fmt: skip
    """Append an action through the store (strict, as the API does)."""
    version = int(store.find_match(conn, match_id=match_id)["version"])
    key = f"{actor}-{version}"
    return store.append(
        conn, match_id, store.Write(actor, "action", parse_action(action), version, key), catalog
    )


def read(conn: Connection, catalog: Catalog, match_id: str) -> Cached:
    """Replay a match from its stored log."""
    return store.load(conn, store.find_match(conn, match_id=match_id), catalog)


@pytest.fixture
def conn(database: str) -> Any:
    store.clear_cache()
    db.migrate(database)
    connection = db.connect(database)
    yield connection
    connection.close()
    store.clear_cache()


def test_a_crasher_letting_their_own_gems_land_is_skipped(
    conn: Any, catalog: Catalog, database: str
) -> None:
    match_id = new_match(conn, catalog, ("Ana", "Ben"), 3, Mode.TWO_PLAYER)
    write(conn, catalog, match_id, "Ana", {"type": "add_gem", "player": "Ana", "value": 3})
    before = write(conn, catalog, match_id, "Ana", {"type": "crash", "gems": [3]})
    store_old_action(database, match_id, "Ana", {"type": "land"})

    replayed = read(conn, catalog, match_id)
    assert replayed.version == before.version + 1
    assert replayed.state == before.state  # the gems are still in the air
    assert replayed.state.table.pending is not None
    assert replayed.texts[-1].startswith(SKIPPED)
    assert "only Ben" in replayed.texts[-1] and replayed.texts[-1].endswith("Ana let the gems land")
    assert replayed.texts[:-1] == before.texts[-len(replayed.texts) + 1 :]

    with pytest.raises(IllegalMove, match="only Ben"):  # new writes stay strict
        write(conn, catalog, match_id, "Ana", {"type": "land"})
    landed = write(conn, catalog, match_id, "Ben", {"type": "land"})
    assert landed.state.table.pile("Ben").gems == (1, 1, 1)
    assert read(conn, catalog, match_id).texts[-2].startswith(SKIPPED)  # kept in the history


def test_a_third_player_counter_crashing_in_second_edition_is_skipped(
    conn: Any, catalog: Catalog, database: str
) -> None:
    match_id = new_match(conn, catalog, ("Ana", "Ben", "Cid"), 2, Mode.FREE_FOR_ALL)
    first = read(conn, catalog, match_id).state.table.current
    target = next(p for p in ("Ana", "Ben", "Cid") if p != first)
    third = next(p for p in ("Ana", "Ben", "Cid") if p not in (first, target))
    write(conn, catalog, match_id, first, {"type": "add_gem", "player": first, "value": 2})
    write(conn, catalog, match_id, third, {"type": "add_gem", "player": third, "value": 1})
    before = write(conn, catalog, match_id, first, {"type": "crash", "gems": [2], "target": target})
    store_old_action(database, match_id, third, {"type": "counter", "gems": [1]})

    replayed = read(conn, catalog, match_id)
    assert replayed.state == before.state
    assert replayed.texts[-1].startswith(SKIPPED)
    undone = store.append(  # the skipped action can still be undone by its owner
        conn, match_id, store.Write(third, "undo", None, replayed.version, "u"), catalog
    )
    assert undone.state == before.state and not undone.texts[-1].startswith(SKIPPED)


def test_a_stored_action_of_a_shape_no_longer_read_is_skipped(
    conn: Any, catalog: Catalog, database: str
) -> None:
    match_id = new_match(conn, catalog, ("Ana", "Ben"), 3, Mode.TWO_PLAYER)
    before = read(conn, catalog, match_id)
    store_old_action(database, match_id, "Ana", {"type": "teleport"})
    replayed = read(conn, catalog, match_id)
    assert replayed.state == before.state
    assert "unknown action 'teleport'" in replayed.texts[-1]
    assert replayed.can_undo_redo("Ana") == (True, False)


def test_the_state_of_an_old_log_reads_with_200_and_says_what_was_skipped(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    first = state(a, match_id)["state"]["table"]["turn"]
    crasher, receiver = (a, b) if first == "Ana" else (b, a)
    name = first
    give = {"type": "add_gem", "player": name, "value": 3}
    assert act(crasher, match_id, give).status_code == 200
    assert act(crasher, match_id, {"type": "crash", "gems": [3]}).status_code == 200
    before = state(receiver, match_id)
    store_old_action(app.config["DATABASE"], match_id, name, {"type": "land"})

    response = receiver.get(f"/api/matches/{match_id}/state")
    assert response.status_code == 200, response.get_json()
    after = response.get_json()
    assert after["version"] == before["version"] + 1
    assert after["history"][-1]["text"].startswith(SKIPPED)
    assert after["state"]["table"] == before["state"]["table"]
    assert after["state"]["table"]["pending"] is not None
    refused = act(crasher, match_id, {"type": "land"})
    assert refused.status_code == 422, refused.get_json()
    assert act(receiver, match_id, {"type": "land"}).status_code == 200
