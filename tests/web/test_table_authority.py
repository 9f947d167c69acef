"""Who may do what at a table (issue #17): seats bound to their entrants at a tournament
table, hand-over by the organiser there and announced at a casual table."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import act, open_room, phone, post, seat_link, start_duel, state
from tests.web.test_tournament_api import (
    create,
    current_tables,
    org,
    ps_second_player_wins,
    read,
)


def tournament_table(client: FlaskClient) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A two-player Puzzle Strike tournament in round 1; return its id, the organiser's
    header and the table as the organiser sees it."""
    tid, h = create(client, players=["Ana", "Ben"], rounds=1)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    return tid, h, current_tables(read(client, tid, h))[0]


def take(p: FlaskClient, url: str, seat: int | None = None, claim: str | None = "") -> Any:
    """Post a join from a seat link, optionally for another seat or with another code."""
    _, code, own_seat, own_claim = seat_link(url)
    body = {
        "seat": own_seat if seat is None else seat,
        "claim": own_claim if claim == "" else claim,
    }
    return post(p, f"/api/join/{code}", body)


def seated_players(app: Flask, table: dict[str, Any]) -> dict[str, FlaskClient]:
    """Seat both players of a tournament table on phones of their own, by their links."""
    phones = {}
    for side, url in zip(("a", "b"), table["seat_urls"], strict=True):
        p = phone(app)
        assert take(p, url).status_code == 200
        phones[table[side]["name"]] = p
    return phones


def playing(app: Flask, table: dict[str, Any]) -> tuple[dict[str, FlaskClient], str]:
    """Seat both players and choose their characters; return their phones and the match."""
    phones = seated_players(app, table)
    match_id = table["match_url"].rsplit("/", 1)[1]
    for p, character in zip(phones.values(), ("grave", "rook"), strict=True):
        assert act(p, match_id, {"type": "choose", "character": character}).status_code == 200
    return phones, str(match_id)


def test_a_players_seat_link_takes_only_that_seat_once(app: Flask, client: FlaskClient) -> None:
    _, _, table = tournament_table(client)
    mine, theirs = table["seat_urls"]  # player a's link, player b's
    assert take(phone(app), mine).status_code == 200
    second = phone(app)  # player a's second phone, with a's link
    other = table["seats"][1]
    for claim in ("", None):  # b's seat with a's code, or with none
        stolen = take(second, mine, other, claim)
        assert stolen.status_code == 409, stolen.get_json()
        assert f"kept for {table['b']['name']}" in stolen.get_json()["error"]
    assert take(second, mine).status_code == 409  # a's own link works once
    b = phone(app)
    assert take(b, theirs).status_code == 200
    match_id = table["match_url"].rsplit("/", 1)[1]
    assert state(b, match_id)["state"]["you"] == table["b"]["name"]


def test_a_players_own_page_links_only_their_seat(app: Flask, client: FlaskClient) -> None:
    tid, h = create(client, rounds=1)
    phones = {}
    for name in ("Ana", "Ben"):
        p = phone(app)
        asked = post(p, f"/api/tournaments/{tid}/entries", {"name": name})
        assert asked.status_code == 201, asked.get_json()
        phones[name] = p
    for entry in read(client, tid, h)["players"]:
        approved = org(client, f"/api/tournaments/{tid}/players/{entry['id']}/approve", {}, h)
        assert approved.status_code == 200, approved.get_json()
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    mine = current_tables(read(phones["Ana"], tid))[0]
    assert "seat_urls" not in mine
    link = mine["your_seat_url"]
    own = 0 if mine["a"]["name"] == "Ana" else 1
    assert take(phones["Ana"], link, 1 - own).status_code == 409  # not Ben's seat
    assert take(phones["Ana"], link).status_code == 200


