"""What a phone shows of a Puzzle Strike table (its history lines are in ``lines``).

The rules (``room``, ``gems``, ``match``) never render; this module reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game import status as st
from companion.game.padding import pad_for
from companion.game.puzzle_strike import bank_play, gems
from companion.game.puzzle_strike.actions import Action, AddGem, Land, MarkStack, StackState
from companion.game.puzzle_strike.counter_chips import counter_chips
from companion.game.puzzle_strike.match import Match, side_name
from companion.game.puzzle_strike.next_step import next_step
from companion.game.puzzle_strike.piles import Send, Table
from companion.game.puzzle_strike.sets import find_set, find_sets
from companion.game.puzzle_strike.view_types import (
    ChipView,
    ClashView,
    KeyName,
    MatchView,
    PileView,
    RoomView,
    SendView,
    StackView,
    TableView,
    TieBreakView,
)
from companion.game.whose import Whose, whose
from printkit.catalog import Catalog, ChipFace
from printkit.rules import height_bonus

if TYPE_CHECKING:  # the view reads the room's state; the room never imports the view's output
    from companion.game.puzzle_strike.room import State


def title(state: State) -> str:
    """Name the match by its sides: 'Ana vs Ben' or 'Ana & Cy vs Ben & Di'."""
    return " vs ".join(side_name(s) for s in state.setup.sides)


def view(state: State, viewer: str | None, catalog: Catalog) -> RoomView:
    """Describe the state as one viewer may see it (secret choices stay secret)."""
    setup = state.setup
    hidden = state.is_bank_hidden()
    chips = chip_details(state, catalog)
    if hidden:
        chips = {k: v for k, v in chips.items() if k not in state.bank}
    characters = shown_characters(state, viewer, catalog)
    room: RoomView = {
        "phase": state.phase,
        "title": title(state),
        "sides": [list(s) for s in setup.sides],
        "game_no": state.game_no,
        "players": list(setup.players),
        "order": list(state.order),
        "mode": setup.mode.value,
        "edition": setup.edition,
        "best_of": setup.match_best_of,
        "sets": list(setup.sets),
        "you": viewer,
        "characters": characters,
        "waiting_for": state.choice.waiting_for() if state.phase == "choosing" else [],
        "rechoose": state.rechoose,
        "clash": clash_view(state),
        "restart_votes": list(state.restart_votes),
        "may_restart_choice": state.may_restart_choice(),
        "may_switch_character": state.may_switch_character(),
        "character_options": [] if setup.clockwork else character_options(state),
        "panic": {"level": state.panic.level.label, "ante": state.panic.ante},
        "bank_hidden": hidden,
        "stacks": [
            stack_view(state, viewer, k, s.value, chips, count)
            for k, s, count in bank_play.stack_rows(state)
            if not (hidden and k in state.bank)
        ],
        "pool": []
        if hidden
        else [
            {"key": k, "name": n} for k, n in state.names if "/" in k and not k.startswith("fixed/")
        ],
        "chips": chips,
        "table": table_view(state.table) if state.table else None,
        "match": match_view(state.match),
        "counter_chips": counter_chips(state, viewer, catalog),
        "next_step": None,
        "pad": pad_for(characters.get(viewer or "")),  # the same length whatever the pick
        "whose": controls_whose(state),
        "status": status_line(state, viewer),
    }
    room["next_step"] = next_step(room)
    return room


def controls_whose(state: State) -> Whose:
    """Return whose decision each player's +1..+4, "nobody reacts" and a bank stack's marks
    are (the room's ``deciders``)."""
    from companion.game.puzzle_strike.room import deciders  # the room imports this module

    samples: dict[str, Action] = {f"add_gem:{p}": AddGem(p, 1) for p in state.setup.players}
    samples["nobody_reacts"] = Land(everyone=True)
    samples["stack"] = MarkStack("", StackState.EMPTY)  # any stack: the turn player's
    return whose(deciders, state, samples)


def status_line(state: State, viewer: str | None) -> st.Status | None:
    """Say each pile's total (the viewer's first), the Panic level and the gems in the air."""
    table = state.table
    if table is None or state.phase != "playing":
        return None
    sides = []
    for owner, pile in table.piles:
        members = table.members(owner)
        out = all(p in table.eliminated for p in members)
        fact = st.say("st_out") if out else st.say("st_pile", total=pile.total)
        turn = table.current in members
        sides.append(st.side(side_name(members), members, viewer, turn, fact))
    air = [st.say("st_level_" + str(state.panic.ante))] if state.panic.active else []
    if table.pending is not None:
        air.append(st.say("st_air", ones=table.pending.ones, target=table.pending.target))
    air += [st.say("st_floating", ones=f.ones, target=f.target) for f in table.floating]
    return st.status(sides, air)


def character_options(state: State) -> list[KeyName]:
    """Return the set's characters a player may choose (or switch to)."""
    return [{"id": k, "name": v} for k, v in state.names if "/" not in k]


def shown_characters(state: State, viewer: str | None, catalog: Catalog) -> dict[str, str | None]:
    """Return each player's character as the viewer may see it."""
    settled = dict(state.characters)
    drafted = dict(state.setup.clockwork)
    first = find_set(catalog, state.setup.character_set)
    chip_names = {f"{w.id}/{c.id}": c.name for w, c in first.character_chips()}
    shown: dict[str, str | None] = {}
    for p in state.setup.players:
        if p in drafted:
            shown[p] = "Clockwork: " + ", ".join(chip_names.get(k, k) for k in drafted[p])
        elif p in settled:
            shown[p] = state.name(settled[p])
        else:
            mine = state.choice.choice_of(p, viewer or "")
            shown[p] = state.name(mine) if mine and state.phase == "choosing" else None
    return shown


def clash_view(state: State) -> ClashView | None:
    """Describe a settled clash: who keeps the character and who chooses again."""
    if state.clash is None:
        return None
    c = state.clash
    return {"character": state.name(c.character), "keeper": c.keeper, "rechoose": c.rechoose}


def stack_view(
    state: State, viewer: str | None, key: str, stack_state: str, chips: dict[str, ChipView],
    left: int | None,
) -> StackView:  # fmt: skip
    """Describe one bank stack: key, name, cost, how it stands, what is left."""
    return {
        "key": key,
        "name": state.name(key),
        "name_ja": state.name_ja_of.get(key) or None,
        "cost": chips[key]["cost"] if key in chips else None,
        "state": stack_state,
        "left": left,
        "may_buy": may_buy(state, viewer, stack_state),
    }


def may_buy(state: State, viewer: str | None, stack_state: str) -> bool:
    """Return True when the viewer may buy from a stack now: their side's turn, in play,
    the stack not empty."""
    table = state.table
    if viewer is None or table is None or state.phase != "playing" or table.is_over:
        return False
    return viewer in table.seats and table.is_turn_of(viewer) and stack_state == "full"


def chip_details(state: State, catalog: Catalog) -> dict[str, ChipView]:
    """Return, per stack key, what a tap on the stack shows: cost, summary and icons (a copy
    of what is made once per character set, sets and stacks: the catalog does not change)."""
    shown = tuple(k for k, _ in state.stacks)
    key = ("chip_details", state.setup.character_set, tuple(state.setup.sets), shown)
    made = catalog.remembered(key, lambda: make_chip_details(state, catalog))
    return {k: copy_chip(v) for k, v in made.items()}


def copy_chip(chip: ChipView) -> ChipView:
    """Return a chip's view with lists of its own (views may be changed by their callers)."""
    return {**chip, "banner": list(chip["banner"]), "banner_icons": list(chip["banner_icons"]),
            "icons": [list(i) for i in chip["icons"]]}  # fmt: skip


def make_chip_details(state: State, catalog: Catalog) -> dict[str, ChipView]:
    """Return ``chip_details`` made from the catalog."""
    first = find_set(catalog, state.setup.character_set)
    faces: list[tuple[str, ChipFace, int | None]] = [
        (f"fixed/{s.id}", s, s.cost) for s in first.stacks
    ]
    for game_set in find_sets(catalog, state.setup.sets):
        faces += [(f"{game_set.id}/{c.id}", c, c.cost) for c in game_set.puzzle_chips]
    shown = {k for k, _ in state.stacks}
    return {key: chip_face(face, cost) for key, face, cost in faces if key in shown}


def chip_face(face: ChipFace, cost: int | None) -> ChipView:
    """Describe a chip's face: name, cost, banner, icons and our summary."""
    japanese = getattr(face, "name_ja", None)
    return {
        "name": face.name,
        "name_ja": str(japanese) if japanese else None,
        "cost": cost,
        "summary": face.summary,
        "banner": list(face.banner or ()),
        "banner_icons": list(face.banner_icons),
        "icons": [[i.name, i.count] for i in face.icons or ()],
    }


def send_view(send: Send) -> SendView:
    """Describe gems in flight."""
    return {"sender": send.sender, "target": send.target, "ones": send.ones}


def table_view(table: Table) -> TableView:
    """Describe the gem side of a game."""
    piles: list[PileView] = []
    for owner, pile in table.piles:
        piles.append(
            {
                "owner": owner,
                "players": table.members(owner),
                "gems": list(pile.gems),
                "total": pile.total,
                "bonus": height_bonus(pile.total),
            }
        )
    pending = table.pending
    return {
        "turn": table.current,
        "anted": table.anted,
        "piles": piles,
        "pending": None
        if pending is None
        else {**send_view(pending), "unstoppable": pending.unstoppable, "how": pending.how},
        "can_counter": [p for p in table.seats if gems.can_counter(table, p)],
        "can_land": [p for p in table.seats if gems.can_land(table, p)],
        "react_later": gems.react_later(table),
        "floating": [send_view(s) for s in table.floating],
        "overflowing": table.overflowing,
        "money": dict(table.money),
        "eliminated": list(table.eliminated),
        "winners": list(table.winners),
        "outcome": None
        if table.outcome is None
        else {
            "ending": table.outcome.ending.value,
            "winners": list(table.outcome.winners),
            "loser": table.outcome.loser,
        },
        "tied": list(table.tied),
        "tiebreak": tiebreak_view(table),
        "opponents": {p: table.opponents(p) for p in table.active()},
    }


def tiebreak_view(table: Table) -> TieBreakView | None:
    """Describe a free-for-all tie-break round (None when there is none)."""
    if not table.tied or table.is_over:
        return None
    return {
        "tied": list(table.tied),
        "at": table.tied_at,
        "still_to_play": list(table.tiebreak),
        "overflowed": table.overflowed,
    }


def match_view(m: Match | None) -> MatchView | None:
    """Describe the match score and what it waits for."""
    if m is None:
        return None
    return {
        "score": m.score(),
        "winner": m.winner,
        "awaiting_choice": list(m.awaiting_choice),
        "choosers": list(m.members(m.awaiting_choice[0])) if m.awaiting_choice else [],
        "first_player": m.first_player,
        "switched_out": list(m.switched_out),
        "games": [list(r) for r in m.results],
        "games_to_win": m.games_to_win,
        "options": list(m.between.options),
    }
