"""Each phone's next step (the bar at the bottom of a table page), per game, without a browser:
what this seat must do now and the buttons for it, or what it waits for."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.game.draft.actions import Pick
from companion.game.draft.room import RULES as DRAFT
from companion.game.next_step import said
from companion.game.puzzle_strike.piles import Mode
from companion.game.shadowfist.view import view as shadowfist_view
from printkit.catalog import Catalog
from tests.fd_table import Table
from tests.game.test_shadowfist_room import table as shadowfist_table
from tests.ps_helpers import do, give, new_room, playing, view

DUEL = {"Ana": "grave", "Ben": "rook"}
FFA = {"Ana": "grave", "Ben": "rook", "Cy": "jaina"}


def bar(shown: dict[str, Any]) -> tuple[bool, str, list[str]]:
    """The bar of one phone: is it this player's move, the prompt, the buttons."""
    step = shown["next_step"]
    return step["mine"], said(step), step["actions"]


def first_turn(catalog: Catalog, characters: dict[str, str]) -> tuple[Any, str, str]:
    """A Puzzle Strike game just started: the state, whose turn it is, and another player."""
    mode = Mode.TWO_PLAYER if len(characters) == 2 else Mode.FREE_FOR_ALL
    state = playing(catalog, characters, mode)
    turn = view(state, None, catalog)["table"]["turn"]
    return state, turn, next(p for p in characters if p != turn)


def test_puzzle_strike_characters_are_chosen_on_each_phone(catalog: Catalog) -> None:
    state = new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER)
    state = do(state, catalog, "Ana", type="choose", character="grave")
    assert bar(view(state, "Ana", catalog)) == (False, "Waiting for Ben to choose", [])
    mine, line, _ = bar(view(state, "Ben", catalog))
    assert mine and line.startswith("Choose your character")
    assert view(state, None, catalog)["next_step"] is None  # a spectator has no bar


def test_puzzle_strike_turn_starts_with_the_ante(catalog: Catalog) -> None:
    state, turn, other = first_turn(catalog, DUEL)
    assert bar(view(state, turn, catalog)) == (
        True,
        "Your turn: ante a 1-gem",
        ["ante", "end_turn_without_ante"],
    )
    assert bar(view(state, other, catalog)) == (False, f"Waiting for {turn}'s turn", [])
    anted = do(state, catalog, turn, type="ante")
    assert bar(view(anted, turn, catalog)) == (
        True,
        "Your turn: play your chips, then end the turn",
        ["end_turn"],
    )
    # At 10 or more the End turn button asks for a second tap (it loses the game).
    heavy = give(anted, catalog, turn, 4, 4, 2)
    assert bar(view(heavy, turn, catalog))[2] == ["end_turn_at_ten"]


def test_puzzle_strike_crash_asks_the_target_only(catalog: Catalog) -> None:
    state, turn, other = first_turn(catalog, DUEL)
    state = give(state, catalog, turn, 3)
    state = do(state, catalog, turn, type="crash", gems=[3])
    assert bar(view(state, other, catalog)) == (
        True,
        f"{turn} crashed 3 at you: counter-crash or let them land",
        ["counter", "land"],
    )
    mine, line, actions = bar(view(state, turn, catalog))
    assert not mine and actions == []
    assert line == f"{turn} crashed 3 at {other}: waiting for {other}"


def test_puzzle_strike_free_for_all_others_wait_for_the_target(catalog: Catalog) -> None:
    state, turn, target = first_turn(catalog, FFA)
    state = give(state, catalog, turn, 2)
    state = do(state, catalog, turn, type="crash", gems=[2], target=target)
    mine, line, actions = bar(view(state, target, catalog))
    assert mine and line == f"{turn} crashed 2 at you: counter-crash or let them land"
    assert actions == ["counter", "land", "nobody_reacts"]  # or for all still to decide (#27)
    bystander = next(p for p in FFA if p not in (turn, target))
    table = view(state, None, catalog)["table"]
    mine, line, actions = bar(view(state, bystander, catalog))
    assert f"{turn} crashed 2 at {target}" in line
    # The bystander's phone offers only what the rules let it do at this moment.
    assert mine == (bystander in table["can_counter"] + table["can_land"])
    assert ("land" in actions) == (bystander in table["can_land"])


def test_puzzle_strike_losers_choice_is_offered_to_the_loser(catalog: Catalog) -> None:
    state, turn, other = first_turn(catalog, DUEL)
    state = do(
        give(state, catalog, turn, 4, 4, 2), catalog, turn, type="end_turn", without_ante=True
    )
    choice = (True, "Your loser's choice", ["keep", "more_choices"])
    assert bar(view(state, turn, catalog)) == choice
    assert bar(view(state, other, catalog)) == (False, f"Waiting for {turn}'s loser's choice", [])


