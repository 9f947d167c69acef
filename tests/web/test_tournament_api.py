"""Tournaments through the API: create, enter, pair, results from the tables, corrections,
next round, drops, byes, top cut, CSV, and refusals that change nothing."""

from __future__ import annotations

import csv
import io
import sqlite3
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web import database
from tests.conftest import act, phone, post
from tests.helpers import seat_link


def create(client: FlaskClient, **config: Any) -> tuple[str, dict[str, str]]:
    """Create a tournament; return its id and the organiser's header."""
    made = post(client, "/api/tournaments", {"name": "Friday Strike", **config})
    assert made.status_code == 201, made.get_json()
    data = made.get_json()
    token = data["organiser_url"].rsplit("/", 1)[1]
    return data["tournament_id"], {"X-Organiser-Token": token}


def org(client: FlaskClient, url: str, body: Any, headers: dict[str, str]) -> Any:
    """POST as the organiser."""
    return client.post(url, json=body, headers=headers)


def read(client: FlaskClient, tid: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Read the tournament as this phone sees it."""
    response = client.get(f"/api/tournaments/{tid}", headers=headers or {})
    assert response.status_code == 200, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


def current_tables(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the current round's tables."""
    tables: list[dict[str, Any]] = data["rounds"][-1]["tables"]
    return tables


def seat_phones(app: Flask, table: dict[str, Any]) -> tuple[str, FlaskClient, FlaskClient]:
    """Seat two phones at a table through its slip links; return the match id and the
    phones of players a and b."""
    phones = []
    match_id = ""
    for url in table["seat_urls"]:
        page, code, seat, claim = seat_link(url)
        p = phone(app)
        assert p.get(page).status_code == 200
        joined = post(p, f"/api/join/{code}", {"seat": seat, "claim": claim})
        assert joined.status_code == 200, joined.get_json()
        match_id = joined.get_json()["match_id"]
        phones.append(p)
    return match_id, phones[0], phones[1]


def ps_second_player_wins(match_id: str, a: FlaskClient, b: FlaskClient) -> None:
    """Play a Puzzle Strike match where seat a overflows twice: b wins 2-0."""
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    overflow_twice(match_id, a)


def overflow_twice(match_id: str, a: FlaskClient) -> None:
    """Overflow seat a's gem pile in two games of a chosen Puzzle Strike match: b wins 2-0."""
    for game in range(2):
        for value in (4, 4, 2):
            response = act(a, match_id, {"type": "add_gem", "player": player_a(a, match_id),
                                         "value": value})  # fmt: skip
            assert response.status_code == 200, response.get_json()
        assert act(a, match_id, {"type": "ante"}).status_code == 200
        assert act(a, match_id, {"type": "end_turn"}).status_code == 200
        if game == 0:
            keep = act(a, match_id, {"type": "losers_choice", "option": "keep"})
            assert keep.status_code == 200, keep.get_json()


def enter_duellists(client: FlaskClient, tid: str, h: dict[str, str]) -> None:
    """Enter Ana (Grave) and Ben (Rook) in a Flash Duel tournament, as the organiser."""
    for name, character in (("Ana", "grave"), ("Ben", "rook")):
        added = org(client, f"/api/tournaments/{tid}/players",
                    {"name": name, "character": character}, h)  # fmt: skip
        assert added.status_code == 201


def player_a(client: FlaskClient, match_id: str) -> str:
    """Return the name in seat 0."""
    seats = client.get(f"/api/matches/{match_id}/state").get_json()["seats"]
    return str(seats[0]["name"])


def snapshot(client: FlaskClient, tid: str, headers: dict[str, str]) -> Any:
    """Everything the organiser sees, less the log's times (to check nothing changed)."""
    data = read(client, tid, headers)
    return data["rounds"], data["players"], data["standings"], data["version"]


def test_whole_puzzle_strike_event(app: Flask, client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben", "Cat"], rounds=2)
    assert org(client, f"/api/tournaments/{tid}/players", {"name": "Dan"}, h).status_code == 201
    eve = phone(app)
    asked = post(eve, f"/api/tournaments/{tid}/entries", {"name": "Eve"})
    assert asked.status_code == 201
    assert post(eve, f"/api/tournaments/{tid}/entries", {"name": "Eve2"}).status_code == 409
    assert "Eve" not in [p["name"] for p in read(client, tid)["players"]]  # pending: hidden
    assert read(eve, tid)["you"]["status"] == "pending"
    pid = asked.get_json()["player"]
    approve = f"/api/tournaments/{tid}/players/{pid}/approve"
    assert post(eve, approve, {}).status_code == 403  # a player's cookie is no organiser
    assert org(client, approve, {}, h).status_code == 200

    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    before = snapshot(client, tid, h)
    again = org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h)
    assert again.status_code == 409 and snapshot(client, tid, h) == before
    data = read(client, tid, h)
    tables = current_tables(data)
    assert [t["bye"] for t in tables] == [False, False, True]
    assert len(data["banks"]) == 1 and len(next(iter(data["banks"].values()))["stacks"]) == 10
    assert "seat_urls" not in current_tables(read(client, tid))[0]  # the public sees no seats
    # 3rd edition: the players see the bank at their table once characters are chosen.
    public = read(client, tid)
    assert public["banks"] == {} and all(t["bank"] is None for t in current_tables(public))

    # Table 1 plays on the phones; its result arrives by itself.
    match_id, a, b = seat_phones(app, tables[0])
    assert current_tables(read(client, tid))[0]["result"] is None
    table_view = a.get(f"/api/matches/{match_id}/state").get_json()["state"]
    assert table_view["bank_hidden"] is True  # 3rd edition: the bank after the characters
    assert all(x["key"].startswith("fixed/") for x in table_view["stacks"])
    ps_second_player_wins(match_id, a, b)
    first = current_tables(read(client, tid))[0]
    assert first["result"] == {"wins_a": 0, "wins_b": 2, "draws": 0}
    assert first["source"] == "table"

    # Table 2: the organiser enters a result, then corrects it.
    url = f"/api/tournaments/{tid}/rounds/1/tables/2/result"
    early = org(client, f"/api/tournaments/{tid}/rounds", {"round": 2}, h)
    assert early.status_code == 409 and "waits for tables 2" in early.get_json()["error"]
    assert post(eve, url, {"wins_a": 2, "wins_b": 0}).status_code == 403
    assert org(client, url, {"wins_a": 3, "wins_b": 0}, h).status_code == 422
    assert org(client, url, {"wins_a": 2, "wins_b": 1}, h).status_code == 200
    assert org(client, url, {"wins_a": 1, "wins_b": 2, "by": "Kim"}, h).status_code == 200
    data = read(client, tid, h)
    second = current_tables(data)[1]
    assert second["result"]["wins_b"] == 2 and second["changed_by"] == "organiser (Kim)"
    assert any("was 2-1-0 from the organiser" in line["line"] for line in data["log"])

    # Round 2; round 1 is closed; a drop; unknown players.
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 2}, h).status_code == 201
    before = snapshot(client, tid, h)
    closed = org(client, url, {"wins_a": 2, "wins_b": 0}, h)
    assert closed.status_code == 409 and "finished rounds" in closed.get_json()["error"]
    assert org(client, f"/api/tournaments/{tid}/players/99/drop", {}, h).status_code == 404
    assert org(client, f"/api/tournaments/{tid}/rounds/2/tables/7/result",
               {"wins_a": 2, "wins_b": 0}, h).status_code == 404  # fmt: skip
    assert snapshot(client, tid, h) == before
    rnd2 = current_tables(read(client, tid, h))
    met1 = {frozenset((t["a"]["id"], t["b"]["id"])) for t in tables if not t["bye"]}
    assert not met1 & {frozenset((t["a"]["id"], t["b"]["id"])) for t in rnd2 if not t["bye"]}
    bye1 = next(t["a"]["id"] for t in tables if t["bye"])
    assert next(t["a"]["id"] for t in rnd2 if t["bye"]) != bye1
    for t in rnd2:
        if not t["bye"]:
            done = org(client, f"/api/tournaments/{tid}/rounds/2/tables/{t['table']}/result",
                       {"wins_a": 2, "wins_b": 0}, h)  # fmt: skip
            assert done.status_code == 200
    drop = org(client, f"/api/tournaments/{tid}/players/{bye1}/drop", {}, h)
    assert drop.status_code == 200
    over = org(client, f"/api/tournaments/{tid}/rounds", {"round": 3}, h)
    assert over.status_code == 409 and "over" in over.get_json()["error"]
    check_final(client, tid)


