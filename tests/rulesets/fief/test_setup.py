"""Starting a fief game: Houses and options from the configuration, the First Player."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.errors import UsageError
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.scenario import scenario_game

HOUSES = ("arryn", "greyjoy", "targaryen")


def test_houses_from_the_configuration(content: LoadedContent) -> None:
    game = RULESET.new_game(content, GameConfig(3, ("stark", None, "tully")), 3)
    houses = game.factions()
    assert houses[0] == "stark" and houses[2] == "tully"
    assert len(set(houses)) == 3


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (GameConfig(2), "played by 3–6 players, not 2"),
        (GameConfig(7), "played by 3–6 players, not 7"),
        (GameConfig(3, ("stark", "stark", None)), "one player only"),
        (GameConfig(3, ("starks", None, None)), "unknown House 'starks'"),
        (GameConfig(3, options={"winterr": True}), "no option 'winterr'"),
        (GameConfig(3, options={"winter": "yes"}), "must be true or false"),
        (GameConfig(4, options={"nights_watch": True}), "needs at least 5 players, not 4"),
    ],
)
def test_bad_configuration(content: LoadedContent, config: GameConfig, message: str) -> None:
    """FF-GAP-11: 3 to 6 players, one per House; unknown options are refused.

    FF-NW-01: the Night's Watch expansion needs five players or more.
    """
    with pytest.raises(UsageError, match=message):
        RULESET.new_game(content, config, 0)


def test_targaryen_is_starting_player(content: LoadedContent) -> None:
    """FF-SETUP-06: whoever the seed picks, Targaryen starts."""
    for seed in range(4):
        game = RULESET.new_game(content, GameConfig(4, ("stark", "targaryen", None, None)), seed)
        assert game.first_player() == 1


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
