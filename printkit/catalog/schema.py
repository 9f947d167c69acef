"""Turn raw TOML tables into frozen dataclasses, collecting every problem on the way.

A model field may carry metadata that the converter reads:

- ``key``: the name of the TOML key when it differs from the field name
  (``puzzle_chips`` is written ``[[puzzle_chip]]``).
- ``choices``: the allowed strings (for ``str`` and ``tuple[str, ...]`` fields).
- ``parse``: a function ``(value, where) -> value`` for fields with their own shape;
  it raises :class:`FieldProblem` when the value is wrong.
- ``minimum`` / ``maximum``: bounds for ``int`` fields.

A field typed ``X | None`` without a default may be left out only when the entry lists
it in ``unknown = [...]``: that is how the catalog marks a fact nobody has found yet.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

FILE_KEY = "__file__"
FIELD_FILES_KEY = "__field_files__"
ENTRY_KEYS = frozenset({"unknown", "uncertain"})


class FieldProblem(ValueError):
    """A value that does not fit its field; the message says what is wrong."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


@dataclass(frozen=True)
class Problem:
    """One thing wrong in the catalog, located by file, entry and field."""

    file: str
    entry: str
    field: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.file}: {self.entry}: {self.field}: {self.message}"
        return f"{text} ({self.hint})" if self.hint else text


@dataclass
class Problems:
    """A growing list of problems, shared by every step of one catalog load."""

    items: list[Problem] = field(default_factory=list)

    def add(self, file: str, entry: str, fld: str, message: str, hint: str = "") -> None:
        """Record one problem."""
        self.items.append(Problem(file, entry, fld, message, hint))

    def __bool__(self) -> bool:
        return bool(self.items)


def meta(
    *,
    key: str | None = None,
    choices: Sequence[str] | None = None,
    parse: Callable[[Any, str], Any] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    default: Any = dataclasses.MISSING,
    doc: str = "",
) -> Any:
    """Declare a model field with converter metadata (see the module docstring)."""
    metadata = {
        "key": key,
        "choices": tuple(choices) if choices is not None else None,
        "parse": parse,
        "minimum": minimum,
        "maximum": maximum,
        "doc": doc,
    }
    if default is dataclasses.MISSING:
        return field(metadata=metadata)
    if isinstance(default, (list, dict, set)):
        raise TypeError("use an immutable default")
    return field(default=default, metadata=metadata)


HINTS: dict[Any, dict[str, Any]] = {}


def type_hints(cls: Any) -> dict[str, Any]:
    """Return a model's field types (worked out once: each call compiles every annotation)."""
    if cls not in HINTS:
        HINTS[cls] = typing.get_type_hints(cls)
    return HINTS[cls]


def child_model(cls: Any, key: str) -> tuple[str, Any]:
    """Say how the TOML key ``key`` of model ``cls`` nests: ('entries', item model),
    ('table', model), or ('value', None) for anything an overlay replaces whole."""
    if cls is None or not dataclasses.is_dataclass(cls):
        return "value", None
    hints = type_hints(cls)
    for fld in dataclasses.fields(cls):
        if (fld.metadata.get("key") or fld.name) != key:
            continue
        hint = hints[fld.name]
        if dataclasses.is_dataclass(hint):
            return "table", hint
        args = typing.get_args(hint)
        if typing.get_origin(hint) is tuple and args and dataclasses.is_dataclass(args[0]):
            return "entries", args[0]
    return "value", None


def field_file(raw: dict[str, Any], name: str) -> str:
    """Return the file a raw field came from (an overlay may have replaced it)."""
    files = raw.get(FIELD_FILES_KEY, {})
    return str(files.get(name, raw.get(FILE_KEY, "?")))


def type_name(value: Any) -> str:
    """Name a TOML value's type the way a data author thinks of it."""
    names = {
        bool: "true/false",
        int: "int",
        float: "float",
        str: "str",
        list: "list",
        dict: "table",
    }
    return names.get(type(value), type(value).__name__)


