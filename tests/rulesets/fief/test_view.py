"""What one seat may know: views hide the secrets, and share the unchanged board with the
view before, still fresh and frozen in time."""

from __future__ import annotations

import ast
import random
import re
from typing import Any

import pytest

from pnp import compiled
from pnp.content import LoadedContent
from pnp.engine import GameConfig
from pnp.engine.testing import view_leaks
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.catalog import NobleCard
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.state import (
    HIDDEN,
    HIDDEN_BACKS,
    FiefState,
    Noble,
    Seat,
    Village,
    noble_fields,
    village_fields,
)
from tests.rulesets.fief.games import play_random

#: state.py's classes as written (a module compiled with mypyc keeps neither the
#: ``__dict__`` nor the ``__slots__`` of its classes to list their fields)
SOURCE = {
    node.name: node
    for node in ast.parse(compiled.source_path("pnp.rulesets.fief.state").read_text()).body
    if isinstance(node, ast.ClassDef)
}


def _slots(cls: type) -> tuple[str, ...]:
    """The ``__slots__`` the class declares in state.py."""
    for node in SOURCE[cls.__name__].body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError(f"{cls.__name__} declares no __slots__")


def _assigned(method: str, name: str) -> list[str]:
    """The fields ``FiefState.<method>`` sets on ``name`` (``name.x = …``), in order."""
    fn = next(
        n for n in SOURCE["FiefState"].body if isinstance(n, ast.FunctionDef) and n.name == method
    )
    fields: list[str] = []
    for node in ast.walk(fn):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            is_field = isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
            if is_field and t.value.id == name and t.attr not in fields:
                fields.append(t.attr)
    return fields


STATE_FIELDS = _assigned("__init__", "self")


def _fields(x: Any) -> Any:
    """Every field of ``x``, all the way down, as plain comparable data.

    Content objects (a Noble's card) are shared by every copy, so they count by identity.
    """
    if x is None or isinstance(x, str | int | float):
        return (type(x).__name__, x)
    if isinstance(x, FiefState):
        skip = ("cat", "_published")
        return {k: _fields(getattr(x, k)) for k in sorted(STATE_FIELDS) if k not in skip}
    if isinstance(x, Seat | Noble | Village):
        return (
            type(x).__name__,
            tuple((name, _fields(getattr(x, name))) for name in _slots(type(x))),
        )
    if isinstance(x, dict):
        return ("dict", tuple((k, _fields(v)) for k, v in x.items()))
    if isinstance(x, list | tuple):
        return (type(x).__name__, tuple(_fields(v) for v in x))
    if isinstance(x, set):
        return ("set", tuple(sorted(x)))
    return ("object", id(x))


def _fresh(state: FiefState, seat: int) -> FiefState:
    """A public copy made from scratch, sharing nothing with earlier views."""
    alone = state._shallow_copy()  # with no published board to share
    return alone.public_copy(seat)


def test_the_shallow_copy_names_every_field(content: LoadedContent) -> None:
    """``_shallow_copy`` spells out the fields (a compiled state has no ``__dict__``):
    every field ``__init__`` sets, each the very object of the state copied."""
    assert sorted(_assigned("_shallow_copy", "c")) == sorted(STATE_FIELDS)
    game = RULESET.new_game(content, GameConfig(4), 2)
    for _ in range(50):
        game.apply(0)
    c = game.s._shallow_copy()
    assert c._published is None
    for name in STATE_FIELDS:
        mine, theirs = getattr(c, name), getattr(game.s, name)
        if name == "_published":
            continue
        if isinstance(mine, int):  # a compiled state boxes its ints afresh at each read
            assert mine == theirs, name
        else:
            assert mine is theirs, name


