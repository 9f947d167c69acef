"""The Japanese game terms the phone pages share with the printed sheets: one word list
(printkit/i18n.py, seed 003's terms), so a term reads the same on paper and on the phone.
base.html hands them to i18n.js as a JSON block; i18n.js keeps no copy of them."""

from __future__ import annotations

from functools import cache

from printkit.i18n import STRINGS

PHONE_TERMS = {
    "bank": "bank",
    "ante": "ante",
    "counter": "counter_crash",
    "panic": "panic",
    "height_bonus": "height_bonus",
    "power": "power",
    "sites": "sites",
    "sf_power": "power",
    "sf_sites": "sites",
    "time_over": "time_over",
    "betrayal": "betrayal",
    "attack": "attack",
}
"""The phone's word key -> printkit's key of the same term."""


@cache
def glossary() -> dict[str, str]:
    """Return the phone's Japanese words for the shared game terms."""
    return {phone: STRINGS["ja"][printed] for phone, printed in PHONE_TERMS.items()}
