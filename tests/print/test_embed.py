"""Fonts embedded once per build (printkit/render/embed.py) give the bytes reportlab writes.

embed.py replaces methods of reportlab's TrueType font (subset cutting, the font file's
compression, the widths array, the ToUnicode map); a reportlab upgrade that changed them
would show here as different bytes. Each PDF is made in its own process: reportlab's font
registry and the shared widths are global.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

SCRIPT = """
import io, sys
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
from printkit.render import embed

font = TTFont("DejaVuSans", sys.argv[2])
if sys.argv[1] == "reusing":
    font = embed.reusing_subsets(font)
pdfmetrics.registerFont(font)
pdfs = []
for build in range(3):  # the second and third PDFs reuse the first one's subsets
    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, invariant=1)
    for number in range(2):
        page.setFont("DejaVuSans", 9 + number)
        page.drawString(72, 720, f"Crash Gem: Zoé draws 2 ☆ {number} " + "Ж" * build)
        page.showPage()
    page.save()
    pdfs.append(buffer.getvalue())
sys.stderr.write(f"shared widths {len(embed.WidthsOnce.written)}")
sys.stdout.buffer.write(b"\\n%%next%%\\n".join(pdfs))
"""


def pdfs(mode: str) -> tuple[bytes, str]:
    """Make the sample PDFs in a fresh process; return their bytes and what it reported."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, str(FONT)], capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout, done.stderr.decode()


@pytest.mark.skipif(not FONT.exists(), reason="Debian's fonts-dejavu-core is not installed")
def test_fonts_embedded_once_give_reportlabs_bytes() -> None:
    reused, said = pdfs("reusing")
    plain, _ = pdfs("plain")
    assert "shared widths 0" not in said  # the wrappers ran
    assert reused.count(b"%%next%%") == 2 and b"/FontFile2" in reused
    assert reused == plain