def test_views_equal_fresh_copies_and_stay_frozen(content: LoadedContent) -> None:
    """At every decision the view equals a copy made from scratch, every field and type;
    the bot never writes to it, and no view made earlier changes as the game goes on."""
    game = RULESET.new_game(content, GameConfig(6), 8)
    bots = [HeuristicBot() for _ in range(6)]
    rng = random.Random(8)
    kept: list[tuple[FiefState, Any]] = []
    shared = 0
    for step in range(400):
        d = game.decision()
        assert d is not None
        view = game.view(d.seat)
        seen = _fields(view.state)
        assert seen == _fields(_fresh(game.s, d.seat)), f"step {step}: view is not a fresh copy"
        if kept:
            last = kept[-1][0]
            shared += sum(a is b for a, b in zip(view.state.villages, last.villages, strict=True))
        index = bots[d.seat].choose(view, d, rng)
        assert _fields(view.state) == seen, f"step {step}: the bot wrote to its view"
        if step % 7 == 0:
            kept.append((view.state, seen))
        game.apply(index)
    assert shared > 0  # the sharing this file checks did happen
    for state, seen in kept:
        assert _fields(state) == seen


def test_a_view_does_not_follow_a_noble_or_village_changed_in_place(
    content: LoadedContent,
) -> None:
    """Changing a title list or a unit count in place after a view was made: the next
    view sees the change, the earlier one does not."""
    game = RULESET.new_game(content, GameConfig(4), 2)
    s = game.s
    for _ in range(200):
        game.apply(0)
    noble = next(n for n in s.nobles.values() if n.zone == "board")
    v = next(i for i, vil in enumerate(s.villages) if vil.units)
    seat, units = next(iter(s.villages[v].units.items()))
    before = game.view(0)
    game.view(1)  # nothing changed: shares all of ``before``'s board
    noble.titles.append("king")
    units[0] += 1
    after = game.view(0)
    assert "king" not in before.state.nobles[noble.id].titles
    assert "king" in after.state.nobles[noble.id].titles
    assert before.state.villages[v].units[seat][0] + 1 == after.state.villages[v].units[seat][0]
    noble.titles.remove("king")
    units[0] -= 1
    again = game.view(0)
    assert _fields(again.state) == _fields(before.state)
    assert "king" in after.state.nobles[noble.id].titles


def _other(value: Any, card: NobleCard) -> Any:
    """A value unequal to ``value`` of the field's own type (all a compiled Noble or
    Village takes): ``card`` stands in for a Noble's card."""
    if isinstance(value, NobleCard):
        assert card != value
        return card
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None or isinstance(value, str):
        return f"{value}-changed"
    if isinstance(value, list):
        return [*value, "changed"]
    if isinstance(value, dict):
        return {**value, -1: []}
    raise AssertionError(f"no other value for {value!r}")


def test_field_tuples_cover_every_slot(content: LoadedContent) -> None:
    """A view shares a copy only if every field matches: a new slot must join the tuple."""
    game = RULESET.new_game(content, GameConfig(4), 2)
    s = game.s
    noble, second = list(s.nobles.values())[:2]
    other_card = second.card
    village = s.villages[0]
    for obj, fields in ((noble, noble_fields), (village, village_fields)):
        assert fields([obj.copy()]) == fields([obj])
        assert len(fields([obj])[0]) == len(_slots(type(obj)))
        for name in _slots(type(obj)):
            changed = obj.copy()
            setattr(changed, name, _other(getattr(obj, name), other_card))
            assert fields([changed]) != fields([obj]), f"{type(obj).__name__}.{name}"


