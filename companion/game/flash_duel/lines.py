"""The history line of each Flash Duel action, and the bot's line, in word keys (Japanese in
history.js). Abilities are named by the catalog, never by their ids.

The view (``view.py``) keeps its English sentences for the page and tests: each is the
English of one of these lines.
"""

from __future__ import annotations

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import bots
from companion.game.flash_duel.naming import side_name
from companion.game.flash_duel.state import Event, Happening, State
from companion.game.history import Line, Phrases, recorded_by, with_terms
from printkit.catalog import FlashDuelSet

SAY = Phrases(
    {
        "fdh_by": "{who}: {line}",
        "fdh_and": "{a}; {b}",
        "fdh_with": "{line} ({told})",
        "fdh_move": "{who} moves {card}",
        "fdh_move_back": "{who} moves back {card}",
        "fdh_push": "{who} pushes {target} back {card}",
        "fdh_attack": "{who} attacks {target} with {cards}",
        "fdh_dash": "{who} dashes {dash} and strikes {target} with {cards}",
        "fdh_block": "{who} blocks with {cards}",
        "fdh_dashing_block": "{who} dashes {dash} and blocks with {cards}",
        "fdh_retreat": "{who} retreats {card}",
        "fdh_draw": "drew {count}",
        "fdh_draws": "{who} draws {count}",
        "fdh_put_back": "put {count} back on the draw pile",
        "fdh_discard": "{who} discards {count} (drawn back at the refill)",
        "fdh_drew_left": "drew {count} ({left} left)",
        "fdh_draws_left": "{who} draws {count} ({left} left)",
        "fdh_left": "{line} ({left} left)",
        "fdh_deck_ran_out": "the draw pile ran out: {who} reshuffles the discards and his hand",
        "fdh_reshuffled_plain": "reshuffled",
        "fdh_picks": "{who} picks {character}",
        "fdh_chose_secret": "{who} has chosen a character in secret",
        "fdh_chose_revealed": "{who} has chosen: the characters are revealed ({shown})",
        "fdh_use": "{who} uses {ability}",
        "fdh_place": "{who} placed on space {space}",
        "fdh_end_turn": "end of turn",
        "fdh_new_game": "new game",
        "fdh_bot_turn": "the bot plays",
        "fdh_bot_defend": "the bot defends",
        "fdh_other": "{what}",
        "fdh_blocked": "{who} blocked",
        "fdh_retreated": "{who} retreated {n}",
        "fdh_hit": "{who} was hit",
        "fdh_lost_hp": "{who} was hit: {n} hit points left",
        "fdh_lost_hp1": "{who} was hit: 1 hit point left",
        "fdh_extra_turn": "{who} takes an extra turn",
        "fdh_reshuffled": "the deck ran out: reshuffled once ({n} cards)",
        "fdh_time_ran_out": "the last card is drawn: time-over, show the hands",
        "fdh_hand_in": "{who}'s hand is in, hidden until every hand is ({n} of {total})",
        "fdh_shows": "{who} shows {cards}",
        "fdh_shows_none": "{who} shows no cards",
        "fdh_traitor": "{who} is the traitor",
        "fdh_dragon_revealed": "the Dragon held the traitor card: one more hit point",
        "fdh_first": "{who} goes first",
        "fdh_recovered": "{who} recovers",
        "fdh_switched": "{who} switch places in the turn order",
        "fdh_time_over_loss": "time-over: {side} lose at once ({ability})",
        "fdh_accused": "{who} accused {other}: {defeated} is defeated",
        "fdh_named_hand": "{who} named {other}'s hand: {other} is defeated",
        "fdh_swapped": "{who} swapped {out} for {into}",
        "fdh_wins": "{side} wins",
        "fdh_wins_time": "{side} wins at time-over",
        "fdh_win": "{side} win",
        "fdh_win_time": "{side} win at time-over",
        "fdh_game_draw": "the game is a draw",
        "fdh_game_draw_time": "the game is a draw at time-over",
        "fdh_round_to": "round to {side}",
        "fdh_round_to_time": "round to {side} at time-over",
        "fdh_round_draw": "the round is a draw",
        "fdh_round_draw_time": "the round is a draw at time-over",
        "fdh_wins_game": "{side} wins the game",
        "fdh_win_game": "{side} win the game",
        "fdh_bot": "bot: {what} {cards}",
        "fdh_bot_alone": "bot: {what}",
        "fdh_bot_dash": "bot: dash {dash} then strike {cards}",
        "fdh_dragon_discards": "the Dragon discards every {card}",
        "fdh_cannot_block": "{ability}: it cannot be blocked",
        "fdh_cannot_retreat": "{ability}: it cannot be retreated",
        "fdh_cannot_block_or_retreat": "{ability}: it cannot be blocked or retreated",
    }
)
"""Every Flash Duel history line: word key -> English text."""

