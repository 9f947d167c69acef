"""A tournament as JSON for the pages: rounds, tables, banks, standings, players, the log.

Everyone gets the pairings, results, banks and standings with each table's spectator
link. A player's phone also gets its own seat link; the organiser gets every seat link,
pending players and the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.game.puzzle_strike.bank import make_bank
from companion.game.puzzle_strike.bank_json import bank_to_json
from companion.game.tournament import Event, Result, places, standings
from companion.game.tournament.banks import bank_after_characters
from companion.game.tournament.pairing import winner_of
from companion.storage import club_tournaments, results
from companion.storage import tournaments as ts
from companion.storage.engine import Connection, Row
from printkit.catalog import Catalog
from printkit.catalog.bankcode import BankCodeError, decode_bank
from printkit.render.slips import RoundSlips, Slip, SlipBank, SlipSeat, slips_from_rows


def bank_json(catalog: Catalog, code: str | None, cache: dict[str, Any]) -> dict[str, Any] | None:
    """Describe a stored bank code (decoded once per answer)."""
    if not code:
        return None
    if code not in cache:
        try:
            sets, chips = decode_bank(catalog, code)
        except BankCodeError:
            cache[code] = None
        else:
            cache[code] = bank_to_json(make_bank(catalog, sets, chips, None, None))
    found: dict[str, Any] | None = cache[code]
    return found


def seat_url(base: str, row: Row, t: Row, seat: int | None) -> str | None:
    """Return the link that seats a player at their table: it takes that seat only, once."""
    if not t["join_code"] or seat is None:
        return None
    return f"{base}/ts/{t['join_code']}/{seat}?claim={ts.seat_code(row, t['match_id'], seat)}"


def score_json(result: Result | None) -> dict[str, int] | None:
    """Describe a score (games won by a and b, draws)."""
    if result is None:
        return None
    return {"wins_a": result.wins_a, "wins_b": result.wins_b, "draws": result.draws}


@dataclass(frozen=True)
class Seating:
    """Where the tournament's players sit: the seat of each (match id, player name), and
    the seats handed to a new phone whose slip no longer takes them."""

    seats: dict[tuple[str, str], int]
    handed: set[tuple[str, int]]

    def slip_url(self, base: str, row: Row, t: Row, seat: int | None) -> str | None:
        """Return a seat's slip link, or None once the seat was handed to a new phone."""
        if seat is not None and (t["match_id"], seat) in self.handed:
            return None
        return seat_url(base, row, t, seat)


def table_json(
    row: Row,
    t: Row,
    names: dict[int, str],
    seating: Seating,
    base: str,
    organiser: bool,
    you: int | None,
    reports: dict[tuple[int, int], dict[int, Result]],
) -> dict[str, Any]:
    """Describe one table of a round (its players' reported scores to them and the
    organiser)."""
    result = None
    if t["wins_a"] is not None:
        result = {"wins_a": t["wins_a"], "wins_b": t["wins_b"], "draws": t["draws"]}
    out: dict[str, Any] = {
        "table": t["table_no"],
        "a": {"id": t["a"], "name": names[t["a"]]},
        "b": None if t["b"] is None else {"id": t["b"], "name": names[t["b"]]},
        "bye": t["b"] is None,
        "result": result,
        "source": t["source"],
        "changed_by": t["changed_by"],
        "bank": t["bank"],
        "match_url": f"{base}/m/{t['match_id']}" if t["match_id"] else None,
        "view_url": f"{base}/v/{t['view_token']}" if t["view_token"] else None,
    }
    players = [t["a"], t["b"]]
    if organiser or (you is not None and you in players):
        said = reports.get((t["round"], t["table_no"]), {})
        out["reports"] = {
            side: score_json(said.get(p)) for side, p in zip("ab", players, strict=True)
        }
        out["reports_differ"] = reports_differ(said, players, result is not None)
    seat_of = {p: seating.seats.get((t["match_id"], names[p])) for p in players if p is not None}
    if organiser:
        out["seat_urls"] = [seat_url(base, row, t, seat_of.get(p)) for p in players]
        out["seats"] = [seat_of.get(p) for p in players]
    elif you is not None and you in players:  # a handed-over seat's slip no longer takes it
        out["your_seat_url"] = seating.slip_url(base, row, t, seat_of.get(you))
    return out