def test_flash_duel_your_turn_and_you_are_attacked_on_the_right_phone(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters=DUEL).turn_to("Ana")
    your_turn = (True, "Your turn: one action, then end the turn", ["end_turn"])
    assert bar(table.view("Ana")) == your_turn
    assert bar(table.view("Ben")) == (False, "Waiting for Ana's turn", [])
    table.place(Ana=5, Ben=10).act("Ana", type="attack", player="Ana", target="Ben", cards=[5])
    assert bar(table.view("Ben")) == (
        True,
        "You are attacked by Ana: block or take the hit",
        ["answer", "hit"],
    )
    assert bar(table.view("Ana")) == (False, "Waiting for Ben to answer Ana", [])
    table.act("Ben", type="hit", player="Ben")
    assert bar(table.view("Ben")) == (True, "Choose who plays first", ["between"])
    assert bar(table.view("Ana")) == (False, "Waiting for Ben to choose", [])
    assert table.view(None)["next_step"] is None


def test_flash_duel_time_over_asks_every_phone_for_the_hands(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters=DUEL).turn_to("Ana")
    while table.view()["deck"] > 0:
        table.act("Ana", type="draw", count=min(10, table.view()["deck"]))
    time_over = (True, "Time over: the draw pile is empty; show the hands", ["time_over"])
    assert bar(table.view("Ana")) == time_over
    assert bar(table.view("Ben")) == time_over


def test_shadowfist_says_your_turn_on_the_turns_phone_only(catalog: Catalog) -> None:
    state = shadowfist_table(catalog)
    mine, line, actions = bar(dict(shadowfist_view(state, "Ana", catalog)))
    assert mine and line.startswith("Your turn: ")
    assert actions == ["start_turn", "next_step", "end_turn"]  # one tap to the Main Shot (#27)
    step = shadowfist_view(state, "Ana", catalog)["step"]
    assert shadowfist_view(state, "Ana", catalog)["next_step"]["terms"] == {  # type: ignore[index]
        "step": "sf_step_" + step["id"]
    }  # the step's name is a term the phone shows in its own language
    mine, line, actions = bar(dict(shadowfist_view(state, "Ben", catalog)))
    assert not mine and line.startswith("Waiting for Ana's turn: ") and actions == []


def test_flash_duel_a_recovering_player_is_told_to_end_the_turn(catalog: Catalog) -> None:
    """Seed 002: a fighter who retreated skips their next turn's action (play-test: the bar
    said 'one action' and Advance was refused)."""
    table = Table(catalog, players=["Ana", "Ben"], characters=DUEL).turn_to("Ana")
    table.place(Ana=5, Ben=10).act("Ana", type="dash", player="Ana", target="Ben", dash=1,
                                    cards=[4])  # fmt: skip
    table.act("Ben", type="retreat", player="Ben", card=1)
    table.turn_to("Ben")
    assert bar(table.view("Ben")) == (
        True,
        "You are recovering from a retreat: end the turn",
        ["end_turn"],
    )


def test_a_draft_says_whose_pick_with_picks_left_then_start_the_match(catalog: Catalog) -> None:
    setup = DRAFT.setup_from_request({"game": "flash-duel", "players": ["Ana", "Ben"]}, catalog, 4)
    state = DRAFT.start(setup, catalog)
    first, second = state.seats  # the coin flip's winner drafts first
    assert bar(dict(DRAFT.view(state, first, catalog))) == (
        True,
        "Your pick (4 left): tap a card to read it",
        [],
    )
    assert bar(dict(DRAFT.view(state, second, catalog))) == (
        False,
        f"Waiting for {first}'s pick",
        [],
    )
    for n, seat in enumerate(state.order):
        picker = state.seats[seat - 1]
        state = DRAFT.apply(state, Pick(state.available()[0].key), picker, catalog, n)
    done = (True, "The draft is done: start the match", ["carry"])
    assert bar(dict(DRAFT.view(state, second, catalog))) == done
    assert DRAFT.view(state, None, catalog)["next_step"] is None


def incoming_bar(state: Any, catalog: Catalog) -> tuple[str, tuple[bool, str, list[str]]]:
    """The target of the gems in the air, and the bar their phone shows."""
    pending = view(state, None, catalog)["table"]["pending"]
    return pending["target"], bar(view(state, pending["target"], catalog))


def test_puzzle_strike_overflow_is_not_said_as_a_crash(catalog: Catalog) -> None:
    # 2nd edition, 3 players: ending a turn at 12 knocks the player out and overflows the
    # excess 2 onto the next player. Nobody crashed: the bar says the pile overflowed.
    state = playing(catalog, FFA, Mode.FREE_FOR_ALL, edition=2)
    turn = view(state, None, catalog)["table"]["turn"]
    state = give(state, catalog, turn, 4, 4, 4)
    state = do(state, catalog, turn, type="end_turn", without_ante=True)
    target, (mine, line, actions) = incoming_bar(state, catalog)
    assert mine and actions == ["counter", "land"]
    assert line == f"{turn} overflowed 2 onto you: counter-crash or let them land"
    assert "crashed" not in bar(view(state, turn, catalog))[1]


