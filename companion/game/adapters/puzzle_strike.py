"""The Puzzle Strike table (``companion.game.table``) under the room contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.game import table
from companion.game.adapters import action_json, action_mapping
from companion.game.bank import BankError, BankSampler, options_from_json, recommended_bank
from companion.game.errors import IllegalMove, InvalidSetup
from companion.game.gems import Mode
from companion.game.names import parse_players
from companion.game.rooms import Rules
from printkit.catalog import Catalog
from printkit.catalog.bankcode import BankCodeError, decode_bank


def set_ids(data: Mapping[str, Any], catalog: Catalog) -> list[str]:
    """Read 'sets' (default: base 3rd edition).

    :raises InvalidSetup: when it is not a list of text; IllegalMove for an unknown set.
    """
    sets = data.get("sets") or ["base-3e"]
    if not isinstance(sets, list) or not all(isinstance(s, str) for s in sets):
        raise InvalidSetup("'sets' must be a list of set ids")
    known = [s.id for s in catalog.puzzle_strike_sets()]
    unknown = [s for s in sets if s not in known]
    if unknown:
        raise IllegalMove(f"unknown set {unknown[0]!r} (known: {', '.join(known)})")
    return sets


def mode_of(data: Mapping[str, Any], players: int) -> Mode:
    """Read 'mode' (default: two-player for 2, else free-for-all)."""
    raw = data.get("mode", "two-player" if players == 2 else "free-for-all")
    try:
        return Mode(raw)
    except ValueError:
        raise InvalidSetup(f"'mode' must be one of {', '.join(m.value for m in Mode)}") from None


def setup_from_request(data: Mapping[str, Any], catalog: Catalog, seed: int) -> table.Setup:
    """Read a new match's setup: players, mode, sets, the first bank, mirrors.

    :raises InvalidSetup: for a field of the wrong shape; IllegalMove for unknown sets or banks.
    """
    players = parse_players(data, 2, 4)
    mode = mode_of(data, len(players))
    sets = set_ids(data, catalog)
    editions = {s.id: s.edition for s in catalog.puzzle_strike_sets()}
    return table.Setup(
        players,
        mode,
        min(editions[s] for s in sets),
        tuple(sets),
        tuple(bank_for(data, sets, seed, catalog)),
        sets[0],
        seed,
        bool(data.get("mirrors", False)),
    )


def bank_for(
    data: Mapping[str, Any], sets: Sequence[str], seed: int, catalog: Catalog
) -> list[str]:
    """Return the first game's bank: from a code, a recommended bank, or drawn at random.

    :raises IllegalMove: for a bad code, an unknown recommended bank or impossible options.
    """
    try:
        if isinstance(data.get("bank_code"), str):
            code_sets, chips = decode_bank(catalog, data["bank_code"])
            if sorted(code_sets) != sorted(sets):
                raise IllegalMove("the bank code is for other sets than 'sets'")
            return [c.key for c in chips]
        if isinstance(data.get("recommended"), str):
            return [c.key for c in recommended_bank(catalog, sets[0], data["recommended"]).chips]
        options = options_from_json(dict(data))
        return [c.key for c in BankSampler(catalog, sets, options).draw(random.Random(seed))]
    except (BankError, BankCodeError) as exc:
        raise IllegalMove(str(exc)) from None


def players_of(setup: table.Setup) -> tuple[str, ...]:
    """Return the seats' names."""
    return setup.players


def to_json(setup: table.Setup) -> dict[str, Any]:
    """Return the setup as stored."""
    return setup.to_json()


def describe(action: Mapping[str, Any], actor: str, after: table.State) -> str:
    """Say an action in one history line."""
    return table.describe(action, actor, after)


RULES: Rules[table.Setup, table.State, Mapping[str, Any]] = Rules(
    kind=table.KIND,
    setup_from_request=setup_from_request,
    setup_from_json=table.Setup.from_json,
    setup_to_json=to_json,
    players=players_of,
    parse_action=action_mapping,
    action_to_json=action_json,
    start=table.start,
    apply=table.apply,
    view=table.view,
    describe=describe,
)