def test_views_hide_other_hands_and_decks(content: LoadedContent) -> None:
    """Swapping another player's card with the deck, or reordering decks, changes no view."""
    game, _ = play_random(content, 31, steps=300)
    s = game.s
    holder = next(i for i, seat in enumerate(s.seats) if seat.hand)
    watcher = (holder + 1) % s.players
    s.seats[watcher].seen.clear()

    def swap(g: FiefGame) -> None:
        # trade his last card for the bottom card of the deck it came from, and
        # reorder every deck below its top card (whose back is public)
        hand = g.s.seats[holder].hand
        card = hand.pop()
        deck = g.s.court if g.s.cat.cards[card][0] == "court" else g.s.fortune
        hand.append(deck[0])
        deck[0] = card
        g.s.court[:-1] = reversed(g.s.court[:-1])
        for seat in g.s.seats:
            seat.deck.reverse()

    assert view_leaks(game, watcher, swap) == []
    view = game.view(watcher)
    # each hidden card shows its back (the deck it came from is public; resample.py
    # pools hands by it, so an observation without it hid what a sample used)
    backs = sorted(HIDDEN_BACKS[s.cat.cards[c][0]] for c in s.seats[holder].hand)
    assert view.state.seats[holder].hand == backs
    assert set(backs) <= {"hidden court", "hidden fortune"}
    assert view.state.fortune == [HIDDEN] * len(s.fortune)


def test_view_is_a_snapshot(content: LoadedContent) -> None:
    game, _ = play_random(content, 41, steps=200)
    before = game.view(0)
    gold = before.state.seats[0].gold
    game.s.seats[0].gold += 5
    assert before.state.seats[0].gold == gold
    assert before != game.view(0)


def test_the_text_form_shows_the_map_and_the_roads_from_the_seats_nobles(
    content: LoadedContent,
) -> None:
    """Every Fief and Village is on the map, held Villages with their holders, and the
    roads lead from each Village where one of the seat's Nobles stands."""
    import io

    from pnp.play import draw
    from pnp.rulesets.fief.view import text_form

    # a random position where seat 0 has a Noble on the board (seeds from 31)
    for seed in range(31, 61):
        game, _ = play_random(content, seed, steps=300)
        if any(n.seat == 0 and n.zone == "board" for n in game.s.nobles.values()):
            break
    form = text_form(content, game.factions())
    out = io.StringIO()
    draw.console(out, plain=True).print(draw.screen(form.screen(game, 0)))
    # the words, however the panels wrap them
    text = " ".join(out.getvalue().replace("│", " ").split())
    model = content.model
    assert all(f.name in text for f in model.fiefs)
    assert all(v.name in text for v in model.villages)
    assert "roads from where your Nobles stand" in text
    s = game.s
    fmap = s.cat.map
    mine = [n for n in s.nobles.values() if n.seat == 0 and n.zone == "board"]
    assert mine, "seat 0 has a Noble on the board"
    for noble in mine:
        ways = ", ".join(
            fmap.names[w] + (" (sea)" if fmap.sea_road[r] else "")
            for w, r in fmap.neighbours[noble.at]
        )
        assert f"at {fmap.names[noble.at]} → {ways}" in text
    assert max(map(len, out.getvalue().splitlines())) <= 80


def test_the_text_form_names_winter_copies_castles_and_recruits(content: LoadedContent) -> None:
    # before, a winter game told "heavy-rain-copy strikes The South" and a fallen castle by id
    from pnp.engine.event import Event
    from pnp.rulesets.fief.view import text_form

    form = text_form(content, ["stark", "lannister"])
    assert form.name("heavy-rain-copy") == "Heavy Rain (winter copy)"
    assert form.name("castle-black") == "Castle Black"
    assert form.name("nw-ranger") == "Night's Watch recruit (ranger)"
    fallen = form.event(
        Event("disaster_placed", 1, {"card": "famine-copy", "region": "the-north", "roll": 1}), 0
    )
    assert fallen is not None and fallen.startswith("Famine (winter copy) strikes ")
    black = form.event(Event("took_the_black", 0, {"noble": "stark-eddard", "how": "movement"}), 1)
    assert black is not None and black.endswith("takes the black (as his move).")


