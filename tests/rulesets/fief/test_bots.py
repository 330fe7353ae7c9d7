"""The heuristic bot's judgement on small, hand-set positions."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine import GameConfig
from pnp.engine.errors import UnknownDecisionError
from pnp.engine.game import Decision, Option
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.scenario import scenario_game


def _game(content: LoadedContent, setup: dict[str, Any]) -> FiefGame:
    return scenario_game(content, setup, [], 0)


def test_vp_at_stake_counts_only_titles_no_kin_inherits(content: LoadedContent) -> None:
    game = _game(
        content,
        {
            "seats": [{"house": "stark"}, {"house": "tully"}, {"house": "arryn"}],
            "nobles": {
                "stark-eddard": {"at": "winterfell", "titles": ["paramount-north", "king"]},
                "stark-robb": {"at": "winterfell"},
                "tully-edmure": {"at": "riverrun", "titles": ["paramount-riverlands"]},
            },
        },
    )
    s, bot = game.s, HeuristicBot()
    # Robb inherits the North; the crown is lost
    assert bot._vp_at_stake(s, s.nobles["stark-eddard"]) == 1
    # Edmure has no kin on the board: his Fief Title goes back to the board
    assert bot._vp_at_stake(s, s.nobles["tully-edmure"]) == 1
    assert bot._vp_at_stake(s, s.nobles["stark-robb"]) == 0
    assert bot._kill_value(s, 2, s.nobles["stark-robb"]) == 0
    assert bot._kill_value(s, 2, s.nobles["stark-eddard"]) > 0
    assert bot._kill_value(s, 0, s.nobles["stark-eddard"]) == 0  # never his own


def test_lone_noble_leaves_his_only_troop_to_hold_the_village(content: LoadedContent) -> None:
    game = _game(
        content,
        {
            "seats": [{"house": "tyrell"}, {"house": "stark"}, {"house": "arryn"}],
            "nobles": {"tyrell-mace": {"at": "bitterbridge"}},
            "troops": {"bitterbridge": {0: {"man-at-arms": 1}}},
            "villages": {"bitterbridge": {"controller": 0}},
        },
    )
    s = game.s
    s.focus = {"noble": "tyrell-mace", "to": s.cat.map.ids.index("highgarden"), "via": -1}
    decision = Decision(
        0, "take_troops", (Option("take all troops", "all"), Option("take no troops", "none"))
    )
    pick = HeuristicBot().choose(game.view(0), decision, random.Random(0))
    assert decision.options[pick].data == "none"


def test_tied_council_agrees_on_one_hand(content: LoadedContent) -> None:
    """Two Council members, each with his own Warden standing: a 1-1 tie would elect nobody."""
    game = _game(
        content,
        {
            "phase": "elections",
            "seats": [{"house": "tully"}, {"house": "martell"}, {"house": "arryn"}],
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["warden-north", "master-of-coin"]},
                "martell-doran": {"at": "sunspear", "titles": ["warden-south", "master-of-laws"]},
            },
        },
    )
    game.apply(0)  # begin: the scenario's pause, which only a script answers
    bot = HeuristicBot()
    rng = random.Random(0)
    failed = False
    while (d := game.decision()) is not None and game.s.holder["hand"] is None and not failed:
        events = game.apply(bot.choose(game.view(d.seat), d, rng))
        failed = any(e.kind == "election_failed" and e.data["title"] == "hand" for e in events)
    assert not failed
    assert game.s.holder["hand"] in ("tully-edmure", "martell-doran")


@pytest.mark.parametrize(("first", "hand"), [(0, "tully-edmure"), (1, "martell-doran")])
def test_a_tie_settles_on_turn_order_not_seat_number(
    content: LoadedContent, first: int, hand: str
) -> None:
    """Two sides level on VP tie 1-1 for Hand: both settle on the side earlier in this
    round's turn order (which moves every round), never on the lower seat number."""
    game = _game(
        content,
        {
            "phase": "elections",
            "first_player": first,
            "seats": [{"house": "tully"}, {"house": "martell"}, {"house": "arryn"}],
            "nobles": {
                "tully-edmure": {"at": "riverrun", "titles": ["warden-north", "master-of-coin"]},
                "martell-doran": {"at": "sunspear", "titles": ["warden-south", "master-of-laws"]},
            },
        },
    )
    game.apply(0)  # begin
    bot = HeuristicBot()
    rng = random.Random(0)
    while (d := game.decision()) is not None and game.s.holder["hand"] is None:
        game.apply(bot.choose(game.view(d.seat), d, rng))
    assert game.s.holder["hand"] == hand


