"""Changes between two versions of the content, with their 95% intervals.

A comparison plays every game index under both versions with the same seed,
so each seat-game (or game) gives a *pair* of outcomes: won (or drew the
card) in the base version, in the candidate, both or neither. When most
games are alike under both versions the pairs agree, and the noise of the
change comes from the discordant pairs alone -- which is why a paired
comparison sees a small change with far fewer games than two independent
playtests.

- :func:`paired_change`: the change of a rate from paired yes/no outcomes,
  with the adjusted Wald interval of Bonett and Price (2012): one is added
  to each discordant count and two to the number of pairs, which keeps the
  interval honest when few pairs disagree (with none, it is a narrow band
  round zero, not a point).
- :func:`independent_change`: the change between two rates measured on
  different seat-games (Newcombe's hybrid score interval), used where the
  outcomes do not pair.
- :func:`improvement_change`: the change of a card's improvement when
  drawn, from the seat-games in which the seat drew the card in both versions
  and those in which it saw it in neither (each group paired as above).

All of them take integer counts (:class:`PairCounts`, added up in any order)
or finished figures, never per-game lists.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from pnp.playtest.stats import Z95
from pnp.playtest.strength import newcombe


@dataclass
class PairCounts:
    """Paired yes/no outcomes (won, drew the card …) of one unit under both versions."""

    #: yes in both versions
    both: int = 0
    #: yes in the base version only
    base_only: int = 0
    #: yes in the candidate only
    candidate_only: int = 0
    #: no in both
    neither: int = 0

    def add(self, base: bool, candidate: bool) -> None:
        """Count one pair."""
        if base and candidate:
            self.both += 1
        elif base:
            self.base_only += 1
        elif candidate:
            self.candidate_only += 1
        else:
            self.neither += 1

    @property
    def pairs(self) -> int:
        """How many pairs were counted."""
        return self.both + self.base_only + self.candidate_only + self.neither

    def __add__(self, other: PairCounts) -> PairCounts:
        return PairCounts(
            self.both + other.both,
            self.base_only + other.base_only,
            self.candidate_only + other.candidate_only,
            self.neither + other.neither,
        )

    def __sub__(self, other: PairCounts) -> PairCounts:
        return PairCounts(
            self.both - other.both,
            self.base_only - other.base_only,
            self.candidate_only - other.candidate_only,
            self.neither - other.neither,
        )


@dataclass(frozen=True)
class Change:
    """A figure in each version, the change (candidate minus base) and its 95% interval.

    Figures are fractions (rates) or differences of fractions; ``None`` where a
    version has no games for it.
    """

    base: float | None
    candidate: float | None
    change: float | None
    ci_low: float | None
    ci_high: float | None
    #: whether the interval comes from paired outcomes (else: as if independent)
    paired: bool = True

    @property
    def beyond_noise(self) -> bool:
        """Whether the interval lies clear of zero."""
        if self.ci_low is None or self.ci_high is None:
            return False
        return self.ci_low > 0 or self.ci_high < 0

    def to_json(self) -> dict[str, Any]:
        """``{base, candidate, change, ci_low, ci_high}``, rounded to six places."""
        return {
            "base": _round(self.base),
            "candidate": _round(self.candidate),
            "change": _round(self.change),
            "ci_low": _round(self.ci_low),
            "ci_high": _round(self.ci_high),
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


#: a change no version has games for
UNKNOWN = Change(None, None, None, None, None)


def paired_change(counts: PairCounts, z: float = Z95) -> Change:
    """The change of a rate from paired outcomes, with the Bonett-Price interval."""
    n = counts.pairs
    if n == 0:
        return UNKNOWN
    base = (counts.both + counts.base_only) / n
    candidate = (counts.both + counts.candidate_only) / n
    # the adjusted Wald interval: +1 to each discordant count, +2 to the pairs
    centre, variance = _adjusted(counts)
    half = z * math.sqrt(variance)
    low, high = max(-1.0, centre - half), min(1.0, centre + half)
    return Change(base, candidate, candidate - base, low, high)


def independent_change(
    base_wins: int, base_games: int, candidate_wins: int, candidate_games: int
) -> Change:
    """The change between two rates of different seat-games (Newcombe's interval)."""
    base = base_wins / base_games if base_games else None
    candidate = candidate_wins / candidate_games if candidate_games else None
    found = newcombe(candidate_wins, candidate_games, base_wins, base_games)
    if found is None:
        return Change(base, candidate, None, None, None, paired=False)
    change, low, high = found
    return Change(base, candidate, change, low, high, paired=False)


def _adjusted(counts: PairCounts) -> tuple[float, float]:
    """The Bonett-Price adjusted change of paired outcomes and its variance."""
    n = counts.pairs
    up = (counts.candidate_only + 1) / (n + 2)
    down = (counts.base_only + 1) / (n + 2)
    centre = up - down
    return centre, max(0.0, up + down - centre * centre) / (n + 2)


def improvement_change(drawn: PairCounts, not_seen: PairCounts, z: float = Z95) -> Change:
    """The change of a card's improvement when drawn, from paired seat-games: those in
    which the seat drew the card in both versions (``drawn``) and those in which it saw
    it in neither (``not_seen``).

    In each version the improvement is the win rate of the first group minus that of
    the second, so the change is the paired change of the first minus that of the
    second; the two groups hold different seat-games, and their adjusted variances
    (as :func:`paired_change` takes them) add up. Seat-games are taken as
    independent: exact for a card only one House draws (a House sits once in a
    game), a little narrow for a card several seats of one game can draw, whose
    results in that game move together (one seat's win is another's loss).
    """
    if drawn.pairs == 0 or not_seen.pairs == 0:
        return UNKNOWN
    d, n = paired_change(drawn), paired_change(not_seen)
    assert d.base is not None and d.candidate is not None
    assert n.base is not None and n.candidate is not None
    base, candidate = d.base - n.base, d.candidate - n.candidate
    centre_d, var_d = _adjusted(drawn)
    centre_n, var_n = _adjusted(not_seen)
    centre, half = centre_d - centre_n, z * math.sqrt(var_d + var_n)
    low, high = max(-2.0, centre - half), min(2.0, centre + half)
    return Change(base, candidate, candidate - base, low, high)
