"""The fief kit meter: the pieces a game has in use at once, by the kit's ids."""

from __future__ import annotations

import pytest

from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.usage import COINS
from tests.rulesets.kitmeter import advance, check_games, kit_ids, started

BROTHER = {"zone": "wall", "titles": ["brother-of-the-watch"]}


def planted(content):
    """The Battle at the Wall of a five-player game with Winter is Coming, with every
    kind of marker, counter and coin heap in known numbers."""
    setup = {
        "phase": "wall",
        "options": {"nights_watch": True, "winter": True},
        "dice": [5],
        "seats": [
            {"house": "stark", "gold": 7, "assassinations": 2},
            {"house": "tully", "gold": 12},
            {"house": "martell", "gold": 3},
            {"house": "arryn"},
            {"house": "lannister"},
        ],
        "nobles": {
            "stark-benjen": BROTHER,
            "tully-brynden": BROTHER,
            "martell-oberyn": BROTHER,
            "lannister-jaime": {"captive_of": 0},
            "arryn-yohn": {"captive_of": 1},
            "stark-eddard": {"at": "winterfell", "outlaw": True},
            # an Outlaw who died: his marker went back with him
            "tully-walder": {"zone": "dead", "outlaw": True},
        },
        "troops": {"winterfell": {0: {"knight": 1, "man-at-arms": 3}}},
        "villages": {
            "winterfell": {"stronghold": 1, "mill": True, "maester": True},
            "moat-cailin": {"stronghold": 2},  # the map's Stronghold made a Fortified City
            "harrenhal": {"stronghold": 1},  # the map's own: no counter
            "deepwood-motte": {"sept": True, "mill": True},
        },
        "disasters": {"region-north": ["famine"]},
        "wall": {
            "marker": 2,
            "supplies": 6,
            "recruits": {"stark-benjen": {"nw-ranger": 2}, "tully-brynden": {"nw-archer": 1}},
            "defenders": {0: 1, 2: 2},
        },
    }
    return RULESET.scenario_game(content, setup, [], 1)


def test_a_planted_position_gives_its_known_peaks(content) -> None:
    game = planted(content)
    meter = started(RULESET, game)
    thorough = started(RULESET, game, thorough=True)
    peaks = meter.peaks
    expected = {
        "title-brother-of-the-watch": 3,  # one Brother's card each
        "captive-marker": 2,
        "outlaw-marker": 1,  # Eddard's, not the dead Walder's
        "assassination-marker": 2,
        "disaster-marker": 1,
        # heaps of 7, 12, 3 and the Wall's 6: 28 in all, and 2+2+3+1 in 1s whatever
        # the 5s (the check works out the 5s from the 1s it prints)
        "gold-5+gold-1": 28,
        "gold-1": 8,
        "nw-ranger": 2,
        "nw-archer": 1,
        "wall-defender": 3,
        "stronghold-counter": 2,
        "mill-counter": 2,
        "sept-counter": 1,
        "maester-counter": 1,
        "famine-copy-autumn": 2,  # waiting by the season tracker
        "famine-copy-winter": 2,
        "season-marker": 1,
        "wall-marker": 1,
        "castle-black": 1,
        "man-at-arms-stark": 13,  # 3 on the board and 10 in the House's stock
        "stark-benjen": 1,
        "avatar-stark-benjen": 1,
        "tax-marker-tully": 3,
        "vote-decoy-arryn": 1,
    }
    assert {k: peaks[k] for k in expected} == expected
    assert "tyrell-mace" not in peaks and "giant-champion" not in peaks
    # the wildlings come with 5 + the marker moved to 3: a giant and three knights
    advance(game, [meter, thorough], ["begin"])
    assert (meter.peaks["giant-champion"], meter.peaks["wildling-knight"]) == (1, 3)
    assert meter.finish() == thorough.finish()


@pytest.mark.parametrize(
    ("players", "agent", "options"),
    [
        (4, "random", {"tactics": True}),
        (3, "heuristic", {"winter": True}),
        (6, "heuristic", {"nights_watch": True, "winter": True}),
        (5, "heuristic", {"nights_watch": True, "concession": True}),
    ],
)
def test_triggers_miss_no_peak_and_every_piece_has_its_kit_id(
    content, players, agent, options
) -> None:
    top, ids = check_games(RULESET, content, players, range(6), agent, options)
    printed = kit_ids(RULESET, content)
    assert {k for k, v in top.items() if v} <= printed | {COINS.worth_id}
    assert top["gold-1"] > 0 and top[COINS.worth_id] >= top["gold-1"]
    assert top["stronghold-counter"] > 0
    if options.get("nights_watch"):
        assert (
            top["wall-marker"] == 1
            and top.get("giant-champion", 0) + top.get("wildling-knight", 0) > 0
        )
    # pieces of one House are known when it plays; the shared ones always
    houses = {h.id for h in content.model.houses}
    shared = {
        i for i in printed if not any(i.endswith(f"-{h}") or i.startswith(f"{h}-") for h in houses)
    }
    shared -= {f"avatar-{n.id}" for n in content.model.nobles}
    assert shared <= ids
