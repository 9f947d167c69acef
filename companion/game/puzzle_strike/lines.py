"""The history line of each Puzzle Strike action, in word keys (Japanese in history.js, with
seed 003's terms).

The rules (``room``, ``gems``, ``match``) never render; this module reads the state right after
an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.game.history import Line, Phrases, with_names
from companion.game.puzzle_strike import bank_play, gems
from companion.game.puzzle_strike.actions import (
    Action,
    AddGem,
    Ante,
    Buy,
    Choose,
    Combine,
    Counter,
    Crash,
    EndTurn,
    Forfeit,
    Land,
    LoserOption,
    LosersChoice,
    MarkStack,
    Rematch,
    RemoveGem,
    RestartChoice,
)
from companion.game.puzzle_strike.piles import Ending

if TYPE_CHECKING:  # the lines read the room's state; the room never imports them
    from companion.game.puzzle_strike.room import State

SAY = Phrases(
    {
        "psh_chose": "{who} chose a character",
        "psh_chose_first": "{who} chose {character} and plays first",
        "psh_chose_second": "{who} chose {character} and plays second",
        "psh_revealed": "{who} chose a character. Characters revealed: {shown}",
        "psh_clash": "{who} chose a character. {keeper} and {other} both chose {character}: "
        "a coin flip gave {character} to {keeper}; {other} chooses another character and "
        "whether to play first or second",
        "psh_restart_agreed": "{who} agreed to choose characters again: everyone chooses again",
        "psh_restart_asks": "{who} asks to choose characters again (every player must agree)",
        "psh_ante": "{who} anted a {gem}-gem",
        "psh_combine": "{who} combined a {a}-gem and a {b}-gem into a {sum}-gem",
        "psh_crash": "{who} crashed a {a}-gem at {target}",
        "psh_crash2": "{who} crashed a {a}-gem and a {b}-gem at {target}",
        "psh_float": "; the gems float until {sender}'s pile is 9 or less",
        "psh_float_sent": "; {sender}'s floating gems are sent to {target}",
        "psh_counter": "{who} counter-crashed a {a}-gem",
        "psh_counter2": "{who} counter-crashed a {a}-gem and a {b}-gem",
        "psh_negated": ": {negated} negated",
        "psh_negated_back": ": {negated} negated, {rest} fly back at {to}",
        "psh_negated_back1": ": {negated} negated, 1 flies back at {to}",
        "psh_negated_land": ": {negated} negated, {rest} land on {to}",
        "psh_negated_land1": ": {negated} negated, 1 lands on {to}",
        "psh_let_through": "{who} let the gems through; {waiting} may react",
        "psh_land": "{who} let the gems land",
        "psh_nobody_reacts": "{who}: nobody reacts; the gems land",
        "psh_add": "{who} put a {gem}-gem in {player}'s pile",
        "psh_add_own": "{who} put a {gem}-gem in their own pile",
        "psh_remove": "{who} took a {gem}-gem from {player}'s pile",
        "psh_remove_own": "{who} took a {gem}-gem from their own pile",
        "psh_end_without_ante": "{who} ended the turn without the ante",
        "psh_end": "{who} ended the turn",
        "psh_end_tiebreak_next": "{who} ended the turn at {total}; tie-break: {next} takes one "
        "more turn",
        "psh_end_tiebreak": "{who} ended the turn at {total}. Tie-break: {tied} tie for the "
        "lowest pile at {at}; each takes one more turn, {next} first",
        "psh_end_tiebreak_again": "{who} ended the turn at {total}. Tie-break again: {tied} tie "
        "for the lowest pile at {at}; each takes one more turn, {next} first",
        "psh_forfeit": "{who} forfeited the game",
        "psh_buy": "{who} bought {stack}",
        "psh_buy_last": "{who} bought the last {stack}: the stack is empty",
        "psh_level_2": "Panic Time starts: everyone antes a 2-gem from now on",
        "psh_level_3": "Danger Time starts: everyone antes a 3-gem from now on",
        "psh_level_4": "Deadly Time starts: everyone antes a 4-gem from now on",
        "psh_mark_full": "{who} marked {stack} full",
        "psh_mark_empty": "{who} marked {stack} empty",
        "psh_mark_removed": "{who} marked {stack} removed (Into Oblivion)",
        "psh_switch": "{who} switched to {character}",
        "psh_swap": "{who} swapped {out} out of the bank for {into}",
        "psh_reroll": "{who} re-rolled the whole bank",
        "psh_keep": "{who} kept the characters and the bank",
        "psh_rematch": "{who} started a rematch: everyone chooses a character",
        "psh_game_overflow": "Game {n} to {winner} ({loser} ended a turn at 10 or more); "
        "score {score}",
        "psh_game_lowest": "Game {n} to {winner} ({loser} ended a turn at 10 or more; the lowest "
        "pile won); score {score}",
        "psh_game_last": "Game {n} to {winner} (the last player standing); score {score}",
        "psh_game_forfeit": "Game {n} to {winner} ({loser} forfeited); score {score}",
        "psh_match_won": "{winner} won the match",
        "psh_acted": "{who} acted",
    }
)
"""Every Puzzle Strike history line: word key -> English text."""

ENDINGS = {
    Ending.OVERFLOW: "psh_game_overflow",
    Ending.LOWEST_PILE: "psh_game_lowest",
    Ending.LAST_STANDING: "psh_game_last",
    Ending.FORFEIT: "psh_game_forfeit",
}


def describe(action: Action, actor: str, after: State) -> Line:
    """Say an action in one history line, with a game's result when it ended one, and the
    start of Panic, Danger or Deadly Time when it raised the level."""
    line = sentence(action, actor, after)
    if after.panic_from is not None:
        line = {**line, "then": [*line.get("then", []), level_line(after)]}
    if game_just_ended(action, after):
        line.setdefault("then", []).extend(result_lines(after))
    return line


def game_just_ended(action: Action, after: State) -> bool:
    """Return True when this action ended a game (the table shows its outcome)."""
    gem_moves = (EndTurn, Forfeit, Land, Counter, Crash, AddGem, RemoveGem)
    return (
        isinstance(action, gem_moves)
        and after.phase in ("between", "over")
        and after.table is not None
        and after.table.outcome is not None
    )


def level_line(after: State) -> Line:
    """Say the Panic level this action started (seed 000 line 276: the ante it asks)."""
    return SAY(f"psh_level_{after.panic.ante}")


def buy_line(actor: str, stack: str, after: State) -> Line:
    """Say a buy; the last chip of a stack says the stack is now empty."""
    key = "psh_buy_last" if bank_play.left(after, stack) == 0 else "psh_buy"
    return in_japanese(SAY(key, who=actor, stack=after.name(stack)), after, stack=stack)


def result_lines(after: State) -> list[Line]:
    """Say who won the game that just ended, why, and the match score (and the match)."""
    table, m = after.table, after.match
    if table is None or table.outcome is None or m is None:
        return []
    outcome = table.outcome
    score = ", ".join(f"{side} {n}" for side, n in m.score().items())
    lines = [
        SAY(
            ENDINGS[outcome.ending],
            n=len(m.results),
            winner=m.results[-1][0],
            loser=outcome.loser or "",
            score=score,
        )  # fmt: skip
    ]
    return lines + ([SAY("psh_match_won", winner=m.winner)] if m.winner else [])


def broken(key: str, values: tuple[int, ...], **args: str | int) -> Line:
    """Say gems broken for a crash or counter-crash: one gem, or two (the '2' key)."""
    if len(values) > 1:
        return SAY(key + "2", a=values[0], b=values[1], **args)
    return SAY(key, a=values[0], **args)


def sentence(action: Action, actor: str, after: State) -> Line:
    """Say what an action did, in words."""
    match action:
        case Choose(character, first):
            return choose_line(character, first, actor, after)
        case RestartChoice():
            agreed = after.phase == "choosing" and not after.restart_votes
            return SAY("psh_restart_agreed" if agreed else "psh_restart_asks", who=actor)
        case Ante():
            return SAY("psh_ante", who=actor, gem=after.panic.ante)
        case Combine(a, b):
            return SAY("psh_combine", who=actor, a=a, b=b, sum=a + b)
        case Crash(gems_, target):
            to = target or crash_target(actor, after)
            return with_floating(broken("psh_crash", gems_, who=actor, target=to), after)
        case Counter(gems_):
            return with_collision(broken("psh_counter", gems_, who=actor), after)
        case Land(everyone=True):
            return SAY("psh_nobody_reacts", who=actor)
        case Land():
            waiting = gems.deciding(after.table) if after.table else []
            if waiting:
                said = SAY("psh_let_through", who=actor, waiting=" or ".join(waiting))
                return with_names(said, waiting=waiting)
            return SAY("psh_land", who=actor)
        case AddGem(player, value):
            return pile_line("psh_add", actor, player, value)
        case RemoveGem(player, value):
            return with_floating(pile_line("psh_remove", actor, player, value), after)
        case EndTurn(without_ante):
            return end_turn_line(actor, without_ante, after)
        case Forfeit():
            return SAY("psh_forfeit", who=actor)
        case Buy(stack):
            return buy_line(actor, stack, after)
        case MarkStack(stack, state):
            line = SAY(f"psh_mark_{state.value}", who=actor, stack=after.name(stack))
            return in_japanese(line, after, stack=stack)
        case LosersChoice():
            return losers_line(action, actor, after)
        case Rematch():
            return SAY("psh_rematch", who=actor)
    return SAY("psh_acted", who=actor)


def in_japanese(line: Line, after: State, **keys: str) -> Line:
    """Give the line the catalog's Japanese names of the stacks in these slots (slot -> key)."""
    names = dict(after.names_ja)
    ja = {slot: names[key] for slot, key in keys.items() if key in names}
    return {**line, "ja": ja} if ja else line


