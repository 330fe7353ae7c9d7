"""The multiplayer council board (:mod:`pnp.rulesets.thrones.kit.board`): where each title sits."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.rulesets.thrones.kit.board import council_layout, layout_cost
from pnp.rulesets.thrones.model import ThronesContent, Title


def title(tid: str, supports: tuple[str, ...] = (), opposes: tuple[str, ...] = ()) -> Title:
    return Title(id=tid, name=tid.title(), supports=list(supports), opposes=list(opposes))


def test_council_layout_puts_supporters_clockwise_and_opponents_across() -> None:
    # a ring of four: each supports the next one anticlockwise and opposes the one across
    titles = [
        title("a", supports=("d",), opposes=("c",)),
        title("b", supports=("a",), opposes=("d",)),
        title("c", supports=("b",), opposes=("a",)),
        title("d", supports=("c",), opposes=("b",)),
    ]
    order = council_layout(list(reversed(titles)))
    assert layout_cost(order, titles) == 0
    assert order[0] == "d"  # the first title keeps the top space
    assert order == ["d", "a", "b", "c"]  # a supports d, so a sits one step clockwise


def test_council_layout_of_the_shipped_titles_is_stable(content: LoadedContent) -> None:
    model = content.model
    assert isinstance(model, ThronesContent)
    order = council_layout(model.titles)
    assert sorted(order) == sorted(t.id for t in model.titles)
    assert order == council_layout(model.titles)
    # every opposed pair of the shipped relations that can face each other does
    slot = {t: i for i, t in enumerate(order)}
    assert (slot["hand-of-the-king"] - slot["master-of-coin"]) % 6 == 3
    assert (slot["master-of-laws"] - slot["master-of-whispers"]) % 6 == 3
