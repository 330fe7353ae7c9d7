"""Card strength figures: how a seat fares when it draws, plays or never sees a card.

The figures follow the draft analysts' "games in hand" statistics, counted
per seat-game (one seat in one game with a result):

- **drawn games**: seat-games in which that seat drew the card (a card a seat
  played counts as drawn too: it had it in hand; what counts as a draw is the
  ruleset's ``card_drawn`` event, see the README's playtest section);
- **win rate when drawn** and **when played**: the share of those seat-games
  the seat won;
- **win rate when not seen**: the share won of the seat-games in which the
  seat could have drawn the card but did not -- the seat-games of the Houses
  that drew it at least once in the run (a House's own cards are not counted
  as "not seen" by the other Houses, whose decks never hold them);
- **improvement when drawn**: win rate when drawn minus win rate when not seen.

Rates carry their 95% Wilson interval; the improvement carries Newcombe's
hybrid score interval for a difference of two independent proportions
(:func:`newcombe`). The figures describe what happened, not why: a card drawn
mostly in long games, or by a strong House, is flattered or hurt by that.
Every figure comes from the integer counts of :class:`CardStats`, which add
up in any order, so it does not depend on the worker count.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.playtest.stats import (
    DRAWN_GAMES,
    DRAWN_WINS,
    PLAYED_GAMES,
    PLAYED_WINS,
    CardStats,
    Rate,
    wilson,
)

#: a card is ranked among the strongest and weakest once it was drawn in at least
#: this many seat-games and not seen in as many (fewer say little about it)
STRENGTH_GAMES = 30
#: cards listed each way in the report's strongest and weakest tables
RANKED = 10


def newcombe(wins1: int, games1: int, wins2: int, games2: int) -> tuple[float, float, float] | None:
    """``p1 - p2`` of two independent proportions and its 95% interval (Newcombe's
    hybrid score interval, method 10 of Newcombe 1998: each rate's Wilson interval
    recovers its variance); ``None`` when either has no games."""
    if games1 <= 0 or games2 <= 0:
        return None
    p1, p2 = wins1 / games1, wins2 / games2
    l1, u1 = wilson(wins1, games1)
    l2, u2 = wilson(wins2, games2)
    change = p1 - p2
    low = change - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = change + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return change, low, high


@dataclass(frozen=True)
class CardStrength:
    """One card's strength figures over a run."""

    card: str
    drawn: Rate
    played: Rate
    not_seen: Rate
    #: win rate when drawn minus when not seen, with its 95% interval (``None``:
    #: drawn or not seen in no seat-game)
    improvement: tuple[float, float, float] | None

    @property
    def ranked(self) -> bool:
        """Whether it has the games to be ranked (:data:`STRENGTH_GAMES` drawn and not seen)."""
        return min(self.drawn.games, self.not_seen.games) >= STRENGTH_GAMES

    @property
    def clear(self) -> bool:
        """Whether the improvement's interval lies clear of zero (either side)."""
        imp = self.improvement
        return imp is not None and (imp[1] > 0 or imp[2] < 0)

    def to_json(self) -> dict[str, Any]:
        """Counts, rates as fractions with ``ci_low``/``ci_high``, the improvement likewise."""
        return {
            "drawn_games": self.drawn.games,
            "played_games": self.played.games,
            "not_seen_games": self.not_seen.games,
            "win_rate_drawn": _rate(self.drawn),
            "win_rate_played": _rate(self.played),
            "win_rate_not_seen": _rate(self.not_seen),
            "improvement_when_drawn": _difference(self.improvement),
            "ranked": self.ranked,
            "clear_of_zero": self.clear,
        }


def _rate(rate: Rate) -> dict[str, Any] | None:
    if not rate.games:
        return None
    data = rate.to_json()
    return {"rate": data["rate"], "ci_low": data["ci_low"], "ci_high": data["ci_high"]}


def _difference(value: tuple[float, float, float] | None) -> dict[str, float] | None:
    if value is None:
        return None
    change, low, high = value
    return {"change": round(change, 6), "ci_low": round(low, 6), "ci_high": round(high, 6)}


