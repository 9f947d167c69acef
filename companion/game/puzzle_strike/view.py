"""What a phone shows of a Puzzle Strike table, and the history sentence of each action.

The rules (``room``, ``gems``, ``match``) never render; this module reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game.puzzle_strike import gems
from companion.game.puzzle_strike.actions import (
    Action,
    AddGem,
    Ante,
    Choose,
    Combine,
    Counter,
    Crash,
    EndTurn,
    Forfeit,
    Land,
    LoserOption,
    LosersChoice,
    MarkStack,
    Rematch,
    RemoveGem,
    RestartChoice,
)
from companion.game.puzzle_strike.counter_chips import counter_chips
from companion.game.puzzle_strike.match import Match, side_name
from companion.game.puzzle_strike.next_step import next_step
from companion.game.puzzle_strike.piles import Ending, Send, Table
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
from printkit.catalog import Catalog, ChipFace
from printkit.rules import height_bonus

if TYPE_CHECKING:  # the view reads the room's state; the room never imports the view's output
    from companion.game.puzzle_strike.room import State

STACK_WORDS = {"full": "full", "empty": "empty", "removed": "removed (Into Oblivion)"}
ENDINGS = {
    Ending.OVERFLOW: "{loser} ended a turn at 10 or more",
    Ending.LOWEST_PILE: "{loser} ended a turn at 10 or more; the lowest pile won",
    Ending.LAST_STANDING: "the last player standing",
    Ending.FORFEIT: "{loser} forfeited",
}


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
    room: RoomView = {
        "phase": state.phase,
        "title": title(state),
        "sides": [list(s) for s in setup.sides],
        "game_no": state.game_no,
        "players": list(setup.players),
        "order": list(state.order),
        "mode": setup.mode.value,
        "edition": setup.edition,
        "sets": list(setup.sets),
        "you": viewer,
        "characters": shown_characters(state, viewer, catalog),
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
            stack_view(state, k, s.value, chips)
            for k, s in state.stacks
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
    }
    room["next_step"] = next_step(room)
    return room


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


def stack_view(state: State, key: str, stack_state: str, chips: dict[str, ChipView]) -> StackView:
    """Describe one bank stack: key, name, cost and whether it is full."""
    cost = chips[key]["cost"] if key in chips else None
    return {"key": key, "name": state.name(key), "cost": cost, "state": stack_state}


def chip_details(state: State, catalog: Catalog) -> dict[str, ChipView]:
    """Return, per stack key, what a tap on the stack shows: cost, summary and icons."""
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
    return {
        "name": face.name,
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
    }


def gem_words(values: tuple[int, ...]) -> str:
    """Say broken gems: 'a 3-gem' or 'a 3-gem and a 1-gem'."""
    return " and ".join(f"a {v}-gem" for v in values)


def describe(action: Action, actor: str, after: State) -> str:
    """Say an action in one history sentence, with a game's result when it ended one."""
    line = sentence(action, actor, after)
    if game_just_ended(action, after):
        line += ". " + result_sentence(after)
    return line


def game_just_ended(action: Action, after: State) -> bool:
    """Return True when this action ended a game (the table shows its outcome)."""
    gem_moves = (EndTurn, Forfeit, Land, Counter, Crash, AddGem, RemoveGem)
    return (
        isinstance(action, gem_moves)
        and after.phase in ("between", "over")
        and after.table is not None
        and after.table.outcome is not None
    )


def result_sentence(after: State) -> str:
    """Say who won the game that just ended, why, and the match score."""
    table, m = after.table, after.match
    if table is None or table.outcome is None or m is None:
        return ""
    outcome = table.outcome
    winner = m.results[-1][0]
    why = ENDINGS[outcome.ending].format(loser=outcome.loser)
    score = ", ".join(f"{side} {n}" for side, n in m.score().items())
    line = f"Game {len(m.results)} to {winner} ({why}); score {score}"
    return line + (f". {m.winner} won the match" if m.winner else "")


