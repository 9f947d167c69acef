"""Who may do what at a tournament Flash Duel table (issue #26, item 1): a round cannot be
won from one phone. ``place`` only on your own turn, the pile by the turn player, and at
time-over each seat enters its own hand on its own phone; the round is settled when every
hand is in (seed 002 l.111-113: "When the last card is drawn, time has run out. Both players
reveal their hands")."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import act, state
from tests.web.test_tournament_api import create, current_tables, org, read, seat_phones


def duel_table(
    app: Flask, client: FlaskClient, seed: int = 7
) -> tuple[str, str, dict[str, FlaskClient]]:
    """A one-round Flash Duel tournament of Ana (Grave) and Ben (Rook), both seated; return
    the tournament, the match and each player's phone."""
    tid, h = create(client, game="flash-duel", mode="full", rounds=1, seed=seed)
    for name, character in (("Ana", "grave"), ("Ben", "rook")):
        added = org(client, f"/api/tournaments/{tid}/players",
                    {"name": name, "character": character}, h)  # fmt: skip
        assert added.status_code == 201
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    match_id, a, b = seat_phones(app, table)
    return tid, match_id, {table["a"]["name"]: a, table["b"]["name"]: b}


def view(p: FlaskClient, match_id: str) -> dict[str, Any]:
    return dict(state(p, match_id)["state"])


def test_a_tournament_duel_is_not_won_3_0_from_one_phone(app: Flask, client: FlaskClient) -> None:
    # The script: from Ana's phone only, each round: place her pawn next to Ben's,
    # draw with no player until the pile is empty, type both hands at time-over. Ben's phone
    # only ever answers "who goes first".
    tid, match_id, phones = duel_table(app, client)
    ana, ben = phones["Ana"], phones["Ben"]
    answers = []
    for _ in range(3):
        seen = view(ana, match_id)
        if seen["round_over"]:
            act(phones[seen["chooser"]], match_id, {"type": "first_player", "player": "Ben"})
            seen = view(ana, match_id)
        if seen["turn"] == "Ana":  # the script plays on Ben's turn
            answers.append(act(ana, match_id, {"type": "end_turn"}))
            seen = view(ana, match_id)
        ben_at = next(f["position"] for f in seen["fighters"] if f["name"] == "Ben")
        near = ben_at - 1 if ben_at > 1 else ben_at + 1
        answers.append(act(ana, match_id, {"type": "place", "player": "Ana", "space": near}))
        for _ in range(4):
            answers.append(act(ana, match_id, {"type": "draw", "count": 10}))
        hands = {"Ana": [1, 1, 1, 1, 1], "Ben": [5]}
        answers.append(act(ana, match_id, {"type": "time_over", "hands": hands}))
    assert current_tables(read(client, tid))[0]["result"] is None
    assert view(ben, match_id)["score"] in ({"A": 0, "B": 0}, {"B": 0, "A": 0})
    refused = [r.get_json()["error"] for r in answers if r.status_code == 403]
    assert any("own turn" in e for e in refused), refused  # place on Ben's turn
    assert any("Ben's to do" in e for e in refused), refused  # the pile on Ben's turn
    assert any("time-over" in e and "own hand" in e for e in refused), refused


def run_out_of_cards(phones: dict[str, FlaskClient], match_id: str) -> str:
    """The turn player draws until the last card is drawn; return who that was."""
    seen = view(next(iter(phones.values())), match_id)
    turn = str(seen["turn"])
    while seen["deck"] > 0:
        drawn = act(phones[turn], match_id, {"type": "draw", "count": 10})
        assert drawn.status_code == 200, drawn.get_json()
        seen = view(phones[turn], match_id)
    return turn


def test_at_time_over_each_seat_shows_its_own_hand_and_the_round_waits_for_both(
    app: Flask, client: FlaskClient
) -> None:
    _, match_id, phones = duel_table(app, client)
    ana, ben = phones["Ana"], phones["Ben"]
    turn = run_out_of_cards(phones, match_id)
    other = "Ben" if turn == "Ana" else "Ana"
    refused = act(phones[other], match_id, {"type": "draw", "count": 1})
    assert refused.status_code == 403  # the pile is the turn player's
    typed = act(ana, match_id, {"type": "time_over", "hands": {"Ana": [1], "Ben": []}})
    assert typed.status_code == 403 and "own hand" in typed.get_json()["error"]
    # Ana and Ben start 17 spaces apart: nobody holds a 17, so seed 002 l.113 goes by who
    # advanced farthest (both did not move): a draw unless the hands say otherwise.
    assert act(ana, match_id, {"type": "show_hand", "cards": [3, 5]}).status_code == 200
    mine, theirs = view(ana, match_id), view(ben, match_id)
    assert mine["hands_shown"] == {"entered": ["Ana"], "mine": [3, 5]}
    assert theirs["hands_shown"] == {"entered": ["Ana"], "mine": None}  # hidden from Ben
    assert not theirs["round_over"]
    assert "[3, 5]" not in str(state(ben, match_id)) and "3 5" not in str(state(ben, match_id))
    ends = act(phones[turn], match_id, {"type": "end_turn"})
    assert ends.status_code == 422 and "waiting for Ben" in ends.get_json()["error"]
    assert act(ben, match_id, {"type": "show_hand", "cards": []}).status_code == 200
    done = state(ben, match_id)
    assert done["state"]["round_over"] and done["state"]["hands_shown"]["entered"] == []
    assert done["can_undo"] is False  # the hands were shown: final