def test_nobles_do_not_pile_onto_a_fight_already_won(content: LoadedContent) -> None:
    """Edmure's army already outnumbers the lone Lannister at Stoney Sept: Jason is
    worth more holding Riverrun than walking in as well."""
    game = _game(
        content,
        {
            "seats": [{"house": "tully"}, {"house": "lannister"}, {"house": "stark"}],
            "nobles": {
                "tully-edmure": {"at": "stoney-sept"},
                "tully-jason": {"at": "riverrun"},
                "lannister-jaime": {"at": "stoney-sept"},
            },
            "troops": {
                "stoney-sept": {0: {"man-at-arms": 3}},
                "riverrun": {0: {"man-at-arms": 3}},
            },
            "villages": {"riverrun": {"controller": 0}, "stoney-sept": {"controller": 0}},
        },
    )
    s, bot = game.s, HeuristicBot()
    ids = s.cat.map.ids
    jason = s.nobles["tully-jason"]
    fight = bot._move_value(s, jason, ids.index("stoney-sept"), "riverlands")
    # without Edmure's army there the same march is a prize worth taking
    del s.villages[ids.index("stoney-sept")].units[0]
    s.villages[ids.index("stoney-sept")].nobles.remove("tully-edmure")
    s.nobles["tully-edmure"].at = ids.index("harrenhal")
    s.villages[ids.index("harrenhal")].nobles.append("tully-edmure")
    alone = bot._move_value(s, jason, ids.index("stoney-sept"), "riverlands")
    assert fight <= 0.5 < alone


def _council_play(
    content: LoadedContent, nobles: dict[str, Any]
) -> tuple[FiefGame, Decision, Decision]:
    """Tully (seat 0, holding a "Join the Small Council" card) against Martell and Arryn:
    the game, a play decision offering the card, and the card's targets."""
    from pnp.rulesets.fief.rules.cards import targets

    card = "join-the-small-council"
    seats = [{"house": "tully", "hand": [card]}, {"house": "martell"}, {"house": "arryn"}]
    game = _game(content, {"seats": seats, "nobles": nobles})
    play = Decision(0, "play", (Option("pass", None), Option(f"play {card}", ("card", card))))
    return game, play, Decision(0, "target", tuple(targets(game, 0, card)))


def test_council_card_seats_the_weakest_rival_when_the_hands_chair_is_empty(
    content: LoadedContent,
) -> None:
    """Tully has no Warden to seat; a card held back leaves the Council too small to
    elect a Hand, so it seats the Warden of the side furthest from victory (Martell, 0 VP),
    never that of Arryn, one VP short."""
    game, play, target = _council_play(
        content,
        {
            "tully-edmure": {"at": "riverrun"},
            "martell-doran": {"at": "sunspear", "titles": ["warden-south"]},
            "arryn-yohn": {"at": "the-eyrie", "titles": ["warden-east", "paramount-vale"]},
            "arryn-robert": {"at": "the-eyrie", "titles": ["paramount-riverlands"]},
        },
    )
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.choose(game.view(0), play, rng) == 1
    assert target.options[bot.choose(game.view(0), target, rng)].data[0] == "martell-doran"
    # with a Hand in office there is no empty chair to fill: the card waits
    game.s.holder["hand"] = "arryn-yohn"
    game.s.nobles["arryn-yohn"].titles.append("hand")
    assert bot.choose(game.view(0), play, rng) == 0


def test_council_card_under_a_rival_hand_takes_the_seat_he_cannot_refuse(
    content: LoadedContent,
) -> None:
    """Under a rival Hand every seat but the Master of Laws needs his consent."""
    game, play, target = _council_play(
        content,
        {
            "tully-edmure": {"at": "riverrun", "titles": ["warden-north"]},
            "martell-doran": {"at": "sunspear", "titles": ["warden-south", "hand"]},
        },
    )
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.choose(game.view(0), play, rng) == 1
    assert target.options[bot.choose(game.view(0), target, rng)].data[1] == "master-of-laws"
    # the Master of Laws' chair taken, the Hand would refuse any other: keep the card
    game.s.holder["master-of-laws"] = "arryn-yohn"
    assert bot.choose(game.view(0), play, rng) == 0


def _protector_grant(content: LoadedContent, rival_titles: list[str]) -> FiefGame:
    """Seat 0 is a free Protector; seat 1 (with ``rival_titles``) occupies Pyke, Balon there."""
    pyke = {v: {"controller": 1} for v in ("old-wyk", "great-wyk", "harlaw")}
    return _game(
        content,
        {
            "seats": [{"house": "stark"}, {"house": "greyjoy"}, {"house": "arryn"}],
            "nobles": {
                "stark-eddard": {"at": "winterfell", "titles": ["king", "protector"]},
                "greyjoy-balon": {"at": "pyke"},
                "greyjoy-asha": {"at": "riverrun", "titles": rival_titles},
            },
            "villages": {**pyke, "pyke": {"controller": 1, "stronghold": 1}},
            "troops": {v: {1: {"man-at-arms": 1}} for v in pyke},
        },
    )


