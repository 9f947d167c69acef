"""Encode form XObject streams without a per-character codec lookup.

reportlab turns each form's operators (a str) into bytes with its ``extpdfdoc`` codec, a
character map that Python applies one character at a time. A build defines hundreds of
forms, one per design, and their operators are plain ASCII, which that codec maps to the
same bytes as the ``ascii`` codec does; encoding them so is many times faster. Any other
text still goes through reportlab's codec, so the PDFs are byte for byte the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from reportlab.pdfbase import pdfdoc

NOT_IDENTITY = re.compile("[\x18-\x1f]")
"""The ASCII characters ``extpdfdoc`` does not map to themselves (it refuses them)."""


def pdfdoc_bytes(text: str) -> bytes:
    """Return ``text`` encoded as reportlab's ``pdfdocEnc`` would, ASCII taking a short cut."""
    if text.isascii() and NOT_IDENTITY.search(text) is None:
        return text.encode("ascii")
    return bytes(pdfdoc.pdfdocEnc(text))


def set_stream_list(form: Any, data: str | bytes | Sequence[str]) -> None:
    """Set a form's stream as ``PDFFormXObject.setStreamList`` does, encoding it faster."""
    if isinstance(data, bytes):
        form.stream = data
        return
    form.stream = pdfdoc_bytes(data if isinstance(data, str) else "\n".join(data))


def use_fast_form_streams() -> None:
    """Make every form reportlab writes encode its stream with :func:`set_stream_list`."""
    pdfdoc.PDFFormXObject.setStreamList = set_stream_list  # type: ignore[method-assign,assignment]
