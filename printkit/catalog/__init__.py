"""The catalog: every game's components as typed, validated data read from ``data/``.

``load_catalog`` reads our data (and a user's overlay), checks it and returns a
:class:`Catalog`; the model classes of each game live in ``puzzle_strike``,
``flash_duel`` and ``shadowfist``; bank codes in ``bankcode``.
"""

from printkit.catalog.common import Entry
from printkit.catalog.flash_duel import (
    Ability,
    Achievement,
    Board,
    Bot,
    DuelCharacter,
    FlashDuelSet,
    LoyaltyCard,
    Mode,
    NumberedCards,
    RaidRow,
    TrackCard,
)
from printkit.catalog.loader import (
    BUILTIN_DATA,
    DATA_DIR_ENV,
    CatalogError,
    load_catalog,
    user_data_dir,
)
from printkit.catalog.models import SET_SCHEMAS, Catalog, Game, GameSet
from printkit.catalog.puzzle_strike import (
    BankStack,
    Character,
    CharacterChip,
    ChipFace,
    PuzzleChip,
    PuzzleStrikeSet,
    RecommendedBank,
    StackCount,
    StartingBag,
)
from printkit.catalog.shadowfist import (
    CardType,
    Counter,
    Phase,
    ShadowfistRules,
    ShadowfistSet,
    Step,
)

__all__ = [
    "BUILTIN_DATA",
    "DATA_DIR_ENV",
    "SET_SCHEMAS",
    "Ability",
    "Achievement",
    "BankStack",
    "Board",
    "Bot",
    "CardType",
    "Catalog",
    "CatalogError",
    "Character",
    "CharacterChip",
    "ChipFace",
    "Counter",
    "DuelCharacter",
    "Entry",
    "FlashDuelSet",
    "Game",
    "GameSet",
    "LoyaltyCard",
    "Mode",
    "NumberedCards",
    "Phase",
    "PuzzleChip",
    "PuzzleStrikeSet",
    "RaidRow",
    "RecommendedBank",
    "ShadowfistRules",
    "ShadowfistSet",
    "StackCount",
    "StartingBag",
    "Step",
    "TrackCard",
    "load_catalog",
    "user_data_dir",
]