def card_strength(card: str, stats: CardStats, houses: Mapping[str, Rate]) -> CardStrength:
    """``card``'s figures from its counts and the Houses' seat-games (``Statistics.houses``)."""
    drawn = Rate(stats.seen(DRAWN_GAMES), stats.seen(DRAWN_WINS))
    played = Rate(stats.seen(PLAYED_GAMES), stats.seen(PLAYED_WINS))
    # the seat-games that could have drawn it: those of the Houses that ever did
    games = wins = 0
    for house, counts in stats.houses.items():
        total = houses.get(house)
        if total is not None and counts[DRAWN_GAMES]:
            games += total.games - counts[DRAWN_GAMES]
            wins += total.wins - counts[DRAWN_WINS]
    not_seen = Rate(games, wins)
    improvement = newcombe(drawn.wins, drawn.games, not_seen.wins, not_seen.games)
    return CardStrength(card, drawn, played, not_seen, improvement)


def strengths(cards: Mapping[str, CardStats], houses: Mapping[str, Rate]) -> list[CardStrength]:
    """Every card's figures, in the order of ``cards``."""
    return [card_strength(card, stats, houses) for card, stats in cards.items()]


def strongest(figures: Sequence[CardStrength], count: int = RANKED) -> list[CardStrength]:
    """The ``count`` ranked cards with the largest improvement when drawn, largest first;
    of fewer than twice ``count`` ranked cards, the upper half (the middle one with it)."""
    ranked = _ranked(figures)
    return ranked[: min(count, (len(ranked) + 1) // 2)]


def weakest(figures: Sequence[CardStrength], count: int = RANKED) -> list[CardStrength]:
    """The ``count`` ranked cards with the smallest improvement when drawn, smallest first;
    never one of :func:`strongest` (with 3 ranked cards the best was also the 'weakest')."""
    ranked = _ranked(figures)
    return ranked[::-1][: min(count, len(ranked) // 2)]


def _ranked(figures: Sequence[CardStrength]) -> list[CardStrength]:
    """The cards with the games to be ranked, largest improvement first."""
    ranked = [f for f in figures if f.ranked and f.improvement is not None]
    ranked.sort(key=lambda f: (-_improvement(f), f.card))
    return ranked


def _improvement(figure: CardStrength) -> float:
    assert figure.improvement is not None
    return figure.improvement[0]


#: the columns of ``--cards FILE.csv``, in order
CSV_COLUMNS = (
    "card",
    "drawn",
    "played",
    "drawn_games",
    "played_games",
    "not_seen_games",
    "win_rate_drawn",
    "win_rate_drawn_low",
    "win_rate_drawn_high",
    "win_rate_played",
    "win_rate_played_low",
    "win_rate_played_high",
    "win_rate_not_seen",
    "win_rate_not_seen_low",
    "win_rate_not_seen_high",
    "improvement_when_drawn",
    "improvement_low",
    "improvement_high",
    "ranked",
    "clear_of_zero",
)


def cards_csv(cards: Mapping[str, CardStats], figures: Sequence[CardStrength]) -> str:
    """The ``--cards`` CSV: one row per card (:data:`CSV_COLUMNS`), rates as fractions,
    an empty cell for a figure without games."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for figure in figures:
        counts = cards[figure.card]
        row: list[Any] = [
            figure.card,
            counts.drawn,
            counts.played,
            figure.drawn.games,
            figure.played.games,
            figure.not_seen.games,
        ]
        for rate in (figure.drawn, figure.played, figure.not_seen):
            row += _rate_cells(rate)
        imp = figure.improvement
        row += [f"{v:.6f}" for v in imp] if imp is not None else ["", "", ""]
        row += [int(figure.ranked), int(figure.clear)]
        writer.writerow(row)
    return out.getvalue()


def _rate_cells(rate: Rate) -> list[str]:
    if not rate.games:
        return ["", "", ""]
    low, high = wilson(rate.wins, rate.games)
    return [f"{rate.wins / rate.games:.6f}", f"{low:.6f}", f"{high:.6f}"]


def points(value: float) -> str:
    """A difference of rates in percentage points, signed: ``+4.2 pp``."""
    return f"{100 * value:+.1f} pp"
