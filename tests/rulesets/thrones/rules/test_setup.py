"""The setup steps of a new game (:mod:`pnp.rulesets.thrones.rules.setup`): setup hands,
mulligans, the first player and the refill after placement."""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.snapshot import snapshot
from pnp.rulesets.thrones.zones import DECK, HAND

HOUSES = ("stark", "lannister")


def new(content: LoadedContent, players: int, options: dict[str, Any], seed: int = 5) -> Any:
    assert RULESET.new_game is not None
    houses = HOUSES if players == 2 else None
    return RULESET.new_game(content, GameConfig(players, houses, options), seed)


def hands(game: Any) -> list[list[str]]:
    return [list(s["hand"]) for s in snapshot(game)["seats"]]


def test_th_setup_06_three_players_get_no_mulligan_by_default(content: LoadedContent) -> None:
    game = new(content, 3, {})
    decision = game.decision()
    assert decision.kind == "setup"  # straight to placement: no "keep hand" / "mulligan"


def test_th_setup_04_setup_hands_come_from_shuffled_decks_unless_shuffle_is_off(
    content: LoadedContent,
) -> None:
    # unshuffled, a setup hand is the top of the deck as built: the seed does not matter
    plain = hands(new(content, 2, {"shuffle": False}, seed=5))
    assert plain == hands(new(content, 2, {"shuffle": False}, seed=6))
    # shuffled (the default), the same seed deals other hands than the deck's own order
    assert hands(new(content, 2, {}, seed=5)) != plain
    assert hands(new(content, 2, {}, seed=5)) == hands(new(content, 2, {"shuffle": True}, seed=5))


def test_th_setup_03_first_player_is_logged_and_th_setup_13_hands_refill_to_seven(
    content: LoadedContent,
) -> None:
    game = new(content, 2, {})
    events = game.apply(0)  # seat 0 keeps his hand
    events += game.apply(0)  # seat 1 too: the first player is drawn
    first = snapshot(game)["first_player"]
    logged = [(e.kind, e.seat) for e in events if e.kind == "setup_first_player"]
    assert logged == [("setup_first_player", first)]
    while (d := game.decision()).kind == "setup":  # both place nothing
        game.apply([o.label for o in d.options].index("setup: done"))
    # nobody placed a card: the hands are still full and nobody draws past 7
    assert [s["hand_size"] for s in snapshot(game)["seats"]] == [7, 7]


def test_th_setup_06_a_mulligan_puts_the_whole_hand_back_into_the_deck(
    content: LoadedContent,
) -> None:
    """A player who mulligans shuffles his setup hand back into his deck and draws a new
    one: every card of the deck is then in the deck's zone (what a search or a draw of
    the deck, and the card-count check, read), none of them left as a hand card."""
    game = new(content, 2, {})
    decision = game.decision()
    assert decision.kind == "mulligan"
    game.apply(decision.labels().index("mulligan"))
    seat = game.seats[decision.seat]
    assert seat.deck and {c.zone for c in seat.deck} == {DECK}
    assert {c.zone for c in seat.hand} == {HAND}