def test_only_the_organiser_hands_over_a_tournament_seat(app: Flask, client: FlaskClient) -> None:
    tid, h, table = tournament_table(client)
    a, b = phone(app), phone(app)
    assert take(a, table["seat_urls"][0]).status_code == 200
    assert take(b, table["seat_urls"][1]).status_code == 200
    match_id = table["match_url"].rsplit("/", 1)[1]
    b_seat, b_name = table["seats"][1], table["b"]["name"]
    refused = post(a, f"/api/matches/{match_id}/seats/{b_seat}/hand-over", {})
    assert refused.status_code == 403 and "organiser" in refused.get_json()["error"]
    assert state(b, match_id)["state"]["you"] == b_name  # b still plays
    where = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/seats/{b_seat}/hand-over"
    assert post(a, where, {}).status_code == 403  # a player is not the organiser
    given = org(client, where, {}, h)
    assert given.status_code == 200, given.get_json()
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 403
    new = phone(app)
    assert take(new, given.get_json()["join_url"]).status_code == 200
    assert take(phone(app), given.get_json()["join_url"]).status_code == 409  # once
    line = f"the organiser handed {b_name}'s seat to a new phone"
    assert line in [h["text"] for h in state(a, match_id)["history"]]
    assert any("handed to a new phone" in x["line"] for x in read(client, tid, h)["log"])


def test_a_casual_hand_over_is_announced_to_every_phone(app: Flask) -> None:
    match_id, ana, ben = start_duel(app)
    assert post(ben, f"/api/matches/{match_id}/seats/0/hand-over", {}).status_code == 200
    lines = [h["text"] for h in state(ben, match_id)["history"]]
    assert "Ben handed Ana's seat to a new phone" in lines
    spectator = state(ben, match_id)["links"]["view_url"].rsplit("/", 1)[1]
    seen = ana.get(f"/api/view/{spectator}/state").get_json()
    assert "Ben handed Ana's seat to a new phone" in [h["text"] for h in seen["history"]]
    # The announcement is no action: Ben's first action is still what undo takes back.
    assert act(ben, match_id, {"type": "choose", "character": "rook"}).status_code == 200


