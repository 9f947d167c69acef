"""Shadowfist table arithmetic and victory (seed 004, basic rules); numbers from the catalog.

- Seating and the first player are random.
- Sites generate power in the Establishing Shot's power step (a face-down Feng Shui Site
  makes 1); a player who will discard more than one card skips it.
- Feng Shui Sites (like every site) are played in your Main Shot.
- Everyone starts with 1 power.
- A Feng Shui Site played while you control none gains you 1 power; otherwise it costs one
  power per Feng Shui Site you control (your third costs 2). One site a turn, on your turn.
- Burning a site for power gains (number of players + 1) power, at most 5.
- Victory: Feng Shui Sites controlled plus burned for victory reach 5, checked when you seize
  or burn one for victory; playing one wins only when no one else has a site to attack.
  Or every opponent has drawn their last card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.game.errors import IllegalMove
from companion.game.shadowfist.refusals import REFUSE
from printkit.catalog import Catalog, ShadowfistRules, ShadowfistSet

MAIN_SHOT = "main-shot"
"""The catalog's id of the turn phase in which sites are played."""
POWER_STEP = "generate-power"
"""The catalog's id of the Establishing Shot's power step."""


class ShadowfistError(IllegalMove):
    """An action the rules do not allow; the message says why."""


def game_set(catalog: Catalog) -> ShadowfistSet:
    """Return the Shadowfist rules of the catalog.

    :raises ShadowfistError: when the catalog has none.
    """
    for game in catalog.games:
        for candidate in game.sets:
            if isinstance(candidate, ShadowfistSet):
                return candidate
    raise REFUSE(ShadowfistError, "sf_no_rules")


def prompts(catalog: Catalog) -> list[tuple[str, str]]:
    """Return the turn prompts in order: (phase or step name, what to do)."""
    out: list[tuple[str, str]] = []
    for phase in game_set(catalog).turn:
        if phase.steps:
            out += [(f"{phase.name}: {s.name}", s.summary) for s in phase.steps]
        else:
            out.append((phase.name, phase.summary))
    return out


def step_ids(catalog: Catalog) -> list[tuple[str, str]]:
    """Return (phase id, step id) per turn prompt, in order (a phase without steps is its
    own step)."""
    out: list[tuple[str, str]] = []
    for phase in game_set(catalog).turn:
        out += [(phase.id, s.id) for s in phase.steps] or [(phase.id, phase.id)]
    return out


def phase_of_step(catalog: Catalog, step: int) -> str:
    """Return the id of the turn phase a prompt index belongs to ("main-shot", ...)."""
    return step_ids(catalog)[step][0]


def step_of(catalog: Catalog, step: int) -> str:
    """Return the id of the step a prompt index is ("generate-power", ...)."""
    return step_ids(catalog)[step][1]


def index_of_step(catalog: Catalog, step_id: str) -> int:
    """Return the prompt index of a step id.

    :raises ShadowfistError: when the catalog's turn has no such step.
    """
    for index, (_, candidate) in enumerate(step_ids(catalog)):
        if candidate == step_id:
            return index
    raise REFUSE(ShadowfistError, "sf_no_step", step=step_id)


def site_power(rules: ShadowfistRules, player: Player) -> int:
    """Return what a player's face-down Feng Shui Sites generate in their Establishing Shot."""
    return player.sites * rules.face_down_site_power


def seat_players(players: Sequence[str], rng: random.Random) -> tuple[tuple[str, ...], str]:
    """Return a random seating order and a random first player.

    :raises ShadowfistError: for fewer than 2 players or repeated names.
    """
    if len(players) < 2 or len(set(players)) != len(players):
        raise REFUSE(ShadowfistError, "sf_players_names")
    left = list(players)
    seating = tuple(left.pop(rng.randrange(len(left))) for _ in range(len(players)))
    return seating, seating[rng.randrange(len(seating))]


def site_play(rules: ShadowfistRules, controlled: int) -> tuple[int, int]:
    """Return (power to pay, power gained) to play a Feng Shui Site."""
    if controlled < 0:
        raise REFUSE(ShadowfistError, "sf_negative_sites")
    if controlled == 0:
        return 0, rules.first_site_power_gain
    return controlled, 0


def burn_for_power(rules: ShadowfistRules, players: int) -> int:
    """Return the power gained by burning a site for power."""
    if players < 2:
        raise REFUSE(ShadowfistError, "sf_two_players")
    return min(players + rules.burn_for_power_bonus, rules.burn_for_power_max)


@dataclass(frozen=True)
class Player:
    """One player's numbers at the table."""

    name: str
    power: int
    sites: int = 0
    """Feng Shui Sites controlled."""
    burned: int = 0
    """Feng Shui Sites in the burned-for-victory pile."""
    decked: bool = False
    """Has drawn the last card of their deck."""

    @property
    def victory_count(self) -> int:
        """Return Feng Shui Sites controlled plus burned for victory."""
        return self.sites + self.burned


def start_player(rules: ShadowfistRules, name: str) -> Player:
    """Return a player as the game starts: the starting power, no sites."""
    return Player(name, rules.starting_power)


def spend(player: Player, amount: int) -> Player:
    """Spend power from the player's pool.

    :raises ShadowfistError: when the pool is short.
    """
    if amount < 0:
        raise REFUSE(ShadowfistError, "sf_spend_positive")
    if amount > player.power:
        raise REFUSE(
            ShadowfistError, "sf_power_short", who=player.name, power=player.power, amount=amount
        )
    return replace(player, power=player.power - amount)


def play_site(rules: ShadowfistRules, player: Player) -> Player:
    """Play a Feng Shui Site: pay its cost (or gain the first site's power).

    :raises ShadowfistError: when the player cannot pay.
    """
    cost, gain = site_play(rules, player.sites)
    player = spend(player, cost)
    return replace(player, power=player.power + gain, sites=player.sites + 1)


def has_victory_sites(rules: ShadowfistRules, player: Player) -> bool:
    """Return True when sites controlled plus burned for victory reach the goal (5)."""
    return player.victory_count >= rules.victory_sites


def all_decked(opponents: Sequence[Player]) -> bool:
    """Return True when every opponent has drawn their last card (a win for the player)."""
    return bool(opponents) and all(o.decked for o in opponents)


def is_winner(rules: ShadowfistRules, player: Player, opponents: Sequence[Player]) -> bool:
    """Return True when the player has won by seizing or burning (5 sites), or every
    opponent has decked out."""
    return all_decked(opponents) or has_victory_sites(rules, player)


def may_win_by_playing(rules: ShadowfistRules, player: Player, opponents: Sequence[Player]) -> bool:
    """Return True when playing a Feng Shui Site may be the winning fifth: only if no
    opponent has one to attack."""
    return player.victory_count + 1 >= rules.victory_sites and not any(o.sites for o in opponents)
