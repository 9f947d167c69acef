"""rooms.stacks_of and rooms.replay: the log of actions, undos and redos folded into a state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from companion.game.errors import IllegalMove, InvalidAction
from companion.game.history import plain
from companion.game.rooms import Rules, Skipped, never, replay, replay_stored, stacks_of

EVENTS: list[tuple[str, Any]] = [
    ("action", {"actor": "Ana", "action": {"add": 1}}),
    ("action", {"actor": "Ben", "action": {"add": 10}}),
    ("undo", {"actor": "Ben"}),
    ("action", {"actor": "Ana", "action": {"add": 100}}),
    ("action", {"actor": "Ana", "action": {"add": 1000}}),
    ("undo", {"actor": "Ana"}),
    ("undo", {"actor": "Ana"}),
    ("redo", {"actor": "Ana"}),
]


def test_stacks_of_the_log() -> None:
    applied, undone = stacks_of(EVENTS)
    assert [p for p, _ in applied] == [0, 3]
    assert [p for p, _ in undone] == [4]
    assert stacks_of([("undo", {}), ("redo", {})]) == ([], [])
    assert stacks_of(EVENTS + [("action", {"actor": "Ana", "action": {"add": 5}})])[1] == []


def parse(data: Mapping[str, Any]) -> int:
    if not isinstance(data.get("add"), int):
        raise InvalidAction("add")
    return int(data["add"])


SEEN: list[tuple[int, str, int]] = []


def apply(state: int, action: int, actor: str, catalog: Any, position: int) -> int:
    SEEN.append((action, actor, position))
    return state + action


RULES: Rules[int, int, int] = Rules(
    kind="sum",
    setup_from_request=lambda data, catalog, seed: 0,
    setup_from_json=lambda data: 0,
    setup_to_json=lambda setup: {"kind": "sum"},
    players=lambda setup: ("Ana", "Ben"),
    parse_action=parse,
    action_to_json=lambda n: {"add": n},
    start=lambda setup, catalog: setup + 7,
    apply=apply,
    view=lambda state, viewer, catalog: {},
    describe=lambda a, actor, after: "",
)


def test_replay_parses_and_applies_the_actions_in_effect_with_their_positions() -> None:
    SEEN.clear()
    assert replay(RULES, 0, EVENTS, None) == 7 + 1 + 100  # type: ignore[arg-type]
    assert SEEN == [(1, "Ana", 0), (100, "Ana", 3)]


def test_no_action_is_final_by_default() -> None:
    assert never({"type": "x"}, 1) is False
    assert RULES.is_final(1, 2) is False and RULES.undo_depth is None


def test_replay_hands_the_catalog_to_the_rules() -> None:
    catalog = object()
    seen: list[object] = []

    def start(setup: int, given: Any) -> int:
        seen.append(given)
        return setup

    def add(state: int, action: int, actor: str, given: Any, position: int) -> int:
        seen.append(given)
        return state + action

    rules = Rules(
        kind="sum",
        setup_from_request=RULES.setup_from_request,
        setup_from_json=RULES.setup_from_json,
        setup_to_json=RULES.setup_to_json,
        players=RULES.players,
        parse_action=parse,
        action_to_json=RULES.action_to_json,
        start=start,
        apply=add,
        view=RULES.view,
        describe=RULES.describe,
    )
    assert replay(rules, 3, EVENTS[:1], catalog) == 4  # type: ignore[arg-type]
    assert seen == [catalog, catalog]


def test_replay_of_a_stored_log_skips_what_the_rules_refuse_and_says_why() -> None:
    def at_most_50(state: int, action: int, actor: str, catalog: Any, position: int) -> int:
        if state + action > 50:
            raise IllegalMove(f"{state + action} is over 50")
        return state + action

    rules = Rules(
        kind="sum",
        setup_from_request=RULES.setup_from_request,
        setup_from_json=RULES.setup_from_json,
        setup_to_json=RULES.setup_to_json,
        players=RULES.players,
        parse_action=parse,
        action_to_json=RULES.action_to_json,
        start=RULES.start,
        apply=at_most_50,
        view=RULES.view,
        describe=RULES.describe,
    )
    events: list[tuple[str, Any]] = [
        ("action", {"actor": "Ana", "action": {"add": 1}}),
        ("action", {"actor": "Ben", "action": {"add": 100}}),  # refused: state stays 8
        ("action", {"actor": "Ana", "action": {"add": "x"}}),  # a shape no longer read
        ("action", {"actor": "Ben", "action": {"add": 2}}),
    ]
    state, skipped = replay_stored(rules, 0, events, None)  # type: ignore[arg-type]
    assert state == 7 + 1 + 2
    assert skipped == (Skipped(1, "108 is over 50"), Skipped(2, "add"))
    assert skipped[0].note(plain("Ben added 100"))["text"] == (
        "Skipped, the rules no longer allow it (108 is over 50): Ben added 100"
    )
    assert skipped[1].note(plain(""))["text"] == "Skipped, the rules no longer allow it (add)"
    assert skipped[1].note(plain(""))["say"] == "skipped_bare"
    with pytest.raises(IllegalMove, match="108 is over 50"):  # the strict replay still raises
        replay(rules, 0, events, None)  # type: ignore[arg-type]
