"""The refusals of a Shadowfist table (``room`` and ``rules``), as word keys with {slots}: a
phone shows each in its own language (Japanese in static/refusals.js).
"""

from __future__ import annotations

from companion.game.errors import Refusals

REFUSE = Refusals(
    {
        "sf_seats": "a Shadowfist table seats 2 to {most} players",
        "sf_player_one_of": "'player' must be one of {players}",
        "sf_over": "the game is over: {winner} won",
        "sf_no_site": "{who} controls no Feng Shui Site",
        "sf_moved_on": "the table has already moved on (turn {turn_no}: {turn}, step {step}): "
        "nothing was skipped",
        "sf_power_once": "power is generated once a turn, at the step '{step}'",
        "sf_site_own_turn": "{who} plays a Feng Shui Site on their own turn (it is {turn}'s)",
        "sf_site_main_shot": "sites are played in the Main Shot, not at '{step}'",
        "sf_one_site": "one Feng Shui Site per turn: {who} has played one this turn",
        "sf_attacker_takes": "only the attacker seizes or burns a site, on their own turn "
        "(it is {turn}'s)",
        "sf_attack_main_shot": "sites are attacked in the Main Shot, not at '{step}'",
        "sf_take_other": "take a site from another player",
        "sf_start_first_step": "a turn is started at its first step ('{step}'); go on step by "
        "step from here",
        "sf_no_rules": "the catalog has no Shadowfist rules",
        "sf_no_step": "the catalog's turn has no '{step}' step",
        "sf_players_names": "Shadowfist needs 2 or more players with different names",
        "sf_negative_sites": "a player cannot control fewer than 0 sites",
        "sf_two_players": "Shadowfist needs 2 or more players",
        "sf_spend_positive": "spend a positive amount",
        "sf_power_short": "{who} has {power} power, not {amount}",
    }
)
"""Every refusal of a Shadowfist table: word key -> English text."""