def test_protector_never_grants_a_rival_the_winning_title(content: LoadedContent) -> None:
    """Greyjoy occupies Pyke: its Title is a favour to a rival far from victory, but the
    winning VP for a rival one VP short."""
    purchase = Decision(
        0, "purchase", (Option("done", None), Option("grant reaper-of-pyke", ("grant", "pyke")))
    )
    bot, rng = HeuristicBot(), random.Random(0)
    game = _protector_grant(content, ["paramount-riverlands", "hand"])
    assert game.s.occupies_fief(1, "pyke") and game.s.vp(1) == 2
    # Pyke's Title would be Greyjoy's third VP: a solo win in a 3-player game
    assert bot.choose(game.view(0), purchase, rng) == 0
    game = _protector_grant(content, [])
    assert bot.choose(game.view(0), purchase, rng) == 1


def _bribe_election(content: LoadedContent) -> FiefGame:
    """Stark (3 votes) and Tully (2) each stand a candidate; Arryn (1) only votes."""
    game = _game(
        content,
        {
            "seats": [{"house": "stark"}, {"house": "tully"}, {"house": "arryn"}],
            "nobles": {"stark-robb": {"at": "winterfell"}, "tully-edmure": {"at": "riverrun"}},
        },
    )
    s = game.s
    s.election = "warden-north"
    s.focus = {
        "election": "warden-north",
        "votes": {0: 3, 1: 2, 2: 1},
        "minimum": 1,
        "nominees": ["stark-robb", "tully-edmure"],
    }
    s.seats[1].gold = 12
    return game


def test_a_candidate_who_can_win_does_not_sell_his_vote(content: LoadedContent) -> None:
    """Stark's man leads the vote: taking Tully's gold would only hand Tully the Title
    (and two such sales tie the vote); Tully's man cannot win, so Tully may sell."""
    game = _bribe_election(content)
    bot = HeuristicBot()
    rng = random.Random(0)
    to_stark = Decision(
        0, "answer_bribe", (Option("take 8 for tully-edmure", True), Option("refuse", False))
    )
    to_tully = Decision(
        1, "answer_bribe", (Option("take 8 for stark-robb", True), Option("refuse", False))
    )
    assert to_stark.options[bot.choose(game.view(0), to_stark, rng)].data is False
    assert to_tully.options[bot.choose(game.view(1), to_tully, rng)].data is True


def test_nobody_pays_a_rival_whose_candidate_can_win(content: LoadedContent) -> None:
    """Tully's gold goes to Arryn, who has no candidate, not to Stark, who would refuse it."""
    game = _bribe_election(content)
    options = [Option("no bribe", None)]
    options += [Option(f"bribe seat {t} with 3", (t, 3)) for t in (0, 2)]
    decision = Decision(1, "bribe", tuple(options))
    pick = HeuristicBot().choose(game.view(1), decision, random.Random(0))
    assert decision.options[pick].data == (2, 3)


def _bran_moves(
    content: LoadedContent,
    at: str,
    to: str,
    rival: dict[str, Any] | None,
    round_: int = 1,
    army: dict[str, int] | None = None,
    **village: Any,
) -> FiefGame:
    """Stark's Bran (alone, ``army`` or 3 Men-at-Arms and 2 Knights) leaves ``at`` for ``to``; the
    heuristic bot answers the troop questions. ``rival``: a Lannister army and where."""
    setup: dict[str, Any] = {
        "phase": "movement",
        "round": round_,
        "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
        "nobles": {"stark-bran": {"at": at}},
        "troops": {at: {0: army or {"man-at-arms": 3, "knight": 2}}},
        "villages": {at: {"controller": 0, **village}},
    }
    if rival is not None:
        setup["nobles"]["lannister-jaime"] = {"at": rival["at"]}
        setup["troops"][rival["at"]] = {1: rival["troops"]}
    game = _game(content, setup)
    _bot_moves(game, "stark-bran", to)
    return game


def _bot_moves(game: FiefGame, noble: str, to: str) -> None:
    """Seat 0 moves ``noble`` to ``to``; the heuristic bot answers the troop questions."""
    for label in ("begin", f"move {noble}", f"to {to}"):
        d = game.decision()
        assert d is not None
        game.apply([o.label for o in d.options].index(label))
    bot, rng = HeuristicBot(), random.Random(0)
    troop_questions = ("take_troops", "take_unit", "drop_unit")
    while (d := game.decision()) is not None and d.kind in troop_questions:
        game.apply(bot.choose(game.view(0), d, rng))
    assert game.s.nobles[noble].at == game.s.cat.map.ids.index(to)


def _left_at(game: FiefGame, village: str) -> dict[str, int]:
    s = game.s
    units = s.troops(s.cat.map.ids.index(village), 0) or []
    return {s.cat.units[u]: n for u, n in enumerate(units) if n}


