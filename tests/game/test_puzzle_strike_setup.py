"""Puzzle Strike setups read from a create request, and bank options read from JSON."""

from __future__ import annotations

from typing import Any

import pytest

from companion.game.errors import IllegalMove, InvalidSetup
from companion.game.puzzle_strike.bank import BankError, recommended_bank
from companion.game.puzzle_strike.bank_json import bank_to_json, options_from_json
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.setup import Setup, setup_from_request
from printkit.catalog import Catalog
from printkit.catalog.bankcode import encode_bank


def test_a_request_becomes_a_setup(catalog: Catalog) -> None:
    setup = setup_from_request({"players": [" Ana ", "Ben"], "mirrors": True}, catalog, 5)
    assert setup.players == ("Ana", "Ben") and setup.mode is Mode.TWO_PLAYER
    assert (setup.edition, setup.sets, setup.seed, setup.mirrors) == (3, ("base-3e",), 5, True)
    assert len(set(setup.bank)) == 10
    assert setup_from_request({"players": ["Ana", "Ben"]}, catalog, 5).bank == setup.bank
    assert setup_from_request({"players": ["Ana", "Ben"]}, catalog, 6).bank != setup.bank


def test_defaults_and_editions(catalog: Catalog) -> None:
    three = setup_from_request({"players": ["A", "B", "C"], "sets": ["base-2e"]}, catalog, 1)
    assert three.mode is Mode.FREE_FOR_ALL and three.edition == 2
    team = setup_from_request({"players": ["A", "B", "C", "D"], "mode": "team-battle"}, catalog, 1)
    assert team.sides == (("A", "C"), ("B", "D"))
    assert three.sides == (("A",), ("B",), ("C",))


def test_banks_from_a_code_or_the_rulebook(catalog: Catalog) -> None:
    first = recommended_bank(catalog, "base-3e", "First Game")
    by_name = setup_from_request({"players": ["A", "B"], "recommended": "First Game"}, catalog, 1)
    assert by_name.bank == tuple(c.key for c in first.chips)
    code = encode_bank(catalog, ["base-3e"], [c.key for c in first.chips])
    by_code = setup_from_request({"players": ["A", "B"], "bank_code": code}, catalog, 1)
    assert set(by_code.bank) == set(by_name.bank)
    with pytest.raises(IllegalMove, match="for other sets"):
        setup_from_request(
            {"players": ["A", "B"], "bank_code": code, "sets": ["shadows"]}, catalog, 1
        )


@pytest.mark.parametrize(
    ("body", "error", "message"),
    [
        ({"players": ["A", "B"], "mode": "chess"}, InvalidSetup, "'mode' must be one of"),
        ({"players": ["A", "B"], "sets": "base-3e"}, InvalidSetup, "'sets' must be a list"),
        ({"players": ["A", "B"], "sets": ["base-9e"]}, IllegalMove, "unknown set 'base-9e'"),
        ({"players": ["A", "B"], "recommended": "Nope"}, IllegalMove, "no recommended bank"),
        ({"players": ["A", "B"], "min_attacks": 11}, IllegalMove, "min-attacks"),
        ({"players": ["A"]}, InvalidSetup, "players"),
    ],
)
def test_bad_requests(catalog: Catalog, body: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        setup_from_request(body, catalog, 1)


def test_a_setup_round_trips_through_json(catalog: Catalog) -> None:
    setup = setup_from_request({"players": ["A", "B"]}, catalog, 3)
    drafted = Setup(**{**setup.__dict__, "clockwork": (("A", ("x/1", "x/2", "x/3")),)})
    for s in (setup, drafted):
        assert Setup.from_json(s.to_json()) == s
    old = {k: v for k, v in setup.to_json().items() if k not in ("kind", "mirrors")}
    assert Setup.from_json(old) == setup  # older stored setups


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"exclude": "Ouch"}, "'exclude' must be a list of chip names"),
        ({"max_attacks": "2"}, "'max_attacks' must be a whole number"),
        ({"cost_bands": [[1]]}, "'cost_bands' must be a list of"),
    ],
)
def test_bad_bank_options(data: dict[str, object], message: str) -> None:
    with pytest.raises(BankError, match=message):
        options_from_json(data)


def test_bank_options_and_json(catalog: Catalog) -> None:
    options = options_from_json(
        {"no_attacks": True, "cheap": 2, "cost_bands": [[1, 2], [5, 8]], "min_black_arrows": 1}
    )
    assert (options.max_attacks, options.cheap_cost, options.min_black_arrows) == (0, 2, 1)
    assert [str(b) for b in options.cost_bands] == ["1-2", "5-8"]
    data = bank_to_json(recommended_bank(catalog, "base-3e", "First Game"))
    assert data["name"] == "First Game" and len(data["stacks"]) == 10
    assert {"key", "name", "cost", "icons", "banner_icons", "attack"} <= set(data["stacks"][0])
