"""History lines in word keys (#18): each line has its key and slots, every key has Japanese
words (history.js), no raw ids, and the floating-gems note only when gems floated."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import companion.kinds  # noqa: F401  (every kind of room, so every table of lines is known)
from companion.game import history
from companion.game.draft.actions import Pick
from companion.game.draft.room import RULES as DRAFT
from companion.game.flash_duel import actions as fd_actions
from companion.game.flash_duel import lines as fd_lines
from companion.game.flash_duel import view as fd_view
from companion.game.history import told
from companion.game.puzzle_strike import lines
from companion.game.puzzle_strike.actions import parse_action
from companion.game.puzzle_strike.piles import Mode
from companion.game.shadowfist.actions import Gain, TakeSite, Taking
from companion.game.shadowfist.room import RULES as SHADOWFIST
from companion.game.shadowfist.room import Setup as ShadowfistSetup
from printkit.catalog import Catalog
from tests.fd_table import Table
from tests.ps_helpers import describe, do, give, playing

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web" / "static"
THREE = {"Ana": "grave", "Ben": "rook", "Cid": "lum"}


def japanese_keys() -> set[str]:
    """Return the keys history.js gives Japanese words for."""
    script = (STATIC / "history.js").read_text(encoding="utf-8")
    return set(re.findall(r'^\s*"?([\w-]+)"?:\s*"', script, re.M))


def test_every_history_key_of_every_game_has_japanese_words() -> None:
    tables = {id(t): t for t in history.ALL}
    assert len(tables) >= 4  # common, Puzzle Strike, Shadowfist, drafts (and Flash Duel)
    missing = [k for t in tables.values() for k in t.texts if k not in japanese_keys()]
    assert missing == []


def test_every_word_the_bots_line_shows_has_japanese_words() -> None:
    assert {f"fd_bot_{word}" for word in fd_lines.BOT_WORDS} <= japanese_keys()


def test_every_japanese_line_fills_the_same_slots_as_its_english() -> None:
    script = (STATIC / "history.js").read_text(encoding="utf-8")
    japanese = dict(re.findall(r'^\s*"?([\w-]+)"?:\s*"([^"]*)"', script, re.M))
    for table in history.ALL:
        for key, english in table.texts.items():
            slots = set(re.findall(r"\{(\w+)\}", english))
            assert set(re.findall(r"\{(\w+)\}", japanese[key])) == slots, key


def test_a_puzzle_strike_line_has_its_key_and_slots(catalog: Catalog) -> None:
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    first = state.table.current
    state = do(state, catalog, first, type="ante")
    line = lines.describe(parse_action({"type": "ante"}), first, state)
    assert line["say"] == "psh_ante" and line["args"] == {"who": first, "gem": 1}
    assert told(line) == f"{first} anted a 1-gem"


def test_a_marked_stack_is_named_by_the_catalog_never_by_its_key(catalog: Catalog) -> None:
    state = playing(catalog, {"Ana": "grave", "Ben": "rook"}, Mode.TWO_PLAYER)
    mark = {"type": "stack", "stack": "fixed/combine", "state": "empty"}
    state = do(state, catalog, "Ana", **mark)
    line = lines.describe(parse_action(mark), "Ana", state)
    assert line["say"] == "psh_mark_empty" and line["args"]["stack"] == "Combine"
    assert line["ja"] == {"stack": "融合"}  # the catalog's Japanese name (seed 003)
    assert told(line) == "Ana marked Combine empty"


def test_a_gem_put_in_ones_own_pile_is_no_ana_in_anas_pile(catalog: Catalog) -> None:
    state = playing(catalog, THREE, Mode.FREE_FOR_ALL)
    add = {"type": "add_gem", "player": "Ana", "value": 2}
    assert describe(add, "Ana", do(state, catalog, "Ana", **add)) == (
        "Ana put a 2-gem in their own pile"
    )
    other = {"type": "add_gem", "player": "Ben", "value": 2}
    assert describe(other, "Ana", do(state, catalog, "Ana", **other)) == (
        "Ana put a 2-gem in Ben's pile"
    )


def test_an_ordinary_free_for_all_crash_says_nothing_of_floating_gems(catalog: Catalog) -> None:
    # The play-test's wrong note: a crash from a pile of 9 or less went through the floating
    # queue for no time at all, and the history said "Ana's floating gems are sent to Ben".
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", 4, 1)
    crash = {"type": "crash", "gems": [1], "target": "Ben"}
    state = do(state, catalog, "Ana", **crash)
    assert describe(crash, "Ana", state) == "Ana crashed a 1-gem at Ben"
    assert state.table.pending is not None and state.table.pending.target == "Ben"
    assert state.table.floating == ()
    assert not any("floating" in note for note in state.table.log)


def test_gems_that_really_float_are_still_said_to_float_then_to_go(catalog: Catalog) -> None:
    state = give(playing(catalog, THREE, Mode.FREE_FOR_ALL), catalog, "Ana", 4, 4, 3, 1)
    crash = {"type": "crash", "gems": [1], "target": "Ben"}
    state = do(state, catalog, "Ana", **crash)
    line = lines.describe(parse_action(crash), "Ana", state)
    assert [t["say"] for t in line["then"]] == ["psh_float"]
    add = {"type": "add_gem", "player": "Cid", "value": 1}  # a later step: no second note
    state = do(state, catalog, "Ana", **add)
    assert "then" not in lines.describe(parse_action(add), "Ana", state)
    remove = {"type": "remove_gem", "player": "Ana", "value": 3}
    state = do(state, catalog, "Ana", **remove)
    line = lines.describe(parse_action(remove), "Ana", state)
    assert line["then"][0]["say"] == "psh_float_sent"
    assert line["then"][0]["args"] == {"sender": "Ana", "target": "Ben"}


def test_a_shadowfist_line_has_its_key_and_slots(catalog: Catalog) -> None:
    state = SHADOWFIST.start(ShadowfistSetup(("Ana", "Ben"), 7), catalog)
    state = SHADOWFIST.apply(state, Gain("Ben", 3), "Ana", catalog, 0)
    line = SHADOWFIST.describe(Gain("Ben", 3), "Ben", state)
    assert line["say"] == "sfh_seating"  # the first action's line announces the seating
    assert line["then"][0]["say"] == "sfh_gain"
    assert line["then"][0]["args"] == {"who": "Ben", "power": 3}
    seize = TakeSite(Taking.SEIZE, "Ana", "Ben")
    assert SHADOWFIST.describe(seize, "Ana", replace(state, actions=2)) == {
        "say": "sfh_seize", "text": "{who} seized a site from {victim}",
        "args": {"who": "Ana", "victim": "Ben"}}  # fmt: skip


def test_a_draft_line_names_the_pick_never_its_key(catalog: Catalog) -> None:
    state = DRAFT.start(DRAFT.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 5), catalog)
    key = state.pool[0].key
    state = DRAFT.apply(state, Pick(key), "Ana", catalog, 0)
    line = DRAFT.describe(Pick(key), "Ana", state)
    assert line["say"] == "drh_picked"
    assert line["args"] == {"who": "Ana", "name": state.pool[0].name} and key not in told(line)


@pytest.mark.parametrize(
    ("line", "english"),
    [
        (history.COMMON("undid", history.COMMON("seat_handed_own", who="Ana"), who="Ben"),
         "Ben undid: Ana handed their own seat to a new phone"),
        (lines.SAY("psh_counter", lines.SAY("psh_negated", negated=2), who="Ana", a=2),
         "Ana counter-crashed a 2-gem: 2 negated"),
        (lines.SAY("psh_end", lines.SAY("psh_match_won", winner="Ana"), who="Ben"),
         "Ben ended the turn. Ana won the match"),
    ],
)  # fmt: skip
def test_lines_after_a_line_join_as_english_sentences(line: history.Line, english: str) -> None:
    assert told(line) == english == history.entry(line)["text"]


def test_a_flash_duel_line_has_its_key_and_slots_and_names_abilities(catalog: Catalog) -> None:
    table = Table(catalog, players=["Ana", "Ben"], characters={"Ana": "grave", "Ben": "rook"})
    table.act("Ben", type="place", player="Ana", space=7)  # Ben's phone records Ana's pawn
    line = fd_view.describe(fd_actions.Place("Ana", 7), "Ben", table.state)
    assert line["say"] == "fdh_by" and line["args"] == {"who": "Ben"}
    assert line["lines"]["line"]["say"] == "fdh_place"
    assert line["lines"]["line"]["args"] == {"who": "Ana", "space": 7}
    use = fd_actions.UseAbility("Ana", "grave/reversal")
    table.act("Ana", type="use_ability", player="Ana", ability="grave/reversal")
    line = fd_view.describe(use, "Ana", table.state)  # Ana's own: no "Ana: Ana uses"
    assert line["say"] == "fdh_use" and line["args"] == {"who": "Ana", "ability": "Reversal"}


def test_flash_duel_sides_are_game_terms_a_japanese_phone_says_in_its_words(
    catalog: Catalog,
) -> None:
    from companion.game.flash_duel.state import Event, Happening, Outcome, Termination

    players = ["Ana", "Ben", "Drake"]
    chars = {"Ana": "grave", "Ben": "rook"}
    raid = Table(catalog, mode="raid", players=players, dragon="Drake", characters=chars).state
    mortals = fd_lines.round_line(replace(raid, last_round=Outcome(Termination.HIT, "mortals")))
    dragon = fd_lines.round_line(replace(raid, last_round=Outcome(Termination.HIT, "dragon")))
    assert mortals is not None and dragon is not None
    assert told(mortals) == "the mortals win" and mortals["terms"] == {"side": "fdh_term_mortals"}
    assert told(dragon) == "Drake (Dragon) wins"
    assert dragon["terms"] == {"side": "fdh_term_dragon"} and dragon["args"]["dragon"] == "Drake"
    switched = fd_lines.event_line(raid, Event(Happening.SWITCHED, ("Ana", "Ben")))
    assert told(switched) == "Ana and Ben switch places in the turn order"
    assert switched["terms"] == {"who": "fdh_term_pair"}
    used = set(fd_lines.SIDE_TERMS.values()) | {"fdh_term_pair"}
    assert used <= japanese_keys()
