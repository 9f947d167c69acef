"""A tournament table's buys in the club's statistics (#30 item 5), on both engines: once a
linked table's result is in, its bank, characters and the buys still in effect count as a
casual match's do, and an organiser's correction moves them to the new winner and loser;
a Flash Duel table's characters reach the matchup grid the same way."""

from __future__ import annotations

from contextlib import closing

from flask import Flask
from flask.testing import FlaskClient

from companion.game.club.stats import Played, chip_lines, matchups
from companion.storage import club_pages, db
from tests.helpers import act, phone, post
from tests.web.test_club_api import profile
from tests.web.test_club_tournaments import enter
from tests.web.test_tournament_api import (
    create,
    current_tables,
    org,
    overflow_twice,
    play_duel,
    player_a,
    read,
    seat_phones,
)


def strike_played(app: Flask) -> list[Played]:
    """Return the counted Puzzle Strike matches of season 1 as the statistics read them."""
    with closing(db.connect(app.config["DATABASE"])) as conn:
        return club_pages.played(conn, "puzzle-strike", 1)


def linked_tournament(
    app: Flask, client: FlaskClient
) -> tuple[str, dict[str, str], dict[str, str], tuple[FlaskClient, FlaskClient]]:
    """Make a Puzzle Strike tournament of Ana and Ben, both linked to their profiles; return
    its id, the organiser's header, the profile ids by name and Ana's and Ben's phones."""
    tid, h = create(client)
    ana, ben = enter(app, client, tid, h, "Ana"), enter(app, client, tid, h, "Ben")
    ids = {}
    for entered in (ana, ben):
        assert post(entered, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
        mine = entered.get("/api/club/me").get_json()["profile"]
        ids[mine["name"]] = mine["id"]
    return tid, h, ids, (ana, ben)


def start_table_with_a_buy(
    app: Flask, client: FlaskClient, tid: str, h: dict[str, str]
) -> tuple[str, FlaskClient, str]:
    """Start round 1; at its table (Grave against Rook) the first seat buys a puzzle chip of
    the bank. Return the match, the first seat's phone and the chip."""
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    match_id, a, b = seat_phones(app, current_tables(read(client, tid, h))[0])
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    stacks = a.get(f"/api/matches/{match_id}/state").get_json()["state"]["stacks"]
    chip = next(s["key"] for s in stacks if not s["key"].startswith("fixed/"))
    bought = act(a, match_id, {"type": "buy", "stack": chip})
    assert bought.status_code == 200, bought.get_json()
    return match_id, a, str(chip)


def chip_line(app: Flask, chip: str) -> tuple[int, int, int, int]:
    """Return a chip's line of the statistics: games, recorded, by winners, by losers."""
    (match,) = strike_played(app)
    line = next(c for c in chip_lines([match]) if c.chip == chip)
    return line.games, line.recorded, line.winners_bought, line.losers_bought


def correct(client: FlaskClient, tid: str, h: dict[str, str], wins_a: int, wins_b: int) -> None:
    """Enter (or correct) round 1's only table's result as the organiser."""
    url = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    assert org(client, url, {"wins_a": wins_a, "wins_b": wins_b}, h).status_code == 200


def test_a_linked_tournament_tables_buys_count_and_follow_a_correction(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, ids, _ = linked_tournament(app, client)
    match_id, a, chip = start_table_with_a_buy(app, client, tid, h)
    buyer = player_a(a, match_id)
    other = next(name for name in ids if name != buyer)
    overflow_twice(match_id, a)  # the buyer loses 0-2
    (table,) = current_tables(read(client, tid, h))  # the finished match is the result
    (match,) = strike_played(app)
    assert match.buys == {ids[buyer]: (chip,)} and chip in match.bank
    assert match.characters == {ids[buyer]: "grave", ids[other]: "rook"}
    assert match.seats == {ids[buyer]: 0, ids[other]: 1}
    assert chip_line(app, chip) == (1, 1, 0, 1)
    won = table["result"]
    correct(client, tid, h, won["wins_b"], won["wins_a"])  # the buyer won after all
    assert chip_line(app, chip) == (1, 1, 1, 0)
    page = phone(app).get("/club/stats/puzzle-strike").get_data(as_text=True)
    assert "Bank chips" in page  # one match: too few to show a share, but counted
    assert (
        '<td>1</td><td colspan="2"><span data-i18n="club_too_few">too few games</span> '
        '<span class="small">(n = 1)</span>' in page
    )


def test_a_result_entered_before_the_match_ended_records_its_buys_once_corrected_after(
    app: Flask, client: FlaskClient
) -> None:
    tid, h, _, _ = linked_tournament(app, client)
    match_id, a, chip = start_table_with_a_buy(app, client, tid, h)
    correct(client, tid, h, 0, 2)  # the organiser's result while the match is still played
    (match,) = strike_played(app)
    assert match.buys is None  # the buys so far are not the match's: not recorded
    overflow_twice(match_id, a)
    read(client, tid, h)  # the organiser's result stands; the table does not replace it
    assert strike_played(app)[0].buys is None
    correct(client, tid, h, 0, 2)  # entered again once the match has ended
    assert strike_played(app)[0].buys == {ids_of(strike_played(app)[0], 0): (chip,)}


def ids_of(match: Played, seat: int) -> str:
    """Return the profile in a seat of a counted match."""
    return next(p for p, s in match.seats.items() if s == seat)


def test_a_flash_duel_tournament_table_feeds_the_matchup_grid(
    app: Flask, client: FlaskClient
) -> None:
    tid, h = create(client, game="flash-duel", mode="full", rounds=1)
    ids = {}
    for name, character in (("Ana", "grave"), ("Ben", "rook")):
        mine = phone(app)
        ids[name] = profile(mine, name)["id"]
        asked = post(mine, f"/api/tournaments/{tid}/entries",
                     {"name": name, "character": character})  # fmt: skip
        assert asked.status_code == 201, asked.get_json()
        approve = f"/api/tournaments/{tid}/players/{asked.get_json()['player']}/approve"
        assert org(client, approve, {}, h).status_code == 200
        assert post(mine, f"/api/club/tournaments/{tid}/link", {}).status_code == 200
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    (table,) = current_tables(read(client, tid, h))
    match_id, a, b = seat_phones(app, table)
    play_duel(match_id, {table["a"]["name"]: a, table["b"]["name"]: b})
    read(client, tid, h)
    with closing(db.connect(app.config["DATABASE"])) as conn:
        (match,) = club_pages.played(conn, "flash-duel", 1)
    assert match.characters == {ids["Ana"]: "grave", ids["Ben"]: "rook"}
    assert set(match.seats.values()) == {0, 1}
    grid = matchups([match])
    assert grid[("grave", "rook")][1] == grid[("rook", "grave")][1] == 1
    page = phone(app).get("/club/stats/flash-duel").get_data(as_text=True)
    assert "Grave" in page and "Rook" in page and "1/1" in page
