"""Prune, export and import (the backup is tested under load in test_backup_under_load)."""

from __future__ import annotations

import json
import uuid
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.cli import main
from companion.storage import db, maintenance
from companion.storage import matches as store
from companion.storage.engine import is_postgres
from printkit.catalog import Catalog
from tests.conftest import act, phone, post, start_duel
from tests.helpers import open_room, state


def played_match(app: Flask) -> str:
    """A match with choices, gems, an ante, an undo and a redo."""
    match_id, a, b = start_duel(app)
    assert act(a, match_id, {"type": "choose", "character": "grave"}).status_code == 200
    assert act(b, match_id, {"type": "choose", "character": "rook"}).status_code == 200
    assert act(a, match_id, {"type": "add_gem", "player": "Ana", "value": 3}).status_code == 200
    assert act(a, match_id, {"type": "ante"}).status_code == 200
    for kind in ("undo", "redo"):
        version = a.get(f"/api/matches/{match_id}/state").get_json()["version"]
        body = {"base_version": version, "idempotency_key": uuid.uuid4().hex}
        assert post(a, f"/api/matches/{match_id}/{kind}", body).status_code == 200
    return match_id


def state_of(path: str | Path, match_id: str, catalog: Catalog) -> Any:
    """Replay a match from a database file, with no cache."""
    store.clear_cache()
    conn = db.connect(path)
    try:
        cached = store.load(conn, store.find_match(conn, match_id=match_id), catalog)
        return cached.version, cached.state, cached.lines
    finally:
        conn.close()


def age_match(path: str | Path, match_id: str, days: int) -> None:
    """Pretend a match was last active ``days`` ago."""
    when = f"2000-01-{days:02d}T00:00:00+00:00"  # long ago; older for fewer days
    with closing(db.connect(path)) as conn:
        conn.execute("update matches set created = ? where id = ?", (when, match_id))
        conn.execute("update events set created = ? where match_id = ?", (when, match_id))


def test_export_then_import_replays_the_same_match(
    app: Flask, tmp_path: Path, catalog: Catalog
) -> None:
    source = app.config["DATABASE"]
    match_id = played_match(app)
    conn = db.connect(source)
    exported = maintenance.export_match(conn, match_id)
    conn.close()
    assert [e["kind"] for e in exported["match"]["events"]][-2:] == ["undo", "redo"]
    assert "token" not in json.dumps(exported)  # no seat token, join code or view token

    target = tmp_path / "other.sqlite3"
    db.migrate(target)
    conn = db.connect(target)
    assert maintenance.import_match(conn, exported["match"], catalog) == match_id
    conn.close()
    assert state_of(target, match_id, catalog) == state_of(source, match_id, catalog)