# Jaime (strength 2), a Knight and 2 Men-at-Arms at the Twins: strength 7, two roads
# from Winterfell and Seagard
JAIME_AT_THE_TWINS = {"at": "the-twins", "troops": {"knight": 1, "man-at-arms": 2}}
JAIME_TROOPS = {"the-twins": {1: JAIME_AT_THE_TWINS["troops"]}}


def test_garrison_deters_a_rival_army_in_reach(content: LoadedContent) -> None:
    """Winterfell (Stark's target Fief) with Jaime's army in reach: Bran leaves the
    weakest troops that Jaime would not attack (7 < 1.3 x 6) and takes the rest, which
    no quick answer gives (the bot chooses by kind)."""
    game = _bran_moves(content, "winterfell", "white-harbor", JAIME_AT_THE_TWINS)
    assert _left_at(game, "winterfell") == {"man-at-arms": 3, "knight": 1}
    assert _left_at(game, "white-harbor") == {"knight": 1}


def test_garrison_late_in_the_game_expects_an_even_fight(content: LoadedContent) -> None:
    """From round 6 a rival attacks his target Fief at even strength: 7 needs 8 to deter,
    which takes Bran's whole army (9): he walks on alone."""
    game = _bran_moves(content, "winterfell", "white-harbor", JAIME_AT_THE_TWINS, round_=6)
    assert _left_at(game, "winterfell") == {"man-at-arms": 3, "knight": 2}
    assert _left_at(game, "white-harbor") == {}


def test_no_garrison_without_a_threat_or_a_stake(content: LoadedContent) -> None:
    """No rival in reach, a rival who has already moved this phase, or a Village that
    does not matter (a Mill alone does not): the old judgement (a Noble leaving alone
    keeps one troop behind)."""
    game = _bran_moves(content, "winterfell", "white-harbor", None)
    assert _left_at(game, "winterfell") == {"man-at-arms": 1}
    # Seagard (Riverlands, not Stark's Fief) next to Jaime's army, with a Mill or without
    for mill in (False, True):
        game = _bran_moves(content, "seagard", "moat-cailin", JAIME_AT_THE_TWINS, mill=mill)
        assert _left_at(game, "seagard") == {"man-at-arms": 1}


def test_a_rival_who_has_moved_is_no_threat(content: LoadedContent) -> None:
    """Jaime already moved this phase: he cannot reach Winterfell before the battles."""
    game = _game(
        content,
        {
            "phase": "movement",
            "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
            "nobles": {"stark-bran": {"at": "winterfell"}, "lannister-jaime": {"at": "the-twins"}},
            "troops": {
                "winterfell": {0: {"man-at-arms": 3, "knight": 2}},
                **JAIME_TROOPS,
            },
            "villages": {"winterfell": {"controller": 0}},
        },
    )
    s, bot = game.s, HeuristicBot()
    bran, ids = s.nobles["stark-bran"], s.cat.map.ids
    units = s.troops(ids.index("winterfell"), 0)
    assert bot._garrison(s, bran, units) is not None
    s.nobles["lannister-jaime"].moved = True
    assert bot._garrison(s, bran, units) is None


def test_garrison_behind_walls(content: LoadedContent) -> None:
    """Seagard with a Stronghold matters: Jaime's 7 strength rolls two dice less one, so
    a garrison of 6 is still needed; behind a Fortified City he has no die left and one
    troop holds the walls."""
    game = _bran_moves(content, "seagard", "moat-cailin", JAIME_AT_THE_TWINS, stronghold=1)
    assert _left_at(game, "seagard") == {"man-at-arms": 3, "knight": 1}
    game = _bran_moves(content, "seagard", "moat-cailin", JAIME_AT_THE_TWINS, stronghold=2)
    assert _left_at(game, "seagard") == {"man-at-arms": 1}
    assert _left_at(game, "moat-cailin") == {"man-at-arms": 2, "knight": 2}


def test_garrison_reads_the_wall_penalties_from_the_rules(content_copy: Path) -> None:
    """The bot judges walls by rules.yaml, not by numbers of its own: a designer who sets
    the Fortified City's penalty to 0 dice gets a garrison as if Seagard had no walls."""
    rules = content_copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "fortified_penalty: 2" in text
    rules.write_text(text.replace("fortified_penalty: 2", "fortified_penalty: 0"), encoding="utf-8")
    changed = RULESET.load(content_copy.parent)
    game = _bran_moves(changed, "seagard", "moat-cailin", JAIME_AT_THE_TWINS, stronghold=2)
    assert _left_at(game, "seagard") == {"man-at-arms": 3, "knight": 1}


