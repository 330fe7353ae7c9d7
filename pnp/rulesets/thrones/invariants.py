"""Rule invariants checked after every step (when the engine enables them).

Cheap by design: a few passes over short lists. Each message names the
broken rule so a playtest report points straight at it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from pnp.rulesets.thrones.effects import PHASES
from pnp.rulesets.thrones.state import Card
from pnp.rulesets.thrones.zones import PLAY

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame

_NEXT = {p: PHASES[(i + 1) % len(PHASES)] for i, p in enumerate(PHASES)}


def violations(game: ThronesGame) -> list[str]:
    """Every broken invariant of the current state."""
    out: list[str] = []
    n = game.players
    owned = game.owned_cards
    plots = game.owned_plots
    counted = [0] * n
    for s in game.seats:
        i = s.idx
        counted[i] += len(s.deck) + len(s.hand) + len(s.discard) + len(s.dead)
        counted[i] += len(s.removed) + len(s.setup)
        if s.gold < 0:
            out.append(f"seat {i} has negative gold ({s.gold})")
        if s.power < 0:
            out.append(f"seat {i} has negative House power ({s.power})")
        if s.limited > 1:
            out.append(f"seat {i} played {s.limited} Limited cards this round")
        if s.draws > game.rules.draw_cap:
            out.append(f"seat {i} drew {s.draws} cards by effects, over the draw cap")
        in_deck = len(s.plot_deck) + len(s.used_plots) + (s.plot is not None)
        if in_deck != plots[i]:
            out.append(f"seat {i}: {in_deck} plots in plot zones, {plots[i]} owned")
        names: set[str] = set()
        for c in s.play:
            counted[c.owner] += 1 + len(c.dupes)
            if c.zone != PLAY or c.controller != i:
                out.append(f"{c!r} is listed in seat {i}'s play area but is not there")
            if c.power < 0:
                out.append(f"{c!r} has negative power")
            if c.host is not None and c.host.zone != PLAY:
                out.append(f"attachment {c!r} sits on {c.host!r}, which is not in play")
            if c.d.unique:
                if c.d.name in names:
                    out.append(f"seat {i} controls two copies of unique {c.d.name!r}")
                names.add(c.d.name)
        out.extend(s.index_problems())
    for c in game.limbo:
        counted[c.owner] += 1
    for i in range(n):
        if counted[i] != owned[i]:
            out.append(f"seat {i} owns {owned[i]} cards but {counted[i]} are in its zones")
    out.extend(stale_passives(game))
    seq = game.phase_seq
    for a, b in itertools.pairwise(seq):
        if _NEXT[a] != b:
            out.append(f"phase {b} followed {a}")
    if game.titles_on:
        held = [s.title for s in game.seats if s.title is not None]
        if len(held) != len(set(held)):
            out.append(f"a title is held twice: {held}")
        if set(held) & set(game.title_pool):
            out.append("a held title is also in the pool")
    return out


def _statics(cards: list[Card]) -> list[tuple[int, int, int, bool]]:
    return [(c.static_str, c.static_icons, c.static_kw, c.no_stand) for c in cards]


def _mods(game: ThronesGame) -> list[list[tuple[str, int, int, int]]]:
    return [
        sorted(
            [(k, a, src.uid, id(cond)) for k, v in s.mods.items() for cond, a, src in v]
            + [("cost", a, src.uid, id(flt)) for flt, a, src in s.cost_mods]
        )
        for s in game.seats
    ]


def stale_passives(game: ThronesGame) -> list[str]:
    """Passive modifiers that differ from a fresh computation.

    The referee adds a card's passives on entering play (or skips the
    recomputation when it leaves) instead of recomputing them all, which is
    exact unless an 'each' passive in play picks cards by icon or keyword
    (``game.wide and game.chainable``); this checks it, then restores the state.
    """
    if game.wide and game.chainable:
        return []
    cards = [c for s in game.seats for c in s.play]
    seen = {id(c) for c in cards}
    cards += [c for c in game.touched if id(c) not in seen]
    before = _statics(cards)
    mods = _mods(game)
    saved = (
        game.touched,
        game.cond_sources,
        game.wide,
        [(s.mods, s.cost_mods) for s in game.seats],
    )
    game.refresh()
    after = _statics(cards)
    fresh_mods = _mods(game)
    cond = len(game.cond_sources)
    for c, (st, ic, kw, ns) in zip(cards, before, strict=True):
        c.static_str, c.static_icons, c.static_kw, c.no_stand = st, ic, kw, ns
    game.touched, game.cond_sources, game.wide, seat_mods = saved
    for seat, (m, cm) in zip(game.seats, seat_mods, strict=True):
        seat.mods, seat.cost_mods = m, cm
    out = [
        f"{c!r}'s passive modifiers are stale: {b} kept, {a} when recomputed"
        for c, b, a in zip(cards, before, after, strict=True)
        if b != a
    ]
    if mods != fresh_mods:
        out.append("player modifiers from passives are stale")
    if cond != len(game.cond_sources):
        out.append("conditional passives are stale")
    return out
