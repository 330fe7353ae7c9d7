"""The referee's moves (rules/moves.py): the events one seating shares across games."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.runner import (
    Limits,
    agents_chooser,
    run_game,
)
from pnp.rulesets.ironthrone import RULESET, setup
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.rules.moves import drop
from pnp.rulesets.ironthrone.rules.turn import Referee
from pnp.rulesets.ironthrone.state import ALIVE, CHALLENGER, DEFENDER
from tests.rulesets.ironthrone.games import first_character_free, with_game_rule


def nine_houses(root: Path) -> Path:
    """The shipped content with four more Houses (renamed copies of four of the
    five, with their events): catalog House numbers up to 8."""
    folder = root / "ironthrone"
    shutil.copytree(RULESET.content_dir(), folder)
    events = (folder / "events.yaml").read_text()
    for house in ("stark", "lannister", "baratheon", "tyrell"):
        copy = house + "x"
        text = (folder / "houses" / f"{house}.yaml").read_text()
        (folder / "houses" / f"{copy}.yaml").write_text(re.sub(rf"\b{house}\b", copy, text))
        events += "".join(
            f"\n  - {{id: event-{copy}-{n}, type: house, house: {copy}, name: Copy {n}}}"
            for n in range(3)
        )
    (folder / "events.yaml").write_text(events + "\n")
    return root


def test_shared_events_say_what_happened_in_each_seating(content: LoadedContent[Any]) -> None:
    """Events kept in the pool every seating shares name the right Houses and
    cards: a card drawn or placed is its seat's own, the cards revealed are the
    two just placed, power is placed on the seat's own characters, a hostage's
    House is its card's, and it is returned exactly when the taker owns it."""
    model = content.model
    house_of = {card.id: h.id for h in model.houses for card in h.deck}
    house_of.update({c.id: h.id for h in model.houses for c in model.characters_of(h.id)})
    limits = Limits.for_ruleset(RULESET, invariants=False)
    seatings, hostages, reveals, placings = set(), 0, 0, 0
    for seed in range(300):
        players = 3 + seed % 3
        seen: list[Any] = []
        choose = agents_chooser(RULESET, ["random"] * players, seed)
        config = GameConfig(players)
        run = run_game(RULESET, content, config, seed, choose, limits, observer=seen.extend)
        houses = run.factions
        seatings.add(houses)
        laid: list[str | None] = []  # the cards placed since the last reveal
        for e in seen:
            card = e.data.get("card")
            own_card = e.kind == "card_drawn" and card in house_of
            placed = e.kind == "card_played" and e.data.get("use") == "placed"
            if placed:
                laid.append(card)
            if own_card or (placed and card):
                assert house_of[card] == houses[e.seat], (seed, e)
            elif e.kind == "cards_revealed":
                reveals += 1
                assert sorted(map(str, laid)) == sorted(
                    str(e.data[side]) for side in ("challenger", "defender")
                ), (seed, e, laid)
                laid = []
            elif e.kind == "encounter_resolved" and e.data["outcome"] == "hostility":
                tc, td = e.data["challenger_total"], e.data["defender_total"]
                won = "challenger" if tc > td else "defender" if td > tc else "none"
                assert e.data["winner"] == won, (seed, e)
            elif e.kind == "power_placed":
                placings += 1
                assert {house_of[c] for c in e.data["characters"]} == {houses[e.seat]}, (seed, e)
            elif e.kind == "hostage_taken":
                hostages += 1
                assert e.data["house"] == house_of[card], (seed, e)
                assert e.data["victim"] in houses and e.data["victim"] != houses[e.seat]
                assert e.data["returned"] == (e.data["house"] == houses[e.seat]), (seed, e)
    assert len(seatings) > 30 and hostages > 100 and reveals > 1000 and placings > 1000


