"""Decks: the cards of one kit file that share a back (a printed deck has one back)."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.render.components import Card, Component
from pnp.render.sides import Side, common_stem


def deck_groups(
    components: Sequence[Component], sides: Sequence[Side]
) -> list[tuple[str, list[Card]]]:
    """Printed cards grouped by kit file, then by back, in kit order, each group named:
    the file (``cards``) when all its cards share one back, else the file and the back's
    name (``house-cards-agenda``)."""
    groups: dict[tuple[str, int], list[Card]] = {}
    for comp in components:
        if isinstance(comp, Card) and comp.copies > 0:
            groups.setdefault((comp.file_stem, id(comp.back)), []).append(comp)
    per_file: dict[str, int] = {}
    for stem, _ in groups:
        per_file[stem] = per_file.get(stem, 0) + 1
    backs = {id(s.draw): s for s in sides if s.side == "back"}
    out = []
    used: set[str] = set()
    for (stem, back), cards in groups.items():
        name = stem
        if per_file[stem] > 1:
            side = backs.get(back)
            if side is not None:
                word = side.name.removesuffix(".back")
            else:  # cards without a back: what their ids share (title-…), else say so
                word = common_stem([c.id for c in cards]) or "no-back"
            name = word if word == stem or word.startswith(f"{stem}-") else f"{stem}-{word}"
        base, n = name, 2
        while name in used:
            name = f"{base}-{n}"
            n += 1
        used.add(name)
        out.append((name, cards))
    return out
