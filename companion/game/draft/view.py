"""What a draft room shows (nothing in it is secret) and its history sentences."""

from __future__ import annotations

from typing import TypedDict

from companion.game.draft.actions import Pick
from companion.game.draft.rules import Draft, first_player
from companion.game.history import Line, Phrases
from companion.game.next_step import NextStep, step
from printkit.catalog import Catalog


class PoolItemView(TypedDict):
    """One item of the pool and who took it."""

    key: str
    name: str
    character: str
    text: str | None
    taken_by: str | None


class DraftView(TypedDict):
    """A draft room as every phone sees it."""

    kind: str
    game: str
    you: str | None
    seats: list[str]
    order: list[int]
    done: bool
    turn: str | None
    pick_order: list[str]
    """The player of each pick, first to last."""
    picks_made: int
    picks_left: dict[str, int]
    pool: list[PoolItemView]
    picks: dict[str, list[str]]
    teams: list[list[str]] | None
    first_player: str | None
    coin: str | None
    """Flash Duel: who won the coin flip (seed 002: a coin decides who drafts first; the
    first drafter also plays first), shown on every phone."""
    next_step: NextStep | None


def next_step(draft: DraftView) -> NextStep | None:
    """Say what the viewer must do now: pick (with picks left), wait for whose pick, or
    start the match once the draft is done."""
    you, turn = draft["you"], draft["turn"]
    if you is None:
        return None
    if draft["done"]:
        return step(True, "dr_done", "The draft is done: start the match", "carry")
    if turn == you:
        left = draft["picks_left"][you]
        if draft["game"] == "flash-duel":  # ability cards, not chips
            text = "Your pick ({left} left): tap a card to read it"
            return step(True, "dr_your_pick_card", text, left=left)
        text = "Your pick ({left} left): tap a chip to read it"
        return step(True, "dr_your_pick", text, left=left)
    return step(False, "dr_wait_pick", "Waiting for {turn}'s pick", turn=turn or "")


def view(state: Draft, viewer: str | None, catalog: Catalog) -> DraftView:
    """Describe the draft: pool, whose pick, every seat's picks."""
    owner = {key: state.seats[seat - 1] for seat, key in state.picks}
    turn = state.whose_pick()
    shown: DraftView = {
        "kind": "draft",
        "game": state.game,
        "you": viewer,
        "seats": list(state.seats),
        "order": list(state.order),
        "done": state.is_done,
        "turn": None if turn is None else state.seats[turn - 1],
        "pick_order": [state.seats[seat - 1] for seat in state.order],
        "picks_made": len(state.picks),
        "picks_left": picks_left(state),
        "pool": [
            {
                "key": i.key,
                "name": i.name,
                "character": i.character,
                "text": i.text,
                "taken_by": owner.get(i.key),
            }
            for i in state.pool
        ],
        "picks": {
            name: [i.key for i in state.picked_by(n + 1)] for n, name in enumerate(state.seats)
        },
        "teams": team_names(state),
        "first_player": first_player(state) if state.game == "flash-duel" else None,
        "coin": state.seats[0] if state.game == "flash-duel" else None,
        "next_step": None,
    }
    shown["next_step"] = next_step(shown)
    return shown


def picks_left(state: Draft) -> dict[str, int]:
    """Return how many picks each player has still to make."""
    made = [seat for seat, _ in state.picks]
    return {
        name: state.order.count(seat) - made.count(seat)
        for seat, name in enumerate(state.seats, start=1)
    }


def team_names(state: Draft) -> list[list[str]] | None:
    """Return the 2 vs 2 teams by player name (seats 1 & 4 against 2 & 3), or None."""
    teams = state.teams()
    if teams is None:
        return None
    return [[state.seats[seat - 1] for seat in team] for team in teams]


SAY = Phrases({"drh_picked": "{who} picked {name}"})
"""Every draft history line: word key -> English text."""


def describe(action: Pick, actor: str, after: Draft) -> Line:
    """Say a pick in one history line (the pool item's name, never its key)."""
    thing = "a card" if after.game == "flash-duel" else "a chip"
    name = next((i.name for i in after.pool if i.key == action.key), thing)
    return SAY("drh_picked", who=actor, name=name)
