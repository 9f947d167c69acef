"""Wording found in play (issue 27, item 12): a team wins in the plural, one hit point is
singular, a Raid strike names every pawn it hits, the Flash Duel draft says "card"."""

from __future__ import annotations

from dataclasses import replace

from companion.game.draft.room import RULES as DRAFT
from companion.game.flash_duel import actions as act
from companion.game.flash_duel.state import Event, Happening, Outcome, Termination
from companion.game.flash_duel.view import describe, round_sentence, say_event
from companion.game.words import filled
from printkit.catalog import Catalog
from tests.fd_table import Table

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "midori", "Drake": "menelker"}


def test_a_team_wins_in_the_plural(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Dan"]
    state = Table(catalog, mode="team-battle", players=players, characters=CHARS).state
    hit = Termination.HIT
    won = replace(state, last_round=Outcome(hit, "A"), game=Outcome(hit, "A"))
    assert round_sentence(won) == "round to Ana & Cat; Ana & Cat win the game"


def test_one_hit_point_left_is_singular(catalog: Catalog) -> None:
    state = Table(catalog, players=["Ana", "Ben"], characters=CHARS).state
    one = Event(Happening.LOST_HIT_POINT, ("Drake",), 1)
    assert say_event(state, one) == "Drake was hit: 1 hit point left"
    two = Event(Happening.LOST_HIT_POINT, ("Drake",), 2)
    assert say_event(state, two) == "Drake was hit: 2 hit points left"


def test_a_dragon_strike_names_every_mortal_on_the_space(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Drake"]
    table = Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS)
    table.place(Ana=6, Ben=6, Drake=9).turn_to("Drake")
    table.act("Drake", type="attack", player="Drake", target="Ana", cards=[3])
    assert table.history[-1] == "Drake attacks Ana and Ben with 3"
    attack = act.Attack("Drake", "Ana", (3,))
    assert describe(attack, "Drake", table.state)["args"]["target"] == "Ana and Ben"


def test_the_flash_duel_draft_says_card(catalog: Catalog) -> None:
    setup = DRAFT.setup_from_request({"game": "flash-duel", "players": ["Ana", "Ben"]}, catalog, 4)
    state = DRAFT.start(setup, catalog)
    step = DRAFT.view(state, "Ana", catalog)["next_step"]
    assert "tap a card to read it" in filled(step)
    ps = DRAFT.setup_from_request({"game": "puzzle-strike", "players": ["Ana", "Ben"]}, catalog, 4)
    step = DRAFT.view(DRAFT.start(ps, catalog), "Ana", catalog)["next_step"]
    assert "tap a chip to read it" in filled(step)
