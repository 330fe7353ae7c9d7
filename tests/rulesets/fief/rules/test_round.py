"""The round: its order of phases, its opening and its end, and how a game is won."""

from __future__ import annotations

from typing import Any, cast

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig, Result
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.rules.round import enter_phase, start_round, victory, victory_path


def test_a_winners_way_is_his_vp_titles(content: LoadedContent) -> None:
    game = RULESET.new_game(content, GameConfig(3), 0)
    s = game.s
    seat = s.seats[1].index
    lord = next(n for n in s.nobles.values() if n.seat == seat)
    for title in ("king", "paramount-vale"):  # given out of content order
        s.holder[title] = lord.id
        lord.titles.append(title)
    assert victory_path(s, seat) == "paramount-vale + king"
    assert victory_path(s, s.seats[0].index) == "-"


def _position(content: LoadedContent, setup: dict[str, Any], begin: bool = True) -> FiefGame:
    """A scenario position; with ``begin``, its opening decision chosen and played on."""
    game = RULESET.scenario_game(content, setup, [], 0)
    if begin:
        game.apply(0)
    return cast(FiefGame, game)


THREE = [{"house": "tully"}, {"house": "martell"}, {"house": "arryn"}]


def test_a_scenario_opens_with_the_scenario_start_decision(content: LoadedContent) -> None:
    game = RULESET.scenario_game(content, {"phase": "end", "seats": THREE}, [], 0)
    decision = game.decision()
    assert decision is not None
    assert (decision.seat, decision.kind) == (0, "scenario_start")
    assert [o.label for o in decision.options] == ["begin"]


def test_a_won_game_says_how_each_winner_won(content: LoadedContent) -> None:
    """FF-WIN-01: the result names the winner's VP Titles, with every seat's score."""
    game = _position(
        content,
        {
            "phase": "end",
            "round": 5,
            "seats": THREE,
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["king", "paramount-riverlands"]},
                "tully-jason": {"at": "seagard", "titles": ["hand"]},
                "arryn-yohn": {"at": "the-eyrie", "titles": ["paramount-vale"]},
            },
        },
    )
    assert game.result() == Result(
        (0,), "solo_victory", 5, (3.0, 0.0, 1.0), ("paramount-riverlands + king + hand",)
    )


def test_the_round_limit_result_names_each_winners_titles(content: LoadedContent) -> None:
    """FF-PH-24: at the round limit the winners' paths are their own VP Titles."""
    game = _position(
        content,
        {
            "phase": "end",
            "round": 12,
            "seats": [*THREE, {"house": "stark"}],
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["paramount-riverlands"]},
                "martell-arianne": {"at": "sunspear", "titles": ["prince-of-dorne"]},
                "arryn-yohn": {"at": "the-eyrie", "titles": ["paramount-vale"]},
            },
        },
    )
    result = game.result()
    assert result is not None
    assert result.winners == (0, 1, 2)
    assert result.scores == (1.0, 1.0, 1.0, 0.0)
    assert result.paths == ("paramount-riverlands", "prince-of-dorne", "paramount-vale")


def test_a_phase_entered_out_of_order_is_a_violation(content: LoadedContent) -> None:
    """FF-ROUND-01: phases come in order; a repeated or earlier phase is noted."""
    game = _position(content, {"phase": "end", "round": 3, "seats": THREE})
    game.violations.clear()
    game.phase_log = ["hear_ye", "cards", "income"]
    enter_phase(game, "purchase")
    assert game.violations == []
    assert game.s.phase == "purchase"
    assert game.snapshot()["phase"] == "purchase"
    enter_phase(game, "cards")
    assert game.violations == ["phase cards after purchase in round 4"]
    enter_phase(game, "cards")
    assert game.violations[1:] == ["phase cards after cards in round 4"]
    # a new round starts over at Hear Ye, whatever came last
    game.phase_log = ["end"]
    enter_phase(game, "hear_ye")
    assert len(game.violations) == 2
    assert game.phase_log == ["end", "hear_ye"]


def test_victory_passes_over_sides_short_of_their_need(content: LoadedContent) -> None:
    """FF-WIN-01/02: a side short of its VP is skipped, the others still count."""
    game = _position(
        content,
        {
            "phase": "hear_ye",
            "seats": THREE,
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["paramount-riverlands"]},
                "arryn-yohn": {"at": "the-eyrie", "titles": ["king", "paramount-vale"]},
                "arryn-nestor": {"at": "the-eyrie", "titles": ["hand"]},
            },
        },
        begin=False,
    )
    assert victory(game.s) == ([2], "solo_victory")
    for title in ("king", "hand", "paramount-vale"):
        game.s.holder[title] = None
    assert victory(game.s) == ([], "")


def test_a_new_round_clears_last_rounds_marks(content: LoadedContent) -> None:
    """A round's opening: Nobles may move and sail again, Villages forget who entered,
    players forget the hands they saw, and each seat's Wardens and Council are noted."""
    game = _position(
        content,
        {
            "phase": "hear_ye",
            "seats": THREE,
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["warden-north"]},
                "arryn-yohn": {"at": "the-eyrie", "titles": ["hand"]},
            },
        },
        begin=False,
    )
    s = game.s
    for noble in s.nobles.values():
        noble.moved = noble.sailed = True
    s.villages[0].entries = [(1, 0)]
    s.seats[1].seen = {0: ["tax"]}
    assert list(start_round(game)) == []  # no Gods cursed Noble: nothing to ask
    assert all(n.moved is False and n.sailed is False for n in s.nobles.values())
    assert all(v.entries == [] for v in s.villages)
    assert [seat.seen for seat in s.seats] == [{}, {}, {}]
    assert [seat.start_wardens for seat in s.seats] == [["tully-edmure"], [], []]
    assert [seat.start_council for seat in s.seats] == [[], [], ["arryn-yohn"]]
