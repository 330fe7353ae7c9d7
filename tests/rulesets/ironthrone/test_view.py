"""Views show a seat only what it may know (IT-HOST-02, IT-TALK-03)."""

from __future__ import annotations

from typing import Any

import pytest

from pnp.engine.game import Game
from pnp.engine.testing import view_leaks
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.view import SeatView

SETUP: dict[str, Any] = {
    "start": "encounter",
    "challenger": 0,
    "defender": 1,
    "seats": [
        {
            "house": "stark",
            "leader": "stark-eddard",
            "character": "stark-robb",
            "hand": ["stark-hostility-5", "stark-truce"],
            "deck": ["stark-hostility-1", "stark-hostility-2"],
            "hostages": ["lannister-hostility-20", "baratheon-truce"],
        },
        {
            "house": "lannister",
            "leader": "lannister-tywin",
            "character": "lannister-jaime",
            "hand": ["lannister-hostility-3", "lannister-truce"],
            "deck": ["lannister-hostility-1", "lannister-hostility-2"],
        },
        {
            "house": "baratheon",
            "leader": "baratheon-stannis",
            "hand": ["baratheon-hostility-1", "baratheon-hostility-2"],
            "deck": ["baratheon-hostility-3", "baratheon-hostility-4"],
        },
    ],
}


@pytest.fixture
def game() -> IronThroneGame:
    g = RULESET.scenario_game(RULESET.load(), SETUP, [], 0)
    assert isinstance(g, IronThroneGame)
    g.apply(0)  # the scenario's opening `begin`: the views are checked at the first real decision
    return g


def swap_hand_and_deck(seat: int):
    def change(game: Game) -> None:
        assert isinstance(game, IronThroneGame)
        ref = game.ref
        ref.hand[seat][0], ref.deck[seat][0] = ref.deck[seat][0], ref.hand[seat][0]

    return change


def test_other_hands_and_decks_are_hidden(game: IronThroneGame) -> None:
    assert view_leaks(game, 1, swap_hand_and_deck(2), seats=[0]) == []
    # the owner sees his own hand change
    assert view_leaks(game, 2, swap_hand_and_deck(2))


def test_hostage_fronts_are_hidden_from_others(game: IronThroneGame) -> None:
    """IT-HOST-02: others see only the House of a hostage."""

    def swap_hostage(g: Game) -> None:
        assert isinstance(g, IronThroneGame)
        ref = g.ref
        lannister = ref.hand[1]
        ref.held[0][0], lannister[0] = lannister[0], ref.held[0][0]

    assert view_leaks(game, 2, swap_hostage) == []
    assert game.view(2).hostage_houses(0) == ["lannister", "baratheon"]
    assert [c.id for c in game.view(0).hostages()] == ["lannister-hostility-3", "baratheon-truce"]


def test_facedown_card_hidden_until_reveal(game: IronThroneGame) -> None:
    game.apply(game.decision().labels().index("place: stark-hostility-5"))  # type: ignore[union-attr]
    view = game.view(1)
    assert view.has_placed(0) and view.placed(0) is None
    assert game.view(0).placed(0) is not None

    def swap_placed(g: Game) -> None:
        assert isinstance(g, IronThroneGame)
        ref = g.ref
        c = ref.placed[0]
        other = ref.hand[0][0]
        ref.placed[0], ref.hand[0][0] = other, c

    assert view_leaks(game, 1, swap_placed, seats=[2]) == []


def test_view_reports_public_state(game: IronThroneGame) -> None:
    view = game.view(2)
    assert view.challenger == 0 and view.defender == 1
    assert view.committed(0) == "stark-robb"
    assert view.side_power(1) == 4 and view.side_power(2) == 4
    assert view.hand_size(0) == 2 and view.deck_size(1) == 2
    assert view.leader(0) == "stark-eddard"
    assert [c.id for c in view.hand()] == ["baratheon-hostility-1", "baratheon-hostility-2"]


def _screen(game: IronThroneGame, seat: int) -> str:
    """The text form of ``seat``'s view, drawn as plain text."""
    import io

    from pnp.play import draw
    from pnp.rulesets.ironthrone.view import text_form

    out = io.StringIO()
    form = text_form(RULESET.load(), game.factions())
    draw.console(out, plain=True).print(draw.screen(form.screen(game, seat)))
    return out.getvalue()


