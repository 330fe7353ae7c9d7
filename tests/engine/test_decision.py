"""Decision and Option: fields, equality, hashing, pickling, read-only fields."""

from __future__ import annotations

import copy
import pickle

import pytest

from pnp import compiled
from pnp.engine.decision import Decision, Option
from pnp.engine.game import Decision as GameDecision


def make(seat: int = 1, kind: str = "pick", labels: tuple[str, ...] = ("a", "b")) -> Decision:
    return Decision(seat, kind, tuple(Option(label, i) for i, label in enumerate(labels)))


def test_fields_and_labels() -> None:
    d = make()
    assert (d.seat, d.kind) == (1, "pick")
    assert d.options == (Option("a", 0), Option("b", 1))
    assert d.labels() == ["a", "b"]
    assert GameDecision is Decision  # the engine surface re-exports it


def test_equal_by_fields_and_hashes_alike() -> None:
    assert make() == make()
    assert hash(make()) == hash(make())
    assert make() != make(seat=2)
    assert make() != make(kind="other")
    assert make() != make(labels=("a",))
    assert len({make(), make(), make(seat=0)}) == 2
    assert make() != (1, "pick", make().options)  # not a tuple any more


def test_repr_names_every_field() -> None:
    assert repr(make(labels=("a",))) == (
        "Decision(seat=1, kind='pick', options=(Option(label='a', data=0),))"
    )


def test_pickles_and_copies_to_an_equal_decision() -> None:
    d = make()
    assert pickle.loads(pickle.dumps(d)) == d
    assert copy.deepcopy(d) == d


@pytest.mark.skipif(compiled.state != "compiled", reason="read-only only when compiled")
def test_compiled_fields_are_read_only() -> None:
    d = make()
    with pytest.raises(AttributeError):
        d.seat = 2  # type: ignore[misc]
    assert d.seat == 1