def _hint_for(value: Any, expected: str) -> str:
    if expected == "int" and isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return "remove the quotes"
    if expected == "str" and isinstance(value, (int, float)):
        return "put the value in quotes"
    if expected.startswith("list") and not isinstance(value, list):
        return f"write it as a list, e.g. [{value!r}]"
    return ""


def suggest(word: str, options: Sequence[str]) -> str:
    """Return a 'did you mean' hint, or a list of the options when nothing is close."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    if len(options) <= 12:
        return "allowed: " + ", ".join(options)
    return ""


class Converter:
    """Builds dataclasses from raw tables and records problems instead of raising."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems

    def build(self, cls: type[T], raw: Any, entry: str, file: str) -> T | None:
        """Build ``cls`` from the raw table, or return None after recording problems."""
        if not isinstance(raw, dict):
            self.problems.add(file, entry, "-", f"expected a table, got {type_name(raw)}")
            return None
        file = str(raw.get(FILE_KEY, file))
        hints = type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        keys = {(f.metadata.get("key") or f.name): f for f in fields.values()}
        unknown = self._unknown_list(raw, entry, file, "unknown")
        self._unknown_list(raw, entry, file, "uncertain")
        self._check_keys(raw, sorted(keys), unknown, entry, file)
        values: dict[str, Any] = {}
        ok = True
        for key, fld in keys.items():
            where = field_file(raw, key)
            if key in ("unknown", "uncertain") and fld.name in ("unknown", "uncertain"):
                values[fld.name] = tuple(raw.get(key, ()))
                continue
            if key not in raw:
                missing = self._missing(fld, key, unknown, hints[fld.name], entry, file)
                if missing is _BAD:
                    ok = False
                elif missing is not _DEFAULT:
                    values[fld.name] = missing
                continue
            if key in unknown:
                self.problems.add(
                    where,
                    entry,
                    key,
                    "is listed as unknown but has a value",
                    "remove it from 'unknown' or drop the value",
                )
                ok = False
                continue
            try:
                values[fld.name] = self._value(hints[fld.name], fld, raw[key], entry, where, key)
            except FieldProblem as exc:
                self.problems.add(where, entry, key, exc.message, exc.hint)
                ok = False
            except _Nested:
                ok = False
        if not ok:
            return None
        return cls(**values)

    def _check_keys(
        self, raw: dict[str, Any], keys: list[str], unknown: list[str], entry: str, file: str
    ) -> None:
        """Record raw keys that are no field, and 'unknown' names that are no field."""
        for raw_key in raw:
            if raw_key in keys or raw_key in ENTRY_KEYS or raw_key.startswith("__"):
                continue
            came_from = field_file(raw, raw_key)
            message = "unknown field"
            if came_from != raw.get(FILE_KEY, came_from):
                message = "overrides a field that does not exist"
            self.problems.add(came_from, entry, raw_key, message, suggest(raw_key, keys))
        for name in unknown:
            if name not in keys:
                self.problems.add(
                    file,
                    entry,
                    "unknown",
                    f"lists {name!r}, which is not a field",
                    suggest(name, keys),
                )

    def _unknown_list(self, raw: dict[str, Any], entry: str, file: str, key: str) -> list[str]:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problems.add(file, entry, key, "must be a list of field names")
            return []
        return list(value)

    def _missing(
        self,
        fld: dataclasses.Field[Any],
        key: str,
        unknown: list[str],
        hint: Any,
        entry: str,
        file: str,
    ) -> Any:
        if key in unknown:
            if _allows_none(hint):
                return None
            self.problems.add(file, entry, key, "cannot be unknown", "give a value")
            return _BAD
        if fld.default is not dataclasses.MISSING:
            return _DEFAULT
        self.problems.add(file, entry, key, "missing", f"add '{key} = ...'")
        return _BAD

    def _value(
        self, hint: Any, fld: dataclasses.Field[Any], value: Any, entry: str, file: str, key: str
    ) -> Any:
        parse = fld.metadata.get("parse")
        if parse is not None:
            return parse(value, f"{entry}: {key}")
        return self._typed(hint, fld, value, entry, file, key)

    def _typed(
        self, hint: Any, fld: dataclasses.Field[Any], value: Any, entry: str, file: str, key: str
    ) -> Any:
        origin = typing.get_origin(hint)
        if origin in (types.UnionType, typing.Union):
            inner = [a for a in typing.get_args(hint) if a is not type(None)]
            return self._typed(inner[0], fld, value, entry, file, key)
        if hint is str:
            return _check_choice(_expect(value, str, "str"), fld)
        if hint is bool:
            return _expect(value, bool, "true/false")
        if hint is int:
            return _check_bounds(_expect_int(value), fld)
        if origin is tuple:
            return self._tuple(typing.get_args(hint)[0], fld, value, entry, file, key)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            built = self.build(hint, value, f"{entry} > {key}", file)
            if built is None:
                raise _Nested()
            return built
        raise TypeError(f"unsupported field type {hint!r}")

    def _tuple(
        self, item: Any, fld: dataclasses.Field[Any], value: Any, entry: str, file: str, key: str
    ) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise FieldProblem(f"must be a list, got {type_name(value)}", _hint_for(value, "list"))
        if dataclasses.is_dataclass(item):
            return self._entries(item, value, entry, file, key)
        out = []
        for position, element in enumerate(value):
            try:
                out.append(self._typed(item, fld, element, entry, file, key))
            except FieldProblem as exc:
                raise FieldProblem(f"item {position + 1}: {exc.message}", exc.hint) from None
        return tuple(out)

    def _entries(
        self, cls: Any, value: list[Any], entry: str, file: str, key: str
    ) -> tuple[Any, ...]:
        out = []
        ok = True
        for position, raw in enumerate(value):
            label = entry_label(key, raw, position)
            built = self.build(cls, raw, f"{entry} > {label}" if entry else label, file)
            ok = ok and built is not None
            out.append(built)
        if not ok:
            raise _Nested()
        return tuple(out)


