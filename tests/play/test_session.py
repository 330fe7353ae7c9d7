"""A :class:`~pnp.play.session.Session` with ``ismcts`` seats: searches are not replayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pnp.adapters.search import SearchChooser
from pnp.engine.record import Record
from pnp.engine.runner import INCOMPLETE, Limits
from pnp.play.session import HUMAN, Session
from pnp.rulesets import find_ruleset


def new_session(tmp_path: Path, choices: list[int] | None = None) -> Session:
    """Iron Throne at three: a person at seat 0, search at seats 1 and 2 (budget 2)."""
    ruleset = find_ruleset("ironthrone")
    limits = Limits.for_ruleset(ruleset)
    record = Record(
        ruleset="ironthrone",
        seed=4,
        players=3,
        agents=[HUMAN, "ismcts", "ismcts"],
        choices=list(choices or []),
        status=INCOMPLETE,
        limits={
            "max_steps": limits.max_steps,
            "max_rounds": limits.max_rounds,
            "invariants": limits.invariants,
        },
        origin={"command": "play", "search_budget": 2},
    )
    return Session(ruleset, ruleset.load(), record, tmp_path / "g.json")


def count_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every seat a search is run for, in order, from now on."""
    seats: list[int] = []
    search = SearchChooser.search

    def counted(self: SearchChooser, seat: int, history: Any) -> int:
        seats.append(seat)
        return search(self, seat, history)

    monkeypatch.setattr(SearchChooser, "search", counted)
    return seats


def human_turns(session: Session, turns: int) -> None:
    """Let the bots play and the person take option 0, ``turns`` times."""
    for _ in range(turns):
        session.play_bots()
        assert session.decision() is not None
        session.choose(0)


def test_search_seats_search_and_report_it(tmp_path: Path, monkeypatch) -> None:
    searches = count_searches(monkeypatch)
    session = new_session(tmp_path)
    told: list[int] = []
    for _ in range(6):
        session.play_bots(told.append)
        session.choose(0)
    assert searches and set(searches) == {1, 2}
    assert told == searches  # the table is told before each search


def test_resuming_or_undoing_runs_no_search_and_changes_nothing(
    tmp_path: Path, monkeypatch
) -> None:
    whole = new_session(tmp_path)
    human_turns(whole, 12)
    whole.play_bots()
    searches = count_searches(monkeypatch)
    resumed = new_session(tmp_path, whole.choices[:40])
    assert searches == []  # the recorded searches are replayed, not searched again
    human_turns(resumed, 12 - sum(1 for s in whole.history[1:41] if s.seat == 0))
    resumed.play_bots()
    assert resumed.choices == whole.choices
    before = list(whole.choices)
    searches.clear()
    assert whole.undo(0)
    assert searches == []
    assert whole.choices == before[: len(whole.choices)] and len(whole.choices) < len(before)
