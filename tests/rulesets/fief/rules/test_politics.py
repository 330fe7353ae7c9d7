"""What the players see of the Hear Ye questions: the question names the election it
belongs to, and once the votes are counted (or nobody stands, or a divorce is
answered) every seat's view is whole again, with no vote left face down."""

from __future__ import annotations

from typing import Any

import yaml

from pnp.content import LoadedContent
from pnp.engine.decision import Decision
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.view import text_form
from tests.rulesets.fief.variants import SCENARIOS


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
