"""Every action whose result shows hidden information is final (issue #26, item 3): per game,
a walk through every action kind, checking ``is_final`` for each action that revealed
something. What counts as revealed is read from the rules' own ``secrets_held`` (a secret a
seat held before the action and no longer holds after it), so a secret added later is
covered without changing this test; a time-over shows the hands at the table (seed 002
l.113: "Both players reveal their hands") and is final too.
"""

from __future__ import annotations

from typing import Any

from companion.game.flash_duel import room as duel_room
from companion.game.flash_duel.actions import PARSERS, TimeOver, parse_action
from companion.game.rooms import Rules
from printkit.catalog import Catalog
from tests.fd_table import Table


def revealed(
    rules: Rules[Any, Any, Any], before: Any, after: Any, players: tuple[str, ...]
) -> bool:
    """Say whether an action took a secret out of some seat's hands (it is shown now)."""
    return any(
        set(rules.secrets_held(before, p)) - set(rules.secrets_held(after, p)) for p in players
    )


class Walk(Table):
    """A Flash Duel table that checks each action: one that revealed something is final."""

    def __init__(self, catalog: Catalog, seen: dict[str, int], **request: Any) -> None:
        super().__init__(catalog, **request)
        self.seen = seen

    def act(self, actor: str, **action: Any) -> Walk:
        before = self.state
        super().act(actor, **action)
        typed = parse_action(action)
        final = duel_room.RULES.is_final(typed, self.state)
        if revealed(duel_room.RULES, before, self.state, self.state.setup.players):
            assert final, f"{action} showed a secret but can be undone"
            self.seen[action["type"]] = self.seen.get(action["type"], 0) + 1
        if isinstance(typed, TimeOver):
            assert final, "a time-over shows the hands: it is final"
        self.seen.setdefault(action["type"], 0)
        return self


def other_of(table: Walk, name: str) -> str:
    """Return the other fighter of a 1 vs 1 table."""
    return next(p for p in table.state.setup.players if p != name)


def empty_the_pile(table: Walk) -> Walk:
    """The turn player draws until the last card is drawn (time-over)."""
    while table.state.deck > 0:
        table.act(table.view()["turn"], type="draw", count=min(10, table.state.deck))
    return table


def win_the_round(table: Walk) -> Walk:
    """The turn player attacks from the next space and the other takes the hit."""
    if table.state.current in table.state.recovering:
        table.act(table.state.current, type="end_turn")
    turn = table.view()["turn"]
    other = other_of(table, turn)
    table.place(**{turn: 9, other: 10})
    table.act(turn, type="attack", player=turn, target=other, cards=[1])
    return table.act(other, type="hit", player=other)


def next_round(table: Walk) -> Walk:
    """The round's loser names who goes first (after a drawn round, anyone: a coin)."""
    chooser = table.view()["chooser"] or table.state.setup.players[0]
    return table.act(chooser, type="first_player", player=chooser)


def one_vs_one(catalog: Catalog, seen: dict[str, int]) -> None:
    """Full Game, characters chosen in secret: every move, the pile, both time-overs, a
    whole game and a new one."""
    table = Walk(catalog, seen, seed=7, players=["Ana", "Ben"], rules=2)
    table.act("Ana", type="choose", character="grave")
    table.act("Ben", type="choose", character="rook")  # the reveal
    turn = table.view()["turn"]
    other = other_of(table, turn)
    table.place(**{turn: 10, other: 12})
    table.act(turn, type="attack", player=turn, target=other, cards=[2])
    table.act(other, type="block", player=other, cards=[2])
    table.act(turn, type="end_turn")
    table.act(other, type="move", player=other, card=1)
    table.act(other, type="end_turn")
    table.act(turn, type="push", player=turn, target=other, card=1)
    table.act(
        turn, type="use_ability", player=turn, ability=table.view()["abilities"][turn][0]["key"]
    )
    table.act(turn, type="end_turn")
    table.act(other, type="dash", player=other, target=turn, dash=1, cards=[1])
    table.act(turn, type="retreat", player=turn, card=2)
    table.act(other, type="draw", count=1, player=other)
    table.act(other, type="discard", count=1, player=other)
    table.act(other, type="end_turn")
    next_round(win_the_round(table))
    empty_the_pile(table)
    table.act("Ana", type="show_hand", cards=[3, 5])
    table.act("Ben", type="show_hand", cards=[])  # the last hand in: every hand is shown
    next_round(table)
    empty_the_pile(table)
    table.act("Ana", type="time_over", hands={"Ana": [1], "Ben": [2]})
    while table.view()["game_winner"] is None:
        if table.view()["round_over"]:
            next_round(table)
        win_the_round(table)
    table.act("Ana", type="new_game")


