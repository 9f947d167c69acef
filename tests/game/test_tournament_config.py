"""Tournament settings: each field checked at its limits; stored settings read back."""

from __future__ import annotations

import pytest

from companion.game.puzzle_strike.bank import BankOptions, CostBand
from companion.game.tournament import TournamentError
from companion.game.tournament.config import (
    MAX_ROUNDS,
    MAX_TITLE,
    Config,
    config_from_json,
    read_config,
    whole,
)

SETS = ("base-3e", "shadows")


def read(**data: object) -> Config:
    """Read settings named 'Cup' plus ``data`` against two known sets."""
    return read_config({"name": "Cup", **data}, SETS)


def refused(match: str, **data: object) -> None:
    """Assert the settings are refused with a message matching ``match``."""
    with pytest.raises(TournamentError, match=match):
        read(**data)


def test_defaults() -> None:
    config = read()
    assert config == Config("Cup", "puzzle-strike", ("base-3e",), "full", None, 0, {}, None)
    assert config.games_to_win == 2
    assert read(game="flash-duel").games_to_win == 3


def test_name_is_trimmed_and_one_to_max_title_characters() -> None:
    assert read(name="  Spring \n  Cup ").name == "Spring Cup"
    assert read(name="x" * MAX_TITLE).name == "x" * MAX_TITLE
    assert read(name="x").name == "x"
    refused("'name' must be 1 to 60", name="x" * (MAX_TITLE + 1))
    refused("'name'", name="   ")
    refused("'name'", name=None)
    with pytest.raises(TournamentError, match="'name'"):
        read_config({}, SETS)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Cup\u202e", r"invisible character \(U\+202E\)"),  # a bidi override reorders the title
        ("Cu\u200bp", r"invisible character \(U\+200B\)"),
        ("Cup\x07", "control character"),
        ("Cup\ue000", "private-use character"),
        (["Cup"], "must be text"),
        (7, "must be text"),
    ],
)
def test_a_tournament_name_follows_the_rules_of_every_name(name: object, why: str) -> None:
    refused(why, name=name)


def test_a_tournament_name_is_stored_in_nfc() -> None:
    assert read(name="Cafe\u0301 Cup").name == "Caf\u00e9 Cup"


def test_game_must_be_known() -> None:
    assert read(game="flash-duel").game == "flash-duel"
    refused("'game' must be one of puzzle-strike, flash-duel", game="chess")
    refused("'game'", game=["flash-duel"])


def test_sets_are_a_list_of_known_ids() -> None:
    assert read(sets=["shadows", "base-3e"]).sets == ("shadows", "base-3e")
    assert read(sets=[]).sets == ("base-3e",)
    refused("'sets' must be a list", sets="base-3e")
    refused("'sets' must be a list", sets=["base-3e", 3])
    refused(r"unknown set 'nope' \(known: base-3e, shadows\)", sets=["base-3e", "nope"])


def test_mode_counts_only_for_flash_duel() -> None:
    assert read(game="flash-duel").mode == "full"
    assert read(game="flash-duel", mode="custom-clockwork").mode == "custom-clockwork"
    assert read(mode="custom-clockwork").mode == "full"
    assert read(mode="anything").mode == "full"
    refused("'mode' must be one of full, custom-clockwork", game="flash-duel", mode="solo")


@pytest.mark.parametrize("top_cut", [0, 4, 8])
def test_top_cut_none_four_or_eight(top_cut: int) -> None:
    assert read(top_cut=top_cut).top_cut == top_cut


def test_top_cut_refused_otherwise() -> None:
    assert read(top_cut=None).top_cut == 0
    for bad in (2, 16, True, "4"):
        refused("'top_cut' must be 0", top_cut=bad)


def test_rounds_and_round_minutes_are_whole_numbers_in_range() -> None:
    assert read(rounds=1).rounds == 1
    assert read(rounds=MAX_ROUNDS).rounds == MAX_ROUNDS
    assert read(rounds="").rounds is None
    refused("'rounds' must be a whole number from 1 to 15", rounds=0)
    refused("'rounds'", rounds=MAX_ROUNDS + 1)
    refused("'rounds'", rounds=True)
    refused("'rounds'", rounds=2.0)
    assert read(round_minutes=5).round_minutes == 5
    assert read(round_minutes=240).round_minutes == 240
    refused("'round_minutes' must be a whole number from 5 to 240", round_minutes=4)
    refused("'round_minutes'", round_minutes=241)


def test_whole_reads_an_optional_number_in_range() -> None:
    assert whole({}, "n", 1, 3) is None
    assert whole({"n": None}, "n", 1, 3) is None
    assert whole({"n": ""}, "n", 1, 3) is None
    assert whole({"n": 1}, "n", 1, 3) == 1
    assert whole({"n": 3}, "n", 1, 3) == 3
    for bad in (0, 4, False, "2"):
        with pytest.raises(TournamentError, match="'n' must be a whole number from 1 to 3"):
            whole({"n": bad}, "n", 1, 3)


def test_bank_policy_and_options_are_read() -> None:
    bank = {"policy": "table", "max_attacks": 2, "cost_bands": [[1, 2]], "exclude": ["Combo"]}
    config = read(sets=["shadows"], bank=bank)
    assert config.bank == bank
    policy = config.bank_policy()
    assert policy.policy == "table"
    assert policy.sets == ("shadows",)
    assert policy.options == BankOptions(
        exclude=("Combo",), max_attacks=2, cost_bands=(CostBand(1, 2),)
    )
    assert policy.recommended is None
    assert read().bank_policy().policy == "round"
    assert read(bank=None).bank == {}
    recommended = read(bank={"policy": "recommended", "recommended": "Starter"})
    assert recommended.bank_policy().recommended == "Starter"
    assert read(bank={"recommended": 3}).bank_policy().recommended is None


def test_bank_refusals() -> None:
    refused("'bank' must be an object", bank=["round"])
    refused("'bank.policy' must be one of round, table, recommended", bank={"policy": "seat"})
    refused("bank: 'max_attacks' must be a whole number", bank={"max_attacks": "two"})
    refused("name the recommended bank", bank={"policy": "recommended"})


def test_flash_duel_does_not_check_the_bank_policy() -> None:
    config = read(game="flash-duel", bank={"policy": "recommended"})
    assert config.bank == {"policy": "recommended"}


def test_stored_settings_read_back_the_same() -> None:
    config = read(
        name="Spring Cup",
        game="flash-duel",
        mode="custom-clockwork",
        rounds=4,
        top_cut=8,
        bank={"policy": "table"},
        round_minutes=45,
        seed_by_rating=True,
    )
    stored = config.to_json()
    assert stored == {
        "name": "Spring Cup",
        "game": "flash-duel",
        "sets": ["base-3e"],
        "mode": "custom-clockwork",
        "rounds": 4,
        "top_cut": 8,
        "bank": {"policy": "table"},
        "round_minutes": 45,
        "seed_by_rating": True,
    }
    assert config_from_json(stored) == config
    assert config_from_json(read().to_json()) == read()
    older = {"name": "Old", "game": "puzzle-strike", "sets": ["base-3e"], "mode": "full"}
    assert config_from_json(older) == Config("Old")
