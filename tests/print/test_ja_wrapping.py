"""Issue 31, item 5: Japanese text wraps by the line-breaking rules (kinsoku shori): no line
starts with a closing mark (。、」） ...) or ends with an opening one (「（ ...), a numbered
item's continuation lines hang right of its number, and no short end ('-$1。') is left
alone on a line. Read back from the player aid PDFs."""

from __future__ import annotations

import re
import unicodedata

import pdfplumber
import pytest

from printkit.build import BuildOptions, build
from printkit.catalog import Catalog
from printkit.i18n import STRINGS
from printkit.render.style import style_for, wrap_ja

NO_LINE_START = "、。，．・：；？！ー」』）】〕〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
"""Marks no line may start with (JIS X 4051's closing brackets, punctuation, small kana)."""
NO_LINE_END = "「『（【〔〈《"
"""Marks no line may end with (opening brackets)."""
ITEM = re.compile(r"^\s*\d\.\s")


def is_wide(char: str) -> bool:
    """Return True for a full-width (Japanese) character."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def size_of(line: dict[str, object]) -> float:
    """Return the size of a text line's first character."""
    chars = line["chars"]
    assert isinstance(chars, list)
    return round(float(chars[0]["size"]), 1)


@pytest.fixture(scope="module")
def aid_lines(
    tmp_path_factory: pytest.TempPathFactory, catalog: Catalog
) -> list[dict[str, object]]:
    """Every text line of every Japanese player aid and reference sheet."""
    out = tmp_path_factory.mktemp("ja-aids")
    options = BuildOptions(out_dir=out, lang="ja", paper="a4", only=frozenset({"aid"}))
    files = build(catalog, options)
    lines: list[dict[str, object]] = []
    for pdf in files:
        with pdfplumber.open(pdf) as doc:
            for page in doc.pages:
                lines += page.extract_text_lines(return_chars=True)
    return lines


def test_no_line_starts_or_ends_with_a_forbidden_mark(aid_lines: list[dict[str, object]]) -> None:
    texts = [str(line["text"]).strip() for line in aid_lines]
    assert len(texts) > 40
    assert not [t for t in texts if t[0] in NO_LINE_START]
    assert not [t for t in texts if t[-1] in NO_LINE_END]


def test_numbered_items_hang_and_leave_no_short_end(aid_lines: list[dict[str, object]]) -> None:
    turn = [  # the numbered items in Japanese (Shadowfist's steps are English)
        line
        for line in aid_lines
        if ITEM.match(str(line["text"])) and any(is_wide(ch) for ch in str(line["text"]))
    ]
    assert len(turn) >= 4  # the four phases of the turn summary
    hanging = 0
    for item in turn:
        following = aid_lines[aid_lines.index(item) + 1]
        assert not str(following["text"]).startswith(("-$", "$"))
        same_item = (
            size_of(following) == size_of(item)
            and float(following["top"]) - float(item["top"]) < 2 * size_of(item)
            and not ITEM.match(str(following["text"]))
        )
        if same_item:  # a continuation line starts right of the number ('4. ' at 10 pt)
            assert float(following["x0"]) >= float(item["x0"]) + 8, following["text"]
            hanging += 1
    assert hanging >= 2  # on A4 two phases of the turn take two lines
    texts = [str(line["text"]).strip() for line in aid_lines]
    assert not [t for t in texts if len(t) < 5 and "$" in t]  # '-$1。' alone
    assert not any(re.fullmatch(r"\d\.\s*\S+[:：]", t) for t in texts)  # '4. クリーンアップ:'


@pytest.mark.parametrize("width", [60.0, 90.0, 140.0, 220.0, 400.0])
def test_every_japanese_string_wraps_by_the_rules(width: float) -> None:
    font = style_for("ja").regular
    for key, value in STRINGS["ja"].items():
        lines = wrap_ja(value, font, 9, [width] * 60)
        if lines is None:  # a run no line this narrow can hold
            continue
        assert "".join("".join(lines).split()) == "".join(value.split()), key
        assert all(line[0] not in NO_LINE_START for line in lines[1:]), (key, lines)
        assert all(line[-1] not in NO_LINE_END for line in lines[:-1]), (key, lines)
