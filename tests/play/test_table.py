"""The play loop's pieces: what happened since a decision, ``?`` and ``c``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.engine.record import Record
from pnp.play.form import text_form_for
from pnp.play.session import HUMAN, Session
from pnp.play.table import all_event_lines
from pnp.rulesets import find_ruleset


def session_of(name: str, players: int, seed: int, tmp_path: Path, **options: object) -> Session:
    """A game of ``name`` with every seat played by hand (the test answers)."""
    ruleset = find_ruleset(name)
    record = Record(name, seed, players, [HUMAN] * players, [], "incomplete", options=options)
    return Session(ruleset, ruleset.load(), record, tmp_path / "g.json")


@pytest.mark.parametrize(("name", "players"), [("thrones", 2), ("ironthrone", 3), ("fief", 4)])
def test_you_chose_says_the_option_in_the_words_it_was_shown_in(
    name: str, players: int, tmp_path: Path
) -> None:
    """The option "take 2 of 3 Men-at-Arms" came back as "you chose take 2 of 3
    Man-at-Arms" (the bare label in words, not the option's own)."""
    session = session_of(name, players, 5, tmp_path)
    form = text_form_for(session.ruleset, session.content, session.game.factions())
    rng = random.Random(5)
    kinds = set()
    for _ in range(400):
        decision = session.decision()
        if decision is None:
            break
        index = rng.randrange(len(decision.options))
        shown = form.option(decision, decision.options[index])
        session.choose(index)
        lines = all_event_lines(form, session, decision.seat)
        assert lines[0] == f"[dim]you chose {shown}[/]", (decision.kind, lines[0], shown)
        kinds.add(decision.kind)
    if name == "fief":
        assert "take_unit" in kinds  # the troops counted in words ("of 3 Men-at-Arms")
