"""The next step of each phone at a Puzzle Strike table (read from the view it is sent)."""

from __future__ import annotations

from companion.game.next_step import NextStep, names, step
from companion.game.puzzle_strike.counter_chips import ChipName
from companion.game.puzzle_strike.view_types import (
    MatchView,
    PendingView,
    PileView,
    RoomView,
    TableView,
)

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
        return between_step(match, you)
    if match is not None and match["winner"]:
        return step(False, "ps_match_to", "Match to {winner}", winner=match["winner"])
    table = room["table"]
    if table is None or table["winners"]:
        return None
    if table["pending"] is not None:
        incoming = incoming_step(table, table["pending"], you)
        return with_counter_hint(incoming, room["counter_chips"])
    pile = pile_of(table, you)
    if pile is None or table["turn"] not in pile["players"]:
        return step(False, "ps_wait_turn", "Waiting for {turn}'s turn", turn=table["turn"])
    return turn_step(room, table, pile)


def between_step(match: MatchView, you: str) -> NextStep:
    """Take the between-games choice, or start the next game where nothing may change
    (a free-for-all or 2 vs 2 match: ``formats.PLAY_ON``); or wait for whoever does."""
    who = names(match["awaiting_choice"])
    if match["options"] == ["keep"]:
        if you in match["choosers"]:
            return step(True, "ps_next_game", "You play first: start the next game", "next_game")
        return step(False, "ps_wait_next_game", "Waiting for {who} to start the next game", who=who)
    if you in match["choosers"]:
        return step(True, "ps_your_choice", "Your loser's choice", "keep", "more_choices")
    return step(False, "ps_wait_choice", "Waiting for {who}'s loser's choice", who=who)


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


SENT = {
    "crash": "{sender} crashed {ones} at {target}",
    "back": "{sender}'s counter-crash sends {ones} back at {target}",
    "floating": "{sender}'s floating gems reach {target} ({ones})",
    "overflow": "{sender} overflowed {ones} onto {target}",
}
"""How gems came, in words (word keys 'ps_sent_<how>', '_you' when they come at you)."""


def sent_words(pending: PendingView, you: str) -> tuple[str, str]:
    """Say what sent the gems in the air (a crash, a counter-crash's rest, floating gems, a
    2nd-edition overflow): the word key and its English text, slots filled."""
    how = pending["how"]
    target = "you" if pending["target"] == you else pending["target"]
    text = SENT[how].format(sender=pending["sender"], ones=pending["ones"], target=target)
    return "ps_sent_" + how + ("_you" if pending["target"] == you else ""), text


def incoming_step(table: TableView, pending: PendingView, you: str) -> NextStep:
    """Answer gems sent at you (target first), or wait for those who decide."""
    sender, ones, target = pending["sender"], pending["ones"], pending["target"]
    counter = you in table["can_counter"]
    key, words = sent_words(pending, you)
    slots: dict[str, str | int] = {"sender": sender, "ones": ones, "target": target}
    if not counter and you not in table["can_land"]:
        deciders = names(table["can_land"] or table["can_counter"])
        if target == you:
            text = "{deciders} may still react"
            return step(False, "ps_wait_others", text, deciders=deciders)
        text = "{sent}: waiting for {deciders}"
        waiting = step(False, "ps_wait_decide", text, deciders=deciders, sent=words, **slots)
        return with_terms(waiting, sent=key)
    actions = ("counter", "land") if counter else ("land",)
    if table["react_later"]:  # the others may still react: or say nobody does
        actions = (*actions, "nobody_reacts")
    how = "counter-crash or let them land" if counter else "let them land"
    say = "ps_counter_or_land" if counter else "ps_let_land"
    return with_terms(step(True, say, "{sent}: " + how, *actions, sent=words, **slots), sent=key)


COUNTER_HINT = (
    "Counter-crash: play {chips} from your hand, breaking the gems you select in your pile: "
    "each of your 1-gems cancels one of theirs, the rest goes to whoever crashed fewer."
)
"""What counter-crash means (seed 000, "Counter-Crashing"), and how the bar does it."""


def with_counter_hint(next_step: NextStep, chips: list[ChipName]) -> NextStep:
    """Add what counter-crash means, and the chips that can do it, to a step offering it."""
    if "counter" not in next_step["actions"] or not chips:
        return next_step
    *others, last = [c["name"] for c in chips]
    english = f"{', '.join(others)} or {last}" if others else last
    japanese = "・".join(c["name_ja"] or c["name"] for c in chips)
    args: dict[str, str | int] = {"chips": english, "chips_ja": japanese}
    return {**next_step, "hint": {"say": "ps_counter_hint", "text": COUNTER_HINT, "args": args}}


def with_terms(next_step: NextStep, **terms: str) -> NextStep:
    """Mark slots whose words the phone says in its own language (their own slots filled)."""
    return {**next_step, "terms": terms}


def turn_step(room: RoomView, table: TableView, pile: PileView) -> NextStep:
    """Ante first, then play and end the turn (a second tap at 10 or more)."""
    gem = room["panic"]["ante"]
    end = "end_turn_at_ten" if pile["total"] >= LOSING_TOTAL else "end_turn"
    if not table["anted"]:  # ending without the ante is confirmed as such (rules: without_ante)
        text = "Your turn: ante a {gem}-gem"
        return step(True, "ps_ante_first", text, "ante", "end_turn_without_ante", gem=gem)
    text = "Your turn: play your chips, then end the turn"
    return step(True, "ps_play_then_end", text, end)
