"""Shadowfist table aids: card types, turn steps, counters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from printkit.catalog.common import Entry
from printkit.catalog.schema import meta


@dataclass(frozen=True, kw_only=True)
class CardType(Entry):
    """A Shadowfist card type and the fields printed on it."""

    name: str
    fields: tuple[str, ...]
    summary: str


@dataclass(frozen=True, kw_only=True)
class Step(Entry):
    """A numbered step of a turn, an attack or a combat."""

    name: str
    summary: str


@dataclass(frozen=True, kw_only=True)
class Phase(Entry):
    """A part of a Shadowfist turn, with its steps if it has any."""

    name: str
    summary: str
    steps: tuple[Step, ...] = meta(key="step", default=())


@dataclass(frozen=True, kw_only=True)
class ShadowfistRules:
    """The numbers of the basic rules that the table aids work out."""

    victory_sites: int = meta(minimum=1, maximum=10)
    starting_power: int = meta(minimum=0, maximum=10)
    starting_hand: int = meta(minimum=0, maximum=20)
    hand_size: int = meta(minimum=1, maximum=20)
    sites_per_turn: int = meta(minimum=1, maximum=5)
    first_site_power_gain: int = meta(minimum=0, maximum=5)
    """Power gained when playing a Feng Shui Site while controlling none."""
    face_down_site_power: int = meta(minimum=0, maximum=5)
    burn_for_power_bonus: int = meta(minimum=0, maximum=5)
    """Burning a site for power gains (number of players + this)."""
    burn_for_power_max: int = meta(minimum=1, maximum=20)


@dataclass(frozen=True, kw_only=True)
class Counter(Entry):
    """A printed counter of strikekit's Shadowfist table aids."""

    name: str
    use: str = meta(choices=("power", "damage"))
    value: int = meta(minimum=1, maximum=20)
    copies: int = meta(minimum=1, maximum=200)


@dataclass(frozen=True, kw_only=True)
class ShadowfistSet(Entry):
    """Shadowfist basic rules: what the table aids need."""

    SCHEMA: ClassVar[str] = "shadowfist"
    name: str
    sources: tuple[str, ...]
    rules: ShadowfistRules
    card_types: tuple[CardType, ...] = meta(key="card_type")
    turn: tuple[Phase, ...] = meta(key="phase")
    attack_steps: tuple[Step, ...] = meta(key="attack_step")
    combat_steps: tuple[Step, ...] = meta(key="combat_step")
    victory: tuple[Step, ...] = meta(key="victory")
    counters: tuple[Counter, ...] = meta(key="counter", default=())

    def counts(self) -> dict[str, int]:
        """Count the rules entries per kind, and the printed counters."""
        return {
            "card-type": len(self.card_types),
            "turn-phase": len(self.turn),
            "attack-step": len(self.attack_steps),
            "combat-step": len(self.combat_steps),
            "counter": sum(c.copies for c in self.counters),
        }

    def pieces(self) -> int:
        """Count the printed counters (the cards are the players' own)."""
        return sum(c.copies for c in self.counters)

    def gaps(self) -> list[str]:
        """Shadowfist's basic-rule facts are all known."""
        return []
