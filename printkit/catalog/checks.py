"""Cross-checks that look at a whole set: references, duplicates and counts.

Each check receives the built set and its raw table, so every message can name the file
an entry (or an overlaid field) came from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from printkit.catalog.common import Entry
from printkit.catalog.flash_duel import FlashDuelSet
from printkit.catalog.models import GameSet
from printkit.catalog.puzzle_strike import PuzzleStrikeSet
from printkit.catalog.schema import FILE_KEY, Problems, field_file, suggest
from printkit.catalog.shadowfist import ShadowfistSet

BANK_SIZE = 10
"""Puzzle stacks in a bank: the rulebooks' 'select just 10 of these stacks'."""
CHIPS_PER_CHARACTER = 3
ABILITIES_PER_CHARACTER = 3


class Locator:
    """Finds the raw table behind an entry, to name the file in a message."""

    def __init__(self, table: dict[str, Any], set_label: str, problems: Problems) -> None:
        self.table = table
        self.set_label = set_label
        self.problems = problems

    def raw(self, *path: str) -> dict[str, Any]:
        """Walk (key, id, key, id, ...) down the raw table; stop where it ends."""
        node: dict[str, Any] = self.table
        for key, entry_id in zip(path[::2], path[1::2], strict=True):
            items = node.get(key)
            match = None
            if isinstance(items, list):
                match = next(
                    (i for i in items if isinstance(i, dict) and i.get("id") == entry_id), None
                )
            if match is None:
                break
            node = match
        return node

    def add(self, path: tuple[str, ...], fld: str, message: str, hint: str = "") -> None:
        """Record a problem about the entry at ``path``'s field ``fld``."""
        raw = self.raw(*path)
        label = " > ".join(
            [self.set_label] + [f"{k} {i!r}" for k, i in zip(path[::2], path[1::2], strict=True)]
        )
        self.problems.add(field_file(raw, fld), label, fld, message, hint)


def check_set(game_set: GameSet, table: dict[str, Any], problems: Problems) -> None:
    """Run the cross-checks of this set's kind."""
    where = Locator(table, f"set {game_set.id!r}", problems)
    CHECKS[type(game_set).SCHEMA](game_set, where)


def check_unique_ids(entries: Iterable[Entry], key: str, where: Locator, *parent: str) -> None:
    """Report ids used twice in one list."""
    counts = Counter(e.id for e in entries)
    for entry_id, n in counts.items():
        if n > 1:
            where.add((*parent, key, entry_id), "id", f"used by {n} entries", "ids must be unique")


def check_puzzle_strike(s: PuzzleStrikeSet, where: Locator) -> None:
    """Check a Puzzle Strike set: ids, names, characters, banks and the starting bag."""
    check_unique_ids(s.stacks, "stack", where)
    check_unique_ids(s.puzzle_chips, "puzzle_chip", where)
    check_unique_ids(s.characters, "character", where)
    check_unique_ids(s.recommended_banks, "recommended_bank", where)
    check_unique_names(s, where)
    for character in s.characters:
        check_unique_ids(character.chips, "chip", where, "character", character.id)
        if len(character.chips) != CHIPS_PER_CHARACTER:
            where.add(
                ("character", character.id),
                "chip",
                f"has {len(character.chips)} chips, a character has exactly {CHIPS_PER_CHARACTER}",
            )
    check_banners(s, where)
    check_stacks(s, where)
    check_banks(s, where)
    check_starting_bag(s, where)
    if len(s.puzzle_chips) < BANK_SIZE:
        where.add((), "puzzle_chip", f"has {len(s.puzzle_chips)} chips; a bank needs {BANK_SIZE}")


def check_unique_names(s: PuzzleStrikeSet, where: Locator) -> None:
    """Report a chip name used by two chips of one set (names are what players read)."""
    seen: dict[str, tuple[str, ...]] = {}
    named: list[tuple[str, tuple[str, ...]]] = [(c.name, ("stack", c.id)) for c in s.stacks]
    named += [(c.name, ("puzzle_chip", c.id)) for c in s.puzzle_chips]
    named += [(c.name, ("character", who.id, "chip", c.id)) for who, c in s.character_chips()]
    for name, path in named:
        folded = name.casefold()
        if folded in seen:
            other = " ".join(seen[folded][-2:])
            where.add(
                path, "name", f"{name!r} is already used by {other}", "chip names must be unique"
            )
        else:
            seen[folded] = path


def check_banners(s: PuzzleStrikeSet, where: Locator) -> None:
    """A chip with a banner needs at least one colour."""
    for chip in s.puzzle_chips:
        if chip.banner is not None and not chip.banner:
            where.add(("puzzle_chip", chip.id), "banner", "is empty", "give at least one colour")
    for who, own in s.character_chips():
        if own.banner is not None and not own.banner:
            where.add(("character", who.id, "chip", own.id), "banner", "is empty")


def check_stacks(s: PuzzleStrikeSet, where: Locator) -> None:
    """Gem stacks carry distinct values 1-4; other stacks carry none."""
    values = []
    for stack in s.stacks:
        if stack.kind == "gem" and stack.value == 0:
            where.add(("stack", stack.id), "value", "a gem stack needs its value (1-4)")
        elif stack.kind != "gem" and stack.value:
            where.add(("stack", stack.id), "value", f"only gem stacks have a value ({stack.kind})")
        elif stack.kind == "gem":
            values.append(stack.value)
    for value, n in Counter(values).items():
        if n > 1:
            where.add((), "stack", f"{n} gem stacks have value {value}", "each value once")


