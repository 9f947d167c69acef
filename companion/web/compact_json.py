"""Compact JSON bytes, the same as ``json.dumps(value, separators=(",", ":")).encode()``, made
by orjson (#29: the standard encoder was about a tenth of a worker's CPU under long polls).

orjson writes UTF-8 where the standard encoder escapes everything beyond ASCII (``\\u30b8``,
surrogate pairs beyond the BMP, ``\\u007f`` for DEL), so the bytes are escaped after the
fact: ``backslashreplace`` gives the same ``\\uXXXX`` for the BMP above U+00FF in C, and the
rarer ``\\xNN`` (U+0080-U+00FF) and ``\\UXXXXXXXX`` (beyond the BMP) are rewritten. What
orjson refuses (a lone surrogate, an integer beyond 64 bits, a key that is not a string)
goes to the standard encoder. Floats would differ in their exponent (``1e-05`` against
``1e-5``) and NaN; no answer holds a float (every view is made of ints, strings, bools and
None), and ``tests/web/test_compact_json.py`` holds the two to the same bytes.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

NOT_JSON_ESCAPES = re.compile(rb"\\\\|\\x([0-9a-f]{2})|\\U([0-9a-f]{8})")
"""What ``backslashreplace`` wrote that JSON spells otherwise (an escaped backslash is
matched whole, so that the text after it is never taken for an escape)."""


def compact_bytes(value: Any) -> bytes:
    """Return ``json.dumps(value, separators=(",", ":")).encode()``, made faster."""
    try:
        made = orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(value, separators=(",", ":")).encode()
    if not made.isascii():
        made = made.decode().encode("ascii", "backslashreplace")
        if b"\\x" in made or b"\\U" in made:
            made = NOT_JSON_ESCAPES.sub(as_json_escape, made)
    if b"\x7f" in made:
        made = made.replace(b"\x7f", b"\\u007f")
    return made


def as_json_escape(found: re.Match[bytes]) -> bytes:
    """Return a ``backslashreplace`` escape as JSON writes it (an escaped backslash as it is)."""
    latin, beyond = found.group(1), found.group(2)
    if latin is not None:
        return b"\\u00" + latin
    if beyond is not None:
        point = int(beyond, 16) - 0x10000
        return b"\\u%04x\\u%04x" % (0xD800 | (point >> 10), 0xDC00 | (point & 0x3FF))
    return found.group()
