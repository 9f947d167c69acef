"""Issue 31, item 6: a bank sheet printed without --base-url keeps working.

Its QR code held the laptop's LAN address, which changes; now it holds the bank code,
printed large beside it with how to use it, and the companion's 'Bank code' field (the
start form's ``bank_code``, POST /api/matches) takes the code exactly as zbarimg reads it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from flask import Flask

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog

NEEDS_TOOLS = pytest.mark.skipif(
    not (shutil.which("pdftoppm") and shutil.which("zbarimg")), reason="make test installs them"
)


def scan(pdf: Path, out: Path) -> str:
    """Render a PDF's first page at 150 dpi and return what its QR code holds."""
    subprocess.run(
        ["pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", str(pdf), str(out / "p")],
        check=True,
    )
    png = next(out.glob("p*.png"))
    done = subprocess.run(["zbarimg", "--quiet", "--raw", str(png)], capture_output=True, text=True)
    return done.stdout.strip()


@NEEDS_TOOLS
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_without_a_base_url_the_qr_code_is_the_bank_code(
    catalog: Catalog, tmp_path: Path, app: Flask, lang: str
) -> None:
    options = BuildOptions(
        out_dir=tmp_path, lang=lang, set_id="base-3e", only=frozenset({"bank-sheet"})
    )
    [pdf] = build(catalog, options)
    scanned = scan(pdf, tmp_path)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        text = " ".join((page.extract_text() or "").split())
    [code] = [w for w in words if w["text"] == scanned]  # printed, and large
    assert code["size"] >= 20
    assert "://" not in text  # no address that stops working when the laptop moves
    assert ("'Bank code' field" if lang == "en" else "「銀行コード」欄") in text
    with app.test_client() as client:
        bank = client.get(f"/api/banks/{scanned}").get_json()
        body = {"players": ["Ana", "Ben"], "sets": ["base-3e"], "seat": 0, "bank_code": scanned}
        started = client.post("/api/matches", json=body)
    assert started.status_code == 201, started.get_json()
    assert bank["code"] == scanned
    assert all(s["name"] in text for s in bank["stacks"])  # the bank the sheet lists


@NEEDS_TOOLS
def test_with_a_base_url_the_qr_code_opens_the_bank_there(catalog: Catalog, tmp_path: Path) -> None:
    options = BuildOptions(
        out_dir=tmp_path,
        set_id="base-3e",
        only=frozenset({"bank-sheet"}),
        base_url="http://strikekit.club.example",
    )
    [pdf] = build(catalog, options)
    scanned = scan(pdf, tmp_path)
    assert scanned.startswith("http://strikekit.club.example/bank/1")
