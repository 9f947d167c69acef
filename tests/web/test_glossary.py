"""One Japanese word list for paper and phone: the game terms the phone pages show come from
printkit's glossary (printkit/i18n.py), handed to i18n.js by every page; i18n.js keeps no
copy of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Flask

from companion.game.shadowfist import rules as sf
from companion.web.glossary import PHONE_TERMS
from printkit.catalog import Catalog
from printkit.i18n import STRINGS

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web" / "static"
BLOCK = re.compile(r'<script type="application/json" id="glossary">(.*?)</script>', re.S)


def test_every_page_hands_the_printed_terms_to_the_phone(app: Flask) -> None:
    for page in ("/", "/bank", "/tournaments/new"):
        html = app.test_client().get(page).get_data(as_text=True)
        found = BLOCK.search(html)
        assert found is not None, page
        words = json.loads(found.group(1))
        assert words == {k: STRINGS["ja"][v] for k, v in PHONE_TERMS.items()}
    assert words["counter"] == "カウンタークラッシュ" and words["panic"] == "パニックタイム"


def test_the_phone_keeps_no_copy_of_a_shared_term() -> None:
    scripts = "".join(p.read_text(encoding="utf-8") for p in STATIC.glob("*.js"))
    for key in PHONE_TERMS:
        assert not re.search(rf'(?<![\w"]){key}: "', scripts), key


def test_every_shadowfist_step_has_japanese_words(catalog: Catalog) -> None:
    script = (STATIC / "shadowfist.js").read_text(encoding="utf-8")
    for _, step in sf.step_ids(catalog):
        for kind in ("step", "sum"):
            assert re.search(rf'"?sf_{kind}_{re.escape(step)}"?:\s', script), (kind, step)