def test_garrison_for_the_last_hold_of_an_owned_fief(content: LoadedContent) -> None:
    """Bran holds the Riverlands' Title: Seagard, his House's only Village there, keeps a
    garrison against Jaime; once Riverrun is his too, Seagard is just a Village."""
    game = _titled_bran_moves(content, hold_riverrun=False)
    assert _left_at(game, "seagard") == {"man-at-arms": 3, "knight": 1}
    game = _titled_bran_moves(content, hold_riverrun=True)
    assert _left_at(game, "seagard") == {"man-at-arms": 1}


def _titled_bran_moves(content: LoadedContent, hold_riverrun: bool) -> FiefGame:
    setup: dict[str, Any] = {
        "phase": "movement",
        "seats": [{"house": "stark"}, {"house": "lannister"}, {"house": "tully"}],
        "nobles": {
            "stark-bran": {"at": "seagard", "titles": ["paramount-riverlands"]},
            "lannister-jaime": {"at": "the-twins"},
        },
        "troops": {
            "seagard": {0: {"man-at-arms": 3, "knight": 2}},
            **JAIME_TROOPS,
        },
        "villages": {"seagard": {"controller": 0}},
    }
    if hold_riverrun:
        setup["troops"]["riverrun"] = {0: {"man-at-arms": 1}}
        setup["villages"]["riverrun"] = {"controller": 0}
    game = _game(content, setup)
    _bot_moves(game, "stark-bran", "moat-cailin")
    return game


def test_drop_one_on_the_way_after_the_garrison(content: LoadedContent) -> None:
    """Bran marches through Moat Cailin (not his yet) to the Twins: Winterfell first keeps
    its garrison against Jaime's army at White Harbor, then one of the two Knights he
    leads stops at Moat Cailin and the other goes on with him."""
    jaime = {"at": "white-harbor", "troops": JAIME_AT_THE_TWINS["troops"]}
    army = {"man-at-arms": 3, "knight": 3}
    game = _bran_moves(content, "winterfell", "the-twins", jaime, army=army)
    assert _left_at(game, "winterfell") == {"man-at-arms": 3, "knight": 1}
    assert _left_at(game, "moat-cailin") == {"knight": 1}
    assert _left_at(game, "the-twins") == {"knight": 1}


def test_target_fief_is_worked_out_once_per_decision(content: LoadedContent) -> None:
    """The bot remembers each seat's target Fief for one decision only, and it is the same one."""
    from pnp.engine import GameConfig
    from pnp.rulesets.fief import RULESET

    calls: list[tuple[int, int]] = []

    class Counting(HeuristicBot):
        def _work_out_target(self, s: Any, me: int) -> str | None:
            calls.append((id(s), me))
            return super()._work_out_target(s, me)

    game = RULESET.new_game(content, GameConfig(6), 4)
    bots = [Counting() for _ in range(6)]
    rng = random.Random(4)
    moves = 0
    while (d := game.decision()) is not None and moves < 40:
        view = game.view(d.seat)
        calls.clear()
        index = bots[d.seat].choose(view, d, rng)
        # once per seat asked about (itself, its ally), however many moves it weighed
        assert len(calls) == len(set(calls)) <= 2
        assert all(state == id(view.state) for state, _ in calls)
        if d.kind in ("move", "destination"):
            moves += 1
            assert calls  # and worked out afresh for every decision
        # outside a decision nothing is remembered (a test may change the state in between)
        calls.clear()
        bots[d.seat]._target_fief(view.state, d.seat)
        assert len(calls) == 1
        game.apply(index)
    assert moves == 40


def test_protector_out_of_contention_sells_even_the_winning_title(
    content: LoadedContent,
) -> None:
    """From round 8 a Protector further from victory than Greyjoy grants Pyke for the favour."""
    purchase = Decision(
        0, "purchase", (Option("done", None), Option("grant reaper-of-pyke", ("grant", "pyke")))
    )
    bot, rng = HeuristicBot(), random.Random(0)
    game = _protector_grant(content, ["paramount-riverlands", "hand"])
    game.s.round = 9
    game.s.seats[1].gold = 5
    assert bot._out_of_contention(game.s, 0)  # 1 VP (the crown) against Greyjoy's 2
    assert bot.choose(game.view(0), purchase, rng) == 1
    # Greyjoy cannot pay the favour: no sale, and no gift of the winning VP
    game.s.seats[1].gold = 0
    assert bot.choose(game.view(0), purchase, rng) == 0


