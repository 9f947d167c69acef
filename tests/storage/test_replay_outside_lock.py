"""One table's long history never holds up another table's writes (issue #21, item 2): what
may replay the whole log (an undo or redo, a retry's old answer) is worked out before the
write lock is taken, and a state cached by this process catches up with actions another
process wrote by applying only those actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.game.errors import IllegalMove
from companion.storage import matches as store
from companion.storage import moves, replayed
from companion.storage.engine import Connection
from tests.storage.test_store import COUNTER, Add, conn, write  # noqa: F401


def outside_the_lock(
    monkeypatch: pytest.MonkeyPatch, module: Any, name: str, db_conn: Connection
) -> list[bool]:
    """Record, for each call of a replay function, whether the write transaction was open."""
    seen: list[bool] = []
    original = getattr(module, name)

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(db_conn.in_transaction)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, watched)
    return seen


def long_match(conn: Connection, actions: int) -> str:  # noqa: F811
    """A match of many small actions by Ana."""
    match = store.create_match(conn, COUNTER, {"players": ["Ana"]}, None)["id"]  # type: ignore[arg-type]
    for n in range(actions):
        write(conn, match, "action", n, f"key-{n:05d}", Add(1 if n % 2 == 0 else -1))
    return str(match)


def test_an_undo_replays_before_the_write_lock(
    conn: Connection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = long_match(conn, 40)
    undoing = outside_the_lock(monkeypatch, moves, "after_undo", conn)
    redoing = outside_the_lock(monkeypatch, moves, "after_redo", conn)
    undone = write(conn, match, "undo", 40, "key-undo1")
    assert undone.version == 41 and undone.state == 1
    assert undoing == [False], "the undo was worked out inside the write transaction"
    redone = write(conn, match, "redo", 41, "key-redo1")
    assert redone.state == 0 and redoing == [False]


def positions(stack: Any) -> list[int]:
    """List a stack's positions, top first."""
    out = []
    while stack is not None:
        out.append(stack[0])
        stack = stack[1]
    return out


def test_undo_and_redo_from_kept_states_match_a_whole_replay(
    conn: Connection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """300 random actions, undos and redos, with a state kept every 3 positions: after each,
    the cached match equals the one a whole replay of the log gives."""
    monkeypatch.setattr(replayed, "CHECKPOINT_EVERY", 3)
    quick: list[bool] = []
    original = moves.after_undo

    def counted(*args: Any) -> Any:
        after = original(*args)
        quick.append(after is not None)
        return after

    monkeypatch.setattr(moves, "after_undo", counted)
    rng = random.Random(17)
    match = long_match(conn, 5)
    version = 5
    for step in range(300):
        kind = rng.choice(["action", "action", "undo", "undo", "undo", "redo", "redo"])
        action = Add(rng.randint(-3, 5)) if kind == "action" else None
        try:
            fast = write(conn, match, kind, version, f"step-{step}", action)
        except (store.StoreError, IllegalMove):
            continue
        version = fast.version
        store.clear_cache()
        full = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
        seen = [(c.state, c.lines, c.top, c.redo_top, c.top_is_final, positions(c.applied),
                 positions(c.undone)) for c in (fast, full)]  # fmt: skip
        assert seen[0] == seen[1], (step, kind)
        replayed.remember(match, fast)  # go on from the fast one: long chains of kept states
    assert quick.count(True) > 50, "undo never used a kept state"


def test_a_retry_gets_its_old_answer_replayed_before_the_write_lock(
    conn: Connection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = long_match(conn, 30)
    conn.execute("update events set answer = null")  # logged before answers were kept
    seen = outside_the_lock(monkeypatch, store, "replay_at", conn)
    again = write(conn, match, "action", 5, "key-00005", Add(-1))
    assert again.version == 6 and again.state == 0
    assert seen == [False]


def test_a_cached_state_catches_up_with_another_process_actions(
    conn: Connection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = long_match(conn, 20)
    older = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    for n in range(20, 25):  # written by "another process": this one's cache keeps v20
        write(conn, match, "action", n, f"key-{n:05d}", Add(2))
    replayed.remember(match, older)
    whole = outside_the_lock(monkeypatch, replayed, "replay_at", conn)
    caught = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    assert whole == [], "a whole replay where five actions would do"
    store.clear_cache()
    full = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    assert (caught.version, caught.state, caught.lines) == (full.version, full.state, full.lines)
    assert caught.top == full.top and caught.can_undo_redo("Ana") == full.can_undo_redo("Ana")


def test_an_undo_and_redo_another_process_wrote_are_caught_up_from_kept_states(
    conn: Connection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = long_match(conn, 70)
    older = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    write(conn, match, "undo", 70, "key-undo1")
    write(conn, match, "undo", 71, "key-undo2")
    write(conn, match, "redo", 72, "key-redo1")
    replayed.remember(match, older)  # this process saw version 70 only
    whole = outside_the_lock(monkeypatch, replayed, "replay_at", conn)
    caught = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    assert whole == [], "a whole replay where kept states would do"
    store.clear_cache()
    full = store.load(conn, store.find_match(conn, match_id=match), None)  # type: ignore[arg-type]
    assert (caught.version, caught.state, caught.lines) == (full.version, full.state, full.lines)
    assert (caught.top, caught.redo_top) == (full.top, full.redo_top)
