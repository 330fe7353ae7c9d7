"""Abilities in play: an ability's data made ready for the referee, and run.

:mod:`pnp.rulesets.ironthrone.effects` defines the vocabulary (the pydantic
schema, its checks and its printed text); this module is its runtime:
:func:`compile_ability` turns an :class:`~pnp.rulesets.ironthrone.effects.Ability`
into a :class:`Compiled` whose :meth:`Compiled.usable` tests conditions, cost
and feasibility for a seat, and :func:`run` pays the cost and resolves the
effects (a generator of decisions, called by
:class:`pnp.rulesets.ironthrone.rules.Referee`).

Conditions and effects are stored as small integer codes with plain typed
parameters (no pydantic objects, no per-ability generated code), so the test
and the effects are ordinary functions over integers: cheap in CPython and
compiled straight to C by mypyc (see :mod:`pnp.compiled`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Final

from pnp.rulesets.ironthrone.effects import (
    CONDITION_NAMES,
    EFFECT_NAMES,
    SIDED_EFFECTS,
    WINDOW_INDEX,
    Ability,
    Effect,
    describe,
)
from pnp.rulesets.ironthrone.state import BETRAYAL

if TYPE_CHECKING:
    from pnp.rulesets.ironthrone.rules import Referee

# ---------------------------------------------------------------- codes

# conditions, in the order of the vocabulary (``Conditions`` fields)
C_ACTIVE: Final = 0
C_CHALLENGER: Final = 1
C_DEFENDER: Final = 2
C_SUPPORTING: Final = 3
C_PARTICIPATING: Final = 4
C_OUTCOME: Final = 5
C_SIDE: Final = 6
C_REVEALED: Final = 7
C_BEHIND: Final = 8
C_INFLUENCE: Final = 9
C_SHEET: Final = 10
C_HAND: Final = 11
CONDITION_CODE: Final[dict[str, int]] = {name: i for i, name in enumerate(CONDITION_NAMES)}

# effects, in the order of the vocabulary (``Effect`` fields)
E_DRAW: Final = 0
E_DISCARD: Final = 1
E_DISTRIBUTE: Final = 2
E_RESHUFFLE: Final = 3
E_RESOLVE_AS: Final = 4
E_FORCE_SUPPORT: Final = 5
E_UPGRADE: Final = 6
E_REMOVE_POWER: Final = 7
E_CUT_POWER: Final = 8
E_PLACE_FIRST: Final = 9
E_BONUS: Final = 10
E_WEAKEN: Final = 11
E_TAKE_HOSTAGE: Final = 12
E_STEAL_POWER: Final = 13
E_WITHDRAW: Final = 14
E_SHIELD: Final = 15
E_SPREAD: Final = 16
E_OPPONENT_DISCARDS: Final = 17
E_DENY_REWARDS: Final = 18
EFFECT_CODE: Final[dict[str, int]] = {name: i for i, name in enumerate(EFFECT_NAMES)}

assert [CONDITION_CODE[n] for n in ("active", "influence_over_them", "hand_at_least")] == [
    C_ACTIVE,
    C_INFLUENCE,
    C_HAND,
] and len(CONDITION_CODE) == C_HAND + 1
assert [EFFECT_CODE[n] for n in ("draw", "upgrade_hostility", "bonus", "deny_rewards")] == [
    E_DRAW,
    E_UPGRADE,
    E_BONUS,
    E_DENY_REWARDS,
] and len(EFFECT_CODE) == E_DENY_REWARDS + 1

#: effects that always do something (feasible whenever their side condition holds)
ALWAYS: Final = frozenset({E_DRAW, E_BONUS, E_WEAKEN, E_SHIELD})
SIDED: Final = frozenset(EFFECT_CODE[name] for name in SIDED_EFFECTS)

#: A condition: (code, wanted flag, wanted word, wanted number); only the
#: field its code reads matters.
Test = tuple[int, bool, str, int]
#: An effect: (code, whom it names, its number, its flag, whether it needs a side).
Step = tuple[int, str, int, bool, bool]


class Compiled:
    """An ability ready for the referee: its data plus its conditions and
    effects as codes. One per ability object (:func:`compile_ability`)."""

    #: the ability's data
    ability: Ability
    #: the id of the leader sheet or card it is printed on
    source: str
    #: WINDOW_INDEX of its window
    window: int
    #: true for a character card's ability
    card: bool
    #: the printed rules text
    text: str
    #: the printed title
    title: str
    #: the cost: power from the sheet to the box, cards discarded (0: none)
    cost_sheet: int
    cost_discard: int
    tests: tuple[Test, ...]
    steps: tuple[Step, ...]

    def __init__(self, ability: Ability, source: str, card: bool) -> None:
        self.ability = ability
        self.source = source
        self.window = WINDOW_INDEX[ability.when]
        self.card = card
        self.text = describe(ability)
        self.title = ability.title
        conds = ability.if_
        tests: list[Test] = []
        for name in CONDITION_NAMES:
            value = getattr(conds, name)
            if value is None:
                continue
            flag = value is True
            word = value if isinstance(value, str) else ""
            number = value if type(value) is int else 0
            tests.append((CONDITION_CODE[name], flag, word, number))
        self.tests = tuple(tests)
        cost = ability.cost
        self.cost_sheet = (cost.sheet_to_box or 0) if cost else 0
        self.cost_discard = (cost.discard or 0) if cost else 0
        self.steps = tuple(step_of(e) for e in ability.do)

    def usable(self, r: Referee, s: int, c: Any) -> bool:
        """Whether every condition and the cost hold for seat ``s`` now and at
        least one effect would do something (``c``: the window's context, the
        seat about to offer support, or ``None``)."""
        for code, flag, word, number in self.tests:
            if code <= C_PARTICIPATING:
                if code == C_ACTIVE:
                    got = s == r.challenger or s == r.defender
                elif code == C_CHALLENGER:
                    got = s == r.challenger
                elif code == C_DEFENDER:
                    got = s == r.defender
                elif code == C_SUPPORTING:
                    got = r.is_supporting(s)
                else:
                    got = r.is_participating(s)
                if got != flag:
                    return False
            elif code == C_OUTCOME:
                if r.outcome_name() != word:
                    return False
            elif code == C_SIDE:
                if r.side_result(s) != word:
                    return False
            elif code == C_REVEALED:
                if r.revealed_kind(s) != word:
                    return False
            elif code == C_BEHIND:
                if r.is_behind(s) != flag:
                    return False
            elif code == C_INFLUENCE:
                if c is None or (r.on_board[c][s] > 0) != flag:
                    return False
            elif code == C_SHEET:
                if r.sheet[s] < number:
                    return False
            elif len(r.hand[s]) < number:
                return False
        if self.cost_sheet and r.sheet[s] < self.cost_sheet:
            return False
        if self.cost_discard and len(r.hand[s]) < self.cost_discard:
            return False
        side = r.side[s]
        for step in self.steps:  # noqa: SIM110 (a loop: no generator per test when interpreted)
            if (side or not step[4]) and feasible(r, s, step, c):
                return True
        return False


def step_of(effect: Effect) -> Step:
    """``effect`` as a :data:`Step`: its code and its parameter in plain fields."""
    code = EFFECT_CODE[effect.kind]
    p = effect.param
    who, number, flag = "", 0, False
    if code == E_REMOVE_POWER:
        who, number = p.who, p.amount
    elif code == E_CUT_POWER:
        who, number = p.who, p.keep
    elif code == E_PLACE_FIRST:
        flag = p.faceup
    elif isinstance(p, str):
        who = p
    elif type(p) is int:
        number = p
    return (code, who, number, flag, code in SIDED)


def feasible(r: Referee, s: int, step: Step, c: Any) -> bool:
    """Whether effect ``step`` would do anything for seat ``s`` now (an ability
    none of whose effects would is not offered: nobody gets a pointless question)."""
    code, who, n, _flag, _sided = step
    if code in ALWAYS:
        return True
    if code == E_DISCARD:
        return bool(r.hand[s])
    if code == E_DISTRIBUTE:
        return r.sheet[s] > 0 and r.has_living(s)
    if code == E_RESHUFFLE:
        return bool(r.discard[s])
    if code == E_RESOLVE_AS:
        return r.outcome == BETRAYAL
    if code == E_FORCE_SUPPORT:
        return c is not None and r.can_force_support(c)
    if code == E_UPGRADE:
        return bool(r.upgrade_targets())
    if code == E_REMOVE_POWER:
        n = 0
    if code in (E_REMOVE_POWER, E_CUT_POWER):
        return any(r.char_power_of(t) > n for t in r.targets(s, who))
    if code == E_PLACE_FIRST:
        return r.can_place_first(s)
    if code == E_TAKE_HOSTAGE:
        # a victim spared penalties (shielded) gives no hostage: no such victim, no offer
        return r.can_receive(s) and bool(r.victims(r.targets(s, who)))
    if code == E_WITHDRAW:
        return bool(r.targets(s, "opposing_supporters"))
    opposing = r.targets(s, "opposing_active")
    if code == E_STEAL_POWER:
        return any(r.sheet[t] > 0 for t in opposing)
    if code == E_SPREAD:
        return r.left[s] > 0 and bool(opposing)
    if code == E_OPPONENT_DISCARDS:
        return any(r.hand[t] for t in opposing)
    return bool(opposing)  # E_DENY_REWARDS


def effect_feasible(r: Referee, s: int, effect: Effect, c: Any) -> bool:
    """:func:`feasible` for an effect's data (tests read the vocabulary this way)."""
    return feasible(r, s, step_of(effect), c)


