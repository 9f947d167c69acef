"""The store's refusals (tables, seats and hand-over, version conflicts, undo, tournaments and
their results, the club), as word keys with {slots}: a phone shows each in its own language
(Japanese in static/refusals.js), the API answers the English beside it."""

from __future__ import annotations

from companion.game.errors import Refusals

REFUSE = Refusals(
    {
        # matches.py: tables, version conflicts, tournament tables, undo
        "st_no_match": "no such match (check the link or the code)",
        "st_seat_moved": "{actor}'s seat was handed to a new phone: this phone no longer plays "
        "here (open the new link on the new phone)",
        "st_table_changed": "the table changed: look at it again and retry",
        "st_match_decided": "this tournament table's match is decided and its result is in the "
        "event: no rematch or new game here; the organiser corrects a wrong result on the "
        "event's page",
        "st_whose": "at a tournament table this is {whose}'s to do, from their own phone",
        "st_nothing_to_undo": "there is nothing to undo",
        "st_nothing_to_redo": "there is nothing to redo",
        "st_undo_moved": "that action is no longer the last one: undo would move '{line}'",
        "st_redo_moved": "that action is no longer the last one: redo would move '{line}'",
        "st_undo_final": "'{line}' is final: it cannot be taken back",
        "st_undo_other": "only {who}'s phone can take back '{line}': ask {who} to undo it",
        "st_undo_depth": "only the last action can be taken back here, once",
        "st_redo_other": "only {who}'s phone can bring back '{line}'",
        # seats.py: seats and hand-over
        "st_holds_seat": "this phone already holds {name}'s seat in this match",
        "st_no_seat": "this match has no seat {seat}",
        "st_seat_taken": "{name}'s seat is already taken",
        "st_seat_kept": "{name}'s seat at this tournament table is kept for {name}: take it "
        "with the link on their slip or their phone, or ask the organiser",
        "st_seat_handed": "{name}'s seat was handed to a new phone: use its own link",
        "st_no_seat_for": "the match has no seat for {name}",
        "st_seat_other_phone": "{name}'s seat in the match belongs to another phone",
        # tournaments.py, results.py, clients.py
        "st_no_tournament": "no such tournament (check the link)",
        "st_many_waiting": "{n} players are already waiting for the organiser: ask them to let "
        "players in first",
        "st_no_player": "no player {player} in this tournament",
        "st_player_status_approve": "player {player} is {status}: cannot approve",
        "st_player_status_drop": "player {player} is {status}: cannot drop",
        "st_player_status_reenter": "player {player} is {status}: cannot reenter",
        "st_swiss_over": "the Swiss rounds are over: nobody can enter now",
        "st_round_not_next": "round {round} cannot start: the next round is {next}",
        "st_round_started": "round {round} has already started",
        "st_not_your_table": "you do not play at table {table}",
        "st_result_in": "table {table} has its result (from the {source}): only the organiser "
        "changes it",
        "st_result_in_organiser": "table {table} has its result (from the organiser): only the "
        "organiser changes it",
        "st_result_in_table": "table {table} has its result (from the table): only the "
        "organiser changes it",
        "st_result_in_players": "table {table} has its result (from the players): only the "
        "organiser changes it",
        "st_too_many_open": "your address already has {have} open tournament tables (no result "
        "yet, active in the last {hours} h) and this round needs {n} more: at most {most}; "
        "enter the results of finished ones first",
        # club.py, club_codes.py, club_results.py, club_tournaments.py: the club
        "cl_admin_only": "only the club admin may do this: send the admin secret the server "
        "printed at its first start (`companion club admin-secret` makes a new one)",
        "cl_name_text": "'name' must be the player's name (text)",
        "cl_name_taken": "'{name}' is another player's name here: choose another",
        "cl_no_profile": "no player profile '{profile}' here (removed, or a wrong link)",
        "cl_device_code": "this device code was used already or has lapsed: show a new one on "
        "the first phone's player card",
        "cl_codes_seated": "only a phone seated at this table shows its confirm codes",
        "cl_seat_has_phone": "seat {seat} is not a seat without a phone: a seated player "
        "confirms on the phone holding the seat",
        "cl_profile_first": "make a player profile on this phone first, then open the code again",
        "cl_confirm_code": "this confirm code was used already or has lapsed: ask the table's "
        "phone for a new one",
        "cl_confirm_seated": "only a seated phone with a player profile confirms its own seat's "
        "result: make a profile on this phone first",
        "cl_confirmed_other": "this profile confirmed another seat of this match already: each "
        "seat is confirmed by its own player",
        "cl_casual_only": "only a casual table's result is confirmed this way; a tournament's "
        "counts once the organiser's result is final",
        "cl_not_ended": "this match has not ended (or its game is not rated): confirm it once a "
        "winner is known",
        "cl_bot": "a match against a bot is not rated: every side must be seated",
        "cl_merge_self": "a profile cannot be merged into itself: name two profiles",
        "cl_merge_opponents": "these two profiles played each other, so they are two people: "
        "they cannot be merged",
        "cl_link_entry": "link an entry from the phone that entered the tournament, with a "
        "player profile on it",
        "cl_seat_confirmed": "this seat was confirmed by another player already: a seat's "
        "confirmation stays its player's",
        "cl_linked_elsewhere": "your profile counts for another entry of this tournament "
        "(player {player}): one profile counts for one entry, as one person plays one",
        "cl_private_join": "this club's pages are private, so a new player cannot join from a "
        "phone: ask the club admin to make them public while you make your profile",
        "cl_merge_same_event": "these two profiles entered the same tournament, so they are two "
        "people: they cannot be merged",
    }
)
"""Every refusal of the store: word key -> English text."""
