"""Which troops go with a moving Noble: every split is reachable, none breaks a rule; the
bot answers the troop questions by its plan; the questions name the Noble and his way;
troops that marched this phase stay, and the troop question says so."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.invariants import violations
from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.scenario import scenario_game
from pnp.rulesets.fief.view import text_form

TROOP_KINDS = ("take_troops", "take_unit", "drop_unit")


def _at_troop_choice(content: LoadedContent, army: dict[str, int], to: str) -> FiefGame:
    """Bran at Winterfell with ``army`` (Stark, seat 0), asked which troops go to ``to``."""
    setup: dict[str, Any] = {
        "phase": "movement",
        "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
        "nobles": {"stark-bran": {"at": "winterfell"}},
        "troops": {"winterfell": {0: dict(army)}},
    }
    game = scenario_game(content, setup, [], 0)
    for label in ("begin", "move stark-bran", f"to {to}"):
        d = game.decision()
        assert d is not None
        game.apply([o.label for o in d.options].index(label))
    return game


def _splits(
    content: LoadedContent, army: dict[str, int], to: str
) -> list[tuple[tuple[int, ...], ...]]:
    """Walk every answer to the troop questions; the troops left at each Village per leaf.

    Each leaf replays its path on a fresh game, checks the rules' invariants and
    that no question it met had a single option.
    """
    # the Village passed through on the way to the Twins; nothing stops on a one-step move
    places = ("winterfell", "moat-cailin", to) if to == "the-twins" else ("winterfell", to)
    found = []
    paths: list[list[int]] = [[]]
    while paths:
        path = paths.pop()
        game = _at_troop_choice(content, army, to)
        for index in path:
            game.apply(index)
        d = game.decision()
        if d is not None and d.kind in TROOP_KINDS:
            assert len(d.options) >= 2, d
            paths.extend([*path, i] for i in range(len(d.options)))
            continue
        s = game.s
        assert not violations(game, d)
        assert s.nobles["stark-bran"].at == s.cat.map.ids.index(to)
        ids = s.cat.map.ids
        counts = [tuple(s.troops(ids.index(p), 0) or [0] * len(s.cat.units)) for p in places]
        if len(counts) == 2:
            counts.insert(1, (0,) * len(s.cat.units))
        found.append(tuple(counts))
    return found


def _kinds(content: LoadedContent, army: dict[str, int]) -> list[int]:
    """``army`` as unit counts in the catalog's order."""
    cat = _at_troop_choice(content, army, "moat-cailin").s.cat
    counts = [0] * len(cat.units)
    for unit, n in army.items():
        counts[cat.unit_index[unit]] = n
    return counts


@pytest.mark.parametrize(
    ("army", "to", "through"),
    [
        ({"man-at-arms": 3, "knight": 2}, "moat-cailin", False),
        ({"man-at-arms": 2, "knight": 1}, "the-twins", True),
        ({"man-at-arms": 1}, "the-twins", True),
        ({"man-at-arms": 2}, "moat-cailin", False),
    ],
)
def test_every_split_is_reachable_and_keeps_the_troops(
    content: LoadedContent, army: dict[str, int], to: str, through: bool
) -> None:
    have = _kinds(content, army)
    reached = set(_splits(content, army, to))
    # every troop stays, stops on the way (two-Village moves only) or arrives with him
    expected = set()
    for per_kind in product(
        *[
            [(n - a - b, b, a) for a in range(n + 1) for b in range(n + 1 - a) if through or b == 0]
            for n in have
        ]
    ):
        stay, on_way, arrive = (tuple(k[i] for k in per_kind) for i in range(3))
        expected.add((stay, on_way if through else (0,) * len(have), arrive))
    assert reached == expected


def _bot_moves_bran(content: LoadedContent, to: str) -> tuple[FiefGame, list[str], dict[str, Any]]:
    """Bran (with Robb staying at Winterfell) walks to ``to`` with 3 men-at-arms and a knight;
    the heuristic bot answers every troop question. Returns the game, its answers and the
    data of the ``moved`` event."""
    game = scenario_game(
        content,
        {
            "phase": "movement",
            "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
            "nobles": {"stark-bran": {"at": "winterfell"}, "stark-robb": {"at": "winterfell"}},
            "troops": {"winterfell": {0: {"man-at-arms": 3, "knight": 1}}},
            "villages": {"winterfell": {"controller": 0}},
        },
        [],
        0,
    )
    for label in ("begin", "move stark-bran", f"to {to}"):
        d = game.decision()
        assert d is not None
        game.apply([o.label for o in d.options].index(label))
    bot, answers, moved = HeuristicBot(), [], []
    troop_questions = ("take_troops", "take_unit", "drop_unit")
    while (d := game.decision()) is not None and d.kind in troop_questions:
        pick = bot.choose(game.view(0), d, random.Random(0))
        answers.append(d.options[pick].label)
        moved += [e.data for e in game.apply(pick) if e.kind == "moved"]
    assert len(moved) == 1
    return game, answers, moved[0]


