"""Load the catalog from ``data/`` (and a user's overlay directory) and validate it.

Layout: one folder per game, holding ``game.toml`` (a ``[game]`` table) and one file per
set (a ``[set]`` table with the set's scalar fields, and the set's lists as arrays of
tables: ``[[puzzle_chip]]``, ``[[character]]`` with ``[[character.chip]]``, ...).

An overlay directory has the same layout. Its ``[set]`` with an id we already have
changes that set: fields it gives replace ours, entries are matched by ``id`` (a new id
adds an entry, which must then be complete). A new set id adds a set. The result is
validated as a whole; every problem is collected and raised once as
:class:`CatalogError`, so a broken file never half-loads.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from printkit.catalog import checks
from printkit.catalog.models import SET_SCHEMAS, Catalog, Game, GameSet
from printkit.catalog.schema import (
    FIELD_FILES_KEY,
    FILE_KEY,
    Converter,
    Problem,
    Problems,
    child_model,
    suggest,
)


def find_builtin_data() -> Path:
    """Return our catalog: ``printkit/data`` in an installed wheel, else ``data/`` at the top
    of the source checkout (where people edit it)."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "data"
    if installed.is_dir():
        return installed
    return package.parent / "data"


BUILTIN_DATA = find_builtin_data()
"""Our catalog, from the wheel or from the source checkout."""

DATA_DIR_ENV = "STRIKEKIT_DATA"
GAME_FILE = "game.toml"


class CatalogError(ValueError):
    """The catalog has problems; ``problems`` lists every one of them."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"the catalog has {len(self.problems)} problem(s):\n{lines}")


@dataclasses.dataclass
class RawGame:
    """A game's raw tables while files are being read and merged."""

    table: dict[str, Any]
    sets: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


def user_data_dir(explicit: str | os.PathLike[str] | None) -> Path | None:
    """Return the overlay directory from the argument or ``STRIKEKIT_DATA``, if any."""
    chosen = explicit if explicit is not None else os.environ.get(DATA_DIR_ENV) or None
    return Path(chosen) if chosen is not None else None


def load_catalog(
    data_dir: str | os.PathLike[str] | None = None, *, builtin: Path = BUILTIN_DATA
) -> Catalog:
    """Load our catalog, overlay ``data_dir`` on it, validate, and return it.

    :raises CatalogError: listing every problem found, when anything is wrong.
    """
    problems = Problems()
    raw: dict[str, RawGame] = {}
    read_tree(builtin, raw, problems, overlay=False)
    sources = [str(builtin)]
    overlay = Path(data_dir) if data_dir is not None else None
    if overlay is not None:
        if not overlay.is_dir():
            problems.add(str(overlay), "-", "-", "is not a directory", "check --data-dir")
        else:
            read_tree(overlay, raw, problems, overlay=True)
            sources.append(str(overlay))
    games = build_games(raw, problems)
    if problems:
        raise CatalogError(problems.items)
    return Catalog(games=games, sources=tuple(sources))


def read_tree(root: Path, raw: dict[str, RawGame], problems: Problems, *, overlay: bool) -> None:
    """Read every game folder below ``root`` into ``raw``."""
    if not root.is_dir():
        problems.add(str(root), "-", "-", "catalog directory not found")
        return
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        files = sorted(folder.glob("*.toml"))
        game_file = folder / GAME_FILE
        if game_file in files:
            read_game_file(game_file, folder.name, raw, problems, overlay=overlay)
        elif folder.name not in raw:
            problems.add(
                str(folder),
                "-",
                "-",
                f"no {GAME_FILE} here",
                f"a new game needs {GAME_FILE} with a [game] table",
            )
            continue
        for path in files:
            if path != game_file:
                read_set_file(path, raw[folder.name], problems, overlay=overlay)


def parse_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    """Parse one TOML file, recording a syntax error as a problem."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        problems.add(str(path), "-", "-", f"not valid TOML: {exc}", "fix the syntax at that line")
    except OSError as exc:
        problems.add(str(path), "-", "-", f"cannot be read: {exc.strerror}")
    return None


def read_game_file(
    path: Path, folder: str, raw: dict[str, RawGame], problems: Problems, *, overlay: bool
) -> None:
    """Read a folder's ``game.toml`` into ``raw`` (an overlay may change our game)."""
    doc = parse_toml(path, problems)
    if doc is None:
        if folder not in raw:
            raw[folder] = RawGame({FILE_KEY: str(path), "id": folder})
        return
    table = doc.get("game")
    extra = sorted(k for k in doc if k != "game")
    if not isinstance(table, dict):
        problems.add(str(path), "-", "game", "missing [game] table", "start the file with [game]")
        table = {"id": folder}
    for key in extra:
        problems.add(str(path), "game", key, "unknown top-level table", "game.toml holds [game]")
    stamp(table, str(path))
    if table.get("id", folder) != folder:
        problems.add(
            str(path),
            f"game {table.get('id')!r}",
            "id",
            f"does not match its folder name {folder!r}",
            "rename the folder or fix the id",
        )
    if folder in raw and overlay:
        merge_table(raw[folder].table, table, Game, str(path), f"game {folder!r}", problems)
    elif folder in raw:
        problems.add(str(path), f"game {folder!r}", "id", "defined twice")
    else:
        raw[folder] = RawGame(table)