def check_banks(s: PuzzleStrikeSet, where: Locator) -> None:
    """A recommended bank names 10 distinct puzzle chips of its own set."""
    chip_ids = [c.id for c in s.puzzle_chips]
    for bank in s.recommended_banks:
        path = ("recommended_bank", bank.id)
        for chip_id in bank.chips:
            if chip_id not in chip_ids:
                where.add(
                    path,
                    "chips",
                    f"names {chip_id!r}, which is not a puzzle chip of {s.id!r}",
                    suggest(chip_id, chip_ids),
                )
        repeated = sorted(c for c, n in Counter(bank.chips).items() if n > 1)
        if repeated:
            where.add(path, "chips", f"names {', '.join(repeated)} more than once")
        if len(bank.chips) != BANK_SIZE:
            where.add(path, "chips", f"has {len(bank.chips)} chips, a bank has {BANK_SIZE}")


def check_starting_bag(s: PuzzleStrikeSet, where: Locator) -> None:
    """The starting bag takes chips from stacks that exist."""
    stack_ids = [st.id for st in s.stacks]
    for spare in s.spares:
        if spare not in stack_ids:
            where.add(
                (),
                "spares",
                f"names {spare!r}, which is not a bank stack",
                suggest(spare, stack_ids),
            )
    for item in s.starting_bag.stacks:
        if item.stack not in stack_ids:
            raw = where.raw()
            bag = raw.get("starting_bag", {})
            where.problems.add(
                field_file(bag, "stack") if isinstance(bag, dict) else str(raw.get(FILE_KEY)),
                f"{where.set_label} > starting_bag",
                "stack",
                f"names {item.stack!r}, which is not a bank stack",
                suggest(item.stack, stack_ids),
            )


def check_flash_duel(s: FlashDuelSet, where: Locator) -> None:
    """Check Flash Duel: ids, board and track, abilities, loyalty cards and tables."""
    check_unique_ids(s.characters, "character", where)
    check_unique_ids(s.dragon_abilities, "dragon_ability", where)
    check_unique_ids(s.track_cards, "track_card", where)
    check_unique_ids(s.loyalty_cards, "loyalty_card", where)
    check_unique_ids(s.modes, "mode", where)
    check_unique_ids(s.bots, "bot", where)
    check_unique_ids(s.achievements, "achievement", where)
    for character in s.characters:
        check_unique_ids(character.abilities, "ability", where, "character", character.id)
        if len(character.abilities) != ABILITIES_PER_CHARACTER:
            where.add(
                ("character", character.id),
                "ability",
                f"has {len(character.abilities)} abilities, "
                f"a character has {ABILITIES_PER_CHARACTER}",
            )
    check_board(s, where)
    traitors = sum(c.count for c in s.loyalty_cards if c.side == "traitor")
    if s.loyalty_cards and traitors != 1:
        where.add((), "loyalty_card", f"has {traitors} traitor cards, Betrayal needs exactly 1")
    for mode in s.modes:
        if mode.min_players > mode.max_players:
            where.add(("mode", mode.id), "min_players", "is more than max_players")
    bots = [b.id for b in s.bots]
    for achievement in s.achievements:
        if achievement.bot not in bots:
            where.add(
                ("achievement", achievement.id),
                "bot",
                f"names {achievement.bot!r}, which is not a bot",
                suggest(achievement.bot, bots),
            )
    mortals = [r.mortals for r in s.raid]
    if len(set(mortals)) != len(mortals):
        where.add((), "raid_row", "lists the same number of mortals twice")


def check_board(s: FlashDuelSet, where: Locator) -> None:
    """Spaces named anywhere exist, and the track cards cover the board in order."""
    board = s.board
    spaces = range(1, board.spaces + 1)
    for fld, values in (("start_spaces", board.start_spaces), ("dark_spaces", board.dark_spaces)):
        outside = [v for v in values if v not in spaces]
        if outside:
            where.add((), "board", f"{fld} {outside} are not spaces 1..{board.spaces}")
    laid = [space for card in s.track_cards for space in card.spaces]
    if s.track_cards and laid != list(spaces):
        where.add(
            (),
            "track_card",
            f"the cards' spaces {laid} do not run 1..{board.spaces} in order",
            "list each card's spaces so that laid end to end they cover the board once",
        )


def check_shadowfist(s: ShadowfistSet, where: Locator) -> None:
    """Check Shadowfist: unique ids in every list."""
    check_unique_ids(s.card_types, "card_type", where)
    check_unique_ids(s.turn, "phase", where)
    check_unique_ids(s.attack_steps, "attack_step", where)
    check_unique_ids(s.combat_steps, "combat_step", where)
    check_unique_ids(s.victory, "victory", where)
    check_unique_ids(s.counters, "counter", where)


CHECKS: dict[str, Callable[[Any, Locator], None]] = {
    PuzzleStrikeSet.SCHEMA: check_puzzle_strike,
    FlashDuelSet.SCHEMA: check_flash_duel,
    ShadowfistSet.SCHEMA: check_shadowfist,
}