def test_the_organiser_places_a_pawn_by_hand_on_any_turn(app: Flask, client: FlaskClient) -> None:
    # A pawn knocked off its space: on another's turn only the organiser puts it back.
    tid, h = create(client, game="flash-duel", mode="full", rounds=1, seed=7)
    for name, character in (("Ana", "grave"), ("Ben", "rook")):
        org(client, f"/api/tournaments/{tid}/players", {"name": name, "character": character}, h)
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    table = current_tables(read(client, tid, h))[0]
    match_id, a, b = seat_phones(app, table)
    phones = {table["a"]["name"]: a, table["b"]["name"]: b}
    waiting = next(name for name in phones if name != view(a, match_id)["turn"])
    where = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/place"
    placed = {"player": waiting, "space": 12}
    assert act(phones[waiting], match_id, {"type": "place", **placed}).status_code == 403
    assert org(client, where, placed, {}).status_code == 403  # not the organiser
    done = org(client, where, placed, h)
    assert done.status_code == 200, done.get_json()
    assert done.get_json()["line"] == f"the organiser: {waiting} placed on space 12"
    seen = view(a, match_id)
    assert next(f["position"] for f in seen["fighters"] if f["name"] == waiting) == 12
    assert org(client, where, {"player": waiting, "space": 99}, h).status_code == 422


def test_the_phone_not_on_turn_cannot_empty_the_pile_by_drawing_for_itself(
    app: Flask, client: FlaskClient
) -> None:
    # Played on two phones: on Ana's turn, Ben's phone sent "draw 10 for Ben" twice, the pile
    # ran out on turn 1 and the round went to time-over (seed 002 l.111: "When the last card
    # is drawn, time has run out") with no move made: a result forced from one phone. The
    # pile belongs to the turn player at a tournament table, a draw named for a player too.
    _, match_id, phones = duel_table(app, client)
    turn = str(view(phones["Ana"], match_id)["turn"])
    other = next(name for name in phones if name != turn)
    answers = [
        act(phones[other], match_id, {"type": "draw", "count": 10, "player": other})
        for _ in range(2)
    ]
    assert [r.status_code for r in answers] == [403, 403]
    assert f"{turn}'s to do" in answers[0].get_json()["error"]
    assert view(phones[turn], match_id)["deck"] > 0
    drawn = act(phones[turn], match_id, {"type": "draw", "count": 1, "player": other})
    assert drawn.status_code == 200, drawn.get_json()  # the turn player records it


def test_once_every_hand_is_in_every_phone_sees_the_hands_that_settled_the_round(
    app: Flask, client: FlaskClient
) -> None:
    # Played on two phones: Ana's hand went in, then Ben's settled the round "round to Ana
    # at time-over", but neither the state nor the history ever showed Ben what Ana had
    # entered, so he could not check the hand that beat him. Seed 002 l.113: "Both players
    # reveal their hands"; a hand is hidden only until every hand is in.
    _, match_id, phones = duel_table(app, client)
    ana, ben = phones["Ana"], phones["Ben"]
    run_out_of_cards(phones, match_id)
    assert act(ana, match_id, {"type": "show_hand", "cards": [3, 5]}).status_code == 200
    assert act(ben, match_id, {"type": "show_hand", "cards": []}).status_code == 200
    for phone in (ana, ben):
        last = state(phone, match_id)["history"][-1]["text"]
        assert "Ana shows 3 5" in last and "Ben shows no cards" in last, last


def test_show_hand_takes_only_the_cards_of_the_phones_own_seat(
    app: Flask, client: FlaskClient
) -> None:
    # A hand is shown by its own seat (the phone's): a 'player' naming another seat, or any
    # other field, is a 400 naming it, as a field of the wrong shape is, not a hand
    # silently recorded as the phone's own (issue #26, left open there).
    _, match_id, phones = duel_table(app, client)
    run_out_of_cards(phones, match_id)
    ana = phones["Ana"]
    for extra in ({"player": "Ben"}, {"hands": {"Ben": [1]}}):
        sent = act(ana, match_id, {"type": "show_hand", "cards": [3, 5], **extra})
        assert sent.status_code == 400, sent.get_json()
        field = next(iter(extra))
        assert f"'{field}'" in sent.get_json()["error"] and sent.get_json()["said"]
    assert view(ana, match_id)["hands_shown"]["entered"] == []
    assert act(ana, match_id, {"type": "show_hand", "cards": [3, 5]}).status_code == 200
