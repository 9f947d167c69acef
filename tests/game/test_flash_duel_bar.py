"""Flash Duel phones told what they may do (issue 27, item 10): a teammate who may dashing
block is told so in the bar (seed 002 line 256: a teammate ahead of you, threatened, and you
not recovering; line 301: in a Raid several mortals may); a player defeated on their own turn
is not told "Your turn"; the picker shows each character's ability cards."""

from __future__ import annotations

from dataclasses import replace

from companion.game.flash_duel.next_step import next_step
from companion.game.words import filled
from printkit.catalog import Catalog
from tests.fd_table import Table

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "midori", "Drake": "menelker"}


def team(catalog: Catalog) -> Table:
    """Ana and Cat (team A, space 1) against Ben and Dan (team B, space 18)."""
    players = ["Ana", "Ben", "Cat", "Dan"]
    return Table(catalog, mode="team-battle", players=players, characters=CHARS)


def bar(table: Table, viewer: str) -> str:
    """Return the viewer's bar in English."""
    step = next_step(table.state, viewer)
    assert step is not None
    return filled(step)


def test_a_teammate_behind_the_attacked_may_dashing_block(catalog: Catalog) -> None:
    table = team(catalog).place(Cat=5, Ana=8, Ben=11, Dan=15).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    assert bar(table, "Cat") == "Ben attacks Ana: you may dashing block"
    assert next_step(table.state, "Cat")["mine"] is True  # type: ignore[index]
    assert bar(table, "Dan") == "Waiting for Ana to answer Ben"


def test_a_recovering_or_defeated_teammate_cannot_dashing_block(catalog: Catalog) -> None:
    table = team(catalog).place(Cat=5, Ana=8, Ben=11, Dan=15).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3])
    attacked = table.state
    for changed in ({"recovering": ("Cat",)}, {"defeated": ("Cat",)}):
        table.state = replace(attacked, **changed)  # type: ignore[arg-type]
        assert bar(table, "Cat") == "Waiting for Ana to answer Ben", changed


def test_a_player_defeated_on_their_own_turn_is_not_told_your_turn(catalog: Catalog) -> None:
    table = team(catalog).turn_to("Ana")
    table.state = replace(table.state, defeated=("Ana",))
    assert bar(table, "Ana") == "You are defeated: end the turn so play goes on"


def test_the_picker_shows_each_characters_ability_cards(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], rules=2, blind=True)
    options = table.view("Ana")["choosing"]["options"]
    grave = next(o for o in options if o["id"] == "grave")
    fd = next(s for g in catalog.games for s in g.sets if g.id == "flash-duel")
    known = next(c for c in fd.characters if c.id == "grave").abilities  # type: ignore[attr-defined]
    assert [a["name"] for a in grave["abilities"]] == [a.name for a in known]
    assert all(a["effect"] and a["known"] for a in grave["abilities"])
    unknown = [a for o in options for a in o["abilities"] if not a["known"]]
    written = [a for c in fd.characters for a in c.abilities if not a.is_known()]  # type: ignore[attr-defined]
    assert len(unknown) == len(written)  # a write-in card says so instead of inventing a text