BOT_WORDS = ("attack", "push", "move", "block", "retreat", "hit")
"""What the bot does, each a word key 'fd_bot_<word>' the phone shows in its language."""

EVENTS = {
    Happening.BLOCKED: "fdh_blocked",
    Happening.RETREATED: "fdh_retreated",
    Happening.HIT: "fdh_hit",
    Happening.LOST_HIT_POINT: "fdh_lost_hp",
    Happening.EXTRA_TURN: "fdh_extra_turn",
    Happening.RESHUFFLED: "fdh_reshuffled",
    Happening.TIME_RAN_OUT: "fdh_time_ran_out",
    Happening.TRAITOR_REVEALED: "fdh_traitor",
    Happening.DRAGON_REVEALED: "fdh_dragon_revealed",
    Happening.FIRST_PLAYER: "fdh_first",
    Happening.RECOVERED: "fdh_recovered",
}


def ability_names(fd: FlashDuelSet) -> dict[str, str]:
    """Return each character ability's key and name."""
    return {f"{c.id}/{a.id}": a.name or a.id for c, a in fd.abilities()}


def chain(lines: list[Line]) -> Line | None:
    """Join lines with '; ' (None for no line)."""
    if not lines:
        return None
    joined = lines[0]
    for line in lines[1:]:
        joined = SAY.around("fdh_and", {"a": joined, "b": line})
    return joined


def event_line(state: State, event: Event) -> Line | None:
    """Put one happening into words (None: a happening the history does not say)."""
    who = event.who
    first = who[0] if who else ""
    names = ability_names(state.fd)
    match event.what:
        case Happening.TURN_ENDED:
            return None
        case Happening.DREW:
            left = event.left if event.left is not None else 0
            if first:
                return SAY("fdh_draws_left", who=first, count=event.number or 0, left=left)
            return SAY("fdh_drew_left", count=event.number or 0, left=left)
        case Happening.DECK_RAN_OUT:
            return SAY("fdh_deck_ran_out", who=first)
        case Happening.ROUND_ENDED:
            return round_line(state) or SAY("fdh_other", what="")
        case Happening.SWITCHED:
            pair = {"a": who[0], "b": who[1]} if len(who) == 2 else {}
            said = SAY("fdh_switched", who=" and ".join(who), **pair)
            return with_terms(said, who="fdh_term_pair") if pair else said
        case Happening.TIME_OVER_LOSS:
            return side_line("fdh_time_over_loss", state, who[0], ability=names.get(who[1], who[1]))
        case Happening.ACCUSED:
            return SAY("fdh_accused", who=who[0], other=who[1], defeated=who[2])
        case Happening.HAND_SHOWN:
            if event.cards:
                return SAY("fdh_shows", who=first, cards=cards_text(event.cards))
            return SAY("fdh_shows_none", who=first)
        case Happening.NAMED_HAND:
            return SAY("fdh_named_hand", who=who[0], other=who[1])
        case Happening.SWAPPED:
            out, into = names.get(who[1], who[1]), names.get(who[2], who[2])
            return SAY("fdh_swapped", who=who[0], out=out, into=into)
    key = EVENTS.get(event.what)
    if key is None:
        return SAY("fdh_other", what=event.what.value)
    if event.what is Happening.LOST_HIT_POINT and event.number == 1:
        key += "1"  # "1 hit point left"
    return SAY(key, who=first, n=event.number or 0)


