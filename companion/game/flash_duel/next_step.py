"""The next step of each phone at a Flash Duel table: 'Your turn' and 'You are attacked' on
the right phone only; the others say what they wait for."""

from __future__ import annotations

from companion.game.flash_duel.choosing import Choosing, picking_side
from companion.game.flash_duel.lines import SIDE_TERMS
from companion.game.flash_duel.naming import side_name
from companion.game.flash_duel.state import Pending, State, StrikeKind
from companion.game.next_step import NextStep, names, step


def next_step(state: State, viewer: str | None) -> NextStep | None:
    """Say what the viewer must do now, or what they wait for (None: a spectator)."""
    if viewer is None:
        return None
    if state.choosing is not None:
        return choosing_step(state, state.choosing, viewer)
    if state.game is not None:
        return game_step(state, state.game.winner)
    if state.round_over:
        return between_step(state, viewer)
    if state.pending is not None:
        return answer_step(state, state.pending, viewer)
    if state.reshuffle_due:
        return reshuffle_step(state, viewer)
    if state.deck == 0 and viewer in dict(state.shown):  # shown on this phone: wait
        waiting = [f.name for f in state.standing() if f.name not in dict(state.shown)]
        text = "Time over: your hand is in; waiting for {who}"
        return step(False, "fd_hand_shown", text, who=names(waiting))
    if state.deck == 0:  # the last card is drawn: the hands are shown
        text = "Time over: the draw pile is empty; show the hands"
        return step(True, "fd_time_over", text, "time_over")
    turn = state.current
    if is_bot(state, turn):
        return step(True, "fd_bot_turn", "The bot's turn: enter its play", "bot")
    if turn == viewer and turn in state.defeated:  # defeated on their own turn
        text = "You are defeated: end the turn so play goes on"
        return step(True, "fd_defeated_turn", text, "end_turn")
    if turn == viewer and turn in state.recovering:  # a retreat costs the next turn
        text = "You are recovering from a retreat: end the turn"
        return step(True, "fd_recovering", text, "end_turn")
    if turn == viewer:
        text = "Your turn: one action, then end the turn"
        return step(True, "fd_your_turn", text, "end_turn")
    return step(False, "fd_wait_turn", "Waiting for {turn}'s turn", turn=turn)


def is_bot(state: State, name: str) -> bool:
    """Return True for the solo bot's pawn (its moves are typed on the player's phone)."""
    return state.setup.bot is not None and name == state.setup.bot_pawn


def between_step(state: State, viewer: str) -> NextStep:
    """Between rounds: choose who plays first, swap an ability, or wait for who does."""
    if state.swapper is not None:
        if state.swapper == viewer:
            text = "You lost the round: swap an ability or keep yours"
            return step(True, "fd_swap_step", text, "between")
        return step(False, "fd_wait_swap", "Waiting for {who} to swap", who=state.swapper)
    if state.chooser is not None:
        if state.chooser == viewer:
            return step(True, "fd_choose_first", "Choose who plays first", "between")
        return step(False, "fd_wait_first", "Waiting for {who} to choose", who=state.chooser)
    return step(False, "fd_round_over", "Round over")


def answer_step(state: State, p: Pending, viewer: str) -> NextStep:
    """A strike waits for its answer: the attacked player's phone is asked to answer it."""
    if any(is_bot(state, who) for who in p.targets):
        text = "{attacker} attacks the bot: enter its answer"
        return step(True, "fd_bot_answers", text, "answer", attacker=p.attacker)
    if viewer in p.targets:
        if p.kind is StrikeKind.DASH:
            text = "You are attacked by {attacker}: block, retreat or take the hit"
            return step(True, "fd_attacked_dash", text, "answer", "hit", attacker=p.attacker)
        text = "You are attacked by {attacker}: block or take the hit"
        return step(True, "fd_attacked", text, "answer", "hit", attacker=p.attacker)
    if may_dashing_block(state, p, viewer):
        text = "{attacker} attacks {targets}: you may dashing block"
        return step(True, "fd_may_dashing_block", text, "dashing_block", attacker=p.attacker,
                    targets=names(p.targets))  # fmt: skip
    text = "Waiting for {targets} to answer {attacker}"
    return step(False, "fd_wait_answer", text, targets=names(p.targets), attacker=p.attacker)


def may_dashing_block(state: State, p: Pending, viewer: str) -> bool:
    """Return True when the viewer may dashing block for an attacked teammate (seed 002,
    Team Battle and Raid): same side, standing, not recovering, behind the teammate."""
    if viewer not in {f.name for f in state.standing()} or viewer in state.recovering:
        return False
    me = state.fighter(viewer)
    ahead = me.forward(state.fd.board.spaces)
    return any(
        state.side_of(who) == state.side_of(viewer)
        and (state.fighter(who).position - me.position) * ahead > 0
        for who in p.targets
    )


def reshuffle_step(state: State, viewer: str) -> NextStep:
    """A Raid's pile ran out the first time: the Dragon's phone records the reshuffle (seed
    002: the discards and his hand make the new pile, he draws as many again), then the
    refills still owed are drawn; the other phones wait for it."""
    dragon = str(state.setup.dragon)
    owed = ", ".join(f"{who} {count}" for who, count in state.owed)
    if viewer != dragon:
        text = "The draw pile ran out: waiting for {dragon} to reshuffle"
        return step(False, "fd_wait_reshuffle", text, dragon=dragon)
    if owed:
        text = (
            "The draw pile ran out: shuffle the discard pile and your hand into a new pile, "
            "draw your hand again; then these refills are drawn: {owed}"
        )
        return step(True, "fd_reshuffle_owed", text, "reshuffle", owed=owed)
    text = (
        "The draw pile ran out: shuffle the discard pile and your hand into a new pile, "
        "then draw your hand again"
    )
    return step(True, "fd_reshuffle", text, "reshuffle")


def choosing_step(state: State, choosing: Choosing, viewer: str) -> NextStep:
    """Before the first round: choose a character (in secret, or 2 vs 2 in pick order)."""
    waiting = choosing.waiting_for(state.setup)
    who = names(waiting)
    if not choosing.blind:
        side = picking_side(state, choosing)
        pickers = [m for m in state.members(str(side)) if m in waiting]
        if viewer in pickers:
            text = "Your team picks now: choose your character (everyone sees it)"
            return step(True, "fd_pick_character", text, "choose")
        return step(False, "fd_wait_pick", "Waiting for {who} to pick", who=names(pickers))
    if viewer in waiting:
        text = "Choose your character in secret: all are shown when the last one has chosen"
        return step(True, "fd_choose_character", text, "choose")
    return step(False, "fd_wait_choose", "Waiting for {who} to choose in secret", who=who)


def game_step(state: State, side: str | None) -> NextStep:
    """Say the game's end: a draw, or the winning side (the mortals and the Dragon as game
    terms, so a Japanese phone says them in Japanese)."""
    if side is None:  # seed 002 l.307: "the game is a draw"
        return step(False, "fd_game_drawn", "The game is a draw")
    dragon = {"dragon": state.members("dragon")[0]} if side == "dragon" else {}
    said = step(False, "fd_game_to", "Game to {winner}", winner=side_name(state, side), **dragon)
    return {**said, "terms": {"winner": SIDE_TERMS[side]}} if side in SIDE_TERMS else said