def pile_line(key: str, actor: str, player: str, value: int) -> Line:
    """Say a gem put into or taken from a pile: 'their own' when it is the actor's."""
    if player == actor:
        return SAY(key + "_own", who=actor, gem=value)
    return SAY(key, who=actor, gem=value, player=player)


def end_turn_line(actor: str, without_ante: bool, after: State) -> Line:
    """Say an ended turn; a free-for-all tie-break round starting or going on is said too."""
    if without_ante:
        return SAY("psh_end_without_ante", who=actor)
    table = after.table
    if table is None or not table.tied or table.is_over or after.phase != "playing":
        return SAY("psh_end", who=actor)
    total = table.pile(actor).total
    if table.current != table.tied[0]:
        return SAY("psh_end_tiebreak_next", who=actor, total=total, next=table.current)
    key = "psh_end_tiebreak_again" if actor in table.tied else "psh_end_tiebreak"
    tied = " and ".join(table.tied)
    said = SAY(key, who=actor, total=total, tied=tied, at=table.tied_at, next=table.current)
    return with_names(said, tied=list(table.tied))


def with_collision(line: Line, after: State) -> Line:
    """Add what a counter-crash did: gems negated, and where the rest went."""
    hit = after.table.collision if after.table else None
    if hit is None:
        return line
    if hit.rest:
        key = "psh_negated_back" if hit.back else "psh_negated_land"
        key += "1" if hit.rest == 1 else ""
        said = SAY(key, negated=hit.negated, rest=hit.rest, to=hit.rest_to or "")
    else:
        said = SAY("psh_negated", negated=hit.negated)
    return {**line, "then": [said]}