SIDE_TERMS = {None: "fdh_term_nobody", "mortals": "fdh_term_mortals", "dragon": "fdh_term_dragon"}
"""Sides named by a game term (a Japanese phone says them in Japanese): the Dragon's term
holds the Dragon player's name in its own slot, {dragon}."""


def side_line(say: str, state: State, side: str | None, **args: str | int) -> Line:
    """Say a line whose {side} slot names a side: 'Ana & Cat', 'the mortals', 'Drake (Dragon)'."""
    extra = {"dragon": state.members("dragon")[0]} if side == "dragon" else {}
    said = SAY(say, side=side_name(state, side), **args, **extra)
    return with_terms(said, side=SIDE_TERMS[side]) if side in SIDE_TERMS else said


def plural(state: State, side: str | None) -> bool:
    """Return True for a side of several players ('Ana & Cat win', 'the mortals win')."""
    return side is not None and len(state.members(side)) > 1


def round_line(state: State) -> Line | None:
    """Say how the last round (or the game) ended."""
    outcome = state.last_round
    if outcome is None:
        return None
    time = "_time" if outcome.termination.value == "time-over" else ""
    winner = outcome.winner
    if state.mode.one_game:
        if not winner:
            return SAY("fdh_game_draw" + time)
        return side_line(("fdh_win" if plural(state, winner) else "fdh_wins") + time, state, winner)
    said = side_line("fdh_round_to" + time, state, winner) if winner else None
    said = said or SAY("fdh_round_draw" + time)
    if state.game is not None:
        key = "fdh_win_game" if plural(state, state.game.winner) else "fdh_wins_game"
        won = side_line(key, state, state.game.winner)
        return SAY.around("fdh_and", {"a": said, "b": won})
    return said


def news_line(state: State, leave_out: tuple[Happening, ...] = ()) -> Line | None:
    """Say everything the last action did (but the happenings left out)."""
    said = [event_line(state, e) for e in state.news if e.what not in leave_out]
    return chain([line for line in said if line is not None])


def bot_line(state: State) -> Line | None:
    """Say what the bot did last (and what the Dragon bot discards)."""
    said = state.bot_said
    line: Line | None = None
    if isinstance(said, bots.BotMove | bots.BotDefence):
        what = said.action if isinstance(said, bots.BotMove) else said.answer
        cards = " ".join(str(c) for c in said.cards)
        if isinstance(said, bots.BotMove) and said.action == "dashing-strike":
            line = SAY("fdh_bot_dash", dash=str(said.dash), cards=cards)
        elif cards:
            line = SAY("fdh_bot", what=what, cards=cards)
        else:
            line = SAY("fdh_bot_alone", what=what)
        if what in BOT_WORDS:
            line["terms"] = {"what": "fd_bot_" + what}
    if state.bot_discards is not None:
        discards = SAY("fdh_dragon_discards", card=state.bot_discards)
        line = discards if line is None else SAY.around("fdh_and", {"a": line, "b": discards})
    return line


def cards_text(cards: tuple[int, ...]) -> str:
    """Write cards as '3 3'."""
    return " ".join(str(c) for c in cards)


def strike_targets(action: act.Action, after: State) -> str | None:
    """Name every pawn a strike hits (the Dragon's hits the whole space): 'Ana, Ben and Cid'."""
    pending = after.pending
    if not isinstance(action, act.Attack | act.Dash) or pending is None:
        return None
    if pending.attacker != action.player or len(pending.targets) < 2:
        return None
    *first, last = pending.targets
    return ", ".join(first) + " and " + last


