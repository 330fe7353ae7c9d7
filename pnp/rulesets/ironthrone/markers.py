"""Encounter markers: the table's reminders of an effect that lasts the encounter and
leaves no card behind (a side's total changed, a player shielded from penalties or
barred from rewards).

Which markers a kit needs follows from the content's abilities; how many a moment
needs follows from the referee's state. Both the kit (:mod:`.kit.tokens`, which draws
them) and the kit meter (:mod:`.usage`, which counts them in play) read them here, so
the referee's side never loads print code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pnp.rulesets.ironthrone.effects import Ability
from pnp.rulesets.ironthrone.model import CharacterCard, IronThroneContent

#: the ids of the two word markers (the value markers are ``marker-<amount>``)
NO_PENALTIES = "marker-no-penalties"
NO_REWARDS = "marker-no-rewards"


def marker_kinds(abilities: Iterable[Ability]) -> tuple[list[int], bool, bool]:
    """What ``abilities`` call markers for: the amounts they add to or take off a total
    (``bonus``/``weaken``), ascending, and whether any shields (``shield``) or denies
    rewards (``deny_rewards``)."""
    amounts: set[int] = set()
    shields = denies = False
    for ability in abilities:
        for effect in ability.do:
            word = effect.word.name
            if word in ("bonus", "weaken"):
                amounts.add(int(effect.param))
            shields |= word == "shield"
            denies |= word == "deny_rewards"
    return sorted(amounts), shields, denies


def content_abilities(model: IronThroneContent) -> list[Ability]:
    """Every leader ability and character card ability of the content."""
    out = [c.leader for c in model.characters]
    return out + [c.ability for h in model.houses for c in h.deck if isinstance(c, CharacterCard)]


def markers_for(net: int, amounts: Sequence[int]) -> dict[int, int]:
    """The fewest markers of ``amounts`` (largest first) that show a side's change of
    ``net`` (its sign is the side the markers are turned to): ``{amount: count}``. A
    remainder no amount fits takes one more of the smallest."""
    left = abs(net)
    out: dict[int, int] = {}
    for a in sorted(amounts, reverse=True):
        k, left = divmod(left, a)
        if k:
            out[a] = k
    if left and amounts:
        small = min(amounts)
        out[small] = out.get(small, 0) + 1
    return out
