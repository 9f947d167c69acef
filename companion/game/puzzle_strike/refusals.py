"""The refusals of a Puzzle Strike table (the room and its bank), as word keys with {slots}:
a phone shows each in its own language (Japanese in static/refusals.js), as the history does.
"""

from __future__ import annotations

from companion.game.errors import Refusals

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
    }
)
"""Every refusal of the room and the bank: word key -> English text."""
