"""Tabletop Simulator deck sheets and contact sheets."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from printkit.cli import main


def test_tts_export(tmp_path: Path) -> None:
    assert main(["tts", "--set", "2e", "--out", str(tmp_path)]) == 0
    sheets = sorted(tmp_path.glob("2e_*_[0-9].png"))
    assert sheets
    for sheet in sheets:
        with Image.open(sheet) as img:
            assert img.width <= 4096
            assert img.height % 7 == 0
    manifest = json.loads((tmp_path / "2e_manifest.json").read_text())
    numbered = next(m for m in manifest if m["sheet"].startswith("2e_numbered"))
    assert [s["name"] for s in numbered["slots"]] == ["1", "2", "3", "4", "5"]
    assert numbered["hidden_slot"] == 69
    assert (tmp_path / "2e_numbered_back.png").exists()
    assert len(list((tmp_path / "pieces").glob("*.png"))) == sum(len(m["slots"]) for m in manifest)


def test_preview_contact_sheet(tmp_path: Path) -> None:
    out = tmp_path / "preview.png"
    assert main(["preview", "--set", "shadows", "--out", str(out)]) == 0
    with Image.open(out) as img:
        assert img.width > 1000 and img.height > 1000


def test_unknown_set(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["preview", "--set", "nope"]) == 2
    assert "no set 'nope'" in capsys.readouterr().err
