"""Phase 6, Battles: in turn order, a player may attack wherever his Noble meets an enemy.

Only a side led by a free Noble starts a battle, never against an ally, never
under Heavy Rain. A lone Noble attacked by a stronger force is captured at
once. Otherwise both sides roll battle dice by strength (attacking the holder
of a Stronghold costs a die, of a Fortified City two; Siege Engines cancel
that), hits land on both sides at once, each owner choosing his casualties;
once a side's troops are gone, 3 or more leftover hits kill one of its Nobles
and any leftover hit captures the rest, if the other side still stands when
all the roll's hits have landed.
After each roll either side may fight on, retreat or surrender; three idle
rolls in a row end the battle. With Tactics, archers shoot first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.game import Option
from pnp.rulesets.fief.rules import fate
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


def battle_phase(g: FiefGame) -> Flow:
    """The whole Battles phase."""
    s = g.s
    ids = s.cat.map.ids
    s.battles_fought = set()
    for seat in s.order():
        for _ in range(60):
            options = [Option("no more battles", None)]
            for v in sorted({n.at for n in s.seat_nobles(seat)}):
                if s.rain(s.region_of(v)):
                    continue
                for enemy in s.present(v):
                    if enemy == seat or s.allied(seat, enemy):
                        continue
                    if (seat, v, enemy) in s.battles_fought:
                        continue
                    options.append(Option(f"attack seat {enemy} at {ids[v]}", (v, enemy)))
            if len(options) == 1:
                break
            pick = yield from ask(seat, "attack", options)
            if pick is None:
                break
            v, enemy = pick
            s.battles_fought.add((seat, v, enemy))
            yield from fight(g, v, seat, enemy)


def strength(s: FiefState, v: int, seat: int) -> int:
    """A side's battle strength at ``v``: troops plus its Nobles."""
    cat = s.cat
    total = 0
    units = s.villages[v].units.get(seat)
    if units:
        st = cat.strength
        total = sum(c * st[u] for u, c in enumerate(units) if c)
    for n in s.nobles_at(v, seat):
        total += noble_strength(s, n)
    return total


def walls_held_by(s: FiefState, v: int, dfn: int) -> int:
    """The building at ``v`` that shelters ``dfn`` against an attack: 0 none, 1 a
    Stronghold, 2 a Fortified City.

    FF-PH-17 (our decision ``stronghold-holder`` in content/fief/decisions.yaml): only
    the player holding the Village is behind its walls. Its holder attacking an
    intruder inside, or anyone attacking a guest of a third player, is not
    attacking a Stronghold.
    """
    vil = s.villages[v]
    return vil.stronghold if vil.controller == dfn else 0


def wall_penalty(s: FiefState, v: int, dfn: int) -> int:
    """FF-PH-17: the dice a Stronghold (or Fortified City) at ``v`` costs a side attacking
    ``dfn`` there: nothing unless ``dfn`` holds the Village (:func:`walls_held_by`)."""
    dice = s.cat.rules.battle.dice
    return (0, dice.stronghold_penalty, dice.fortified_penalty)[walls_held_by(s, v, dfn)]


def noble_strength(s: FiefState, n: Noble) -> int:
    """One Noble's battle strength (a Lord, a Lady with or without a Title, bonuses)."""
    rules = s.cat.rules.battle
    if n.lady:
        total = rules.titled_lady_strength if n.titles else rules.lady_strength
    else:
        total = rules.lord_strength
    total += n.card.strength_bonus
    if "mother-of-dragons" in n.titles:
        total += rules.mother_of_dragons_strength
    return total


def dice_for(s: FiefState, power: int) -> int:
    """Battle dice for a total strength."""
    if power <= 0:
        return 0
    for low, high, dice in s.cat.rules.battle.dice.bands:
        if power >= low and (high is None or power <= high):
            return dice
    return 0


def _commander(s: FiefState, v: int, seat: int) -> int:
    return max((n.card.extra_die for n in s.nobles_at(v, seat)), default=0)


def _units_total(s: FiefState, v: int) -> int:
    vil = s.villages[v]
    return sum(sum(c) for c in vil.units.values()) + len(vil.nobles)


