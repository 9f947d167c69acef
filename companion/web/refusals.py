"""The web layer's refusals (a body of the wrong shape, a missing CSRF header, a seat, a
tournament's or the club's request that does not fit), as word keys with {slots}: a phone
shows each in its own language (Japanese in static/refusals.js), the API answers the English
beside it."""

from __future__ import annotations

from companion.game.errors import Refusals, said_of
from companion.web.errors import ApiError

REFUSE = Refusals(
    {
        # errors.py: what Werkzeug refuses before any view
        "api_http_404": "not found",
        "api_http_405": "method not allowed here",
        "api_http_413": "request too large (at most 32 KB)",
        "api_http_400": "bad request",
        # common.py: bodies, addresses, CSRF, seats
        "api_not_json_constant": "the body contains {name}, which is not JSON: send a number",
        "api_send_json": "send JSON (Content-Type: application/json)",
        "api_bad_json": "the body is not valid JSON",
        "api_json_object": "the body must be a JSON object",
        "api_too_deep": "the body nests deeper than {most} levels (at {where})",
        "api_surrogate": "{where} holds a lone surrogate: send valid Unicode text",
        "api_nul": "{where} holds a NUL character (U+0000): remove it",
        "api_not_finite": "{where} is not a finite number",
        "api_too_large": "{where} is too large a number (the API's numbers are small)",
        "api_nul_address": "the address holds a NUL character (U+0000): check the link",
        "api_csrf": "missing or wrong X-CSRF-Token header (reload the page)",
        "api_seat_number": "'seat' must be a seat number (0 for the first seat)",
        "api_no_seat": "this match has no seat {seat} (it has {seats})",
        # matches.py: seats, hand-over, writes
        "api_own_seat_only": "at a tournament table each phone holds its own seat only",
        "api_hand_over_seated": "only a seated player can hand a seat to a new phone",
        "api_hand_over_organiser": "at a tournament table only the organiser hands a seat to a "
        "new phone: ask them (their page has a 'New phone' button per seat)",
        "api_secret_held": "{owner} holds {held} that no other phone may see yet: only "
        "{owner}'s own phone can hand this seat over until it is revealed (what {owner} holds "
        "stands meanwhile, so the game goes on)",
        "api_base_version": "'base_version' must be the version the phone last saw",
        "api_idempotency_key": "'idempotency_key' must be 8 to 100 visible ASCII characters",
        "api_undo_target": "'target' must be the log position the undo button named",
        "api_action_object": '\'action\' must be an object, e.g. {{"type": "ante"}}',
        "api_seated_only": "only a seated player can change the table (join first)",
        # rooms.py, drafts.py
        "api_kind": "'kind' must be one of the known kinds, e.g. \"shadowfist\"",
        "api_not_draft": "this is not a draft room",
        "api_draft_no_seat": "this draft has no seat {seat}",
        "api_no_picks": "{player} has not picked anything yet",
        "api_carry_seated": "only a player seated in the draft can carry it into a match",
        "api_draft_finish": "finish the draft first",
        "api_round_over": "this tournament round is over: the organiser records its result",
        # banks.py: the bank randomizer page
        "api_sets_list": "'sets' must be a list of set ids",
        "api_seed_63": "'seed' must be a whole number from 0 to 2**63 - 1",
        "api_bank_players": "'players' must be 2, 3, 4 or \"2v2\"",
        "api_bank_code": "{problem}",
        "api_slot": "'slot' must name the chip to replace",
        "api_no_set": "no Puzzle Strike set '{set}'",
        # tournaments: entries, rounds, results, tables
        "api_organiser_only": "only the organiser's link can change the tournament",
        "api_players_list": "'players' must be a list of names",
        "api_fd_one_by_one": "Flash Duel: add players one by one with their characters",
        "api_seed_31": "'seed' must be a whole number from 0 to 2**31 - 1",
        "api_character_id": "'character' must be a character id, one of {known}",
        "api_character_one_of": "'character' must be one of {known}",
        "api_name": "'name' must be the player's name",
        "api_entered": "this phone has already entered as {name}",
        "api_player_action": "the action must be approve, drop or reenter",
        "api_games": "'{key}' must be a whole number of games, 0 or more",
        "api_round": "'round' must be the number of the round to start",
        "api_paper": "'paper' must be one of {papers}",
        "api_round_not_started": "round {round} has not started",
        "api_no_table_match": "round {round} has no table {table} with a match",
        "api_take_back_target": "'target' must be the position of the action to take back",
        "api_report_players": "only the table's players report its score, from the phone that "
        "holds their seat or entered them",
        # club: profiles, confirm codes, the admin, pages
        "api_club_no_profile": "this phone has no player profile: make one on /club/me, or add "
        "this phone with the code your first phone shows",
        "api_club_has_profile": "this phone has a profile already: rename it through the admin",
        "api_true_false": "'{name}' must be true or false",
        "api_club_seat": "'seat' must be the number of a seat no phone holds",
        "api_club_into": "'into' must be the id of the profile to keep",
        "api_club_game": "no rated game '{game}' (rated: {games})",
        "api_club_season": "'season' must be a season of this club, 1 to {most}",
        "api_club_export": "no export '{table}': players, matches or ratings",
        "api_club_tournament": "no tournament '{tournament}' here",
        "api_club_hidden": "this player keeps their profile hidden",
    }
)
"""Every refusal of the web layer: word key -> English text."""


def refused(status: int, key: str, /, **args: str | int) -> ApiError:
    """Return the API's refusal ``key`` answered with this status (raise it).

    :raises KeyError: for a key the table does not have.
    """
    text, said = REFUSE.say(key, **args)
    return ApiError(status, text, said=said)


def relayed(status: int, error: BaseException, **extra: object) -> ApiError:
    """Return an answer with this status saying another error, with its word key if it has
    one (raise it)."""
    said = said_of(error)
    return ApiError(status, str(error), **extra, **({"said": said} if said else {}))
