"""Abilities in play: an ability's data made ready for the referee, and run.

:mod:`pnp.rulesets.ironthrone.effects` defines the vocabulary (the pydantic
schema, its checks and its printed text); this module is its runtime:
:func:`compile_ability` turns an :class:`~pnp.rulesets.ironthrone.effects.Ability`
into a :class:`Compiled` whose :meth:`Compiled.usable` tests conditions, cost
and feasibility for a seat, and :func:`run` pays the cost and resolves the
effects (a generator of decisions, called by
:class:`pnp.rulesets.ironthrone.rules.Referee`).

Conditions are stored as small integer codes with plain typed parameters (no
pydantic objects, no per-ability generated code), so the test is an ordinary
function over integers, compiled straight to C by mypyc (see
:mod:`pnp.compiled`): it runs for every seat at every window. Effects are
stored as their word's entry and value; each word tests and resolves itself.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Final

from pnp.rulesets.ironthrone.effects import (
    CONDITION_NAMES,
    WINDOW_INDEX,
    Ability,
    Effect,
    describe,
)

if TYPE_CHECKING:
    from pnp.rulesets.ironthrone.rules.moves import Moves

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

assert [CONDITION_CODE[n] for n in ("active", "influence_over_them", "hand_at_least")] == [
    C_ACTIVE,
    C_INFLUENCE,
    C_HAND,
] and len(CONDITION_CODE) == C_HAND + 1

#: A condition: (code, wanted flag, wanted word, wanted number); only the
#: field its code reads matters.
Test = tuple[int, bool, str, int]
#: An effect: its word's entry (:data:`~pnp.rulesets.ironthrone.effects.WORDS`), its
#: value, and the word's ``sided`` and ``always`` flags (read here on every test).
Step = tuple[Any, Any, bool, bool]


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

    def usable(self, r: Moves, s: int, c: Any) -> bool:
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
        for entry, value, sided, always in self.steps:
            if (side or not sided) and (always or entry.feasible(r, s, value, c)):
                return True
        return False


def step_of(effect: Effect) -> Step:
    """``effect`` as a :data:`Step`: its word's entry and its value."""
    word = effect.word
    return (word, effect.param, word.sided, word.always)


def effect_feasible(r: Moves, s: int, effect: Effect, c: Any) -> bool:
    """Whether ``effect`` would do anything for seat ``s`` now (an ability none of
    whose effects would is not offered: nobody gets a pointless question)."""
    return effect.word.always or effect.word.feasible(r, s, effect.param, c)


def run(r: Moves, s: int, ab: Compiled, c: Any) -> Generator[Any, int, None]:
    """Pay the cost of ``ab`` and resolve its effects in order for seat ``s`` (a
    generator of decisions): each word resolves itself."""
    if ab.cost_sheet:
        r.sheet_to_box(s, ab.cost_sheet)
    if ab.cost_discard:
        yield from r.discard_chosen(s, ab.cost_discard)
    for word, value, _sided, _always in ab.steps:
        asking = word.resolve(r, s, value, c)
        if asking is not None:
            yield from asking


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
