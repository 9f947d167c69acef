"""The fast form-stream encoder gives exactly the bytes reportlab's own encoder gives."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfdoc

from printkit.render.formstream import pdfdoc_bytes

SAMPLES = [
    "q 1 0 0 1 10.5 20 cm /F1 8 Tf (Crash Gem) Tj Q",
    "BT /F2 12 Tf 0 0 Td (Draw 2 \\(chips\\)) Tj ET",
    "",
    "\n".join(f"{i} {i * 0.5} m {i + 1} {i} l S" for i in range(50)),
    "(Zoé) Tj",  # not ASCII: reportlab's own codec
    "(\u2022 bullet) Tj",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_same_bytes_as_reportlab(text: str) -> None:
    assert pdfdoc_bytes(text) == bytes(pdfdoc.pdfdocEnc(text))


def test_characters_reportlab_refuses_are_still_refused() -> None:
    with pytest.raises(UnicodeError):
        bytes(pdfdoc.pdfdocEnc("\x18"))
    with pytest.raises(UnicodeError):
        pdfdoc_bytes("\x18")
