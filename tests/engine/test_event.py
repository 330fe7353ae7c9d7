"""Event: fields, defaults, equality, pickling, read-only fields."""

from __future__ import annotations

import copy
import pickle

import pytest

from pnp import compiled
from pnp.engine.event import NO_DATA, Event
from pnp.engine.game import Event as GameEvent


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
