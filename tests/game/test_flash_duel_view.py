"""What a Flash Duel phone shows and the history's sentences, word for word (no HTTP)."""

from __future__ import annotations

from dataclasses import replace

from companion.game.flash_duel import actions as act
from companion.game.flash_duel.bots import BotDefence, BotMove
from companion.game.flash_duel.lines import SAY, by
from companion.game.flash_duel.state import Event, Happening, Outcome, State, Termination
from companion.game.flash_duel.view import (
    describe,
    round_sentence,
    say,
    say_bot,
    say_event,
    side_name,
)
from companion.game.history import told
from printkit.catalog import Catalog, FlashDuelSet
from tests.fd_table import Table, clockwork

CHARS = {"Ana": "grave", "Ben": "rook", "Cat": "jaina", "Dan": "midori", "Drake": "menelker"}


def flash_duel(catalog: Catalog) -> FlashDuelSet:
    """The catalog's Flash Duel set."""
    return next(s for g in catalog.games for s in g.sets if g.id == "flash-duel")  # type: ignore[return-value]


def duel(catalog: Catalog) -> State:
    return Table(catalog, players=["Ana", "Ben"], characters=CHARS).state


def raid(catalog: Catalog) -> State:
    players = ["Ana", "Ben", "Cat", "Drake"]
    return Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS).state


def team(catalog: Catalog) -> State:
    players = ["Ana", "Ben", "Cat", "Dan"]
    return Table(catalog, mode="team-battle", players=players, characters=CHARS).state


def test_sides_are_named_by_their_players(catalog: Catalog) -> None:
    state = raid(catalog)
    assert side_name(state, None) == "nobody"
    assert side_name(state, "mortals") == "the mortals"
    assert side_name(state, "dragon") == "Drake (Dragon)"
    pairs = team(catalog)
    assert side_name(pairs, "A") == "Ana & Cat"
    assert side_name(pairs, "B") == "Ben & Dan"
    view = Table(catalog, mode="raid", players=["Ana", "Ben", "Cat", "Drake"], dragon="Drake",
                 characters=CHARS).view()  # fmt: skip
    assert view["side_names"] == {"mortals": "the mortals", "dragon": "Drake (Dragon)"}


def test_round_and_game_sentences(catalog: Catalog) -> None:
    state = duel(catalog)
    assert round_sentence(state) == ""
    hit, time_over = Termination.HIT, Termination.TIME_OVER
    ended = replace(state, last_round=Outcome(hit, "A"))
    assert round_sentence(ended) == "round to Ana"
    assert round_sentence(replace(state, last_round=Outcome(time_over, "B"))) == (
        "round to Ben at time-over"
    )
    assert round_sentence(replace(state, last_round=Outcome(time_over, None))) == (
        "the round is a draw at time-over"
    )
    assert round_sentence(replace(state, last_round=Outcome(hit, None))) == "the round is a draw"
    won = replace(ended, game=Outcome(hit, "A"))
    assert round_sentence(won) == "round to Ana; Ana wins the game"
    big = raid(catalog)
    mortals = replace(big, last_round=Outcome(hit, "mortals"))
    assert round_sentence(mortals) == "the mortals win"
    dragon = replace(big, last_round=Outcome(time_over, "dragon"))
    assert round_sentence(dragon) == "Drake (Dragon) wins at time-over"
    draw = replace(big, last_round=Outcome(time_over, None))
    assert round_sentence(draw) == "the game is a draw at time-over"
    assert round_sentence(replace(big, last_round=Outcome(hit, None))) == "the game is a draw"


def test_happenings_in_words(catalog: Catalog) -> None:
    state = duel(catalog)
    fd = flash_duel(catalog)
    (c1, a1), (c2, a2) = list(fd.abilities())[:2]
    k1, k2 = f"{c1.id}/{a1.id}", f"{c2.id}/{a2.id}"
    cases = {
        Event(Happening.BLOCKED, ("Ben",)): "Ben blocked",
        Event(Happening.RETREATED, ("Ben",), 3): "Ben retreated 3",
        Event(Happening.LOST_HIT_POINT, ("Drake",), 2): "Drake was hit: 2 hit points left",
        Event(Happening.RESHUFFLED, (), 12): "the deck ran out: reshuffled once (12 cards)",
        Event(Happening.DRAGON_REVEALED, ("Drake",)): (
            "the Dragon held the traitor card: one more hit point"
        ),
        Event(Happening.ACCUSED, ("Ana", "Ben", "Cat")): "Ana accused Ben: Cat is defeated",
        Event(Happening.NAMED_HAND, ("Cat", "Ana")): "Cat named Ana's hand: Ana is defeated",
        Event(Happening.SWAPPED, ("Ben", k1, k2)): f"Ben swapped {a1.name} for {a2.name}",
        Event(Happening.SWAPPED, ("Ben", "x/one", "x/two")): "Ben swapped x/one for x/two",
        Event(Happening.SWITCHED, ("Ana", "Cat")): "Ana and Cat switch places in the turn order",
    }
    for event, words in cases.items():
        assert say_event(state, event) == words
    assert say_event(state, Event(Happening.HIT)) == " was hit"


