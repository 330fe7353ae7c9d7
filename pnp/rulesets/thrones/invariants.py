"""Rule invariants, each checked after the moves that may break it (when the engine
enables them; :data:`INVARIANTS`, :mod:`pnp.engine.invariants`).

Cheap by design: a few passes over short lists. Each message names the
broken rule so a playtest report points straight at it. The event kinds after
which each runs are those of the moves that change what it reads;
``tests/rulesets/thrones/test_invariant_gating.py`` proves the lists over
seeded games.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from pnp.engine.invariants import Invariant
from pnp.rulesets.thrones.effects import PHASES
from pnp.rulesets.thrones.state import Card
from pnp.rulesets.thrones.zones import PLAY

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame

_NEXT = {p: PHASES[(i + 1) % len(PHASES)] for i, p in enumerate(PHASES)}


def violations(game: ThronesGame) -> list[str]:
    """Every broken invariant of the current state, whatever the last move was."""
    return [line for inv in INVARIANTS for line in inv.check(game)]


def _totals(game: ThronesGame) -> list[str]:
    """No negative gold or power; the round's limits on Limited cards and draws."""
    out: list[str] = []
    cap = game.rules.draw_cap
    for s in game.seats:
        if s.gold < 0:
            out.append(f"seat {s.idx} has negative gold ({s.gold})")
        if s.power < 0:
            out.append(f"seat {s.idx} has negative House power ({s.power})")
        if s.limited > 1:
            out.append(f"seat {s.idx} played {s.limited} Limited cards this round")
        if s.draws > cap:
            out.append(f"seat {s.idx} drew {s.draws} cards by effects, over the draw cap")
    return out


def _conservation(game: ThronesGame) -> list[str]:
    """Every card and plot a seat owns is in exactly one of its zones (or in limbo)."""
    out: list[str] = []
    n = game.players
    owned = game.owned_cards
    plots = game.owned_plots
    counted = [0] * n
    for s in game.seats:
        i = s.idx
        counted[i] += len(s.deck) + len(s.hand) + len(s.discard) + len(s.dead)
        counted[i] += len(s.removed) + len(s.setup)
        in_deck = len(s.plot_deck) + len(s.used_plots) + (s.plot is not None)
        if in_deck != plots[i]:
            out.append(f"seat {i}: {in_deck} plots in plot zones, {plots[i]} owned")
        for c in s.play:
            counted[c.owner] += 1 + len(c.dupes)
    for c in game.limbo:
        counted[c.owner] += 1
    for i in range(n):
        if counted[i] != owned[i]:
            out.append(f"seat {i} owns {owned[i]} cards but {counted[i]} are in its zones")
    return out


def _play_area(game: ThronesGame) -> list[str]:
    """Cards in play are where their lists say, with sound power, hosts and uniques."""
    out: list[str] = []
    for s in game.seats:
        i = s.idx
        names: set[str] = set()
        for c in s.play:
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
    return out


def _indexes(game: ThronesGame) -> list[str]:
    """The referee's per-seat indexes (characters, actors, trigger sources) match the zones."""
    return [line for s in game.seats for line in s.index_problems()]


def _phase_order(game: ThronesGame) -> list[str]:
    """The round's phases came in the rulebook's order."""
    return [
        f"phase {b} followed {a}" for a, b in itertools.pairwise(game.phase_seq) if _NEXT[a] != b
    ]


def _titles(game: ThronesGame) -> list[str]:
    """Each title is held once, or lies in the pool."""
    if not game.titles_on:
        return []
    out = []
    held = [s.title for s in game.seats if s.title is not None]
    if len(held) != len(set(held)):
        out.append(f"a title is held twice: {held}")
    if set(held) & set(game.title_pool):
        out.append("a held title is also in the pool")
    return out


#: the passive state of the cards passives may touch: statics, seat modifiers, conditions
PassiveState = tuple[list[tuple[int, int, int, bool]], list[list[tuple[str, int, int, int]]], int]


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


