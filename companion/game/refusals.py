"""The refusals shared by every game's setup (``names``: the players' names), as word keys
with {slots}: a phone shows each in its own language (Japanese in static/refusals.js).
"""

from __future__ import annotations

from companion.game.errors import Refusals

REFUSE = Refusals(
    {
        "gm_fields_only": "'{action}' takes only {fields} (for the phone's own seat): remove "
        "{extra}",
        "gm_not_alone": "at a tournament table no phone does this alone: ask the organiser",
        "gm_bad_name": "player name {name} {problem} (a name has 1 to {most} characters, all "
        "visible)",
        "gm_players_shape": "'players' must list {low} to {high} different names of 1 to {most} "
        "characters",
        "gm_players_count": "'players' must list {low} to {high} names, not {n} ({low} to "
        "{high} different names of 1 to {most} characters)",
        "gm_players_same": "'players' must list {low} to {high} different names: {one} and "
        "{other} are the same name",
    }
)
"""Every refusal of a setup's names: word key -> English text."""