def fight(g: FiefGame, v: int, att: int, dfn: int) -> Flow:
    """One battle at ``v``: ``att`` attacks ``dfn``."""
    s = g.s
    ids = s.cat.map.ids
    rules = s.cat.rules.battle
    vil = s.villages[v]
    s.focus = {"battle": v, "attacker": att, "defender": dfn}
    g.emit("battle_started", att, at=ids[v], defender=dfn)
    if lone_noble_captured(g, v, att, dfn):
        return
    extra = {att: 0, dfn: 0}
    for side in (att, dfn):
        ambush = s.card_held(side, "ambush")
        if ambush is not None:
            use = yield from yes_no(side, "play_ambush", "play ambush", "keep ambush")
            if use:
                s.seats[side].hand.remove(ambush)
                extra[side] += s.cat.cards[ambush][2].extra_dice
                g.emit("card_played", side, card=ambush)
                g.discard_played(ambush)
    penalty = wall_penalty(s, v, dfn)
    passage = s.card_held(att, "secret_passage") if penalty else None
    if passage is not None:
        use = yield from yes_no(att, "play_passage", "play secret passage", "keep secret passage")
        if use:
            s.seats[att].hand.remove(passage)
            g.emit("card_played", att, card=passage, use="battle")
            g.discard_played(passage)
            penalty = 0
    if s.tactics:
        yield from volleys(g, v, att, dfn)
        if lone_noble_captured(g, v, att, dfn):
            return
    siege = s.cat.role_units["siege"]
    idle = 0
    for _ in range(200):
        if not s.has_presence(v, att) or not s.has_presence(v, dfn):
            break
        engines = 0
        units = vil.units.get(att)
        if units is not None:
            engines = sum(units[u] for u in siege)
        cost = max(0, penalty - engines * rules.siege_cancels)
        sa, sd = strength(s, v, att), strength(s, v, dfn)
        da = dice_for(s, sa) + _commander(s, v, att) + extra[att] - cost
        dd = dice_for(s, sd) + _commander(s, v, dfn) + extra[dfn]
        ra = [g.battle_die() for _ in range(max(0, da))]
        rd = [g.battle_die() for _ in range(max(0, dd))]
        g.emit(
            "dice_rolled",
            att,
            at=ids[v],
            attacker=ra,
            defender=rd,
            attacker_strength=sa,
            defender_strength=sd,
        )
        before = _units_total(s, v)
        yield from hits_on(g, v, {dfn: sum(ra), att: sum(rd)}, {dfn: att, att: dfn})
        if _units_total(s, v) == before:
            idle += 1
        else:
            idle = 0
        if not s.has_presence(v, att) or not s.has_presence(v, dfn):
            break
        if lone_noble_captured(g, v, att, dfn):
            return
        if idle >= rules.dice.idle_rolls_end:
            g.emit("battle_stalled", att, at=ids[v])
            break
        ended = False
        for side, other in ((att, dfn), (dfn, att)):
            ended = yield from _fight_on(g, v, side, other)
            if ended:
                break
        if ended:
            break
    s.focus = {}
    a, d = s.has_presence(v, att), s.has_presence(v, dfn)
    winner = att if a and not d else dfn if d and not a else None
    g.emit("battle_ended", att, at=ids[v], winner=winner, how="fought")


def lone_noble_captured(g: FiefGame, v: int, att: int, dfn: int) -> bool:
    """FF-PH-22: a defending Noble without troops, attacked by a larger force, is captured
    at once, ending the battle. Checked when the battle starts and after every exchange
    of hits (a volley, a roll): the only steps that take a defender's troops away. His
    last troops falling with no hit left over leaves him alone too (FF-GAP-24 decides
    only leftover hits)."""
    s = g.s
    if s.troop_count(v, dfn) or not s.nobles_at(v, dfn):
        return False
    if strength(s, v, att) <= strength(s, v, dfn):
        return False
    captors = s.nobles_at(v, att)
    for n in s.nobles_at(v, dfn):
        fate.capture(g, n, att, captors)
    g.emit("battle_ended", att, at=s.cat.map.ids[v], winner=att, how="lone noble captured")
    s.focus = {}
    return True


def hits_on(g: FiefGame, v: int, hits: dict[int, int], foe: dict[int, int]) -> Flow:
    """Hits land on both sides at once: troops first, then the Nobles of a side left bare.

    FF-PH-18: each owner spends the hits against him on his troops
    (:func:`casualties`). FF-PH-19, FF-GAP-24: hits left over reach the Nobles of a
    side whose troops are all gone: more than ``capture_up_to`` kill one of them (his
    owner picks); then the side's Nobles are captured, provided the other side
    still has a unit once every hit of the roll has landed. A side that has lost
    its last unit takes nobody, and neither does a side whose Nobles are being
    captured by this same roll: a prisoner never takes a prisoner, so two bare
    sides hitting each other capture nobody (our decision, ``battles`` in
    content/fief/decisions.yaml).
    """
    s = g.s
    # FF-PH-18: timed trigger: only a battle roll or an archers' volley deals hits
    left: dict[int, int] = {}
    for side in sorted(hits):
        left[side] = yield from casualties(g, v, side, hits[side])
    # sides whose troops are gone with hits to spare (casualties leaves hits over
    # only then): their Nobles take the rest
    bare = {side: left[side] > 0 and bool(s.nobles_at(v, side)) for side in hits}
    for side in sorted(hits):
        if bare[side] and left[side] > s.cat.rules.battle.capture_up_to:
            yield from noble_falls(g, v, side)
    # once every hit has landed: who still stands to lead prisoners away
    holds = {
        side: s.troop_count(v, side) > 0 or (not bare[side] and bool(s.nobles_at(v, side)))
        for side in hits
    }
    for side in sorted(hits):
        if bare[side] and holds[foe[side]]:
            captors = s.nobles_at(v, foe[side])
            for n in s.nobles_at(v, side):
                fate.capture(g, n, foe[side], captors)


