"""The refusals of a Flash Duel table's moves and answers (``track`` and ``combat``), as word
keys with {slots}: a phone shows each in its own language (Japanese in static/refusals.js).
"""

from __future__ import annotations

from companion.game.errors import Refusals

REFUSE = Refusals(
    {
        "fd_round_over_first": "the round is over: the losing side chooses who goes first",
        "fd_answer_first": "{targets} must answer the {strike} first",
        "fd_not_your_turn": "it is {turn}'s turn, not {player}'s",
        "fd_recovering": "{player} is recovering after a retreat: end the turn",
        "fd_acted": "{player} has made this turn's action (one move, push, attack or dashing "
        "strike a turn): end the turn",
        "fd_no_opponent": "no opponent is standing",
        "fd_not_opponent": "{name} is not a standing opponent of {me}",
        "fd_cannot_block": "{attacker}'s {ability}: the {strike} cannot be blocked",
        "fd_cannot_retreat": "{attacker}'s {ability}: the {strike} cannot be retreated",
        "fd_no_attack_answer": "there is no attack to answer",
        "fd_not_attacked": "{who} is not being attacked",
        "fd_block_same": "{target} blocks {strike} with the very same cards, not {shown}",
        "fd_block_missing": "{player} blocks {strike} with the very same cards: {missing} "
        "missing (block with all of them, or take the hit)",
        "fd_no_attack_block": "there is no attack to block",
        "fd_recovering_block": "{player} is recovering and cannot dashing block",
        "fd_block_teammate": "{player} can dashing block only for a teammate",
        "fd_retreat_dash": "retreat only from a dashing strike, not from an attack",
        "fd_space": "'space' must be 1 to {spaces}",
        "fd_ability_in_round": "abilities are played during a round",
        "fd_not_hit_ability": "'{ability}' is no ability whose effect is a hit",
        "fd_hit_which": "{ability} hits an opponent exactly {distance} spaces away: name which one",
        "fd_hit_none": "{ability} hits an opponent exactly {distance} spaces away: none is",
        "fd_push_adjacent": "{pusher} can push only when adjacent to {victim}",
        "fd_attack_card": "an attack needs at least one card",
        "fd_attack_gap": "{enemy} is {gap} spaces away: attack with {gap}s, not {wrong}",
        "fd_dash_adjacent": "{me} is adjacent to {ahead}: no dashing strike from there",
        "fd_retreat_edge": "{me} is at the edge of the board and cannot retreat",
        "fd_mate_not_ahead": "{mate} is not ahead of {blocker}",
        "fd_dash_miss": "a dash of {dash} takes {blocker} to space {at}, not to {mate}'s space "
        "{space}",
    }
)
"""Every refusal of the moves and answers: word key -> English text."""