def test_the_text_form_shows_the_seat_its_hand_and_everyone_the_board(
    game: IronThroneGame,
) -> None:
    text = _screen(game, 1)
    view = game.view(1)
    assert isinstance(view, SeatView)
    assert text.count("hand of ") == 1 and "(seat 1)" in text.split("hand of ")[1][:40]
    assert "Characters (power):" in text and "influence spread" in text
    form_names = {c.id: c.name for c in RULESET.load().model.characters}
    for cid, _power, _alive in view.characters(0):
        assert form_names[cid] in text
    assert max(map(len, text.splitlines())) <= 80
    swap_hand_and_deck(2)(game)
    assert _screen(game, 1) == text  # another's hand changed: this seat sees nothing new


def test_c_reads_the_leaders_the_hand_and_the_hostages(game: IronThroneGame) -> None:
    """``c`` prints the rules text of what a seat reads on screen (it printed nothing):
    each revealed leader's ability, its hand and the fronts of the hostages it holds."""
    from pnp.rulesets.ironthrone.effects import describe
    from pnp.rulesets.ironthrone.model import truce_terms
    from pnp.rulesets.ironthrone.view import text_form

    content = RULESET.load()
    form = text_form(content, game.factions())
    texts = dict(form.card_texts(game.view(0)))
    characters = {c.id: c for c in content.model.characters}
    for leader in ("stark-eddard", "lannister-tywin", "baratheon-stannis"):
        ability = characters[leader].leader
        assert texts[f"{characters[leader].name}, leader: {ability.title}"] == describe(ability)
    assert texts[form.name("stark-hostility-5")].startswith("a hostility card worth 5")
    truce = texts[form.name("stark-truce")]
    assert truce_terms(content.model.rules) in truce  # the card's own reminder, as printed
    assert truce.startswith("Both truce: ") and " Truce against hostility: betrayal." in truce
    assert form.name("lannister-hostility-20") in texts  # a hostage's front, held
    assert form.name("lannister-truce") not in texts  # another's hand stays unread


def test_c_reads_the_leader_sheets_a_seat_chooses_from() -> None:
    from pnp.engine.game import GameConfig
    from pnp.rulesets.ironthrone.view import text_form

    content = RULESET.load()
    game = RULESET.new_game(content, GameConfig(4), 1)
    decision = game.decision()
    assert decision is not None and decision.kind == "choose_leader"
    view = game.view(decision.seat)
    assert isinstance(view, SeatView)
    form = text_form(content, game.factions())
    names = [name for name, _ in form.card_texts(view)]
    offered = [ident for ident, _ in view.leader_offers()]
    assert len(offered) >= 2
    for ident in offered:
        assert any(name.startswith(f"{form.name(ident)}, leader: ") for name in names)


def test_the_heading_names_every_phase_in_words(game: IronThroneGame) -> None:
    """The heading said 'turn_start' and 'game_over'."""
    from pnp.rulesets.ironthrone.state import PHASES
    from pnp.rulesets.ironthrone.view import text_form

    form = text_form(RULESET.load(), game.factions())
    assert set(form.phases) == set(PHASES)
    assert all("_" not in words for words in form.phases.values())
    assert "_" not in form.heading(game.view(0))


def test_tokens_left_are_counted_in_words(game: IronThroneGame) -> None:
    """It said '(1 tokens left)'."""
    from pnp.engine.event import Event
    from pnp.rulesets.ironthrone.view import text_form

    form = text_form(RULESET.load(), game.factions())
    told = [
        form.event(Event("influence_spread", 0, {"to": "lannister", "left": n}), None) or ""
        for n in (0, 1, 3)
    ]
    assert [t.split("(")[-1] for t in told] == [
        "no tokens left).",
        "1 token left).",
        "3 tokens left).",
    ]


def test_the_encounter_panel_says_its_totals_are_live() -> None:
    """Rewards move power after the outcome: the panel's totals then differ from the
    log's '(10 to 18)', and must not pass for the ones that decided it."""
    import random

    from pnp.engine.game import GameConfig
    from pnp.rulesets.ironthrone.view import text_form

    content = RULESET.load()
    game = RULESET.new_game(content, GameConfig(3), 5)
    form = text_form(content, game.factions())
    rng = random.Random(5)
    while (d := game.decision()) is not None:
        view = game.view(0)
        assert isinstance(view, SeatView)
        if view.outcome:
            (panel,) = [b for b in form.board(view) if b.title == "the encounter"]
            assert " · totals now: challenger " in panel.lines[0]
            return
        game.apply(rng.randrange(len(d.options)))
    raise AssertionError("no encounter reached its outcome")