def test_troops_are_counted_in_words(content: LoadedContent) -> None:
    # before: "places 3 Knight at …", "moves … (1 troops)", "buys a Unsullied … for 2"
    from pnp.engine.event import Event
    from pnp.rulesets.fief.view import text_form

    form = text_form(content, ["stark", "lannister"])

    def told(kind: str, **data: Any) -> str:
        text = form.event(Event(kind, 0, data), 0)
        assert text is not None
        return text.split("(seat 0) ", 1)[1]

    assert told("units_lost", at="winterfell", unit="knight", count=2, cause="plague") == (
        "loses 2 troops (Knight) at Winterfell to the plague."
    )
    assert told("movement_order", when="turn") == "moves in turn."  # was "moves turn."
    assert told("movement_order", when="last") == "moves last."
    assert told("moved", noble="stark-eddard", frm="winterfell", to="the-twins", troops=1) == (
        "moves Eddard Stark from Winterfell to The Twins with 1 troop."
    )
    assert told("purchased", item="unsullied", at="winterfell", gold=2) == (
        "buys one Unsullied at Winterfell for 2 gold."
    )


def test_the_screen_shows_the_wall_outlaws_captives_disasters_and_taxes(
    content: LoadedContent,
) -> None:
    """What the map's names cannot say is on the screen too; before, a human seat saw no
    wildling marker, no Brother, no Outlaw, captive, disaster or tax but in the event log."""
    import io

    from pnp.play import draw
    from pnp.rulesets.fief.view import text_form

    seen = set()
    for seed in range(6):
        game = RULESET.new_game(content, GameConfig(5, options={"nights_watch": True}), seed)
        assert isinstance(game, FiefGame)
        form = text_form(content, game.factions())
        rng = random.Random(seed)
        for step in range(1500):
            d = game.decision()
            if d is None:
                break
            game.apply(rng.randrange(len(d.options)))
            if step % 25:
                continue
            out = io.StringIO()
            draw.console(out, plain=True).print(draw.screen(form.screen(game, 0)))
            text = " ".join(out.getvalue().replace("│", " ").split())
            s = game.s
            assert f"Wildling marker {s.wall_marker} of 10" in text
            for n in s.nobles.values():
                name = form.name(n.id)
                if n.zone == "wall":
                    assert name in text.split("Brothers:")[1].split("Supplies:")[0]
                    seen.add("brother")
                if n.outlaw and n.zone != "dead":
                    assert name in text.split("Outlaws:")[1]
                    seen.add("outlaw")
                if n.zone == "captive":
                    assert f"{name} ({form.factions_short[n.seat]}), held by" in text
                    seen.add("captive")
            for region, cards in s.disasters.items():
                if cards:
                    assert f"{form.region(region)}: {form.name(cards[0])}" in text
                    seen.add("disaster")
    assert seen == {"brother", "outlaw", "captive", "disaster"}
    # a tax lasts from the card phase to the income: planted, as random play seldom shows one
    noble = next(n for n in game.s.nobles.values() if n.seat == 1 and n.zone != "dead")
    region = next(iter(game.s.disasters))
    game.s.taxes.append(
        {"seat": 1, "noble": noble.id, "kind": "council", "target": "*", "voided": [region]}
    )
    out = io.StringIO()
    draw.console(out, plain=True).print(draw.screen(form.screen(game, 0)))
    text = " ".join(out.getvalue().replace("│", " ").split())
    assert (
        f"Tax: {form.factions_short[1]} (seat 1) taxes every governed Region (council, "
        f"{form.name(noble.id)}); voided in {form.name(region)}"
    ) in text


def test_the_heading_says_the_round_limit_and_the_vp_that_win(content: LoadedContent) -> None:
    """FF-WIN-01/02/04: 3 VP alone; an alliance 4, or 5 with the Night's Watch; no
    alliance at 3 players. Before, the screen gave neither the VP nor the round limit."""
    from rich.text import Text

    from pnp.rulesets.fief.view import text_form

    for players, options, goal in (
        (3, {}, "3 VP win alone"),
        (4, {}, "3 VP win alone, 4 an alliance"),
        (5, {"nights_watch": True}, "3 VP win alone, 5 an alliance"),
    ):
        game = RULESET.new_game(content, GameConfig(players, options=options), 1)
        form = text_form(content, game.factions())
        heading = Text.from_markup(form.heading(game.view(0))).plain
        assert heading.startswith("Round 1 of 12 · ") and heading.endswith(f" · {goal}")


