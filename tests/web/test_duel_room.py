"""The Flash Duel table through the API: 1 vs 1, solo, 2 vs 2, Raid and Betrayal."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import act, phone, post
from tests.web.test_rooms import open_room, state


def duel(app: Flask, **body: Any) -> tuple[str, list[FlaskClient]]:
    room, _, phones = open_room(app, {"kind": "flash-duel", **body})
    return room, phones


def s(client: FlaskClient, room: str) -> dict[str, Any]:
    data: dict[str, Any] = state(client, room)["state"]
    return data


def ok(client: FlaskClient, room: str, action: dict[str, Any]) -> None:
    response = act(client, room, action)
    assert response.status_code == 200, response.get_json()


def win_round(phones: dict[str, FlaskClient], room: str, attacker: str, target: str) -> None:
    """The attacker closes in (placed 3 spaces away) and hits; the target takes it."""
    me = phones[attacker]
    where = {f["name"]: f["position"] for f in s(me, room)["fighters"]}
    ok(
        me,
        room,
        {
            "type": "place",
            "player": attacker,
            "space": where[target] - 3 if where[target] > 3 else where[target] + 3,
        },
    )
    ok(me, room, {"type": "attack", "player": attacker, "target": target, "cards": [3]})
    ok(phones[target], room, {"type": "hit", "player": target})


def test_one_vs_one_to_three_round_wins(app: Flask) -> None:
    room, (a, b) = duel(
        app, mode="full", players=["Ana", "Ben"], characters={"Ana": "grave", "Ben": "rook"}
    )
    phones = {"Ana": a, "Ben": b}
    first = s(a, room)
    assert {f["name"]: f["position"] for f in first["fighters"]} == {"Ana": 1, "Ben": 18}
    assert first["deck"] == 15 and first["round_wins"] == 3  # 25 cards less two hands
    assert [x["name"] for x in first["abilities"]["Ana"]] == [
        "Reversal",
        "Martial Mastery",
        "Knowing the Opponent",
    ]
    for _ in range(3):
        current = s(a, room)["turn"]
        other = "Ben" if current == "Ana" else "Ana"
        win_round(phones, room, current, other)
        view = s(b, room)
        assert view["round_over"] and view["score"][{"Ana": "A", "Ben": "B"}[current]] >= 1
        if view["game_winner"]:
            break
        # the loser of the round chooses who goes first
        loser_phone = phones[other]
        refused = act(phones[current], room, {"type": "first_player", "player": current})
        assert (
            refused.status_code == 422
            and "lost the round and chooses" in refused.get_json()["error"]
        )
        ok(loser_phone, room, {"type": "first_player", "player": current})
        assert s(a, room)["turn"] == current and not s(a, room)["round_over"]
    final = s(a, room)
    assert final["game_winner"] in ("A", "B")
    assert max(final["score"].values()) == 3


def test_one_ability_per_turn_and_replenished(app: Flask) -> None:
    room, (a, b) = duel(
        app, mode="full", players=["Ana", "Ben"], characters={"Ana": "jaina", "Ben": "rook"}
    )
    keys = [x["key"] for x in s(a, room)["abilities"]["Ana"]]
    ok(a, room, {"type": "use_ability", "player": "Ana", "ability": keys[0]})
    second = act(a, room, {"type": "use_ability", "player": "Ana", "ability": keys[1]})
    assert second.status_code == 422 and "one per turn" in second.get_json()["error"]
    assert [x["used"] for x in s(b, room)["abilities"]["Ana"]] == [True, False, False]


def test_time_over_from_the_hands(app: Flask) -> None:
    room, (a, b) = duel(app, mode="simple", players=["Ana", "Ben"])
    for count in (10, 5):  # 25 cards less two hands of 5
        ok(a, room, {"type": "draw", "count": count})
    assert s(a, room)["deck"] == 0
    ok(a, room, {"type": "place", "player": "Ana", "space": 5})
    ok(a, room, {"type": "place", "player": "Ben", "space": 9})
    ok(a, room, {"type": "time_over", "hands": {"Ana": [4, 4, 1], "Ben": [4, 2]}})
    view = s(b, room)
    assert view["round_over"] and view["score"] == {"A": 1, "B": 0}


def test_solo_against_the_dragon_bot(app: Flask) -> None:
    room, (a,) = duel(
        app, mode="solo", players=["Ana"], characters={"Ana": "grave"}, bot="deathstrike-dragon"
    )
    view = s(a, room)
    assert view["hit_points"] == 2 and {f["name"] for f in view["fighters"]} == {"Ana", "Bot"}
    ok(a, room, {"type": "place", "player": "Ana", "space": 16})
    ok(a, room, {"type": "attack", "player": "Ana", "target": "Bot", "cards": [2, 2]})
    ok(a, room, {"type": "bot_defend", "hand": [1, 3, 4, 5, 5], "extra": 1})
    view = s(a, room)
    assert view["hit_points"] == 1 and not view["round_over"]
    assert "discards every 2" in view["last_bot"]
    ok(a, room, {"type": "end_turn"})
    assert s(a, room)["turn"] == "Bot"
    ok(a, room, {"type": "bot_turn", "hand": [5, 5, 5, 5, 4], "drawn": 2})
    assert s(a, room)["pending"]["kind"] == "attack"  # 2 away: the bot attacks with its 2
    ok(a, room, {"type": "block", "player": "Ana", "cards": [2]})
    assert s(a, room)["turn"] == "Ana"  # the bot's turn ended with its attack (issue 9 #1)
    ok(a, room, {"type": "attack", "player": "Ana", "target": "Bot", "cards": [2]})
    ok(a, room, {"type": "bot_defend", "hand": [1, 3, 4, 5, 5], "extra": 1})
    view = s(a, room)
    assert view["round_over"] and view["score"]["A"] == 1
    assert "Dragon Blood" in [x["name"] for x in view["achievements"]]
    assert view["points"] == [20, 180]


def test_solo_results_carry_into_the_next_game_with_another_character(app: Flask) -> None:
    room, (a,) = duel(
        app, mode="solo", players=["Ana"], characters={"Ana": "grave"}, bot="training-dummy"
    )
    assert act(a, room, {"type": "new_game"}).status_code == 422  # the game is not over
    for _ in range(3):  # the dummy has 1 hit point: each round is one hit
        view = s(a, room)
        if view["round_over"]:
            ok(a, room, {"type": "first_player", "player": "Ana"})
        ok(a, room, {"type": "place", "player": "Ana", "space": 15})
        ok(a, room, {"type": "attack", "player": "Ana", "target": "Bot", "cards": [3]})
        ok(a, room, {"type": "bot_defend", "hand": [1, 1, 2, 2, 4], "extra": 5})
    view = s(a, room)
    assert view["game_winner"] == "A"
    earned = view["points"][0]
    bad = act(a, room, {"type": "new_game", "character": "nobody", "bot": "rook"})
    assert bad.status_code == 422 and "nobody" in bad.get_json()["error"]
    ok(a, room, {"type": "new_game", "character": "rook", "bot": "rook"})
    view = s(a, room)
    assert view["bot_name"] == "Rook" and view["solo_choices"]["character"] == "rook"
    assert view["characters"] == {"Ana": "Rook"} and view["score"] == {"A": 0, "B": 0}
    assert view["points"][0] == earned  # achievements stay with the player's table


def test_team_battle_order_and_dashing_block(app: Flask) -> None:
    players = ["Ana", "Ben", "Cat", "Dan"]  # p1A, p1B, p2A, p2B
    chars = dict(zip(players, ["grave", "rook", "jaina", "midori"], strict=True))
    room, phones_list = duel(app, mode="team-battle", players=players, characters=chars)
    phones = dict(zip(players, phones_list, strict=True))
    view = s(phones["Ana"], room)
    assert view["sides"] == {"A": ["Ana", "Cat"], "B": ["Ben", "Dan"]}
    assert view["deck"] == 30  # 50 cards less four hands
    while s(phones["Ana"], room)["turn"] != "Ana":  # a coin decides which team goes first
        ok(phones["Ana"], room, {"type": "end_turn"})
    ok(phones["Ana"], room, {"type": "place", "player": "Ana", "space": 8})
    ok(phones["Ana"], room, {"type": "place", "player": "Cat", "space": 3})
    ok(phones["Ana"], room, {"type": "end_turn"})
    assert s(phones["Ben"], room)["turn"] == "Ben"
    ok(phones["Ben"], room, {"type": "place", "player": "Ben", "space": 11})
    ok(phones["Ben"], room, {"type": "attack", "player": "Ben", "target": "Ana", "cards": [3, 3]})
    ok(phones["Cat"], room, {"type": "dashing_block", "player": "Cat", "dash": 5, "cards": [3]})
    ok(phones["Ana"], room, {"type": "block", "player": "Ana", "cards": [3]})
    view = s(phones["Dan"], room)
    assert view["pending"] is None and "blocked" in view["outcome"]
    assert {f["name"]: f["position"] for f in view["fighters"]}["Cat"] == 8
    ok(phones["Ben"], room, {"type": "end_turn"})
    assert s(phones["Cat"], room)["turn"] == "Cat"  # p1A, p1B, then p2A


def test_raid_setup_and_dragon_attacks_whole_space(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Drake"]
    chars = dict(zip(players, ["grave", "rook", "jaina", "menelker"], strict=True))
    room, phones_list = duel(app, mode="raid", players=players, characters=chars, dragon="Drake")
    phones = dict(zip(players, phones_list, strict=True))
    view = s(phones["Drake"], room)
    assert (view["deck"], view["hit_points"]) == (17, 3)  # 3 mortals: 40 less 3 x 5 and 8
    assert view["sides"]["mortals"] == ["Ana", "Ben", "Cid"]
    assert "Drake" not in view["abilities"] and "Drake" not in view["characters"]
    assert view["dragon_setup"] == {"hand_size": 8, "abilities": 6, "hit_points": 3}
    for _ in range(3):
        ok(phones["Ana"], room, {"type": "end_turn"})
    assert s(phones["Ana"], room)["turn"] == "Drake"
    ok(phones["Drake"], room, {"type": "place", "player": "Drake", "space": 4})
    ok(phones["Drake"], room, {"type": "attack", "player": "Drake", "target": "Ana", "cards": [3]})
    assert s(phones["Ben"], room)["pending"]["targets"] == ["Ana", "Ben", "Cid"]  # same space
    assert [h["text"] for h in state(phones["Ben"], room)["history"][-2:]] == [
        "Drake placed on space 4",
        "Drake attacks Ana, Ben and Cid with 3",  # the whole space (#27 item 12)
    ]
    ok(phones["Ana"], room, {"type": "hit", "player": "Ana"})
    ok(phones["Ben"], room, {"type": "hit", "player": "Ben"})
    ok(phones["Cid"], room, {"type": "hit", "player": "Cid"})
    view = s(phones["Ben"], room)
    assert view["game_winner"] == "dragon"


def test_raid_extra_turn_and_reshuffle(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Drake"]
    chars = dict(zip(players, ["grave", "rook", "jaina", "menelker"], strict=True))
    room, phones_list = duel(app, mode="raid", players=players, characters=chars, dragon="Drake")
    phones = dict(zip(players, phones_list, strict=True))
    ok(phones["Ana"], room, {"type": "place", "player": "Ana", "space": 6})
    for _ in range(3):
        ok(phones["Ana"], room, {"type": "end_turn"})
    ok(phones["Drake"], room, {"type": "place", "player": "Drake", "space": 9})
    ok(phones["Drake"], room, {"type": "attack", "player": "Drake", "target": "Ana", "cards": [3]})
    assert s(phones["Ben"], room)["pending"]["targets"] == ["Ana"]
    ok(phones["Ana"], room, {"type": "hit", "player": "Ana"})
    ok(phones["Drake"], room, {"type": "end_turn"})
    view = s(phones["Ben"], room)
    assert view["turn"] == "Drake" and "extra turn" in view["outcome"]
    for _ in range(2):
        ok(phones["Ben"], room, {"type": "draw", "count": 10})
    view = s(phones["Ben"], room)
    assert view["reshuffle_due"] and view["deck"] == 0 and view["reshuffles"] == 0
    assert view["next_step"]["say"] == "fd_wait_reshuffle"
    assert s(phones["Drake"], room)["next_step"]["say"] == "fd_reshuffle"
    ok(phones["Drake"], room, {"type": "reshuffle"})
    view = s(phones["Ben"], room)
    # 40 cards less the two standing mortals' hands and the Dragon's 8 (Ana is out)
    assert view["reshuffles"] == 1 and view["deck"] == 22


def test_betrayal_cards_are_private(app: Flask) -> None:
    players = ["Ana", "Ben", "Cid", "Dee", "Drake"]
    chars = dict(zip(players, ["grave", "rook", "jaina", "midori", "menelker"], strict=True))
    room, phones_list = duel(
        app, mode="betrayal", players=players, characters=chars, dragon="Drake"
    )
    phones = dict(zip(players, phones_list, strict=True))
    cards = {}
    for name, client in phones.items():
        view = s(client, room)
        assert view["loyalty"] in ("loyal", "traitor")
        cards[name] = view["loyalty"]
        body = str(state(client, room))
        assert body.count("traitor") <= (1 if cards[name] == "traitor" else 0)
    assert list(cards.values()).count("traitor") == 1
    spectator = phone(app)
    assert s(spectator, room)["loyalty"] is None
    assert s(phones["Drake"], room)["hit_points"] == 3
    loyal = [p for p in players[:4] if cards[p] == "loyal"]
    accuser, accused = loyal[0], loyal[1]
    ok(phones[accuser], room, {"type": "accuse", "accused": accused})
    view = s(phones["Drake"], room)
    assert accuser in [f["name"] for f in view["fighters"] if f["defeated"]]
    assert view["revealed"] == {accused: "loyal"}


def test_flash_duel_draft_carried_into_a_clockwork_game(app: Flask) -> None:
    room, _, (a, b) = open_room(
        app, {"kind": "draft", "game": "flash-duel", "players": ["Ana", "Ben"]}
    )
    phones = {"Ana": a, "Ben": b}
    view = s(a, room)
    while not view["done"]:
        free = next(i["key"] for i in view["pool"] if not i["taken_by"])
        ok(phones[view["turn"]], room, {"type": "pick", "key": free})
        view = s(a, room)
    made = post(a, f"/api/matches/{room}/carry", {})
    assert made.status_code == 201
    game = made.get_json()["match_id"]
    table = a.get(f"/api/matches/{game}/state").get_json()["state"]
    assert table["mode"] == "custom-clockwork"
    assert table["turn"] == view["seats"][0]  # the first drafter plays first
    assert {k: len(v) for k, v in table["abilities"].items()} == {"Ana": 4, "Ben": 4}


def test_clockwork_loser_swaps_an_ability_through_the_api(app: Flask) -> None:
    room, _, (a, b) = open_room(
        app, {"kind": "draft", "game": "flash-duel", "players": ["Ana", "Ben"]}
    )
    phones = {"Ana": a, "Ben": b}
    view = s(a, room)
    while not view["done"]:
        free = next(i["key"] for i in view["pool"] if not i["taken_by"])
        ok(phones[view["turn"]], room, {"type": "pick", "key": free})
        view = s(a, room)
    unused = [i["key"] for i in view["pool"] if not i["taken_by"]]
    game = post(a, f"/api/matches/{room}/carry", {}).get_json()["match_id"]
    assert post(b, f"/api/matches/{room}/carry", {}).get_json()["match_id"] == game
    first, second = view["seats"]
    win_round(phones, game, first, second)
    table = s(phones[second], game)
    assert table["swap"] == {"player": second, "unused": unused}
    mine = [x["key"] for x in table["abilities"][second]]
    refused = act(
        phones[first],
        game,
        {
            "type": "swap_ability",
            "player": first,
            "give": table["abilities"][first][0]["key"],
            "take": unused[0],
        },
    )
    assert refused.status_code == 422 and "keeps the same abilities" in refused.get_json()["error"]
    bad = act(phones[second], game, {"type": "swap_ability", "player": second, "give": 3})
    assert bad.status_code == 400
    ok(
        phones[second],
        game,
        {"type": "swap_ability", "player": second, "give": mine[1], "take": unused[2]},
    )
    table = s(phones[first], game)
    assert [x["key"] for x in table["abilities"][second]] == [mine[0], unused[2], *mine[2:]]
    assert table["swap"] is None
    assert state(phones[first], game)["history"][-1]["text"].startswith(f"{second} swapped")


def test_double_blind_choice_stays_secret_through_the_api(app: Flask) -> None:
    room, (a, b) = duel(app, mode="full", players=["Ana", "Ben"])
    old = state(b, room)["version"]
    ok(a, room, {"type": "choose", "character": "midori"})
    token = state(a, room)["links"]["view_url"].rsplit("/", 1)[1]
    for seen in (b.get(f"/api/matches/{room}/state"), a.get(f"/api/view/{token}/state")):
        data = seen.get_json()
        assert data["state"]["choosing"]["mine"] is None
        assert data["state"]["choosing"]["chosen"] == ["Ana"]
        # the secret is nowhere but in the list of characters to choose from
        shown = {**data, "state": {**data["state"], "choosing": None}}
        assert "midori" not in str(shown).lower(), shown["history"]
    assert state(a, room)["state"]["choosing"]["mine"] == "midori"
    # Ben's phone cannot overwrite Ana's secret, nor undo it
    refused = act(b, room, {"type": "choose", "character": "rook", "player": "Ana"})
    assert refused.status_code == 422 and "on Ana's own phone" in refused.get_json()["error"]
    assert state(b, room)["can_undo"] is False
    # a phone with no seat (no seat cookie) can neither choose nor read the secret
    stranger = phone(app)
    assert act(stranger, room, {"type": "choose", "character": "rook"}).status_code == 403
    assert (
        act(stranger, room, {"type": "choose", "character": "rook", "player": "Ben"}).status_code
        == 403
    )
    assert "midori" not in str(state(stranger, room)["state"]["characters"]).lower()
    # a choice made on a table seen before Ana's is still taken (the phones choose at once)
    body = {"action": {"type": "choose", "character": "rook"}, "base_version": old,
            "idempotency_key": "ben-choice-1"}  # fmt: skip
    assert post(b, f"/api/matches/{room}/actions", body).status_code == 200
    seen = s(b, room)
    assert seen["choosing"] is None and seen["characters"] == {"Ana": "Midori", "Ben": "Rook"}
    assert state(a, room)["can_undo"] is False  # the reveal is final


def test_a_secret_flash_duel_pick_is_not_read_through_a_handed_over_seat(app: Flask) -> None:
    room, (a, b) = duel(app, mode="full", players=["Ana", "Ben"])
    ok(a, room, {"type": "choose", "character": "midori"})
    refused = post(b, f"/api/matches/{room}/seats/0/hand-over", {})
    assert refused.status_code == 409
    assert "Ana holds a secret character pick" in refused.get_json()["error"]
    assert state(a, room)["state"]["you"] == "Ana"
    ok(b, room, {"type": "choose", "character": "rook"})  # the reveal
    assert post(b, f"/api/matches/{room}/seats/0/hand-over", {}).status_code == 200