def check_final(client: FlaskClient, tid: str) -> None:
    """Standings and CSVs agree with a count by hand of the stored results."""
    data = read(client, tid)
    points: dict[str, int] = {}
    for rnd in data["rounds"]:
        for t in rnd["tables"]:
            r = t["result"]
            a, b = t["a"]["name"], t["b"]["name"] if t["b"] else None
            points[a] = points.get(a, 0) + (3 if r["wins_a"] > r["wins_b"] else 0)
            if b:
                points[b] = points.get(b, 0) + (3 if r["wins_b"] > r["wins_a"] else 0)
    assert {s["name"]: s["points"] for s in data["standings"]} == points
    ranks = [s["points"] for s in data["standings"]]
    assert ranks == sorted(ranks, reverse=True)
    text = client.get(f"/api/tournaments/{tid}/standings.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["player"] for r in rows] == [s["name"] for s in data["standings"]]
    assert any(r["status"] == "dropped" for r in rows)
    matches = list(csv.DictReader(io.StringIO(
        client.get(f"/api/tournaments/{tid}/matches.csv").get_data(as_text=True))))  # fmt: skip
    assert len(matches) == 6 and {m["source"] for m in matches} >= {"table", "organiser", "bye"}


def test_top_cut_after_swiss(client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben", "Cat", "Dan", "Eve", "Fay"], rounds=1,
                    top_cut=4, bank={"policy": "table"})  # fmt: skip
    stages = []
    for number in (1, 2, 3):
        assert (
            org(client, f"/api/tournaments/{tid}/rounds", {"round": number}, h).status_code == 201
        )
        data = read(client, tid, h)
        stages.append(data["rounds"][-1]["stage"])
        for t in current_tables(data):
            url = f"/api/tournaments/{tid}/rounds/{number}/tables/{t['table']}/result"
            if number > 1:
                assert org(client, url, {"wins_a": 1, "wins_b": 1}, h).status_code == 422
            assert org(client, url, {"wins_a": 2, "wins_b": 1}, h).status_code == 200
    assert stages == ["swiss", "top", "top"]
    data = read(client, tid)
    top = data["rounds"][1]["tables"]
    seeds = [s["name"] for s in data["standings"]]
    assert [(t["a"]["name"], t["b"]["name"]) for t in top] == [
        (seeds[0], seeds[3]), (seeds[1], seeds[2])
    ]  # fmt: skip
    assert data["next"]["stage"] is None
    final = data["rounds"][2]["tables"][0]
    champion = final["a"]["name"]  # every table above went 2-1 to its first player
    assert (data["next"]["over"], data["next"]["winner"]) == (True, champion)
    assert len({t["bank"] for t in data["rounds"][0]["tables"]}) == 3  # a bank per table


def test_over_only_once_the_last_round_has_every_result(client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben", "Cat", "Dan"], rounds=1)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    data = read(client, tid)
    assert data["next"]["stage"] is None  # no round to come...
    assert (data["next"]["over"], data["next"]["winner"]) == (False, None)  # ...but not over
    for t in current_tables(data):
        url = f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/result"
        assert org(client, url, {"wins_a": 2, "wins_b": 0}, h).status_code == 200
    data = read(client, tid)
    assert data["next"]["over"] and data["next"]["winner"] == data["standings"][0]["name"]


def test_a_table_links_to_its_event_and_says_when_its_result_is_sent(
    app: Flask, client: FlaskClient
) -> None:
    tid, h = create(client, players=["Ana", "Ben"], rounds=1)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    match_id, a, b = seat_phones(app, table)
    event = a.get(f"/api/matches/{match_id}/state").get_json()["event"]
    assert event == {"name": "Friday Strike", "url": f"/t/{tid}", "result_sent": False,
                     "round_ends": None}  # no round clock here  # fmt: skip
    assert table["match_url"].endswith(f"/m/{match_id}")  # and back: the event links the table
    ps_second_player_wins(match_id, a, b)
    event = b.get(f"/api/matches/{match_id}/state").get_json()["event"]
    assert event["result_sent"] is True
    casual = post(client, "/api/matches", {"players": ["Ana", "Ben"]}).get_json()
    assert "event" not in client.get(f"/api/matches/{casual['match_id']}/state").get_json()


def play_duel(match_id: str, phones: dict[str, FlaskClient]) -> dict[str, Any]:
    """Play a Flash Duel game to its end (whoever has the turn hits); return the last view."""
    from tests.web.test_duel_room import win_round

    a = next(iter(phones.values()))
    for _ in range(5):
        view = a.get(f"/api/matches/{match_id}/state").get_json()["state"]
        if view["game_winner"]:
            break
        if view["round_over"]:
            chosen = act(phones[view["chooser"]], match_id,
                         {"type": "first_player", "player": view["chooser"]})  # fmt: skip
            assert chosen.status_code == 200, chosen.get_json()
            view = a.get(f"/api/matches/{match_id}/state").get_json()["state"]
        current = view["turn"]
        other = next(n for n in phones if n != current)
        win_round(phones, match_id, current, other)
    final: dict[str, Any] = a.get(f"/api/matches/{match_id}/state").get_json()["state"]
    assert final["game_winner"], final["score"]
    return final


def check_duel_result(client: FlaskClient, tid: str, final: dict[str, Any]) -> None:
    """The tournament shows the duel's score for its players a and b (rounds won), whichever
    side of the board each sat on."""
    table = current_tables(read(client, tid))[0]
    result = table["result"]
    assert result is not None and max(result["wins_a"], result["wins_b"]) == 3
    side = {name: s for s, members in final["sides"].items() for name in members}
    wins = {name: final["score"][side[name]] for name in side}
    assert (result["wins_a"], result["wins_b"]) == (
        wins[table["a"]["name"]],
        wins[table["b"]["name"]],
    )


def test_flash_duel_result_from_the_table(app: Flask, client: FlaskClient) -> None:
    tid, h = create(client, game="flash-duel", mode="full", rounds=1)
    enter_duellists(client, tid, h)
    missing = org(client, f"/api/tournaments/{tid}/players", {"name": "Cid"}, h)
    assert missing.status_code == 422 and "character" in missing.get_json()["error"]
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    match_id, a, b = seat_phones(app, table)
    final = play_duel(match_id, {table["a"]["name"]: a, table["b"]["name"]: b})
    check_duel_result(client, tid, final)


@pytest.mark.parametrize(("seed", "swapped"), [(1, False), (3, True)])
def test_custom_clockwork_draft_then_duel(
    app: Flask, client: FlaskClient, seed: int, swapped: bool
) -> None:
    # Seed 3: the draft's coin seats Ana first although the pairing lists Ben as player a.
    tid, h = create(client, game="flash-duel", mode="custom-clockwork", rounds=1,
                    players=["Ana", "Ben"], seed=seed)  # fmt: skip
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    draft_id, a, b = seat_phones(app, table)
    phones = {table["a"]["name"]: a, table["b"]["name"]: b}
    view = a.get(f"/api/matches/{draft_id}/state").get_json()["state"]
    assert view["kind"] == "draft"
    assert (view["seats"][0] != table["a"]["name"]) is swapped
    while not view["done"]:
        free = next(i["key"] for i in view["pool"] if not i["taken_by"])
        picked = act(phones[view["turn"]], draft_id, {"type": "pick", "key": free})
        assert picked.status_code == 200
        view = a.get(f"/api/matches/{draft_id}/state").get_json()["state"]
    table = current_tables(read(client, tid, h))[0]
    duel_id = table["match_url"].rsplit("/", 1)[1]
    assert duel_id != draft_id  # the table follows the duel
    # The drafters' phones hold their seats in the duel: another phone, even with a seat
    # link, cannot take one.
    page, code, seat, claim = seat_link(table["seat_urls"][1])
    stolen = post(phone(app), f"/api/join/{code}", {"seat": seat, "claim": claim})
    assert stolen.status_code == 409, stolen.get_json()
    for drafter in (a, b):  # each phone follows the draft's link to its seat in the duel
        carried = post(drafter, f"/api/matches/{draft_id}/carry", {})
        assert carried.status_code == 201 and carried.get_json()["match_id"] == duel_id
    state = a.get(f"/api/matches/{duel_id}/state").get_json()["state"]
    assert state["mode"] == "custom-clockwork"
    assert {k: len(v) for k, v in state["abilities"].items()} == {"Ana": 4, "Ben": 4}
    final = play_duel(duel_id, {table["a"]["name"]: a, table["b"]["name"]: b})
    check_duel_result(client, tid, final)


def carry_at_once(draft_id: str, phones: dict[str, FlaskClient]) -> dict[str, Any]:
    """Both phones tap "Start a match" at the same moment (each in its own thread)."""
    import threading

    start = threading.Barrier(len(phones))
    carried: dict[str, Any] = {}

    def tap(name: str, p: FlaskClient) -> None:
        start.wait()
        carried[name] = post(p, f"/api/matches/{draft_id}/carry", {})

    taps = [threading.Thread(target=tap, args=item) for item in phones.items()]
    for t in taps:
        t.start()
    for t in taps:
        t.join()
    return carried


def test_the_draft_page_carries_a_tournament_draft_into_the_tournament_s_duel(
    app: Flask, client: FlaskClient
) -> None:
    """Tapping "start a match" on the draft page (both phones at the same moment) opens the
    duel the tournament follows (it once opened a match of its own, whose result never
    reached the standings)."""
    tid, h = create(client, game="flash-duel", mode="custom-clockwork", rounds=1,
                    players=["Ana", "Ben"], seed=1)  # fmt: skip
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    draft_id, a, b = seat_phones(app, table)
    phones = {table["a"]["name"]: a, table["b"]["name"]: b}
    view = a.get(f"/api/matches/{draft_id}/state").get_json()["state"]
    while not view["done"]:
        free = next(i["key"] for i in view["pool"] if not i["taken_by"])
        assert act(phones[view["turn"]], draft_id, {"type": "pick", "key": free}).status_code == 200
        view = a.get(f"/api/matches/{draft_id}/state").get_json()["state"]
    carried = carry_at_once(draft_id, phones)
    assert {c.status_code for c in carried.values()} == {201}
    duel_ids = {c.get_json()["match_id"] for c in carried.values()}
    assert len(duel_ids) == 1 and {n: c.get_json()["you"] for n, c in carried.items()} == {
        n: n for n in phones
    }
    duel_id = duel_ids.pop()
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from matches").fetchone()[0] == 2  # no orphan
    table = current_tables(read(client, tid, h))[0]
    assert table["match_url"].rsplit("/", 1)[1] == duel_id  # the tournament's own duel
    assert a.get(f"/api/matches/{draft_id}/state").get_json()["carried"]["match_id"] == duel_id
    state = a.get(f"/api/matches/{duel_id}/state").get_json()["state"]
    assert state["mode"] == "custom-clockwork"
    final = play_duel(duel_id, phones)  # the draft's phones, seated by the carry
    check_duel_result(client, tid, final)


def test_bad_settings_and_names(client: FlaskClient) -> None:
    for body, status, words in (
        ({"name": ""}, 422, "'name'"),
        ({"name": "X", "game": "chess"}, 422, "'game'"),
        ({"name": "X", "sets": ["nope"]}, 422, "unknown set"),
        ({"name": "X", "top_cut": 6}, 422, "'top_cut'"),
        ({"name": "X", "bank": {"policy": "recommended"}}, 422, "recommended bank"),
        ({"name": "X", "players": ["Ana", "ana"]}, 409, "already entered"),
    ):
        response = post(client, "/api/tournaments", body)
        assert response.status_code == status and words in response.get_json()["error"], body
    tid, h = create(client)
    assert client.get(f"/to/{tid}/wrong").status_code == 404
    assert client.get("/api/tournaments/nope").status_code == 404
    one = org(client, f"/api/tournaments/{tid}/players", {"name": "Ana"}, h)
    assert one.status_code == 201
    alone = org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h)
    assert alone.status_code == 409 and "2 players" in alone.get_json()["error"]
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": "1"}, h).status_code == 400
    assert post(client, f"/api/tournaments/{tid}/rounds", {"round": 1}).status_code == 403


def test_pages_render(client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben"])
    token = h["X-Organiser-Token"]
    assert "Run a tournament" in client.get("/").get_data(as_text=True)
    for url in ("/tournaments/new", f"/t/{tid}", f"/t/{tid}/standings", f"/t/{tid}/enter",
                f"/to/{tid}/{token}"):  # fmt: skip
        page = client.get(url)
        assert page.status_code == 200 and "<script>" not in page.get_data(as_text=True)


def test_two_next_round_clicks_at_once_open_one_round(app: Flask, client: FlaskClient) -> None:
    import threading

    tid, h = create(client, players=["Ana", "Ben", "Cat", "Dan"])
    answers: list[int] = []

    def click() -> None:
        answers.append(org(app.test_client(), f"/api/tournaments/{tid}/rounds", {"round": 1},
                           h).status_code)  # fmt: skip

    clicks = [threading.Thread(target=click) for _ in range(2)]
    for t in clicks:
        t.start()
    for t in clicks:
        t.join()
    assert sorted(answers) == [201, 409]

    with app.app_context():
        matches = database.get_db().execute("select count(*) from matches").fetchone()[0]
    assert matches == 2 and len(current_tables(read(client, tid, h))) == 2


def test_the_game_that_ends_a_tournament_table_is_final(app: Flask, client: FlaskClient) -> None:
    tid, h = create(client, players=["Ana", "Ben"], rounds=1)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    match_id, a, b = seat_phones(app, table)
    ps_second_player_wins(match_id, a, b)
    reported = current_tables(read(client, tid))[0]
    assert reported["result"] is not None and reported["source"] == "table"
    seen = a.get(f"/api/matches/{match_id}/state").get_json()
    assert seen["can_undo"] is False and seen["undo"] is None
    undone = post(a, f"/api/matches/{match_id}/undo", {
        "base_version": seen["version"], "idempotency_key": "undo-last-turn"})  # fmt: skip
    assert undone.status_code == 409 and "is final" in undone.get_json()["error"]
    assert current_tables(read(client, tid))[0]["result"] == reported["result"]
    # Only the organiser changes it.
    url = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    assert org(client, url, {"wins_a": 2, "wins_b": 1}, h).status_code == 200
    kept = current_tables(read(client, tid))[0]
    assert kept["result"]["wins_a"] == 2 and kept["source"] == "organiser"


def test_same_seed_same_pairings_and_banks(client: FlaskClient) -> None:
    seen = []
    for _ in range(2):
        tid, h = create(client, players=["Ana", "Ben", "Cat", "Dan", "Eve"], seed=4242)
        assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
        tables = current_tables(read(client, tid))
        seen.append([(t["a"]["name"], t["b"] and t["b"]["name"], t["bank"]) for t in tables])
    assert seen[0] == seen[1]
    bad = post(client, "/api/tournaments", {"name": "X", "seed": -1})
    assert bad.status_code == 400 and "'seed'" in bad.get_json()["error"]


def test_flash_duel_two_rounds_four_players_from_the_tables(
    app: Flask, client: FlaskClient
) -> None:
    tid, h = create(client, game="flash-duel", mode="full", rounds=2, seed=7)
    roster = (("Ana", "grave"), ("Ben", "rook"), ("Cid", "jaina"), ("Dee", "midori"))
    for name, character in roster:
        added = org(client, f"/api/tournaments/{tid}/players",
                    {"name": name, "character": character}, h)  # fmt: skip
        assert added.status_code == 201
    for number in (1, 2):
        assert (
            org(client, f"/api/tournaments/{tid}/rounds", {"round": number}, h).status_code == 201
        )
        for table in current_tables(read(client, tid, h)):
            match_id, a, b = seat_phones(app, table)
            play_duel(match_id, {table["a"]["name"]: a, table["b"]["name"]: b})
        assert read(client, tid)["next"]["ready"]  # every result came from the tables
    data = read(client, tid)
    assert data["next"]["stage"] is None
    assert sorted(s["points"] for s in data["standings"]) == [0, 3, 3, 6]
    assert all(t["source"] == "table" for r in data["rounds"] for t in r["tables"])


@pytest.mark.parametrize("character", [["grave"], {"id": "grave"}, 7, None])
def test_a_character_that_is_not_a_name_is_refused_with_400(
    client: FlaskClient, character: Any
) -> None:
    tid, h = create(client, game="flash-duel", mode="full", rounds=1)
    body = {"name": "Ana", "character": character}
    added = org(client, f"/api/tournaments/{tid}/players", body, h)
    entered = post(client, f"/api/tournaments/{tid}/entries", body)
    for answer in (added, entered):
        assert answer.status_code in (400, 422), answer.get_json()
        assert "'character'" in answer.get_json()["error"]


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_are_escaped(
    client: FlaskClient,
) -> None:
    """OWASP's CSV injection advice: a cell starting with = + - @ tab or CR gets a quote."""
    names = ['=HYPERLINK("x","y")', "+1+2", "-Ana", "@SUM(A1)", "Ben"]
    tid, h = create(client, players=names, rounds=1)
    text = client.get(f"/api/tournaments/{tid}/standings.csv").get_data(as_text=True)
    players = {r["player"] for r in csv.DictReader(io.StringIO(text))}
    assert players == {"'" + n for n in names[:4]} | {"Ben"}
    text = client.get(f"/api/tournaments/{tid}/matches.csv").get_data(as_text=True)
    for r in csv.DictReader(io.StringIO(text)):
        for value in (r["player_a"], r["player_b"]):
            assert not value or value[0] not in "=+-@\t\r", value


def test_the_organiser_secret_in_the_address_changes_nothing(client: FlaskClient) -> None:
    """Only the slips PDF (a link) takes the secret as ?key=; every change wants the header."""
    tid, h = create(client, players=["Ana", "Ben"], rounds=1)
    key = h["X-Organiser-Token"]
    by_address = client.post(f"/api/tournaments/{tid}/rounds?key={key}", json={"round": 1})
    assert by_address.status_code == 403
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    assert client.get(f"/api/tournaments/{tid}/rounds/1/slips.pdf?key={key}").status_code == 200


def test_standings_say_no_tie_breaker_before_it_means_something(client: FlaskClient) -> None:
    # Before any result everyone is level (one shared place) and no tie-breaker is given
    # (the 33% floor is no figure); after one, the two who played have theirs, the two
    # who have not yet played stay without.
    tid, h = create(client, players=["Ana", "Ben", "Cat", "Dan"], rounds=2)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    lines = read(client, tid)["standings"]
    assert {(s["place"], s["level"]) for s in lines} == {(1, True)}
    assert all(s["omw"] is None and s["gw"] is None and s["ogw"] is None for s in lines)
    table = current_tables(read(client, tid, h))[0]
    result = {"wins_a": 2, "wins_b": 0, "draws": 0}
    url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
    assert org(client, url, result, h).status_code == 200, url
    lines = {s["name"]: s for s in read(client, tid)["standings"]}
    winner, loser = lines[table["a"]["name"]], lines[table["b"]["name"]]
    assert (winner["place"], winner["level"], winner["gw"]) == (1, False, 100.0)
    assert loser["omw"] == 100.0 and loser["gw"] == 33.0
    waiting = [s for s in lines.values() if s["games"] == 0]
    assert len(waiting) == 2 and all(s["gw"] is None and s["omw"] is None for s in waiting)
    assert {(s["place"], s["level"]) for s in waiting} == {(3, True)}
