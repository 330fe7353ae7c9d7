"""The politics rules (rules/politics.py) beyond what a scenario can pin down.

- What the players see of the Hear Ye questions: the question names the election
  it belongs to, and once the votes are counted (or nobody stands, or a divorce is
  answered) every seat's view is whole again, with no vote left face down.
- How a heuristic voter and the Master of Laws weigh a vote, a bribe and a divorce.
- Rules a shipped card cannot reach, on edited content: a once-a-game execution
  spent for good and offered to every House holding it, an odd pillage split in
  whole gold.
- The gating of the invariant checks: a card exchange spends its diplomacy marker
  where the check reads it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from pnp.content import LoadedContent
from pnp.engine.decision import Decision
from pnp.engine.testing import gating_misses
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.bots import HeuristicBot
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.view import text_form
from tests.rulesets.fief.test_invariant_gating import READS
from tests.rulesets.fief.variants import SCENARIOS, edit, run_edited, run_scenario


def _game(content: LoadedContent, scenario: str) -> tuple[FiefGame, list[str]]:
    """The position of a shipped scenario, and the labels its script chooses."""
    spec = yaml.safe_load((SCENARIOS / scenario).read_text())
    game = RULESET.scenario_game(content, spec["setup"], [], 0)
    assert isinstance(game, FiefGame)
    return game, [step["choose"] for step in spec["script"] if "choose" in step]


def _play(content: LoadedContent, game: FiefGame, labels: list[str]) -> list[tuple[Decision, str]]:
    """Play ``labels``; each decision met, with its question as its seat reads it."""
    form = text_form(content, game.factions())
    asked = []
    for label in labels:
        decision = game.decision()
        assert decision is not None
        asked.append((decision, form.ask(decision, game.view(decision.seat))))
        game.apply(decision.labels().index(label))
    return asked


def _views_are_clear(content: LoadedContent, game: FiefGame) -> str:
    """Every seat's view after the phase: no vote face down; the pending question."""
    decision = game.decision()
    assert decision is not None
    for seat in range(game.s.players):
        data: dict[str, Any] = game.view(seat).data()
        assert data["my_vote"] is None
        assert data["votes_placed"] == []
    return text_form(content, game.factions()).ask(decision, game.view(decision.seat))


def test_an_elections_questions_name_its_title_and_the_count_leaves_no_vote_behind(
    content: LoadedContent,
) -> None:
    """FF-ELEC-04, FF-ELEC-05: nominations, bribes and votes all say which election they
    are for; after the flip the markers are gone from every view."""
    game, labels = _game(content, "election-bribes-offered-in-turn.yaml")
    asked = _play(content, game, labels)[1:]  # `begin` first: it belongs to no election
    kinds = [d.kind for d, _ in asked]
    assert kinds == ["nominate"] * 3 + ["bribe", "bribe", "answer_bribe"] + ["vote"] * 3
    for decision, question in asked:
        assert " — the election of Warden of the North" in question, (decision.kind, question)
    assert "election" not in _views_are_clear(content, game)


def test_an_election_nobody_stands_for_leaves_no_trace(content: LoadedContent) -> None:
    """FF-ELEC-04: with no nominee the election is not held and the next question is
    about nothing of it."""
    game, _ = _game(content, "election-bribes-offered-in-turn.yaml")
    _play(content, game, ["begin"] + ["no candidate"] * 3)
    assert "election" not in _views_are_clear(content, game)


def test_a_divorce_request_leaves_every_view_whole(content: LoadedContent) -> None:
    """FF-MARR-10: the Master of Laws' question and the ones after it can be shown."""
    game, labels = _game(content, "marriage-divorce-asked-in-turn.yaml")
    asked = _play(content, game, labels)
    assert [d.kind for d, _ in asked][-1] == "grant_divorce"
    _views_are_clear(content, game)


def _bot_pick(game: FiefGame) -> str:
    """The label the heuristic bot picks at the pending decision."""
    decision = game.decision()
    assert decision is not None
    pick = HeuristicBot().choose(game.view(decision.seat), decision, random.Random(0))
    return decision.labels()[pick]


