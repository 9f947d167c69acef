"""What a phone shows of a Flash Duel table, and the history's sentences (the rules never render).

A loyalty card is shown to its holder only, until it is revealed. Sides are named by their
players ("Ana", "Ana & Cat", "Drake (Dragon)") so results read "round to Ana".
"""

from __future__ import annotations

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import bots, choosing
from companion.game.flash_duel.actions import JsonOut
from companion.game.flash_duel.naming import side_name
from companion.game.flash_duel.next_step import next_step
from companion.game.flash_duel.state import KIND, Event, Happening, State
from printkit.catalog import Catalog, FlashDuelSet


def ability_names(fd: FlashDuelSet) -> dict[str, str]:
    """Return each character ability's key and name."""
    return {f"{c.id}/{a.id}": a.name or a.id for c, a in fd.abilities()}


def say_event(state: State, event: Event) -> str:
    """Put one happening into words."""
    who = event.who
    first = who[0] if who else ""
    names = ability_names(state.fd)
    words = {
        Happening.BLOCKED: f"{first} blocked",
        Happening.RETREATED: f"{first} retreated {event.number}",
        Happening.HIT: f"{first} was hit",
        Happening.LOST_HIT_POINT: f"{first} was hit: {event.number} hit points left",
        Happening.EXTRA_TURN: f"{first} takes an extra turn",
        Happening.RESHUFFLED: f"the deck ran out: reshuffled once ({event.number} cards)",
        Happening.TIME_RAN_OUT: "the last card is drawn: time-over, show the hands",
        Happening.TRAITOR_REVEALED: f"{first} is the traitor",
        Happening.DRAGON_REVEALED: "the Dragon held the traitor card: one more hit point",
        Happening.FIRST_PLAYER: f"{first} goes first",
        Happening.RECOVERED: f"{first} recovers",
        Happening.SWITCHED: f"{' and '.join(who)} switch places in the turn order",
        Happening.ROUND_ENDED: round_sentence(state),
    }
    if event.what is Happening.TURN_ENDED:
        return ""
    if event.what is Happening.DREW:
        return drew_sentence(first, event.number, event.left)
    if event.what is Happening.DECK_RAN_OUT:
        return f"the draw pile ran out: {first} reshuffles the discards and his hand"
    if event.what is Happening.TIME_OVER_LOSS:
        return f"time-over: {side_name(state, who[0])} lose at once ({names.get(who[1], who[1])})"
    if event.what is Happening.ACCUSED:
        return f"{who[0]} accused {who[1]}: {who[2]} is defeated"
    if event.what is Happening.NAMED_HAND:
        return f"{who[0]} named {who[1]}'s hand: {who[1]} is defeated"
    if event.what is Happening.SWAPPED:
        return f"{who[0]} swapped {names.get(who[1], who[1])} for {names.get(who[2], who[2])}"
    return str(words.get(event.what, event.what.value))


def drew_sentence(who: str, count: int | None, left: int | None) -> str:
    """Say a draw from the pile: "Ana draws 3 (12 left)"."""
    return f"{who + ' draws' if who else 'drew'} {count} ({left} left)"


def round_sentence(state: State) -> str:
    """Say how the last round (or the game) ended."""
    outcome = state.last_round
    if outcome is None:
        return ""
    how = " at time-over" if outcome.termination.value == "time-over" else ""
    if state.mode.one_game:
        name = side_name(state, outcome.winner)
        verb = "win" if outcome.winner == "mortals" else "wins"
        return f"{name} {verb}{how}" if outcome.winner else f"the game is a draw{how}"
    said = (
        f"round to {side_name(state, outcome.winner)}{how}"
        if outcome.winner
        else f"the round is a draw{how}"
    )
    if state.game is not None and not state.mode.one_game:
        said += f"; {side_name(state, state.game.winner)} wins the game"
    return said


def news(state: State) -> str:
    """Say everything the last action did."""
    return "; ".join(filter(None, (say_event(state, e) for e in state.news)))


