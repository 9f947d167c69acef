"""Write-in cards: every Flash Duel deck is printed whole, read back from the PDF."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from printkit.catalog import Catalog, FlashDuelSet
from printkit.cli import main
from printkit.pieces import flash_duel_pieces, uncertain_names


def flash_duel(catalog: Catalog) -> FlashDuelSet:
    game_set = catalog.game("flash-duel").set("2e")
    assert isinstance(game_set, FlashDuelSet)
    return game_set


def card_pages(path: Path) -> tuple[str, list[list[str]]]:
    """The cover's text, and the words of every later page."""
    with pdfplumber.open(path) as pdf:
        cover = " ".join((pdf.pages[0].extract_text() or "").split())
        pages = [[w["text"] for w in page.extract_words()] for page in pdf.pages[1:]]
    return cover, pages


@pytest.fixture(scope="module")
def cards_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("writein")
    assert main(["build", "--game", "flash-duel", "--covers", "--out", str(out)]) == 0
    return out / "flash-duel_2e_cards_letter_en.pdf"


def test_every_deck_is_whole(cards_pdf: Path, catalog: Catalog) -> None:
    cover, pages = card_pages(cards_pdf)
    assert "ability-card: 60 designs, 60 pieces" in cover
    assert "dragon-card: 8 designs, 8 pieces" in cover
    words = Counter(w for page in pages for w in page)
    s = flash_duel(catalog)
    # Each card names its owner once at the top, in capitals: 3 per character, 8 Dragon cards.
    for character in s.characters:
        assert words[character.name.upper()] == 3, character.name
    text = " ".join(" ".join(page) for page in pages)
    assert text.count("DEATHSTRIKE DRAGON") == 8


def test_write_in_cards_are_marked(cards_pdf: Path, catalog: Catalog) -> None:
    _, pages = card_pages(cards_pdf)
    s = flash_duel(catalog)
    unknown = [a for _, a in s.abilities() if not a.is_known()]
    marks = sum(page.count("WRITE-IN") for page in pages)
    assert marks == len(unknown) + len(s.dragon_abilities) == 50
    text = " ".join(" ".join(page) for page in pages)
    for ability in unknown:
        assert ability.id in text  # the catalog id, for --data-dir, on the card's foot
    clued = [a for _, a in s.abilities() if a.clues]
    assert text.count("Known:") == len(clued) == 14
    # Known cards carry no write-in mark (the first ability page holds only known cards).
    page = next(p for p in pages if "Knowing" in p)
    assert page.count("WRITE-IN") == 0


def test_uncertain_names_are_marked_and_listed(cards_pdf: Path, catalog: Catalog) -> None:
    cover, pages = card_pages(cards_pdf)
    names = uncertain_names(flash_duel_pieces(flash_duel(catalog)))
    assert names == ["Menelker: Into Oblivion"]
    assert "Into Oblivion [name unconfirmed]" in cover
    marked = [p for p in pages if "unconfirmed" in p]
    assert len(marked) == 1 and "Oblivion" in marked[0]


def test_a_supplied_ability_is_printed_in_full(tmp_path: Path) -> None:
    overlay = tmp_path / "mine" / "flash-duel"
    overlay.mkdir(parents=True)
    (overlay / "gloria.toml").write_text(
        '[set]\nid = "2e"\n\n[[character]]\nid = "gloria"\n\n'
        '[[character.ability]]\nid = "gloria-1"\nname = "Test Heal"\n'
        'trigger = "Start of your turn"\neffect = "Draw a card."\n',
        encoding="utf-8",
    )
    pages = ability_card_pages(tmp_path)
    assert sum(page.count("WRITE-IN") for page in pages) == 41
    assert not any("gloria-1" in page for page in pages)


def ability_card_pages(tmp_path: Path) -> list[list[str]]:
    """Build the ability cards (with a cover) over the overlay in tmp_path/mine; return the
    words of every page after the cover."""
    out = tmp_path / "out"
    args = ["build", "--game", "flash-duel", "--only", "ability-card", "--covers"]
    assert main([*args, "--out", str(out), "--data-dir", str(tmp_path / "mine")]) == 0
    return card_pages(out / "flash-duel_2e_cards_letter_en.pdf")[1]


def test_japanese_write_in_label(tmp_path: Path) -> None:
    args = ["build", "--game", "flash-duel", "--only", "dragon-card", "--lang", "ja", "--covers"]
    assert main([*args, "--out", str(tmp_path)]) == 0
    _, pages = card_pages(tmp_path / "flash-duel_2e_cards_a4_ja.pdf")
    text = "".join("".join(page) for page in pages)
    assert text.count("記入用") == 8
    assert "WRITE-IN" not in text


def test_a_printed_card_with_an_uncertain_name_is_marked(tmp_path: Path) -> None:
    overlay = tmp_path / "mine" / "flash-duel"
    overlay.mkdir(parents=True)
    (overlay / "grave.toml").write_text(
        '[set]\nid = "2e"\n\n[[character]]\nid = "grave"\n\n'
        '[[character.ability]]\nid = "reversal"\nuncertain = ["name"]\n',
        encoding="utf-8",
    )
    pages = ability_card_pages(tmp_path)
    assert "unconfirmed" in pages[0] and "Reversal" in pages[0]
    assert sum(page.count("unconfirmed") for page in pages) == 2  # Reversal, Into Oblivion
