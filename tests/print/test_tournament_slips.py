"""Table slips: one PDF per round, Letter or A4, QR codes that seat each player."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.conftest import phone, post
from tests.helpers import seat_link
from tests.web.test_tournament_api import create, current_tables, org, read

NEEDS_TOOLS = pytest.mark.skipif(
    not (shutil.which("pdftoppm") and shutil.which("zbarimg")), reason="poppler / zbar missing"
)


def started(client: FlaskClient, **config: object) -> tuple[str, dict[str, str]]:
    """A 5-player tournament (one bye) with round 1 paired."""
    tid, h = create(client, players=["Ana", "Ben", "Cat", "Dan", "Émile"], round_minutes=50,
                    **config)  # fmt: skip
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    return tid, h


def slips(client: FlaskClient, tid: str, h: dict[str, str], tmp: Path, paper: str) -> Path:
    """Download a round's slips as the organiser's link does."""
    key = h["X-Organiser-Token"]
    got = client.get(f"/api/tournaments/{tid}/rounds/1/slips.pdf?paper={paper}&key={key}")
    assert got.status_code == 200 and got.headers["Content-Type"] == "application/pdf"
    path = tmp / f"slips-{paper}.pdf"
    path.write_bytes(got.data)
    return path


def test_slips_text_and_paper_sizes(client: FlaskClient, tmp_path: Path) -> None:
    tid, h = started(client, sets=["base-2e"])  # 2nd edition: the bank is known at pairing
    data = read(client, tid, h)
    letter = PdfReader(slips(client, tid, h, tmp_path, "letter"))
    a4 = PdfReader(slips(client, tid, h, tmp_path, "a4"))
    assert round(float(letter.pages[0].mediabox.width)) == 612  # 8.5 in
    assert round(float(a4.pages[0].mediabox.height)) == 842  # 297 mm
    assert len(letter.pages) == 2  # 2 tables on one page of slips, then the pairings sheet
    slip_text = letter.pages[0].extract_text()
    code = next(iter(data["banks"]))
    assert code in slip_text and "50 minutes" in slip_text and "Round 1" in slip_text
    for stack in data["banks"][code]["stacks"]:
        assert stack["name"] in slip_text
    for t in current_tables(data):
        if not t["bye"]:
            assert t["a"]["name"] in slip_text and t["b"]["name"] in slip_text
    sheet = letter.pages[1].extract_text()
    names = ["Ana", "Ben", "Cat", "Dan", "Émile"]
    assert [n for n in names if n in sheet] == names
    assert "bye" in sheet and "Pairings by player name" in sheet


def test_a_3rd_edition_slip_keeps_the_bank_for_after_the_characters(
    client: FlaskClient, tmp_path: Path
) -> None:
    """Seed 000 (3rd edition): the bank is drawn after the characters are chosen, so a slip
    handed out before must not print it (the table shows it once they are revealed)."""
    tid, h = started(client, sets=["base-3e"])
    data = read(client, tid, h)
    slip_text = PdfReader(slips(client, tid, h, tmp_path, "letter")).pages[0].extract_text()
    assert "Round 1" in slip_text and "50 minutes" in slip_text
    assert data["banks"]  # the organiser has them
    for code, bank in data["banks"].items():
        assert code not in slip_text
        assert not any(stack["name"] in slip_text for stack in bank["stacks"])


def test_pairings_sheet_is_sorted_by_name() -> None:
    from printkit.render.slips import Slip, SlipSeat, pairing_rows, slips_from_rows

    def seat(name: str) -> SlipSeat:
        return SlipSeat(name, "http://x/ts/c/0")

    tables = [Slip(2, (seat("zoe"), seat("Ben"))), Slip(1, (seat("Émile"), seat("ana")))]
    rs = slips_from_rows("T", 2, "swiss", "f", None, tables, ["Dan"])
    assert [s.table for s in rs.slips] == [1, 2]
    assert pairing_rows(rs) == [
        ("ana", "1", "Émile"), ("Ben", "2", "zoe"), ("Dan", "—", "bye"), ("zoe", "2", "Ben"),
        ("Émile", "1", "ana"),
    ]  # fmt: skip


def test_slips_refusals(client: FlaskClient) -> None:
    tid, h = started(client)
    key = h["X-Organiser-Token"]
    base = f"/api/tournaments/{tid}/rounds"
    assert client.get(f"{base}/1/slips.pdf").status_code == 403
    assert client.get(f"{base}/1/slips.pdf?key=wrong").status_code == 403
    assert client.get(f"{base}/1/slips.pdf?key={key}&paper=legal").status_code == 400
    assert client.get(f"{base}/9/slips.pdf?key={key}").status_code == 404


@NEEDS_TOOLS
def test_slip_qr_codes_seat_the_players(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    tid, h = started(client)
    pdf = slips(client, tid, h, tmp_path, "letter")
    subprocess.run(
        # At a printer's 300 dpi: at 150 dpi zbar missed one code of four in one run.
        ["pdftoppm", "-png", "-r", "300", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    png = next(tmp_path.glob("p*.png"))
    done = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True)
    decoded = set(done.stdout.split())
    tables = [t for t in current_tables(read(client, tid, h)) if not t["bye"]]
    expected = {url for t in tables for url in t["seat_urls"]}
    assert decoded == expected and len(decoded) == 4
    # Scanning a code on a phone seats that player at that table.
    first = tables[0]
    path, code, seat, claim = seat_link(first["seat_urls"][1])
    p = phone(app)
    page = p.get(path).get_data(as_text=True)
    assert first["b"]["name"] in page
    joined = post(p, f"/api/join/{code}", {"seat": seat, "claim": claim})
    assert joined.status_code == 200 and joined.get_json()["you"] == first["b"]["name"]


def test_flash_duel_slips_name_the_characters(client: FlaskClient, tmp_path: Path) -> None:
    tid, h = create(client, game="flash-duel", mode="full")
    for name, character in (("Ana", "grave"), ("Ben", "rook")):
        added = org(client, f"/api/tournaments/{tid}/players",
                    {"name": name, "character": character}, h)  # fmt: skip
        assert added.status_code == 201
    assert org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, h).status_code == 201
    text = PdfReader(slips(client, tid, h, tmp_path, "a4")).pages[0].extract_text()
    assert "Ana: Grave" in text and "Ben: Rook" in text and "best 3 of 5" in text
    assert "Bank" not in text


def test_slips_from_the_command_line_match_the_web(
    app: Flask, client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.cli import main

    tid, h = started(client)
    web = PdfReader(slips(client, tid, h, tmp_path, "a4"))
    out = tmp_path / "cli.pdf"
    db = app.config["DATABASE"]
    args = ["slips", tid, "1", "--db", db, "--paper", "a4", "--out", str(out)]
    assert main([*args, "--base-url", "http://localhost"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    cli = PdfReader(out)
    assert len(cli.pages) == len(web.pages) == 2
    assert round(float(cli.pages[0].mediabox.height)) == 842
    for mine, theirs in zip(cli.pages, web.pages, strict=True):
        assert mine.extract_text() == theirs.extract_text()
    assert main(["slips", tid, "2", "--db", db, "--out", str(out)]) == 2
    assert "round 2 of" in capsys.readouterr().err
    assert main(["slips", "nope", "1", "--db", db, "--out", str(out)]) == 2
    assert "no tournament 'nope'" in capsys.readouterr().err