def tampered(app: Flask, change: Any) -> dict[str, Any]:
    """An export of a played match, changed by ``change``."""
    match_id = played_match(app)
    conn = db.connect(app.config["DATABASE"])
    exported = maintenance.export_match(conn, match_id)
    conn.close()
    change(exported["match"])
    return exported


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda m: m["events"][2]["payload"]["action"].update(value=9), "event 3 (action)"),
        (lambda m: m["events"][1].update(actor="Zed"), "event 2: actor 'Zed' has no seat"),
        (lambda m: m["events"][3].update(version=7), "event 4: 'version' is 7, not 4"),
        (lambda m: m["setup"].update(kind="chess"), "the setup is refused: unknown kind"),
        (lambda m: m["events"].insert(0, {**m["events"][-1], "version": 1}), "event 2"),
        (lambda m: m.pop("seats"), "'match.seats' is missing"),
    ],
)
def test_a_bad_import_is_refused_with_the_reason_and_writes_nothing(
    app: Flask, tmp_path: Path, change: Any, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "other.sqlite3"
    db.migrate(target)
    file = tmp_path / "match.json"
    file.write_text(json.dumps(tampered(app, change)))
    assert main(["import", str(file), "--db", str(target)]) == 2
    assert reason in capsys.readouterr().err
    with closing(db.connect(target)) as conn:
        assert conn.execute("select count(*) from matches").fetchone()[0] == 0
        assert conn.execute("select count(*) from events").fetchone()[0] == 0


def test_import_refuses_a_match_already_there_and_non_exports(
    app: Flask, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = app.config["DATABASE"]
    match_id = played_match(app)
    file = tmp_path / "match.json"
    assert main(["export", match_id, "--db", source, "--out", str(file)]) == 0
    assert main(["import", str(file), "--db", source]) == 2
    assert "already in this database" in capsys.readouterr().err
    (tmp_path / "junk.json").write_text('{"hello": 1}')
    assert main(["import", str(tmp_path / "junk.json"), "--db", source]) == 2
    assert "not a match export" in capsys.readouterr().err
    assert main(["export", "nosuchmatch", "--db", source]) == 2
    assert "no match 'nosuchmatch'" in capsys.readouterr().err


def test_cli_export_import_round_trip(app: Flask, tmp_path: Path, catalog: Catalog) -> None:
    source = app.config["DATABASE"]
    match_id = played_match(app)
    file = tmp_path / "m.json"
    assert main(["export", match_id, "--db", str(source), "--out", str(file)]) == 0
    target = tmp_path / "new.sqlite3"
    assert main(["import", str(file), "--db", str(target)]) == 0
    assert state_of(target, match_id, catalog) == state_of(source, match_id, catalog)


def test_prune_dry_run_lists_then_prune_deletes_only_idle_matches(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    path = app.config["DATABASE"]
    old, recent = played_match(app), played_match(app)
    age_match(path, old, 1)
    assert main(["prune", "--older-than", "30d", "--dry-run", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert old in out and recent not in out
    assert "would delete 1 match(es) idle for more than 30d" in out
    with closing(db.connect(path)) as conn:
        assert conn.execute("select count(*) from matches").fetchone()[0] == 2
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 0
    assert "deleted 1 match(es)" in capsys.readouterr().out
    with closing(db.connect(path)) as conn:
        assert [r[0] for r in conn.execute("select id from matches")] == [recent]
        assert (
            conn.execute("select count(*) from events where match_id = ?", (old,)).fetchone()[0]
            == 0
        )
        assert (
            conn.execute("select count(*) from seats where match_id = ?", (old,)).fetchone()[0] == 0
        )
    assert app.test_client().get(f"/api/matches/{old}/state").status_code == 404


@pytest.mark.parametrize("text", ["30", "d", "0d", "30y", "-3d"])
def test_prune_age_must_have_a_unit(text: str) -> None:
    with pytest.raises(maintenance.MaintenanceError, match="90m, 12h, 30d or 2w"):
        maintenance.parse_age(text)


def test_ages() -> None:
    assert maintenance.parse_age("30d") == timedelta(days=30)
    assert maintenance.parse_age("12h") == timedelta(hours=12)
    assert maintenance.parse_age("2w") == timedelta(weeks=2)


def test_maintenance_refuses_a_missing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["backup", str(tmp_path / "b.sqlite3"), "--db", str(tmp_path / "none")]) == 2
    assert "no database here" in capsys.readouterr().err
    assert not (tmp_path / "none").exists()


def test_backup_refuses_to_overwrite_the_database(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    path = app.config["DATABASE"]
    played_match(app)
    assert main(["backup", path, "--db", path]) == 2
    assert "that is the database itself" in capsys.readouterr().err
    with closing(db.connect(path)) as conn:
        assert conn.execute("select count(*) from matches").fetchone()[0] == 1


def test_backup_writes_a_sound_copy(app: Flask, tmp_path: Path, catalog: Catalog) -> None:
    match_id = played_match(app)
    target = tmp_path / "deep" / "copy.sqlite3"
    assert main(["backup", str(target), "--db", app.config["DATABASE"]]) == 0
    assert state_of(target, match_id, catalog) == state_of(
        app.config["DATABASE"], match_id, catalog
    )
    assert not list(target.parent.glob("*.part"))  # no temporary file left behind


def test_prune_keeps_the_matches_of_a_tournament(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.web.test_tournament_api import create, org

    client = phone(app)
    path = app.config["DATABASE"]
    tid, organiser = create(client, players=["Ana", "Ben", "Cat", "Dan"])
    started = org(client, f"/api/tournaments/{tid}/rounds", {"round": 1}, organiser)
    assert started.status_code in (200, 201), started.get_json()
    with closing(db.connect(path)) as conn:
        kept = [r[0] for r in conn.execute("select match_id from tournament_tables") if r[0]]
    assert len(kept) == 2
    alone = played_match(app)
    for match_id in [*kept, alone]:
        age_match(path, match_id, 1)
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 0
    assert "deleted 1 match(es)" in capsys.readouterr().out
    with closing(db.connect(path)) as conn:
        left = {r[0] for r in conn.execute("select id from matches")}
    assert set(kept) <= left and alone not in left


def carried_draft(app: Flask) -> tuple[str, str]:
    """A finished Puzzle Strike draft carried into a match; return (draft id, match id)."""
    room, _, (a, b) = open_room(
        app, {"kind": "draft", "game": "puzzle-strike", "players": ["Ana", "Ben"]}
    )
    keys = [i["key"] for i in state(a, room)["state"]["pool"]]
    for key, seat in zip(keys, "122112", strict=False):
        assert act(a if seat == "1" else b, room, {"type": "pick", "key": key}).status_code == 200
    carried = post(a, f"/api/matches/{room}/carry", {"recommended": "First Game"})
    assert carried.status_code == 201, carried.get_json()
    return room, carried.get_json()["match_id"]


@pytest.mark.parametrize("aged", ["both", "draft", "match"])
def test_prune_deletes_carried_drafts_and_keeps_working(
    app: Flask, capsys: pytest.CaptureFixture[str], aged: str
) -> None:
    """A carried draft (or the match it became) once idle is pruned like any match: no
    foreign-key error, and the next prune runs too."""
    path = app.config["DATABASE"]
    draft, match = carried_draft(app)
    old = {"both": [draft, match], "draft": [draft], "match": [match]}[aged]
    for match_id in old:
        age_match(path, match_id, 1)
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 0
    assert f"deleted {len(old)} match(es)" in capsys.readouterr().out
    with closing(db.connect(path)) as conn:
        left = {r[0] for r in conn.execute("select id from matches")}
        assert left == {draft, match} - set(old)
        if not is_postgres(path):  # PostgreSQL checks every reference as it is written
            assert conn.execute("pragma foreign_key_check").fetchall() == []
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 0


def test_a_draft_whose_match_is_pruned_drops_its_link(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    """The match a draft was carried into is pruned, the draft kept: the draft's phones no
    longer get a link to a match that is gone (its seat version moves with the prune, so
    its ETag and every answer remembered for it change)."""
    path = app.config["DATABASE"]
    draft, match = carried_draft(app)
    with closing(db.connect(path)) as conn:
        view = conn.execute("select view_token from matches where id = ?", (draft,)).fetchone()[0]
    watcher = app.test_client()
    first = watcher.get(f"/api/view/{view}/state")
    assert first.get_json()["carried"]["match_id"] == match
    age_match(path, match, 1)
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 0
    assert "deleted 1 match(es)" in capsys.readouterr().out
    again = watcher.get(f"/api/view/{view}/state", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert "carried" not in again.get_json()


def test_prune_deletes_in_short_transactions_so_tables_write_between_them(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One transaction for every stale match held the write lock for 13 s on a big
    database (#28 item 3): every table's write waited, and on PostgreSQL their pooled
    connections with them. Now a few matches per transaction."""
    path = app.config["DATABASE"]
    stale = [played_match(app) for _ in range(5)]
    for match_id in stale:
        age_match(path, match_id, 1)
    opened: list[None] = []
    write_transaction = store.write_transaction

    def counted(conn: Any, match_id: str | None = None) -> Any:
        opened.append(None)
        return write_transaction(conn, match_id)

    monkeypatch.setattr(maintenance, "PRUNE_BATCH", 2, raising=False)
    monkeypatch.setattr(maintenance.store, "write_transaction", counted)
    assert main(["prune", "--older-than", "30d", "--db", str(path)]) == 0
    assert len(opened) == 3  # 2 + 2 + 1
    with closing(db.connect(path)) as conn:
        assert conn.execute("select count(*) from matches").fetchone()[0] == 0