def test_a_voter_whose_candidate_may_win_refuses_a_rivals_bribe(content: LoadedContent) -> None:
    """A bot reads the nominees and the votes of the election under way: Tully's man,
    level with the best rival, may still win, so Tully will not sell his vote."""
    game, labels = _game(content, "election-bribes-offered-in-turn.yaml")
    _play(content, game, labels[: labels.index("refuse")])
    assert _bot_pick(game) == "refuse"


def test_a_trailing_voter_backs_the_weaker_rival(content: LoadedContent) -> None:
    """Martell's 2 votes cannot win the Warden of the North example: the bot, reading each
    side's votes, backs the rival with the fewest Villages (Arryn) over the 3-vote leader."""
    game, labels = _game(content, "election-warden-example.yaml")
    _play(content, game, labels[: labels.index("for martell-oberyn")])
    assert game.decision() is not None and game.decision().seat == 1
    assert _bot_pick(game) == "for arryn-nestor"


def test_a_voter_will_not_sell_the_crown_to_a_player_it_would_make_win(
    content: LoadedContent,
) -> None:
    """The bot knows which election a bribe is for: a King's VP would give Tully the 3 VP
    of a solo victory, so Martell refuses Tully's gold."""
    setup = {
        "phase": "elections",
        "seats": [{"house": "tully", "gold": 3}, {"house": "martell"}, {"house": "arryn"}],
        "nobles": {
            "tully-edmure": {"at": "riverrun", "titles": ["paramount-riverlands"]},
            "tully-shella": {"at": "seagard", "titles": ["paramount-vale"]},
            "martell-doran": {"at": "sunspear", "titles": ["prince-of-dorne"]},
        },
    }
    game = RULESET.scenario_game(content, setup, [], 0)
    assert isinstance(game, FiefGame)
    labels = ["begin", "nominate tully-edmure", "no candidate", "bribe seat 1 with 1"]
    asked = _play(content, game, labels)
    assert asked[-1][0].kind == "bribe"
    assert "the election of King" in asked[-1][1]
    assert _bot_pick(game) == "refuse"


def test_the_master_of_laws_frees_the_spouse_who_would_win_with_him(
    content: LoadedContent,
) -> None:
    """The bot knows whose divorce it is asked to grant: Tully's 2 VP and Arryn's 2 make
    an Alliance victory, so Arryn's Master of Laws frees Tully for Lysa."""
    setup = {
        "phase": "hear_ye",
        "seats": [{"house": "tully"}, {"house": "martell"}, {"house": "arryn"}, {"house": "stark"}],
        "nobles": {
            "tully-edmure": {
                "at": "riverrun",
                "titles": ["paramount-riverlands", "paramount-vale"],
            },
            "martell-arianne": {"at": "sunspear"},
            "arryn-yohn": {
                "at": "the-eyrie",
                "titles": ["warden-east", "master-of-laws", "paramount-north", "paramount-reach"],
            },
            "arryn-lysa": {"at": "the-eyrie"},
        },
        "marriages": [["tully-edmure", "martell-arianne"]],
    }
    game = RULESET.scenario_game(content, setup, [], 0)
    assert isinstance(game, FiefGame)
    asked = _play(content, game, ["begin", "ask for a divorce"])
    assert asked[-1][0].kind == "divorce"
    assert _bot_pick(game) == "grant the divorce"


# -- rules read from a designer's edited content (politics reads the powers' numbers) --