def action_line(action: act.Action, names: dict[str, str]) -> Line:
    """Put one action into words."""
    match action:
        case act.Move(player, card, backward):
            return SAY("fdh_move_back" if backward else "fdh_move", who=player, card=card)
        case act.Push(player, target, card):
            return SAY("fdh_push", who=player, target=target, card=card)
        case act.Attack(player, target, cards):
            return SAY("fdh_attack", who=player, target=target, cards=cards_text(cards))
        case act.Dash(player, target, dash, cards):
            return SAY("fdh_dash", who=player, target=target, dash=dash, cards=cards_text(cards))
        case act.Block(player, cards):
            return SAY("fdh_block", who=player, cards=cards_text(cards))
        case act.DashingBlock(player, dash, cards, _):
            return SAY("fdh_dashing_block", who=player, dash=dash, cards=cards_text(cards))
        case act.Retreat(player, card):
            return SAY("fdh_retreat", who=player, card=card)
        case act.Discard(player, count):
            return SAY("fdh_discard", who=player, count=count)
        case act.Draw(count, player):
            if count < 0:
                return SAY("fdh_put_back", count=-count)
            return (
                SAY("fdh_draws", who=player, count=count)
                if player
                else SAY("fdh_draw", count=count)
            )
        case act.UseAbility(player, ability) | act.AbilityHit(player, ability, _):
            shown = names.get(ability) or ability.rsplit("/")[-1].replace("-", " ")
            return SAY("fdh_use", who=player, ability=shown)
        case act.Place(player, space):
            return SAY("fdh_place", who=player, space=space)
        case act.EndTurn():
            return SAY("fdh_end_turn")
        case act.NewGame():
            return SAY("fdh_new_game")
        case act.BotTurn():
            return SAY("fdh_bot_turn")
        case act.BotDefend():
            return SAY("fdh_bot_defend")
    return SAY("fdh_other", what=type(action).__name__.lower())


def by(actor: str, line: Line) -> Line:
    """Put who recorded an action before its line, unless the line starts with them
    ("Ana attacks Ben with 3", not "Ana: Ana attacks Ben with 3"; "Ben: Ana moves 2" when
    Ben's phone recorded Ana's move): the rooms' shared rule, history.recorded_by."""
    return recorded_by(SAY, "fdh_by", actor, line)


def ruled_out_line(after: State) -> Line | None:
    """Say what the attacker's ability rules out for the strike waiting for answers."""
    p = after.pending
    if p is None or not p.cannot or p.ability is None:
        return None
    name = ability_names(after.fd).get(p.ability, p.ability)
    key = "fdh_cannot_" + "_or_".join(p.cannot)
    if key in SAY.texts:
        return SAY(key, ability=name)
    return SAY("fdh_other", what=f"{name}: it cannot be {' or '.join(a + 'ed' for a in p.cannot)}")


def draw_line(action: act.Draw | act.Reshuffle, after: State) -> Line:
    """Say a correction of the pile or the Raid's reshuffle, with what is left."""
    if isinstance(action, act.Reshuffle):
        return news_line(after) or SAY("fdh_reshuffled_plain")
    line = SAY.around("fdh_left", {"line": action_line(action, {})}, left=after.deck)
    return with_effect(line, news_line(after, leave_out=(Happening.DREW,)))


def choose_line(action: act.Choose, actor: str, after: State) -> Line:
    """Say a character choice; a secret one only as made, until the reveal names them all."""
    player = action.player or actor
    names = {c.id: c.name for c in after.fd.characters}
    if after.setup.mode == "team-battle":
        return SAY("fdh_picks", who=player, character=names.get(action.character, action.character))
    if after.choosing is not None:
        return SAY("fdh_chose_secret", who=player)
    chosen = after.setup.characters
    shown = ", ".join(f"{p} {names.get(c, c)}" for p, c in chosen if p != after.setup.dragon)
    return SAY("fdh_chose_revealed", who=player, shown=shown)


def with_effect(line: Line, effect: Line | None) -> Line:
    """Add '; effect' to a line when there is one."""
    return line if effect is None else SAY.around("fdh_and", {"a": line, "b": effect})
