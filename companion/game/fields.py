"""Reading an action's JSON fields, one way for every game.

Each reader takes the action's JSON object and a field's name, and returns the typed value or
raises ``InvalidAction`` (a 400) naming the field and what it must be. The games' parsers
(``<game>/actions.py``) are built from these, so the same mistake gets the same answer at
every table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from companion.game.errors import InvalidAction
from companion.game.refusals import REFUSE

MAX_TEXT = 200
"""The longest text field (a name, a key): more is never a real table's."""

Json = Mapping[str, object]
T = TypeVar("T")


def text(data: Json, key: str, must: str = "gm_field_text") -> str:
    """Read a text field of 1 to MAX_TEXT characters (``must``: the refusal's word key)."""
    value = data.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
        raise REFUSE(InvalidAction, must, key=key, most=MAX_TEXT)
    return value


def optional_text(data: Json, key: str, must: str = "gm_field_text") -> str | None:
    """Read a text field that may be left out (or null)."""
    return None if data.get(key) is None else text(data, key, must)


def whole(data: Json, key: str, low: int, high: int, default: int | None = None) -> int:
    """Read a whole number from ``low`` to ``high`` (``default`` when left out, if given)."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise REFUSE(InvalidAction, "gm_field_whole", key=key, low=low, high=high)
    return value


def optional_whole(data: Json, key: str, low: int, high: int) -> int | None:
    """Read a whole number from ``low`` to ``high`` that may be left out (or null)."""
    return None if data.get(key) is None else whole(data, key, low, high)


def flag(data: Json, key: str) -> bool:
    """Read a true/false field that is false when left out."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise REFUSE(InvalidAction, "gm_field_flag", key=key)
    return value


def one_of(data: Json, key: str, allowed: Sequence[str]) -> str:
    """Read a field that takes one of the ``allowed`` texts."""
    value = data.get(key)
    if not isinstance(value, str) or value not in allowed:
        raise REFUSE(InvalidAction, "gm_field_one_of", key=key, allowed=", ".join(allowed))
    return value


def only(data: Json, action: str, keys: Sequence[str]) -> Json:
    """Return the action's fields if it has no field but its type and ``keys``.

    :raises InvalidAction: naming the first other field (an action whose seat is the
        phone's own must not seem to take another seat's).
    """
    extra = [k for k in data if k != "type" and k not in keys]
    if extra:
        fields = ", ".join(repr(k) for k in keys)
        raise REFUSE(InvalidAction, "gm_fields_only", action=action, fields=fields,
                     extra=ascii(extra[0])[:40])  # fmt: skip
    return data


def by_type(data: Json, parsers: Mapping[str, Callable[[Json], T]]) -> T:
    """Read an action: its "type" picks the parser that reads the other fields."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in parsers:
        shown = ascii(kind)[:40]
        raise REFUSE(InvalidAction, "gm_unknown_action", action=shown, known=", ".join(parsers))
    return parsers[kind](data)