def test_four_secret_choices_on_the_same_version_all_count(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Dee"]
    first = phone(app)
    made = post(first, "/api/matches", {"players": players, "seat": 0, "mode": "free-for-all",
                                        "recommended": "First Game"})  # fmt: skip
    assert made.status_code == 201, made.get_json()
    match_id, code = made.get_json()["match_id"], made.get_json()["join_code"]
    phones = [first]
    for seat in range(1, 4):
        p = phone(app)
        assert post(p, f"/api/join/{code}", {"seat": seat}).status_code == 200
        phones.append(p)
    seen = state(first, match_id)["version"]  # every phone saw this table when it chose
    characters = ["grave", "rook", "jaina", "midori"]
    for n, (p, character) in enumerate(zip(phones, characters, strict=True)):
        body = {"action": {"type": "choose", "character": character}, "base_version": seen,
                "idempotency_key": f"choose-{n}-key"}  # fmt: skip
        chosen = post(p, f"/api/matches/{match_id}/actions", body)
        assert chosen.status_code == 200, chosen.get_json()
        again = post(p, f"/api/matches/{match_id}/actions", body)  # a retry counts once
        assert again.get_json() == chosen.get_json()
    after = state(first, match_id)
    assert after["state"]["phase"] == "playing"
    assert set(after["state"]["characters"]) == set(players)
    # An action that depends on the table is still refused on an older version.
    ante = {"action": {"type": "ante"}, "base_version": seen, "idempotency_key": "ante-stale"}
    stale = post(first, f"/api/matches/{match_id}/actions", ante)
    assert stale.status_code == 409 and stale.get_json()["current"]["version"] == after["version"]


def test_a_tournament_table_takes_a_players_action_only_from_their_phone(
    app: Flask, client: FlaskClient
) -> None:
    _, _, table = tournament_table(client)
    phones, match_id = playing(app, table)
    turn = state(client, match_id)["state"]["table"]["turn"]
    other = next(name for name in phones if name != turn)
    into_theirs = act(phones[other], match_id, {"type": "add_gem", "player": turn, "value": 1})
    assert into_theirs.status_code == 403, into_theirs.get_json()
    assert f"this is {turn}'s to do" in into_theirs.get_json()["error"]
    own = act(phones[other], match_id, {"type": "add_gem", "player": other, "value": 1})
    assert own.status_code == 200  # a player keeps their own pile
    sent = act(phones[turn], match_id, {"type": "add_gem", "player": other, "value": 1})
    assert sent.status_code == 200  # the turn's chips put gems in another's pile
    assert act(phones[other], match_id, {"type": "end_turn"}).status_code in (403, 422)


def test_a_casual_duel_lets_any_seated_phone_record_a_move(app: Flask) -> None:
    room, _, (ana, ben) = open_room(
        app, {"kind": "flash-duel", "mode": "full", "players": ["Ana", "Ben"],
              "characters": {"Ana": "grave", "Ben": "rook"}},
    )  # fmt: skip
    turn = state(ana, room)["state"]["turn"]
    other = ben if turn == "Ana" else ana
    moved = act(other, room, {"type": "move", "player": turn, "card": 1})
    assert moved.status_code == 200, moved.get_json()


def test_each_action_records_its_seat_and_phone(app: Flask) -> None:
    match_id, ana, ben = start_duel(app)
    assert act(ana, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    # Ana's pick is secret until Ben's: only her own phone may hand her seat over now.
    assert post(ben, f"/api/matches/{match_id}/seats/0/hand-over", {}).status_code == 409
    assert post(ana, f"/api/matches/{match_id}/seats/0/hand-over", {}).status_code == 200
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        rows = conn.execute(
            "select kind, actor, payload from events where match_id = ? order by version",
            (match_id,),
        ).fetchall()
    conn.close()
    choose = json.loads(rows[0][2])
    assert rows[0][:2] == ("action", "Ana") and len(choose["phone"]) == 12
    assert rows[1][:2] == ("seat", "Ana")


def test_a_betrayal_accusation_is_final(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Dee", "Drake"]
    characters = dict(zip(players, ["grave", "rook", "jaina", "midori", "menelker"], strict=True))
    del characters["Drake"]
    room, _, phones = open_room(app, {"kind": "flash-duel", "mode": "betrayal", "players": players,
                                      "characters": characters, "dragon": "Drake"})  # fmt: skip
    seen = state(phones[0], room)
    accuser = seen["state"]["turn"]
    mine = phones[players.index(accuser)]
    accused = next(p for p in players[:4] if p != accuser)
    assert act(mine, room, {"type": "accuse", "accused": accused}).status_code == 200
    after = state(mine, room)
    assert after["can_undo"] is False and after["undo"] is None
    undone = post(mine, f"/api/matches/{room}/undo", {
        "base_version": after["version"], "idempotency_key": "undo-accuse"})  # fmt: skip
    assert undone.status_code == 409 and "is final" in undone.get_json()["error"]
    assert accused in state(mine, room)["state"]["revealed"]


def test_the_organiser_takes_back_a_tables_last_action_but_never_a_final_one(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, table = tournament_table(client)
    phones, match_id = playing(app, table)
    where = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}"
    last = client.get(where + "/last-action", headers=h).get_json()["last"]
    assert "is final" in last["refused"]  # the reveal of the characters
    assert org(client, where + "/undo", {"target": last["target"]}, h).status_code == 409
    turn = state(client, match_id)["state"]["table"]["turn"]
    assert act(phones[turn], match_id, {"type": "ante"}).status_code == 200
    last = client.get(where + "/last-action", headers=h).get_json()["last"]
    assert last["line"].startswith(f"{turn} anted") and last["refused"] is None
    other = next(p for name, p in phones.items() if name != turn)
    assert post(other, where + "/undo", {"target": last["target"]}).status_code == 403
    undone = org(client, where + "/undo", {"target": last["target"]}, h)
    assert undone.status_code == 200, undone.get_json()
    assert state(other, match_id)["history"][-1]["text"] == f"the organiser undid: {last['line']}"
    again = org(client, where + "/undo", {"target": last["target"]}, h)  # a repeated tap
    assert again.status_code == 409


def test_a_traitors_state_differs_from_a_loyal_players_only_in_the_card(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Dee", "Drake"]
    characters = dict(zip(players[:4], ["grave", "rook", "jaina", "midori"], strict=True))
    room, _, phones = open_room(app, {"kind": "flash-duel", "mode": "betrayal", "players": players,
                                      "characters": characters, "dragon": "Drake"})  # fmt: skip
    seen = {name: state(p, room) for name, p in zip(players, phones, strict=True)}
    # next_step and status: each seat's own bar and status line (its side first), from public
    # facts; pad: spaces that keep the answer as long whatever the secret
    private = {"loyalty", "you", "next_step", "status", "pad"}
    steps = [
        str(data["state"][k]).lower() for data in seen.values() for k in ("next_step", "status")
    ]
    assert not any("traitor" in s or "loyal" in s for s in steps)
    plain = [
        {k: v for k, v in data["state"].items() if k not in private} | {"links": data["links"]}
        for data in seen.values()
    ]
    assert all(view == plain[0] for view in plain), "a phone's state shows more than its card"
    waiting = [data["state"]["next_step"] for data in seen.values()]
    waiting = [step for step in waiting if not step["mine"]]
    assert len(waiting) == len(players) - 1 and all(step == waiting[0] for step in waiting)
    assert {data["state"]["loyalty"] for data in seen.values()} == {"loyal", "traitor"}


def reporting_table(
    app: Flask, client: FlaskClient
) -> tuple[str, dict[str, str], dict[str, Any], dict[str, FlaskClient], str]:
    """A tournament table with its players seated: id, organiser header, table, the players'
    phones by name, and where they report its score."""
    tid, h, table = tournament_table(client)
    where = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/report"
    return tid, h, table, seated_players(app, table), where


def test_players_who_agree_on_a_typed_score_make_the_result(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, table, phones, where = reporting_table(app, client)
    a, b = table["a"]["name"], table["b"]["name"]
    score = {"wins_a": 2, "wins_b": 1, "draws": 0}
    assert post(phone(app), where, score).status_code == 403  # not a player of this table
    first = post(phones[a], where, score)
    assert first.status_code == 200 and first.get_json()["report"] == "waiting"
    assert current_tables(read(client, tid))[0]["result"] is None
    mine = current_tables(read(client, tid, h))[0]["reports"]
    assert mine == {"a": score, "b": None}
    second = post(phones[b], where, score)
    assert second.status_code == 200 and second.get_json()["report"] == "agreed"
    done = current_tables(read(client, tid))[0]
    assert done["result"] == score and done["source"] == "players"
    late = post(phones[a], where, {"wins_a": 0, "wins_b": 2, "draws": 0})
    assert late.status_code == 409 and "only the organiser" in late.get_json()["error"]


def test_players_who_disagree_leave_the_result_to_the_organiser(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, table, phones, where = reporting_table(app, client)
    a, b = table["a"]["name"], table["b"]["name"]
    assert post(phones[a], where, {"wins_a": 2, "wins_b": 0}).get_json()["report"] == "waiting"
    differ = post(phones[b], where, {"wins_a": 0, "wins_b": 2})
    assert differ.status_code == 200 and differ.get_json()["report"] == "disputed"
    seen = read(client, tid, h)
    assert current_tables(seen)[0]["result"] is None
    assert any("reports differ" in x["line"] for x in seen["log"])
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    assert current_tables(read(client, tid))[0]["source"] == "organiser"


def test_a_decided_tournament_table_takes_no_rematch_or_further_action(
    app: Flask, client: FlaskClient
) -> None:
    """The loser's Rematch erased a reported 0-2 (play-test): a decided table is closed."""
    tid, h, table = tournament_table(client)
    phones = seated_players(app, table)
    match_id = table["match_url"].rsplit("/", 1)[1]
    a, b = (phones[table[side]["name"]] for side in ("a", "b"))
    ps_second_player_wins(match_id, a, b)
    decided = {"wins_a": 0, "wins_b": 2, "draws": 0}
    assert current_tables(read(client, tid, h))[0]["result"] == decided
    for p in (a, b):
        refused = act(p, match_id, {"type": "rematch"})
        assert refused.status_code == 409, refused.get_json()
        assert "decided" in refused.get_json()["error"]
    assert current_tables(read(client, tid, h))[0]["result"] == decided
    assert state(a, match_id)["state"]["match"]["winner"] is not None


def test_at_a_tournament_table_a_bank_stack_is_marked_by_the_turn_player(
    app: Flask, client: FlaskClient
) -> None:
    # Issue #26 item 1, applied to Puzzle Strike: emptying stacks starts Panic Time (a bigger
    # ante for both), so it is the buyer's (the turn player's) to record, not the other phone's.
    _, _, table = tournament_table(client)
    phones, match_id = playing(app, table)
    seen = state(client, match_id)["state"]
    turn = seen["table"]["turn"]
    other = next(name for name in phones if name != turn)
    stack = seen["stacks"][0]["key"]
    marked = {"type": "stack", "stack": stack, "state": "empty"}
    refused = act(phones[other], match_id, marked)
    assert refused.status_code == 403, refused.get_json()
    assert f"{turn}'s to do" in refused.get_json()["error"]
    assert act(phones[turn], match_id, marked).status_code == 200


def test_a_betrayal_time_over_shows_every_card_and_cannot_be_undone(app: Flask) -> None:
    # Issue #26 items 3 and 8: from one phone, draw, reshuffle, draw, time-over showed the
    # traitor to every phone and spectator, and the same phone then undid all its actions.
    players = ["Ana", "Ben", "Cid", "Dee", "Drake"]
    characters = dict(zip(players[:4], ["grave", "rook", "jaina", "midori"], strict=True))
    room, _, phones = open_room(app, {"kind": "flash-duel", "mode": "betrayal", "players": players,
                                      "characters": characters, "dragon": "Drake"})  # fmt: skip
    ana = phones[0]
    seen = state(ana, room)["state"]
    while seen["deck"] > 0 or seen["reshuffle_due"]:
        step = {"type": "reshuffle"} if seen["reshuffle_due"] else {"type": "draw", "count": 10}
        assert act(ana, room, step).status_code == 200
        seen = state(ana, room)["state"]
    standing = [f["name"] for f in seen["fighters"] if not f["defeated"]]
    hands = {name: [1] for name in standing}
    assert act(ana, room, {"type": "time_over", "hands": hands}).status_code == 200
    after = state(ana, room)
    assert after["can_undo"] is False and after["undo_why"]["why"] == "final"
    undo = {"base_version": after["version"], "idempotency_key": "undo-time-over"}
    undone = post(ana, f"/api/matches/{room}/undo", undo)
    assert undone.status_code == 409 and "is final" in undone.get_json()["error"]
    cards = {p: state(p_, room)["state"]["loyalty"] for p, p_ in zip(players, phones, strict=True)}
    for p_ in phones:  # every card on every phone once the game is over
        assert state(p_, room)["state"]["revealed"] == cards


def test_a_table_whose_reports_differ_is_flagged_until_the_organiser_decides(
    app: Flask, client: FlaskClient
) -> None:
    """#27 item 9: the organiser's list said "playing" for a table waiting on their decision."""
    tid, h, table, phones, where = reporting_table(app, client)
    a, b = table["a"]["name"], table["b"]["name"]
    post(phones[a], where, {"wins_a": 2, "wins_b": 1})
    assert current_tables(read(client, tid, h))[0]["reports_differ"] is False  # one report
    post(phones[b], where, {"wins_a": 1, "wins_b": 2})
    flagged = current_tables(read(client, tid, h))[0]
    assert flagged["reports_differ"] is True
    assert flagged["reports"]["a"]["wins_a"] == 2 and flagged["reports"]["b"]["wins_a"] == 1
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 1}, h).status_code == 200
    assert current_tables(read(client, tid, h))[0]["reports_differ"] is False  # decided
