"""The next step of each phone at a Puzzle Strike table (read from the view it is sent)."""

from __future__ import annotations

from companion.game.next_step import NextStep, names, step
from companion.game.puzzle_strike.view_types import PendingView, PileView, RoomView, TableView

LOSING_TOTAL = 10
"""A turn ended with this many gems or more loses the game."""


def next_step(room: RoomView) -> NextStep | None:
    """Say what the viewer must do now, or what they wait for (None: nothing to show)."""
    you = room["you"]
    if you is None:
        return None
    if room["phase"] == "choosing":
        return choosing_step(room, you)
    match = room["match"]
    if room["phase"] == "between" and match is not None:
        if you in match["choosers"]:
            return step(True, "ps_your_choice", "Your loser's choice", "keep", "more_choices")
        who = names(match["awaiting_choice"])
        return step(False, "ps_wait_choice", "Waiting for {who}'s loser's choice", who=who)
    if match is not None and match["winner"]:
        return step(False, "ps_match_to", "Match to {winner}", winner=match["winner"])
    table = room["table"]
    if table is None or table["winners"]:
        return None
    if table["pending"] is not None:
        return incoming_step(table, table["pending"], you)
    pile = pile_of(table, you)
    if pile is None or table["turn"] not in pile["players"]:
        return step(False, "ps_wait_turn", "Waiting for {turn}'s turn", turn=table["turn"])
    return turn_step(room, table, pile)


def pile_of(table: TableView, player: str) -> PileView | None:
    """Return the pile a player plays on (their own, or their team's)."""
    return next((p for p in table["piles"] if player in p["players"]), None)


def choosing_step(room: RoomView, you: str) -> NextStep:
    """Choose a character, or wait for the others to choose."""
    rechoose = room["rechoose"]
    mine = rechoose == you if rechoose else you in room["waiting_for"]
    if mine:
        return step(True, "ps_choose", "Choose your character (the others cannot see it)")
    who = rechoose or names(room["waiting_for"])
    return step(False, "ps_wait_choose", "Waiting for {who} to choose", who=who)


def incoming_step(table: TableView, pending: PendingView, you: str) -> NextStep:
    """Answer gems crashed at you (target first), or wait for those who decide."""
    sender, ones, target = pending["sender"], pending["ones"], pending["target"]
    counter = you in table["can_counter"]
    if not counter and you not in table["can_land"]:
        deciders = names(table["can_land"] or table["can_counter"])
        if target == you:
            text = "{deciders} may still react"
            return step(False, "ps_wait_others", text, deciders=deciders)
        text = "{sender} crashed {ones} at {target}: waiting for {deciders}"
        crash: dict[str, str | int] = {"sender": sender, "ones": ones, "target": target}
        return step(False, "ps_wait_decide", text, deciders=deciders, **crash)
    actions = ("counter", "land") if counter else ("land",)
    how = "counter-crash or let them land" if counter else "let them land"
    key = ("ps_counter_or_land" if counter else "ps_let_land") + ("_you" if target == you else "")
    text = "{sender} crashed {ones} at " + ("you" if target == you else "{target}") + ": " + how
    return step(True, key, text, *actions, sender=sender, ones=ones, target=target)


def turn_step(room: RoomView, table: TableView, pile: PileView) -> NextStep:
    """Ante first, then play and end the turn (a second tap at 10 or more)."""
    gem = room["panic"]["ante"]
    end = "end_turn_at_ten" if pile["total"] >= LOSING_TOTAL else "end_turn"
    if not table["anted"]:  # ending without the ante is confirmed as such (rules: without_ante)
        text = "Your turn: ante a {gem}-gem"
        return step(True, "ps_ante_first", text, "ante", "end_turn_without_ante", gem=gem)
    text = "Your turn: play your chips, then end the turn"
    return step(True, "ps_play_then_end", text, end)
