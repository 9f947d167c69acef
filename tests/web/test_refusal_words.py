"""Refusals in the phone's language (issue 27, item 11): the rules raise a refusal with a word
key and its slots, the API answers it beside the English message, and every key has Japanese
in static/refusals.js; a kept tap's label is a word key too."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import companion.kinds  # noqa: F401  (every kind of room, so every table of refusals is known)
import companion.storage.refusals  # noqa: F401  (the store's refusals)
import companion.web.refusals  # noqa: F401  (the web layer's refusals)
from companion.game import errors
from companion.game.flash_duel.actions import PARSERS as FLASH_DUEL
from companion.game.puzzle_strike.actions import ACTION_TYPES as PUZZLE_STRIKE
from companion.game.shadowfist.actions import PARSERS as SHADOWFIST
from tests.helpers import act, phone, post, start_duel
from tests.web.test_tournament_api import create, org, read

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "companion" / "web" / "static"
SAID_BY_KEYS = [
    "companion/game/puzzle_strike/room.py",
    "companion/game/puzzle_strike/bank_play.py",
    "companion/game/shadowfist/room.py",
    "companion/game/flash_duel/combat.py",
    "companion/game/flash_duel/track.py",
    "companion/game/flash_duel/rounds.py",
    "companion/game/flash_duel/choosing.py",
    "companion/game/flash_duel/raid.py",
    "companion/game/flash_duel/match.py",
    "companion/game/flash_duel/room.py",
    "companion/game/flash_duel/solo.py",
    "companion/game/flash_duel/raid_modes.py",
    "companion/game/draft/rules.py",
    "companion/game/tournament/model.py",
    "companion/game/tournament/pairing.py",
    "companion/game/puzzle_strike/piles.py",
    "companion/game/puzzle_strike/turns.py",
    "companion/game/flash_duel/state.py",
    "companion/game/flash_duel/draws.py",
    "companion/game/flash_duel/one_vs_one.py",
    "companion/game/flash_duel/modes.py",
    "companion/game/flash_duel/mode.py",
    "companion/game/shadowfist/rules.py",
    "companion/game/draft/room.py",
    "companion/game/tournament/config.py",
    "companion/game/tournament/banks.py",
    # A Puzzle Strike table's gems, Panic and match; the bank randomizer page's bank
    "companion/game/puzzle_strike/gems.py",
    "companion/game/puzzle_strike/panic.py",
    "companion/game/puzzle_strike/match.py",
    "companion/game/puzzle_strike/bank.py",
    "companion/game/puzzle_strike/bank_json.py",
    "companion/game/puzzle_strike/setup.py",
    "companion/game/names.py",
    "companion/game/fields.py",
    "companion/game/puzzle_strike/actions.py",
    "companion/game/puzzle_strike/formats.py",
    "companion/game/puzzle_strike/sets.py",
    "companion/game/draft/actions.py",
    "companion/game/flash_duel/actions.py",
    # The store: tables, seats and hand-over, version conflicts, tournaments and results
    "companion/storage/matches.py",
    "companion/storage/seats.py",
    "companion/storage/tournaments.py",
    "companion/storage/results.py",
    "companion/storage/clients.py",
    # The web layer's refusals a page can meet
    "companion/web/common.py",
    "companion/web/matches.py",
    "companion/web/banks.py",
    "companion/web/rooms.py",
    "companion/web/drafts.py",
    "companion/web/tournaments/__init__.py",
    "companion/web/tournaments/tables.py",
    # The club's
    "companion/storage/club.py",
    "companion/storage/club_codes.py",
    "companion/storage/club_results.py",
    "companion/storage/club_tournaments.py",
    "companion/web/club/__init__.py",
    "companion/web/club/pages.py",
]
"""Modules whose every refusal is a word key (the others still say theirs in English)."""

IN_ENGLISH = [
    re.compile(r"raise \w+\(\s*f?[\"']"),  # raise NotFound("no such match")
    re.compile(r"ApiError\(\s*[\w.]+,\s*f?[\"']"),  # ApiError(400, "...")
    re.compile(r"(?:Error|ApiError)\([^()]*(?:str\(exc\)|exc\.message)"),  # its key lost
]
"""A refusal said in English only: a text, or another error's text without its word key."""


def japanese() -> dict[str, str]:
    """Return refusals.js's words: key -> Japanese."""
    script = (STATIC / "refusals.js").read_text(encoding="utf-8")
    return dict(re.findall(r'(\w+):\s*"([^"]*)"', script))


def test_every_refusal_key_has_japanese_with_the_same_slots() -> None:
    assert len(errors.ALL) >= 6  # each game's, the setups', the store's, the web layer's
    words = japanese()
    for table in errors.ALL:
        for key, english in table.texts.items():
            assert key in words, key
            slots = set(re.findall(r"\{(\w+)\}", english))
            assert set(re.findall(r"\{(\w+)\}", words[key])) == slots, key


@pytest.mark.parametrize("module", SAID_BY_KEYS)
def test_every_refusal_of_these_modules_is_raised_by_its_key(module: str) -> None:
    source = (ROOT / module).read_text(encoding="utf-8")
    in_english = [found for pattern in IN_ENGLISH for found in pattern.findall(source)]
    assert in_english == [], module


