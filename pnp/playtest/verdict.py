"""The verdict: does the content pass its playtest?

A run fails when any game crashed or broke an invariant, when more than
``max_cap_rate`` of the games hit a cap, when a House's 95% win-rate
interval misses the fair band (the equal-seat rate ± ``fair_margin``; only
Houses that played at least ``house_games`` games are judged), when
more than ``max_undecided_rate`` of the finished games end without a victory
(the ruleset's ``undecided_endings``, e.g. a round limit), or, in runs of at
least ``card_games`` games, when some card was never played.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.playtest.stats import Statistics, wilson
from pnp.rulesets.ruleset import Ruleset


@dataclass(frozen=True)
class Thresholds:
    """The verdict's limits (defaults from the ruleset; options override them)."""

    fair_margin: float = 0.05
    max_cap_rate: float = 0.01
    #: the smallest run in which a card never played fails the verdict
    card_games: int = 500
    #: the fewest games a House must play for its win rate to be judged: with
    #: fewer, one lucky streak among many Houses fails a smoke-test run
    house_games: int = 30
    #: endings that are no victory, and the largest share of finished games
    #: that may end so
    undecided_endings: frozenset[str] = frozenset()
    max_undecided_rate: float = 1.0

    @classmethod
    def for_ruleset(
        cls,
        ruleset: Ruleset,
        *,
        fair_margin: float | None = None,
        max_cap_rate: float | None = None,
        card_games: int | None = None,
        house_games: int | None = None,
    ) -> Thresholds:
        """The ruleset's thresholds, overridden where given."""
        return cls(
            fair_margin=ruleset.fair_margin if fair_margin is None else fair_margin,
            max_cap_rate=ruleset.max_cap_rate if max_cap_rate is None else max_cap_rate,
            card_games=cls.card_games if card_games is None else card_games,
            house_games=cls.house_games if house_games is None else house_games,
            undecided_endings=ruleset.undecided_endings,
            max_undecided_rate=ruleset.max_undecided_rate,
        )


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _commonest_way(stats: Statistics, house: str) -> str:
    """``; commonest way to win: X (41.0% of its wins)``, where the ruleset says how Houses win."""
    ways = stats.paths.get(house)
    if not ways:
        return ""
    way, wins = ways[0]
    return f"; commonest way to win: {way} ({_pct(wins / sum(n for _, n in ways))} of its wins)"


def fair_band(stats: Statistics, thresholds: Thresholds) -> tuple[float, float]:
    """The band every House's interval must overlap."""
    return (
        max(0.0, stats.fair_rate - thresholds.fair_margin),
        min(1.0, stats.fair_rate + thresholds.fair_margin),
    )


def unjudged_houses(stats: Statistics, thresholds: Thresholds) -> list[str]:
    """Houses with too few games for their win rate to be judged."""
    return [h for h, rate in stats.houses.items() if rate.games < thresholds.house_games]


def verdict(stats: Statistics, thresholds: Thresholds) -> list[str]:
    """The reasons the run fails; empty when it passes."""
    reasons: list[str] = []
    if stats.crashes:
        first = stats.crashes[0]
        where = f"; record {first.record}" if first.record else ""
        reasons.append(
            f"{len(stats.crashes)} game(s) crashed (first: game {first.index}, "
            f"seed {first.seed}: {first.failure}{where})"
        )
    if stats.violations:
        first = stats.violations[0]
        where = f"; record {first.record}" if first.record else ""
        reasons.append(
            f"{len(stats.violations)} game(s) broke an invariant (first: game {first.index}, "
            f"seed {first.seed}: {'; '.join(first.violations)}{where})"
        )
    if stats.games and stats.cap_hits / stats.games > thresholds.max_cap_rate:
        reasons.append(
            f"{stats.cap_hits} game(s) hit a cap ({_pct(stats.cap_hits / stats.games)}, "
            f"more than the {_pct(thresholds.max_cap_rate)} allowed)"
        )
    if stats.completed == 0:
        reasons.append("no game came to an end")
        return reasons
    undecided = sum(n for e, n in stats.endings.items() if e in thresholds.undecided_endings)
    if undecided / stats.completed > thresholds.max_undecided_rate:
        kinds = ", ".join(sorted(e for e in stats.endings if e in thresholds.undecided_endings))
        reasons.append(
            f"{undecided} game(s) ended without a victory ({kinds}: "
            f"{_pct(undecided / stats.completed)} of finished games, more than the "
            f"{_pct(thresholds.max_undecided_rate)} allowed)"
        )
    low, high = fair_band(stats, thresholds)
    for house, rate in stats.houses.items():
        if rate.games < thresholds.house_games:
            continue  # said in the report (unjudged_houses), not a failure
        ci_low, ci_high = wilson(rate.wins, rate.games)
        if ci_high < low or ci_low > high:
            reasons.append(
                f"{house} wins {_pct(rate.wins / rate.games)} of its games "
                f"(95% CI {_pct(ci_low)}–{_pct(ci_high)}), outside the fair band "
                f"{_pct(low)}–{_pct(high)}{_commonest_way(stats, house)}"
            )
    never = stats.never_played
    if never and stats.games >= thresholds.card_games:
        shown = ", ".join(never[:20]) + (f" and {len(never) - 20} more" if len(never) > 20 else "")
        reasons.append(f"{len(never)} card(s) never played in {stats.games} games: {shown}")
    return reasons
