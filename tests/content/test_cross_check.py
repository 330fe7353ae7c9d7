"""Cross-checks on incomplete content: a part stops when it reads an incomplete section."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from pnp.content import ContentModel
from pnp.content.cross_check import run_cross_checks
from pnp.content.model import Loc


class _Item(ContentModel):
    id: str


class _Root(ContentModel):
    items: list[_Item]
    extras: list[_Item] = []

    def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
        return (self._count_items, self._count_extras, self._both)

    def _count_items(self) -> Iterator[tuple[Loc, str]]:
        yield ("items",), f"{len(self.items)} items"

    def _count_extras(self) -> Iterator[tuple[Loc, str]]:
        yield ("extras",), f"{len(self.extras)} extras"

    def _both(self) -> Iterator[tuple[Loc, str]]:
        yield ("extras",), f"{len(self.extras)} extras first"
        yield ("items",), f"{len(self.items)} items then"


ROOT = _Root(items=[_Item(id="a"), _Item(id="b")], extras=[_Item(id="c")])


def _messages(root: ContentModel, incomplete: set[str]) -> list[str]:
    return [message for _, message in run_cross_checks(root, frozenset(incomplete))]


def test_with_nothing_incomplete_every_part_runs() -> None:
    expected = ["2 items", "1 extras", "1 extras first", "2 items then"]
    assert _messages(ROOT, set()) == expected
    assert [message for _, message in ROOT.cross_check()] == expected  # the parts, chained


def test_a_part_stops_when_it_reads_an_incomplete_section() -> None:
    # what _both said before it read 'items' stands on complete data alone
    assert _messages(ROOT, {"items"}) == ["1 extras", "1 extras first"]
    assert _messages(ROOT, {"extras"}) == ["2 items"]


def test_a_check_cannot_swallow_the_stop() -> None:
    class Careless(_Root):
        def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
            return (self._careless,)

        def _careless(self) -> Iterator[tuple[Loc, str]]:
            try:
                count = len(self.items)
            except Exception:
                count = 0
            yield ("items",), f"{count} items"

    careless = Careless(items=[_Item(id="a")])
    assert _messages(careless, {"items"}) == []
    assert _messages(careless, set()) == ["1 items"]


def test_reading_every_section_at_once_reads_the_incomplete_ones() -> None:
    class Dumper(_Root):
        def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
            return (
                lambda: iter([((), str(len(self.model_dump())))]),
                lambda: iter([((), str(len(vars(self))))]),
            )

    assert _messages(Dumper(items=[]), {"items"}) == []
    assert _messages(Dumper(items=[]), set()) == ["2", "2"]


def test_a_model_that_overrides_cross_check_runs_as_one_part() -> None:
    class Whole(_Root):
        def cross_check_parts(self) -> Sequence[Callable[[], Iterator[tuple[Loc, str]]]]:
            return ()

        def cross_check(self) -> Iterator[tuple[Loc, str]]:
            yield ("extras",), "extras first"
            yield ("items",), f"{len(self.items)} items"

    whole = Whole(items=[])
    assert _messages(whole, {"items"}) == ["extras first"]
    assert _messages(whole, set()) == ["extras first", "0 items"]
