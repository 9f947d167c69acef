"""Gem piles, combines, crashes and counter-crashes: the rulebooks' worked examples."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.puzzle_strike.gems import (
    ante,
    cleanup_draw,
    combine,
    counter_crash,
    crash,
    land,
    let_land,
)
from companion.game.puzzle_strike.piles import (
    Collision,
    GemError,
    GemSupply,
    Mode,
    Pile,
    Table,
    new_table,
)
from companion.game.puzzle_strike.turns import end_turn
from printkit.rules import height_bonus


def with_piles(table: Table, **piles: list[int]) -> Table:
    """Give players (or teams) these piles, taking the gems from the supply."""
    for owner, gems in piles.items():
        supply = table.supply
        for g in gems:
            supply = supply.take(g)
        player = owner if owner in table.seats else table.teams["AB".index(owner)][0]
        table = replace(table.with_pile(player, Pile(tuple(sorted(gems)))), supply=supply)
    return table


BANK_GEMS = GemSupply((64, 20, 16, 12))  # as many gems as the base set has


def duel(rules: int = 2, **piles: list[int]) -> Table:
    table = new_table(["Ana", "Ben"], Mode.TWO_PLAYER, supply=BANK_GEMS, rules=rules)
    return with_piles(table, **piles)


def test_example_four_ones_a_two_and_a_four_total_ten_and_lose() -> None:
    table = duel(Ana=[1, 1, 1, 1, 2, 4])
    assert table.pile("Ana").total == 10
    done = end_turn(table)
    assert done.winners == ("Ben",)


def test_example_combine_a_one_and_a_two_into_a_three() -> None:
    table = combine(duel(Ana=[1, 2]), "Ana", 1, 2)
    assert table.pile("Ana").gems == (3,)
    assert table.supply.counts == BANK_GEMS.take(3).counts


def test_combine_over_four_is_refused_with_the_reason() -> None:
    with pytest.raises(
        GemError, match="Ana cannot combine a 3-gem and a 2-gem: the total 5 is over 4"
    ):
        combine(duel(Ana=[2, 3]), "Ana", 3, 2)
    with pytest.raises(GemError, match="Ana has no 2-gem to spare"):
        combine(duel(Ana=[1, 1]), "Ana", 1, 2)


def test_example_crash_a_three_sends_three_ones_and_pays_one() -> None:
    table = crash(duel(Ana=[3]), "Ana", [3])
    assert table.pending is not None
    assert (table.pending.target, table.pending.ones) == ("Ben", 3)
    assert table.money_of("Ana") == 1
    table = land(table)
    assert table.pile("Ben").gems == (1, 1, 1)
    assert table.pile("Ana").gems == ()


@pytest.mark.parametrize(
    ("counter", "ben_after", "back_to_ana"),
    [
        (1, (1,), 0),  # negate one; the other lands: Ben's pile stays the same size
        (2, (), 0),  # negate both
        (3, (), 1),  # negate both and send one back, which Ana may counter-counter-crash
    ],
)
def test_example_counter_crash_of_two_against_one_two_three(
    counter: int, ben_after: tuple[int, ...], back_to_ana: int
) -> None:
    table = crash(duel(Ana=[2, 1], Ben=[counter]), "Ana", [2])
    table = counter_crash(table, "Ben", [counter])
    assert table.pile("Ben").gems == ben_after
    if back_to_ana:
        assert table.pending is not None
        assert (table.pending.sender, table.pending.target, table.pending.ones) == ("Ben", "Ana", 1)
        again = counter_crash(table, "Ana", [1])  # counter-counter-crash on her own turn
        assert again.pending is None
        assert again.money_of("Ana") == 2  # +$1 for the crash, +$1 for the counter-counter
    else:
        assert table.pending is None
    assert table.money_of("Ben") == 0  # no money for Ben: it is not his turn
    expected = {
        1: Collision(1, 1, "Ben", False),  # one 1-gem left over lands on Ben
        2: Collision(2, 0, None, False),
        3: Collision(2, 1, "Ana", True),  # one flies back at Ana
    }[counter]
    assert table.collision == expected
    if back_to_ana:
        assert table.pending is not None and table.pending.unstoppable is False


def test_example_four_gem_in_a_double_crash_is_uncounter_crashable() -> None:
    table = crash(duel(Ana=[4, 1], Ben=[3]), "Ana", [4, 1])
    # Nobody may react: the five 1-gems land at once, without waiting for a decision.
    assert table.pending is None and table.pile("Ben").gems == (1, 1, 1, 1, 1, 3)
    assert table.money_of("Ana") == 2
    with pytest.raises(GemError, match="no send to counter-crash"):
        counter_crash(table, "Ben", [3])
    old = crash(duel(Ana=[4, 1], Ben=[3], rules=1), "Ana", [4, 1])  # rules version 1
    assert old.pending is not None and old.pending.unstoppable and old.pending.ones == 5
    with pytest.raises(GemError, match="Ben cannot counter-crash: Ana crashed a 4-gem"):
        counter_crash(old, "Ben", [3])


def test_one_reaction_per_send() -> None:
    table = crash(duel(Ana=[3], Ben=[1, 1]), "Ana", [3])
    table = counter_crash(table, "Ben", [1])  # 2 left over land on Ben at once
    with pytest.raises(GemError, match="no send to counter-crash"):
        counter_crash(table, "Ben", [1])


@pytest.mark.parametrize(
    ("total", "bonus"),
    [(0, 0), (2, 0), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 3)],
)
def test_height_bonus_three_six_nine(total: int, bonus: int) -> None:
    assert height_bonus(total) == bonus


def test_cleanup_draw_adds_the_bonus() -> None:
    assert cleanup_draw(duel(Ana=[4, 2]), "Ana") == 7


def test_ante_and_turns() -> None:
    table = ante(duel())
    assert table.pile("Ana").gems == (1,)
    with pytest.raises(GemError, match="already anted"):
        ante(table)
    table = end_turn(table)
    assert table.current == "Ben"
    table = ante(table, 3)  # Danger Time
    assert table.pile("Ben").gems == (3,)


def test_ante_is_owed_when_the_bank_is_out() -> None:
    table = new_table(["Ana", "Ben"], Mode.TWO_PLAYER, supply=GemSupply((0, 20, 16, 12)))
    table = ante(table)
    assert table.pile("Ana").gems == (1,)
    assert table.supply.stand_ins == (1, 0, 0, 0)


def test_crash_out_of_turn_or_while_gems_fly() -> None:
    table = duel(Ana=[2], Ben=[2])
    with pytest.raises(GemError, match="only on their own turn"):
        crash(table, "Ben", [2])
    table = crash(table, "Ana", [2])
    with pytest.raises(GemError, match="on their way to Ben"):
        end_turn(table)


def ffa(**piles: list[int]) -> Table:
    return with_piles(new_table(["Ana", "Ben", "Cid"], Mode.FREE_FOR_ALL), **piles)


def test_free_for_all_needs_a_target_and_anyone_can_counter() -> None:
    table = ffa(Ana=[2], Cid=[3])
    with pytest.raises(GemError, match="must choose whom to crash at: Ben, Cid"):
        crash(table, "Ana", [2])
    table = crash(table, "Ana", [2], target="Ben")
    with pytest.raises(GemError, match="Cid cannot react to Ana's send to Ben"):
        counter_crash(table, "Cid", [3])  # Ben decides first
    table = let_land(table, "Ben")  # Ben lets them through: Cid may react for him
    table = counter_crash(table, "Cid", [3])  # Cid counters for Ben
    assert table.pending is not None
    assert (table.pending.sender, table.pending.target, table.pending.ones) == ("Cid", "Ana", 1)


def test_free_for_all_lowest_pile_wins() -> None:
    table = end_turn(ffa(Ana=[4, 4, 2], Ben=[3], Cid=[1]))
    assert table.winners == ("Cid",)


def test_free_for_all_tie_takes_extra_turns() -> None:
    table = end_turn(ffa(Ana=[4, 4, 2], Ben=[2], Cid=[2]))
    assert not table.winners
    assert table.tied == ("Ben", "Cid")
    assert table.current == "Ben"
    table = end_turn(ante(table))  # Ben goes to 3
    assert table.current == "Cid"
    table = end_turn(table)  # Cid stays at 2
    assert table.winners == ("Cid",)


def test_floating_gems_wait_then_go_or_are_destroyed() -> None:
    table = ffa(Ana=[4, 4, 3, 1])
    table = crash(table, "Ana", [1], target="Ben")  # pile 11: the gem floats
    assert table.pending is None and len(table.floating) == 1
    table = crash(table, "Ana", [3], target="Cid")  # pile 8: the first send goes out
    assert table.pending is not None and table.pending.target == "Ben"
    table = land(table)
    assert table.pending is not None and table.pending.target == "Cid"
    table = land(table)
    assert table.pile("Ben").gems == (1,) and table.pile("Cid").gems == (1, 1, 1)
    stuck = crash(ffa(Ana=[4, 4, 4]), "Ana", [4], target="Ben")  # 8 after: not floating
    assert stuck.pending is None and stuck.pile("Ben").gems == (1, 1, 1, 1)  # a 4-gem lands
    floating = crash(ffa(Ana=[4, 4, 4, 1]), "Ana", [1], target="Ben")
    destroyed = end_turn(floating)
    assert destroyed.floating == ()
    assert destroyed.total_value() == floating.total_value()


def test_team_battle_shares_a_pile_and_either_teammate_reacts() -> None:
    table = new_table(["Ana", "Ben", "Cat", "Dan"], Mode.TEAM_BATTLE)
    assert table.teams == (("Ana", "Cat"), ("Ben", "Dan"))
    table = with_piles(table, A=[3], B=[2])
    table = crash(table, "Ana", [3])
    table = counter_crash(table, "Dan", [2])  # Dan counters a send aimed at Ben
    assert table.pile("Ben").gems == (1,)
    assert table.pile("Dan") == table.pile("Ben")
    with pytest.raises(GemError, match="not an opponent"):
        crash(
            with_piles(new_table(["Ana", "Ben", "Cat", "Dan"], Mode.TEAM_BATTLE), A=[1]),
            "Ana",
            [1],
            target="Cat",
        )


def test_team_battle_team_loses_together() -> None:
    table = with_piles(new_table(["Ana", "Ben", "Cat", "Dan"], Mode.TEAM_BATTLE), A=[4, 4, 2])
    assert end_turn(table).winners == ("Ben", "Dan")


def test_last_man_standing_eliminates_until_one_is_left() -> None:
    table = with_piles(new_table(["Ana", "Ben", "Cid"], Mode.LAST_MAN_STANDING), Ana=[4, 4, 2])
    table = end_turn(table)
    assert table.eliminated == ("Ana",) and not table.winners
    assert table.current == "Ben"
    table = with_piles(table, Ben=[4, 4, 4])
    table = end_turn(table)
    assert table.winners == ("Cid",)


def test_second_edition_crash_goes_to_next_player() -> None:
    table = with_piles(new_table(["Ana", "Ben", "Cid"], Mode.FREE_FOR_ALL, edition=2), Ana=[2])
    with pytest.raises(GemError, match="go to the next player, Ben"):
        crash(table, "Ana", [2], target="Cid")
    assert crash(table, "Ana", [2]).pending.target == "Ben"  # type: ignore[union-attr]


def test_second_edition_overflow_example_thirteen_sends_three() -> None:
    table = with_piles(
        new_table(["Ana", "Ben", "Cid"], Mode.FREE_FOR_ALL, edition=2), Ana=[4, 4, 3, 2]
    )
    before = table.total_value()
    table = end_turn(table)
    assert table.eliminated == ("Ana",)
    assert table.pending is not None
    assert (table.pending.target, table.pending.ones, table.pending.overflow) == ("Ben", 3, True)
    assert table.pile("Ana").total == 10
    assert table.total_value() == before
    assert land(table).pile("Ben").gems == (1, 1, 1)


def test_actions_after_the_end_are_refused() -> None:
    done = end_turn(duel(Ana=[4, 4, 2]))
    with pytest.raises(GemError, match="the game is over: Ben won"):
        ante(done)


def test_players_and_modes_checked() -> None:
    with pytest.raises(GemError, match="team-battle is for 4 players, not 3"):
        new_table(["A", "B", "C"], Mode.TEAM_BATTLE)
    with pytest.raises(GemError, match="different, non-empty name"):
        new_table(["A", "A"], Mode.TWO_PLAYER)
    with pytest.raises(GemError, match="'Zed' is not at this table"):
        combine(duel(), "Zed", 1, 1)


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["ante", "crash", "counter", "land", "end", "combine"]),
        st.integers(0, 3),
        st.integers(1, 4),
        st.integers(1, 4),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(actions=ACTIONS, mode=st.sampled_from(list(Mode)), edition=st.sampled_from([2, 3]))
def test_gems_are_conserved(
    actions: list[tuple[str, int, int, int]], mode: Mode, edition: int
) -> None:
    seats = {Mode.TWO_PLAYER: 2, Mode.TEAM_BATTLE: 4}.get(mode, 4)
    table = new_table(["P0", "P1", "P2", "P3"][:seats], mode, edition)
    start = table.total_value()
    for kind, who, a, b in actions:
        player = table.seats[who % seats]
        try:
            if kind == "ante":
                table = ante(table, a)
            elif kind == "crash":
                gems = list(table.pile(table.current).gems[-2:]) or [a]
                others = table.opponents(table.current)
                table = crash(
                    table, table.current, gems[: 1 + b % 2], others[0] if others else None
                )
            elif kind == "counter":
                table = counter_crash(table, player, list(table.pile(player).gems[:1]) or [a])
            elif kind == "land":
                table = land(table)
            elif kind == "combine":
                table = combine(table, player, a, b)
            else:
                table = end_turn(table)
        except GemError:
            pass
        assert table.total_value() == start
        assert all(g in (1, 2, 3, 4) for _, p in table.piles for g in p.gems)


def test_team_battle_teammates_share_the_turn_and_keep_their_own_money() -> None:
    table = with_piles(new_table(["Ana", "Ben", "Cat", "Dan"], Mode.TEAM_BATTLE), A=[2, 1], B=[1])
    table = ante(table)  # one ante for the team
    with pytest.raises(GemError, match="already anted"):
        ante(table)
    table = land(crash(table, "Cat", [2]))  # Cat crashes on team A's turn (Ana's seat)
    table = land(crash(table, "Ana", [1]))
    assert (table.money_of("Ana"), table.money_of("Cat")) == (1, 1)
    with pytest.raises(GemError, match="only on their own turn"):
        crash(table, "Dan", [1])
    table = end_turn(table)
    assert table.owner_of(table.current) == "B"
