"""History lines: one line per real event, in words the phone shows in its own language.

A line is a word key with its English text and ``{slots}`` (the shape of the next-step bar's
prompt, ``companion.game.words``), maybe followed by more lines (a game's result after the move
that ended it, the line an undo took back). Each game keeps its lines in one ``Phrases`` table
(word key -> English text); i18n.js has the Japanese of every key (a test walks the tables).

The store keeps each event's line as an *entry*: the same shape with every text filled, the
whole English line in ``text`` (what old phones, exports and messages read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired

from companion.game.words import Said, filled


class Line(Said):
    """One history line: a word key, its English text with {slots}, and the lines after it."""

    then: NotRequired[list[Line]]
    """Lines said right after this one, as part of the same event."""
    lines: NotRequired[dict[str, Line]]
    """Slots whose value is itself a line (said in the phone's language too)."""


class Phrases:
    """One game's history lines: word key -> English text with {slots}."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        ALL.append(self)

    def __call__(self, say: str, *then: Line, **args: str | int) -> Line:
        """Say the line of this key, its slots filled from ``args``, followed by ``then``.

        :raises KeyError: for a key the table does not have (every line is in a table).
        """
        said: Line = {"say": say, "text": self.texts[say], "args": args}
        if then:
            said["then"] = list(then)
        return said

    def around(self, say: str, lines: dict[str, Line], **args: str | int) -> Line:
        """Say the line of this key with slots that hold other lines ('{who}: {line}')."""
        return {**self(say, **args), "lines": lines}


def with_terms(line: Line, **terms: str) -> Line:
    """Return the line with these slots shown as game terms (slot -> the term's word key)."""
    return {**line, "terms": {**line.get("terms", {}), **terms}}


ALL: list[Phrases] = []
"""Every table of lines, for the test that walks their keys."""


def with_names(line: Line, **names: list[str]) -> Line:
    """Return the line with these slots holding lists of players: English joins them with
    its words ('Ana or Ben', already in the slot); a Japanese phone reads 'Ana、Ben'."""
    return {**line, "ja": {**line.get("ja", {}), **{k: "、".join(v) for k, v in names.items()}}}


def joint(head: str, after: str) -> str:
    """Return what joins a line to the next: nothing before a line that starts with its own
    punctuation ('; the gems float...'), a space after a colon, else a full stop."""
    if after[:1] in (";", ":", ","):
        return ""
    return " " if head.endswith(":") else ". "


def fill(line: Line) -> str:
    """Return a line's own English text, its slots filled (a slot holding a line: in words)."""
    if "lines" not in line:
        return filled(line)
    inner = {slot: told(said) for slot, said in line["lines"].items()}
    return line["text"].format(**line["args"], **inner)


def recorded_by(phrases: Phrases, say: str, actor: str, line: Line) -> Line:
    """Put the phone that recorded an action before its line ('Ben: Ana gained 5 power'),
    unless the line starts with that player ('Ana ended the turn', "Ana's sites ...")."""
    text = told(line)
    if text.startswith((f"{actor} ", f"{actor}'s ")):
        return line
    return phrases.around(say, {"line": line}, who=actor)


def told(line: Line) -> str:
    """Return a line in English, slots filled, with the lines after it."""
    text = fill(line)
    for after in line.get("then", []):
        said = told(after)
        text += joint(text, said) + said
    return text


def entry(line: Line) -> Line:
    """Return the stored form of a line: every text filled, the whole line in ``text``."""
    head: Line = {"say": line["say"], "text": fill(line), "args": dict(line["args"])}
    if "terms" in line:
        head["terms"] = dict(line["terms"])
    if "ja" in line:
        head["ja"] = dict(line["ja"])
    if "lines" in line:
        head["lines"] = {slot: entry(said) for slot, said in line["lines"].items()}
    return followed(head, *(entry(after) for after in line.get("then", [])))


def followed(head: Line, *entries: Line) -> Line:
    """Return an entry (its text filled) followed by other entries."""
    if not entries:
        return head
    text = head["text"]
    for after in entries:
        text += joint(text, after["text"]) + after["text"]
    return {**head, "text": text, "then": [*head.get("then", []), *entries]}


def plain(text: str) -> Line:
    """Return an entry for a line stored as English text only (logs older than word keys)."""
    return {"say": "", "text": text, "args": {}}


def stored(payload: Mapping[str, object], text: str) -> Line:
    """Return a logged event's entry: its stored words, or its English text for an older log."""
    said = payload.get("said")
    if isinstance(said, dict) and isinstance(said.get("say"), str):
        return said  # type: ignore[return-value]
    return plain(text)


COMMON = Phrases(
    {
        "undid": "{who} undid:",
        "redid": "{who} redid:",
        "skipped": "Skipped, the rules no longer allow it ({reason}):",
        "skipped_bare": "Skipped, the rules no longer allow it ({reason})",
        "seat_handed_own": "{who} handed their own seat to a new phone",
        "seat_handed": "{who} handed {owner}'s seat to a new phone",
    }
)
"""Lines of every kind of room: undo, redo, a skipped action, a seat handed over."""


def moved(verb: str, who: str, undone: Line) -> Line:
    """Return the entry of an undo or redo ('undid' or 'redid') of an action's entry."""
    return followed(entry(COMMON(verb, who=who)), undone)
