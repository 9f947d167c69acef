"""Rules.outcome: what a tournament reads of a finished table, for every kind of room."""

from __future__ import annotations

from companion.game.draft.room import RULES as DRAFT_RULES
from companion.game.flash_duel.room import RULES as FLASH_DUEL
from companion.game.puzzle_strike.piles import Mode
from companion.game.puzzle_strike.room import RULES as PUZZLE_STRIKE
from companion.game.rooms import Outcome
from printkit.catalog import Catalog
from tests.fd_table import Table
from tests.ps_helpers import do, give, playing, view


def overflow(state: object, catalog: Catalog) -> tuple[object, str]:
    """The player whose turn it is ends it at 10 gems and loses the game."""
    turn = view(state, None, catalog)["table"]["turn"]
    state = give(state, catalog, turn, 4, 4, 2)
    return do(state, catalog, turn, type="end_turn", without_ante=True), turn


def test_puzzle_strike_outcome_is_games_won_once_the_match_is_decided(catalog: Catalog) -> None:
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    assert PUZZLE_STRIKE.outcome(state) is None
    state, loser = overflow(state, catalog)
    assert PUZZLE_STRIKE.outcome(state) is None  # 1-0: still played
    state = do(state, catalog, loser, type="losers_choice", option="keep")
    state, second = overflow(state, catalog)
    winner = "Ben" if second == "Ana" else "Ana"
    if second != loser:  # 1-1: the third game decides
        state = do(state, catalog, second, type="losers_choice", option="keep")
        state, third = overflow(state, catalog)
        winner = "Ben" if third == "Ana" else "Ana"
    outcome = PUZZLE_STRIKE.outcome(state)
    assert outcome is not None and outcome.wins[winner] == 2
    assert sum(outcome.wins.values()) in (2, 3) and outcome.draws == 0


def win_round(table: Table, winner: str, loser: str) -> None:
    """``winner`` strikes ``loser`` 5 spaces away and it lands; the loser chooses who starts."""
    table.turn_to(winner).place(**{winner: 5, loser: 10})
    table.act(winner, type="attack", player=winner, target=loser, cards=[5])
    table.act(loser, type="hit", player=loser)
    if FLASH_DUEL.outcome(table.state) is None:
        table.act(loser, type="first_player", player=loser)


def test_flash_duel_outcome_counts_rounds_per_player(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters={"Ana": "grave", "Ben": "rook"})
    assert FLASH_DUEL.outcome(table.state) is None
    for winner, loser in (("Ana", "Ben"), ("Ben", "Ana"), ("Ana", "Ben"), ("Ana", "Ben")):
        assert FLASH_DUEL.outcome(table.state) is None
        win_round(table, winner, loser)
    assert FLASH_DUEL.outcome(table.state) == Outcome({"Ana": 3, "Ben": 1}, 0)


def test_a_draft_decides_no_match(catalog: Catalog) -> None:
    assert DRAFT_RULES.outcome(object()) is None
