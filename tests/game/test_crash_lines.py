"""Where crashed gems go, and what the history says of it (issue #26, item 10).

- A 4-gem crash cannot be counter-crashed (seed 000 l.141) and lands at once; in a 2-player
  game the crash needs no target, and the history named "the next player" instead of the
  player it landed on.
- A free-for-all counter-crash by a third player: "if they decline to counter-crash, each
  other player (in turn order, starting with the player after you) gets a chance to
  counter-crash for them" (seed 000 l.326; seed 003 l.239). Where the rest goes is the
  general rule: "Any left-over 1-gems are sent to the player who crashed fewer gems" (seed
  000 l.132; seed 003 l.82, 差分は1ジェム発生が少なかった方に送られる). The two who crashed
  are the sender and the third player, so the rest falls on the third player when the sender
  crashed more, and flies back at the sender when the third player did; the player first
  sent to gets nothing.
"""

from __future__ import annotations

from companion.game.puzzle_strike.piles import Mode
from printkit.catalog import Catalog
from tests.ps_helpers import describe, do, give, playing

DUEL = {"Ana": "grave", "Ben": "rook"}
THREE = {"Ana": "grave", "Ben": "rook", "Cid": "lum"}


def test_an_untargeted_4_gem_crash_names_the_player_it_landed_on(catalog: Catalog) -> None:
    state = give(playing(catalog, DUEL, Mode.TWO_PLAYER), catalog, "Ana", 4)
    action = {"type": "crash", "gems": [4]}
    state = do(state, catalog, "Ana", **action)
    assert state.table.pending is None and state.table.pile("Ben").gems == (1, 1, 1, 1)
    assert describe(action, "Ana", state) == "Ana crashed a 4-gem at Ben"


def test_an_untargeted_crash_names_its_target_in_2_vs_2(catalog: Catalog) -> None:
    four = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}
    state = give(playing(catalog, four, Mode.TEAM_BATTLE), catalog, "Ana", 4)
    action = {"type": "crash", "gems": [4]}
    state = do(state, catalog, "Ana", **action)
    assert describe(action, "Ana", state) == "Ana crashed a 4-gem at Ben"


def ffa_crash_let_through(catalog: Catalog, sent: int, countered: int) -> object:
    """Ana crashes a gem of ``sent`` at Ben, Ben lets it through, Cid may react."""
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", sent)
    state = give(state, catalog, "Cid", countered)
    state = do(state, catalog, "Ana", type="crash", gems=[sent], target="Ben")
    state = do(state, catalog, "Ben", type="land")
    assert state.table.pending is not None and state.table.pending.target == "Ben"
    return state


def test_a_third_players_smaller_counter_crash_takes_the_rest(catalog: Catalog) -> None:
    state = ffa_crash_let_through(catalog, sent=3, countered=1)
    action = {"type": "counter", "gems": [1]}
    state = do(state, catalog, "Cid", **action)
    # Cid crashed fewer (1 against 3): the 2 left over land on Cid, none on Ben.
    assert state.table.pile("Cid").gems == (1, 1)
    assert state.table.pile("Ben").gems == ()
    assert describe(action, "Cid", state) == "Cid counter-crashed a 1-gem: 1 negated, 2 land on Cid"


def test_a_third_players_bigger_counter_crash_flies_back_at_the_sender(
    catalog: Catalog,
) -> None:
    state = ffa_crash_let_through(catalog, sent=1, countered=3)
    action = {"type": "counter", "gems": [3]}
    state = do(state, catalog, "Cid", **action)
    # Ana crashed fewer (1 against 3): the 2 left over fly back at Ana, and may be countered.
    rest = state.table.pending
    assert rest is not None and (rest.sender, rest.target, rest.ones) == ("Cid", "Ana", 2)
    assert state.table.pile("Ben").gems == ()
    assert describe(action, "Cid", state) == (
        "Cid counter-crashed a 3-gem: 1 negated, 2 fly back at Ana"
    )