def _race(content: LoadedContent, round_: int) -> FiefGame:
    """A King election in a 3-player race: Stark (2 VP) stands, and the crown wins him the
    game; Arryn (2 VP) is as near victory, Tully (no VP) is far behind."""
    game = _game(
        content,
        {
            "round": round_,
            "seats": [{"house": "stark", "gold": 5}, {"house": "tully"}, {"house": "arryn"}],
            "nobles": {
                "stark-eddard": {"at": "winterfell", "titles": ["paramount-north", "hand"]},
                "tully-edmure": {"at": "riverrun", "titles": ["warden-west"]},
                "arryn-robert": {
                    "at": "the-eyrie",
                    "titles": ["paramount-vale", "prince-of-dorne"],
                },
            },
        },
    )
    s = game.s
    s.election = "king"
    s.focus = {"election": "king", "votes": {0: 1, 1: 1, 2: 2}, "nominees": ["stark-eddard"]}
    return game


def test_out_of_contention_is_trailing_a_rival_side_from_round_8(content: LoadedContent) -> None:
    bot = HeuristicBot()
    s = _race(content, 9).s
    assert [bot._out_of_contention(s, seat) for seat in range(3)] == [False, True, False]
    s = _race(content, 7).s
    assert not any(bot._out_of_contention(s, seat) for seat in range(3))


def test_a_side_out_of_contention_sells_its_vote_and_one_in_the_race_blocks(
    content: LoadedContent,
) -> None:
    answer = Decision(1, "answer_bribe", (Option("take 5 for stark-eddard"), Option("refuse")))
    bot, rng = HeuristicBot(), random.Random(0)
    game = _race(content, 9)
    assert bot.choose(game.view(1), answer, rng) == 0  # Tully takes the gold
    # Arryn still blocks
    assert bot.choose(game.view(2), Decision(2, answer.kind, answer.options), rng) == 1
    # before round 8 nobody is out of the race: the crown that wins Stark the game is refused
    game = _race(content, 7)
    assert bot.choose(game.view(1), answer, rng) == 1


def test_a_side_out_of_contention_no_longer_strikes_out_the_winning_candidate(
    content: LoadedContent,
) -> None:
    vote = Decision(
        1,
        "vote",
        (
            Option("abstain", (None, None)),
            Option("decoy stark-eddard", (None, "stark-eddard")),
            Option("for stark-eddard", ("stark-eddard", None)),
        ),
    )
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.choose(_race(content, 9).view(1), vote, rng) == 2
    assert bot.choose(_race(content, 7).view(1), vote, rng) == 0


def test_a_bribe_for_the_winning_title_goes_to_the_side_that_sells(
    content: LoadedContent,
) -> None:
    """Stark (5 gold) offers only to Tully, who sells; Arryn, with more votes, would refuse."""
    bribe = Decision(
        0,
        "bribe",
        (
            Option("no bribe", None),
            Option("bribe seat 1 with 5", (1, 5)),
            Option("bribe seat 2 with 5", (2, 5)),
        ),
    )
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.choose(_race(content, 9).view(0), bribe, rng) == 1
    assert bot.choose(_race(content, 7).view(0), bribe, rng) == 0  # nobody sells it yet


def test_a_side_out_of_contention_keeps_its_dagger(content: LoadedContent) -> None:
    play = Decision(
        1, "play", (Option("pass", None), Option("play assassination", ("card", "assassination")))
    )
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.choose(_race(content, 7).view(1), play, rng) == 1  # Eddard's death costs Stark VP
    assert bot.choose(_race(content, 9).view(1), play, rng) == 0


def _divorce_court(content: LoadedContent, arryn_vp: int, laws: str) -> FiefGame:
    """Tully (2 VP) is married to Martell (1 VP): an Alliance one VP short. Arryn has
    ``arryn_vp`` VP and an unmarried Lady; ``laws`` (a Lord) is the Master of Laws."""
    arryn_titles = ["paramount-vale", "paramount-stormlands"][:arryn_vp]
    nobles: dict[str, Any] = {
        "tully-edmure": {"at": "riverrun", "titles": ["paramount-riverlands"]},
        "tully-hoster": {"at": "seagard", "titles": ["paramount-westerlands"]},
        "martell-arianne": {"at": "sunspear"},
        "martell-doran": {"at": "sunspear", "titles": ["prince-of-dorne"]},
        "arryn-yohn": {"at": "the-eyrie", "titles": arryn_titles},
        "arryn-lysa": {"at": "the-eyrie"},
        "stark-eddard": {"at": "winterfell", "titles": ["paramount-north"]},
    }
    nobles[laws] = {**nobles[laws], "titles": [*nobles[laws].get("titles", []), "master-of-laws"]}
    return _game(
        content,
        {
            "phase": "hear_ye",
            "seats": [
                {"house": "tully"},
                {"house": "martell"},
                {"house": "arryn"},
                {"house": "stark"},
            ],
            "nobles": nobles,
            "marriages": [["tully-edmure", "martell-arianne"]],
        },
    )