def say_bot(state: State) -> str:
    """Say what the bot did last (and what the Dragon bot discards)."""
    said = state.bot_said
    text = ""
    if isinstance(said, bots.BotMove):
        cards = " ".join(str(c) for c in said.cards)
        text = f"bot: {said.action} {cards}".strip()
        if said.action == "dashing-strike":
            text = f"bot: dash {said.dash} then strike {cards}"
    elif isinstance(said, bots.BotDefence):
        text = f"bot: {said.answer} {' '.join(str(c) for c in said.cards)}".strip()
    if state.bot_discards is not None:
        text += f"; the Dragon discards every {state.bot_discards}"
    return text


def bot_used(state: State) -> list[int]:
    """Return the cards the bot's last move or answer used (they leave its face-up hand)."""
    said = state.bot_said
    if said is None:
        return []
    dash = [said.dash] if isinstance(said, bots.BotMove) and said.dash is not None else []
    return dash + list(said.cards)


def abilities_view(state: State) -> dict[str, list[dict[str, object]]]:
    """Describe each player's abilities, face up or used."""
    found = {f"{c.id}/{a.id}": a for c, a in state.fd.abilities()}
    out: dict[str, list[dict[str, object]]] = {}
    for player, owned in state.abilities.owned:
        free = state.abilities.available(player)
        out[player] = [
            {
                "key": key,
                "name": found[key].name if key in found else key,
                "trigger": found[key].trigger if key in found else "",
                "effect": found[key].effect if key in found else "",
                "used": key not in free,
                "applies": found[key].applies if key in found else None,
            }
            for key in owned
        ]
    return out


def loyalty_view(state: State, viewer: str | None) -> tuple[str | None, dict[str, str]]:
    """Return the viewer's own loyalty card and every revealed one."""
    cards = state.betrayal
    if cards is None:
        return None, {}
    own = cards.visible_card(viewer, viewer) if viewer in dict(cards.cards) else None
    return own, {p: cards.card_of(p) for p in cards.revealed}


def dragon_setup(state: State) -> dict[str, int] | None:
    """Return the Raid row the Dragon sets up from (hand size, ability cards, hit points)."""
    row = state.mode.dragon_row(state.setup, state.fd)
    if row is None:
        return None
    return {
        "hand_size": row.dragon_hand_size,
        "abilities": row.dragon_abilities,
        "hit_points": row.dragon_hit_points,
    }


def fighters_view(state: State) -> list[dict[str, object]]:
    """Describe every pawn."""
    return [
        {
            "name": f.name,
            "position": f.position,
            "side": state.side_of(f.name),
            "defeated": f.name in state.defeated,
            "recovering": f.name in state.recovering,
        }
        for f in state.fighters
    ]


def pending_view(state: State) -> dict[str, object] | None:
    """Describe the strike waiting for answers."""
    p = state.pending
    if p is None:
        return None
    return {
        "attacker": p.attacker,
        "targets": list(p.targets),
        "kind": p.kind.value,
        "cards": list(p.cards),
        "blocks": {t: list(c) for t, c in p.blocks},
        **({"cannot": list(p.cannot), "ability": p.ability} if p.cannot else {}),
    }


def solo_view(state: State) -> dict[str, object] | None:
    """Describe the solo choices for the next game (characters and bots)."""
    if state.setup.bot is None:
        return None
    return {
        "characters": [{"id": c.id, "name": c.name} for c in state.fd.characters],
        "bots": [{"id": b.id, "name": b.name} for b in state.fd.bots],
        "character": dict(state.setup.characters).get(state.setup.players[0]),
    }


def outcome_view(state: State) -> dict[str, object]:
    """Describe the round and game results: side ids, and names to show."""
    game = state.game
    return {
        "round_over": state.round_over,
        "round_winner": None if state.last_round is None else state.last_round.winner,
        "chooser": state.chooser,
        "game_winner": None if game is None else (game.winner or "draw"),
        "winner_name": None if game is None else side_name(state, game.winner),
        "side_names": {side: side_name(state, side) for side, _ in state.sides},
        "swap": None
        if state.swapper is None
        else {
            "player": state.swapper,
            "unused": list(state.unused),
        },
        "unused_abilities": unused_view(state),
        "outcome": news(state),
    }


