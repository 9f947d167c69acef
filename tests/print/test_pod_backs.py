"""Issue 31, item 3: every print-on-demand card has a back, and print-shop PDFs carry an
sRGB output intent (PDF/X-4 style), read back with pypdf."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.cli import main
from printkit.press import SRGB_PROFILE


@pytest.mark.parametrize("service", ["mpc", "tgc"])
def test_every_design_of_both_services_has_a_back(tmp_path: Path, service: str) -> None:
    args = ["pod", "--service", service, "--set", "2e", "--out", str(tmp_path)]
    assert main(args) == 0
    folder = tmp_path / service / "2e_en"
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    tracks = [c for c in data["components"] if c["kind"] == "track-card"]
    assert len(tracks) == 5
    for component in data["components"]:
        assert component["back"], component["name"]
        with Image.open(folder / component["back"]) as back:
            assert list(back.size) == component["size_px"], component["name"]


def test_press_pdf_declares_an_srgb_output_intent(tmp_path: Path) -> None:
    args = ["pod", "--service", "mpc", "--set", "2e", "--pdf", "--out", str(tmp_path)]
    assert main(args) == 0
    reader = PdfReader(tmp_path / "mpc" / "2e_en" / "press.pdf")
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 3
    icc = profile.get_data()
    assert icc == SRGB_PROFILE.read_bytes()
    assert icc[12:20] == b"mntrRGB "  # an RGB display profile: the colours the art is in
    assert b"sRGB" in icc
    for page in reader.pages:  # PDF/X asks for a TrimBox on every page, inside the BleedBox
        trim, bleed = page.trimbox, page.bleedbox
        assert bleed.left < trim.left and trim.right < bleed.right
