"""Every distinct printed side of a kit, and PDFs that hold one side per page.

The exports (images, Tabletop Simulator, print on demand) do not lay pieces
out on paper: they need each *face* of the kit on its own. A side is
distinct when its draw function, size and shape are: copies of a card share
one front, and a deck's shared back is one side however many cards carry it.

:func:`side_pdf` draws sides through the same page writer as the kit's PDFs
(:func:`pnp.render.pages.write_pdf`), one page per side, so an exported image
is the kit's own drawing rasterised.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.render.components import Card, Component, Draw, Token
from pnp.render.face import DrawContext
from pnp.render.geometry import Box, Transform
from pnp.render.pages import PagePlan, Placed, write_pdf

#: how an exported file names the two sides
SIDE_NAMES = {"face": "front", "back": "back"}


@dataclass(frozen=True)
class Side:
    """One distinct side: what draws it, its trim size and who carries it."""

    #: ``face`` or ``back`` (the engine's words); :attr:`label` is ``front`` or ``back``
    side: str
    draw: Draw
    #: trim width and height, points
    w: float
    h: float
    #: ``rect``, or the token shape
    shape: str
    #: the components that print this side, in kit order
    components: tuple[Component, ...]
    #: file name stem: ``stark-eddard.front``
    name: str

    @property
    def label(self) -> str:
        """``front`` or ``back``."""
        return SIDE_NAMES[self.side]

    @property
    def first(self) -> Component:
        """The first component that prints this side."""
        return self.components[0]

    @property
    def kind(self) -> str:
        """``card``, ``token`` or ``board``."""
        return self.first.kind


def _shape(comp: Component) -> str:
    return comp.shape if isinstance(comp, Token) else "rect"


def common_stem(ids: Sequence[str]) -> str:
    """The longest run of whole ``-`` words every id starts with (``house`` for
    ``house-stark`` and ``house-tully``)."""
    parts = [i.split("-") for i in ids]
    out: list[str] = []
    for words in zip(*parts, strict=False):
        if all(w == words[0] for w in words):
            out.append(words[0])
        else:
            break
    return "-".join(out)


def distinct_sides(
    components: Sequence[Component],
    include: Callable[[Component], bool] | None = None,
) -> list[Side]:
    """Every distinct side of the printed components (``copies`` > 0), fronts and backs,
    in kit order, each with a unique file name stem.

    A side carried by one component is named by its id (``stark-eddard.front``);
    a back shared by several by the ``back_name`` they give it (``court.back``); any
    other shared side by the words their ids share (``house.back``), else by their
    file (``cards.back``).
    """
    found: dict[tuple[int, float, float, str, str], list[Component]] = {}
    draws: dict[tuple[int, float, float, str, str], tuple[Draw, float, float]] = {}
    for comp in components:
        if comp.copies <= 0 or (include is not None and not include(comp)):
            continue
        w, h = comp.trim_size()
        for side, draw in (("face", comp.face), ("back", comp.back_draw)):
            if draw is None:
                continue
            key = (id(draw), round(w, 4), round(h, 4), _shape(comp), side)
            found.setdefault(key, []).append(comp)
            draws.setdefault(key, (draw, w, h))
    used: set[str] = set()
    out: list[Side] = []
    for key, comps in found.items():
        _, _, _, shape, side = key
        draw, w, h = draws[key]
        named = {getattr(c, "back_name", "") for c in comps} if side == "back" else set()
        if len(comps) == 1:
            stem = comps[0].id
        elif len(named) == 1 and "" not in named:
            stem = named.pop()  # the name the kit gives a shared back
        else:
            stem = common_stem([c.id for c in comps]) or comps[0].file_stem
        name = f"{stem}.{SIDE_NAMES[side]}"
        n = 2
        while name in used:
            name = f"{stem}-{n}.{SIDE_NAMES[side]}"
            n += 1
        used.add(name)
        out.append(Side(side, draw, w, h, shape, tuple(comps), name))
    return out


@dataclass(frozen=True)
class SidePage:
    """How one side sits on its own page."""

    side: Side
    #: page size, points
    size: tuple[float, float]
    #: maps the side's trim coordinates onto the page
    transform: Transform
    #: bleed drawn around the trim (the draw function sees it as ``face.bleed``)
    bleed: float


def plain_page(side: Side, bleed: float) -> SidePage:
    """The side with ``bleed`` all round, the page exactly its bleed box."""
    return SidePage(
        side,
        (side.w + 2 * bleed, side.h + 2 * bleed),
        Transform.translate(bleed, bleed),
        bleed,
    )


def side_pdf(pages: Sequence[SidePage], context: DrawContext, title: str, subject: str) -> bytes:
    """A PDF with one side per page, drawn by the kit's page writer."""
    plans = []
    for page in pages:
        side = page.side
        plan = PagePlan(page.size, "side")
        media = Box(0, 0, *page.size)
        plan.placed = [
            Placed(
                side.first,
                0,
                side.side,
                side.draw,
                side.w,
                side.h,
                page.transform,
                media,
                side.shape,
                # pointy hexes stop at their cut, as on the kit's token sheets
                0.0 if side.shape == "hex" else page.bleed,
            )
        ]
        plan.trim_box = page.transform.box(Box(0, 0, side.w, side.h))
        plan.bleed_box = media
        plans.append(plan)
    return write_pdf(plans, context, title=title, subject=subject)


def is_card(comp: Component) -> bool:
    """Whether ``comp`` is a card."""
    return isinstance(comp, Card)
