"""What a phone shows of a Flash Duel table, and the history's sentences (the rules never render).

A loyalty card is shown to its holder only, until it is revealed. Sides are named by their
players ("Ana", "Ana & Cat", "Drake (Dragon)") so results read "round to Ana".
"""

from __future__ import annotations

from companion.game import status as st
from companion.game.flash_duel import actions as act
from companion.game.flash_duel import bots, choosing, lines, rounds
from companion.game.flash_duel.actions import JsonOut
from companion.game.flash_duel.naming import side_name
from companion.game.flash_duel.next_step import next_step
from companion.game.flash_duel.state import KIND, Event, State
from companion.game.history import Line, entry, told
from companion.game.padding import pad_for
from companion.game.whose import Whose, whose
from printkit.catalog import Catalog


def say_event(state: State, event: Event) -> str:
    """Put one happening into words (English; '' for one the history does not say)."""
    line = lines.event_line(state, event)
    return told(line) if line else ""


def round_sentence(state: State) -> str:
    """Say how the last round (or the game) ended (English; '' before any)."""
    line = lines.round_line(state)
    return told(line) if line else ""


def news(state: State) -> str:
    """Say everything the last action did (English)."""
    line = lines.news_line(state)
    return told(line) if line else ""


def say_bot(state: State) -> str:
    """Say what the bot did last, and what the Dragon bot discards (English)."""
    line = lines.bot_line(state)
    return told(line) if line else ""


def bot_said(state: State) -> Line | None:
    """Return the bot's last line as the phone shows it (in its language), or None."""
    line = lines.bot_line(state)
    return entry(line) if line else None


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
        "outcome_said": said_entry(lines.news_line(state)),
    }


def said_entry(line: Line | None) -> Line | None:
    """Return a line as the phones read it (filled, in word keys), or None."""
    return entry(line) if line else None


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


def hands_shown(state: State, viewer: str | None) -> JsonOut:
    """Time-over hands entered on their own phones: whose are in, and the viewer's own
    cards (another's stay hidden until every hand is in)."""
    entered = dict(state.shown)
    return {
        "entered": [f.name for f in state.standing() if f.name in entered],
        "mine": list(entered[viewer]) if viewer in entered else None,
    }


def view(state: State, viewer: str | None, catalog: Catalog) -> JsonOut:
    """Describe the table for one viewer: a loyalty card is shown to its holder only, and
    ``pad`` makes the answer as long whatever the viewer's card or secret pick."""
    fd = state.fd
    loyalty, revealed = loyalty_view(state, viewer)
    picking = choosing.visible(state, viewer)
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
        "hands_shown": hands_shown(state, viewer),
        "last_bot": say_bot(state),
        "last_bot_said": bot_said(state),
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
        "choosing": picking,
        "next_step": next_step(state, viewer),
        "pad": pad_for(loyalty, picking and picking["mine"]),
        "whose": controls_whose(state),
        "status": status_line(state, viewer),
    }


def controls_whose(state: State) -> Whose:
    """Return whose decision each control is, from the room's ``deciders``: the turn's moves
    and End turn, each fighter's abilities, answers and pawn, the pile's corrections, and
    who names the next round's first player."""
    from companion.game.flash_duel.room import deciders  # the room imports this module

    samples: dict[str, act.Action] = {
        "turn": act.Move(state.current, 1),
        "end_turn": act.EndTurn(state.turn_no),
        "draw": act.Draw(1),
    }
    for f in state.fighters:
        samples[f"use:{f.name}"] = act.UseAbility(f.name, "")
        samples[f"answer:{f.name}"] = act.Block(f.name, (1,))
        samples[f"place:{f.name}"] = act.Place(f.name, 1)
    found = whose(deciders, state, samples)
    first = rounds.first_choosers(state)
    found["first_player"] = None if first is None else list(first)
    return found


def status_line(state: State, viewer: str | None) -> st.Status | None:
    """Say each side's positions, round wins and hit points (the viewer's first) and the
    cards left in the pile; None while characters are chosen."""
    if state.choosing is not None:
        return None
    tough = state.mode.tough_one(state)
    sides = []
    for side, members in state.sides:
        facts = [fighter_fact(state, name, len(members) > 1) for name in members]
        if state.match.round_wins > 1:
            won = state.match.wins(side)
            facts.append(st.say("st_rounds", won=won, of=state.match.round_wins))
        if tough in members and tough not in state.defeated:
            facts.append(st.count("st_hit_point", "st_hit_points", state.hit_points))
        turn = state.current in members
        sides.append(st.side(" & ".join(members), members, viewer, turn, *facts))
    return st.status(sides, [st.say("st_deck", n=state.deck)])


def fighter_fact(state: State, name: str, named: bool) -> st.Said:
    """Say where one pawn stands (by name on a side of several), or that it is out."""
    if name in state.defeated:
        return st.say("st_at", who=name, space="—") if named else st.say("st_out")
    space = state.fighter(name).position
    return st.say("st_at", who=name, space=space) if named else st.say("st_space", space=space)


SAID_BY_OUTCOME = (
    act.Accuse,
    act.Reveal,
    act.Hit,
    act.TimeOver,
    act.ShowHand,
    act.FirstPlayer,
    act.DragonReveal,
    act.SwapAbility,
    act.SwitchOrder,
)


def say(action: act.Action, names: dict[str, str] | None = None) -> str:
    """Put one action into words (English)."""
    return told(lines.action_line(action, names or {}))


def describe(action: act.Action, actor: str, after: State) -> Line:
    """Say an action in one history line, e.g. "Ana attacks Ben with 3 3"."""
    told_ = lines.news_line(after)
    if isinstance(action, act.ShowHand) and after.shown:
        return lines.SAY("fdh_hand_in", who=actor, n=len(after.shown),
                         total=len(after.standing()))  # fmt: skip
    if isinstance(action, SAID_BY_OUTCOME):
        return lines.by(actor, told_ or lines.SAY("fdh_other", what=""))
    said = lines.action_line(action, lines.ability_names(after.fd))
    targets = lines.strike_targets(action, after)
    if targets:
        said = {**said, "args": {**said["args"], "target": targets}}
    line = lines.by(actor, said)
    if isinstance(action, act.BotTurn | act.BotDefend):
        bot = lines.bot_line(after)
        line = line if bot is None else lines.SAY.around("fdh_with", {"line": line, "told": bot})
        effect = lines.ruled_out_line(after) if isinstance(action, act.BotTurn) else None
        return lines.with_effect(lines.with_effect(line, effect), told_)
    if isinstance(action, act.Choose):
        return lines.by(actor, lines.choose_line(action, actor, after))
    if isinstance(action, act.Draw | act.Reshuffle):
        return lines.by(actor, lines.draw_line(action, after))
    if isinstance(action, act.EndTurn):
        return lines.with_effect(line, told_)
    shown = act.Block | act.DashingBlock | act.AbilityHit
    if told_ is not None and isinstance(action, shown):
        line = lines.SAY.around("fdh_with", {"line": line, "told": told_})
    effect = lines.ruled_out_line(after) if isinstance(action, act.Attack | act.Dash) else None
    return lines.with_effect(line, effect)
