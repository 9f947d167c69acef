"""A match replayed at one version, as the store caches it: the state, the last history
lines, the stacks of actions in effect and undone, and who owns the actions undo and redo
would move."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.game import rooms
from companion.game.errors import GameError
from companion.game.history import Line, stored
from companion.kinds import kind_of_setup
from companion.storage.engine import Connection, Row
from printkit.catalog import Catalog

CACHE_SIZE = 2048
HISTORY = 50
SEAT_EVENT = "seat"
"""The kind of a log event that only tells the table a seat changed hands."""
CASUAL, TOURNAMENT = "casual", "tournament"
"""The trust levels of a table (see docs/api.md, "Who may do what")."""

Stack = tuple[int, "Stack"] | None
"""An immutable linked stack of positions: (top, rest). Push and pop are O(1)."""
CHECKPOINT_EVERY = 32
"""Keep the state after every action whose log position is a multiple of this: an undo then
replays a few dozen actions from the nearest one, not the whole log."""
Checkpoints = dict[int, tuple[tuple[int, Stack], Any, bool]]
"""States kept along the stacks of actions in effect: id(node) -> (node, the state right
after its action, whether the rules skipped that action). The entry holds the node, so its
id cannot be reused while the entry lives."""


@dataclass
class Cached:
    """A replayed match at one version, and the JSON answers already made for it.

    It holds no copy of the log: writing costs the same however long the match is.
    """

    version: int
    rules: rooms.Rules[Any, Any, Any]
    setup: Any
    state: Any
    lines: tuple[Line, ...]
    """The last entries of the history (at most HISTORY), each with its English ``text``."""
    applied: Stack = None
    """Positions of the actions in effect, the latest on top."""
    undone: Stack = None
    """Positions of undone actions that redo brings back, the last undone on top."""
    top_is_final: bool = False
    """The action on top of ``applied`` can never be undone (the rules say it is final, or
    it ended a tournament table's match)."""
    top: Owned | None = None
    """The action on top of ``applied``: the last in effect, which undo would take back."""
    redo_top: Owned | None = None
    """The action on top of ``undone``, which redo would bring back."""
    checkpoints: Checkpoints = field(default_factory=dict)
    """States kept along the stack of actions in effect, shared by the match's successive
    cached versions (see CHECKPOINT_EVERY)."""
    answers: dict[str, bytes] = field(default_factory=dict)
    """Response bodies by ETag (seat version and viewer) and host, made once per version
    (``companion.server.answers.answer_key``)."""
    history_json: bytes | None = None
    """The JSON of ``lines`` (the same for every viewer), made at the first answer."""

    @property
    def texts(self) -> tuple[str, ...]:
        """Return the last lines of the history in English."""
        return tuple(line["text"] for line in self.lines)

    def can_undo_redo(self, viewer: str | None) -> tuple[bool, bool]:
        """Return (can undo, can redo) for this viewer's phone."""
        can_undo = self.top is not None and self.undo_refusal(viewer) is None
        return can_undo, self.redo_top is not None and self.redo_top.actor == viewer

    def undo_refusal(self, viewer: str | None, for_anyone: bool = False) -> str | None:
        """Return why this viewer may not undo now, or None when they may. ``for_anyone``:
        a tournament's organiser, who may take back any seat's action (not a final one)."""
        reason = self.undo_reason(viewer, for_anyone)
        return None if reason is None else reason["text"]

    def undo_reason(self, viewer: str | None, for_anyone: bool = False) -> dict[str, Any] | None:
        """Return why this viewer may not undo now, for the phone: a code ('nothing',
        'final', 'other_seat', 'depth'), the English text, and the action's line and actor
        where they matter; None when they may (see ``undo_refusal``)."""
        top = self.top
        if top is None:
            return {"why": "nothing", "text": "there is nothing to undo"}
        if self.top_is_final:
            text = f"'{top.line}' is final: it cannot be taken back"
            return {"why": "final", "line": top.line, "said": top.said, "text": text}
        if top.actor != viewer and not for_anyone:
            who = top.actor
            text = f"only {who}'s phone can take back '{top.line}': ask {who} to undo it"
            return {
                "why": "other_seat",
                "actor": top.actor,
                "line": top.line,
                "said": top.said,
                "text": text,
            }
        depth = self.rules.undo_depth
        if depth is not None and stack_depth(self.undone) >= depth:
            return {"why": "depth", "text": "only the last action can be taken back here, once"}
        return None

    def undo_offer(self, viewer: str | None) -> dict[str, Any] | None:
        """Return what this viewer's undo would take back (its line and log position)."""
        if self.top is None or self.undo_refusal(viewer) is not None:
            return None
        return {"line": self.top.line, "said": self.top.said, "target": self.top.position}

    def short_answer(self, viewer: str) -> dict[str, Any]:
        """Return what a write answers: the new version, its history line, undo / redo."""
        can_undo, can_redo = self.can_undo_redo(viewer)
        said = self.lines[-1] if self.lines else None
        return {"version": self.version, "line": said["text"] if said else "", "said": said,
                "can_undo": can_undo, "can_redo": can_redo,
                "undo": self.undo_offer(viewer)}  # fmt: skip


@dataclass(frozen=True)
class Owned:
    """An action in a match's log with the seat that made it."""

    position: int
    """Its place in the log (0 = the first event)."""
    actor: str
    said: Line
    """Its history entry."""

    @property
    def line(self) -> str:
        """Return its history line in English."""
        return self.said["text"]


def stack_depth(stack: Stack) -> int:
    """Count the entries of a stack."""
    count = 0
    while stack is not None:
        count, stack = count + 1, stack[1]
    return count


def stack_of(positions: list[int]) -> Stack:
    """Build a stack whose top is the last position."""
    stack: Stack = None
    for position in positions:
        stack = (position, stack)
    return stack


def read_log(conn: Connection, match_id: str, version: int) -> list[Row]:
    """Return a match's events up to a version, oldest first."""
    return conn.execute(
        "select kind, payload, line from events where match_id = ? and version <= ? "
        "order by version",
        (match_id, version),
    ).fetchall()


_cache: OrderedDict[str, Cached] = OrderedDict()
_cache_lock = threading.Lock()


def load(conn: Connection, match: Row, catalog: Catalog) -> Cached:
    """Return the replayed match at its stored version: from the cache when current, caught
    up from it when only new actions were added since (another server process wrote them),
    else replayed from the whole log."""
    match_id, version = match["id"], int(match["version"])
    with _cache_lock:
        hit = _cache.get(match_id)
        if hit is not None and hit.version == version:
            _cache.move_to_end(match_id)
            return hit
    cached = None
    if hit is not None and hit.version < version:
        cached = caught_up(conn, match, hit, version, catalog)
    if cached is None:
        cached = replay_at(conn, match, version, catalog)
    remember(match_id, cached)
    return cached


def cached_at(match_id: str, version: int) -> Cached | None:
    """Return the match as this process last replayed it, if at ``version`` (no database)."""
    with _cache_lock:
        hit = _cache.get(match_id)
    return hit if hit is not None and hit.version == version else None


def caught_up(
    conn: Connection, match: Row, hit: Cached, version: int, catalog: Catalog
) -> Cached | None:
    """Apply the events logged after a cached version to it (cheap, however long the log:
    an undo or redo starts from the nearest kept state); None when an action the rules now
    refuse, or an undo with no kept state near, needs a whole replay."""
    from companion.storage import moves  # moves builds on this module: imported when used

    rows = conn.execute(
        "select version, kind, payload, line from events where match_id = ? and version > ? "
        "and version <= ? order by version",
        (match["id"], hit.version, version),
    ).fetchall()
    cached = hit
    for row in rows:
        payload = json.loads(row["payload"])
        said = stored(payload, row["line"])
        if row["kind"] == SEAT_EVENT:
            cached = with_line(cached, row["version"], said)
            continue
        if row["kind"] in ("undo", "redo"):
            if row["kind"] == "undo" and cached.top is not None:
                moved = moves.after_undo(conn, match, cached, said, catalog)
            elif row["kind"] == "redo" and cached.redo_top is not None:
                moved = moves.after_redo(conn, match, cached, said, catalog)
            else:
                return None
            if moved is None:
                return None
            cached = moved
            continue
        try:
            cached = after_action(match, cached, payload, said, catalog)
        except GameError:
            return None
    return cached if cached.version == version else None


def with_line(cached: Cached, version: int, line: Line) -> Cached:
    """Return the cached match one event later, that event a line only (a seat change)."""
    lines = (*cached.lines, line)[-HISTORY:]
    return Cached(version, cached.rules, cached.setup, cached.state, lines, cached.applied,
                  cached.undone, cached.top_is_final, cached.top, cached.redo_top,
                  cached.checkpoints)  # fmt: skip


def after_action(
    match: Row, cached: Cached, payload: Mapping[str, Any], line: Line, catalog: Catalog
) -> Cached:
    """Return the cached match one logged action later (the rules apply it again).

    :raises GameError: when today's rules refuse the stored action.
    """
    action = cached.rules.parse_action(payload["action"])
    actor = str(payload["actor"])
    state = cached.rules.apply(cached.state, action, actor, catalog, cached.version)
    return advanced(match, cached, action, actor, state, line)


def advanced(match: Row, cached: Cached, action: Any, actor: str, state: Any, line: Line) -> Cached:
    """Return the cached match one action later, given the state the rules made of it."""
    rules, position = cached.rules, cached.version  # events count from 1, positions from 0
    final = rules.is_final(action, state) or ends_tournament_match(match, rules, state)
    lines = (*cached.lines, line)[-HISTORY:]
    node = (position, cached.applied)
    keep_checkpoint(cached.checkpoints, node, state, False)
    return Cached(cached.version + 1, rules, cached.setup, state, lines, node, None, final,
                  Owned(position, actor, line), None, cached.checkpoints)  # fmt: skip


def keep_checkpoint(
    checkpoints: Checkpoints, node: tuple[int, Stack], state: Any, skipped: bool
) -> None:
    """Keep the state after this node's action if its position is a checkpoint's."""
    if node[0] % CHECKPOINT_EVERY == 0:
        checkpoints[id(node)] = (node, state, skipped)


def apply_stored(
    rules: rooms.Rules[Any, Any, Any],
    state: Any,
    payload: Mapping[str, Any],
    catalog: Catalog,
    position: int,
) -> tuple[Any, str | None]:
    """Apply a logged action again; return the state and, when today's rules refuse it,
    why (the state is then unchanged: the action is skipped)."""
    try:
        action = rules.parse_action(payload["action"])
        return rules.apply(state, action, str(payload["actor"]), catalog, position), None
    except GameError as refused:
        return state, str(refused)


def replay_at(conn: Connection, match: Row, version: int, catalog: Catalog) -> Cached:
    """Replay a match's log up to a version."""
    return replay_rows(match, read_log(conn, match["id"], version), version, catalog)


def replay_rows(match: Row, rows: Sequence[Any], version: int, catalog: Catalog) -> Cached:
    """Replay a match from its log's rows (kind, payload, line), oldest first, keeping a
    checkpoint every CHECKPOINT_EVERY positions; an action today's rules refuse is skipped."""
    events = [(r["kind"], json.loads(r["payload"])) for r in rows]
    rules = kind_of_setup(json.loads(match["setup"])).rules
    setup = rules.setup_from_json(json.loads(match["setup"]))
    applied, undone = rooms.stacks_of(events)
    checkpoints: Checkpoints = {}
    state = rules.start(setup, catalog)
    node: Stack = None
    skipped = []
    for position, payload in applied:
        node = (position, node)
        state, refused = apply_stored(rules, state, payload, catalog, position)
        if refused is not None:
            skipped.append(rooms.Skipped(position, refused))
        keep_checkpoint(checkpoints, node, state, refused is not None)
    lines = history_lines(rows, tuple(skipped))
    final = bool(applied) and is_final_top(rules, applied[-1], tuple(skipped), state)
    final = final or bool(applied) and ends_tournament_match(match, rules, state)
    return Cached(
        version,
        rules,
        setup,
        state,
        lines,
        node,
        stack_of([p for p, _ in undone]),
        final,
        owned(rows, applied),
        owned(rows, undone),
        checkpoints,
    )


def owned(rows: Sequence[Any], stack: list[tuple[int, Any]]) -> Owned | None:
    """Return the top of a stack of actions with who made it and its history line."""
    if not stack:
        return None
    position, payload = stack[-1]
    return Owned(position, str(payload["actor"]), stored(payload, str(rows[position]["line"])))


def ends_tournament_match(match: Row, rules: rooms.Rules[Any, Any, Any], state: Any) -> bool:
    """Say whether this state ends a tournament table's match: its result is reported and
    only the organiser changes it."""
    return bool(match["trust"] == TOURNAMENT and rules.is_over(state))


def history_lines(rows: Sequence[Any], skipped: tuple[rooms.Skipped, ...]) -> tuple[Line, ...]:
    """Return the last history entries, each skipped action's saying it was skipped."""
    lines = [stored(json.loads(r["payload"]), str(r["line"])) for r in rows]
    for skip in skipped:
        lines[skip.position] = skip.note(lines[skip.position])
    return tuple(lines[-HISTORY:])


def is_final_top(
    rules: rooms.Rules[Any, Any, Any],
    top: tuple[int, Any],
    skipped: tuple[rooms.Skipped, ...],
    state: Any,
) -> bool:
    """Say whether the last action in effect is final (a skipped one never is)."""
    position, payload = top
    if any(s.position == position for s in skipped):
        return False
    return bool(rules.is_final(rules.parse_action(payload["action"]), state))


def remember(match_id: str, cached: Cached) -> None:
    """Keep a replayed state for later reads."""
    with _cache_lock:
        _cache[match_id] = cached
        _cache.move_to_end(match_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    """Forget every replayed state (tests use a fresh database each time)."""
    with _cache_lock:
        _cache.clear()
