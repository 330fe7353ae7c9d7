"""The identity memo the rulesets' content tables are cached in."""

from __future__ import annotations

import weakref

from pnp.engine.memo import IdentityMemo


class Model:
    """Stands for a content model: unhashable, compared by identity."""

    __hash__ = None  # type: ignore[assignment]


def test_builds_once_per_object_and_extra_key() -> None:
    built: list[object] = []
    memo: IdentityMemo[Model, int] = IdentityMemo()
    a, b = Model(), Model()

    def build(m: Model) -> int:
        built.append(m)
        return len(built)

    assert memo.get(a, build) == 1
    assert memo.get(a, build) == 1
    assert memo.get(b, build) == 2
    assert memo.get(a, build, extra=("stark",)) == 3
    assert built == [a, b, a]


def test_an_entry_keeps_its_object_alive_so_its_id_is_never_reused() -> None:
    memo: IdentityMemo[Model, str] = IdentityMemo()
    first = Model()
    alive = weakref.ref(first)
    memo.get(first, lambda m: "first")
    del first
    assert alive() is not None  # no new object can take its id while the entry lives
    assert memo.get(Model(), lambda m: "second") == "second"


def test_full_memo_starts_afresh() -> None:
    memo: IdentityMemo[Model, int] = IdentityMemo(size=2)
    kept = [Model() for _ in range(3)]
    for i, m in enumerate(kept):
        memo.get(m, lambda _m, i=i: i)
    assert len(memo) == 1  # cleared when the third came
    assert memo.get(kept[2], lambda _m: -1) == 2


def test_clear_forgets_every_value() -> None:
    memo: IdentityMemo[Model, int] = IdentityMemo()
    m = Model()
    memo.get(m, lambda _m: 1)
    memo.clear()
    assert len(memo) == 0 and memo.get(m, lambda _m: 2) == 2
