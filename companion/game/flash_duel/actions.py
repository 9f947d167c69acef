"""Flash Duel actions as frozen dataclasses, read from JSON at the edge by ``parse_action``.

``parse_action`` checks the shape only (types, list lengths) and raises ``InvalidAction``;
the rules check the values (a card the deck has, a pawn at the table) and raise
``IllegalMove``. ``action_to_json`` writes the same JSON shapes the log always stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.game.errors import InvalidAction
from companion.game.fields import by_type, flag, only, optional_text, optional_whole, text, whole
from companion.game.flash_duel.refusals import REFUSE

JsonObject = Mapping[str, Any]
"""A JSON object as the API hands it over (read only here and in setup parsing)."""
JsonOut = dict[str, object]
"""A JSON object going out: a stored action or setup, a phone's view."""
Cards = tuple[int, ...]
MAX_CARDS = 20
"""More cards than any hand could hold: a list longer than this is a malformed action."""


@dataclass(frozen=True)
class Move:
    """Move a pawn forward (up to the front-most enemy) or backward."""

    player: str
    card: int
    backward: bool = False


@dataclass(frozen=True)
class Push:
    """Push the enemies on the adjacent space back."""

    player: str
    target: str
    card: int


@dataclass(frozen=True)
class Attack:
    """Attack with cards that all show the exact distance."""

    player: str
    target: str
    cards: Cards


@dataclass(frozen=True)
class Dash:
    """Dashing strike: a dash forward, then a strike of cards showing the new distance."""

    player: str
    target: str
    dash: int
    cards: Cards


@dataclass(frozen=True)
class DashingBlock:
    """Dash onto a threatened teammate's space and add cards to their block."""

    player: str
    dash: int
    cards: Cards
    teammate: str | None = None
    """Whose block the cards join (the first target when not given)."""


@dataclass(frozen=True)
class Block:
    """A target puts in block cards."""

    player: str
    cards: Cards


@dataclass(frozen=True)
class Retreat:
    """A target of a dashing strike retreats."""

    player: str
    card: int


@dataclass(frozen=True)
class Hit:
    """A target takes the hit."""

    player: str


@dataclass(frozen=True)
class EndTurn:
    """End the current turn."""

    turn: int | None = None
    """The turn the phone showed: a double tap is refused, not a skipped turn (None in logs
    written before phones sent it: not checked)."""


@dataclass(frozen=True)
class Draw:
    """Correct the draw pile by hand: cards drawn (for a player: they refill that many fewer),
    or, a negative count, cards counted by mistake put back."""

    count: int = 1
    player: str | None = None


@dataclass(frozen=True)
class Discard:
    """Rules 2: a player lost cards from their hand outside a play (an ability that
    discards): they draw them back at their next refill."""

    player: str
    count: int = 1


@dataclass(frozen=True)
class Reshuffle:
    """Raid: the pile ran out the first time; the table reshuffles the discards and the
    Dragon's hand, the Dragon redraws, and the refills owed are drawn."""


@dataclass(frozen=True)
class Choose:
    """Before the first round: a seat chooses its character (in secret, or 2 vs 2 in the
    open, in pick order)."""

    character: str
    player: str | None = None
    """Whose character (None: the phone's own seat)."""


@dataclass(frozen=True)
class TimeOver:
    """Settle a round that ran out of cards from the hands shown."""

    hands: tuple[tuple[str, Cards], ...]


@dataclass(frozen=True)
class ShowHand:
    """Time-over, on a seat's own phone: the cards in its own hand (hidden until every
    standing fighter's hand is in; then the round is settled as ``TimeOver`` would)."""

    cards: Cards


@dataclass(frozen=True)
class UseAbility:
    """Turn one of a player's abilities face down."""

    player: str
    ability: str


@dataclass(frozen=True)
class AbilityHit:
    """Use an ability whose effect is a hit (e.g. a hit at an exact distance)."""

    player: str
    ability: str
    target: str | None = None
    """The opponent hit (None: the one opponent the ability can reach)."""


