"""A Flash Duel table in every mode, as a fold over typed actions (``RULES``).

The setup is read here (the request's JSON, or a stored setup); everything after that is
typed: ``apply`` hands each action to the rule that plays it, the ``Mode`` object of the
table supplying what differs between modes.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace

from companion.game.errors import InvalidSetup
from companion.game.flash_duel import actions as act
from companion.game.flash_duel import choosing, combat, draws, raid_modes, rounds, solo, view
from companion.game.flash_duel.actions import JsonObject, JsonOut
from companion.game.flash_duel.modes import find_mode
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import KIND, DuelRoomError, Setup, State, game_set
from companion.game.names import parse_players
from companion.game.rooms import Outcome, Rules
from companion.game.words import Said
from printkit.catalog import Catalog


def text_pairs(data: JsonObject, key: str) -> JsonOut:
    """Read an object field (an absent one is empty)."""
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise REFUSE(InvalidSetup, "fd_map_players", key=key)
    return value


def text_list(value: object) -> tuple[str, ...]:
    """Read a list of texts (a drafted player's chip keys)."""
    if not isinstance(value, list | tuple):
        raise REFUSE(InvalidSetup, "fd_clockwork_lists")
    return tuple(str(k) for k in value)


def optional_name(data: JsonObject, key: str) -> str | None:
    """Read a string field that may be absent."""
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise REFUSE(InvalidSetup, "fd_text", key=key)
    return value


def setup_from_json(data: JsonObject) -> Setup:
    """Read a stored setup back (setups stored before 'unused' existed too)."""
    return Setup(
        str(data["mode"]),
        tuple(str(p) for p in data["players"]),
        int(data["seed"]),
        tuple((str(p), str(c)) for p, c in text_pairs(data, "characters").items()),
        tuple((str(p), text_list(k)) for p, k in text_pairs(data, "clockwork").items()),
        optional_name(data, "dragon"),
        optional_name(data, "bot"),
        tuple(str(k) for k in data.get("unused") or ()),
        int(data.get("rules", 1)),
    )


def setup_to_json(setup: Setup) -> JsonOut:
    """Describe a setup as JSON-ready data."""
    return {
        "kind": KIND,
        "mode": setup.mode,
        "players": list(setup.players),
        "seed": setup.seed,
        "characters": dict(setup.characters),
        "clockwork": {p: list(k) for p, k in setup.clockwork},
        "dragon": setup.dragon,
        "bot": setup.bot,
        "unused": list(setup.unused),
        **({"rules": setup.rules} if setup.rules != 1 else {}),
    }


def name_key(value: str) -> str:
    """Normalise a name as ``parse_players`` does (NFC, trimmed)."""
    return unicodedata.normalize("NFC", value).strip()


def setup_from_request(data: JsonObject, catalog: Catalog, seed: int) -> Setup:
    """Read a create request: mode, players, characters, the Dragon or the bot.

    :raises InvalidSetup: for fields of the wrong shape or a player without a character.
    :raises DuelRoomError: for a mode, player count, Dragon, bot or character that does not fit.
    """
    players = parse_players(data, 1, 5)
    raw = text_pairs(data, "characters")
    if not all(isinstance(c, str) for c in raw.values()):
        raise REFUSE(InvalidSetup, "fd_characters_map")
    characters = {name_key(str(p)): str(c) for p, c in raw.items()}
    mode = str(data.get("mode", "full"))
    dragon = optional_name(data, "dragon")
    dragon = None if dragon is None else name_key(dragon)
    if find_mode(mode).needs_characters and mode == "solo":  # the others choose at the table
        missing = [p for p in players if p not in characters and p != dragon]
        if missing:
            raise REFUSE(InvalidSetup, "fd_characters_missing", missing=", ".join(missing))
    pairs = tuple((p, c) for p, c in characters.items() if p in players)
    setup = Setup(mode, players, seed, pairs, dragon=dragon, bot=optional_name(data, "bot"))
    start(setup, catalog)  # refuses what the rules cannot play
    return setup


def check_setup(setup: Setup, catalog: Catalog) -> None:
    """Refuse a player count, Dragon, bot or draft the mode cannot play.

    :raises DuelRoomError: naming what is wrong.
    """
    mode = find_mode(setup.mode)
    fd = game_set(catalog)
    row = next(m for m in fd.modes if m.id == setup.mode)
    if not row.min_players <= len(setup.players) <= row.max_players:
        low, high = row.min_players, row.max_players
        allowed = str(low) if low == high else f"{low}-{high}"
        raise REFUSE(DuelRoomError, "fd_mode_players", mode=row.name, allowed=allowed,
                     n=len(setup.players))  # fmt: skip
    mode.check(setup, fd)


def start(setup: Setup, catalog: Catalog) -> State:
    """Set up the first round (and deal Betrayal's loyalty cards)."""
    check_setup(setup, catalog)
    mode = find_mode(setup.mode)
    state = rounds.deal(setup, mode, game_set(catalog))
    chosen = choosing.choosers(setup, mode.needs_characters, isinstance(mode, solo.Solo))
    return raid_modes.deal_loyalty(replace(state, choosing=chosen))


def new_game(state: State, action: act.NewGame, catalog: Catalog) -> State:
    """Start a new game at the same table; solo may switch character and bot."""
    if state.game is None:
        raise REFUSE(DuelRoomError, "fd_finish_first")
    setup = state.setup
    if isinstance(state.mode, solo.Solo):
        player = setup.players[0]
        character = action.character or dict(setup.characters).get(player, "")
        setup = replace(setup, characters=((player, character),), bot=action.bot or setup.bot)
    return replace(start(setup, catalog), results=state.results)


def play(state: State, action: act.Action, actor: str, catalog: Catalog, position: int) -> State:
    """Hand an action to the rule that plays it."""
    match action:
        case act.Move():
            return combat.move(state, action)
        case act.Push():
            return combat.push(state, action)
        case act.Attack():
            return combat.attack(state, action)
        case act.Dash():
            return combat.dash(state, action)
        case act.DashingBlock():
            return combat.dashing_block(state, action)
        case act.Block():
            return combat.block(state, action)
        case act.Retreat():
            return combat.retreat(state, action)
        case act.Hit():
            return combat.hit(state, action)
        case act.Place():
            return combat.place(state, action)
        case act.UseAbility():
            return combat.ability(state, action)
        case act.AbilityHit():
            return combat.ability_hit(state, action)
        case act.EndTurn():
            return rounds.end_turn(state, action)
        case act.Draw():
            return rounds.draw(state, action)
        case act.Choose():
            return choosing.choose(state, action, actor)
        case act.Discard():
            return draws.discard(state, action.player, action.count)
        case act.Reshuffle():
            return raid_modes.reshuffle(state, action, actor)
        case act.TimeOver():
            return rounds.time_over(state, action)
        case act.ShowHand():
            return rounds.show_hand(state, action, actor)
        case act.FirstPlayer():
            return rounds.first_player(state, action, actor)
        case act.SwapAbility():
            return rounds.swap(state, action, actor)
        case act.SwitchOrder():
            return rounds.switch_order(state, action)
        case act.BotTurn():
            return solo.bot_turn(state, action)
        case act.BotDefend():
            return solo.bot_defend(state, action, position)
        case act.Accuse():
            return raid_modes.accuse(state, action, actor)
        case act.Reveal():
            return raid_modes.reveal(state, action, actor)
        case act.DragonReveal():
            return raid_modes.dragon_reveal(state, action, actor)
        case act.NewGame():
            return new_game(state, action, catalog)


def apply(state: State, action: act.Action, actor: str, catalog: Catalog, position: int) -> State:
    """Apply one action from a seated player; what it did is in ``news``.

    :raises IllegalMove: when the rules refuse the action now.
    """
    if state.game is not None and not isinstance(action, act.NewGame):
        raise REFUSE(DuelRoomError, "fd_game_over_new")
    if state.choosing is not None and not isinstance(action, act.Choose):
        waiting = ", ".join(state.choosing.waiting_for(state.setup))
        raise REFUSE(DuelRoomError, "fd_choosing_first", waiting=waiting)
    if state.shown and not isinstance(action, act.ShowHand | act.TimeOver):
        waiting = ", ".join(hands_awaited(state))
        raise REFUSE(DuelRoomError, "fd_hands_showing", waiting=waiting)
    before = state.news
    after = play(replace(state, news=()), action, actor, catalog, position)
    return after if after.news else replace(after, news=before)


def is_final(action: act.Action, after: State) -> bool:
    """Return True for an action whose result showed hidden information: the characters'
    reveal, a Betrayal accusation (the accused's card), the traitor's or the Dragon's
    reveal, a time-over (the hands are shown; in Betrayal the traitor too), and whatever
    ended a Betrayal game (every loyalty card is shown then)."""
    if isinstance(action, act.Choose):  # the reveal, or a 2 vs 2 pick made in the open
        return after.choosing is None or not after.choosing.blind
    if after.betrayal is not None and after.game is not None:
        return True
    if isinstance(action, act.ShowHand):  # the last hand in shows them all
        return not after.shown
    return isinstance(action, act.Accuse | act.Reveal | act.DragonReveal | act.TimeOver)


def hands_awaited(state: State) -> tuple[str, ...]:
    """Return the standing fighters whose hand is not in yet at time-over."""
    entered = dict(state.shown)
    return tuple(f.name for f in state.standing() if f.name not in entered)


def secrets_held(state: State, player: str) -> tuple[str, ...]:
    """Return what the player holds hidden: a double-blind character pick before the
    reveal, a Betrayal loyalty card not shown yet (the Dragon's too)."""
    choosing = state.choosing
    held = []
    if choosing is not None and choosing.blind and player in choosing.committed():
        held.append("a secret character pick")
    cards = state.betrayal
    if cards is not None and player not in cards.revealed:
        held.append("a loyalty card")
    if player in dict(state.shown):
        held.append("a hand entered at time-over")
    return tuple(held)


def is_independent(action: act.Action) -> bool:
    """Return True for a character choice: phones make it at the same moment, unseen."""
    return isinstance(action, act.Choose)


OWN_MOVES = (act.Move, act.Push, act.Attack, act.Dash, act.DashingBlock, act.Block, act.Retreat,
             act.Hit, act.UseAbility, act.AbilityHit, act.SwapAbility, act.Discard)  # fmt: skip
"""Actions whose ``player`` makes them: a move, an attack, a defence, taking the hit."""


def deciders(action: act.Action, state: State) -> tuple[str, ...] | None:
    """Return whose decision an action is (a tournament table takes it only from their
    phone): its player's for a move or defence; the turn player's for ending the turn, the
    draw pile (a draw named for any player too: off turn, a phone could empty the pile and
    force time-over alone) and placing their own pawn; nobody's alone for time-over typed for
    every hand (each seat shows its own: ``ShowHand``); None (anyone's) for the bot."""
    if isinstance(action, OWN_MOVES):
        return (action.player,)
    if isinstance(action, act.EndTurn | act.Draw):
        return (state.current,)
    if isinstance(action, act.Place):
        return (action.player,) if action.player == state.current else ()
    if isinstance(action, act.Choose) and action.player is not None:
        return (action.player,)
    if isinstance(action, act.Reshuffle):
        return (state.setup.dragon,) if state.setup.dragon else (state.current,)
    if isinstance(action, act.SwitchOrder):
        return state.members(state.side_of(action.player))
    if isinstance(action, act.TimeOver):
        return ()
    return None


def instead(action: act.Action, state: State) -> Said:
    """Say what to do instead when no single phone may make this action at a tournament
    table."""
    if isinstance(action, act.Place):
        return REFUSE.say("fd_alone_place", turn=state.current)[1]
    return REFUSE.say("fd_alone_hands")[1]


def is_over(state: State) -> bool:
    """Return True once the duel has a winner."""
    return state.match.winner is not None


def outcome(state: State) -> Outcome | None:
    """Return the rounds each player's side won (and the drawn ones) once the match is won."""
    duel = state.match
    if duel.winner is None:
        return None
    wins = {name: duel.wins(side) for side, members in state.sides for name in members}
    return Outcome(wins, sum(1 for r in duel.rounds if r is None))


def players_of(setup: Setup) -> tuple[str, ...]:
    """Return the seats' names, in seat order."""
    return setup.players


RULES: Rules[Setup, State, act.Action] = Rules(
    kind=KIND,
    setup_from_request=setup_from_request,
    setup_from_json=setup_from_json,
    setup_to_json=setup_to_json,
    players=players_of,
    parse_action=act.parse_action,
    action_to_json=act.action_to_json,
    start=start,
    apply=apply,
    view=view.view,
    describe=view.describe,
    is_final=is_final,
    independent=is_independent,
    secrets_held=secrets_held,
    is_over=is_over,
    outcome=outcome,
    deciders=deciders,
    instead=instead,
)
