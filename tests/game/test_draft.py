"""Custom Clockwork drafts for Puzzle Strike and Flash Duel."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.draft import (
    DraftError,
    deal_flash_duel,
    deal_puzzle_strike,
    first_player,
    pick,
    swap_after_loss,
    undo_pick,
)
from printkit.catalog import Catalog, FlashDuelSet, PuzzleStrikeSet

NAMES = ["Ana", "Ben", "Cid", "Dee"]


def ps(catalog: Catalog, set_id: str = "shadows") -> PuzzleStrikeSet:
    s = catalog.game("puzzle-strike").set(set_id)
    assert isinstance(s, PuzzleStrikeSet)
    return s


def fd(catalog: Catalog) -> FlashDuelSet:
    s = catalog.game("flash-duel").set("2e")
    assert isinstance(s, FlashDuelSet)
    return s


@pytest.mark.parametrize(
    ("players", "pool", "order"),
    [(2, 9, "122112"), (3, 12, "123321123"), (4, 15, "123443211234")],
)
def test_pool_sizes_and_orders(catalog: Catalog, players: int, pool: int, order: str) -> None:
    draft = deal_puzzle_strike(ps(catalog), NAMES[:players], random.Random(1))
    assert len(draft.pool) == pool
    assert "".join(str(s) for s in draft.order) == order


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_shadow_plague_never_in_the_pool(catalog: Catalog, seed: int) -> None:
    draft = deal_puzzle_strike(ps(catalog), NAMES, random.Random(seed))
    assert "gwen/shadow-plague" not in {i.key for i in draft.pool}
    assert len({i.key for i in draft.pool}) == 15


def test_team_battle_teams(catalog: Catalog) -> None:
    draft = deal_puzzle_strike(ps(catalog), NAMES, random.Random(1), team_battle=True)
    assert draft.teams() == ((1, 4), (2, 3))
    with pytest.raises(DraftError, match="2 vs 2 needs 4 players"):
        deal_puzzle_strike(ps(catalog), NAMES[:2], random.Random(1), team_battle=True)


def test_picks_follow_the_order_and_refuse_the_rest(catalog: Catalog) -> None:
    draft = deal_puzzle_strike(ps(catalog), ["Ana", "Ben"], random.Random(3))
    first, second, third = (i.key for i in draft.pool[:3])
    with pytest.raises(DraftError, match="it is Ana's pick, not Ben's"):
        pick(draft, "Ben", first)
    draft = pick(draft, "Ana", first)
    with pytest.raises(DraftError, match="already taken by Ana"):
        pick(draft, "Ben", first)
    with pytest.raises(DraftError, match="not in this draft's pool"):
        pick(draft, "Ben", "rook/big-rocks-x")
    with pytest.raises(DraftError, match="'Zed' is not in this draft"):
        pick(draft, "Zed", second)
    draft = pick(draft, "Ben", second)
    assert draft.whose_pick() == 2  # 1-2-2
    draft = undo_pick(draft)
    assert draft.whose_pick() == 2 and second not in draft.taken()
    draft = pick(pick(draft, "Ben", second), "Ben", third)
    assert [i.key for i in draft.picked_by(2)] == [second, third]
    draft = undo_pick(draft)  # three picks made: only the last is taken back
    assert [i.key for i in draft.picked_by(1)] == [first]
    assert [i.key for i in draft.picked_by(2)] == [second] and third not in draft.taken()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_a_full_draft_gives_three_each(catalog: Catalog, seed: int, players: int) -> None:
    rng = random.Random(seed)
    draft = deal_puzzle_strike(ps(catalog, "base-3e"), NAMES[:players], rng)
    while not draft.is_done:
        seat = draft.whose_pick()
        assert seat is not None
        options = draft.available()
        draft = pick(draft, draft.seats[seat - 1], options[rng.randrange(len(options))].key)
    assert all(len(draft.picked_by(s)) == 3 for s in range(1, players + 1))
    assert [s for s, _ in draft.picks] == list(draft.order)
    with pytest.raises(DraftError, match="the draft is over"):
        pick(draft, draft.seats[0], draft.available()[0].key)


def test_flash_duel_draft(catalog: Catalog) -> None:
    draft = deal_flash_duel(fd(catalog), ["Ana", "Ben"], random.Random(8))
    assert len(draft.pool) == 12
    assert "".join(str(s) for s in draft.order) == "12211221"
    assert set(draft.seats) == {"Ana", "Ben"}
    rng = random.Random(9)
    while not draft.is_done:
        seat = draft.whose_pick()
        assert seat is not None
        draft = pick(
            draft,
            draft.seats[seat - 1],
            draft.available()[rng.randrange(len(draft.available()))].key,
        )
    assert len(draft.picked_by(1)) == len(draft.picked_by(2)) == 4
    assert len(draft.available()) == 4
    assert first_player(draft) == draft.seats[0]
    loser = draft.seats[1]
    give, take = draft.picked_by(2)[0].key, draft.available()[0].key
    swapped = swap_after_loss(draft, loser, give, take)
    assert take in {i.key for i in swapped.picked_by(2)}
    assert give in {i.key for i in swapped.available()}
    # Only that one ability changes hands: the winner's and the loser's others stay.
    assert swapped.picked_by(1) == draft.picked_by(1)
    kept = [i.key for i in draft.picked_by(2)][1:]
    assert [i.key for i in swapped.picked_by(2)] == [take, *kept]
    with pytest.raises(DraftError, match="not one of the unused abilities"):
        swap_after_loss(draft, loser, give, draft.picked_by(1)[0].key)


def test_coin_flip_decides_the_first_drafter(catalog: Catalog) -> None:
    firsts = {
        deal_flash_duel(fd(catalog), ["Ana", "Ben"], random.Random(s)).seats[0] for s in range(20)
    }
    assert firsts == {"Ana", "Ben"}


def test_flash_duel_draft_needs_twelve_known_abilities(catalog: Catalog) -> None:
    small = replace(fd(catalog), characters=fd(catalog).characters[:3])
    with pytest.raises(
        DraftError, match="needs 12 abilities with known names and texts; the catalog knows 9"
    ):
        deal_flash_duel(small, ["Ana", "Ben"], random.Random(1))
