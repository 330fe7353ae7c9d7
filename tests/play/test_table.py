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


def test_c_reads_the_cards_the_news_names(tmp_path: Path) -> None:
    """``c`` read the hand and the cards in play, not a card the news since the last
    decision names (the event card "Wolves at the Door" the opponent just played); it
    now does, and never one the seat may not read (a card another seat drew)."""
    from pnp.play.table import card_lines

    session = session_of("thrones", 2, 3, tmp_path)
    form = text_form_for(session.ruleset, session.content, session.game.factions())
    cards = {c.id: c for c in session.content.model.cards}
    rng = random.Random(3)
    found = drawn = 0
    while (decision := session.decision()) is not None and found < 3:
        seat = decision.seat
        news = [e for step in session.since(seat) for e in step.events]
        lines = "\n".join(card_lines(form, session, seat))
        view = session.game.view(seat)
        mine = {c.d.id for c in view.hand} | {c.d.id for s in range(2) for c in view.in_play(s)}
        for event in news:
            card = event.data.get("card")
            if card not in cards or card in mine or event.seat == seat:
                continue
            if event.kind in ("card_played", "ability_used", "card_killed", "card_discarded"):
                assert f"[bold]{form.name(card)}[/]: " in lines, (event, lines)
                found += 1
            elif event.kind == "card_drawn":  # another seat's draw: not named, not read
                assert f"[bold]{form.name(card)}[/]: " not in lines
                drawn += 1
        session.choose(rng.randrange(len(decision.options)))
    assert found >= 3 and drawn > 0
