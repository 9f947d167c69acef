"""The answers' JSON encoder (``companion.web.compact_json``) writes the standard encoder's
compact bytes for every value an answer can hold: any text (beyond ASCII, beyond the BMP,
DEL, control characters, lone surrogates, backslashes before an x or a U), any integer,
nested lists and objects (#29: same answers as today, byte for byte)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.web.compact_json import compact_bytes

TRICKY = st.sampled_from(
    ["\\x41", "\\\\xff", "\\U0001f600", "é·ÿ", "\x80", "\x7f", "\x00\x1f\n\t\"", "ジェム", "😀",
     "\U0010ffff", "\u2028\u2029", "\ud800", "</script>"]
)  # fmt: skip
TEXT = st.one_of(st.text(), TRICKY, st.lists(TRICKY).map("".join))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=2**63),
                    TEXT)  # fmt: skip
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(TEXT, inner, max_size=5),
        st.dictionaries(st.integers(), inner, max_size=3),
    ),
    max_leaves=30,
)


def standard(value: Any) -> bytes:
    """The bytes the answers were made of before orjson."""
    return json.dumps(value, separators=(",", ":")).encode()


@settings(max_examples=600, deadline=None)
@given(VALUES)
def test_any_value_is_written_as_the_standard_encoder_writes_it(value: Any) -> None:
    assert compact_bytes(value) == standard(value)


def test_each_escape_is_the_standard_one() -> None:
    for text in ["\\x41é", "\\\\\\xff·", "a\\Ub😀", "\x7f\x80\xff\u0100\uffff\U00010000", "\ud83d"]:
        assert compact_bytes(text) == standard(text), repr(text)
        assert compact_bytes({text: [text]}) == standard({text: [text]}), repr(text)


def test_a_puzzle_strike_answer_is_the_same_bytes(engine_app: Any) -> None:
    from tests.helpers import act, start_duel

    match_id, a, b = start_duel(engine_app)
    for phone, character in ((a, "grave"), (b, "rook")):
        assert act(phone, match_id, {"type": "choose", "character": character}).status_code == 200
    for phone in (a, b):
        body = phone.get(f"/api/matches/{match_id}/state").data
        assert "ジ" in json.loads(body)["state"]["stacks"][0]["name_ja"]
        assert body == standard(json.loads(body))