def test_actions_in_words() -> None:
    cases: dict[act.Action, str] = {
        act.Move("Ana", 3, False): "Ana moves 3",
        act.Move("Ana", 4, True): "Ana moves back 4",
        act.Push("Ana", "Ben", 2): "Ana pushes Ben back 2",
        act.Attack("Ana", "Ben", (3, 3)): "Ana attacks Ben with 3 3",
        act.Dash("Ana", "Ben", 2, (4,)): "Ana dashes 2 and strikes Ben with 4",
        act.Block("Ben", (3, 3)): "Ben blocks with 3 3",
        act.Retreat("Ben", 5): "Ben retreats 5",
        act.Draw(2): "drew 2",
        act.UseAbility("Ana", "grave/martial-mastery"): "Ana uses martial mastery",
        act.Place("Ana", 7): "Ana placed on space 7",
        act.EndTurn(): "end of turn",
        act.NewGame(): "new game",
        act.BotTurn((3,), 1): "the bot plays",
        act.BotDefend((3,), 0): "the bot defends",
    }
    for action, words in cases.items():
        assert say(action) == words


def test_bot_lines(catalog: Catalog) -> None:
    state = duel(catalog)
    assert say_bot(state) == ""
    assert say_bot(replace(state, bot_said=BotMove("attack", (3, 3)))) == "bot: attack 3 3"
    assert say_bot(replace(state, bot_said=BotMove("move", (4,)))) == "bot: move 4"
    dash = BotMove("dashing-strike", (5,), dash=2)
    assert say_bot(replace(state, bot_said=dash)) == "bot: dash 2 then strike 5"
    block = BotDefence("block", (2, 2))
    assert say_bot(replace(state, bot_said=block)) == "bot: block 2 2"
    assert say_bot(replace(state, bot_said=BotDefence("hit"))) == "bot: hit"
    both = replace(state, bot_said=BotDefence("hit"), bot_discards=4)
    assert say_bot(both) == "bot: hit; the Dragon discards every 4"
    assert say_bot(replace(state, bot_discards=5)) == "the Dragon discards every 5"
    after = replace(state, bot_said=BotMove("move", (4,)))
    assert told(describe(act.BotTurn((3,), 1), "Ana", after)) == "Ana: the bot plays (bot: move 4)"
    assert told(describe(act.BotDefend((3,), 0), "Ana", state)) == "Ana: the bot defends"


def test_solo_view_lists_the_choices(catalog: Catalog) -> None:
    table = Table(catalog, mode="solo", players=["Ana"], characters={"Ana": "grave"}, bot="rook")
    view = table.view("Ana")
    fd = flash_duel(catalog)
    assert view["solo_choices"] == {
        "characters": [{"id": c.id, "name": c.name} for c in fd.characters],
        "bots": [{"id": b.id, "name": b.name} for b in fd.bots],
        "character": "grave",
    }
    assert {"id": "rook", "name": "Rook"} in view["solo_choices"]["bots"]
    assert (view["bot"], view["bot_pawn"], view["bot_name"]) == ("rook", "Bot", "Rook")
    assert view["characters"] == {"Ana": "Grave"}
    assert [f["side"] for f in view["fighters"]] == ["A", "B"]
    assert Table(catalog, players=["Ana", "Ben"]).view()["solo_choices"] is None


def test_abilities_show_name_trigger_effect_and_use(catalog: Catalog) -> None:
    fd = flash_duel(catalog)
    table = Table(catalog, players=["Ana", "Ben"], characters=CHARS)
    shown = table.view()["abilities"]["Ana"]
    expected = [
        {
            "key": f"grave/{a.id}",
            "name": a.name,
            "trigger": a.trigger,
            "effect": a.effect,
            "used": False,
            "applies": a.applies,
        }
        for c, a in fd.abilities()
        if c.id == "grave"
    ]
    assert shown == expected and len(shown) == 3


def test_raid_view_shows_the_dragons_row(catalog: Catalog) -> None:
    players = ["Ana", "Ben", "Cat", "Drake"]
    table = Table(catalog, mode="raid", players=players, dragon="Drake", characters=CHARS)
    view = table.view()
    row = table.state.mode.dragon_row(table.state.setup, table.state.fd)
    assert row is not None
    assert view["dragon_setup"] == {
        "hand_size": row.dragon_hand_size,
        "abilities": row.dragon_abilities,
        "hit_points": row.dragon_hit_points,
    }
    assert view["hit_points"] == row.dragon_hit_points
    assert "Drake" not in view["characters"] and view["characters"]["Ana"] == "Grave"
    assert Table(catalog, players=["Ana", "Ben"]).view()["dragon_setup"] is None


def test_clockwork_view_lists_the_unused_abilities(catalog: Catalog) -> None:
    table, keys = clockwork(catalog)
    abilities = {f"{c.id}/{a.id}": a for c, a in flash_duel(catalog).abilities()}
    known = [(k, abilities[k]) for k in keys]
    assert table.view()["unused_abilities"] == [
        {"key": k, "name": a.name or k, "effect": a.effect or ""} for k, a in known[8:12]
    ]


def test_a_history_line_names_its_recorder_once() -> None:
    """'Ana attacks Ben with 3', never 'Ana: Ana attacks ...'; another phone's record of
    Ana's move still says who recorded it. The rule is the rooms' shared one
    (history.recorded_by), so a line opening with the recorder's possessive ("Ana's hand is
    in") is not prefixed either, as in Shadowfist."""

    def said(actor: str, what: str) -> str:
        return told(by(actor, SAY("fdh_other", what=what)))

    assert said("Ana", "Ana attacks Ben with 3") == "Ana attacks Ben with 3"
    assert said("Ben", "Ana moves 2") == "Ben: Ana moves 2"
    assert said("Ana", "Anabel moves 2") == "Ana: Anabel moves 2"
    assert said("Ana", "drew 3") == "Ana: drew 3"
    hand = SAY("fdh_hand_in", who="Ana", n=1, total=2)
    assert told(by("Ana", hand)) == told(hand)
    assert told(by("Ben", hand)) == "Ben: " + told(hand)