def unused_view(state: State) -> list[dict[str, str]]:
    """Describe the Custom Clockwork pool's unused abilities (name and effect)."""
    found = {f"{c.id}/{a.id}": a for c, a in state.fd.abilities()}
    return [
        {
            "key": key,
            "name": found[key].name or key if key in found else key,
            "effect": found[key].effect or "" if key in found else "",
        }
        for key in state.unused
    ]


def view(state: State, viewer: str | None, catalog: Catalog) -> JsonOut:
    """Describe the table for one viewer: a loyalty card is shown to its holder only."""
    fd = state.fd
    loyalty, revealed = loyalty_view(state, viewer)
    return {
        "kind": KIND,
        "mode": state.mode.id,
        "mode_name": next((m.name for m in fd.modes if m.id == state.mode.id), state.mode.id),
        "you": viewer,
        "spaces": fd.board.spaces,
        "dark_spaces": list(fd.board.dark_spaces),
        "start_spaces": list(fd.board.start_spaces),
        "card_values": list(fd.numbered_cards.values),
        "sides": {s: list(m) for s, m in state.sides},
        "fighters": fighters_view(state),
        "turn": state.current,
        "order": list(state.order),
        "switches_order": state.mode.switches_order,
        "turn_no": state.turn_no,
        "deck": state.deck,
        "reshuffles": state.reshuffles,
        "reshuffle_due": state.reshuffle_due,
        "table_draws": state.setup.rules >= 2,
        "pending": pending_view(state),
        "score": {s: state.match.wins(s) for s in state.match.sides},
        "round_wins": state.match.round_wins,
        **outcome_view(state),
        "hit_points": state.hit_points,
        "extra_turns": state.extra_turns,
        "abilities": abilities_view(state),
        "loyalty": loyalty,
        "revealed": revealed,
        "last_bot": say_bot(state),
        "bot_used": bot_used(state),
        "achievements": [
            {"name": a.name, "points": a.points} for a in bots.earned(fd, list(state.results))
        ],
        "points": bots.points(fd, list(state.results)),
        "dragon": state.setup.dragon,
        "bot": state.setup.bot,
        "bot_pawn": state.setup.bot_pawn if state.setup.bot else None,
        "bot_name": next((b.name for b in fd.bots if b.id == state.setup.bot), None),
        "solo_choices": solo_view(state),
        "characters": {
            p: next((c.name for c in fd.characters if c.id == cid), cid)
            for p, cid in state.setup.characters
            if p != state.setup.dragon
        },
        "dragon_setup": dragon_setup(state),
        "choosing": choosing.visible(state, viewer),
        "next_step": next_step(state, viewer),
    }


SAID_BY_OUTCOME = (
    act.Accuse,
    act.Reveal,
    act.Hit,
    act.TimeOver,
    act.FirstPlayer,
    act.DragonReveal,
    act.SwapAbility,
    act.SwitchOrder,
)


def cards_text(cards: tuple[int, ...]) -> str:
    """Write cards as '3 3'."""
    return " ".join(str(c) for c in cards)


