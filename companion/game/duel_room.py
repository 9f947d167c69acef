"""A Flash Duel table in every mode, as a fold over actions (rules in ``duel``, ``raid``, ``bots``).

Sides and start spaces: 1 vs 1 (simple, full, Custom Clockwork) and solo put side A on space
1 and side B on space 18; in 2 vs 2 both pawns of a team share their start space and turns
go p1A, p1B, p2A, p2B; in a Raid the mortals start on space 1 and the Dragon on 18.
A round ends at the first hit (2 vs 2: when a whole team is down; Raid: when the Dragon has
no hit points or no mortal stands), or by time-over. 1 vs 1, solo and 2 vs 2 play best 3
of 5 rounds; the loser of a round chooses who goes first next. A Raid is one game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.game import bots, duel, raid
from companion.game.rooms import RoomError
from printkit.catalog import Catalog, FlashDuelSet

KIND = "flash-duel"
ONE_VS_ONE = ("simple", "full", "custom-clockwork")
MODES = (*ONE_VS_ONE, "solo", "team-battle", "raid", "betrayal")
ACTIONS = (
    "move",
    "push",
    "attack",
    "dash",
    "dashing_block",
    "block",
    "retreat",
    "hit",
    "end_turn",
    "draw",
    "time_over",
    "use_ability",
    "first_player",
    "place",
    "bot_turn",
    "bot_defend",
    "accuse",
    "reveal",
    "dragon_reveal",
    "new_game",
)
BOT = "Bot"


class DuelRoomError(RoomError):
    """An action the Flash Duel table refuses."""


@dataclass(frozen=True)
class Setup:
    """Mode, players in turn order, characters or drafted abilities, the bot or Dragon."""

    mode: str
    players: tuple[str, ...]
    seed: int
    characters: tuple[tuple[str, str], ...] = ()
    clockwork: tuple[tuple[str, tuple[str, ...]], ...] = ()
    dragon: str | None = None
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Describe the setup as JSON-ready data."""
        return {
            "kind": KIND,
            "mode": self.mode,
            "players": list(self.players),
            "seed": self.seed,
            "characters": dict(self.characters),
            "clockwork": {p: list(k) for p, k in self.clockwork},
            "dragon": self.dragon,
            "bot": self.bot,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        """Read a setup back."""
        return cls(
            str(data["mode"]),
            tuple(data["players"]),
            int(data["seed"]),
            tuple(dict(data.get("characters") or {}).items()),
            tuple((p, tuple(k)) for p, k in dict(data.get("clockwork") or {}).items()),
            data.get("dragon"),
            data.get("bot"),
        )


@dataclass(frozen=True)
class Pending:
    """An attack or dashing strike waiting for its answer."""

    attacker: str
    targets: tuple[str, ...]
    kind: str
    """'attack' or 'dash'."""
    cards: tuple[int, ...]
    blocks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Cards put in by defenders (dashing blocks included) so far."""


@dataclass(frozen=True)
class State:
    """The table at one moment."""

    setup: Setup
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    """(side name, its fighters): 'A' and 'B', or 'mortals' and 'dragon'."""
    fighters: tuple[duel.Fighter, ...]
    order: tuple[str, ...]
    turn: int
    turn_no: int
    deck: int
    reshuffles: int
    abilities: duel.Abilities
    match: duel.DuelMatch
    defeated: tuple[str, ...] = ()
    recovering: tuple[str, ...] = ()
    pending: Pending | None = None
    hit_points: int = 1
    extra_turns: int = 0
    round_over: bool = False
    chooser: str | None = None
    """Who chooses the first player of the next round (the side's first fighter)."""
    betrayal: raid.Betrayal | None = None
    used_abilities: tuple[str, ...] = ()
    """Players who used an ability this round (solo achievements)."""
    results: tuple[bots.SoloResult, ...] = ()
    last_bot: str = ""
    outcome: str = ""
    game_winner: str | None = None
    log: tuple[str, ...] = field(default=())

    @property
    def current(self) -> str:
        """Return whose turn it is."""
        return self.order[self.turn]

    def fighter(self, name: str) -> duel.Fighter:
        """Return a pawn by name.

        :raises DuelRoomError: for a name with no pawn.
        """
        for f in self.fighters:
            if f.name == name:
                return f
        raise DuelRoomError(
            f"{name!r} has no pawn here ({', '.join(f.name for f in self.fighters)})"
        )

    def side_of(self, name: str) -> str:
        """Return the side a fighter is on."""
        return next(side for side, members in self.sides if name in members)

    def opponents(self, name: str) -> list[duel.Fighter]:
        """Return the standing fighters of the other side."""
        mine = self.side_of(name)
        return [
            f for f in self.fighters if self.side_of(f.name) != mine and f.name not in self.defeated
        ]


def game_set(catalog: Catalog) -> FlashDuelSet:
    """Return the Flash Duel set of the catalog."""
    for game in catalog.games:
        for candidate in game.sets:
            if isinstance(candidate, FlashDuelSet):
                return candidate
    raise DuelRoomError("the catalog has no Flash Duel set")


def owned_abilities(catalog: Catalog, setup: Setup) -> duel.Abilities:
    """Return each player's abilities: a character's known ones, or the drafted ones."""
    fd = game_set(catalog)
    if setup.mode == "simple":
        return duel.Abilities(tuple((p, ()) for p in setup.players))
    if setup.clockwork:
        return duel.Abilities(tuple((p, tuple(k)) for p, k in setup.clockwork))
    chars = {c.id: c for c in fd.characters}
    owned = []
    for player, character in setup.characters:
        if player == setup.dragon:  # the Dragon plays its own deck of ability cards
            continue
        if character not in chars:
            raise DuelRoomError(f"no Flash Duel character {character!r}")
        owned.append(
            (
                player,
                tuple(f"{character}/{a.id}" for a in chars[character].abilities if a.is_known()),
            )
        )
    return duel.Abilities(tuple(owned))


def layout(
    setup: Setup, spaces: int
) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[duel.Fighter, ...], tuple[str, ...]]:
    """Return the sides, the pawns on their start spaces and the turn order of a mode."""
    p = setup.players
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    if setup.mode in ONE_VS_ONE:
        sides = (("A", (p[0],)), ("B", (p[1],)))
    elif setup.mode == "solo":
        sides = (("A", (p[0],)), ("B", (BOT,)))
    elif setup.mode == "team-battle":
        sides = (("A", (p[0], p[2])), ("B", (p[1], p[3])))
    else:
        mortals = tuple(x for x in p if x != setup.dragon)
        sides = (("mortals", mortals), ("dragon", (str(setup.dragon),)))
    start = {sides[0][0]: 1, sides[1][0]: spaces}
    fighters = tuple(duel.place(name, start[side]) for side, members in sides for name in members)
    if setup.mode == "team-battle":
        order = p
    elif setup.mode in ("raid", "betrayal"):
        order = (*sides[0][1], str(setup.dragon))
    else:
        order = tuple(f.name for f in fighters)
    return sides, fighters, order


def check_setup(setup: Setup, catalog: Catalog) -> None:
    """Refuse a mode, player count, Dragon or bot that does not fit.

    :raises DuelRoomError: naming what is wrong.
    """
    if setup.mode not in MODES:
        raise DuelRoomError(f"'mode' must be one of {', '.join(MODES)}")
    fd = game_set(catalog)
    mode = next(m for m in fd.modes if m.id == setup.mode)
    if not mode.min_players <= len(setup.players) <= mode.max_players:
        low, high = mode.min_players, mode.max_players
        allowed = str(low) if low == high else f"{low}-{high}"
        raise DuelRoomError(f"{mode.name} is for {allowed} players, not {len(setup.players)}")
    if setup.mode == "custom-clockwork" and not setup.clockwork:
        raise DuelRoomError(
            "a Custom Clockwork table starts from a finished draft: open a Flash Duel draft "
            "room, then carry it into a table"
        )
    if setup.mode in ("raid", "betrayal") and setup.dragon not in setup.players:
        raise DuelRoomError("'dragon' must name the player who plays Deathstrike Dragon")
    if setup.mode == "solo" and setup.bot not in {b.id for b in fd.bots}:
        raise DuelRoomError(f"'bot' must be one of {', '.join(b.id for b in fd.bots)}")


def start(setup: Setup, catalog: Catalog) -> State:
    """Set up the first round of a game in its mode."""
    check_setup(setup, catalog)
    fd = game_set(catalog)
    sides, fighters, order = layout(setup, fd.board.spaces)
    deck = len(fd.numbered_cards.values) * fd.numbered_cards.copies_per_deck
    hit_points = 1
    betrayal = None
    if setup.mode in ("raid", "betrayal"):
        row = raid.raid_setup(fd, len(sides[0][1]), betrayal=setup.mode == "betrayal")
        deck, hit_points = row.deck_cards, row.dragon_hit_points
        if setup.mode == "betrayal":
            betrayal = raid.deal_loyalty(
                fd, sides[0][1], str(setup.dragon), random.Random(setup.seed)
            )
    elif setup.mode == "team-battle":
        deck = fd.numbered_cards.total()
    elif setup.mode == "solo":
        hit_points = next(b.hit_points for b in fd.bots if b.id == setup.bot)
    match = duel.DuelMatch((sides[0][0], sides[1][0]), fd.round_wins)
    # 1 vs 1: a coin decides who goes first; a Clockwork game starts with the first drafter.
    coin = setup.mode in ONE_VS_ONE and not setup.clockwork
    first = random.Random(setup.seed + 1).randrange(len(order)) if coin else 0
    return State(
        setup,
        sides,
        fighters,
        order,
        first,
        1,
        deck,
        0,
        owned_abilities(catalog, setup),
        match,
        hit_points=hit_points,
        betrayal=betrayal,
    )


def card(action: Mapping[str, Any], key: str = "card") -> int:
    """Read one card (1-5)."""
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise DuelRoomError(f"{key!r} must be a card from 1 to 5")
    return value


def cards(action: Mapping[str, Any], key: str = "cards") -> tuple[int, ...]:
    """Read a list of cards (1 to 5 cards of 1-5)."""
    values = action.get(key)
    if not isinstance(values, list) or not 1 <= len(values) <= 5:
        raise DuelRoomError(f"{key!r} must list 1 to 5 cards")
    return tuple(card({"c": v}, "c") for v in values)


def name(state: State, action: Mapping[str, Any], key: str) -> str:
    """Read a fighter's name."""
    value = action.get(key)
    state.fighter(str(value))
    return str(value)


def with_fighter(state: State, fighter: duel.Fighter) -> State:
    """Return the state with one pawn moved."""
    return replace(
        state, fighters=tuple(fighter if f.name == fighter.name else f for f in state.fighters)
    )


def front_enemy(state: State, me: duel.Fighter, spaces: int) -> duel.Fighter:
    """Return the opponent nearest ahead (no one may pass the front-most enemy)."""
    enemies = state.opponents(me.name)
    if not enemies:
        raise DuelRoomError("no opponent is standing")
    return min(enemies, key=lambda e: duel.distance(me, e))


def apply(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Apply one action from a seated player.

    :raises DuelRoomError: when the action is not allowed now.
    """
    kind = action.get("type")
    if kind not in ACTIONS:
        raise DuelRoomError(f"unknown action {kind!r} (known: {', '.join(ACTIONS)})")
    if state.game_winner and kind != "new_game":
        raise DuelRoomError(f"the game is over: {state.game_winner} won")
    try:
        return ACT[str(kind)](state, action, actor, catalog, position)
    except (duel.DuelError, raid.RaidError) as exc:
        raise DuelRoomError(str(exc)) from None


def spaces_of(catalog: Catalog) -> int:
    """Return the board's length."""
    return game_set(catalog).board.spaces


def ready_to_act(state: State, player: str) -> duel.Fighter:
    """Check that it is this fighter's turn and that nothing blocks an action."""
    if state.round_over:
        raise DuelRoomError("the round is over: the loser chooses who goes first")
    if state.pending is not None:
        raise DuelRoomError(
            f"{', '.join(state.pending.targets)} must answer the {state.pending.kind} first"
        )
    if player != state.current:
        raise DuelRoomError(f"it is {state.current}'s turn, not {player}'s")
    if player in state.recovering:
        raise DuelRoomError(f"{player} is recovering after a retreat: end the turn")
    return state.fighter(player)


def do_move(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Move forward (stopping next to the front-most enemy) or backward."""
    who = name(state, action, "player")
    me = ready_to_act(state, who)
    spaces = spaces_of(catalog)
    moved = duel.move(
        me, front_enemy(state, me, spaces), card(action), spaces, bool(action.get("backward"))
    )
    return with_fighter(state, moved)


def do_push(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Push an adjacent enemy back."""
    me = ready_to_act(state, name(state, action, "player"))
    target = state.fighter(name(state, action, "target"))
    return with_fighter(state, duel.push(me, target, card(action), spaces_of(catalog)))


def targets_on(state: State, target: duel.Fighter) -> tuple[str, ...]:
    """Return every standing fighter on the target's space and side (all must answer)."""
    side = state.side_of(target.name)
    return tuple(
        f.name
        for f in state.fighters
        if f.position == target.position
        and state.side_of(f.name) == side
        and f.name not in state.defeated
    )


def do_attack(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Attack with cards showing the exact distance; the targets must answer."""
    me = ready_to_act(state, name(state, action, "player"))
    target = state.fighter(name(state, action, "target"))
    strike = cards(action)
    duel.check_attack(me, target, strike)
    return replace(state, pending=Pending(me.name, targets_on(state, target), "attack", strike))


def do_dash(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Dash, then strike with cards showing the new distance."""
    me = ready_to_act(state, name(state, action, "player"))
    target = state.fighter(name(state, action, "target"))
    moved = duel.dashing_strike(me, target, card(action, "dash"), cards(action), spaces_of(catalog))
    state = with_fighter(state, moved)
    return replace(
        state, pending=Pending(me.name, targets_on(state, target), "dash", cards(action))
    )


def pending_for(state: State, defender: str) -> Pending:
    """Return the attack a defender answers."""
    if state.pending is None:
        raise DuelRoomError("there is no attack to answer")
    return state.pending


def do_dashing_block(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """A teammate behind dashes onto the threatened space and adds cards to the block."""
    blocker = state.fighter(name(state, action, "player"))
    pending = pending_for(state, blocker.name)
    if blocker.name in state.recovering:
        raise DuelRoomError(f"{blocker.name} is recovering and cannot dashing block")
    target = state.fighter(pending.targets[0])
    attacker = state.fighter(pending.attacker)
    moved = duel.dashing_block(blocker, target, attacker, card(action, "dash"), spaces_of(catalog))
    state = with_fighter(state, moved)
    return add_block(state, pending, blocker.name, cards(action))


def do_block(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """A target puts in block cards; the attack is stopped once the cards match it."""
    defender = name(state, action, "player")
    pending = pending_for(state, defender)
    if defender not in pending.targets:
        raise DuelRoomError(f"{defender} is not being attacked")
    return add_block(state, pending, defender, cards(action))


def add_block(state: State, pending: Pending, who: str, given: tuple[int, ...]) -> State:
    """Add cards to a block; a full match stops the attack (each target blocks it)."""
    blocks = (*pending.blocks, (who, given))
    pooled = {k: v for k, v in blocks}
    if duel.team_block(pending.cards, pooled):
        return replace(state, pending=None, outcome=f"{', '.join(pending.targets)} blocked")
    if len(blocks) > 4:
        raise DuelRoomError("those cards do not block the attack")
    return replace(state, pending=replace(pending, blocks=blocks))


def do_retreat(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Retreat from a dashing strike; the retreating fighter recovers next turn."""
    who = name(state, action, "player")
    pending = pending_for(state, who)
    if pending.kind != "dash" or who not in pending.targets:
        raise DuelRoomError("retreat only from a dashing strike aimed at you")
    moved = duel.retreat(state.fighter(who), card(action), spaces_of(catalog))
    state = with_fighter(state, moved)
    targets = tuple(t for t in pending.targets if t != who)
    recovering = (*state.recovering, who)
    return replace(
        state,
        pending=replace(pending, targets=targets) if targets else None,
        recovering=recovering,
        outcome=f"{who} retreated",
    )


def do_hit(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """A target takes the hit: defeated (or the Dragon loses a hit point)."""
    who = name(state, action, "player")
    pending = pending_for(state, who)
    if who not in pending.targets:
        raise DuelRoomError(f"{who} is not being attacked")
    targets = tuple(t for t in pending.targets if t != who)
    state = replace(state, pending=replace(pending, targets=targets) if targets else None)
    return take_hit(state, who, pending, catalog)


def take_hit(state: State, who: str, pending: Pending, catalog: Catalog) -> State:
    """Apply a hit: hit points, defeat, extra Dragon turns, the round's end."""
    if (
        state.hit_points > 1
        and state.side_of(who) in ("dragon", "B")
        and state.setup.mode in ("raid", "betrayal", "solo")
    ):
        state = replace(state, hit_points=state.hit_points - 1, outcome=f"{who} was hit")
        if state.setup.mode == "solo":
            return replace(
                state,
                last_bot=f"the Dragon discards every {pending.cards[0]}"
                if len(pending.cards) >= 2
                else "",
            )
        return state
    state = replace(state, defeated=(*state.defeated, who), outcome=f"{who} was hit")
    if state.setup.mode in ("raid", "betrayal") and state.side_of(who) == "mortals":
        state = replace(state, extra_turns=state.extra_turns + 1)
    side = state.side_of(who)
    members = dict(state.sides)[side]
    if all(m in state.defeated for m in members):
        winner = next(s for s, _ in state.sides if s != side)
        return end_round(state, winner)
    return state


def end_round(state: State, winner: str | None) -> State:
    """Close a round; record it; the loser will choose who goes first."""
    match = duel.record_round(state.match, winner)
    state = replace(
        state,
        match=match,
        round_over=True,
        pending=None,
        outcome=f"round to {winner}" if winner else "the round is a draw",
    )
    if state.setup.mode == "solo":
        player = state.setup.players[0]
        char = dict(state.setup.characters).get(player, "clockwork")
        used = player in state.used_abilities
        if winner == "A":
            state = replace(
                state,
                results=(
                    *state.results,
                    bots.SoloResult(str(state.setup.bot), char, "round", used),
                ),
            )
            if match.winner == "A":
                state = replace(
                    state,
                    results=(
                        *state.results,
                        bots.SoloResult(str(state.setup.bot), char, "game", used),
                    ),
                )
    if match.winner or state.setup.mode in ("raid", "betrayal"):
        return replace(state, game_winner=match.winner or winner or "draw")
    loser = match.chooser()
    chooser = dict(state.sides)[loser][0] if loser else None
    return replace(state, chooser=chooser)


def do_end_turn(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """End the current turn; the next standing fighter plays (the Dragon takes extra turns)."""
    if state.pending is not None:
        raise DuelRoomError("answer the attack first")
    if state.round_over:
        raise DuelRoomError("the round is over")
    current = state.current
    recovering = tuple(r for r in state.recovering if r != current)
    state = replace(state, recovering=recovering, turn_no=state.turn_no + 1)
    if state.setup.dragon == current and state.extra_turns > 0:
        return replace(
            state, extra_turns=state.extra_turns - 1, outcome=f"{current} takes an extra turn"
        )
    n = len(state.order)
    for step in range(1, n + 1):
        following = (state.turn + step) % n
        if state.order[following] not in state.defeated:
            return replace(state, turn=following)
    return state


def do_draw(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Count cards drawn from the pile; a Raid reshuffles once with 3-4 mortals."""
    count = action.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
        raise DuelRoomError("'count' must be 1 to 10 cards")
    deck = max(0, state.deck - count)
    if deck == 0 and state.setup.mode in ("raid", "betrayal"):
        fd = game_set(catalog)
        row = raid.raid_setup(fd, len(state.sides[0][1]), betrayal=state.setup.mode == "betrayal")
        if raid.deck_runs_out(row, state.reshuffles) == "reshuffle":
            return replace(
                state,
                deck=row.deck_cards,
                reshuffles=state.reshuffles + 1,
                outcome="the deck ran out: reshuffle (once)",
            )
    outcome = "the last card is drawn: time-over" if deck == 0 else state.outcome
    return replace(state, deck=deck, outcome=outcome)


def hands_of(action: Mapping[str, Any], state: State) -> dict[str, list[int]]:
    """Read the hands shown at time-over."""
    raw = action.get("hands")
    if not isinstance(raw, dict):
        raise DuelRoomError("'hands' must give each standing fighter's cards")
    hands = {}
    for f in state.fighters:
        if f.name in state.defeated:
            continue
        values = raw.get(f.name)
        if not isinstance(values, list) or len(values) > 15:
            raise DuelRoomError(f"'hands' needs {f.name}'s cards (a list)")
        hands[f.name] = [card({"c": v}, "c") for v in values]
    return hands


def do_time_over(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Settle a round that ran out of cards from the hands shown."""
    if state.deck > 0:
        raise DuelRoomError(f"{state.deck} cards are still in the draw pile")
    hands = hands_of(action, state)
    standing = [f for f in state.fighters if f.name not in state.defeated]
    side_a, side_b = state.sides
    a = [f for f in standing if f.name in side_a[1]]
    b = [f for f in standing if f.name in side_b[1]]
    if state.setup.mode in ("raid", "betrayal"):
        traitor = None
        if (
            state.betrayal
            and state.betrayal.traitor in side_a[1]
            and state.betrayal.traitor not in state.defeated
        ):
            traitor = state.fighter(state.betrayal.traitor)
            a = [f for f in a if f.name != traitor.name]
        won, fallen, _ = raid.raid_time_over(b[0], state.hit_points, a, hands, traitor)
        state = replace(state, defeated=(*state.defeated, *sorted(fallen)))
        return end_round(state, {"mortals": "mortals", "dragon": "dragon", None: None}[won])
    if len(a) == 1 and len(b) == 1:
        winner = duel.time_over(a[0], b[0], hands[a[0].name], hands[b[0].name])
        side = None if winner is None else state.side_of(winner)
        return end_round(state, side)
    result = duel.team_time_over(a, b, hands)
    return end_round(state, None if result is None else (side_a[0], side_b[0])[result])


def do_use_ability(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Turn an ability face down: one per player per turn, replenished each round."""
    who = name(state, action, "player")
    ability = action.get("ability")
    if not isinstance(ability, str):
        raise DuelRoomError("'ability' must name one of the player's abilities")
    used = duel.use_ability(state.abilities, who, ability, state.turn_no)
    return replace(
        state, abilities=used, used_abilities=tuple(sorted({*state.used_abilities, who}))
    )


def do_first_player(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """The loser of the round names who goes first; the next round starts."""
    if not state.round_over or state.game_winner:
        raise DuelRoomError("the first player is chosen between rounds")
    if (
        state.chooser not in (None, BOT)  # the solo player makes the bot's choices
        and actor != state.chooser
        and actor not in dict(state.sides)[state.side_of(state.chooser)]
    ):
        raise DuelRoomError(f"{state.chooser}'s side lost the round and chooses")
    first = name(state, action, "player")
    fresh = start(state.setup, catalog)
    return replace(
        fresh,
        match=state.match,
        turn=fresh.order.index(first),
        results=state.results,
        outcome=f"{first} goes first",
    )


def do_place(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Put a pawn on a space by hand (a tap on the track)."""
    who = state.fighter(name(state, action, "player"))
    space = action.get("space")
    if (
        isinstance(space, bool)
        or not isinstance(space, int)
        or not 1 <= space <= spaces_of(catalog)
    ):
        raise DuelRoomError(f"'space' must be 1 to {spaces_of(catalog)}")
    return with_fighter(state, replace(who, position=space))


def do_bot_turn(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Solo: the player enters the bot's hand and draw; the bot's move is applied."""
    if state.setup.mode != "solo" or state.current != BOT:
        raise DuelRoomError("it is not the bot's turn")
    hand, drawn = cards(action, "hand"), card(action, "drawn")
    me, enemy = state.fighter(BOT), state.fighter(state.setup.players[0])
    move = bots.bot_turn(hand, drawn, me, enemy, spaces_of(catalog))
    said = f"bot: {move.action} {' '.join(str(c) for c in move.cards)}"
    if move.action == "attack":
        state = replace(state, pending=Pending(BOT, (enemy.name,), "attack", move.cards))
    elif move.action == "push":
        state = with_fighter(state, duel.push(me, enemy, drawn, spaces_of(catalog)))
    elif move.action == "dashing-strike":
        state = with_fighter(state, replace(me, position=move.position or me.position))
        state = replace(state, pending=Pending(BOT, (enemy.name,), "dash", move.cards))
        said = f"bot: dash {move.dash} then strike {' '.join(str(c) for c in move.cards)}"
    else:
        state = with_fighter(state, replace(me, position=move.position or me.position))
    return replace(state, last_bot=said)


def do_bot_defend(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Solo: the bot answers the player's attack from its hand and the extra card drawn."""
    pending = state.pending
    if state.setup.mode != "solo" or pending is None or BOT not in pending.targets:
        raise DuelRoomError("the bot is not being attacked")
    me = state.fighter(BOT)
    edge = me.start
    answer = bots.bot_defend(
        cards(action, "hand"),
        card(action, "extra"),
        pending.cards,
        pending.kind == "dash",
        me.position != edge,
        rock_armor=state.setup.bot == "rook",
        rng=random.Random(position),
    )
    said = f"bot: {answer.answer} {' '.join(str(c) for c in answer.cards)}".strip()
    state = replace(state, last_bot=said)
    if answer.answer == "block":
        return replace(state, pending=None)
    if answer.answer == "retreat":
        moved = duel.retreat(me, answer.cards[0], spaces_of(catalog))
        return replace(
            with_fighter(state, moved), pending=None, recovering=(*state.recovering, BOT)
        )
    state = replace(state, pending=None)
    state = take_hit(state, BOT, pending, catalog)
    if not state.round_over and len(pending.cards) >= 2:
        state = replace(state, last_bot=f"{said}; the Dragon discards every {pending.cards[0]}")
    return state


def do_accuse(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Betrayal: accuse a mortal; the traitor or the accuser is defeated."""
    if state.betrayal is None:
        raise DuelRoomError("accusations belong to Betrayal")
    accused = name(state, action, "accused")
    betrayal = raid.accuse(state.betrayal, actor, accused)
    state = replace(state, betrayal=betrayal)
    loser = betrayal.defeated[-1]
    return defeat(state, loser, f"{actor} accused {accused}: {loser} is defeated")


def defeat(state: State, who: str, outcome: str) -> State:
    """Remove a mortal from the fight outside combat (accusation, named hand)."""
    state = replace(
        state,
        defeated=(*state.defeated, who) if who not in state.defeated else state.defeated,
        outcome=outcome,
    )
    mortals = dict(state.sides)["mortals"]
    traitor = state.betrayal.traitor if state.betrayal else None
    loyal = [m for m in mortals if m != traitor]
    if loyal and all(m in state.defeated for m in loyal):
        return end_round(state, "dragon")
    return state


def do_reveal(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Betrayal: the traitor reveals and names hands: [[mortal, named right], ...]."""
    if state.betrayal is None:
        raise DuelRoomError("revealing belongs to Betrayal")
    raw = action.get("guesses", [])
    if not isinstance(raw, list) or not all(
        isinstance(g, list) and len(g) == 2 and isinstance(g[1], bool) for g in raw
    ):
        raise DuelRoomError("'guesses' must be [[mortal, true/false], ...]")
    before = set(state.betrayal.defeated)
    betrayal = raid.traitor_reveal(state.betrayal, actor, [(str(m), bool(r)) for m, r in raw])
    state = replace(state, betrayal=betrayal)
    dragon = state.fighter(str(state.setup.dragon))
    state = with_fighter(state, replace(state.fighter(actor), position=dragon.start))
    sides = tuple(
        (s, tuple(m for m in members if m != actor)) if s == "mortals" else (s, (*members, actor))
        for s, members in state.sides
    )
    state = replace(state, sides=sides)
    for loser in sorted(set(betrayal.defeated) - before):
        state = defeat(state, loser, f"{actor} named {loser}'s hand")
    return replace(state, outcome=state.outcome or f"{actor} is the traitor")


def do_dragon_reveal(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Betrayal: the Dragon shows the traitor card for one more hit point."""
    if state.betrayal is None or actor != state.setup.dragon:
        raise DuelRoomError("only the Dragon of a Betrayal reveals this way")
    betrayal = raid.dragon_reveal(state.betrayal)
    return replace(
        state,
        betrayal=betrayal,
        hit_points=state.hit_points + 1,
        outcome="the Dragon held the traitor card",
    )


def do_new_game(
    state: State, action: Mapping[str, Any], actor: str, catalog: Catalog, position: int
) -> State:
    """Start a new game at the same table; solo may switch character and bot, results kept."""
    if not state.game_winner:
        raise DuelRoomError("finish the game first")
    setup = state.setup
    if setup.mode == "solo":
        player = setup.players[0]
        character = action.get("character", dict(setup.characters).get(player))
        bot = action.get("bot", setup.bot)
        if not isinstance(character, str) or not isinstance(bot, str):
            raise DuelRoomError("'character' and 'bot' must be ids")
        setup = replace(setup, characters=((player, character),), bot=bot)
    fresh = start(setup, catalog)
    return replace(fresh, results=state.results, outcome="new game")


ACT = {
    "move": do_move,
    "push": do_push,
    "attack": do_attack,
    "dash": do_dash,
    "dashing_block": do_dashing_block,
    "block": do_block,
    "retreat": do_retreat,
    "hit": do_hit,
    "end_turn": do_end_turn,
    "draw": do_draw,
    "time_over": do_time_over,
    "use_ability": do_use_ability,
    "first_player": do_first_player,
    "place": do_place,
    "bot_turn": do_bot_turn,
    "bot_defend": do_bot_defend,
    "accuse": do_accuse,
    "reveal": do_reveal,
    "dragon_reveal": do_dragon_reveal,
    "new_game": do_new_game,
}


def view(state: State, viewer: str | None, catalog: Catalog) -> dict[str, Any]:
    """Describe the table for one viewer: a loyalty card is shown to its holder only."""
    fd = game_set(catalog)
    names = {f"{c.id}/{a.id}": a for c in fd.characters for a in c.abilities}
    abilities = {
        p: [
            {
                "key": k,
                "name": (names[k].name if k in names else k),
                "trigger": (names[k].trigger if k in names else ""),
                "effect": (names[k].effect if k in names else ""),
                "used": k not in state.abilities.available(p),
            }
            for k in owned
        ]
        for p, owned in state.abilities.owned
    }
    loyalty = None
    revealed: dict[str, str] = {}
    if state.betrayal is not None:
        if viewer is not None and viewer in dict(state.betrayal.cards):
            loyalty = state.betrayal.visible_card(viewer, viewer)
        revealed = {p: state.betrayal.card_of(p) for p in state.betrayal.revealed}
    pending = state.pending
    return {
        "kind": KIND,
        "mode": state.setup.mode,
        "you": viewer,
        "spaces": fd.board.spaces,
        "dark_spaces": list(fd.board.dark_spaces),
        "start_spaces": list(fd.board.start_spaces),
        "sides": {s: list(m) for s, m in state.sides},
        "fighters": [
            {
                "name": f.name,
                "position": f.position,
                "side": state.side_of(f.name),
                "defeated": f.name in state.defeated,
                "recovering": f.name in state.recovering,
            }
            for f in state.fighters
        ],
        "turn": state.current,
        "turn_no": state.turn_no,
        "deck": state.deck,
        "reshuffles": state.reshuffles,
        "pending": None
        if pending is None
        else {
            "attacker": pending.attacker,
            "targets": list(pending.targets),
            "kind": pending.kind,
            "cards": list(pending.cards),
        },
        "score": {s: state.match.wins(s) for s in state.match.sides},
        "round_wins": state.match.round_wins,
        "round_over": state.round_over,
        "chooser": state.chooser,
        "game_winner": state.game_winner,
        "hit_points": state.hit_points,
        "extra_turns": state.extra_turns,
        "abilities": abilities,
        "loyalty": loyalty,
        "revealed": revealed,
        "last_bot": state.last_bot,
        "outcome": state.outcome,
        "achievements": [
            {"name": a.name, "points": a.points} for a in bots.earned(fd, list(state.results))
        ],
        "points": bots.points(fd, list(state.results)),
        "dragon": state.setup.dragon,
        "bot": state.setup.bot,
        "bot_name": next((b.name for b in fd.bots if b.id == state.setup.bot), None),
        "solo_choices": None
        if state.setup.mode != "solo"
        else {
            "characters": [{"id": c.id, "name": c.name} for c in fd.characters],
            "bots": [{"id": b.id, "name": b.name} for b in fd.bots],
            "character": dict(state.setup.characters).get(state.setup.players[0]),
        },
        "characters": {
            p: next((c.name for c in fd.characters if c.id == cid), cid)
            for p, cid in state.setup.characters
            if p != state.setup.dragon
        },
        "dragon_setup": dragon_setup(state, fd),
    }


def dragon_setup(state: State, fd: FlashDuelSet) -> dict[str, int] | None:
    """Return the Raid table row the Dragon sets up from (hand size, ability cards)."""
    if state.setup.mode not in ("raid", "betrayal"):
        return None
    mortals = len(state.setup.players) - 1
    row = raid.raid_setup(fd, mortals, betrayal=state.setup.mode == "betrayal")
    return {
        "hand_size": row.dragon_hand_size,
        "abilities": row.dragon_abilities,
        "hit_points": row.dragon_hit_points,
    }


def describe(action: Mapping[str, Any], actor: str, after: Any) -> str:
    """Say an action in one history line, e.g. "Ana: Ana attacks Ben with 3 3"."""
    kind = str(action.get("type"))
    outcome = getattr(after, "outcome", "")
    if kind in ("accuse", "reveal", "hit", "time_over", "first_player", "dragon_reveal"):
        return f"{actor}: {outcome}"
    text = f"{actor}: {say(kind, action)}"
    bot = getattr(after, "last_bot", "")
    return f"{text} ({bot})" if kind in ("bot_turn", "bot_defend") and bot else text


def say(kind: str, action: Mapping[str, Any]) -> str:
    """Put one action into words (fields as the action gave them)."""
    who, target = action.get("player"), action.get("target")
    raw = action.get("cards")
    shown = " ".join(str(c) for c in raw) if isinstance(raw, list) else ""
    one, dash = action.get("card"), action.get("dash")
    words = {
        "move": f"{who} moves {'back ' if action.get('backward') else ''}{one}",
        "push": f"{who} pushes {target} back {one}",
        "attack": f"{who} attacks {target} with {shown}",
        "dash": f"{who} dashes {dash} and strikes {target} with {shown}",
        "block": f"{who} blocks with {shown}",
        "dashing_block": f"{who} dashes {dash} and blocks with {shown}",
        "retreat": f"{who} retreats {one}",
        "draw": f"drew {action.get('count', 1)}",
        "use_ability": f"{who} uses {str(action.get('ability')).rsplit('/')[-1].replace('-', ' ')}",
        "place": f"{who} placed on space {action.get('space')}",
        "end_turn": "end of turn",
        "new_game": "new game",
    }
    return words.get(kind, kind.replace("_", " "))