def test_execute_captive_per_game_is_spent_for_good(content_copy: Path, tmp_path: Path) -> None:
    """FF-HOUSE-02 with ``per: game``: used in an earlier round, the power is not offered
    again, though Arryn still holds a captive."""
    houses = content_copy / "houses.yaml"
    edit(houses, "execute_captive: {per: round}", "execute_captive: {per: game}")
    text = (
        "ruleset: fief\n"
        "covers: [FF-HOUSE-02]\n"
        "about: A once-per-game execution used in round 1 is gone in round 2.\n"
        "setup:\n"
        "  phase: hear_ye\n"
        "  round: 2\n"
        "  seats:\n"
        "    - {house: lannister}\n"
        "    - {house: arryn, used: {execute_captive: 1}}\n"
        "    - {house: tully}\n"
        "  nobles:\n"
        "    arryn-yohn: {at: the-eyrie}\n"
        "    lannister-tywin: {at: lannisport}\n"
        "    lannister-kevan: {captive_of: 1}\n"
        "script:\n"
        "  - {choose: begin}\n"
        "expect:\n"
        "  absent:\n"
        "    - {kind: noble_killed}\n"
        "  decision: {seat: 0, kind: draw}\n"
    )
    run_scenario(content_copy, text, tmp_path)


def test_execute_captive_is_offered_to_every_house_that_has_it(
    content_copy: Path, tmp_path: Path
) -> None:
    """FF-HOUSE-02 given to a second House: a House with the power but no captive does
    not stop the next one, which holds a captive, from being asked."""
    edit(
        content_copy / "houses.yaml",
        "      - choose_movement_order: true\n",
        "      - choose_movement_order: true\n      - execute_captive: {per: round}\n",
    )
    text = (
        "ruleset: fief\n"
        "covers: [FF-HOUSE-02]\n"
        "about: Martell, with the power and no captive, does not stop Arryn.\n"
        "setup:\n"
        "  phase: hear_ye\n"
        "  seats:\n"
        "    - {house: martell}\n"
        "    - {house: arryn}\n"
        "    - {house: lannister}\n"
        "  nobles:\n"
        "    martell-doran: {at: sunspear}\n"
        "    arryn-yohn: {at: the-eyrie}\n"
        "    lannister-tywin: {at: lannisport}\n"
        "    lannister-kevan: {captive_of: 1}\n"
        "script:\n"
        "  - {choose: begin}\n"
        "  - expect:\n"
        "      decision: {seat: 1, kind: execute}\n"
        '  - {seat: 1, choose: "execute lannister-kevan"}\n'
        "expect:\n"
        "  events:\n"
        "    - {kind: noble_killed, seat: 2, noble: lannister-kevan, cause: executed}\n"
    )
    run_scenario(content_copy, text, tmp_path)


def test_an_odd_idol_pillage_splits_in_whole_gold(content_copy: Path, tmp_path: Path) -> None:
    """FF-IDOL-04 with 1 gold a Sept: the five Septs' 5 gold split between the converts
    gives the Hand the smaller half, in whole Gold Dragons."""
    edit(content_copy / "rules.yaml", "idol_gold_per_sept: 2", "idol_gold_per_sept: 1")
    edits = {
        "septs: 5, gold: 10": "septs: 5, gold: 5",
        "seats[0].gold: 5": "seats[0].gold: 3",
        "seats[1].gold: 5": "seats[1].gold: 2",
    }
    run_edited(content_copy, "idols-destroyed.yaml", edits, tmp_path)


# -- the invariant checks see what the exchange changed --


def test_a_card_exchange_spends_its_diplomacy_marker_where_the_check_sees_it(
    content: LoadedContent,
) -> None:
    """FF-MARR-05: the Diplomacy marker an exchange spends changes the cards' state before
    the first card is chosen; the cards check is due after that move too."""
    spec = yaml.safe_load((SCENARIOS / "marriage-card-exchange-each-picks.yaml").read_text())
    game = RULESET.scenario_game(content, spec["setup"], [], 0)
    assert isinstance(game, FiefGame)
    labels = [step["choose"] for step in spec["script"] if "choose" in step]

    def scripted(g: object, decision: Decision) -> int:
        return [o.label for o in decision.options].index(labels.pop(0))

    steps = len(labels)
    assert gating_misses(game, scripted, READS, max_steps=steps) == []
    assert game.s.seats[0].diplomacy == 2  # the script did reach the exchange
