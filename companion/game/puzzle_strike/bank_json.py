"""Bank options and banks as JSON: the web API's and the bank page's form (a parse edge)."""

from __future__ import annotations

from companion.game.puzzle_strike.bank import (
    Bank,
    BankError,
    BankOptions,
    CostBand,
    check_numbers,
)
from companion.game.puzzle_strike.refusals import REFUSE


def options_from_json(data: dict[str, object]) -> BankOptions:
    """Read bank options from JSON (the API's and the web page's form).

    :raises BankError: naming the field that is wrong.
    """

    def names(key: str) -> tuple[str, ...]:
        value = data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise REFUSE(BankError, "ps_chip_names", key=key)
        return tuple(value)

    def whole(key: str) -> int | None:
        value = data.get(key)
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise REFUSE(BankError, "ps_whole", key=key)
        return value

    bands = data.get("cost_bands") or []
    if not isinstance(bands, list) or not all(
        isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) for x in b) for b in bands
    ):
        raise REFUSE(BankError, "ps_bands_shape")
    max_attacks = 0 if data.get("no_attacks") is True else whole("max_attacks")
    options = BankOptions(
        exclude=names("exclude"),
        pin=names("pin"),
        max_attacks=max_attacks,
        min_attacks=whole("min_attacks") or 0,
        min_black_arrows=whole("min_black_arrows") or 0,
        cheap_cost=whole("cheap"),
        cost_bands=tuple(CostBand(b[0], b[1]) for b in bands),
    )
    check_numbers(options)
    return options


def bank_to_json(bank: Bank) -> dict[str, object]:
    """Describe a bank as JSON: code, seed, sets, stacks, valid banks, options, name."""
    return {
        "code": bank.code,
        "seed": bank.seed,
        "sets": list(bank.sets),
        "stacks": [
            {
                "id": c.chip.id,
                "key": c.key,
                "name": c.chip.name,
                "cost": c.chip.cost,
                "set": c.set_id,
                "banner": list(c.chip.banner or ()),
                "banner_icons": list(c.chip.banner_icons),
                "icons": [[i.name, i.count] for i in c.chip.icons or ()],
                "attack": c.chip.is_attack(),
            }
            for c in bank.chips
        ],
        "valid_banks": bank.valid_banks,
        "options": bank.options.describe(),
        "name": bank.name,
    }