def abilities(catalog: Catalog, seen: dict[str, int]) -> None:
    """A hit by an ability (Jaina's Flame Arrow at exactly 6), and a Custom Clockwork swap."""
    table = Walk(catalog, seen, players=["Ana", "Ben"], characters={"Ana": "jaina", "Ben": "grave"})
    table.turn_to("Ana").place(Ana=3, Ben=9)
    table.act("Ana", type="ability_hit", player="Ana", ability="jaina/flame-arrow")
    fd = next(s for g in catalog.games for s in g.sets if g.id == "flash-duel")
    keys = [f"{c.id}/{a.id}" for c, a in fd.abilities() if a.is_known()][:12]
    drafted = {"Ana": keys[0:4], "Ben": keys[4:8]}
    table = Walk(catalog, seen, mode="custom-clockwork", players=["Ana", "Ben"],
                 clockwork=drafted, unused=keys[8:12])  # fmt: skip
    table.place(Ana=15).act("Ana", type="attack", player="Ana", target="Ben", cards=[3])
    table.act("Ben", type="hit", player="Ben")
    table.act("Ben", type="swap_ability", player="Ben", give=keys[5], take=keys[9])


def two_vs_two(catalog: Catalog, seen: dict[str, int]) -> None:
    """A dashing block, a round won by hitting both of a team, and a switch of order."""
    chars = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "midori"}
    table = Walk(catalog, seen, seed=7, mode="team-battle", players=["Ana", "Ben", "Cat", "Dan"],
                 characters=chars)  # fmt: skip
    table.place(Ana=8, Cat=3, Ben=11).turn_to("Ben")
    table.act("Ben", type="attack", player="Ben", target="Ana", cards=[3, 3])
    table.act("Cat", type="dashing_block", player="Cat", dash=5, cards=[3])
    table.act("Ana", type="block", player="Ana", cards=[3]).act("Ben", type="end_turn")
    for loser, winner in (("Ana", "Ben"), ("Cat", "Dan")):
        table.turn_to(winner).place(**{loser: 9, winner: 10})
        table.act(winner, type="attack", player=winner, target=loser, cards=[1])
        table.act(loser, type="hit", player=loser)
    table.act("Ana", type="switch_order", player="Ana")


def betrayal(catalog: Catalog, seen: dict[str, int], traitor_is_the_dragon: bool) -> None:
    """Accusations, the traitor's (or the Dragon's) reveal, the reshuffle and the time-over
    that ends the game."""
    players = ["Ana", "Ben", "Cat", "Dan", "Drake"]
    chars = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "midori"}
    for seed in range(100):
        table = Walk(catalog, seen, seed=seed, mode="betrayal", players=players, dragon="Drake",
                     characters=chars, rules=2)  # fmt: skip
        traitor = next(p for p in players if table.view(p)["loyalty"] == "traitor")
        if (traitor == "Drake") == traitor_is_the_dragon:
            break
    loyal = [p for p in players[:4] if p != traitor]
    table.act(loyal[1], type="accuse", accused=loyal[0])  # a loyal card shown: loyal[1] falls
    if traitor == "Drake":
        table.act("Drake", type="dragon_reveal")
    else:
        table.act(traitor, type="reveal", guesses=[[loyal[2], False]])
    while table.state.deck > 0 or table.state.reshuffle_due:
        if table.state.reshuffle_due:
            table.act("Drake", type="reshuffle")
        else:
            table.act(table.view()["turn"], type="draw", count=min(10, table.state.deck))
    hands = {f.name: [1] for f in table.state.standing()}
    table.act("Drake", type="time_over", hands=hands)
    assert table.state.game is not None