def test_c_reads_disasters_attributes_and_house_powers(content: LoadedContent) -> None:
    """``c`` read the hand and the Titles only: a disaster in force, the attribute that
    lets an Uprising aim at a Tyrant and a House's own power went unexplained."""
    from rich.text import Text

    from pnp.rulesets.fief.effects import describe
    from pnp.rulesets.fief.view import text_form

    model = content.model
    nobles = {n.id: n for n in model.nobles}
    found = set()
    for seed in range(8):
        game, _ = play_random(content, seed, steps=300)
        form = text_form(content, game.factions())
        texts = {name: Text.from_markup(t).plain for name, t in form.card_texts(game.view(0))}
        for cards in game.s.disasters.values():
            for card in cards:
                assert form.name(card) in texts
                found.add("disaster")
        standing = [n for n in game.s.nobles.values() if n.zone == "board"]
        for attribute in model.attributes:
            holders = [n for n in standing if attribute.id in nobles[n.id].attributes]
            named = [name for name in texts if name.startswith(f"{attribute.name} (")]
            assert bool(holders) == bool(named), attribute.id
            if holders:
                assert all(form.name(n.id) in named[0] for n in holders)
                assert texts[named[0]] == " ".join(describe(e) for e in attribute.effects)
                found.add("attribute")
        houses = {h.id: h for h in model.houses}
        for seat, house in enumerate(game.factions()):
            if houses[house].abilities:
                assert texts[f"{form.house(seat)}'s powers"].startswith(
                    describe(houses[house].abilities[0])
                )
                found.add("house")
    assert found == {"disaster", "attribute", "house"}


def test_greyjoys_two_hands_are_not_the_hand_of_the_king(content: LoadedContent) -> None:
    """The theft's options said 'left Hand of the King': ``hand`` is also a Title's id."""
    from pnp.rulesets.fief.view import text_form

    form = text_form(content, ("greyjoy", "stark", "lannister"))
    assert [form.option_label(x) for x in ("left hand", "right hand")] == [
        "left hand",
        "right hand",
    ]
    assert "hand" in form.names and form.option_label("hand") == form.names["hand"]


def test_a_proposal_says_whether_a_marriage_makes_an_alliance(content: LoadedContent) -> None:
    """At 3 players a marriage makes no alliance (FF-WIN-02): the question said it did."""
    from pnp.rulesets.fief.view import text_form

    asked = {}
    for players in (3, 4):
        for seed in range(40):
            game = RULESET.new_game(content, GameConfig(players), seed)
            rng = random.Random(seed)
            for _ in range(400):
                d = game.decision()
                if d is None:
                    break
                if d.kind == "propose_marriage":
                    form = text_form(content, game.factions())
                    asked[players] = form.ask(d, game.view(d.seat))
                    break
                game.apply(rng.randrange(len(d.options)))
            if players in asked:
                break
    assert asked[3].endswith("(no alliances at this table)")
    assert asked[4].endswith("(it makes an alliance)")
    assert content.model.rules.alliances_from == 4


def test_the_map_names_each_villages_buildings(content: LoadedContent) -> None:
    """Septs and Maesters never showed, and a Stronghold read 'hold 1'."""
    import io

    from pnp.play import draw
    from pnp.rulesets.fief.view import text_form

    game, _ = play_random(content, 31, steps=300)
    s = game.s
    form = text_form(content, game.factions())
    index = {v: i for i, v in enumerate(s.cat.map.ids)}
    plain = [v for v in s.cat.map.ids if not s.villages[index[v]].stronghold]
    a, b = s.villages[index[plain[0]]], s.villages[index[plain[1]]]
    a.sept, a.maester, a.stronghold = True, True, 1  # planted
    b.stronghold = 2
    out = io.StringIO()
    draw.console(out, plain=True).print(draw.screen(form.screen(game, 0)))
    text = " ".join(out.getvalue().replace("│", " ").split())
    assert "hold 1" not in text and "hold 2" not in text
    name_a, name_b = form.name(plain[0]), form.name(plain[1])
    # (each name followed by its Region's tag: "Deepwood Motte R1 (…)")
    assert re.search(rf"{re.escape(name_a)} R\d \([^)]*sept, maester, stronghold\)", text)
    assert re.search(rf"{re.escape(name_b)} R\d \([^)]*fortified city\)", text)
    assert "buildings: stronghold, fortified city, mill, sept, maester" in text