def _bots_through_marriages(game: FiefGame) -> list[str]:
    """Every seat's heuristic bot plays the divorces and proposals; returns the event kinds."""
    bot, rng = HeuristicBot(), random.Random(0)
    kinds: list[str] = []
    while (d := game.decision()) is not None and d.kind != "nominate":
        pick = 0 if d.kind == "scenario_start" else bot.choose(game.view(d.seat), d, rng)
        kinds += [e.kind for e in game.apply(pick)]
    return kinds


def test_divorce_and_marry_for_the_win(content: LoadedContent) -> None:
    """Tully's 2 VP and Arryn's 2 make a winning Alliance: Tully asks for a divorce,
    Arryn's Master of Laws grants it (the match is his own), Tully proposes to Arryn and
    Arryn accepts."""
    game = _divorce_court(content, 2, "arryn-yohn")
    kinds = _bots_through_marriages(game)
    assert "marriage_ended" in kinds and "married" in kinds
    s = game.s
    assert s.seats[0].partner == 2 and s.seats[2].partner == 0
    assert s.seats[1].partner != 0  # Martell is free to wed elsewhere (Stark here)


def test_no_divorce_without_a_winning_match(content: LoadedContent) -> None:
    """Arryn has only 1 VP: Tully and Arryn would still be one short, so Tully stays
    with Martell."""
    game = _divorce_court(content, 1, "arryn-yohn")
    kinds = _bots_through_marriages(game)
    assert "marriage_ended" not in kinds
    assert game.s.seats[0].partner == 1


def test_master_of_laws_refuses_a_match_not_his_own(content: LoadedContent) -> None:
    """Stark holds the Master of Laws and is still in the race: he will not free Tully
    to win the game with Arryn."""
    game = _divorce_court(content, 2, "stark-eddard")
    kinds = _bots_through_marriages(game)
    assert "divorce_refused" in kinds and "marriage_ended" not in kinds
    assert game.s.seats[0].partner == 1


def _robbery(content: LoadedContent, round_: int, golds: tuple[int, int]) -> FiefGame:
    """Greyjoy may rob once a game; Stark and Arryn hold ``golds``."""
    return _game(
        content,
        {
            "round": round_,
            "seats": [
                {"house": "greyjoy"},
                {"house": "stark", "gold": golds[0]},
                {"house": "arryn", "gold": golds[1]},
            ],
            "nobles": {"greyjoy-balon": {"at": "pyke"}},
        },
    )


def _rob_pick(game: FiefGame) -> Any:
    options = (
        Option("pass", None),
        Option("rob seat 1", ("rob", 1)),
        Option("rob seat 2", ("rob", 2)),
    )
    decision = Decision(0, "play", options)
    return decision.options[HeuristicBot().choose(game.view(0), decision, random.Random(0))].data


def test_the_thief_waits_for_a_fat_purse_and_robs_the_richest(content: LoadedContent) -> None:
    """Robbery takes half a purse on average, once a game: a few coins in the first
    rounds are not worth it; the richest rival's hoard is."""
    assert _rob_pick(_robbery(content, 2, (6, 5))) is None
    assert _rob_pick(_robbery(content, 6, (12, 25))) == ("rob", 2)
    # in the last rounds any purse is better than an unused ability
    assert _rob_pick(_robbery(content, 11, (4, 3))) == ("rob", 1)


def test_a_marriage_that_wins_nothing_waits_for_the_winning_match(
    content: LoadedContent,
) -> None:
    """Unmarried Martell is courted by Stark (1 VP), a match that wins nothing. Martell
    accepts while no winning match is free; once Martell's 2 VP and unmarried Tully's 2
    would win together, it refuses Stark; once Tully weds elsewhere, it accepts again."""
    game = _divorce_court(content, 1, "arryn-yohn")
    s = game.s
    s.nobles["tully-edmure"].spouse = s.nobles["martell-arianne"].spouse = None
    for seat in (0, 1):
        s.seats[seat].marriage = s.seats[seat].partner = None
    answer = Decision(1, "answer_proposal", (Option("accept stark-eddard"), Option("refuse")))
    bot, rng = HeuristicBot(), random.Random(0)
    assert bot.choose(game.view(1), answer, rng) == 0  # Martell 1 + Tully 2: no match
    s.nobles["martell-doran"].titles.append("paramount-reach")
    s.holder["paramount-reach"] = "martell-doran"
    assert bot.choose(game.view(1), answer, rng) == 1  # Martell 2 + Tully 2 win: wait
    s.seats[0].marriage = ("tully-edmure", "arryn-lysa")
    assert bot.choose(game.view(1), answer, rng) == 0  # Tully is taken: Stark is welcome


