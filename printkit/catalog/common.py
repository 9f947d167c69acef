"""What every catalog entry shares: ids and the unknown / uncertain marks."""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.catalog.schema import FieldProblem, meta

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def parse_slug(value: object, where: str) -> str:
    """Accept an id made of lower-case letters and digits joined by '-'."""
    if not isinstance(value, str) or not SLUG.match(value):
        raise FieldProblem(
            f"{value!r} is not a valid id", "use lower-case words joined by '-', e.g. 'draw-three'"
        )
    return value


@dataclass(frozen=True, kw_only=True)
class Entry:
    """Fields every catalog entry has."""

    id: str = meta(parse=parse_slug)
    """Stable identifier, unique within its list (lower-case, words joined by '-')."""
    unknown: tuple[str, ...] = meta(default=())
    """Fields no source states; they are left out and read as None."""
    uncertain: tuple[str, ...] = meta(default=())
    """Fields that only one source gives, or that were inferred."""
