"""The verdict: does the content pass its playtest?

A run fails when any game crashed or broke an invariant, when more than
``max_cap_rate`` of the games hit a cap, when a House's or a seat's 95%
win-rate interval misses the fair band (the equal-seat rate ±
``fair_margin``; only Houses that played at least ``house_games`` games, and
seats with at least ``seat_games``, are judged), when more than
``max_undecided_rate`` of the finished games end without a victory (the
ruleset's ``undecided_endings``, e.g. a round limit), or, in runs of at
least ``card_games`` games, when some card was never played.

A run in which any seat plays the ``random`` agent is judged on crashes,
invariants and caps only: random play says nothing about balance or cards,
and seldom plays toward a victory (fief's random games all reach the round
limit), so those figures are shown but not judged (:func:`not_judged`).

The kit check (:mod:`pnp.playtest.kit`) adds its own reasons to any run's,
random seats or not: a random game is still a game the printed kit must hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.playtest.stats import Rate, Statistics, wilson
from pnp.rulesets.ruleset import Ruleset

#: the agent every ruleset has (``pnp.engine.agents.BUILTIN_AGENTS``); a run with
#: such a seat is judged on crashes, invariants and caps only
RANDOM_AGENT = "random"

#: what the verdict may leave unjudged (the keys of :func:`not_judged`)
HOUSES, SEATS, CARDS, UNDECIDED = "houses", "seats", "cards", "undecided_endings"


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
    #: the same for a seat (every seat plays every game with a result)
    seat_games: int = 30
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
        seat_games: int | None = None,
    ) -> Thresholds:
        """The ruleset's thresholds, overridden where given."""
        return cls(
            fair_margin=ruleset.fair_margin if fair_margin is None else fair_margin,
            max_cap_rate=ruleset.max_cap_rate if max_cap_rate is None else max_cap_rate,
            card_games=cls.card_games if card_games is None else card_games,
            house_games=cls.house_games if house_games is None else house_games,
            seat_games=cls.seat_games if seat_games is None else seat_games,
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
    """The band every House's and seat's interval must overlap."""
    return (
        max(0.0, stats.fair_rate - thresholds.fair_margin),
        min(1.0, stats.fair_rate + thresholds.fair_margin),
    )


def band_distance(rate: Rate, band: tuple[float, float]) -> float:
    """How far ``rate``'s 95% interval lies above (positive) or below (negative) ``band``;
    0 when they overlap."""
    ci_low, ci_high = wilson(rate.wins, rate.games)
    if ci_low > band[1]:
        return ci_low - band[1]
    if ci_high < band[0]:
        return ci_high - band[0]
    return 0.0


def seat_label(stats: Statistics, seat: int) -> str:
    """``seat 2 (heuristic)``: a seat as the summary and the verdict name it."""
    return f"seat {seat} ({stats.seat_agents[seat]})"


def seats_text(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 0, 2`` or ``seats 0–2``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    if len(seats) > 2 and list(seats) == list(range(seats[0], seats[-1] + 1)):
        return f"seats {seats[0]}–{seats[-1]}"
    return "seats " + ", ".join(map(str, seats))


def random_seats(stats: Statistics) -> list[int]:
    """The seats that play the random agent."""
    return [seat for seat, agent in enumerate(stats.seat_agents) if agent == RANDOM_AGENT]


def unjudged_houses(stats: Statistics, thresholds: Thresholds) -> list[str]:
    """Houses with too few games for their win rate to be judged."""
    return [h for h, rate in stats.houses.items() if rate.games < thresholds.house_games]


def unjudged_seats(stats: Statistics, thresholds: Thresholds) -> list[int]:
    """Seats with too few games for their win rate to be judged."""
    return [i for i, rate in enumerate(stats.seats) if rate.games < thresholds.seat_games]


def house_judged(stats: Statistics, thresholds: Thresholds, house: str) -> bool:
    """Whether ``house``'s win rate counts in the verdict."""
    rate = stats.houses[house]
    return not random_seats(stats) and rate.games >= thresholds.house_games


def seat_judged(stats: Statistics, thresholds: Thresholds, seat: int) -> bool:
    """Whether ``seat``'s win rate counts in the verdict."""
    rate = stats.seats[seat]
    return not random_seats(stats) and rate.games >= thresholds.seat_games


def _random_players(stats: Statistics) -> str:
    """``seat 2 plays random agents`` (``every seat plays …``, ``seats 0, 2 play …``)."""
    seats = random_seats(stats)
    if len(seats) == len(stats.seat_agents):
        return "every seat plays random agents"
    return f"{seats_text(seats)} {'plays' if len(seats) == 1 else 'play'} random agents"


def not_judged(stats: Statistics, thresholds: Thresholds) -> dict[str, str]:
    """What the verdict left out, and why: keys among ``houses``, ``seats`` (some or all
    of them), ``cards`` and ``undecided_endings``; the reason as the reports show it."""
    if random_seats(stats):
        # crashes, invariants and caps are judged whoever plays; these are not
        who = _random_players(stats)
        out = {
            HOUSES: f"{who}, whose play says nothing about balance",
            SEATS: f"{who}, whose play says nothing about balance",
            CARDS: f"{who}, whose play says nothing about which cards are worth playing",
        }
        if thresholds.undecided_endings:
            out[UNDECIDED] = f"{who}, who seldom play toward a victory"
        return out
    out = {}
    houses = unjudged_houses(stats, thresholds)
    if houses:
        out[HOUSES] = (
            f"{', '.join(houses)}: fewer than {thresholds.house_games} games each (--house-games)"
        )
    seats = unjudged_seats(stats, thresholds)
    if seats:
        out[SEATS] = (
            f"{seats_text(seats)}: fewer than {thresholds.seat_games} games each (--seat-games)"
        )
    if stats.games < thresholds.card_games:
        out[CARDS] = f"fewer than {thresholds.card_games} games (--card-games)"
    return out


def random_note(stats: Statistics, thresholds: Thresholds) -> str | None:
    """The one line saying what a run with random seats leaves unjudged, and why."""
    if not random_seats(stats):
        return None
    if thresholds.undecided_endings:
        return (
            f"balance, cards and endings without a victory not judged: {_random_players(stats)}, "
            "whose play says nothing about balance, cards or how often a game reaches a victory"
        )
    return (
        f"balance and cards not judged: {_random_players(stats)}, "
        "whose play says nothing about balance or cards"
    )


def _outside(name: str, rate: Rate, band: tuple[float, float], extra: str = "") -> str | None:
    """Why ``name``'s win rate fails the verdict, or ``None`` if its interval meets the band."""
    gap = band_distance(rate, band)
    if gap == 0:
        return None
    ci_low, ci_high = wilson(rate.wins, rate.games)
    points = f"{100 * abs(gap):.1f}"
    if points == "0.0":  # outside, if by a hair: do not say it is not
        points = "under 0.1"
    side = "above" if gap > 0 else "below"
    return (
        f"{name} wins {_pct(rate.wins / rate.games)} of its games "
        f"(95% CI {_pct(ci_low)}–{_pct(ci_high)}), {points} points {side} the fair band "
        f"{_pct(band[0])}–{_pct(band[1])}{extra}"
    )


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
    if random_seats(stats):
        return reasons  # the rest judges play, which random seats do not (not_judged)
    undecided = sum(n for e, n in stats.endings.items() if e in thresholds.undecided_endings)
    if undecided / stats.completed > thresholds.max_undecided_rate:
        kinds = ", ".join(sorted(e for e in stats.endings if e in thresholds.undecided_endings))
        reasons.append(
            f"{undecided} game(s) ended without a victory ({kinds}: "
            f"{_pct(undecided / stats.completed)} of finished games, more than the "
            f"{_pct(thresholds.max_undecided_rate)} allowed)"
        )
    band = fair_band(stats, thresholds)
    # Houses and seats with too few games are listed by not_judged, not failed
    for house, rate in stats.houses.items():
        if house_judged(stats, thresholds, house):
            reason = _outside(house, rate, band, _commonest_way(stats, house))
            if reason:
                reasons.append(reason)
    for seat, rate in enumerate(stats.seats):
        if seat_judged(stats, thresholds, seat):
            reason = _outside(seat_label(stats, seat), rate, band)
            if reason:
                reasons.append(reason)
    never = stats.never_played
    if never and stats.games >= thresholds.card_games:
        shown = ", ".join(never[:20]) + (f" and {len(never) - 20} more" if len(never) > 20 else "")
        reasons.append(f"{len(never)} card(s) never played in {stats.games} games: {shown}")
    return reasons
