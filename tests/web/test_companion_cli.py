"""companion bank, as an organiser runs it."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> object:
    assert main(["bank", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_bank_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["--seed", "42", "--sets", "base-3e,shadows", "--no-attacks"], capsys)
    assert isinstance(data, dict)
    assert data["seed"] == 42
    assert data["sets"] == ["base-3e", "shadows"]
    assert len(data["stacks"]) == 10
    assert {"name", "cost", "set"} <= set(data["stacks"][0])
    assert not any(s["attack"] for s in data["stacks"])
    assert data["valid_banks"] > 1_000_000
    again = run_json(["--code", data["code"]], capsys)
    assert isinstance(again, dict)
    assert [s["name"] for s in again["stacks"]] == [s["name"] for s in data["stacks"]]


def test_seed_is_drawn_and_printed_when_missing(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json([], capsys)
    assert isinstance(data, dict)
    assert isinstance(data["seed"], int)
    replay = run_json(["--seed", str(data["seed"])], capsys)
    assert isinstance(replay, dict)
    assert replay["code"] == data["code"]


def test_count_gives_different_banks(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["--count", "12", "--seed", "5"], capsys)
    assert isinstance(data, list)
    assert len({b["code"] for b in data}) == 12
    assert len({b["seed"] for b in data}) == 12


def test_count_more_than_exist(capsys: pytest.CaptureFixture[str]) -> None:
    pins = [
        arg
        for chip in [
            "draw-three",
            "gem-essence",
            "knockdown",
            "one-of-each",
            "one-two-punch",
            "risky-move",
            "sale-prices",
            "sneak-attack",
            "roundhouse",
        ]
        for arg in ("--pin", chip)
    ]
    assert main(["bank", "--count", "20", *pins]) == 2
    assert "only 15 different banks fit these options, not 20" in capsys.readouterr().err


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bank", "--seed", "7", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bank 1207ZWX6R  (seed 7, sets base-3e, 1,961,256 possible banks)")
    assert "Panic Time, 3 players: Panic at 3 empty stacks, Danger at 4, Deadly at 5" in out


def test_recommended(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bank", "--sets", "shadows", "--recommended", "fists of frenzy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Fists of Frenzy - Bank ")
    assert "Hundred-Fist Frenzy" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sets", "base-9e"], "unknown set 'base-9e'"),
        (["--min-attacks", "11"], "--min-attacks must be between 0 and 10"),
        (["--cost-bands", "1-2,x"], "--cost-bands: 'x' is not a cost range"),
        (["--count", "0"], "--count must be between 1 and 500"),
        (["--seed", "-1"], "--seed must be between 0"),
        (["--players", "1"], "2 to 4 players, not 1"),
        (["--code", "1200VP5DA"], "does not check out"),
        (["--recommended", "x", "--sets", "base-3e,shadows"], "exactly one set"),
        (["--pin", "nothing-like-this"], "no puzzle chip 'nothing-like-this'"),
    ],
)
def test_bad_options_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bank", *args]) == 2
    assert message in capsys.readouterr().err
