"""Starting a game (:mod:`pnp.rulesets.thrones.setup`): Houses and options from the config."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.thrones import RULESET


def test_houses_from_config(content: LoadedContent) -> None:
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(2, ("martell", "greyjoy")), 3)
    assert game.factions() == ("martell", "greyjoy")


def test_bad_options_are_usage_errors(content: LoadedContent) -> None:
    from pnp.errors import UsageError

    assert RULESET.new_game is not None
    with pytest.raises(UsageError, match="needs exactly 4 players"):
        RULESET.new_game(content, GameConfig(3, None, {"two_on_two": True}), 1)
    with pytest.raises(UsageError, match="unknown thrones option"):
        RULESET.new_game(content, GameConfig(2, None, {"dragons": True}), 1)
    # before, a 2-player game asked for titles was played without them, saying nothing
    with pytest.raises(UsageError, match="the titles variant needs 3 or 4 players"):
        RULESET.new_game(content, GameConfig(2, None, {"titles": True}), 1)
    assert RULESET.new_game(content, GameConfig(2, None, {"titles": False}), 1) is not None
    # before, it read as a deck format the content lacks: "the content has no foo decks"
    with pytest.raises(UsageError, match="'deck_format' must be two_player or constructed"):
        RULESET.new_game(content, GameConfig(2, None, {"deck_format": "foo"}), 1)
    with pytest.raises(UsageError, match="no two_player deck for House 'tyrell'"):
        RULESET.new_game(content, GameConfig(2, ("tyrell", None)), 1)
    # before, any value was read as its truth: 'titles=maybe' switched titles on
    for key, value in (("titles", "maybe"), ("mulligan", 2), ("draft", None)):
        with pytest.raises(UsageError, match=f"option '{key}' must be true or false, got"):
            RULESET.new_game(content, GameConfig(2, None, {key: value}), 1)


def test_pnp_rulesets_lists_every_option() -> None:
    # README: "-o sets a ruleset option (pnp rulesets lists them)"
    from pnp.rulesets.thrones.setup import OPTIONS

    for key in OPTIONS:
        assert key in RULESET.notes, key


def test_a_run_of_given_houses_counts_exactly_the_cards_their_decks_deal(
    content: LoadedContent,
) -> None:
    # the playtest leaves out the cards only unseated Houses deal (card_houses)
    from pnp.playtest.harness import card_ids, cards_left_out

    for houses in (("stark", "lannister"), ("martell", "martell")):
        assert RULESET.new_game is not None
        snap = RULESET.new_game(content, GameConfig(2, houses), 7).snapshot()
        dealt = {c for seat in snap["seats"] for c in [*seat["hand"], *seat["deck"]]}
        assert set(card_ids(RULESET, content, houses) or []) == dealt
        assert dealt.isdisjoint(cards_left_out(RULESET, content, houses))
    # a seat left to the seed may be any House: nothing is left out
    assert cards_left_out(RULESET, content, ("stark", None)) == []