class _Nested(Exception):
    """A nested entry already recorded its own problems."""


_BAD = object()
_DEFAULT = object()


def entry_label(key: str, raw: Any, position: int) -> str:
    """Name an entry for messages: ``puzzle_chip 'draw-three'`` or ``puzzle_chip #3``."""
    if isinstance(raw, dict):
        for name_key in ("id", "name"):
            if isinstance(raw.get(name_key), str):
                return f"{key} {raw[name_key]!r}"
    return f"{key} #{position + 1}"


def _allows_none(hint: Any) -> bool:
    return typing.get_origin(hint) in (types.UnionType, typing.Union) and type(None) in (
        typing.get_args(hint)
    )


def _expect(value: Any, kind: type, name: str) -> Any:
    if kind is not bool and isinstance(value, bool):
        raise FieldProblem(f"must be {name}, got {type_name(value)}")
    if not isinstance(value, kind):
        raise FieldProblem(
            f"must be {name}, got {type_name(value)} {value!r}", _hint_for(value, name)
        )
    return value


def _expect_int(value: Any) -> int:
    result: int = _expect(value, int, "int")
    return result


def _check_choice(value: str, fld: dataclasses.Field[Any]) -> str:
    choices = fld.metadata.get("choices")
    if choices is not None and value not in choices:
        raise FieldProblem(f"{value!r} is not allowed", suggest(value, choices))
    return value


def _check_bounds(value: int, fld: dataclasses.Field[Any]) -> int:
    low, high = fld.metadata.get("minimum"), fld.metadata.get("maximum")
    if low is not None and value < low:
        raise FieldProblem(f"must be at least {low}, got {value}")
    if high is not None and value > high:
        raise FieldProblem(f"must be at most {high}, got {value}")
    return value