def solo(catalog: Catalog, seen: dict[str, int]) -> None:
    """The bot's turn and its defence (seed 002's Rook bot)."""
    table = Walk(catalog, seen, mode="solo", players=["Ana"], characters={"Ana": "grave"},
                 bot="rook")  # fmt: skip
    table.place(Ana=9, Bot=10)
    table.act("Ana", type="end_turn").act("Ana", type="bot_turn", hand=[5, 5, 5, 4, 4], drawn=3)
    table.place(Ana=2, Bot=10).act("Ana", type="dash", player="Ana", target="Bot", dash=4,
                                   cards=[4])  # fmt: skip
    table.act("Ana", type="bot_defend", hand=[1, 1, 2, 5, 3], extra=5)


def test_every_flash_duel_action_that_shows_a_secret_is_final(catalog: Catalog) -> None:
    seen: dict[str, int] = {}
    one_vs_one(catalog, seen)
    abilities(catalog, seen)
    two_vs_two(catalog, seen)
    betrayal(catalog, seen, traitor_is_the_dragon=False)
    betrayal(catalog, seen, traitor_is_the_dragon=True)
    solo(catalog, seen)
    assert set(seen) == set(PARSERS), f"kinds never walked: {set(PARSERS) - set(seen)}"
    revealing = {kind for kind, n in seen.items() if n}
    assert {"choose", "show_hand", "accuse", "reveal", "dragon_reveal", "time_over"} <= revealing


class RulesWalk:
    """Any kind of room driven through its ``Rules``: each action is checked as ``Walk``
    checks a Flash Duel one."""

    def __init__(
        self, rules: Rules[Any, Any, Any], state: Any, catalog: Catalog, players: tuple[str, ...]
    ) -> None:
        self.rules, self.state, self.catalog, self.players = rules, state, catalog, players
        self.seen: dict[str, int] = {}

    def act(self, actor: str, **action: Any) -> RulesWalk:
        typed = self.rules.parse_action(action)
        before = self.state
        self.state = self.rules.apply(before, typed, actor, self.catalog, len(self.seen))
        if revealed(self.rules, before, self.state, self.players):
            assert self.rules.is_final(typed, self.state), f"{action} showed a secret"
            self.seen[action["type"]] = self.seen.get(action["type"], 0) + 1
        self.seen.setdefault(action["type"], 0)
        return self


def test_every_puzzle_strike_action_that_shows_a_secret_is_final(catalog: Catalog) -> None:
    from companion.game.puzzle_strike import room as ps_room
    from companion.game.puzzle_strike.actions import PARSERS as PS_ACTIONS
    from companion.game.puzzle_strike.piles import Mode
    from tests.ps_helpers import new_room

    walk = RulesWalk(ps_room.RULES, new_room(catalog, ["Ana", "Ben"], Mode.TWO_PLAYER), catalog,
                     ("Ana", "Ben"))  # fmt: skip
    walk.act("Ana", type="choose", character="grave")
    walk.act("Ben", type="choose", character="rook")  # the reveal
    walk.act("Ana", type="restart_choice").act("Ben", type="restart_choice")
    walk.act("Ben", type="choose", character="lum").act("Ana", type="choose", character="grave")
    first = walk.state.table.current
    second = next(p for p in ("Ana", "Ben") if p != first)
    walk.act(first, type="ante").act(first, type="add_gem", player=first, value=1)
    walk.act(first, type="combine", a=1, b=1).act(first, type="add_gem", player=first, value=3)
    walk.act(first, type="remove_gem", player=first, value=3)
    walk.act(first, type="crash", gems=[2]).act(second, type="land")
    walk.act(first, type="add_gem", player=first, value=2).act(first, type="crash", gems=[2])
    walk.act(second, type="add_gem", player=second, value=1)
    walk.act(second, type="counter", gems=[1])
    stack = walk.state.stacks[9][0]
    walk.act(first, type="buy", stack=stack)
    walk.act(first, type="stack", stack=stack, state="removed")
    walk.act(first, type="end_turn", without_ante=False)
    walk.act(second, type="forfeit")
    walk.act(second, type="losers_choice", option="reroll")
    while walk.state.phase != "over":
        loser = walk.state.table.current
        walk.act(loser, type="forfeit")
    walk.act("Ana", type="rematch")
    walk.seen.update(nobody_reacts_walk(catalog))
    assert set(walk.seen) == set(PS_ACTIONS), set(PS_ACTIONS) - set(walk.seen)
    assert walk.seen["choose"] == 2  # both reveals were final