def test_shared_events_name_the_right_houses_with_many_houses(tmp_path: Path) -> None:
    """With nine Houses, the events kept in the pool under keys that pack a
    catalog House number still name the right Houses (a House number must not
    run into the field next to it)."""
    content = RULESET.load(nine_houses(tmp_path))
    assert len(content.model.houses) == 9
    house_of = {card.id: h.id for h in content.model.houses for card in h.deck}
    limits = Limits.for_ruleset(RULESET, invariants=False)
    checked = 0
    for seed in range(150):
        seen: list[Any] = []
        choose = agents_chooser(RULESET, ["random"] * 5, seed)
        run = run_game(RULESET, content, GameConfig(5), seed, choose, limits, observer=seen.extend)
        houses = run.factions
        for e in seen:
            if e.kind == "hostage_taken":
                assert e.data["house"] == house_of[e.data["card"]], (seed, e)
                assert e.data["victim"] in houses and e.data["victim"] != houses[e.seat]
                checked += 1
            elif e.kind == "influence_spread":
                assert e.data["to"] in houses and e.data["to"] != houses[e.seat], (seed, e)
                checked += 1
    assert checked > 1000


def test_pooled_events_are_the_ones_a_fresh_pool_makes(content: LoadedContent[Any]) -> None:
    """Every game's events, with the pools warm from the games before it, equal the
    events the same game makes with every table and pool built afresh: no two
    different events share a pool key."""
    limits = Limits.for_ruleset(RULESET, invariants=False)

    def events(seed: int, players: int) -> list[Any]:
        seen: list[Any] = []
        choose = agents_chooser(RULESET, ["random"] * players, seed)
        config = GameConfig(players)
        run_game(RULESET, content, config, seed, choose, limits, observer=seen.extend)
        return seen

    seeds = [(seed, 3 + seed % 3) for seed in range(200)]
    warm = [events(seed, players) for seed, players in seeds]  # one pool for all
    for (seed, players), seen in zip(seeds[::5], warm[::5], strict=True):
        setup._CATALOGS.clear()
        setup._TABLES.clear()
        assert events(seed, players) == seen, seed


def test_hostages_of_several_houses_get_their_own_options(content: LoadedContent[Any]) -> None:
    """Two players each holding hostages of two Houses are offered each their own
    hostages (IT-HOST-05), in a seating whose Houses are not in the catalog's order:
    the cached option lists of one are never handed to the other."""
    catalog = [h.id for h in content.model.houses]
    # seat 2's House is catalog House 1, seat 3's the last one, seat 4's the first
    houses = (catalog[2], catalog[3], catalog[1], catalog[4], catalog[0])
    game = RULESET.new_game(content, GameConfig(5, factions=houses), 0)
    ref = game.ref

    def card(seat: int, place: int) -> int:
        """The first copy of the ``place``-th distinct id of ``seat``'s House deck."""
        ids = list(dict.fromkeys(ref.t.card_id[c] for c in ref.t.seat_cards[seat]))
        return ref.find(ref.t.seat_cards[seat], ids[place])

    # seat 0 holds seat 2's first id and seat 3's third; seat 1 seat 2's second
    # id and seat 4's third
    held_0 = [card(2, 0), card(3, 2)]
    held_1 = [card(2, 1), card(4, 2)]
    for held in (held_0, held_1):
        ids = [ref.t.card_id[c] for c in held]
        expected = ["done"] + [f"{verb}: {i}" for verb in ("release", "torment") for i in ids]
        assert [o.label for o in ref.hostage_options(held)] == expected


# ---------------------------------------------------------------- helper d:
# Moves.split_options (large amounts), Moves.find, Moves.find_in_hand


def fresh_referee(content: LoadedContent[Any], players: int) -> Referee:
    """The referee of a new game of ``players`` seats (seed 0), typed."""
    new_game = RULESET.new_game
    assert new_game is not None
    game = new_game(content, GameConfig(players), 0)
    assert isinstance(game, IronThroneGame)
    return game.ref


