"""Phase 5, Movement: each player moves his Nobles, with their troops, in turn.

A Noble moves up to ``move_steps`` Villages along roads and takes any of the
troops standing with him: any number of each kind, from none to all. Troops
never move alone: a troop goes only as far as the Noble who leads it, so a
troop either stays where it stood, goes all the way with him, or (our
decision) stops in the one Village he passes through on a two-Village move,
having walked there at his side. Nor does a troop march twice in one phase (our
decision): troops a Noble brought stay put when another Noble leaves, so two
Nobles cannot hand them on to each other and carry them four Villages.
Entering a Village held by an army that is not his ally stops him there. An
army an enemy entered this round may not leave by the road the enemy came in
on. Heavy Rain closes a Region. Moving onto an enemy Mill may pillage it. The
Master of Ships (and a Sailor) may sail from coast to coast instead, asking
the army on the landing beach for consent unless a Secret Passage is played.

Which troops go is asked in small steps (:func:`troop_split`), never as one
list of every sub-army: first the quick answers (take all, leave one behind,
leave one behind and drop one on the way, take none) and, whenever those miss
a split, "choose troops by kind"; that asks, for each kind he has there, how
many go (``take_unit``: 0 to all) and, on a two-Village move, how many of those
stop on the way (``drop_unit``). Every split is reachable that way and no
question has a single option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.game import Option
from pnp.rulesets.fief.rules import watch
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.catalog import Catalog
    from pnp.rulesets.fief.game import FiefGame


def movement_phase(g: FiefGame) -> Flow:
    """The whole Movement phase."""
    s = g.s
    order = s.order()
    for seat in list(order):
        if s.ability(seat, "choose_movement_order") is None or not s.seat_nobles(seat):
            continue
        when = yield from ask(
            seat,
            "movement_order",
            [
                Option("move in turn", "turn"),
                Option("move first", "first"),
                Option("move last", "last"),
            ],
        )
        g.emit("movement_order", seat, when=when)
        if when != "turn":
            order.remove(seat)
            order.insert(0 if when == "first" else len(order), seat)
    s.ships_pass = None
    # FF-PH-13: every troop may march once in this phase, whatever it did in the last
    s.marched = {}
    ms = s.holder_of("master-of-ships")
    if ms is not None and ms.free:
        sailors = [
            n
            for n in sorted(s.nobles.values(), key=lambda n: n.id)
            if n.zone == "board" and s.cat.map.coastal[n.at] and not s.rain(s.region_of(n.at))
        ]
        if sailors:
            options = [Option("no one sails", None)]
            options += [Option(f"let {n.id} sail", n.id) for n in sailors]
            s.ships_pass = yield from ask(ms.seat, "ships_pass", options)
            if s.ships_pass is not None:
                g.emit("ships_pass", ms.seat, noble=s.ships_pass)
    for seat in order:
        yield from movement_turn(g, seat)
    s.ships_pass = None


def movement_turn(g: FiefGame, seat: int) -> Flow:
    """One player moves his Nobles one at a time until he stops."""
    s = g.s
    for _ in range(60):
        options = [Option("end movement", None)]
        for n in s.seat_nobles(seat):
            if n.moved or s.rain(s.region_of(n.at)):
                continue
            if _can_step(s, n):
                options.append(Option(f"move {n.id}", ("move", n.id)))
            may_sail = n.id == s.ships_pass or n.card.sea_move
            if may_sail and s.cat.map.coastal[n.at] and sail_targets(s, n):
                options.append(Option(f"sail {n.id}", ("sail", n.id)))
            if n.at in s.cat.map.gates and watch.may_take_the_black(s, n):
                # FF-ROUND-07: a Lord at a gate may go to the Wall and take the black
                options.append(Option(f"send {n.id} to the Wall", ("wall", n.id)))
        if len(options) == 1:
            return
        pick = yield from ask(seat, "move", options)
        if pick is None:
            return
        kind, nid = pick
        noble = s.nobles[nid]
        if kind == "move":
            yield from move(g, noble)
        elif kind == "sail":
            yield from sail(g, noble)
        else:
            yield from watch.take_the_black(g, noble, "movement")


def _can_step(s: FiefState, noble: Noble) -> bool:
    """Whether ``noble`` has at least one road to take (cheaper than :func:`destinations`)."""
    m = s.cat.map
    seat = noble.seat
    entries = s.villages[noble.at].entries
    rainy = s.rainy
    for w, road in m.neighbours[noble.at]:
        if m.region_of[w] in rainy:
            continue
        if entries and any(r == road and not s.friendly(seat, who) for who, r in entries):
            continue
        return True
    return False


def destinations(s: FiefState, noble: Noble) -> dict[int, tuple[int, int]]:
    """Villages ``noble`` can reach this phase: ``{village: (road in, village passed)}``.

    The village passed is ``-1`` for a one-step move.
    """
    m = s.cat.map
    start = noble.at
    seat = noble.seat
    vil = s.villages[start]
    barred = {road for who, road in vil.entries if not s.friendly(seat, who)}
    found: dict[int, tuple[int, int]] = {}
    frontier = [start]
    for _ in range(s.cat.rules.move_steps):
        nxt = []
        for v in frontier:
            for w, road in m.neighbours[v]:
                if w == start or w in found:
                    continue
                if v == start and road in barred:
                    continue
                if s.rain(m.region_of[w]):
                    continue
                found[w] = (road, -1 if v == start else v)
                if not s.hostile_at(w, seat):
                    nxt.append(w)
        frontier = nxt
        if not frontier:
            break
    return found


def sail_targets(s: FiefState, noble: Noble) -> list[int]:
    """Coastal Villages a sailing Noble may aim for."""
    m = s.cat.map
    if s.rain(m.region_of[noble.at]):
        return []
    return [v for v in m.coastal_villages() if v != noble.at and not s.rain(m.region_of[v])]


#: the quick answers of the ``take_troops`` question, in the order they are offered
SHORTCUTS = ("all", "one", "two", "none")


def shortcut_split(cat: Catalog, units: list[int], how: str) -> tuple[list[int], list[int]]:
    """The ``(taken, dropped on the way)`` split a quick answer ``how`` stands for.

    "one" leaves the cheapest troop behind (the weakest of the cheapest);
    "two" also drops the next cheapest in the Village passed through.
    """
    size = len(units)
    if how == "none":
        return [0] * size, [0] * size
    take = list(units)
    drop = [0] * size
    if how in ("one", "two"):
        take[cheapest_unit(cat, take)] -= 1
    if how == "two":
        u = cheapest_unit(cat, take)
        take[u] -= 1
        drop[u] += 1
    return take, drop


def cheapest_unit(cat: Catalog, counts: list[int]) -> int:
    """The kind of troop in ``counts`` to part with first: the cheapest, then the weakest."""
    return min((u for u, n in enumerate(counts) if n), key=lambda u: (cat.cost[u], cat.strength[u]))


def _split_count(units: list[int], via: int) -> int:
    """How many different splits an army ``units`` has (stay / go / stop on the way)."""
    count = 1
    for n in units:
        count *= (n + 1) * (n + 2) // 2 if via >= 0 else n + 1
    return count


def troop_split(g: FiefGame, noble: Noble, via: int = -1) -> Flow:
    """Which troops go with a moving Noble; returns ``(taken, dropped on the way)``.

    ``via`` is the Village he passes through (``-1`` for a one-Village move or
    a voyage: nothing can be dropped then). Only troops that have not marched
    yet this phase may go (FF-PH-13): the questions count those alone. See the
    module docstring for the questions asked.
    """
    s = g.s
    cat = s.cat
    units = s.movable_troops(noble.at, noble.seat)
    size = len(cat.units)
    if not units:
        return [0] * size, [0] * size
    total = sum(units)
    options = [Option("take all troops", "all")]
    if total >= 2:
        options.append(Option("leave one behind", "one"))
    if total >= 3 and via >= 0:
        options.append(Option(f"leave one behind and one at {cat.map.ids[via]}", "two"))
    options.append(Option("take no troops", "none"))
    # the quick answers are distinct splits: offer the long way only if they miss one
    if _split_count(units, via) > len(options):
        options.append(Option("choose troops by kind", "kinds"))
    how = yield from ask(noble.seat, "take_troops", options)
    if how != "kinds":
        return shortcut_split(cat, units, how)
    take = [0] * size
    drop = [0] * size
    focus = s.focus
    for u, have in enumerate(list(units)):
        if not have:
            continue
        name = cat.units[u]
        s.focus = {**focus, "unit": u}
        going = yield from ask(
            noble.seat,
            "take_unit",
            [Option(f"take {k} of {have} {name}", k) for k in range(have + 1)],
        )
        stop = 0
        if going and via >= 0:
            stop = yield from ask(
                noble.seat,
                "drop_unit",
                [
                    Option(f"{j} of {going} {name} stop at {cat.map.ids[via]}", j)
                    for j in range(going + 1)
                ],
            )
        take[u] = going - stop
        drop[u] = stop
    s.focus = focus
    return take, drop


def _relocate(
    g: FiefGame,
    noble: Noble,
    to: int,
    take: list[int],
    road: int,
    via: int = -1,
    drop: list[int] | None = None,
) -> None:
    s = g.s
    start = noble.at
    seat = noble.seat
    for u, count in enumerate(take):
        if count:
            s.remove_units(start, seat, u, count)
            s.add_units(to, seat, u, count)
            _mark_marched(s, to, seat, u, count)
    if drop is not None and via >= 0:
        for u, count in enumerate(drop):
            if count:
                s.remove_units(start, seat, u, count)
                s.add_units(via, seat, u, count)
                _mark_marched(s, via, seat, u, count)
        if any(drop):
            first = s.cat.map.road_between(start, via)
            s.villages[via].entries.append((seat, first if first is not None else -1))
    s.lift_noble(noble)
    s.place_noble(noble, to)
    s.villages[to].entries.append((seat, road))
    noble.moved = True


def _mark_marched(s: FiefState, v: int, seat: int, unit: int, count: int) -> None:
    """FF-PH-13: ``count`` troops of ``seat`` arrived at ``v`` with a Noble this phase
    and may not march again in it."""
    done = s.marched.get((v, seat))
    if done is None:
        done = s.marched[(v, seat)] = [0] * len(s.cat.units)
    done[unit] += count


def move(g: FiefGame, noble: Noble) -> Flow:
    """Move one Noble by road."""
    s = g.s
    ids = s.cat.map.ids
    found = destinations(s, noble)
    s.focus = {"noble": noble.id}
    to = yield from ask(
        noble.seat, "destination", [Option(f"to {ids[w]}", w) for w in sorted(found)]
    )
    road, via = found[to]
    s.focus = {"noble": noble.id, "to": to, "via": via}
    take, drop = yield from troop_split(g, noble, via)
    s.focus = {}
    start = noble.at
    _relocate(g, noble, to, take, road, via, drop)
    g.emit(
        "moved",
        noble.seat,
        noble=noble.id,
        frm=ids[start],
        to=ids[to],
        troops=sum(take),
        dropped={ids[via]: sum(drop)} if any(drop) else {},
    )
    yield from pillage(g, noble.seat, to)


def sail(g: FiefGame, noble: Noble) -> Flow:
    """Sail from coast to coast; the army holding the landing may refuse."""
    s = g.s
    ids = s.cat.map.ids
    seat = noble.seat
    noble.moved = True
    noble.sailed = True
    s.focus = {"noble": noble.id}
    refused: set[int] = set()
    while True:
        options = [Option("stay ashore", None)]
        options += [
            Option(f"sail to {ids[w]}", w) for w in sail_targets(s, noble) if w not in refused
        ]
        to = yield from ask(seat, "sail_to", options)
        if to is None:
            return
        hostile = [p for p in s.villages[to].arrivals if not s.friendly(seat, p)]
        if hostile:
            host = hostile[0]
            allow = yield from yes_no(host, "landing", f"let {noble.id} land", f"refuse {noble.id}")
            if not allow:
                g.emit("landing_refused", host, noble=noble.id, at=ids[to])
                passage = s.card_held(seat, "secret_passage")
                if passage is not None:
                    force = yield from yes_no(
                        seat, "force_landing", "land by secret passage", "turn back"
                    )
                    if force:
                        s.seats[seat].hand.remove(passage)
                        g.emit("card_played", seat, card=passage, use="landing")
                        g.discard_played(passage)
                    else:
                        refused.add(to)
                        continue
                else:
                    refused.add(to)
                    continue
        s.focus = {"noble": noble.id, "to": to}
        take, _ = yield from troop_split(g, noble)
        s.focus = {}
        start = noble.at
        _relocate(g, noble, to, take, -1)
        g.emit("sailed", seat, noble=noble.id, frm=ids[start], to=ids[to], troops=sum(take))
        yield from pillage(g, seat, to)
        return


def pillage(g: FiefGame, seat: int, v: int) -> Flow:
    """Arriving on a Mill held by a non-allied player may destroy it for gold."""
    s = g.s
    vil = s.villages[v]
    if not vil.mill or vil.controller < 0 or s.friendly(seat, vil.controller):
        return
    ids = s.cat.map.ids
    burn = yield from yes_no(seat, "pillage", f"pillage the mill at {ids[v]}", "spare the mill")
    if not burn:
        return
    vil.mill = False
    gold = s.ability(seat, "pillage_gold") or 1
    g.mint(seat, gold)
    g.emit("pillaged", seat, at=ids[v], gold=gold, owner=vil.controller)
