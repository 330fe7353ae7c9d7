"""Every card of every shipped kit keeps its own bleed on every side, fronts and backs.

Cards that shared their cut lines had no bleed on inner edges: a card cut a little off
showed a stripe of its neighbour, and where the neighbour's back differs (another
House's deck) that stripe marks the card. Checked on the page plans of the shipped
kits (no PDF is written), for every registered ruleset.
"""

from __future__ import annotations

import pytest

from pnp.render.geometry import Box
from pnp.render.kit import FilePlan, plan_files
from pnp.render.options import RenderOptions
from pnp.render.units import mm
from tests.render.shipped import KITTED, shipped_components

#: the least bleed any card edge gets on each paper (README, "Printing a kit"): on A4 the
#: gutters between three 63 mm columns leave 1.5 mm; on Letter three 88 mm rows leave
#: 1.2 mm, six 44 mm rows 0.6 mm
PROMISED = {"A4": {"": 1.5 * mm}, "Letter": {"": 1.2 * mm, "44x63": 0.6 * mm}}
EPS = 1e-6


def _bleeds(trim: Box, clip: Box) -> float:
    return min(trim.x - clip.x, clip.right - trim.right, trim.y - clip.y, clip.top - trim.top)


def _size(w: float, h: float) -> str:
    a, b = sorted((round(w / mm), round(h / mm)))
    return f"{a}x{b}"


def _card_files(name: str, options: RenderOptions) -> list[FilePlan]:
    return [f for f in plan_files(shipped_components(name), options) if f.kind == "card"]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", KITTED)
def test_every_card_keeps_the_promised_bleed_on_every_side(name: str, paper: str) -> None:
    options = RenderOptions(paper=paper)
    files = _card_files(name, options)
    assert files
    for f in files:
        for number, page in enumerate(f.pages, start=1):
            for p in page.placed:
                size = _size(p.w, p.h)
                least = PROMISED[paper].get(size, PROMISED[paper][""])
                where = f"{f.name} page {number} {p.component.id} ({p.side})"
                assert _bleeds(p.trim, p.clip) >= least - EPS, where
                # so a miscut of that much shows this card's own art, never a neighbour's
                reach = p.trim.outset(least - 0.01)
                for q in page.placed:
                    if q is not p:
                        assert not reach.overlaps(q.clip), (where, q.component.id)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", KITTED)
def test_gutters_cost_no_card(name: str, paper: str) -> None:
    """As many cards per sheet as cards sharing their cut lines (``--gutter 0``)."""
    spaced = _card_files(name, RenderOptions(paper=paper))
    butted = _card_files(name, RenderOptions(paper=paper, gutter=0))
    for a, b in zip(spaced, butted, strict=True):
        assert [len(p.placed) for p in a.pages] == [len(p.placed) for p in b.pages], a.name