def test_a_changed_total_says_which_way(game: IronThroneGame) -> None:
    """'The challenger's total changes by 2.' gave no sign."""
    from pnp.engine.event import Event
    from pnp.rulesets.ironthrone.view import text_form

    form = text_form(RULESET.load(), game.factions())
    up = form.event(Event("total_changed", None, {"side": "challenger", "by": 2}), None)
    down = form.event(Event("total_changed", None, {"side": "defender", "by": -3}), None)
    assert up == "The challenger's total changes by +2."
    assert down == "The defender's total changes by -3."


def test_a_hostage_is_named_to_its_taker_and_to_whoever_knew_the_card() -> None:
    """A hostage taken from a hand was told to its victim as "takes a hostage from House
    Baratheon (hand)": the player never learnt which card left his hand. Now the taker
    and the victim read the card when it came from the victim's hand or from the
    hostages he held (IT-HOST-02, a decision in content/ironthrone/game.yaml); a card
    from the top of a deck is the taker's alone, and the others read only its House."""
    import random

    from pnp.engine.game import GameConfig
    from pnp.play.form import told
    from pnp.rulesets.ironthrone.view import EVENTS, text_form

    content = RULESET.load()
    sources = set()
    for seed in range(40):
        game = RULESET.new_game(content, GameConfig(4), seed)
        form = text_form(content, game.factions())
        houses = game.factions()
        rng = random.Random(seed)
        while (decision := game.decision()) is not None and len(sources) < 3:
            for event in game.apply(rng.randrange(len(decision.options))):
                if event.kind != "hostage_taken" or event.data["returned"]:
                    continue
                source = event.data["source"]
                sources.add(source)
                card = form.name(event.data["card"])
                victim = houses.index(event.data["victim"])
                for seat in range(4):
                    line = form.event(event, seat)
                    assert line is not None
                    knows = seat == event.seat or (seat == victim and source != "deck")
                    assert (card in line) == knows, (seat, source, line)
                    # the adapters' information state is told the same
                    item = told(EVENTS, event, seat, houses)
                    assert item is not None and ("card" in item[2]) == knows
                    if not knows:
                        assert line.endswith(f"takes a hostage from {form.name(houses[victim])}'s "
                                             f"{form.words[source]}.")  # fmt: skip
        if len(sources) == 3:
            break
    assert sources == {"hand", "deck", "held"}


def test_power_placed_is_counted_per_character(game: IronThroneGame) -> None:
    """The options read "power to: Stannis Baratheon, Stannis Baratheon" and the log
    "puts power on Tywin Lannister, Tywin Lannister": each character once, with its count."""
    from rich.text import Text

    from pnp.engine.decision import Decision, Option
    from pnp.engine.event import Event
    from pnp.rulesets.ironthrone.view import text_form

    form = text_form(RULESET.load(), game.factions())
    split = Decision(
        1,
        "distribute",
        (
            Option("power to: lannister-tywin, lannister-tywin"),
            Option("power to: lannister-tywin, lannister-jaime, lannister-tywin"),
        ),
    )
    assert [Text.from_markup(form.option(split, o)).plain for o in split.options] == [
        "power: 2 to Tywin Lannister",
        "power: 2 to Tywin Lannister, 1 to Jaime Lannister",
    ]
    placed = Event("power_placed", 1, {"characters": ["lannister-tywin"] * 2 + ["lannister-jaime"]})
    told = form.event(placed, 0)
    assert told is not None
    assert Text.from_markup(told).plain == (
        "Lannister (seat 1) puts 2 power on Tywin Lannister, 1 on Jaime Lannister."
    )


def test_game_over_counts_rounds_in_the_rulesets_words(content) -> None:
    """(QA D15) "Game over (influence, turn 3)" after a log reaching "Turn 7": the count
    is of rounds (one turn for each player), so it says so."""
    from pnp.engine.game import Result
    from pnp.rulesets.ironthrone.view import IronThroneText

    form = IronThroneText(content, ["stark", "lannister", "baratheon"])
    said = form.game_over(Result(winners=(0,), ending="influence", rounds=3))
    assert said.startswith("(influence, round 3):")