@dataclass(frozen=True)
class FirstPlayer:
    """Between rounds: the losing side names who goes first."""

    player: str


@dataclass(frozen=True)
class Place:
    """Put a pawn on a space by hand."""

    player: str
    space: int


@dataclass(frozen=True)
class BotTurn:
    """Solo: the bot's hand and the card it drew; the bot plays its turn."""

    hand: Cards
    drawn: int


@dataclass(frozen=True)
class BotDefend:
    """Solo: the bot's hand and the extra card it drew to answer an attack."""

    hand: Cards
    extra: int


@dataclass(frozen=True)
class Accuse:
    """Betrayal: the acting mortal accuses another of being the traitor."""

    accused: str


@dataclass(frozen=True)
class Reveal:
    """Betrayal: the traitor reveals and names hands: (mortal, named right)."""

    guesses: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class DragonReveal:
    """Betrayal: the Dragon shows the traitor card for one more hit point."""


@dataclass(frozen=True)
class NewGame:
    """A new game at the same table (solo: another character or bot)."""

    character: str | None = None
    bot: str | None = None


@dataclass(frozen=True)
class SwapAbility:
    """Custom Clockwork, between rounds: the loser swaps one ability for an unused one."""

    player: str
    give: str
    take: str


@dataclass(frozen=True)
class SwitchOrder:
    """2 vs 2, between rounds: a team swaps who is its p1 and who its p2."""

    player: str


Action = (
    Move
    | Push
    | Attack
    | Dash
    | DashingBlock
    | Block
    | Retreat
    | Hit
    | EndTurn
    | Draw
    | Discard
    | Reshuffle
    | Choose
    | TimeOver
    | ShowHand
    | UseAbility
    | AbilityHit
    | FirstPlayer
    | Place
    | BotTurn
    | BotDefend
    | Accuse
    | Reveal
    | DragonReveal
    | NewGame
    | SwapAbility
    | SwitchOrder
)


# --- reading JSON (companion.game.fields, and the shapes only Flash Duel has) ------------

MAX_NUMBER = 99


def number(data: JsonObject, key: str, default: int | None = None) -> int:
    """Read a whole-number field (a card, a space, a count)."""
    return whole(data, key, -MAX_NUMBER, MAX_NUMBER, default)


def cards(data: JsonObject, key: str = "cards") -> Cards:
    """Read a list of cards (1 to 20 whole numbers)."""
    values = data.get(key)
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_CARDS:
        raise REFUSE(InvalidAction, "fd_cards_field", key=key, most=MAX_CARDS)
    return tuple(number({key: v}, key) for v in values)


def hands(data: JsonObject) -> tuple[tuple[str, Cards], ...]:
    """Read the hands shown at time-over: {name: [cards]} (a hand may be empty)."""
    raw = data.get("hands")
    if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
        raise REFUSE(InvalidAction, "fd_hands_field")
    out = []
    for name, values in raw.items():
        shown = cards({"hand": values}, "hand") if values != [] else ()
        out.append((name, shown))
    return tuple(out)


def hand(data: JsonObject) -> Cards:
    """Read one hand shown at time-over: a list of cards (it may be empty)."""
    if data.get("cards") == []:
        return ()
    return cards(data)


def guesses(data: JsonObject) -> tuple[tuple[str, bool], ...]:
    """Read a traitor's named hands: [[mortal, named right], ...]."""
    raw = data.get("guesses", [])
    if not isinstance(raw, list) or not all(
        isinstance(g, list) and len(g) == 2 and isinstance(g[0], str) and isinstance(g[1], bool)
        for g in raw
    ):
        raise REFUSE(InvalidAction, "fd_guesses_field")
    return tuple((str(g[0]), bool(g[1])) for g in raw)