def with_floating(line: Line, after: State) -> Line:
    """Add what happened to floating gems on this step: they float, or they are sent now.

    Only this step's last note of the table counts: an older one says nothing of this step.
    """
    table = after.table
    last = table.log[-1] if table and table.log else ""
    if table is not None and "floating gems are sent" in last and table.pending is not None:
        sent = table.pending
        return {**line, "then": [SAY("psh_float_sent", sender=sent.sender, target=sent.target)]}
    if table is not None and table.floating and table.pending is None and "float until" in last:
        said = SAY("psh_float", sender=table.floating[-1].sender)
        return {**line, "then": [said]}
    return line


def crash_target(actor: str, after: State) -> str:
    """Find whom an untargeted crash went to (the next player, or 2 vs 2's other team),
    though it landed at once (a 4-gem)."""
    table = after.table
    if table is None:
        return ""
    return table.crashed_at or next(iter(table.opponents(actor)), "")


def choose_line(character: str, first: bool | None, actor: str, after: State) -> Line:
    """Say a character choice without giving a secret away."""
    clash = after.clash
    if after.rechoose is not None and clash is not None:
        name = after.name(clash.character)
        return SAY("psh_clash", who=actor, keeper=clash.keeper, other=clash.rechoose,
                   character=name)  # fmt: skip
    if after.phase == "choosing":
        return SAY("psh_chose", who=actor)
    if first is not None:
        key = "psh_chose_first" if first else "psh_chose_second"
        return SAY(key, who=actor, character=after.name(character))
    shown = ", ".join(f"{p}: {after.name(c)}" for p, c in after.characters)
    return SAY("psh_revealed", who=actor, shown=shown)


def losers_line(action: LosersChoice, actor: str, after: State) -> Line:
    """Say the between-games choice."""
    if action.option is LoserOption.SWITCH:
        return SAY("psh_switch", who=actor, character=after.name(action.character or ""))
    if action.option is LoserOption.SWAP:
        out, into = after.name(action.out or ""), after.name(action.into or "")
        line = SAY("psh_swap", who=actor, out=out, into=into)
        return in_japanese(line, after, out=action.out or "", into=action.into or "")
    if action.option is LoserOption.REROLL:
        return SAY("psh_reroll", who=actor)
    return SAY("psh_keep", who=actor)
