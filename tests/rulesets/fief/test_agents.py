"""The heuristic bot's judgement on small, hand-set positions."""

from __future__ import annotations

import random
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.game import Decision, Option
from pnp.rulesets.fief.agents import HeuristicBot
from pnp.rulesets.fief.rules import FiefGame
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
    bot = HeuristicBot()
    rng = random.Random(0)
    failed = False
    while (d := game.decision()) is not None and game.s.holder["hand"] is None and not failed:
        events = game.apply(bot.choose(game.view(d.seat), d, rng))
        failed = any(e.kind == "election_failed" and e.data["title"] == "hand" for e in events)
    assert not failed
    assert game.s.holder["hand"] in ("tully-edmure", "martell-doran")


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
    from pnp.rulesets.fief.cards import targets

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
    assert bot.choose(game.view(2), answer._replace(seat=2), rng) == 1  # Arryn still blocks
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