def nobody_reacts_walk(catalog: Catalog) -> dict[str, int]:
    """Walk 'nobody reacts' (a free-for-all's send that the target lets land for all)."""
    from companion.game.puzzle_strike import room as ps_room
    from companion.game.puzzle_strike.piles import Mode
    from tests.ps_helpers import give, playing

    four = {"Ana": "grave", "Ben": "rook", "Cid": "lum", "Dee": "midori"}
    state = give(playing(catalog, four, Mode.FREE_FOR_ALL), catalog, "Ana", 2)
    walk = RulesWalk(ps_room.RULES, state, catalog, tuple(four))
    walk.act("Ana", type="crash", gems=[2], target="Cid").act("Cid", type="nobody_reacts")
    return {"nobody_reacts": walk.seen["nobody_reacts"]}


def test_shadowfist_and_drafts_hold_no_secret_and_every_action_is_walked(
    catalog: Catalog,
) -> None:
    # Shadowfist's hands and decks stay on the table, a draft's picks are made in the open:
    # no action reveals anything, and the walk shows none does.
    from companion.game.draft import room as draft_room
    from companion.game.shadowfist import room as sf_room
    from companion.game.shadowfist import rules as sf
    from companion.game.shadowfist.actions import PARSERS as SF_ACTIONS
    from tests.game.test_shadowfist_room import table, with_sites

    walk = RulesWalk(sf_room.RULES, with_sites(table(catalog), Ben=3, Cid=3), catalog,
                     ("Ana", "Ben", "Cid"))  # fmt: skip
    walk.act("Ana", type="gain", player="Ana", amount=5).act("Ana", type="spend", player="Ana",
                                                            amount=1)  # fmt: skip
    while walk.state.step != sf.index_of_step(catalog, sf.POWER_STEP):
        walk.act("Ana", type="next_step")
    walk.act("Ana", type="generate_power")
    while sf.phase_of_step(catalog, walk.state.step) != sf.MAIN_SHOT:
        walk.act("Ana", type="next_step")
    walk.act("Ana", type="play_site", player="Ana").act("Ana", type="lose_site", player="Cid")
    walk.act("Ana", type="seize", player="Ana", **{"from": "Ben"})
    walk.act("Ana", type="burn_victory", player="Ana", **{"from": "Ben"})
    walk.act("Ana", type="burn_power", player="Ana", **{"from": "Cid"})  # ends Ana's turn
    walk.act("Ben", type="end_turn").act("Cid", type="start_turn")
    walk.act("Cid", type="decked", player="Ben")
    walk.act("Cid", type="decked", player="Ana")  # every opponent of Cid's decked: Cid wins
    assert set(walk.seen) == set(SF_ACTIONS) and not any(walk.seen.values())
    setup = draft_room.RULES.setup_from_request({"players": ["Ana", "Ben"]}, catalog, 5)
    picks = RulesWalk(
        draft_room.RULES, draft_room.RULES.start(setup, catalog), catalog, ("Ana", "Ben")
    )
    for player in ("Ana", "Ben"):
        pool = draft_room.RULES.view(picks.state, player, catalog)["pool"]
        free = next(i["key"] for i in pool if not i["taken_by"])
        picks.act(player, type="pick", key=free)
    assert picks.seen == {"pick": 0}