@pytest.mark.parametrize(
    ("kind", "label", "said"),
    [
        # sums of gold gave no unit: "bribe Arryn (seat 3) with 1", "dowry of 2"
        ("bribe", "bribe seat 3 with 1", "Tully (seat 3) with 1 gold"),
        ("marriage_terms", "dowry of 2", "dowry of 2 gold"),
        ("answer_bribe", "take 2 for arryn-lysa", "take 2 gold for Lysa Arryn"),
        ("answer_bribe", "refuse", "refuse"),
        ("wall_supplies", "take 3 from the supplies", "take 3 gold from the supplies"),
        # troops read as one: "take 2 of 3 Knight"
        ("take_unit", "take 2 of 3 knight", "take 2 of 3 Knights"),
        ("take_unit", "take 0 of 1 man-at-arms", "take 0 of 1 Man-at-Arms"),
        ("drop_unit", "1 of 2 man-at-arms stop at winterfell", "1 of 2 Men-at-Arms stop at "),
    ],
)
def test_options_count_their_gold_and_troops_in_words(
    content: LoadedContent, kind: str, label: str, said: str
) -> None:
    from rich.text import Text

    from pnp.engine.decision import Decision, Option
    from pnp.rulesets.fief.view import text_form

    form = text_form(content, ("arryn", "stark", "lannister", "tully"))
    decision = Decision(0, kind, (Option(label),))
    shown = Text.from_markup(form.option(decision, decision.options[0])).plain
    assert said in shown and ("gold" in said) == ("gold" in shown), shown


def test_an_attempt_to_stop_an_uprising_says_how_in_words(content: LoadedContent) -> None:
    """It said '(council, roll 6)'."""
    from pnp.engine.event import Event
    from pnp.rulesets.fief.view import text_form

    form = text_form(content, ("arryn", "stark", "lannister", "tully"))
    told = form.event(
        Event("uprising_stop", 1, {"noble": "stark-eddard", "how": "warden", "roll": 2,
                                   "stopped": False}),
        None,
    )  # fmt: skip
    assert told is not None
    assert told.endswith("tries to stop the uprising as the Region's Warden, rolling 2: it fails.")


def test_a_battle_s_end_says_how_in_words(content: LoadedContent) -> None:
    """It said 'Martell wins (fought)'."""
    from pnp.engine.event import Event
    from pnp.rulesets.fief.view import text_form

    form = text_form(content, ("arryn", "stark"))
    fought = form.event(Event("battle_ended", 0, {"at": "winterfell", "winner": 1,
                                                  "how": "fought"}), None)  # fmt: skip
    lone = form.event(Event("battle_ended", 0, {"at": "winterfell", "winner": 0,
                                                "how": "lone noble captured"}), None)  # fmt: skip
    assert fought is not None and fought.endswith("(seat 1) wins the field.")
    assert lone is not None and lone.endswith("wins by taking the lone Noble captive.")


def test_only_the_deciding_seat_sees_the_options(content: LoadedContent) -> None:
    """Every seat's view held the pending decision's labels: another seat's 'play
    assassination' told what its hand (shown as hidden) held."""
    game, _ = play_random(content, 31, steps=120)
    decision = game.decision()
    assert decision is not None
    for seat in range(game.s.players):
        shown = game.view(seat).data()["decision"]
        if seat == decision.seat:
            assert shown == [decision.seat, decision.kind, decision.labels()]
        else:
            assert shown == [decision.seat, decision.kind]


