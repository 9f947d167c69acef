"""The refusals of a Flash Duel table (``track``, ``combat``, ``rounds``, ``choosing``,
``raid``), as word keys with {slots}: a phone shows each in its own language (Japanese in
static/refusals.js).
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
        "fd_turn_ended": "that turn has already ended: it is turn {turn} now",
        "fd_reshuffle_first": "the draw pile ran out: {dragon} reshuffles the discards first",
        "fd_round_over": "the round is over",
        "fd_count_back": "'count' must be 1 to {most} cards (less than 0: put back)",
        "fd_count": "'count' must be 1 to {most} cards",
        "fd_cards_left": "{n} cards are still in the draw pile",
        "fd_hands_missing": "'hands' needs the cards of {missing} (a list each)",
        "fd_between_rounds": "that is done between rounds",
        "fd_loser_chooses": "{chooser}'s side lost the round and chooses",
        "fd_swap_clockwork": "only Custom Clockwork swaps abilities between rounds",
        "fd_swap_draw": "the round was a draw: no one lost it, so no one swaps",
        "fd_swap_winner": "{player} won the round and keeps the same abilities",
        "fd_swap_own": "{player} swaps their own abilities, not {actor}",
        "fd_swapped": "{player} already swapped one ability before this round",
        "fd_switch_team": "only Team Battle teams switch who is p1 and who is p2",
        "fd_choose_before": "characters are chosen before the first round",
        "fd_no_choice_here": "{player} does not choose a character here",
        "fd_no_character": "no Flash Duel character '{character}' (known: {known})",
        "fd_choose_own_phone": "{player} chooses in secret, on {player}'s own phone",
        "fd_team_picks": "{player}'s team picks for {player}, not {actor}",
        "fd_picked": "{player} has picked already",
        "fd_team_turn": "team {side} picks now ({names}), then the other team",
        "fd_betrayal_mortals": "Betrayal needs exactly {n} mortals",
        "fd_raid_mortals": "a Raid is for {counts} mortals, not {n}",
        "fd_names_differ": "every player needs a different name",
        "fd_betrayal_players": "Betrayal needs exactly {n} players, Dragon included",
        "fd_not_mortal": "'{player}' is not one of the mortals",
        "fd_defeated": "{player} has been defeated",
        "fd_accuser_traitor": "{accuser} revealed as the traitor and is no longer one of the "
        "mortals",
        "fd_accuse_self": "a mortal cannot accuse themselves",
        "fd_card_known": "{accused}'s card is already known",
        "fd_dragon_reveals": "the Dragon reveals with dragon_reveal",
        "fd_not_traitor": "{player} is not the traitor",
        "fd_revealed": "{player} has already revealed",
        "fd_name_others": "the traitor names other mortals' hands",
        "fd_dragon_not_traitor": "the Dragon does not hold the traitor card",
        "fd_dragon_revealed": "the Dragon has already revealed",
    }
)
"""Every refusal of the table: word key -> English text."""