def passive_states(game: ThronesGame) -> tuple[list[Card], PassiveState, PassiveState]:
    """The cards passives may touch, their passive state as kept, and as a fresh
    computation would make it (the game is left as it was)."""
    cards = [c for s in game.seats for c in s.play]
    seen = {id(c) for c in cards}
    cards += [c for c in game.touched if id(c) not in seen]
    kept = (_statics(cards), _mods(game), len(game.cond_sources))
    saved = (
        game.touched,
        game.cond_sources,
        game.wide,
        [(s.mods, s.cost_mods) for s in game.seats],
    )
    game.refresh()
    fresh = (_statics(cards), _mods(game), len(game.cond_sources))
    for c, (st, ic, kw, ns) in zip(cards, kept[0], strict=True):
        c.static_str, c.static_icons, c.static_kw, c.no_stand = st, ic, kw, ns
    game.touched, game.cond_sources, game.wide, seat_mods = saved
    for seat, (m, cm) in zip(game.seats, seat_mods, strict=True):
        seat.mods, seat.cost_mods = m, cm
    return cards, kept, fresh


def stale_passives(game: ThronesGame) -> list[str]:
    """Passive modifiers that differ from a fresh computation.

    The referee adds a card's passives on entering play (or skips the
    recomputation when it leaves) instead of recomputing them all, which is
    exact unless an 'each' passive in play picks cards by icon or keyword
    (``game.wide and game.chainable``); this checks it, then restores the state.
    """
    if game.wide and game.chainable:
        return []
    cards, kept, fresh = passive_states(game)
    out = [
        f"{c!r}'s passive modifiers are stale: {b} kept, {a} when recomputed"
        for c, b, a in zip(cards, kept[0], fresh[0], strict=True)
        if b != a
    ]
    if kept[1] != fresh[1]:
        out.append("player modifiers from passives are stale")
    if kept[2] != fresh[2]:
        out.append("conditional passives are stale")
    return out


#: what moves a card from one zone to another (a plot too)
_CARD_MOVES = frozenset(
    {
        "card_played", "card_put_into_play", "card_drawn", "cards_drawn", "card_discarded",
        "card_killed", "card_sacrificed", "card_returned", "card_removed", "card_saved",
        "card_recovered", "card_searched", "left_play", "duplicate_attached", "control_taken",
        "setup_placed", "setup_revealed", "card_set_aside", "plot_revealed", "plots_recycled",
        "plot_deck_drafted", "mulligan", "deck_shuffled", "action_cancelled",
    }
)  # fmt: skip
#: what changes the cards in play, or what they are (their passives' sources and reach)
_PLAY_CHANGES = frozenset(
    {
        "card_played", "card_put_into_play", "card_killed", "card_sacrificed", "card_returned",
        "card_removed", "card_saved", "left_play", "duplicate_attached", "control_taken",
        "setup_revealed", "plot_revealed", "keyword_gained", "icon_gained", "lasting_ended",
    }
)  # fmt: skip
#: what puts power on a card or takes it off
_POWER = frozenset({"power_gained", "power_lost", "power_returned", "power_placed"})
#: what changes a seat's gold, power, Limited count or draws
_TOTALS = _POWER | {
    "gold_collected", "gold_gained", "gold_spent", "gold_returned", "bribe_paid",
    "influence_paid", "card_played", "cards_drawn", "card_drawn",
}  # fmt: skip

#: the invariants of a thrones game, each with the moves that may break it
INVARIANTS = (
    Invariant("phase order", _phase_order, frozenset({"phase_began"})),
    Invariant("titles", _titles, frozenset({"title_taken", "titles_returned"})),
    Invariant("totals", _totals, _TOTALS),
    Invariant("conservation", _conservation, _CARD_MOVES),
    Invariant("play area", _play_area, _CARD_MOVES | _POWER),
    Invariant("indexes", _indexes, _CARD_MOVES),
    Invariant("passives", stale_passives, _PLAY_CHANGES),
)