def test_the_map_tells_each_village_s_region_and_events_name_regions_apart(
    content: LoadedContent,
) -> None:
    """The map showed Fiefs only, while disasters, taxes and Wardens work by Region, and
    "Plague strikes The North" could mean the Region or the Fief of that name. Each
    Village now carries its Region's number, a legend names them, and an event names
    "the Region of the North"."""
    import io

    from pnp.engine.event import Event
    from pnp.play import draw
    from pnp.rulesets.fief.view import text_form

    game, _ = play_random(content, 31, steps=10)
    form = text_form(content, game.factions())
    out = io.StringIO()
    draw.console(out, plain=True).print(draw.screen(form.screen(game, 0)))
    text = " ".join(out.getvalue().replace("│", " ").split())
    model = content.model
    number = {r.id: r.number for r in model.regions}
    for village in model.villages:
        assert f"{village.name} R{number[village.region]}" in text, village.name
    assert (
        "Regions (what disasters, taxes and Wardens reach): R1 the North, R2 the East, "
        "R3 the Crownlands, R4 the South, R5 the West"
    ) in text
    struck = form.event(
        Event("disaster_placed", None, {"card": "plague", "region": "region-north", "roll": 1}),
        0,
    )
    assert struck == "Plague strikes the Region of the North (roll 1)."
    taxed = form.event(
        Event(
            "tax_levied", 1, {"role": "warden", "target": "region-north", "noble": "stark-eddard"}
        ),
        0,
    )
    assert taxed is not None and "taxes the Region of the North (warden" in taxed
    # the Fief keeps its own name, and a line may start with the Region
    assert form.name("north") == "The North"
    assert form.region("region-crownlands") == "The Region of the Crownlands (R3)"


def test_stark_s_discard_is_asked_and_explained_as_the_house_s_power(
    content: LoadedContent,
) -> None:
    """It was asked as a plain question ("Choose the card you discard") and ``?`` said no
    more: it is House Stark's power, once a round, and ``?`` now says what it does."""
    from rich.text import Text

    from pnp.engine.decision import Decision, Option
    from pnp.play.table import help_text
    from pnp.rulesets.fief.view import text_form

    game = RULESET.new_game(content, GameConfig(4, ("stark", "tully", "arryn", "tyrell")), 3)
    form = text_form(content, game.factions())
    view = game.view(0)
    seen = Decision(0, "stark_discard", (Option("discard plague"), Option("keep plague")))
    unseen = Decision(
        0, "stark_discard", (Option("discard the unseen disaster"), Option("draw it"))
    )
    assert form.ask(seen, view) == (
        "Use House Stark's power (once a round): discard the card you just drew, or keep it"
    )
    assert form.ask(unseen, view) == (
        "Use House Stark's power (once a round): discard the disaster on top of the Fortune "
        "deck unseen, or draw it"
    )
    told = " ".join(Text.from_markup(help_text(form, seen, "fief", view)).plain.split())
    assert told.startswith("House Stark's power: Once per round, may discard a card just drawn")
    assert "the power then waits for a later draw this round" in told
    assert "Rules reference: «House Stark»" in told


def test_help_tells_of_the_night_s_watch_only_in_a_game_with_it(content: LoadedContent) -> None:
    """``?`` at a draw or a move spoke of taking the black in every game."""
    from pnp.engine.decision import Decision, Option
    from pnp.rulesets.fief.view import text_form

    for options, players, told in (({}, 4, False), ({"nights_watch": True}, 5, True)):
        game = RULESET.new_game(content, GameConfig(players, options=options), 1)
        form = text_form(content, game.factions())
        for kind in ("draw", "move"):
            found = form.explain(Decision(0, kind, (Option("x"),)), game.view(0))
            assert ("Night's Watch" in found.text) == told, (kind, options)
            assert ("take the black" in found.text) == told