def say(action: act.Action) -> str:
    """Put one action into words."""
    match action:
        case act.Move(player, card, backward):
            return f"{player} moves {'back ' if backward else ''}{card}"
        case act.Push(player, target, card):
            return f"{player} pushes {target} back {card}"
        case act.Attack(player, target, cards):
            return f"{player} attacks {target} with {cards_text(cards)}"
        case act.Dash(player, target, dash, cards):
            return f"{player} dashes {dash} and strikes {target} with {cards_text(cards)}"
        case act.Block(player, cards):
            return f"{player} blocks with {cards_text(cards)}"
        case act.DashingBlock(player, dash, cards, _):
            return f"{player} dashes {dash} and blocks with {cards_text(cards)}"
        case act.Retreat(player, card):
            return f"{player} retreats {card}"
        case act.Discard(player, count):
            return f"{player} discards {count} (drawn back at the refill)"
        case act.Draw(count, player):
            if count < 0:
                return f"put {-count} back on the draw pile"
            return f"{player} draws {count}" if player else f"drew {count}"
        case act.UseAbility(player, ability):
            return f"{player} uses {ability.rsplit('/')[-1].replace('-', ' ')}"
        case act.AbilityHit(player, ability, _):
            return f"{player} uses {ability.rsplit('/')[-1].replace('-', ' ')}"
        case act.Place(player, space):
            return f"{player} placed on space {space}"
        case act.EndTurn():
            return "end of turn"
        case act.NewGame():
            return "new game"
        case act.BotTurn():
            return "the bot plays"
        case act.BotDefend():
            return "the bot defends"
    return type(action).__name__.lower()


def by(actor: str, sentence: str) -> str:
    """Put who recorded an action before its sentence, unless the sentence starts with them
    ("Ana attacks Ben with 3", not "Ana: Ana attacks Ben with 3"; "Ben: Ana moves 2" when
    Ben's phone recorded Ana's move)."""
    return sentence if sentence.startswith(f"{actor} ") else f"{actor}: {sentence}"


def describe(action: act.Action, actor: str, after: State) -> str:
    """Say an action in one history line, e.g. "Ana attacks Ben with 3 3"."""
    if isinstance(action, SAID_BY_OUTCOME):
        return by(actor, news(after))
    text = by(actor, say(action))
    told = news(after)
    if isinstance(action, act.BotTurn | act.BotDefend):
        bot = say_bot(after)
        text = f"{text} ({bot})" if bot else text
        effect = ruled_out(after) if isinstance(action, act.BotTurn) else ""
        text = f"{text}; {effect}" if effect else text
        return f"{text}; {told}" if told else text
    if isinstance(action, act.Choose):
        return by(actor, choose_line(action, actor, after))
    if isinstance(action, act.Draw | act.Reshuffle):
        return by(actor, draw_line(action, after))
    if isinstance(action, act.EndTurn):
        return f"{text}; {told}" if told else text
    shown = act.Block | act.DashingBlock | act.AbilityHit
    text = f"{text} ({told})" if told and isinstance(action, shown) else text
    effect = ruled_out(after) if isinstance(action, act.Attack | act.Dash | act.BotTurn) else ""
    return f"{text}; {effect}" if effect else text


def draw_line(action: act.Draw | act.Reshuffle, after: State) -> str:
    """Say a correction of the pile or the Raid's reshuffle, with what is left."""
    if isinstance(action, act.Reshuffle):
        return news(after) or "reshuffled"
    others = "; ".join(say_event(after, e) for e in after.news if e.what is not Happening.DREW)
    line = f"{say(action)} ({after.deck} left)"
    return f"{line}; {others}" if others else line


def choose_line(action: act.Choose, actor: str, after: State) -> str:
    """Say a character choice; a secret one only as made, until the reveal names them all."""
    player = action.player or actor
    names = {c.id: c.name for c in after.fd.characters}
    if after.setup.mode == "team-battle":
        return f"{player} picks {names.get(action.character, action.character)}"
    if after.choosing is not None:
        return f"{player} has chosen a character in secret"
    chosen = after.setup.characters
    shown = ", ".join(f"{p} {names.get(c, c)}" for p, c in chosen if p != after.setup.dragon)
    return f"{player} has chosen: the characters are revealed ({shown})"


def ruled_out(after: State) -> str:
    """Say what the attacker's ability rules out for the strike waiting for answers."""
    p = after.pending
    if p is None or not p.cannot or p.ability is None:
        return ""
    found = {f"{c.id}/{a.id}": a for c, a in after.fd.abilities()}
    card = found.get(p.ability)
    name = card.name if card and card.name else p.ability
    return f"{name}: it cannot be {' or '.join(a + 'ed' for a in p.cannot)}"
