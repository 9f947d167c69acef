"""Solo against a bot (seed 002): the player makes the bot's moves from its face-up hand.

The bot's turn is one action (``bot_turn``); once it is played the turn passes back to the
player, who first answers the bot's attack if there is one. The Dragon bot takes two hits,
and a hit with a pair or better makes it discard every card of that number.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import ClassVar

from companion.game.flash_duel import actions as act
from companion.game.flash_duel import bots, combat, draws, raid, rounds, track
from companion.game.flash_duel.match import Abilities, use_ability
from companion.game.flash_duel.mode import Hands, Layout, Mode, character_abilities, lay_out
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import (
    DuelRoomError,
    Event,
    Happening,
    Pending,
    Setup,
    State,
    StrikeKind,
    check_cards,
    tell,
    with_fighter,
)
from printkit.catalog import FlashDuelSet


class Solo(Mode):
    """One player (side A) against a bot (side B); the player goes first."""

    id: ClassVar[str] = "solo"
    coin_for_first: ClassVar[bool] = False

    def check(self, setup: Setup, fd: FlashDuelSet) -> None:
        """Refuse an unknown bot."""
        known = [b.id for b in fd.bots]
        if setup.bot not in known:
            raise REFUSE(DuelRoomError, "fd_bot_one_of", known=", ".join(known), bot=str(setup.bot))

    def layout(self, setup: Setup, fd: FlashDuelSet) -> Layout:
        """Return the player on space 1 and the bot's pawn on the last space."""
        sides = (("A", (setup.players[0],)), ("B", (setup.bot_pawn,)))
        fighters = lay_out(sides, fd.board.spaces)
        return Layout(sides, fighters, tuple(f.name for f in fighters))

    def abilities(self, setup: Setup, fd: FlashDuelSet) -> Abilities:
        """Return the player's abilities and the bot's: its character's known ones, when
        the catalog says the bot uses abilities and whose they are."""
        player = character_abilities(setup, fd)
        bot = next(b for b in fd.bots if b.id == setup.bot)
        chars = {c.id: c for c in fd.characters}
        if not bot.uses_abilities or bot.character not in chars:
            return player
        cards = chars[str(bot.character)].abilities
        keys = tuple(f"{bot.character}/{a.id}" for a in cards if a.is_known())
        return replace(player, owned=(*player.owned, (setup.bot_pawn, keys)))

    def hit_points(self, setup: Setup, fd: FlashDuelSet) -> int:
        """Return the bot's hit points (the Dragon bot takes two hits)."""
        return next(b.hit_points for b in fd.bots if b.id == setup.bot)

    def tough_one(self, state: State) -> str | None:
        """Return the bot's pawn."""
        return state.setup.bot_pawn

    def time_over(self, state: State, hands: Hands) -> tuple[State, str | None]:
        """Settle as a Raid with one mortal (seed 002 sends the Dragon bot there): a last-hit
        costs the bot a hit point, so the Dragon bot survives one; then the farther advance."""
        bot, player = state.fighter(state.setup.bot_pawn), state.fighter(state.setup.players[0])
        lists = {name: list(shown) for name, shown in hands.items()}
        won, fallen, left = raid.raid_time_over(bot, state.hit_points, [player], lists)
        state = replace(state, defeated=(*state.defeated, *sorted(fallen)), hit_points=left)
        return state, {"mortals": "A", "dragon": "B", None: None}[won]

    def on_round_end(self, state: State) -> State:
        """Record a round (and game) won against the bot, for the achievements."""
        if state.last_round is None or state.last_round.winner != "A":
            return state
        player = state.setup.players[0]
        character = dict(state.setup.characters).get(player, "clockwork")
        used = player in state.used_abilities
        won = [bots.SoloResult(str(state.setup.bot), character, "round", used)]
        if state.match.winner == "A":
            won.append(bots.SoloResult(str(state.setup.bot), character, "game", used))
        return replace(state, results=(*state.results, *won))


