"""Flash Duel solo bots and achievements (seed 002, "Solo").

On its turn a bot draws a card, then follows the first rule that applies:

1. attack if it can, with every card that shows the distance;
2. if adjacent, push with the card it drew;
3. dashing strike if the drawn card as the dash leaves a distance that other cards in
   hand can strike, with every such card;
4. otherwise move forward with the drawn card.

When attacked or dashing-struck, the bot draws an extra card, then blocks if it can; if it
cannot block a dashing strike it retreats with that extra card. Rook's Rock Armor lets it
block a dashing strike with higher cards of the same count (a random valid choice). The
Deathstrike Dragon bot takes two hits, and a hit with a pair or better makes it discard
every card of the hit's number.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.game.flash_duel.track import Fighter, distance, move
from printkit.catalog import Achievement, FlashDuelSet


@dataclass(frozen=True)
class BotMove:
    """What the bot does on its turn."""

    action: str
    """'attack', 'push', 'dashing-strike' or 'move'."""
    cards: tuple[int, ...]
    """Attack or strike cards; the card for a push or move."""
    dash: int | None = None
    position: int | None = None
    """The bot's space afterwards (moves and dashes)."""


def bot_turn(hand: Sequence[int], drawn: int, bot: Fighter, enemy: Fighter, spaces: int) -> BotMove:
    """Decide the bot's turn; ``hand`` is its 5 cards before drawing ``drawn``."""
    cards = [*hand, drawn]
    gap = distance(bot, enemy)
    strike = tuple(c for c in cards if c == gap)
    if strike:
        return BotMove("attack", strike)
    if gap == 1:
        return BotMove("push", (drawn,))
    dashed = move(bot, enemy, drawn, spaces)
    rest = list(hand)
    new_gap = distance(dashed, enemy)
    strike = tuple(c for c in rest if c == new_gap)
    if strike:
        return BotMove("dashing-strike", strike, dash=drawn, position=dashed.position)
    return BotMove("move", (drawn,), position=dashed.position)


@dataclass(frozen=True)
class BotDefence:
    """How the bot answers an attack or dashing strike."""

    answer: str
    """'block', 'retreat' or 'hit' (it cannot avoid it)."""
    cards: tuple[int, ...] = ()


def bot_defend(
    hand: Sequence[int],
    extra: int,
    incoming: Sequence[int],
    dashing: bool,
    can_retreat: bool,
    rock_armor: bool = False,
    rng: random.Random | None = None,
) -> BotDefence:
    """Answer an attack (or a dashing strike's strike) after drawing the extra card."""
    cards = [*hand, extra]
    if not Counter(incoming) - Counter(cards):
        return BotDefence("block", tuple(incoming))
    if dashing and rock_armor:
        options = higher_blocks(cards, incoming)
        if options:
            pick = options[(rng or random.Random(0)).randrange(len(options))]
            return BotDefence("block", pick)
    if dashing and can_retreat:
        return BotDefence("retreat", (extra,))
    return BotDefence("hit")


def higher_blocks(cards: Sequence[int], incoming: Sequence[int]) -> list[tuple[int, ...]]:
    """Rock Armor: every set of same-numbered cards, as many as the strike, all higher."""
    size, value = len(incoming), max(incoming)
    found = {
        combo
        for combo in combinations(sorted(cards), size)
        if len(set(combo)) == 1 and combo[0] > value
    }
    return sorted(found)


def dragon_discards(hand: Sequence[int], hit: Sequence[int]) -> list[int]:
    """Return the Dragon bot's hand after a hit: a pair or better strips that number."""
    if len(hit) >= 2:
        return [c for c in hand if c != hit[0]]
    return list(hand)


# --- achievements ------------------------------------------------------------------------


@dataclass(frozen=True)
class SoloResult:
    """A round or game won against a bot."""

    bot: str
    character: str
    win: str
    """'round' or 'game' (a game win implies its winning round)."""
    used_abilities: bool


def meets(achievement: Achievement, results: Iterable[SoloResult], all_characters: int) -> bool:
    """Return True when the results earn this achievement."""
    wins = [
        r
        for r in results
        if r.bot == achievement.bot
        and (r.win == "game" or achievement.win == "round")
        and not (achievement.no_abilities and r.used_abilities)
    ]
    needed = achievement.characters or all_characters
    return len({r.character for r in wins}) >= needed if wins else False


def earned(game_set: FlashDuelSet, results: Sequence[SoloResult]) -> list[Achievement]:
    """Return the achievements a player's solo results have earned."""
    everyone = len(game_set.characters)
    return [a for a in game_set.achievements if meets(a, results, everyone)]


def points(game_set: FlashDuelSet, results: Sequence[SoloResult]) -> tuple[int, int]:
    """Return (points earned, points possible)."""
    total = sum(a.points for a in game_set.achievements)
    return sum(a.points for a in earned(game_set, results)), total