def test_every_action_type_has_a_label_in_japanese() -> None:
    words = japanese()
    types = {*PUZZLE_STRIKE, *FLASH_DUEL, *SHADOWFIST, "pick"}
    assert sorted(t for t in types if f"act_{t}" not in words) == []


def test_a_refused_tap_carries_its_word_key_and_slots(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "grave"})
    refused = act(b, match_id, {"type": "buy", "stack": "base-3e/sneak-attack"})
    assert refused.status_code == 422
    answer = refused.get_json()
    assert answer["error"] == "Ben cannot buy: it is Ana's turn"
    assert answer["said"] == {
        "say": "ps_buy_turn",
        "text": "{actor} cannot buy: it is {turn}'s turn",
        "args": {"actor": "Ben", "turn": "Ana"},
    }


def test_a_tournament_refusal_carries_its_word_key(client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben", "Cid", "Dee"])
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    early = org(client, f"/api/tournaments/{tid}/rounds", {"round": 2}, h)
    assert early.status_code == 409
    said = early.get_json()["said"]
    assert said["say"] == "tr_tables_waiting" and said["args"] == {"round": 1, "tables": "1, 2"}


def test_a_players_status_in_a_refusal_is_said_as_the_organiser_pages_term(
    client: FlaskClient,
) -> None:
    tid, h = create(client, players=["Ana", "Ben", "Cid", "Dee"])
    pid = read(client, tid, h)["players"][0]["id"]
    assert org(client, f"/api/tournaments/{tid}/players/{pid}/drop", {}, h).status_code == 200
    again = org(client, f"/api/tournaments/{tid}/players/{pid}/drop", {}, h)
    assert again.status_code == 409 and said_key(again) == "st_player_status_drop"
    assert again.get_json()["said"]["terms"] == {"status": "t_status_dropped"}


def test_no_refusal_key_is_also_another_word() -> None:
    """The phone looks a key up in every block of words: a refusal named like a word of the
    bar or the glossary ("sf_power") would replace that word on a Japanese phone."""
    refusals = set(japanese())
    others: set[str] = set()
    for script in STATIC.glob("*.js"):
        if script.name != "refusals.js":
            others |= set(re.findall(r"^\s+(\w+):\s*\n?\s*\"", script.read_text("utf-8"), re.M))
    from companion.web.glossary import PHONE_TERMS

    others |= set(PHONE_TERMS)
    assert sorted(refusals & others) == []


def said_key(answer: Any) -> str:
    """Return the word key a refusal was answered with (the English stays in 'error')."""
    data = answer.get_json()
    assert data["error"] and data["said"]["text"].format(**data["said"]["args"]) == data["error"]
    key: str = data["said"]["say"]
    return key


def test_a_gem_refusal_carries_its_word_key(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    act(a, match_id, {"type": "choose", "character": "rook"})
    act(b, match_id, {"type": "choose", "character": "grave"})
    crashed = act(b, match_id, {"type": "crash", "player": "Ben", "gems": [1]})
    assert crashed.status_code == 422
    assert said_key(crashed) == "ps_crash_turn"


def test_the_stores_refusals_carry_their_word_keys(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    version = a.get(f"/api/matches/{match_id}/state").get_json()["version"]
    act(a, match_id, {"type": "choose", "character": "rook"})
    stale = post(a, f"/api/matches/{match_id}/undo",
                 {"base_version": version, "idempotency_key": uuid.uuid4().hex})  # fmt: skip
    assert stale.status_code == 409 and said_key(stale) == "st_table_changed"
    missing = a.get("/api/matches/no-such-match/state")
    assert missing.status_code == 404 and said_key(missing) == "st_no_match"


def test_the_web_layers_400s_carry_their_word_keys(app: Flask) -> None:
    match_id, a, _b = start_duel(app)
    bad = post(a, f"/api/matches/{match_id}/actions", {"action": {"type": "ante"}})
    assert bad.status_code == 400 and said_key(bad) == "api_base_version"
    seat = post(phone(app), "/api/matches", {"players": ["Ana", "Ben"], "seat": "first"})
    assert seat.status_code == 400 and said_key(seat) == "api_seat_number"
    nowhere = a.get("/api/nothing-here")
    assert nowhere.status_code == 404 and said_key(nowhere) == "api_http_404"


def test_the_bank_pages_refusals_carry_their_word_keys(client: FlaskClient) -> None:
    pinned = client.post("/api/banks", json={"sets": ["base-3e"], "pin": ["Nothing Such"]})
    assert pinned.status_code == 422 and said_key(pinned) == "ps_no_chip"
    unknown = client.post("/api/banks", json={"sets": ["no-such-set"]})
    assert unknown.status_code == 422 and said_key(unknown) == "ps_unknown_set"


def test_the_clubs_refusals_carry_their_word_keys(app: Flask) -> None:
    ana = phone(app)
    assert post(ana, "/api/club/profiles", {"name": "Ana"}).status_code == 201
    taken = post(phone(app), "/api/club/profiles", {"name": "ana"})
    assert taken.status_code == 400 and said_key(taken) == "cl_name_taken"
    blank = post(phone(app), "/api/club/profiles", {"name": " "})
    assert blank.status_code == 400 and said_key(blank) == "gm_name_empty"
    again = post(ana, "/api/club/profiles", {"name": "Other"})
    assert again.status_code == 409 and said_key(again) == "api_club_has_profile"