def bot_turn(state: State, action: act.BotTurn) -> State:
    """Play the bot's turn from its hand and the card it drew, then pass the turn back."""
    pawn = state.setup.bot_pawn
    if not isinstance(state.mode, Solo) or state.round_over or state.current != pawn:
        raise REFUSE(DuelRoomError, "fd_not_bot_turn", pawn=pawn)
    if state.pending is not None:
        raise REFUSE(DuelRoomError, "fd_answer_bot_first")
    check_cards(state.fd, *action.hand, action.drawn)
    state = replace(state, bot_discards=None)
    if pawn in state.recovering:
        state = replace(state, bot_said=bots.BotMove("recover", ()))
        return rounds.pass_turn(tell(state, Event(Happening.RECOVERED, (pawn,))))
    state = draws.take(state, pawn, 1)  # the card for the turn
    if state.deck == 0 and draws.kept_by_table(state):
        return state  # it was the last card: time is over before the bot plays
    me, player = state.fighter(pawn), state.fighter(state.setup.players[0])
    spaces = state.fd.board.spaces
    move = bots.bot_turn(action.hand, action.drawn, me, player, spaces)
    used = len(move.cards) + (1 if move.dash is not None else 0)
    state = draws.spend(replace(state, bot_said=move), pawn, used)
    if move.action == "push":
        state = with_fighter(state, track.push(me, player, action.drawn, spaces))
    elif move.position is not None:
        state = with_fighter(state, replace(me, position=move.position))
    if move.action in ("attack", "dashing-strike"):
        kind = StrikeKind.ATTACK if move.action == "attack" else StrikeKind.DASH
        strike = Pending(pawn, (player.name,), kind, move.cards)
        state = bot_ability(replace(state, pending=strike), strike)
    return rounds.pass_turn(state)


def bot_ability(state: State, strike: Pending) -> State:
    """The bot uses a face-up ability of its own as soon as it applies to its strike (seed
    002: Rook uses his abilities any time he is able to); the table applies its effect."""
    pawn = state.setup.bot_pawn
    for key in state.abilities.available(pawn):
        effect = combat.strike_effect(state, key, strike)
        if effect is None or dict(state.abilities.used_on_turn).get(pawn) == state.turn_no:
            continue
        used = use_ability(state.abilities, pawn, key, state.turn_no)
        pending = replace(strike, cannot=(effect,), ability=key)
        return replace(state, abilities=used, pending=pending)
    return state


def blocks_higher(state: State, pending: Pending) -> bool:
    """Return True when the bot has a face-up ability that blocks this strike with higher
    cards (the catalog's 'block-higher', e.g. Rook's Rock Armor)."""
    for key in state.abilities.available(state.setup.bot_pawn):
        card = combat.catalog_ability(state, key)
        wanted = combat.STRIKE_NAMES[pending.kind]
        if card is not None and card.applies == "block-higher" and card.strike == wanted:
            return True
    return False


def bot_defend(state: State, action: act.BotDefend, position: int) -> State:
    """Answer the player's strike on the bot from its hand and the extra card drawn."""
    pending, pawn = state.pending, state.setup.bot_pawn
    if not isinstance(state.mode, Solo) or pending is None or pawn not in pending.targets:
        raise REFUSE(DuelRoomError, "fd_not_attacked", who=pawn)
    check_cards(state.fd, *action.hand, action.extra)
    me = state.fighter(pawn)
    state = draws.take(state, pawn, 1)  # the extra card
    answer = bots.bot_defend(
        action.hand,
        action.extra,
        pending.cards,
        pending.kind is StrikeKind.DASH,
        me.position != me.start,
        rock_armor=blocks_higher(state, pending),
        rng=random.Random(position),
    )
    state = replace(state, bot_said=answer, bot_discards=None, pending=None)
    state = draws.spend(state, pawn, len(answer.cards))
    if answer.answer == "block":
        return tell(state, Event(Happening.BLOCKED, (pawn,)))
    if answer.answer == "retreat":
        moved = track.retreat(me, answer.cards[0], state.fd.board.spaces)
        state = replace(with_fighter(state, moved), recovering=(*state.recovering, pawn))
        return tell(state, Event(Happening.RETREATED, (pawn,), answer.cards[0]))
    state = rounds.take_hit(state, pawn)
    if not state.round_over and len(pending.cards) >= 2:
        state = replace(state, bot_discards=pending.cards[0])
        lost = [*action.hand, action.extra].count(pending.cards[0])
        state = draws.spend(state, pawn, lost)
    return state
