"""How many of each printed piece a game has in use at once: the measure of the kit check.

A ruleset's :class:`KitMeter` watches one game and keeps, for each card and
token of the printed kit it knows (by the ids ``manifest.json`` uses), the
largest number in use at once: every copy of a card in any deck, hand, pile
or zone of any seat; every token, marker, coin and chit on the table or in a
player's own supply (the rules' bank or general supply is not in use). The
playtest compares these peaks with the copies the kit prints
(:mod:`pnp.playtest.kit`); nothing here reads the kit.

The meter reads the game's state -- the same facts its snapshot shows --
whenever the game comes to rest: once set up, after every step (at each
decision) and at the end. A table at rest is what players see and hold;
the referee's order of bookkeeping inside one step is not.

Counting every piece after every step would cost a referee step as much
again, so the pieces are counted in **groups** (bits of an int), and
:attr:`KitMeter.triggers` names, for each group whose count can rise during
play, the event kinds that come with such a rise: a step recounts only the
groups its events name. The :attr:`KitMeter.settled` groups (the cards of
the decks) cannot change once the game is set up and are counted when the
meter starts; every other group is counted then and again at the end. A
meter made with ``thorough=True`` recounts every group after every step;
the rulesets' tests check that it finds the same peaks, so a rise that no
trigger names cannot go unnoticed.

Coins are pieces of another kind: a heap of 7 may lie as a 5 and two 1s or
as seven 1s, so no one count of 5s is what a game needs. A ruleset names
such a pair as a :class:`Change`; its meter then reports the 1s the heaps
need whatever the 5s (each heap's worth beyond a multiple of 5) under the
smaller coin's id, and the heaps' worth in all under :attr:`Change.worth_id`,
and the kit check works out the 5s needed with the printed 1s as change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.event import Event

#: every group of a meter, as a mask
ALL_GROUPS = -1


@dataclass(frozen=True)
class Change:
    """A coin the players may pay or hold as smaller coins instead (a 5 as five 1s)."""

    #: the larger coin's component id (``gold-5``)
    coin: str
    #: the smaller coin's (``gold-1``)
    made_of: str
    #: how many smaller coins one larger coin is worth
    worth: int

    @property
    def worth_id(self) -> str:
        """The id under which a meter reports the most the heaps were worth at once, in
        smaller coins (not a printed piece: the kit check reads it with :attr:`coin`)."""
        return f"{self.coin}+{self.made_of}"

    def needs(self, heaps: Iterable[int]) -> dict[str, int]:
        """What ``heaps`` (amounts of money, one per player or pile) need at once: the
        smaller coins no larger coin can stand for, and their worth in all."""
        loose = total = 0
        worth = self.worth
        for heap in heaps:
            loose += heap % worth
            total += heap
        return {self.made_of: loose, self.worth_id: total}


class KitMeter:
    """Peaks of the printed pieces one game has in use at once (subclassed per ruleset).

    A subclass implements :meth:`count` and :meth:`components`, names its
    :attr:`triggers` and :attr:`settled` groups, and counts every group once
    its game is in hand (``self.count(ALL_GROUPS)`` at the end of its
    ``__init__``).
    """

    #: event kind -> the groups (a bit mask) whose count an event of that kind may raise
    triggers: Mapping[str, int] = {}
    #: the groups that cannot change once the game is set up (counted at the start only)
    settled: int = 0

    def __init__(self, *, thorough: bool = False) -> None:
        #: component id -> the most in use at once so far (ids never in use are absent)
        self.peaks: dict[str, int] = {}
        self.thorough = thorough

    def count(self, groups: int) -> None:
        """Count the pieces of ``groups`` (a mask of group bits) in the game's state now,
        raising each peak with :meth:`raise_to`."""
        raise NotImplementedError

    def components(self) -> set[str]:
        """Every id this meter accounts for in its game: those it may report, and the
        larger coin of a :class:`Change`, reported through its worth (its tests check
        that these cover the kit's cards and tokens)."""
        raise NotImplementedError

    @property
    def per_step(self) -> bool:
        """Whether steps need watching at all (a meter without triggers counts only at the
        start and the end)."""
        return self.thorough or bool(self.triggers)

    def raise_to(self, component: str, in_use: int) -> None:
        """Keep ``in_use`` as ``component``'s peak if it is the largest yet."""
        if in_use > self.peaks.get(component, 0):
            self.peaks[component] = in_use

    def raise_all(self, counts: Mapping[str, int]) -> None:
        """:meth:`raise_to` for every entry of ``counts``."""
        peaks = self.peaks
        for component, in_use in counts.items():
            if in_use > peaks.get(component, 0):
                peaks[component] = in_use

    def step(self, events: Sequence[Event]) -> None:
        """After a step: recount the groups its ``events`` may have raised (all when
        thorough)."""
        if self.thorough:
            self.count(ALL_GROUPS)
            return
        mask = 0
        triggers = self.triggers
        for event in events:
            mask |= triggers.get(event.kind, 0)
        if mask:
            self.count(mask)

    def finish(self) -> dict[str, int]:
        """Count the final state (all but the settled groups) and return the peaks."""
        self.count(ALL_GROUPS & ~self.settled)
        return dict(self.peaks)


def tally_ids(counts: dict[str, int], ids: Iterable[Any], prefix: str = "") -> None:
    """Add one to ``counts[prefix + id]`` for each id of ``ids`` (a pile of cards)."""
    for card in ids:
        key = prefix + card
        counts[key] = counts.get(key, 0) + 1


__all__ = ["ALL_GROUPS", "Change", "KitMeter", "tally_ids"]
