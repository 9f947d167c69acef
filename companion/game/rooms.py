"""The rules of a kind of room, as the store and the API see them, and the replay of a log.

Each kind gives: how to read a create request and a stored setup, how to read an action
(the only place an action's JSON is read), the start state, how an action changes the state,
what a viewer may see, a history line per action, and which actions can never be undone.
The store, the API, undo / redo and the phones' sync are the same for every kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.game.errors import GameError
from companion.game.history import COMMON, Line, entry, followed
from companion.game.refusals import REFUSE
from companion.game.words import Said
from printkit.catalog import Catalog

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


def never(action: object, state: object) -> bool:
    """Return False: no action is final (the default of ``Rules.is_final``)."""
    return False


def never_independent(action: object) -> bool:
    """Return False: every action depends on the table as the phone saw it (the default)."""
    return False


def anyone(action: object, state: object) -> tuple[str, ...] | None:
    """Return None: any seat may make this action (the default of ``Rules.deciders``)."""
    return None


def ask_the_organiser(action: object, state: object) -> Said:
    """Return the default of ``Rules.instead``: the organiser decides."""
    return REFUSE.say("gm_not_alone")[1]


def no_secrets(state: object, player: str) -> tuple[str, ...]:
    """Return nothing: no player holds anything hidden (the default of ``Rules.secrets_held``)."""
    return ()


def never_over(state: object) -> bool:
    """Return False: the room never ends a match (the default of ``Rules.is_over``)."""
    return False


@dataclass(frozen=True)
class Outcome:
    """A decided match: the games (or rounds) each player won, and how many were drawn."""

    wins: Mapping[str, int]
    draws: int = 0


def no_outcome(state: object) -> Outcome | None:
    """Return None: the room decides no match (the default of ``Rules.outcome``)."""
    return None


@dataclass(frozen=True)
class Rules(Generic[SetupT, StateT, ActionT]):
    """What the store and the API need to know about one kind of room."""

    kind: str
    """The kind's name in stored setups and requests: "puzzle-strike", "flash-duel", ..."""
    setup_from_request: Callable[[Mapping[str, object], Catalog, int], SetupT]
    """A create request's JSON body (+ catalog, + a fresh seed) -> typed setup; raises
    InvalidSetup (bad shape) or IllegalMove (e.g. unknown set, impossible bank)."""
    setup_from_json: Callable[[Mapping[str, object]], SetupT]
    """A stored setup -> typed (older databases too)."""
    setup_to_json: Callable[[SetupT], dict[str, object]]
    """A typed setup -> JSON to store; includes "kind"."""
    players: Callable[[SetupT], tuple[str, ...]]
    """The seat names, in seat order."""
    parse_action: Callable[[Mapping[str, object]], ActionT]
    """An action's JSON -> typed action; raises InvalidAction. The only reader of an action."""
    action_to_json: Callable[[ActionT], dict[str, object]]
    """A typed action -> what the log stores (the JSON shapes older logs have)."""
    start: Callable[[SetupT, Catalog], StateT]
    apply: Callable[[StateT, ActionT, str, Catalog, int], StateT]
    """(state, action, actor name, catalog, log position) -> new state; raises IllegalMove."""
    view: Callable[[StateT, str | None, Catalog], Mapping[str, object]]
    """What a viewer (a player's name, or None for a spectator) may see, ready for JSON."""
    describe: Callable[[ActionT, str, StateT], Line]
    """One history line for an action (given the state right after it), in word keys."""
    undo_depth: int | None = None
    """How many actions in a row may be undone (None: all); a new action resets it."""
    is_final: Callable[[ActionT, StateT], bool] = never
    """True: this action, once applied (given the state right after it), can never be undone
    (a double-blind reveal, a coin flip)."""
    independent: Callable[[ActionT], bool] = never_independent
    """True: this action does not depend on what other phones did meanwhile (a double-blind
    choice, a vote), so it is applied to the current table even when the phone based it on
    an older version; the rules still check it. Any other action on an older version is
    refused, so the phone looks at the table again."""
    deciders: Callable[[ActionT, StateT], tuple[str, ...] | None] = anyone
    """The seats whose decision this action is, given the state before it (None: anyone's,
    e.g. the shared draw pile). A casual table lets any seated phone record it for them; a
    tournament table takes it only from one of these seats' phones."""
    instead: Callable[[ActionT, StateT], Said] = ask_the_organiser
    """What to do instead when ``deciders`` names no seat (no single phone of a tournament
    table may make this action now): the refusal's word key and slots."""
    secrets_held: Callable[[StateT, str], tuple[str, ...]] = no_secrets
    """What this player holds that no other phone may see yet, each in a few words ("a
    secret character pick", "a loyalty card", "a hand entered at time-over"); while they hold
    any, their seat is handed to a new phone only from their own phone or by a tournament's
    organiser (a new phone would show it to whoever took the link)."""
    is_over: Callable[[StateT], bool] = never_over
    """True: the room's match is decided (at a tournament table its result is reported, and
    the action that decided it is final)."""
    outcome: Callable[[StateT], Outcome | None] = no_outcome
    """Games won per player once the match is decided, None while it is played: what a
    tournament reads of a table, without knowing the game."""