def casualties(g: FiefGame, v: int, seat: int, hits: int) -> Flow:
    """The owner spends ``hits`` on his troops; returns hits left once his troops are gone."""
    s = g.s
    cat = s.cat
    vil = s.villages[v]
    need = cat.hits
    while hits > 0:
        units = vil.units.get(seat)
        if units is None:
            return hits
        kinds = [u for u in range(len(units)) if units[u] and need[u] <= hits]
        if not kinds:
            return 0
        u = kinds[0]
        if len(kinds) > 1:
            u = yield from ask(seat, "casualty", [Option(f"lose {cat.units[k]}", k) for k in kinds])
        g.lose_units(v, seat, u, 1, "battle")
        hits -= need[u]
    return 0 if seat in vil.units else hits


def noble_falls(g: FiefGame, v: int, seat: int) -> Flow:
    """FF-GAP-24: enough leftover hits kill one of ``seat``'s Nobles at ``v``, his pick."""
    s = g.s
    options = [Option(f"lose {n.id}", n.id) for n in s.nobles_at(v, seat)]
    victim = yield from ask(seat, "noble_falls", options)
    yield from fate.kill(g, s.nobles[victim], "battle")


def retreat_spots(s: FiefState, v: int, seat: int) -> list[int]:
    """Adjacent Villages a side may fall back to."""
    m = s.cat.map
    barred = {road for who, road in s.villages[v].entries if not s.friendly(seat, who)}
    out = []
    for w, road in m.neighbours[v]:
        if road in barred or s.rain(m.region_of[w]):
            continue
        if all(s.friendly(seat, p) for p in s.present(w)):
            out.append(w)
    return sorted(out)


def _fight_on(g: FiefGame, v: int, side: int, other: int) -> Flow:
    """A side fights on, retreats or surrenders; returns whether the battle ended."""
    s = g.s
    ids = s.cat.map.ids
    options = [Option("fight on", ("fight", None))]
    options += [Option(f"retreat to {ids[w]}", ("retreat", w)) for w in retreat_spots(s, v, side)]
    options.append(Option("surrender", ("surrender", None)))
    how, w = yield from ask(side, "battle_choice", options)
    if how == "fight":
        return False
    vil = s.villages[v]
    if how == "retreat":
        units = vil.units.get(side)
        if units is not None:
            for u, count in enumerate(list(units)):
                if count:
                    s.remove_units(v, side, u, count)
                    s.add_units(w, side, u, count)
        for n in s.nobles_at(v, side):
            s.lift_noble(n)
            s.place_noble(n, w)
            n.moved = True
        g.emit("retreated", side, frm=ids[v], to=ids[w])
        return True
    units = vil.units.get(side)
    if units is not None:
        for u, count in enumerate(list(units)):
            if count:
                g.lose_units(v, side, u, count, "surrender")
    captors = s.nobles_at(v, other)
    for n in s.nobles_at(v, side):
        fate.capture(g, n, other, captors)
    g.emit("surrendered", side, at=ids[v], to=other)
    return True


def volleys(g: FiefGame, v: int, att: int, dfn: int) -> Flow:
    """FF-PH-20, Tactics: archers shoot before the first roll (one die, +1 hit per extra
    archer); attacking the holder of a Stronghold (Fortified City) takes more of them
    (FF-PH-17: only its holder is behind the walls, :func:`walls_held_by`)."""
    s = g.s
    archers = s.cat.role_units["archer"]
    if not archers:
        return
    rules = s.cat.rules.battle
    building = walls_held_by(s, v, dfn)
    need = {
        att: (rules.archers_needed, rules.archers_vs_stronghold, rules.archers_vs_fortified)[
            building
        ],
        dfn: rules.archers_needed,
    }
    hits: dict[int, int] = {att: 0, dfn: 0}
    shot = False
    for side, target in ((att, dfn), (dfn, att)):
        units = s.villages[v].units.get(side)
        count = sum(units[u] for u in archers) if units else 0
        if count and count >= need[side]:
            roll = g.battle_die()
            hits[target] = roll + count - 1
            shot = True
            g.emit(
                "archers_fired",
                side,
                at=s.cat.map.ids[v],
                archers=count,
                die=roll,
                hits=hits[target],
            )
        elif count:
            g.emit("archers_idle", side, at=s.cat.map.ids[v], archers=count, needed=need[side])
    if shot:
        yield from hits_on(g, v, hits, {att: dfn, dfn: att})
