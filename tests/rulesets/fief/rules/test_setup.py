"""The set-up's rare paths, reached by changing the state before the first decision:
no Noble card left for a House's draw, and the Mother of Dragons card in the Court
discards."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.rulesets.fief.scenario import scenario_game

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