def test_it_pow_02_splits_of_large_amounts_name_their_characters(
    content: LoadedContent[Any],
) -> None:
    """IT-POW-02: distributing 32, 64 or 100 power offers every split among exactly
    the living characters given: one character alone has one way, two have one
    more way than the amount, and no list is handed to another set of characters."""
    ref = fresh_referee(content, 5)
    first, second = 0, 1  # the two first characters of the catalog, of one House
    assert ref.t.char_seat[first] == ref.t.char_seat[second]
    for k in (32, 64, 100):
        for up_to in (False, True):
            alone = ref.split_options((second,), k, up_to)
            both = ref.split_options((first, second), k, up_to)
            sizes = range(k, 0, -1) if up_to else (k,)
            assert len(alone) == len(sizes), (k, up_to)
            assert len(both) == sum(n + 1 for n in sizes), (k, up_to)
            assert {c for o in alone for c in o.data} == {second}
            assert {c for o in both for c in o.data} == {first, second}
            assert len(both[0].data) == k


def test_find_names_the_card_it_misses(content: LoadedContent[Any]) -> None:
    """IT-HOST-05, IT-ENC-01: a hostage to release or torment, a card to place, is
    chosen by its id and looked up in its zone (the held hostages, the hand);
    asking a zone for an id it lacks is an error naming the card and the zone."""
    ref = fresh_referee(content, 3)
    theirs = ref.t.card_id[ref.t.seat_cards[1][0]]
    with pytest.raises(ValueError, match=f"^no {re.escape(theirs)} in the zone$"):
        ref.find([], theirs)
    with pytest.raises(ValueError, match=f"^no {re.escape(theirs)} in the hand$"):
        ref.find_in_hand(0, theirs)


# ---------------------------------------------------------------- helper e:
# drop, Moves.char_power_of, Moves.remove_power, Moves.side_totals, Moves.spread,
# Moves.withdraw and Moves.is_active

#: plain fixture leaders for the three Houses of :func:`encounter_e`
LORDS_E = [
    {"id": f"{h}-lord-e", "type": "leader", "house": h, "name": "Plain Lord"}
    for h in ("stark", "lannister", "baratheon")
]


def encounter_e(content: LoadedContent[Any]) -> IronThroneGame:
    """A scenario game at its encounter: Stark challenges Lannister, Baratheon
    supports the challenger (the opening ``begin`` not yet answered)."""
    seats = [
        {
            "house": "stark",
            "leader": "stark-lord-e",
            "character": "stark-robb",
            "hand": ["stark-hostility-5", "stark-truce"],
            "deck": ["stark-hostility-1"],
        },
        {
            "house": "lannister",
            "leader": "lannister-lord-e",
            "character": "lannister-jaime",
            "hand": ["lannister-hostility-5", "lannister-truce"],
            "deck": ["lannister-hostility-1"],
        },
        {
            "house": "baratheon",
            "leader": "baratheon-lord-e",
            "character": "baratheon-stannis",
            "supports": "challenger",
            "hand": [],
            "deck": ["baratheon-hostility-1"],
        },
    ]
    setup = {"start": "encounter", "challenger": 0, "defender": 1, "seats": seats}
    scenario_game = RULESET.scenario_game
    assert scenario_game is not None
    game = scenario_game(content, setup, LORDS_E, 0)
    assert isinstance(game, IronThroneGame)
    return game


def test_drop_takes_one_copy_and_names_the_card_it_misses() -> None:
    """IT-HOST-05, IT-ENC-01: a card leaves its zone (a hand, the held hostages) as
    one copy, the first; a card the zone lacks is an error naming that card."""
    zone = [4, 7, 4]
    drop(zone, 4)
    assert zone == [7, 4]
    with pytest.raises(ValueError, match=r"^card 9 is not in the zone$"):
        drop(zone, 9)
    assert zone == [7, 4]


def test_the_catalogs_first_character_counts_its_power(content: LoadedContent[Any]) -> None:
    """IT-ENC-05, IT-POW-03: the power on a participating character counts whatever
    its number, the catalog's very first character (number 0) included; no
    participating character counts 0."""
    ref = first_character_free(content).ref
    assert ref.status[0] == ALIVE and ref.power[0] > 0
    ref.committed[0] = -1
    assert ref.char_power_of(0) == 0
    ref.committed[0] = 0
    assert ref.char_power_of(0) == ref.power[0]