def stacks_of(
    events: Sequence[tuple[str, Any]],
) -> tuple[list[tuple[int, Any]], list[tuple[int, Any]]]:
    """Return (actions in effect, actions undone and redoable), with their positions.

    ``events`` are (kind, payload) with kind 'action', 'undo' or 'redo'. A new action
    clears what could be redone.
    """
    applied: list[tuple[int, Any]] = []
    undone: list[tuple[int, Any]] = []
    for position, (kind, payload) in enumerate(events):
        if kind == "action":
            applied.append((position, payload))
            undone.clear()
        elif kind == "undo" and applied:
            undone.append(applied.pop())
        elif kind == "redo" and undone:
            applied.append(undone.pop())
    return applied, undone


def replay(
    rules: Rules[SetupT, StateT, ActionT],
    setup: SetupT,
    events: Sequence[tuple[str, Any]],
    catalog: Catalog,
) -> StateT:
    """Rebuild a room's state from its log: the actions in effect, parsed and applied in order.

    :raises GameError: when the rules refuse one of the actions (see ``replay_stored``).
    """
    state = rules.start(setup, catalog)
    for position, payload in stacks_of(events)[0]:
        action = rules.parse_action(payload["action"])
        state = rules.apply(state, action, payload["actor"], catalog, position)
    return state


@dataclass(frozen=True)
class Skipped:
    """A stored action that today's rules refuse, left out when the log is replayed."""

    position: int
    """Its place in the log (0 = the first event)."""
    reason: str
    """Why the rules refuse it now."""

    def note(self, line: Line) -> Line:
        """Return the entry of the skipped action's line, saying that it was skipped."""
        if not line["text"]:
            return entry(COMMON("skipped_bare", reason=self.reason))
        return followed(entry(COMMON("skipped", reason=self.reason)), line)


def replay_stored(
    rules: Rules[SetupT, StateT, ActionT],
    setup: SetupT,
    events: Sequence[tuple[str, Any]],
    catalog: Catalog,
) -> tuple[StateT, tuple[Skipped, ...]]:
    """Rebuild a stored room's state, skipping the actions today's rules refuse.

    A log written under older rules may hold an action the rules now refuse (of a shape they
    no longer read, or a move they no longer allow). Such an action is left out: the state
    stays as it was before it, and the skip is returned so that the history can say so.
    The rules' ``apply`` returns new states, so a refused action changes nothing.
    """
    state = rules.start(setup, catalog)
    skipped: list[Skipped] = []
    for position, payload in stacks_of(events)[0]:
        try:
            action = rules.parse_action(payload["action"])
            state = rules.apply(state, action, payload["actor"], catalog, position)
        except GameError as refused:
            skipped.append(Skipped(position, str(refused)))
    return state, tuple(skipped)