def test_bot_answers_the_troop_questions_by_its_plan(content: LoadedContent) -> None:
    """FF-PH-09/13: the bot takes every troop where a quick answer says so, and on a
    two-Village move drops the cheapest troop in the Village it passes, kind by kind."""
    _, answers, moved = _bot_moves_bran(content, "moat-cailin")
    assert answers == ["take all troops"]
    assert moved["troops"] == 4
    assert moved["dropped"] == {}
    game, answers, moved = _bot_moves_bran(content, "the-twins")
    assert answers == [
        "choose troops by kind",
        "take 3 of 3 man-at-arms",
        "1 of 3 man-at-arms stop at moat-cailin",
        "take 1 of 1 knight",
        "0 of 1 knight stop at moat-cailin",
    ]
    assert moved["dropped"] == {"moat-cailin": 1}
    units = game.snapshot()["villages"]
    assert units["moat-cailin"]["units"] == {"0": {"man-at-arms": 1}}
    assert units["the-twins"]["units"] == {"0": {"man-at-arms": 2, "knight": 1}}


def test_the_movement_questions_name_the_noble_and_where_he_goes(content: LoadedContent) -> None:
    """FF-PH-09, FF-SC-06: the destination, troop and landing questions say which Noble they
    are about (and, once chosen, where he goes); every question after them renders."""
    setup: dict[str, Any] = {
        "phase": "movement",
        "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
        "nobles": {
            "stark-bran": {"at": "deepwood-motte"},
            "stark-robb": {"at": "winterfell", "titles": ["warden-north", "master-of-ships"]},
            "stark-jon": {"at": "winterfell"},
        },
        "troops": {
            "deepwood-motte": {0: {"knight": 2}},
            "winterfell": {0: {"man-at-arms": 3, "knight": 1}},
        },
    }
    game = scenario_game(content, setup, [], 0)
    form = text_form(content, game.factions())
    script = [
        "begin",
        "let stark-bran sail",
        "move stark-jon",
        "to the-twins",
        "choose troops by kind",
        "take 3 of 3 man-at-arms",
        "0 of 3 man-at-arms stop at moat-cailin",
        "take 1 of 1 knight",
        "0 of 1 knight stop at moat-cailin",
        "sail stark-bran",
        "sail to lannisport",
        "take all troops",
    ]
    asked = {}
    for label in script:
        d = game.decision()
        assert d is not None
        asked.setdefault(d.kind, []).append(form.ask(d, game.view(d.seat)))
        game.apply([o.label for o in d.options].index(label))
    d = game.decision()
    assert d is not None and d.kind == "move"
    asked["move"].append(form.ask(d, game.view(d.seat)))
    assert asked["destination"][0].endswith(" — Jon Snow")
    assert [q.partition(" — ")[2] for q in asked["take_troops"]] == [
        "Jon Snow to The Twins",
        "Bran Stark to Lannisport",
    ]
    assert asked["sail_to"][0].endswith(" — Bran Stark")
    assert all(" — " not in q for q in asked["move"]), asked["move"]
    assert len(asked["move"]) == 3


def _relayed(content: LoadedContent) -> FiefGame:
    """Jason has led a Knight from Moat Cailin to Riverrun, where Hoster stands with a
    Man-at-Arms; Hoster is about to leave for King's Landing (Tully, seat 0)."""
    setup: dict[str, Any] = {
        "phase": "movement",
        "seats": [{"house": "tully"}, {"house": "stark"}, {"house": "arryn"}],
        "nobles": {
            "tully-jason": {"at": "moat-cailin"},
            "tully-hoster": {"at": "riverrun"},
            "arryn-yohn": {"at": "the-eyrie"},
        },
        "troops": {"moat-cailin": {0: {"knight": 1}}, "riverrun": {0: {"man-at-arms": 1}}},
    }
    game = scenario_game(content, setup, [], 0)
    script = (
        "begin",
        "move tully-jason",
        "to riverrun",
        "take all troops",
        "move tully-hoster",
        "to kings-landing",
    )
    for label in script:
        d = game.decision()
        assert d is not None
        game.apply([o.label for o in d.options].index(label))
    return game


def test_the_troop_question_names_the_troops_that_marched_and_stay(
    content: LoadedContent,
) -> None:
    """FF-PH-13: troops that marched this phase may not march again; the troop question
    says which stay, as its answers count only the others."""
    game = _relayed(content)
    d = game.decision()
    assert d is not None and d.kind == "take_troops"
    question = text_form(content, game.factions()).ask(d, game.view(0))
    assert question.endswith(
        " — Hoster Tully to King's Landing (1 Knight marched here this phase and stays)"
    ), question


def test_bot_leads_only_troops_that_may_still_march(content: LoadedContent) -> None:
    """FF-PH-13: the bot's troop answers are among those offered and count only the troops
    that have not marched yet: the Knight Jason brought stays at Riverrun."""
    game = _relayed(content)
    bot = HeuristicBot()
    while (d := game.decision()) is not None and d.kind in TROOP_KINDS:
        pick = bot.choose(game.view(0), d, random.Random(0))
        assert 0 <= pick < len(d.options)
        game.apply(pick)
    riverrun = game.snapshot()["villages"]["riverrun"]["units"]
    assert riverrun.get("0", {}).get("knight") == 1, riverrun
    assert not violations(game, d)