def read_set_file(path: Path, game: RawGame, problems: Problems, *, overlay: bool) -> None:
    """Read one set file into its game (merging into our set for an overlay)."""
    doc = parse_toml(path, problems)
    if doc is None:
        return
    head = doc.get("set")
    if not isinstance(head, dict) or not isinstance(head.get("id"), str):
        problems.add(
            str(path),
            "-",
            "set",
            "missing [set] table with an id",
            'start the file with [set] and id = "..."',
        )
        return
    table = {**head, **{k: v for k, v in doc.items() if k != "set"}}
    stamp(table, str(path))
    set_id = head["id"]
    if set_id not in game.sets:
        game.sets[set_id] = table
    elif overlay:
        model = SET_SCHEMAS.get(str(game.table.get("schema")))
        merge_table(game.sets[set_id], table, model, str(path), f"set {set_id!r}", problems)
    else:
        first = game.sets[set_id][FILE_KEY]
        problems.add(str(path), f"set {set_id!r}", "id", f"defined twice (also in {first})")


def stamp(value: Any, file: str) -> None:
    """Mark every table below ``value`` with the file it came from."""
    if isinstance(value, dict):
        value[FILE_KEY] = file
        for key, item in value.items():
            if not key.startswith("__"):
                stamp(item, file)
    elif isinstance(value, list):
        for item in value:
            stamp(item, file)


def merge_table(
    base: dict[str, Any],
    top: dict[str, Any],
    model: Any,
    file: str,
    entry: str,
    problems: Problems,
) -> None:
    """Lay an overlay table over ours, field by field, recording where each came from.

    Sub-tables of the model and lists of entries are merged; any other value is replaced.
    """
    files = base.setdefault(FIELD_FILES_KEY, {})
    for key, value in top.items():
        if key.startswith("__") or key == "id":
            continue
        nesting, child = child_model(model, key)
        if nesting == "entries" and is_entry_list(base.get(key)) and is_entry_list(value):
            merge_entries(base[key], value, child, file, f"{entry} > {key}", problems)
        elif nesting == "table" and isinstance(base.get(key), dict) and isinstance(value, dict):
            merge_table(base[key], value, child, file, f"{entry} > {key}", problems)
        else:
            base[key] = copy.deepcopy(value)
            files[key] = file
        drop_unknown(base, key)


def is_entry_list(value: Any) -> bool:
    """Return True for a list of tables that carry ids (merged entry by entry)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, dict) and isinstance(v.get("id"), str) for v in value)
    )


def merge_entries(
    base: list[dict[str, Any]],
    top: list[dict[str, Any]],
    model: Any,
    file: str,
    entry: str,
    problems: Problems,
) -> None:
    """Merge overlay entries into ours by id; new ids are appended."""
    index = {item["id"]: item for item in base}
    for item in top:
        if item["id"] in index:
            merge_table(index[item["id"]], item, model, file, f"{entry} {item['id']!r}", problems)
        elif "name" not in item and (close := suggest(item["id"], list(index))).startswith("did"):
            problems.add(
                file, f"{entry} {item['id']!r}", "id", "no entry of ours has this id", close
            )
        else:
            base.append(item)


def drop_unknown(table: dict[str, Any], key: str) -> None:
    """An overlay that supplies a field we marked unknown makes it known."""
    unknown = table.get("unknown")
    if isinstance(unknown, list) and key in unknown:
        table["unknown"] = [k for k in unknown if k != key]


def build_games(raw: dict[str, RawGame], problems: Problems) -> tuple[Game, ...]:
    """Convert raw games and sets to models and run every cross-check."""
    converter = Converter(problems)
    games = []
    for folder, raw_game in raw.items():
        game_file = str(raw_game.table.get(FILE_KEY, folder))
        game = converter.build(Game, raw_game.table, f"game {folder!r}", game_file)
        if game is None:
            continue
        set_cls = SET_SCHEMAS[game.schema]
        sets: list[GameSet] = []
        for set_id, table in raw_game.sets.items():
            built = converter.build(set_cls, table, f"set {set_id!r}", str(table[FILE_KEY]))
            if built is not None:
                checks.check_set(built, table, problems)
                sets.append(built)
        games.append(dataclasses.replace(game, sets=tuple(sets)))
    return tuple(sorted(games, key=lambda g: (g.order, g.id)))