def reports_differ(said: dict[int, Result], players: list[int | None], decided: bool) -> bool:
    """Return True while both players of an undecided table reported, and not the same score
    (the organiser decides)."""
    scores = [said.get(p) for p in players if p is not None]
    return not decided and len(scores) == 2 and None not in scores and scores[0] != scores[1]


def rounds_json(
    conn: Connection,
    row: Row,
    catalog: Catalog,
    names: dict[int, str],
    organiser: bool,
    you: int | None,
    base: str,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Describe every round, and the banks they use by code."""
    rounds: dict[int, dict[str, Any]] = {}
    banks: dict[str, Any] = {}
    handed = ts.handed_seats(conn, row) if you is not None else set()  # a player's page only
    seating = Seating(ts.seat_numbers(conn, row["id"]), handed)
    reports = results.all_reports(conn, row["id"])
    for t in ts.table_rows_with_matches(conn, row["id"]):
        rnd = rounds.setdefault(
            t["round"],
            {"number": t["round"], "stage": t["stage"], "started": t["started"], "tables": []},
        )
        rnd["tables"].append(table_json(row, t, names, seating, base, organiser, you, reports))
        bank_json(catalog, t["bank"], banks)
    out = list(rounds.values())
    for rnd in out:
        rnd["complete"] = all(x["result"] is not None for x in rnd["tables"])
    config = ts.config_of(row)
    if not organiser and config.game == "puzzle-strike":
        hide_open_banks(out, banks, bank_after_characters(catalog, config.sets))
    return out, {k: v for k, v in banks.items() if v is not None}


def hide_open_banks(rounds: list[dict[str, Any]], banks: dict[str, Any], hide: bool) -> None:
    """Keep the banks of unfinished rounds from the players when the bank is only shown
    once the characters are chosen (each table's phones show it then)."""
    if not hide:
        return
    shown = {x["bank"] for r in rounds if r["complete"] for x in r["tables"]}
    for rnd in rounds:
        for table in rnd["tables"] if not rnd["complete"] else ():
            if table["bank"] not in shown:
                banks.pop(table["bank"], None)
            table["bank"] = None


def standings_json(event: Event) -> list[dict[str, Any]]:
    """Describe the standings; percentages to two decimals, and None where a tie-breaker
    means nothing yet (no game played, no opponent met): not the 33% floor. ``place`` is
    shared by lines level on points and tie-breakers (``level``)."""
    table = standings(event)
    return [
        {
            "rank": s.rank,
            "place": place,
            "level": level,
            "player": s.player,
            "name": s.name,
            "active": s.active,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "byes": s.byes,
            "points": s.match_points,
            "games": s.games,
            "omw": percent_of(s.omw) if s.opponents else None,
            "gw": percent_of(s.gw) if s.games else None,
            "ogw": percent_of(s.ogw) if s.opponents else None,
        }
        for s, (place, level) in zip(table, places(table), strict=True)
    ]


def with_rating_changes(
    table: list[dict[str, Any]], conn: Connection, tid: str
) -> list[dict[str, Any]]:
    """Add each linked player's club rating change over the event's counted tables
    (``rating``: before, after with its margin, change; None for an entry not linked or
    hidden)."""
    found = club_tournaments.standing_changes(conn, tid)
    return [{**line, "rating": found.get(line["player"])} for line in table]


def percent_of(value: Fraction) -> float:
    """Return a fraction as a percentage to two decimals."""
    return round(float(value) * 100, 2)


def final_json(event: Event) -> dict[str, Any]:
    """Say whether the event is over (no round to come and every result in) and who won:
    the final's winner after a top cut, else the first of the standings."""
    current = event.current
    over = event.next_stage() is None and current is not None and current.is_complete
    if not over or current is None:
        return {"over": False, "winner": None}
    if current.stage == "top":
        winner = event.player(winner_of(current.pairings[0])).name
    else:
        winner = standings(event)[0].name
    return {"over": True, "winner": winner}


def state_json(
    conn: Connection,
    row: Row,
    catalog: Catalog,
    organiser: bool,
    you: Row | None,
    base: str,
) -> dict[str, Any]:
    """Describe the whole tournament for one viewer."""
    config = ts.config_of(row)
    event = ts.load_event(conn, row)
    players = ts.player_rows(conn, row["id"])
    names = {p["player"]: p["name"] for p in players}
    you_id = you["player"] if you is not None else None
    rounds, banks = rounds_json(conn, row, catalog, names, organiser, you_id, base)
    current = event.current
    data: dict[str, Any] = {
        "id": row["id"],
        "name": row["name"],
        "version": row["version"],
        "config": config.to_json(),
        "swiss_rounds": event.swiss_rounds,
        "rounds": rounds,
        "banks": banks,
        "standings": with_rating_changes(standings_json(event), conn, row["id"]),
        "next": {
            "round": len(event.rounds) + 1,
            "stage": event.next_stage(),
            "ready": current is None or current.is_complete,
            **final_json(event),
        },
        "players": [
            {
                "id": p["player"],
                "name": p["name"],
                "status": p["status"],
                "first_round": p["first_round"],
                "character": p["character"],
            }
            for p in players
            if organiser or p["status"] != "pending" or p["player"] == you_id
        ],  # fmt: skip
        "links": {
            "public_url": f"{base}/t/{row['id']}",
            "standings_url": f"{base}/t/{row['id']}/standings",
            "enter_url": f"{base}/t/{row['id']}/enter",
        },
    }
    if you is not None:
        data["you"] = {"id": you["player"], "name": you["name"], "status": you["status"]}
    if organiser:
        data["log"] = [
            {"at": r["at"], "actor": r["actor"], "line": r["line"]}
            for r in ts.log_rows(conn, row["id"])
        ]
    return data


def round_slips(
    conn: Connection,
    row: Row,
    catalog: Catalog,
    number: int,
    base: str,
    match_format: str,
    clock: str | None,
) -> RoundSlips | None:
    """Gather what a round's slips print (None when the round has not started)."""
    players = ts.player_rows(conn, row["id"])
    names = {p["player"]: p["name"] for p in players}
    rounds, banks = rounds_json(conn, row, catalog, names, True, None, base)
    rnd = next((r for r in rounds if r["number"] == number), None)
    if rnd is None:
        return None
    config = ts.config_of(row)
    # A 3rd-edition event shows a table's bank once its characters are chosen (seed 000):
    # a slip, read before, must not print it.
    hidden = config.game == "puzzle-strike" and bank_after_characters(catalog, config.sets)
    slips = []
    byes = []
    for t in rnd["tables"]:
        if t["bye"]:
            byes.append(t["a"]["name"])
            continue
        urls = t["seat_urls"]
        seats = (SlipSeat(t["a"]["name"], urls[0] or ""), SlipSeat(t["b"]["name"], urls[1] or ""))
        bank = banks.get(t["bank"]) if t["bank"] and not hidden else None
        slip_bank = None
        if bank is not None:
            stacks = tuple((s["name"], s["cost"]) for s in bank["stacks"])
            slip_bank = SlipBank(bank["code"], bank["name"], stacks)
        slips.append(Slip(t["table"], seats, slip_bank, characters_line(catalog, t, players)))
    return slips_from_rows(row["name"], number, rnd["stage"], match_format, clock, slips, byes)


def characters_line(catalog: Catalog, table: dict[str, Any], players: list[Row]) -> str | None:
    """Return 'Ana: Grave · Ben: Rook' for a Flash Duel table (None without characters)."""
    from companion.game.flash_duel import state as duel_room

    chosen = {p["player"]: p["character"] for p in players if p["character"]}
    if not chosen:
        return None
    known = {c.id: c.name for c in duel_room.game_set(catalog).characters}
    seats = (table["a"], table["b"])
    return " · ".join(f"{s['name']}: {known.get(chosen.get(s['id'], ''), '?')}" for s in seats)