def sentence(action: Action, actor: str, after: State) -> str:
    """Say what an action did, in words."""
    match action:
        case Choose(character, first):
            return choose_sentence(character, first, actor, after)
        case RestartChoice():
            if after.phase == "choosing" and not after.restart_votes:
                return f"{actor} agreed to choose characters again: everyone chooses again"
            return f"{actor} asks to choose characters again (every player must agree)"
        case Ante():
            return f"{actor} anted a {after.panic.ante}-gem"
        case Combine(a, b):
            return f"{actor} combined a {a}-gem and a {b}-gem into a {a + b}-gem"
        case Crash(broken, target):
            line = f"{actor} crashed {gem_words(broken)} at {target or crash_target(actor, after)}"
            return line + floating_words(after)
        case Counter(broken):
            return f"{actor} counter-crashed {gem_words(broken)}" + collision_words(after)
        case Land():
            waiting = gems.deciding(after.table) if after.table else []
            if waiting:
                return f"{actor} let the gems through; {' or '.join(waiting)} may react"
            return f"{actor} let the gems land"
        case AddGem(player, value):
            return f"{actor} put a {value}-gem in {player}'s pile"
        case RemoveGem(player, value):
            return f"{actor} took a {value}-gem from {player}'s pile" + floating_words(after)
        case EndTurn(without_ante):
            return end_turn_sentence(actor, without_ante, after)
        case Forfeit():
            return f"{actor} forfeited the game"
        case MarkStack(stack, state):
            return f"{actor} marked {after.name(stack)} {STACK_WORDS[state.value]}"
        case LosersChoice():
            return losers_sentence(action, actor, after)
        case Rematch():
            return f"{actor} started a rematch: everyone chooses a character"
    return f"{actor} acted"


def end_turn_sentence(actor: str, without_ante: bool, after: State) -> str:
    """Say an ended turn; a free-for-all tie-break round starting or going on is said too."""
    if without_ante:
        return f"{actor} ended the turn without the ante"
    table = after.table
    if table is None or not table.tied or table.is_over or after.phase != "playing":
        return f"{actor} ended the turn"
    line = f"{actor} ended the turn at {table.pile(actor).total}"
    if table.current != table.tied[0]:
        return line + f"; tie-break: {table.current} takes one more turn"
    again = " again" if actor in table.tied else ""
    return (
        f"{line}. Tie-break{again}: {' and '.join(table.tied)} tie for the lowest pile at "
        f"{table.tied_at}; each takes one more turn, {table.current} first"
    )


def collision_words(after: State) -> str:
    """Say what a counter-crash did: gems negated, and where the rest went."""
    hit = after.table.collision if after.table else None
    if hit is None:
        return ""
    words = f": {hit.negated} negated"
    if hit.rest and hit.back:
        return words + f", {hit.rest} fl{'y' if hit.rest > 1 else 'ies'} back at {hit.rest_to}"
    if hit.rest:
        return words + f", {hit.rest} land{'' if hit.rest > 1 else 's'} on {hit.rest_to}"
    return words


def floating_words(after: State) -> str:
    """Say what happened to floating gems on this step: they float, or they are sent now."""
    table = after.table
    last = table.log[-1] if table and table.log else ""
    if "floating gems are sent" in last:
        return f"; {last}"
    if (
        table
        and table.floating
        and table.pending is None
        and "float until" in " ".join(table.log[-2:])
    ):
        sender = table.floating[-1].sender
        return f"; the gems float until {sender}'s pile is 9 or less"
    return ""


def crash_target(actor: str, after: State) -> str:
    """Find whom an untargeted crash went to (the next player, or 2 vs 2's other team)."""
    table = after.table
    sends = table.sends() if table else ()
    return next((s.target for s in reversed(sends) if s.sender == actor), "the next player")


def choose_sentence(character: str, first: bool | None, actor: str, after: State) -> str:
    """Say a character choice without giving a secret away."""
    clash = after.clash
    if after.rechoose is not None and clash is not None:
        name = after.name(clash.character)
        return (
            f"{actor} chose a character. {clash.keeper} and {clash.rechoose} both chose {name}: "
            f"a coin flip gave {name} to {clash.keeper}; {clash.rechoose} chooses another "
            "character and whether to play first or second"
        )
    if after.phase == "choosing":
        return f"{actor} chose a character"
    if first is not None:
        when = "first" if first else "second"
        return f"{actor} chose {after.name(character)} and plays {when}"
    shown = ", ".join(f"{p}: {after.name(c)}" for p, c in after.characters)
    return f"{actor} chose a character. Characters revealed: {shown}"


def losers_sentence(action: LosersChoice, actor: str, after: State) -> str:
    """Say the between-games choice."""
    if action.option is LoserOption.SWITCH:
        return f"{actor} switched to {after.name(action.character or '')}"
    if action.option is LoserOption.SWAP:
        out, into = after.name(action.out or ""), after.name(action.into or "")
        return f"{actor} swapped {out} out of the bank for {into}"
    if action.option is LoserOption.REROLL:
        return f"{actor} re-rolled the whole bank"
    return f"{actor} kept the characters and the bank"