def run(r: Referee, s: int, ab: Compiled, c: Any) -> Generator[Any, int, None]:
    """Pay the cost of ``ab`` and resolve its effects for seat ``s`` (a generator
    of decisions)."""
    if ab.cost_sheet:
        r.sheet_to_box(s, ab.cost_sheet)
    if ab.cost_discard:
        yield from r.discard_chosen(s, ab.cost_discard)
    for code, who, n, flag, _sided in ab.steps:
        if code == E_DRAW:
            r.draw(s, n)
        elif code == E_DISCARD:
            yield from r.discard_chosen(s, n)
        elif code == E_DISTRIBUTE:
            yield from r.distribute(s, n, True)
        elif code == E_RESHUFFLE:
            r.reshuffle(s)
        elif code == E_RESOLVE_AS:
            r.resolve_as_truce(s)
        elif code == E_FORCE_SUPPORT:
            yield from r.force_support(s, c)
        elif code == E_UPGRADE:
            yield from r.upgrade_hostility(s)
        elif code == E_REMOVE_POWER:
            r.strike(s, who, n, None)
        elif code == E_CUT_POWER:
            r.strike(s, who, None, n)
        elif code == E_PLACE_FIRST:
            r.set_place_first(s, flag)
        elif code == E_BONUS:
            r.add_bonus(r.side[s], n)
        elif code == E_WEAKEN:
            r.add_bonus(3 - r.side[s], -n)
        elif code == E_TAKE_HOSTAGE:
            yield from r.hostages_from(s, r.targets(s, who))
        elif code == E_STEAL_POWER:
            r.steal_power(s, n)
        elif code == E_WITHDRAW:
            yield from r.withdraw_one(s)
        elif code == E_SHIELD:
            r.shield(s, who)
        elif code == E_SPREAD:
            r.spread_to_opponent(s, n)
        elif code == E_OPPONENT_DISCARDS:
            r.random_discard(s, n)
        else:  # E_DENY_REWARDS
            r.deny_rewards(s)


#: compiled abilities by identity of the content object (content outlives games)
_COMPILED: dict[tuple[int, str], tuple[Ability, Compiled]] = {}


def compile_ability(ability: Ability, source: str, *, card: bool) -> Compiled:
    """Prepare ``ability`` (printed on ``source``) for the referee (cached)."""
    key = (id(ability), source)
    hit = _COMPILED.get(key)
    if hit is not None and hit[0] is ability:
        return hit[1]
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    compiled = Compiled(ability, source, card)
    _COMPILED[key] = (ability, compiled)
    return compiled
