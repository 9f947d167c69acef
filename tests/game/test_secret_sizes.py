"""A state answer's size does not tell a secret (issue #26, item 5).

Over HTTPS an onlooker still sees how long each answer is: a traitor's answer was 2 bytes
longer than a loyal player's ("traitor" / "loyal"), and a phone's own secret pick changed the
length of its answer with the length of the character's id. For every game with a secret
(Betrayal loyalty cards; the double-blind picks of Flash Duel's Full Game, Raid and
Betrayal; Puzzle Strike's picks) the answers of one viewer, at tables that differ only in
that secret, have one length. Answers are serialised as the server does
(``companion/web/matches.py`` ``answer``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask

from companion.game.padding import SECRET_WIDTH, json_size
from companion.game.puzzle_strike.piles import Mode
from companion.web import common
from printkit.catalog import Catalog, load_catalog
from tests.fd_table import Table
from tests.helpers import open_room
from tests.ps_helpers import do, new_room, view

BETRAYAL = ["Ana", "Ben", "Cid", "Dee", "Drake"]


def size(answer: dict[str, Any]) -> int:
    """Return the answer's length in bytes, as the server sends it."""
    return len(json.dumps(answer, separators=(",", ":")).encode())


def test_a_traitors_answer_is_as_long_as_a_loyal_players(catalog: Catalog) -> None:
    characters = dict(zip(BETRAYAL[:4], ["grave", "rook", "jaina", "midori"], strict=True))
    table = Table(catalog, mode="betrayal", players=BETRAYAL, dragon="Drake",
                  characters=characters, rules=2)  # fmt: skip
    dealt = table.state.betrayal
    assert dealt is not None
    for viewer in BETRAYAL:
        lengths = {}
        for traitor in BETRAYAL:  # the same table, the traitor card dealt to each in turn
            cards = tuple((p, "traitor" if p == traitor else "loyal") for p, _ in dealt.cards)
            table.state = replace(table.state, betrayal=replace(dealt, cards=cards))
            shown = table.view(viewer)
            assert shown["loyalty"] == ("traitor" if viewer == traitor else "loyal")
            lengths[traitor] = size(shown)
        assert len(set(lengths.values())) == 1, (viewer, lengths)


@pytest.mark.parametrize(
    "request_",
    [
        {"mode": "full", "players": ["Ana", "Ben"]},
        {"mode": "raid", "players": ["Ana", "Ben", "Drake"], "dragon": "Drake"},
        {"mode": "betrayal", "players": BETRAYAL, "dragon": "Drake"},
    ],
    ids=["full", "raid", "betrayal"],
)
def test_a_flash_duel_pick_does_not_change_the_answers_length(
    catalog: Catalog, request_: dict[str, Any]
) -> None:
    lengths = {}
    for character in Table(catalog, rules=2, **request_).state.fd.characters:
        table = Table(catalog, rules=2, **request_)
        if table.state.betrayal is not None:  # the same deal at every table
            dealt = table.state.betrayal
            cards = tuple((p, "traitor" if p == "Ben" else "loyal") for p, _ in dealt.cards)
            table.state = replace(table.state, betrayal=replace(dealt, cards=cards))
        table.act("Ana", type="choose", character=character.id)
        shown = table.view("Ana")
        assert shown["choosing"]["mine"] == character.id
        lengths[character.id] = size(shown)
    assert len(set(lengths.values())) == 1, lengths


@pytest.mark.parametrize(
    ("players", "mode"),
    [
        (["Ana", "Ben"], Mode.TWO_PLAYER),
        (["Ana", "Ben", "Cid"], Mode.FREE_FOR_ALL),
        (["Ana", "Ben", "Cid", "Dee"], Mode.TEAM_BATTLE),
    ],
)
def test_a_puzzle_strike_pick_does_not_change_the_answers_length(
    catalog: Catalog, players: list[str], mode: Mode
) -> None:
    start = new_room(catalog, players, mode)
    picks = [p["id"] for p in view(start, "Ana", catalog)["character_options"]]
    assert len(picks) >= 10
    lengths = {}
    for pick in picks:
        shown = view(do(start, catalog, "Ana", type="choose", character=pick), "Ana", catalog)
        assert shown["characters"]["Ana"] is not None
        lengths[pick] = size(dict(shown))
    assert len(set(lengths.values())) == 1, lengths


def test_every_secret_the_catalog_can_hold_fits_the_padding(catalog: Catalog) -> None:
    # A user's data folder can add characters: the width leaves room for long names.
    names = [c.name for s in catalog.puzzle_strike_sets() for c in s.characters]
    ids = [c.id for c in Table(catalog, rules=2, players=["Ana", "Ben"]).state.fd.characters]
    longest = max(json_size(n) for n in [*names, *ids])
    assert json_size("traitor") + longest <= SECRET_WIDTH // 2, longest


def test_through_the_api_a_traitors_answer_is_as_long_as_a_loyal_players(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two Betrayal tables that deal Ben the traitor card and a loyal card: Ben's phone gets
    # answers of one length (names of one length, so nothing but the card differs).
    players = ["Ana", "Ben", "Cid", "Dee", "Eve"]
    characters = dict(zip(players[:4], ["grave", "rook", "jaina", "midori"], strict=True))
    lengths = {}
    for card in ("traitor", "loyal"):
        seed = next(s for s in range(1000) if ben_holds(s, players, card))
        monkeypatch.setattr(common, "secrets", SimpleNamespace(randbelow=lambda _, s=seed: s))
        room, _, phones = open_room(app, {"kind": "flash-duel", "mode": "betrayal",
                                          "players": players, "characters": characters,
                                          "dragon": "Eve"})  # fmt: skip
        answer = phones[1].get(f"/api/matches/{room}/state")
        assert answer.get_json()["state"]["loyalty"] == card
        lengths[card] = len(answer.data)
    assert lengths["traitor"] == lengths["loyal"], lengths


def ben_holds(seed: int, players: list[str], card: str) -> bool:
    """Return True when a table of this seed deals Ben this loyalty card."""
    table = Table(load_catalog(), seed=seed, mode="betrayal", players=players, dragon="Eve",
                  characters={"Ana": "grave"}, rules=2)  # fmt: skip
    assert table.state.betrayal is not None
    return table.state.betrayal.card_of("Ben") == card
