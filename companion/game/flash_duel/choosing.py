"""Characters chosen at the table, before the first round (seed 002).

Full Game, Raid and Betrayal: "If either player wants to choose characters using a
double-blind method, you should do so. In that case, you each secretly choose a character,
then simultaneously reveal your choices." Each seat commits in secret (and may change its
mind) until the last one commits; then all are revealed together. Mirror matches are
allowed. The Dragon plays his own cards and does not choose.

2 vs 2 Team Battle: "One player from team A chooses one of the 20 Fantasy Strike
Characters, then one player from team B chooses a character. Then the other member of team
B chooses, then the second member of team A chooses." Picks are made in that order, in the
open: each one is shown as it is made.

A character the creator filled in is kept; only the others choose. Solo, Simple and Custom
Clockwork tables never choose here. A secret choice is made on the player's own phone only
(no other seat can make, change or see it); a 2 vs 2 pick by the player or a teammate.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.game.flash_duel import actions as act
from companion.game.flash_duel.refusals import REFUSE
from companion.game.flash_duel.state import DuelRoomError, Setup, State
from printkit.catalog.flash_duel import Ability

PICK_ORDER = ("A", "B", "B", "A")
"""2 vs 2: the team whose member picks next, pick after pick."""


@dataclass(frozen=True)
class Choosing:
    """Who still chooses, and the secret picks made so far (player, character, phone)."""

    players: tuple[str, ...]
    """The seats that choose at this table (in seat order)."""
    blind: bool
    """True: double-blind; False: open picks in the 2 vs 2 order."""
    secret: tuple[tuple[str, str], ...] = ()
    """(player, character), hidden until the reveal."""

    def committed(self) -> dict[str, str]:
        """Return each committed player's character."""
        return dict(self.secret)

    def waiting_for(self, setup: Setup) -> tuple[str, ...]:
        """Return the players who have not chosen yet, in seat order."""
        done = {*dict(setup.characters), *self.committed()}
        return tuple(p for p in self.players if p not in done)


def choosers(setup: Setup, needs_characters: bool, solo: bool) -> Choosing | None:
    """Return the choice to make before play, or None when every character is known."""
    if not needs_characters or solo or setup.rules < 2:  # version 1: all filled in at creation
        return None
    known = dict(setup.characters)
    left = tuple(p for p in setup.players if p != setup.dragon and p not in known)
    if not left:
        return None
    return Choosing(left, blind=setup.mode != "team-battle")


def picking_side(state: State, choosing: Choosing) -> str | None:
    """2 vs 2: return the team whose member picks now (None: everyone has picked)."""
    known = dict(state.setup.characters)

    def left(side: str) -> bool:
        return any(m not in known for m in state.members(side))

    upcoming = [*PICK_ORDER[len(known) :], *PICK_ORDER]
    return next((side for side in upcoming if left(side)), None)


def choose(state: State, action: act.Choose, actor: str) -> State:
    """Commit or pick a character; the table starts once every seat has one.

    :raises DuelRoomError: outside the choice, for an unknown character, out of pick
        order, for another seat's secret choice, or for the other team's pick.
    """
    choosing = state.choosing
    if choosing is None:
        raise REFUSE(DuelRoomError, "fd_choose_before")
    player = action.player or actor
    if player not in choosing.waiting_for(state.setup) and player not in choosing.committed():
        raise REFUSE(DuelRoomError, "fd_no_choice_here", player=player)
    if action.character not in {c.id for c in state.fd.characters}:
        known = ", ".join(c.id for c in state.fd.characters)
        raise REFUSE(DuelRoomError, "fd_no_character", character=action.character, known=known)
    if choosing.blind and player != actor:
        raise REFUSE(DuelRoomError, "fd_choose_own_phone", player=player)
    if not choosing.blind and state.side_of(player) != state.side_of(actor):
        raise REFUSE(DuelRoomError, "fd_team_picks", player=player, actor=actor)
    if not choosing.blind:
        return pick(state, choosing, player, action.character)
    return commit(state, choosing, player, action.character)


def commit(state: State, choosing: Choosing, player: str, character: str) -> State:
    """Double-blind: keep the choice secret; reveal all when the last seat has chosen."""
    rest = tuple(s for s in choosing.secret if s[0] != player)
    choosing = replace(choosing, secret=(*rest, (player, character)))
    if choosing.waiting_for(state.setup):
        return replace(state, choosing=choosing)
    return settled(state, choosing.committed())


def pick(state: State, choosing: Choosing, player: str, character: str) -> State:
    """2 vs 2: an open pick, by a member of the team whose turn to pick it is."""
    if player in dict(state.setup.characters):
        raise REFUSE(DuelRoomError, "fd_picked", player=player)
    side = picking_side(state, choosing)
    if side is not None and state.side_of(player) != side:
        names = " or ".join(m for m in state.members(side) if m in choosing.players)
        raise REFUSE(DuelRoomError, "fd_team_turn", side=side, names=names)
    setup = with_characters(state.setup, {player: character})
    state = replace(state, setup=setup, abilities=state.mode.abilities(setup, state.fd))
    return settled(state, {}) if not choosing.waiting_for(setup) else state


def with_characters(setup: Setup, chosen: dict[str, str]) -> Setup:
    """Return the setup with more characters, in seat order."""
    every = {**dict(setup.characters), **chosen}
    return replace(setup, characters=tuple((p, every[p]) for p in setup.players if p in every))


def settled(state: State, chosen: dict[str, str]) -> State:
    """Every seat has its character: the abilities are dealt and the first round begins."""
    setup = with_characters(state.setup, chosen)
    return replace(
        state, setup=setup, abilities=state.mode.abilities(setup, state.fd), choosing=None
    )


def visible(state: State, viewer: str | None) -> dict[str, object] | None:
    """Describe the choice as one phone may see it: its own secret pick, who has chosen."""
    choosing = state.choosing
    if choosing is None:
        return None
    committed = choosing.committed()
    return {
        "blind": choosing.blind,
        "players": list(choosing.players),
        "waiting": list(choosing.waiting_for(state.setup)),
        "chosen": [p for p in choosing.players if p in committed],
        "mine": committed.get(viewer) if viewer is not None else None,
        "picking": None if choosing.blind else picking_side(state, choosing),
        "options": [
            {"id": c.id, "name": c.name, "abilities": [ability_text(a) for a in c.abilities]}
            for c in state.fd.characters
        ],
    }


def ability_text(ability: Ability) -> dict[str, object]:
    """Describe an ability card while characters are picked: the catalog's name, trigger and
    effect; ``known`` is False for a card printed as a write-in (a text no source gives)."""
    return {
        "name": ability.name or "",
        "trigger": ability.trigger or "",
        "effect": ability.effect or "",
        "known": ability.is_known(),
    }