PARSERS: dict[str, Callable[[JsonObject], Action]] = {
    "move": lambda d: Move(text(d, "player"), number(d, "card"), flag(d, "backward")),
    "push": lambda d: Push(text(d, "player"), text(d, "target"), number(d, "card")),
    "attack": lambda d: Attack(text(d, "player"), text(d, "target"), cards(d)),
    "dash": lambda d: Dash(text(d, "player"), text(d, "target"), number(d, "dash"), cards(d)),
    "dashing_block": lambda d: DashingBlock(
        text(d, "player"), number(d, "dash"), cards(d), optional_text(d, "teammate")
    ),
    "block": lambda d: Block(text(d, "player"), cards(d)),
    "retreat": lambda d: Retreat(text(d, "player"), number(d, "card")),
    "hit": lambda d: Hit(text(d, "player")),
    "end_turn": lambda d: EndTurn(optional_whole(d, "turn", -MAX_NUMBER, MAX_NUMBER)),
    "draw": lambda d: Draw(number(d, "count", 1), optional_text(d, "player")),
    "discard": lambda d: Discard(text(d, "player"), number(d, "count", 1)),
    "reshuffle": lambda d: Reshuffle(),
    "choose": lambda d: Choose(text(d, "character"), optional_text(d, "player")),
    "time_over": lambda d: TimeOver(hands(d)),
    "show_hand": lambda d: ShowHand(hand(only(d, "show_hand", ("cards",)))),
    "use_ability": lambda d: UseAbility(text(d, "player"), text(d, "ability")),
    "ability_hit": lambda d: AbilityHit(
        text(d, "player"), text(d, "ability"), optional_text(d, "target")
    ),
    "first_player": lambda d: FirstPlayer(text(d, "player")),
    "place": lambda d: Place(text(d, "player"), number(d, "space")),
    "bot_turn": lambda d: BotTurn(cards(d, "hand"), number(d, "drawn")),
    "bot_defend": lambda d: BotDefend(cards(d, "hand"), number(d, "extra")),
    "accuse": lambda d: Accuse(text(d, "accused")),
    "reveal": lambda d: Reveal(guesses(d)),
    "dragon_reveal": lambda d: DragonReveal(),
    "new_game": lambda d: NewGame(optional_text(d, "character"), optional_text(d, "bot")),
    "swap_ability": lambda d: SwapAbility(text(d, "player"), text(d, "give"), text(d, "take")),
    "switch_order": lambda d: SwitchOrder(text(d, "player")),
}


def parse_action(data: JsonObject) -> Action:
    """Read an action from its JSON form.

    :raises InvalidAction: for an unknown type or a field of the wrong shape.
    """
    return by_type(data, PARSERS)


TYPE_NAMES: dict[type, str] = {
    Move: "move",
    Push: "push",
    Attack: "attack",
    Dash: "dash",
    DashingBlock: "dashing_block",
    Block: "block",
    Retreat: "retreat",
    Hit: "hit",
    EndTurn: "end_turn",
    Draw: "draw",
    Discard: "discard",
    Reshuffle: "reshuffle",
    Choose: "choose",
    TimeOver: "time_over",
    ShowHand: "show_hand",
    UseAbility: "use_ability",
    AbilityHit: "ability_hit",
    FirstPlayer: "first_player",
    Place: "place",
    BotTurn: "bot_turn",
    BotDefend: "bot_defend",
    Accuse: "accuse",
    Reveal: "reveal",
    DragonReveal: "dragon_reveal",
    NewGame: "new_game",
    SwapAbility: "swap_ability",
    SwitchOrder: "switch_order",
}


def action_to_json(action: Action) -> JsonOut:
    """Write an action in the JSON shape the log stores (fields left out stay out)."""
    out: JsonOut = {"type": TYPE_NAMES[type(action)]}
    for key, value in vars(action).items():
        if value is None or (key == "backward" and value is False):
            continue
        if isinstance(action, TimeOver):
            out[key] = {name: list(shown) for name, shown in action.hands}
        elif isinstance(action, Reveal):
            out[key] = [list(g) for g in action.guesses]
        else:
            out[key] = list(value) if isinstance(value, tuple) else value
    return out
