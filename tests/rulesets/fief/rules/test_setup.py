"""The set-up's rare paths, reached by changing the state before the first decision:
no Noble card left for a House's draw, and the Mother of Dragons card in the Court
discards."""

from __future__ import annotations

from pathlib import Path

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.scenario import scenario_game
from tests.rulesets.fief.variants import edit

HOUSES = ("arryn", "greyjoy", "targaryen")


def test_no_noble_card_left_brings_the_listed_lady(content: LoadedContent) -> None:
    """FF-SETUP-08: a set-up draw that finds no Lord or Lady card in the whole Court
    deck announces no card and brings the House's listed Lady; the deck keeps its cards."""
    game = scenario_game(
        content,
        {"new_game": True, "first_player": 0, "seats": [{"house": h} for h in HOUSES]},
        [],
        0,
    )
    s = game.s
    s.court = [c for c in s.court if s.cat.cards[c][1] != "new_noble"]
    court = sorted(s.court)
    events = game.apply(0)  # begin
    assert not [e for e in events if e.kind == "initial_card"]
    for seat in s.seats:
        lady = s.cat.houses[seat.house].initial.lady_card
        assert s.nobles[lady].zone == "aside"
    assert sorted(s.court) == court
    assert s.court_discard == []


def test_mother_of_dragons_card_taken_from_the_court_discards(content: LoadedContent) -> None:
    """FF-SETUP-09: Targaryen's starting Title comes with its Court card; a card that is
    not in the Court deck is taken from the Court discard pile instead."""
    game = scenario_game(
        content,
        {"new_game": True, "first_player": 0, "seats": [{"house": h} for h in HOUSES]},
        [],
        0,
    )
    s = game.s
    card = next(c for c in s.court if s.cat.cards[c][1] == "mother_of_dragons")
    s.court.remove(card)
    s.court_discard.append(card)
    game.apply(0)  # begin
    while game.decision() is not None and not s.title_cards:
        game.apply(0)
    title = s.cat.ability("targaryen", "starting_title")
    assert title is not None
    assert s.title_cards == {title: card}
    assert card not in s.court_discard and card not in s.court


def test_ff_setup_12_a_house_with_no_home_and_no_coastal_rule_may_start_inland(
    content_copy: Path,
) -> None:
    """A designer's House with ``home: null`` and without ``start_anywhere_coastal``
    picks, in turn order, any Village of a Fief nobody holds yet, inland ones too
    (content/fief/README.md, ``home``); with the rule it may pick only coastal ones."""
    edit(content_copy / "houses.yaml", "      - start_anywhere_coastal: true\n", "")
    changed = RULESET.load(content_copy.parent)
    assert RULESET.new_game is not None
    game = RULESET.new_game(changed, GameConfig(3, ("targaryen", "stark", "lannister")), 0)
    assert isinstance(game, FiefGame)
    s = game.s
    while (d := game.decision()) is not None and not (
        d.kind == "start_village" and s.seats[d.seat].house == "targaryen"
    ):
        game.apply(0)
    assert d is not None
    ids = s.cat.map.ids
    offered = {label.removeprefix("start at ") for label in d.labels()}
    coastal = {ids[v] for v in s.cat.map.coastal_villages()}
    assert offered - coastal, "no inland Village offered"
    taken = {s.cat.map.fief_of[v] for v in range(len(ids)) if s.present(v)}
    free = {ids[v] for v in range(len(ids)) if s.cat.map.fief_of[v] not in taken}
    assert offered == free
