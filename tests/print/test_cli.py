"""printkit validate and printkit list, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.cli import main


def test_validate_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert "catalog OK: 3 games, 5 sets" in capsys.readouterr().out


def test_validate_broken_overlay_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "puzzle-strike").mkdir()
    (tmp_path / "puzzle-strike/x.toml").write_text('[set]\nid = "base-3e"\nedition = "three"\n')
    assert main(["validate", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "x.toml: set 'base-3e': edition: must be int, got str 'three'" in err


def test_data_dir_from_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STRIKEKIT_DATA", str(tmp_path / "nope"))
    assert main(["validate"]) == 2
    assert "is not a directory" in capsys.readouterr().err


def test_list_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    games = {g["id"]: g for g in data["games"]}
    assert list(games) == ["puzzle-strike", "flash-duel", "shadowfist"]
    base = {s["id"]: s for s in games["puzzle-strike"]["sets"]}["base-3e"]
    assert base["pieces"] == 342
    assert base["counts"] == {
        "puzzle-chip": 24,
        "character-chip": 30,
        "gem": 4,
        "purple": 3,
        "wound": 1,
        "blank": 1,
    }
    duel = games["flash-duel"]["sets"][0]
    assert duel["counts"] == {
        "numbered-card": 50,
        "ability-card": 60,
        "dragon-card": 8,
        "loyalty-card": 5,
        "track-card": 5,
        "win-token": 5,
    }
    assert any(gap.startswith("dragon ability dragon-1") for gap in duel["unknown"])


def test_list_one_game_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--game", "flash-duel"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("flash-duel: Flash Duel")
    assert "puzzle-strike" not in out
    assert "unknown facts (" in out


def test_list_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--game", "chess"]) == 2
    assert (
        "no game 'chess' (known: puzzle-strike, flash-duel, shadowfist)" in capsys.readouterr().err
    )


def test_console_script_bad_option_exits_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "printkit", "list", "--colour"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "unrecognized arguments: --colour" in done.stderr