def test_the_wall_s_bids_recruits_and_strength_read_plainly(content: LoadedContent) -> None:
    """Wall bids said "(+0 for the Lord Commander)" with no Lord Commander, a recruit
    option "recruit Night's Watch recruit (ranger)", and a bid did not say what the Watch
    stood at."""
    from rich.text import Text

    from pnp.engine.decision import Decision, Option
    from pnp.engine.event import Event
    from pnp.rulesets.fief.rules.watch import watch_strength
    from pnp.rulesets.fief.view import text_form

    game = RULESET.new_game(content, GameConfig(5, options={"nights_watch": True}), 1)
    assert isinstance(game, FiefGame)
    form = text_form(content, game.factions())
    bids = {"bids": {"0": 2}, "watch": 9, "host": 7}
    alone = form.event(Event("wall_bids_revealed", None, {**bids, "bonus": 0}), 0)
    assert alone == f"Wall bids: {form.house(0)} 2. The Watch 9 against the wildlings 7."
    commanded = form.event(Event("wall_bids_revealed", None, {**bids, "bonus": 2}), 0)
    assert commanded is not None and "(+2 for the Lord Commander)" in commanded
    buy = Decision(0, "purchase", (Option("recruit nw-ranger"), Option("recruit nw-archer")))
    assert [Text.from_markup(form.option(buy, o)).plain for o in buy.options] == [
        "recruit a ranger (1 gold, strength 1)",
        "recruit an archer (2 gold, strength 2)",
    ]
    bid = Decision(0, "wall_bid", (Option("no bid"), Option("bid 1")))
    asked = form.ask(bid, game.view(0))
    assert f"(the Watch stands at {watch_strength(game.s)} before bids; you have " in asked
    assert "Lord Commander" not in asked  # none elected yet


def test_title_overflow_offers_decline_in_words_only_where_it_is_offered(
    content: LoadedContent,
) -> None:
    """``title_overflow`` said "decline it, or give up one of his" even for a Title that
    must be taken (the crown an Heir inherits, a new King's Protector card), where no
    ``decline`` option is offered."""
    from pnp.engine.decision import Decision, Option
    from pnp.rulesets.fief.view import text_form

    game = RULESET.new_game(content, GameConfig(3, ("stark", "tully", "arryn")), 1)
    form = text_form(content, game.factions())
    view = game.view(0)
    giving_up = (Option("return master-of-coin"), Option("pass master-of-coin to tully-jason"))
    free = Decision(0, "title_overflow", (Option("decline king"), *giving_up))
    bound = Decision(0, "title_overflow", giving_up)
    assert "decline" in form.ask(free, view) and "decline" in form.explain(free, view).text
    for told in (form.ask(bound, view), form.explain(bound, view).text):
        assert "decline" not in told, told
        assert "must take the new Title" in told and "give up one of his" in told


def test_baratheon_s_save_is_told_as_the_house_s_power(content: LoadedContent) -> None:
    """``cancel_death`` said "Cancel the death with the card you hold" and sent ``?`` to
    Phase 2: it is House Baratheon's power, no card, and it serves at any death."""
    from rich.text import Text

    from pnp.engine.decision import Decision, Option
    from pnp.play.table import help_text
    from pnp.rulesets.fief.view import text_form

    game = RULESET.new_game(content, GameConfig(3, ("tully", "baratheon", "arryn")), 1)
    form = text_form(content, game.factions())
    view = game.view(1)
    decision = Decision(
        1,
        "cancel_death",
        (Option("cancel death of tully-edmure"), Option("let tully-edmure die")),
    )
    assert form.ask(decision, view) == (
        "Use House Baratheon's power (once a game): save the Noble from this death, or let him die"
    )
    told = " ".join(Text.from_markup(help_text(form, decision, "fief", view)).plain.split())
    assert "the card you hold" not in told, told
    assert told.startswith("House Baratheon's power: Once per game, may save any Noble")
    assert "in a battle, in Hear Ye or by a card" in told
    assert "Rules reference: «House Baratheon»" in told
    assert "Phase 2" not in told
