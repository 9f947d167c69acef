"""The refusals shared by every game's setup (``names``: the players' names), as word keys
with {slots}: a phone shows each in its own language (Japanese in static/refusals.js).
"""

from __future__ import annotations

from companion.game.errors import Refusals

REFUSE = Refusals(
    {
        "gm_field_text": "'{key}' must be a text of 1 to {most} characters",
        "gm_field_player": "'{key}' must name a player",
        "gm_field_pool_item": "'{key}' must name an item of the pool",
        "gm_field_whole": "'{key}' must be a whole number from {low} to {high}",
        "gm_field_flag": "'{key}' must be true or false",
        "gm_field_one_of": "'{key}' must be one of {allowed}",
        "gm_unknown_action": "unknown action {action} (known: {known})",
        "gm_best_of": "'best_of' must be one of {shown} (games in the match), not {value}",
        "gm_fields_only": "'{action}' takes only {fields} (for the phone's own seat): remove "
        "{extra}",
        "gm_not_alone": "at a tournament table no phone does this alone: ask the organiser",
        "gm_players_shape": "'players' must list {low} to {high} different names of 1 to {most} "
        "characters",
        "gm_players_count": "'players' must list {low} to {high} names, not {n} ({low} to "
        "{high} different names of 1 to {most} characters)",
        "gm_players_same": "'players' must list {low} to {high} different names: {one} and "
        "{other} are the same name",
    }
)
"""Every refusal of a setup's names: word key -> English text."""