def test_puzzle_strike_counter_crash_rest_flies_back_in_words(catalog: Catalog) -> None:
    # Ben counter-crashes a 3-gem against 1 crashed at him: 2 fly back at the sender, sent
    # by nobody's crash but by the collision.
    state, turn, other = first_turn(catalog, DUEL)
    state = give(give(state, catalog, turn, 1), catalog, other, 3)
    state = do(state, catalog, turn, type="crash", gems=[1])
    state = do(state, catalog, other, type="counter", gems=[3])
    target, (mine, line, actions) = incoming_bar(state, catalog)
    assert target == turn and mine and actions == ["counter", "land"]
    assert line == f"{other}'s counter-crash sends 2 back at you: counter-crash or let them land"
    _, waiting, _ = bar(view(state, other, catalog))
    assert waiting == f"{other}'s counter-crash sends 2 back at {turn}: waiting for {turn}"


def test_puzzle_strike_floating_gems_are_said_as_floating(catalog: Catalog) -> None:
    # Free-for-all: crashed from a pile of 10 or more, the gems float; taking a gem out of
    # the pile sends them now, long after the crash.
    state, turn, target = first_turn(catalog, FFA)
    state = give(state, catalog, turn, 4, 4, 2, 1)
    state = do(state, catalog, turn, type="crash", gems=[1], target=target)
    assert view(state, None, catalog)["table"]["pending"] is None  # floating
    state = do(state, catalog, turn, type="remove_gem", player=turn, value=2)
    pending_target, (mine, line, _) = incoming_bar(state, catalog)
    assert pending_target == target and mine
    assert line == f"{turn}'s floating gems reach you (1): counter-crash or let them land"


def test_puzzle_strike_counter_crash_hint_names_the_chips_that_can(catalog: Catalog) -> None:
    # Hands are not tracked: the hint names what counter-crash is and the chips that could
    # do it for this player (seed 000): the two crash gems, and Grave's Reversal for Ana.
    state, turn, other = first_turn(catalog, {"Ana": "grave", "Ben": "jaina"})
    state = give(state, catalog, turn, 3)
    state = do(state, catalog, turn, type="crash", gems=[3])
    step = view(state, other, catalog)["next_step"]
    hint = step["hint"]
    chips = {"Ana": "Crash Gem, Double Crash Gem or Reversal",
             "Ben": "Crash Gem, Double Crash Gem or Unstable Power"}[other]  # fmt: skip
    assert hint["say"] == "ps_counter_hint" and hint["args"]["chips"] == chips
    assert hint["args"]["chips_ja"].startswith("クラッシュジェム・ダブルクラッシュジェム・")
    assert said(hint).startswith(f"Counter-crash: play {chips} from your hand, breaking")
    assert "hint" not in view(state, turn, catalog)["next_step"]  # the sender only waits
    assert view(state, None, catalog)["next_step"] is None


def test_puzzle_strike_no_counter_crash_hint_against_a_four_gem(catalog: Catalog) -> None:
    state, turn, other = first_turn(catalog, DUEL)
    state = give(state, catalog, turn, 4)
    state = do(state, catalog, turn, type="crash", gems=[4])  # uncounter-crashable: it lands
    assert "hint" not in (view(state, other, catalog)["next_step"] or {})


def test_flash_duel_a_drawn_game_and_a_side_are_said_in_the_phones_words(catalog: Catalog) -> None:
    # Played on five phones: a Betrayal game drawn at time-over put "ゲームの勝者：nobody" on
    # the Japanese phone's bar; "the mortals" and "Drake (Dragon)" stayed English there too.
    # Seed 002 l.307: "If they advanced the same amount, the game is a draw."
    players = ["Ana", "Ben", "Drake"]
    table = Table(catalog, mode="raid", players=players, dragon="Drake", characters=DUEL, rules=2)
    while table.view()["deck"] > 0:
        table.act("Ana", type="draw", count=min(10, table.view()["deck"]))
    table.act("Ana", type="time_over", hands={"Ana": [1], "Ben": [1], "Drake": [1]})
    drawn = table.view("Ana")["next_step"]
    assert (drawn["say"], said(drawn)) == ("fd_game_drawn", "The game is a draw")
    table.state = replace(table.state, game=replace(table.state.game, winner="dragon"))
    won = table.view("Ana")["next_step"]
    assert said(won) == "Game to Drake (Dragon)"
    assert won["terms"] == {"winner": "fdh_term_dragon"} and won["args"]["dragon"] == "Drake"
