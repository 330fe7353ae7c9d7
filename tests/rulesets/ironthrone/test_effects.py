"""The ability vocabulary's compiled tests against a plain reading of the data."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.rng import stream
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.abilities import compile_ability, effect_feasible
from pnp.rulesets.ironthrone.effects import SIDED_EFFECTS, Ability, Effect, describe

# each condition as the vocabulary's documentation reads it
CONDITIONS: dict[str, Any] = {
    "active": lambda r, s, c: s in (r.challenger, r.defender),
    "challenger": lambda r, s, c: s == r.challenger,
    "defender": lambda r, s, c: s == r.defender,
    "supporting": lambda r, s, c: r.is_supporting(s),
    "participating": lambda r, s, c: r.is_participating(s),
    "outcome": lambda r, s, c: r.outcome_name(),
    "side": lambda r, s, c: r.side_result(s),
    "revealed": lambda r, s, c: r.revealed_kind(s),
    "behind": lambda r, s, c: r.is_behind(s),
    "sheet_at_least": lambda r, s, c: r.sheet[s],
    "hand_at_least": lambda r, s, c: len(r.hand[s]),
}


def plain_usable(ref: Any, seat: int, ability: Ability, ctx: Any) -> bool:
    """Every condition holds, the cost can be paid, and some effect would act."""
    conds = ability.if_
    for name in type(conds).model_fields:
        want = getattr(conds, name)
        if want is None:
            continue
        if name == "influence_over_them":
            if ctx is None or (ref.on_board[ctx][seat] > 0) != want:
                return False
        elif name in ("sheet_at_least", "hand_at_least"):
            if CONDITIONS[name](ref, seat, ctx) < want:
                return False
        elif CONDITIONS[name](ref, seat, ctx) != want:
            return False
    cost = ability.cost
    if cost is not None:
        if cost.sheet_to_box and ref.sheet[seat] < cost.sheet_to_box:
            return False
        if cost.discard and len(ref.hand[seat]) < cost.discard:
            return False
    return any(
        (ref.side[seat] or e.kind not in SIDED_EFFECTS) and effect_feasible(ref, seat, e, ctx)
        for e in ability.do
    )


def test_compiled_tests_agree_with_the_data(content: LoadedContent[Any]) -> None:
    """At every step of random games, for every seat and every ability of the
    content, the compiled test says what the ability's data says."""
    model = content.model
    abilities = [
        compile_ability(c.leader, c.id, card=False) for c in model.characters if c.leader
    ] + [
        compile_ability(card.ability, card.id, card=True)
        for house in model.houses
        for card in house.deck
        if getattr(card, "ability", None) is not None
    ]
    assert len(abilities) > 20
    checked = held = 0
    for seed in range(6):
        game = RULESET.new_game(content, GameConfig(3 + seed % 3), seed)
        ref = game.ref  # type: ignore[attr-defined]
        rng = stream(seed, "test")
        while (d := game.decision()) is not None:
            for seat in range(ref.n):
                ctx = (seat + 1) % ref.n
                for ab in abilities:
                    want = plain_usable(ref, seat, ab.ability, ctx)
                    assert ab.usable(ref, seat, ctx) == want, (ab.source, seat, d.kind)
                    checked += 1
                    held += want
            game.apply(rng.randrange(len(d.options)))
    assert checked > 10_000 and 0 < held < checked


def test_an_effect_gives_exactly_one_word() -> None:
    assert (Effect(draw=2).kind, Effect(draw=2).param) == ("draw", 2)
    for raw, said in (({}, "got none"), ({"draw": 1, "bonus": 2}, "got draw and bonus")):
        try:
            Effect.model_validate(raw)
        except ValidationError as exc:
            assert "give exactly one effect word (draw, discard, " in str(exc)
            assert said in str(exc)
        else:
            raise AssertionError(f"{raw} was accepted")


def test_distribute_prints_an_exact_amount_and_distribute_up_to_a_range() -> None:
    """IT-POW-02, IT-TEXT-06: ``distribute`` places exactly its amount (or all the sheet
    holds), so its text offers no smaller amount; ``distribute_up_to`` (the rulebook's
    Maternal) prints that its player picks how much. The referee runs the same words
    (scenarios forced-march-places-exactly-two, distribute-exact-then-up-to-on-a-lone-character)."""

    def text(effect: dict[str, int]) -> str:
        data = {"title": "T", "when": "before_your_turn", "do": [effect]}
        return describe(Ability.model_validate(data))

    exact = text({"distribute": 2})
    assert "distribute 2 power" in exact.lower() and "up to" not in exact
    ranged = text({"distribute_up_to": 2})
    assert "as much power" in ranged and "from 1 up to 2" in ranged