def test_a_torment_worth_no_power_leaves_the_character_alone(
    content: LoadedContent[Any], tmp_path: Path
) -> None:
    """IT-HOST-09 with a designer's ``torment: {character: 0}``: tormenting a living
    character's card then moves no power and records no power removed; removing
    no power from a character moves none."""
    changed = with_game_rule(tmp_path, "character: 4,", "character: 0,")
    seats = [
        {"house": "stark", "leader": "stark-lord-e", "hostages": ["lannister-jaime-card"]},
        {"house": "lannister", "leader": "lannister-lord-e"},
        {"house": "baratheon", "leader": "baratheon-lord-e"},
    ]
    setup = {"start": "turn", "event_deck": ["event-lannister-gold"], "seats": seats}
    scenario_game = RULESET.scenario_game
    assert scenario_game is not None
    game = scenario_game(changed, setup, LORDS_E, 0)
    assert isinstance(game, IronThroneGame)
    ref = game.ref
    jaime = ref.t.char_id.index("lannister-jaime")
    before = ref.power[jaime]
    game.apply(0)  # begin
    hostages = game.decision()
    assert hostages is not None and hostages.kind == "hostages"
    events = game.apply(hostages.labels().index("torment: lannister-jaime-card"))
    assert "hostage_tormented" in [e.kind for e in events]
    assert "power_removed" not in [e.kind for e in events]
    assert (ref.power[jaime], ref.status[jaime]) == (before, ALIVE)
    ref.events = []
    assert ref.remove_power(jaime, 0) == 0
    assert ref.events == [] and ref.power[jaime] == before


def test_side_totals_lead_with_zero(content: LoadedContent[Any]) -> None:
    """IT-ENC-05: the side totals are listed by side number, the first place (no
    side) holding 0 whatever bonus the challenger's side has."""
    ref = encounter_e(content).ref
    base = ref.side_totals()
    ref.add_bonus(CHALLENGER, 3)
    ref.add_bonus(DEFENDER, 1)
    assert ref.side_totals() == [0, base[1] + 3, base[2] + 1]


def test_spread_says_whether_it_spread_and_tallies_each_reason(
    content: LoadedContent[Any],
) -> None:
    """IT-WIN-01: a spread onto another House's board takes a token and says so;
    none goes onto one's own board. Each token spread is tallied by its reason,
    an ability's by default, for the playtest's ways to win."""
    ref = encounter_e(content).ref
    left = ref.left[0]
    assert ref.spread(0, 0) is False
    assert ref.left[0] == left
    assert ref.spread(0, 1) is True
    assert ref.spread(0, 1) is True
    assert ref.spread(0, 2, "truce deal") is True
    assert ref.left[0] == left - 3
    assert ref.spread_gains[0] == {"ability": 2, "truce deal": 1}
    assert ref.spread_gains[1] == {}


def test_it_wd_02_an_active_player_never_withdraws(content: LoadedContent[Any]) -> None:
    """IT-WD-02, IT-WD-01: told to withdraw, an active player stays in with his
    character and cards; a supporter withdraws."""
    game = encounter_e(content)
    ref = game.ref
    assert [ref.is_active(s) for s in range(3)] == [True, True, False]
    ref.events = []
    for seat in (0, 1):
        ref.withdraw(seat)
    assert ref.side == [CHALLENGER, DEFENDER, CHALLENGER]
    assert ref.committed[:2] == [ref.t.char_id.index(c) for c in ("stark-robb", "lannister-jaime")]
    assert ref.withdrawn == [False, False, False]
    assert ref.events == []
    ref.withdraw(2)
    assert ref.withdrawn == [False, False, True]
    assert [e.kind for e in ref.events] == ["withdrew"]
