"""The JSON field readers every game's actions are read with (companion/game/fields.py)."""

from __future__ import annotations

import pytest

from companion.game import fields
from companion.game.draft.actions import parse_action as draft_action
from companion.game.errors import InvalidAction
from companion.game.flash_duel.actions import parse_action as duel_action
from companion.game.puzzle_strike.actions import parse_action as strike_action
from companion.game.shadowfist.actions import parse_action as shadowfist_action


@pytest.mark.parametrize(
    ("data", "read", "message"),
    [
        (
            {"n": True},
            lambda d: fields.whole(d, "n", 1, 4),
            "'n' must be a whole number from 1 to 4",
        ),
        ({"n": 5}, lambda d: fields.whole(d, "n", 1, 4), "'n' must be a whole number from 1 to 4"),
        ({"n": "2"}, lambda d: fields.whole(d, "n", 1, 4), "'n' must be a whole number"),
        ({"n": 10}, lambda d: fields.optional_whole(d, "n", 0, 9), "'n' must be a whole number"),
        ({"s": ""}, lambda d: fields.text(d, "s"), "'s' must be a text of 1 to 200 characters"),
        ({"s": "x" * 201}, lambda d: fields.text(d, "s"), "'s' must be a text of 1 to 200"),
        ({"s": 3}, lambda d: fields.text(d, "s", "gm_field_player"), "'s' must name a player"),
        ({"f": "yes"}, lambda d: fields.flag(d, "f"), "'f' must be true or false"),
        ({"c": "d"}, lambda d: fields.one_of(d, "c", ["a", "b"]), "'c' must be one of a, b"),
        ({"c": ["a"]}, lambda d: fields.one_of(d, "c", ["a", "b"]), "'c' must be one of a, b"),
    ],
)
def test_a_field_of_the_wrong_shape_is_named_with_what_it_must_be(
    data: dict[str, object], read: object, message: str
) -> None:
    with pytest.raises(InvalidAction, match=message.replace("(", r"\(")):
        read(data)  # type: ignore[operator]


def test_readers_give_the_typed_value_and_defaults() -> None:
    assert fields.whole({}, "n", 0, 9, default=3) == 3
    assert fields.optional_text({"s": None}, "s") is None
    assert fields.optional_whole({}, "n", 0, 9) is None
    assert fields.optional_whole({"n": None}, "n", 0, 9) is None
    assert fields.optional_whole({"n": 4}, "n", 0, 9) == 4
    assert fields.flag({}, "f") is False
    assert fields.one_of({"c": "b"}, "c", ["a", "b"]) == "b"


@pytest.mark.parametrize("parse", [strike_action, duel_action, shadowfist_action])
def test_every_game_names_an_unknown_action_type_the_same_way(parse: object) -> None:
    for data in ({"type": "fly"}, {"type": 3}, {}):
        with pytest.raises(InvalidAction, match=r"^unknown action .* \(known: "):
            parse(data)  # type: ignore[operator]


def test_every_game_refuses_a_name_too_long_the_same_way() -> None:
    long = "x" * 201
    with pytest.raises(InvalidAction, match="'player' must"):
        strike_action({"type": "add_gem", "player": long, "value": 1})
    with pytest.raises(InvalidAction, match="'player' must"):
        duel_action({"type": "hit", "player": long})
    with pytest.raises(InvalidAction, match="'player' must name a player"):
        shadowfist_action({"type": "play_site", "player": long})
    with pytest.raises(InvalidAction, match="'key' must name an item of the pool"):
        draft_action({"type": "pick", "key": long})
