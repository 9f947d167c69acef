"""An undo or redo worked out from the states kept along the stack of actions in effect, so it
costs a few dozen actions however long the log is (issue #21, item 2).

Undo: the state with the stack's rest in effect is the nearest kept state below it, with the
few actions above that applied again. Redo: the current state with the one action applied
again. When no kept state is near (a cache that was never replayed here), the caller
replays the whole log instead.
"""

from __future__ import annotations

import json
from typing import Any

from companion.game.history import Line, stored
from companion.storage.engine import Connection, Row
from companion.storage.replayed import (
    CHECKPOINT_EVERY,
    HISTORY,
    Cached,
    Owned,
    Stack,
    apply_stored,
    ends_tournament_match,
    keep_checkpoint,
)
from printkit.catalog import Catalog

FARTHEST = 4 * CHECKPOINT_EVERY
"""How many actions an undo applies again before it gives up for a whole replay."""


def rows_at(conn: Connection, match_id: str, positions: list[int]) -> dict[int, Any]:
    """Return the log rows at these positions, by position."""
    if not positions:
        return {}
    marks = ",".join("?" * len(positions))
    found = conn.execute(
        f"select version, payload, line from events where match_id = ? and version in ({marks})",
        (match_id, *[p + 1 for p in positions]),
    ).fetchall()
    return {int(r["version"]) - 1: r for r in found}


def owned_at(row: Any, position: int) -> Owned:
    """Return a logged action with who made it and its history line."""
    payload = json.loads(row["payload"])
    return Owned(position, str(payload["actor"]), stored(payload, str(row["line"])))


def state_below(
    conn: Connection, match: Row, current: Cached, stack: Stack, catalog: Catalog
) -> tuple[Any, bool, dict[int, Any]] | None:
    """Return the state with exactly ``stack`` in effect, whether its top action was skipped,
    and the rows read; None when no kept state is near enough."""
    walk: list[int] = []
    node, base = stack, None
    while node is not None:
        entry = current.checkpoints.get(id(node))
        if entry is not None and entry[0] is node:
            base = entry
            break
        if len(walk) >= FARTHEST:
            return None
        walk.append(node[0])
        node = node[1]
    rows = rows_at(conn, match["id"], walk + ([stack[0]] if stack is not None else []))
    rules = current.rules
    state = base[1] if base is not None else rules.start(current.setup, catalog)
    skipped = base[2] if base is not None else False
    for position in reversed(walk):
        payload = json.loads(rows[position]["payload"])
        state, refused = apply_stored(rules, state, payload, catalog, position)
        skipped = refused is not None
    return state, skipped, rows


def is_final(match: Row, current: Cached, row: Any, skipped: bool, state: Any) -> bool:
    """Say whether the action on top, given the state after it, can never be undone."""
    rules = current.rules
    final = not skipped and rules.is_final(
        rules.parse_action(json.loads(row["payload"])["action"]), state
    )
    return bool(final or ends_tournament_match(match, rules, state))


def after_undo(
    conn: Connection, match: Row, current: Cached, line: Line, catalog: Catalog
) -> Cached | None:
    """Return the match after taking back its last action in effect (logged as ``line``),
    or None when a whole replay is needed."""
    assert current.applied is not None and current.top is not None
    rest = current.applied[1]
    found = state_below(conn, match, current, rest, catalog)
    if found is None:
        return None
    state, skipped, rows = found
    top, final = None, False
    if rest is not None:
        top = owned_at(rows[rest[0]], rest[0])
        final = is_final(match, current, rows[rest[0]], skipped, state)
    return Cached(current.version + 1, current.rules, current.setup, state,
                  (*current.lines, line)[-HISTORY:], rest, (current.top.position, current.undone),
                  final, top, current.top, current.checkpoints)  # fmt: skip


def after_redo(
    conn: Connection, match: Row, current: Cached, line: Line, catalog: Catalog
) -> Cached:
    """Return the match after bringing back the last action undone (logged as ``line``)."""
    assert current.undone is not None and current.redo_top is not None
    moving, rest = current.undone
    below = rest[0] if rest is not None else None
    rows = rows_at(conn, match["id"], [moving] + ([below] if below is not None else []))
    payload = json.loads(rows[moving]["payload"])
    state, refused = apply_stored(current.rules, current.state, payload, catalog, moving)
    node = (moving, current.applied)
    keep_checkpoint(current.checkpoints, node, state, refused is not None)
    final = is_final(match, current, rows[moving], refused is not None, state)
    redo_top = owned_at(rows[below], below) if below is not None else None
    return Cached(current.version + 1, current.rules, current.setup, state,
                  (*current.lines, line)[-HISTORY:], node, rest, final, current.redo_top,
                  redo_top, current.checkpoints)  # fmt: skip
