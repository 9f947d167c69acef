"""The refusals of a Puzzle Strike table (the room and its bank), as word keys with {slots}:
a phone shows each in its own language (Japanese in static/refusals.js), as the history does.
"""

from __future__ import annotations

from companion.game.errors import Refusals
from companion.game.puzzle_strike.formats import BETWEEN_RULES

REFUSE = Refusals(
    {
        "ps_clockwork_all": "every player needs a Clockwork character",
        "ps_clockwork_chips": "{player}'s Clockwork character must be 3 character chips of the set",
        "ps_not_a_player": "'{actor}' is not a player of this match",
        "ps_no_game": "no game is being played (the match is {phase})",
        "ps_one_of_players": "'{field}' must be one of {players}",
        "ps_ante_turn": "{actor} cannot ante: it is {turn}'s turn",
        "ps_end_other_turn": "{actor} cannot end {turn}'s turn",
        "ps_no_ante": "{turn} has not anted this turn: the turn starts with the ante "
        "(a {gem}-gem); ante first, or confirm ending the turn without it",
        "ps_not_gem_action": "{action} is not a gem action",
        "ps_choose_at_start": "characters are chosen at the start of the match",
        "ps_character_one_of": "'character' must be one of {allowed}",
        "ps_wait_rechoose": "waiting for {who} to choose again",
        "ps_character_taken": "{character} is taken: choose another character",
        "ps_clockwork_kept": "the Clockwork characters were drafted: they are not chosen again",
        "ps_restart_first_game": "characters can be chosen again only during the first game",
        "ps_already_agreed": "{actor} has already agreed to choose again",
        "ps_rematch_when_over": "a rematch starts once the match is over",
        "ps_clockwork_switch": "a drafted Clockwork character cannot be switched for another",
        "ps_character_of_set": "'character' must be a character of the match's set",
        "ps_losers_between": "the loser's choice comes between games",
        "ps_no_match": "no match in progress",
        "ps_no_gem": "{who} has no {gem}-gem to spare (the pile holds {have})",
        "ps_not_at_table": "'{player}' is not at this table ({seats})",
        "ps_names": "every player needs a different, non-empty name",
        "ps_mode_players": "{mode} is for {counts} players, not {n}",
        "ps_edition": "edition must be 2 or 3, not {edition}",
        "ps_game_over": "the game is over: {winners} won",
        "ps_forfeit_turn": "{player} can forfeit only on their own turn; it is {turn}'s",
        "ps_bank_ten": "the bank must be 10 different puzzle chips of the match's sets",
        "ps_stack_one_of": "'stack' must be one of the bank's stacks, not '{stack}'",
        "ps_buy_turn": "{actor} cannot buy: it is {turn}'s turn",
        "ps_buy_empty": "{stack} is empty: nothing left to buy there",
        # gems.py: ante, combine, crash, counter-crash, landing
        "ps_no_such_gem": "there is no {gem}-gem",
        "ps_anted": "{player} has already anted this turn",
        "ps_combine_over": "{player} cannot combine a {a}-gem and a {b}-gem: the total {total} "
        "is over {most}",
        "ps_crash_turn": "{player} can crash only on their own turn; it is {turn}'s",
        "ps_crash_count": "a crash breaks 1 gem (Crash Gem) or 2 (Double Crash Gem), not {n}",
        "ps_crash_next": "2nd edition: {player}'s crashes go to the next player, {following}",
        "ps_crash_whom": "{player} must choose whom to crash at: {opponents}",
        "ps_crash_target": "{player} cannot send gems to '{target}': not an opponent still in",
        "ps_in_the_air": "{n} gem(s) from {sender} are on their way to {target}: counter-crash "
        "them or let them land first",
        "ps_no_send": "there is no send to counter-crash",
        "ps_unstoppable": "{player} cannot counter-crash: {sender} crashed a 4-gem",
        "ps_not_reacting": "{player} cannot react to {sender}'s send to {target}",
        "ps_counter_count": "a counter-crash breaks 1 or 2 gems, not {n}",
        "ps_no_gems_in_air": "there are no gems in the air",
        "ps_land_decides": "{player} cannot let {sender}'s gems land: only {deciders} decides "
        "now whether to counter-crash them",
        "ps_land_decide": "{player} cannot let {sender}'s gems land: only {deciders} decide now "
        "whether to counter-crash them",
        # match.py: the blind choice, the match and the loser's choice between games
        "ps_not_choosing": "'{player}' is not choosing here ({players})",
        "ps_wait_choosing": "waiting for {waiting} to choose",
        "ps_match_names": "a match needs two or more players with different names",
        "ps_no_character": "no character for {missing}",
        "ps_bank_stacks": "the bank must hold 10 different puzzle stacks",
        "ps_match_over": "the match is over: {winner} won",
        "ps_wait_between": "waiting for {player}'s between-games choice",
        "ps_finishing_order": "give every player once (a 2 vs 2 team as one), winner first: "
        "{sides}",
        "ps_no_choice_owed": "{player} has no choice to make now (waiting for: {owed})",
        "ps_no_choice_nobody": "{player} has no choice to make now (waiting for: nobody)",
        "ps_reroll_ten": "a re-rolled bank must hold 10 different stacks",
        "ps_swap_out": "{stack} is not in the bank",
        "ps_swap_in_bank": "{stack} is already in the bank",
        "ps_swap_not_of_sets": "{stack} is not a stack of this match's sets",
        "ps_swapped_match": "{stack} was switched out this match and cannot come back",
        "ps_swapped_games": "{stack} was switched out between these games and cannot come back",
        **{f"ps_between_{r.id.replace('-', '_')}": r.refused for r in BETWEEN_RULES},
        # panic.py
        "ps_panic_players": "Puzzle Strike is for 2 to 4 players, not {n}",
        "ps_panic_empty": "a bank cannot have {n} empty stacks",
        # bank.py, bank_json.py, sets.py: the bank randomizer (its page and the tables' banks)
        "ps_unknown_set": "unknown set '{set}' (known: {known})",
        "ps_bank_no_set": "choose at least one set, e.g. base-3e",
        "ps_bank_share": "sets '{one}' and '{other}' share the chip '{chip}' (two editions of "
        "the same box?); choose one of them",
        "ps_chip_several": "'{text}' matches several chips: {chips}",
        "ps_no_chip_close": "no puzzle chip '{text}' in these sets (did you mean '{close}'?)",
        "ps_no_chip": "no puzzle chip '{text}' in these sets",
        "ps_bank_none_without": "no bank of 10 chips satisfies these options: {option} leaves "
        "no bank (without it, {count} banks)",
        "ps_bank_none": "no bank of 10 chips satisfies these options ({options})",
        "ps_bank_pool_small": "no bank of 10 chips satisfies these options (the pool is too small)",
        "ps_bank_limit": "{option} must be between 0 and {most}, got {value}",
        "ps_bank_attacks": "at least {least} attacks and at most {most} cannot both hold",
        "ps_bands_most": "at most 8 cost bands",
        "ps_band_empty": "cost band {low}-{high} is empty (low above high)",
        "ps_bands_overlap": "cost bands {one} and {other} overlap",
        "ps_pin_excluded": "{chip} is both pinned and excluded",
        "ps_pin_twice": "{chip} is pinned twice",
        "ps_pins_many": "{n} chips pinned; a bank has {size}",
        "ps_bank_chips": "a bank is {size} different chips of its sets, not {keys}",
        "ps_no_replacement": "no other chip can replace {chip} under this bank's options",
        "ps_no_recommended": "set '{set}' has no recommended bank '{name}' (it has: {names})",
        "ps_chip_names": "'{key}' must be a list of chip names",
        "ps_whole": "'{key}' must be a whole number",
        "ps_bands_shape": "'cost_bands' must be a list of [low, high] pairs, e.g. [[1, 2], [3, 4]]",
        # setup.py: a new table
        "ps_gems_field": "'gems' must list 1 or 2 gem values, e.g. [3]",
        "ps_first_field": "'first' must be true (play first) or false (play second)",
        "ps_mode_one_of": "'mode' must be one of {modes}",
        "ps_sets_list": "'sets' must be a list of set ids",
        "ps_code_sets": "the bank code is for other sets than 'sets'",
    }
)
"""Every refusal of the room and the bank: word key -> English text."""
