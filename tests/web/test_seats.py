"""Seats: one per phone, handing a lost phone's seat to a new phone (defect 8), and a
finished draft carried into exactly one match with every seat's phone seated (defect 7)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import act, open_room, phone, post, start_duel, state, stored


def join_code_of(client: FlaskClient, match_id: str) -> str:
    return str(state(client, match_id)["links"]["join_url"].rsplit("/", 1)[1])


def test_a_phone_holds_one_seat_per_match(app: Flask) -> None:
    a = phone(app)
    made = post(a, "/api/matches", {"players": ["Ana", "Ben"], "seat": 0}).get_json()
    second = post(a, f"/api/join/{made['join_code']}", {"seat": 1})
    assert second.status_code == 409
    assert "this phone already holds Ana's seat" in second.get_json()["error"]
    assert [s["taken"] for s in state(a, made["match_id"])["seats"]] == [True, False]
    assert post(phone(app), f"/api/join/{made['join_code']}", {"seat": 1}).status_code == 200


def hand_over(client: FlaskClient, match_id: str, seat: int) -> dict[str, str]:
    response = post(client, f"/api/matches/{match_id}/seats/{seat}/hand-over", {})
    assert response.status_code == 200, response.get_json()
    data: dict[str, str] = response.get_json()
    return data


def test_a_lost_phones_seat_goes_to_a_new_phone(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    given = hand_over(a, match_id, 1)  # Ana hands Ben's seat over: Ben's phone is flat
    assert given["name"] == "Ben"
    assert state(b, match_id)["state"]["you"] is None  # the old cookie no longer counts
    assert act(b, match_id, {"type": "choose", "character": "lum"}).status_code == 403
    code = join_code_of(a, match_id)
    stranger = post(phone(app), f"/api/join/{code}", {"seat": 1})
    assert stranger.status_code == 409 and "handed to a new phone" in stranger.get_json()["error"]
    link = urlsplit(given["join_url"])
    query = parse_qs(link.query)
    assert link.path == f"/join/{code}" and query["seat"] == ["1"]
    new = phone(app)
    body = {"seat": 1, "claim": query["claim"][0]}
    assert post(new, f"/api/join/{code}", body).status_code == 200
    assert state(new, match_id)["state"]["you"] == "Ben"
    assert act(new, match_id, {"type": "choose", "character": "lum"}).status_code == 200
    again = post(phone(app), f"/api/join/{code}", body)  # the claim code works once
    assert again.status_code == 409


def test_only_a_seated_phone_hands_a_seat_over(app: Flask) -> None:
    match_id, _, _ = start_duel(app)
    refused = post(phone(app), f"/api/matches/{match_id}/seats/0/hand-over", {})
    assert refused.status_code == 403


def finished_draft(app: Flask, players: list[str]) -> tuple[str, list[FlaskClient]]:
    room, _, phones = open_room(app, {"kind": "draft", "players": players})
    by_name = dict(zip(players, phones, strict=True))
    s = state(phones[0], room)["state"]
    while not s["done"]:
        free = next(i["key"] for i in s["pool"] if not i["taken_by"])
        assert act(by_name[s["turn"]], room, {"type": "pick", "key": free}).status_code == 200
        s = state(phones[0], room)["state"]
    return room, phones


def test_a_draft_is_carried_into_one_match_with_every_phone_seated(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid"]
    room, (a, b, c) = finished_draft(app, players)
    before = stored(app)["matches"]
    body = {"recommended": "First Game"}
    first = post(a, f"/api/matches/{room}/carry", body)
    assert first.status_code == 201, first.get_json()
    match_id = first.get_json()["match_id"]
    assert post(a, f"/api/matches/{room}/carry", body).get_json()["match_id"] == match_id
    assert state(b, room)["carried"]["match_id"] == match_id  # every phone sees the link
    assert post(b, f"/api/matches/{room}/carry", body).get_json()["match_id"] == match_id
    assert stored(app)["matches"] == before + 1
    # Cid's seat is his already: no other phone can take it while his phone catches up.
    assert all(s["taken"] for s in state(c, match_id)["seats"])
    code = state(a, match_id)["links"]["join_url"].rsplit("/", 1)[1]
    assert post(phone(app), f"/api/join/{code}", {"seat": 2}).status_code == 409
    assert post(c, f"/api/matches/{room}/carry", {}).get_json()["match_id"] == match_id
    for name, phone_ in zip(players, (a, b, c), strict=True):
        assert state(phone_, match_id)["state"]["you"] == name
    assert stored(app)["matches"] == before + 1
    table = state(c, match_id)["state"]
    assert table["phase"] == "playing" and table["characters"]["Cid"].startswith("Clockwork")


def test_carrying_needs_a_seated_phone(app: Flask) -> None:
    room, (a, _) = finished_draft(app, ["Ana", "Ben"])
    before = stored(app)
    forged = post(a, f"/api/matches/{room}/carry", {}, csrf=False)  # a foreign page's request
    assert forged.status_code == 403 and "X-CSRF-Token" in forged.get_json()["error"]
    bare = app.test_client()  # no cookies at all
    assert bare.post(f"/api/matches/{room}/carry", json={}).status_code == 403
    stranger = post(phone(app), f"/api/matches/{room}/carry", {})
    assert stranger.status_code == 403 and "seated in the draft" in stranger.get_json()["error"]
    assert stored(app) == before


def test_a_team_draft_seats_each_phone_at_its_own_name(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Dee"]
    room, _, phones = open_room(app, {"kind": "draft", "players": players, "team_battle": True})
    by_name = dict(zip(players, phones, strict=True))
    s = state(phones[0], room)["state"]
    while not s["done"]:
        free = next(i["key"] for i in s["pool"] if not i["taken_by"])
        act(by_name[s["turn"]], room, {"type": "pick", "key": free})
        s = state(phones[0], room)["state"]
    made = post(by_name["Cid"], f"/api/matches/{room}/carry", {"recommended": "First Game"})
    match_id = made.get_json()["match_id"]
    seats = state(phones[0], match_id)["seats"]
    assert [x["name"] for x in seats] == ["Ana", "Ben", "Dee", "Cid"]  # A B A B
    for name, phone_ in by_name.items():
        assert post(phone_, f"/api/matches/{room}/carry", {}).get_json()["you"] == name
        assert state(phone_, match_id)["state"]["you"] == name


def test_a_seat_holding_a_secret_pick_is_handed_over_only_by_its_own_phone(app: Flask) -> None:
    # Handing Ben's seat to a "new phone" would let Ana's second phone read Ben's pick.
    match_id, a, b = start_duel(app)
    assert act(b, match_id, {"type": "choose", "character": "lum"}).status_code == 200
    refused = post(a, f"/api/matches/{match_id}/seats/1/hand-over", {})
    assert refused.status_code == 409
    assert "Ben holds a secret character pick" in refused.get_json()["error"]
    assert state(b, match_id)["state"]["you"] == "Ben"  # nothing changed
    assert "handed" not in str(state(a, match_id)["history"])
    # Once every pick is revealed, a lost phone's seat is handed over as before.
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert hand_over(a, match_id, 1)["name"] == "Ben"


def test_a_player_may_hand_their_own_secret_holding_seat_to_a_new_phone(app: Flask) -> None:
    match_id, a, b = start_duel(app)
    assert act(b, match_id, {"type": "choose", "character": "lum"}).status_code == 200
    given = hand_over(b, match_id, 1)
    query = parse_qs(urlsplit(given["join_url"]).query)
    new = phone(app)
    body = {"seat": 1, "claim": query["claim"][0]}
    assert post(new, f"/api/join/{join_code_of(a, match_id)}", body).status_code == 200
    assert state(new, match_id)["state"]["characters"]["Ben"] is not None


BETRAYAL = ["Ana", "Ben", "Cid", "Dee", "Drake"]


def betrayal_table(app: Flask) -> tuple[str, dict[str, FlaskClient]]:
    """Open a casual Betrayal at the Raid table with every seat on its own phone."""
    characters = dict(zip(BETRAYAL[:4], ["grave", "rook", "jaina", "midori"], strict=True))
    body = {"kind": "flash-duel", "mode": "betrayal", "players": BETRAYAL,
            "characters": characters, "dragon": "Drake"}  # fmt: skip
    room, _, phones = open_room(app, body)
    return room, dict(zip(BETRAYAL, phones, strict=True))


def test_another_seat_cannot_hand_over_a_seat_holding_a_loyalty_card(app: Flask) -> None:
    # Issue #26 item 2: a loyal player handed the traitor's seat to a "new phone" of their own
    # and read "Your card: traitor" there. Every seat holds a hidden card (the Dragon too).
    room, phones = betrayal_table(app)
    cards = {name: state(p, room)["state"]["loyalty"] for name, p in phones.items()}
    traitor = next(name for name, card in cards.items() if card == "traitor")
    other = next(name for name in BETRAYAL if name != traitor)
    seat = BETRAYAL.index(traitor)
    refused = post(phones[other], f"/api/matches/{room}/seats/{seat}/hand-over", {})
    assert refused.status_code == 409, refused.get_json()
    assert f"{traitor} holds a loyalty card" in refused.get_json()["error"]
    assert state(phones[traitor], room)["state"]["you"] == traitor  # nothing changed
    assert "handed" not in str(state(phones[other], room)["history"])
    for name in BETRAYAL:  # a loyal card is a secret too: no seat is another's to hand over
        if name != other:
            where = f"/api/matches/{room}/seats/{BETRAYAL.index(name)}/hand-over"
            assert post(phones[other], where, {}).status_code == 409
    # The holder's own phone may still move to a new phone, which reads its own card.
    given = hand_over(phones[traitor], room, seat)
    new = phone(app)
    claim = parse_qs(urlsplit(given["join_url"]).query)["claim"][0]
    code = join_code_of(phones[other], room)
    assert post(new, f"/api/join/{code}", {"seat": seat, "claim": claim}).status_code == 200
    assert state(new, room)["state"]["loyalty"] == "traitor"