def _watch_game(content: LoadedContent, die: int = 6) -> FiefGame:
    """Five players at the Battle at the Wall, the wildlings' die showing ``die``; Stark
    has a Man-at-Arms at the gate Deepwood Motte."""
    setup: dict[str, Any] = {
        "phase": "wall",
        "options": {"nights_watch": True},
        "dice": [die],
        "seats": [
            {"house": "stark", "gold": 10},
            {"house": "tully", "gold": 10},
            {"house": "martell"},
            {"house": "arryn"},
            {"house": "lannister"},
        ],
        "nobles": {"stark-eddard": {"at": "winterfell"}, "tully-edmure": {"at": "riverrun"}},
        "troops": {"deepwood-motte": {0: {"man-at-arms": 1}}},
        "wall": {"marker": 4},
    }
    game = _game(content, setup)
    game.apply(0)  # begin
    return game


def test_bids_at_the_wall_only_with_something_to_lose(content: LoadedContent) -> None:
    """The host is a die plus the marker (5 + d6 here) against the castles' 6: Stark, with
    troops at a gate, bids what the Watch lacks; Tully, with nothing in the North, bids
    nothing."""
    game = _watch_game(content)
    bot = HeuristicBot()
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (0, "wall_bid")
    stark = d.options[bot.choose(game.view(0), d, random.Random(0))].data
    assert stark >= 5  # the marker is 5 now: a 6 on the die would beat 6 + a smaller bid
    game.apply(d.options.index(next(o for o in d.options if o.data == stark)))
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (1, "wall_bid")
    assert d.options[bot.choose(game.view(1), d, random.Random(0))].data == 0


def test_the_draw_never_sends_a_lord_by_accident(content: LoadedContent) -> None:
    """With the Court deck gone, the second option of Tully's draw is a Lord for the Wall;
    with the Lord Commander's chair taken the bot has no reason to send him, and takes
    two Fortune cards."""
    game = _game(
        content,
        {
            "phase": "cards",
            "options": {"nights_watch": True},
            "seats": [{"house": h} for h in ("tully", "stark", "martell", "arryn", "lannister")],
            "nobles": {
                "tully-edmure": {"at": "riverrun"},
                "tully-jason": {"at": "riverrun"},
                "stark-benjen": {
                    "zone": "wall",
                    "titles": ["brother-of-the-watch", "lord-commander"],
                },
            },
        },
    )
    s = game.s
    s.seats[4].hand += s.court + s.court_discard  # no Court Event card left to draw
    s.court.clear()
    s.court_discard.clear()
    game.apply(0)  # begin
    game.apply(0)  # Lannister keeps the hand he was dealt
    d = game.decision()
    assert d is not None and (d.seat, d.kind) == (0, "draw")
    assert d.options[1].label == "draw fortune and send tully-edmure to the Wall"
    pick = HeuristicBot().choose(game.view(0), d, random.Random(0))
    assert d.options[pick].label == "draw fortune and fortune"


def test_a_decision_kind_without_a_rule_is_an_error(content: LoadedContent) -> None:
    """The bot never plays a decision it was not taught blind (option 0): it says so."""
    game = RULESET.new_game(content, GameConfig(4), 0)
    unknown = Decision(0, "no_such_kind", (Option("a", 1), Option("b", 2)))
    with pytest.raises(UnknownDecisionError) as caught:
        HeuristicBot().choose(game.view(0), unknown, random.Random(0))
    assert caught.value.kind == "no_such_kind"
    assert caught.value.bot == "heuristic"


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("black_or_outlaw", ("x takes the black", "x turns Outlaw")),
        ("concede", ("concede nothing", "concede paramount-north to x")),
        ("oathbreak", ("x keeps his oath", "x breaks his oath")),
        ("wall_supplies", ("take 3 from the supplies", "leave the supplies")),
        ("castle_falls", ("let castle-black fall", "let shadow-tower fall")),
    ],
)
def test_the_cautious_rules_take_the_first_option(
    content: LoadedContent, kind: str, options: tuple[str, ...]
) -> None:
    """The kinds the bot has no judgement on have a rule of their own: the first option."""
    game = RULESET.new_game(content, GameConfig(4), 0)
    decision = Decision(0, kind, tuple(Option(label) for label in options))
    assert HeuristicBot().choose(game.view(0), decision, random.Random(0)) == 0


def test_bids_at_the_wall_against_the_wildlings_rolled(content: LoadedContent) -> None:
    """The wildlings' die is rolled before the bids: with a 1 they come with 6 (marker 5
    + 1), no stronger than the castles' 6, and Stark, though his troops stand at a gate,
    keeps his gold; with a 6 (11 against 6) he bids the 5 the Watch lacks."""
    bot = HeuristicBot()
    for die, wanted in ((1, 0), (6, 5)):
        game = _watch_game(content, die)
        d = game.decision()
        assert d is not None and (d.seat, d.kind) == (0, "wall_bid")
        assert game.s.focus == {"wildlings": 5 + die}
        assert d.options[bot.choose(game.view(0), d, random.Random(0))].data == wanted
