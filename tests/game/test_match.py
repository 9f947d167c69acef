"""Puzzle Strike matches: double-blind choice, best 2 of 3, loser's choice (both editions)."""

from __future__ import annotations

import random

import pytest

from companion.game.puzzle_strike.match import (
    BlindChoice,
    Keep,
    MatchError,
    RerollBank,
    SwapStack,
    SwitchCharacter,
    apply_choice,
    record_game,
    reveal,
    start_match,
)

BANK = tuple(f"s/chip-{i}" for i in range(10))
POOL = tuple(f"s/chip-{i}" for i in range(24))


def test_choices_stay_secret_until_everyone_commits() -> None:
    choice = BlindChoice(("Ana", "Ben")).commit("Ana", "Grave")
    assert choice.choice_of("Ana", viewer="Ben") is None
    assert choice.choice_of("Ana", viewer="Ana") == "Grave"
    with pytest.raises(MatchError, match="waiting for Ben"):
        reveal(choice, random.Random(1), mirrors_allowed=False)
    choice = choice.commit("Ben", "Rook")
    assert choice.choice_of("Ana", viewer="Ben") == "Grave"
    assert dict(reveal(choice, random.Random(1), mirrors_allowed=False).characters) == {
        "Ana": "Grave",
        "Ben": "Rook",
    }


def test_mirror_coin_flip_winner_keeps_loser_rechooses() -> None:
    choice = BlindChoice(("Ana", "Ben")).commit("Ana", "Lum").commit("Ben", "Lum")
    outcomes = {
        reveal(choice, random.Random(s), mirrors_allowed=False).coin_winner for s in range(20)
    }
    assert outcomes == {"Ana", "Ben"}
    result = reveal(choice, random.Random(4), mirrors_allowed=False)
    assert result.rechoose and result.rechoose != result.coin_winner
    assert dict(result.characters) == {result.coin_winner: "Lum"}
    assert reveal(choice, random.Random(4), mirrors_allowed=True).rechoose is None


def test_best_two_of_three_and_the_loser_plays_first() -> None:
    match = start_match(["Ana", "Ben"], {"Ana": "Grave", "Ben": "Rook"}, BANK)
    match = record_game(match, ["Ana", "Ben"])
    assert match.first_player == "Ben"
    assert match.awaiting_choice == ("Ben",)
    with pytest.raises(MatchError, match="Ana has no choice to make now"):
        apply_choice(match, "Ana", Keep(), POOL)
    with pytest.raises(MatchError, match="waiting for Ben's between-games choice"):
        record_game(match, ["Ana", "Ben"])
    match = apply_choice(match, "Ben", SwitchCharacter("Setsuki"), POOL)
    assert dict(match.characters)["Ben"] == "Setsuki"
    match = record_game(match, ["Ben", "Ana"])
    match = apply_choice(match, "Ana", Keep(), POOL)
    match = record_game(match, ["Ana", "Ben"])
    assert match.winner == "Ana"
    assert match.score() == {"Ana": 2, "Ben": 1}
    with pytest.raises(MatchError, match="the match is over: Ana won"):
        record_game(match, ["Ana", "Ben"])


def test_swap_a_stack_and_never_bring_it_back_third_edition() -> None:
    match = record_game(start_match(["Ana", "Ben"], {"Ana": "A", "Ben": "B"}, BANK), ["Ana", "Ben"])
    match = apply_choice(match, "Ben", SwapStack("s/chip-0", "s/chip-20"), POOL)
    assert "s/chip-20" in match.bank and "s/chip-0" not in match.bank
    match = apply_choice(record_game(match, ["Ben", "Ana"]), "Ana", Keep(), POOL)
    match = record_game(match, ["Ben", "Ana"])  # Ben takes the third game: 2 to 1
    assert match.winner == "Ben"


def test_switched_out_stack_cannot_return_in_the_match() -> None:
    match = record_game(start_match(["Ana", "Ben"], {"Ana": "A", "Ben": "B"}, BANK), ["Ana", "Ben"])
    match = apply_choice(match, "Ben", SwapStack("s/chip-0", "s/chip-20"), POOL)
    match = record_game(match, ["Ben", "Ana"])
    with pytest.raises(
        MatchError, match="s/chip-0 was switched out this match and cannot come back"
    ):
        apply_choice(match, "Ana", SwapStack("s/chip-20", "s/chip-0"), POOL)
    with pytest.raises(MatchError, match="is already in the bank"):
        apply_choice(match, "Ana", SwapStack("s/chip-20", "s/chip-1"), POOL)
    with pytest.raises(MatchError, match="not a stack of this match's sets"):
        apply_choice(match, "Ana", SwapStack("s/chip-20", "other/chip"), POOL)
    rerolled = apply_choice(match, "Ana", RerollBank(POOL[10:20]), POOL)
    assert rerolled.bank == POOL[10:20]


def test_second_edition_every_loser_swaps_in_the_order_they_lost() -> None:
    players = ["Ana", "Ben", "Cid"]
    match = start_match(players, {p: "x" for p in players}, BANK, edition=2)
    match = record_game(match, ["Ana", "Ben", "Cid"])  # Cid lost first, then Ben
    assert match.awaiting_choice == ("Cid", "Ben")
    assert match.first_player is None
    with pytest.raises(MatchError, match="each loser swaps one stack"):
        apply_choice(match, "Cid", SwitchCharacter("y"), POOL)
    match = apply_choice(match, "Cid", SwapStack("s/chip-0", "s/chip-20"), POOL)
    with pytest.raises(MatchError, match="switched out between these games"):
        apply_choice(match, "Ben", SwapStack("s/chip-1", "s/chip-0"), POOL)
    match = apply_choice(match, "Ben", SwapStack("s/chip-1", "s/chip-21"), POOL)
    assert match.switched_out == ()  # a swapped-out stack may return next game
    match = record_game(match, ["Ben", "Ana", "Cid"])
    match = apply_choice(match, "Cid", SwapStack("s/chip-20", "s/chip-0"), POOL)
    assert "s/chip-0" in match.bank


def test_bad_starts() -> None:
    with pytest.raises(MatchError, match="no character for Ben"):
        start_match(["Ana", "Ben"], {"Ana": "x"}, BANK)
    with pytest.raises(MatchError, match="10 different puzzle stacks"):
        start_match(["Ana", "Ben"], {"Ana": "x", "Ben": "y"}, BANK[:9])
    match = start_match(["Ana", "Ben"], {"Ana": "x", "Ben": "y"}, BANK)
    with pytest.raises(MatchError, match="give every player once"):
        record_game(match, ["Ana", "Ana"])
