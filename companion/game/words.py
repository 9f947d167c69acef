"""Words a phone shows in its own language: a word key with its English text, whose ``{slots}``
are filled from ``args`` (the next-step bar's prompt and every history line share this shape).

The page looks the key up in the phone's language (i18n.js) and falls back to the English.
A slot listed in ``terms`` holds a game term: its value is shown by the term's word key.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Said(TypedDict):
    """Something said to the phones: a word key, its English text with {slots}, the slots."""

    say: str
    """The word key, e.g. 'ps_ante_first'."""
    text: str
    """The English text, with {slots} filled from args."""
    args: dict[str, str | int]
    terms: NotRequired[dict[str, str]]
    """Slots whose value is a game term, with its word key (shown in the phone's language)."""
    ja: NotRequired[dict[str, str]]
    """Slots whose value the catalog names in Japanese (a Japanese phone shows that name)."""


def filled(words: Said) -> str:
    """Return the English text with its slots filled (for tests, logs and old clients)."""
    return words["text"].format(**words["args"])
