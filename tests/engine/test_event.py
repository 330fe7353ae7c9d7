"""Event: fields, defaults, equality, pickling, read-only fields."""

from __future__ import annotations

import copy
import gc
import os
import pickle
import subprocess
import sys
from collections.abc import Mapping

import pytest

from pnp import compiled
from pnp.engine.event import NO_DATA, Event
from pnp.engine.game import Event as GameEvent
from pnp.engine.game import GameConfig
from pnp.engine.runner import Limits, agents_chooser, run_game
from pnp.rulesets import all_rulesets


def test_defaults_and_fields() -> None:
    e = Event("round_began")
    assert (e.kind, e.seat, e.data) == ("round_began", None, NO_DATA)
    assert dict(e.data) == {}
    e = Event("card_drawn", 2, {"card": "stark-ned"})
    assert (e.kind, e.seat, e.data["card"]) == ("card_drawn", 2, "stark-ned")
    assert Event(kind="x", data={"a": 1}).data == {"a": 1}
    assert GameEvent is Event


def test_equal_by_fields() -> None:
    assert Event("x", 1, {"a": 1}) == Event("x", 1, {"a": 1})
    assert Event("x", 1, {"a": 1}) != Event("x", 1, {"a": 2})
    assert Event("x", 1) != Event("x", 0)
    assert Event("x") != Event("y")
    assert Event("x") != ("x", None, NO_DATA)


def test_an_event_cannot_be_hashed() -> None:
    # its data is a mapping, as it was when events were named tuples
    for e in (Event("x", 1, {"a": 1}), Event("x")):
        with pytest.raises(TypeError):
            hash(e)


def test_repr_and_pickling() -> None:
    e = Event("card_played", 0, {"card": "c"})
    assert repr(e) == "Event(kind='card_played', seat=0, data={'card': 'c'})"
    assert pickle.loads(pickle.dumps(e)) == e
    assert copy.deepcopy(e) == e


@pytest.mark.skipif(compiled.state != "compiled", reason="read-only only when compiled")
def test_compiled_fields_are_read_only() -> None:
    e = Event("x", 1)
    with pytest.raises(AttributeError):
        e.kind = "y"  # type: ignore[misc]
    assert e.kind == "x"


@pytest.mark.skipif(compiled.state != "compiled", reason="acyclic only when compiled")
def test_compiled_events_are_not_tracked_by_the_cycle_collector() -> None:
    assert not gc.is_tracked(Event("x", 1, {"a": [1, 2]}))


def _plain(value: object) -> bool:
    """JSON-like data: what an event may carry (so it can never lead back to itself)."""
    if value is None or isinstance(value, str | int | float | bool):
        return True
    if isinstance(value, list | tuple):
        return all(_plain(v) for v in value)
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.name)
def test_every_ruleset_s_events_carry_plain_data(ruleset) -> None:
    # what lets an event be acyclic: its data never holds a game object
    content = ruleset.load()
    seen: list[Event] = []
    for seed in range(3):
        run = run_game(
            ruleset,
            content,
            GameConfig(ruleset.player_counts[-1]),
            seed,
            agents_chooser(ruleset, ["random"] * ruleset.player_counts[-1], seed),
            Limits.for_ruleset(ruleset, invariants=False),
            observer=seen.extend,
        )
        assert run.status == "finished", run.failure
    assert len(seen) > 100
    bad = [e for e in seen if not (isinstance(e.data, Mapping) and _plain(e.data))]
    assert not bad, bad[:3]


def test_plain_data_check_rejects_objects() -> None:
    assert _plain({"card": "x", "totals": [1, 2], "deal": {"a": (1, None)}})
    assert not _plain({"card": object()})
    assert not _plain({"cards": [1, {2}]})


def test_decision_and_event_import_without_mypy_extensions() -> None:
    # mypy_extensions comes with the build's mypy; a plain install may not have it
    code = (
        "import sys; sys.modules['mypy_extensions'] = None\n"
        "from pnp.engine.decision import Decision, Option\n"
        "from pnp.engine.event import Event\n"
        "print(Decision(0, 'k', (Option('a'),)).kind, Event('x', 1).seat)\n"
    )
    for pure in ("1", "0"):
        env = {**os.environ, "PNP_PURE_PYTHON": pure}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.split() == ["k", "1"], out.stderr
