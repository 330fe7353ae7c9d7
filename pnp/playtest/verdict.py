"""The verdict: does the content pass its playtest, fail it, or is it too soon to say?

Every House, seat and card gets a three-valued judgement (:class:`Judgement`):
*inside*, *outside* or *undecided* (:data:`RULE` says how). The run

- **fails** (exit 1) when any game crashed or broke an invariant, when more
  than ``max_cap_rate`` of the games hit a cap, when the share of finished
  games that end without a victory (the ruleset's ``undecided_endings``, e.g.
  a round limit) lies above ``max_undecided_rate`` (placed by its interval as
  a House's rate is, :func:`judge_endings`), or when any House, seat or card
  is outside;
- else is **inconclusive** (exit 3) when any of them is undecided, each with
  about how many more games would decide it;
- else **passes** (exit 0).

A House's or seat's win rate is placed against the fair band (the
equal-seat rate ± ``fair_margin``) by its 95% Wilson interval: inside when
the interval lies within the band, outside when it lies clear of it; an
interval across an edge of the band is judged by its estimate once it is no
wider than the band's margin, and is undecided until then. A House or seat
with fewer than ``house_games`` (``seat_games``) games is undecided whatever
its interval. A card played at least once is inside; a card never played is
undecided until the run reaches ``card_games`` games, and dead (outside)
from then on.

A run in which any seat plays the ``random`` agent is judged on crashes,
invariants and caps only: random play says nothing about balance or cards,
and seldom plays toward a victory (fief's random games all reach the round
limit), so those figures are shown, not judged (:func:`not_judged`), and
never make the run inconclusive.

The kit check (:mod:`pnp.playtest.kit`) adds its own reasons to any run's,
random seats or not: a random game is still a game the printed kit must hold.

One function per judgement (:func:`crashed`, :func:`broke_invariants`,
:func:`capped`, :func:`judge_endings`, :func:`judge_house`,
:func:`judge_seat`, :func:`judge_card`); :func:`verdict` gathers the
failures and :func:`undecided` what is left to decide.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.playtest.stats import Rate, Statistics, wilson
from pnp.rulesets.ruleset import Ruleset

#: the agent every ruleset has (``pnp.engine.agents.BUILTIN_AGENTS``); a run with
#: such a seat is judged on crashes, invariants and caps only
RANDOM_AGENT = "random"

#: what the verdict may leave unjudged (the keys of :func:`not_judged`)
HOUSES, SEATS, CARDS, UNDECIDED = "houses", "seats", "cards", "undecided_endings"

#: where a House, seat or card stands (:attr:`Judgement.state`)
INSIDE, OUTSIDE, UNDECIDED_ITEM, NOT_JUDGED = "inside", "outside", "undecided", "not_judged"

#: the run's outcome, and the exit status of each
PASS, FAIL, INCONCLUSIVE = "pass", "fail", "inconclusive"
EXIT_CODES = {PASS: 0, FAIL: 1, INCONCLUSIVE: 3}

#: the judgement rule, as ``--json`` states it (``{margin}``, ``{house_games}``,
#: ``{seat_games}``, ``{card_games}`` filled in by :func:`rule_text`)
RULE = (
    "A House or seat is inside when its 95% Wilson interval lies within the fair band "
    "and outside when it lies clear of it; an interval across an edge of the band is "
    "judged by its estimate (inside or outside the band) once it is at most {margin} "
    "points wide, and is undecided until then, as is a House with fewer than "
    "{house_games} games or a seat with fewer than {seat_games}. A card played at least "
    "once is inside; a card never played is undecided before {card_games} games and "
    "dead (outside) from then on. Any outside fails the run; else any undecided makes "
    "it inconclusive; else it passes."
)


@dataclass(frozen=True)
class Thresholds:
    """The verdict's limits (defaults from the ruleset; options override them)."""

    fair_margin: float = 0.05
    max_cap_rate: float = 0.01
    #: the run length from which a card never played is dead
    card_games: int = 500
    #: the fewest games a House must play before its win rate is judged: with
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


@dataclass(frozen=True)
class Judgement:
    """Where one House, seat or card stands in the verdict."""

    #: ``house``, ``seat``, ``card`` or ``endings`` (the games without a victory)
    what: str
    #: ``stark``, ``seat 2 (heuristic)``, ``harvest-feast``
    name: str
    #: :data:`INSIDE`, :data:`OUTSIDE`, :data:`UNDECIDED_ITEM` or :data:`NOT_JUDGED`
    state: str
    #: outside: why the run fails; undecided: what is missing; else empty
    why: str = ""
    #: undecided: about how many more games of the run would decide it (``None``:
    #: no estimate)
    more_games: int | None = None


def rule_text(thresholds: Thresholds) -> str:
    """:data:`RULE` with this run's figures."""
    return RULE.format(
        margin=_points(thresholds.fair_margin),
        house_games=thresholds.house_games,
        seat_games=thresholds.seat_games,
        card_games=thresholds.card_games,
    )


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _points(value: float) -> str:
    return f"{100 * value:.1f}"


def _commonest_way(stats: Statistics, house: str) -> str:
    """``; commonest way to win: X (41.0% of its wins)``, where the ruleset says how Houses win."""
    ways = stats.paths.get(house)
    if not ways:
        return ""
    way, wins = ways[0]
    return f"; commonest way to win: {way} ({_pct(wins / sum(n for _, n in ways))} of its wins)"


def fair_band(stats: Statistics, thresholds: Thresholds) -> tuple[float, float]:
    """The band every House's and seat's win rate is placed against."""
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


def place(
    share: float, interval: tuple[float, float], band: tuple[float, float], margin: float
) -> str:
    """:data:`INSIDE`, :data:`OUTSIDE` or :data:`UNDECIDED_ITEM` for a win rate ``share`` with
    its 95% ``interval`` (the rule of the module docstring, games aside)."""
    low, high = interval
    if high < band[0] or low > band[1]:
        return OUTSIDE  # clear of the band, however wide
    if band[0] <= low and high <= band[1]:
        return INSIDE  # within the band, however wide
    if high - low <= margin:
        # across an edge, but narrow: the estimate says on which side it lies
        return INSIDE if band[0] <= share <= band[1] else OUTSIDE
    return UNDECIDED_ITEM


def place_rate(rate: Rate, band: tuple[float, float], margin: float, minimum: int) -> str:
    """:func:`place` for ``rate``, undecided below ``minimum`` games."""
    if rate.games < max(1, minimum):
        return UNDECIDED_ITEM
    return place(rate.wins / rate.games, wilson(rate.wins, rate.games), band, margin)


def games_to_decide(rate: Rate, band: tuple[float, float], margin: float, minimum: int) -> int:
    """About how many games in all ``rate`` needs before :func:`place_rate` decides it,
    were its estimate to stay as it is (its interval narrows as ``1/sqrt(games)``)."""
    share = rate.wins / rate.games if rate.games else 0.5

    def decided(games: int) -> bool:
        interval = wilson(share * games, games)
        return place(share, interval, band, margin) != UNDECIDED_ITEM

    low = max(rate.games, minimum, 1)
    if decided(low):
        return low
    high = 2 * low
    while not decided(high):
        high *= 2
        if high > 10**9:  # no width is ever that narrow: cannot happen, but never loop
            return high
    while high - low > 1:  # the interval only narrows with games: bisect
        mid = (low + high) // 2
        if decided(mid):
            high = mid
        else:
            low = mid
    return high


def _more_run_games(stats: Statistics, rate: Rate, needed: int) -> int | None:
    """The run games that would give ``rate`` ``needed`` games, less those played."""
    if rate.games <= 0:
        return None
    # a House plays in a share of the games; a seat in every game with a result
    total = math.ceil(stats.games * needed / rate.games)
    return max(1, total - stats.games)


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


def mixed_agents(stats: Statistics) -> list[str]:
    """The agents of a run whose seats play different ones, none random (``ismcts``,
    ``heuristic``): a seat's rate then measures its agent, not the seat; empty otherwise."""
    agents = list(dict.fromkeys(stats.seat_agents))
    if len(agents) < 2 or RANDOM_AGENT in agents:
        return []
    return agents


def _random_players(stats: Statistics) -> str:
    """``seat 2 plays random agents`` (``every seat plays …``, ``seats 0, 2 play …``)."""
    seats = random_seats(stats)
    if len(seats) == len(stats.seat_agents):
        return "every seat plays random agents"
    return f"{seats_text(seats)} {'plays' if len(seats) == 1 else 'play'} random agents"


def not_judged(stats: Statistics, thresholds: Thresholds) -> dict[str, str]:
    """What the verdict leaves out, and why: with random seats ``houses``, ``seats``,
    ``cards`` and (where the ruleset has such endings) ``undecided_endings``, the
    reason as the reports show it; empty otherwise (too few games make a House,
    seat or card undecided, not unjudged)."""
    if not random_seats(stats):
        mixed = mixed_agents(stats)
        if mixed:
            return {SEATS: _mixed_reason(mixed)}
        return {}
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


def unjudged_note(stats: Statistics, thresholds: Thresholds) -> str | None:
    """The one line saying what a run with random seats, or with seats playing different
    agents, leaves unjudged, and why."""
    if not random_seats(stats):
        mixed = mixed_agents(stats)
        return f"seats not judged: {_mixed_reason(mixed)}" if mixed else None
    if thresholds.undecided_endings:
        return (
            f"balance, cards and endings without a victory not judged: {_random_players(stats)}, "
            "whose play says nothing about balance, cards or how often a game reaches a victory"
        )
    return (
        f"balance and cards not judged: {_random_players(stats)}, "
        "whose play says nothing about balance or cards"
    )


def _mixed_reason(agents: Sequence[str]) -> str:
    return (
        f"the seats play different agents ({', '.join(agents)}), so a seat's win rate "
        "measures its agent as much as its place at the table"
    )


def _more(more: int | None) -> str:
    """``about 1,500 more games``: an estimate, to two figures (rounded up)."""
    if more is None:
        return "more games"
    step = 10 ** max(0, len(str(more)) - 2)
    return f"about {-(-more // step) * step:,} more games"


def _judge_rate(
    stats: Statistics,
    thresholds: Thresholds,
    what: str,
    name: str,
    rate: Rate,
    minimum: int,
    option: str,
    extra: str = "",
) -> Judgement:
    """A House's or seat's judgement (the two differ only in their names and minimum)."""
    if random_seats(stats) or (what == "seat" and mixed_agents(stats)):
        return Judgement(what, name, NOT_JUDGED)
    band = fair_band(stats, thresholds)
    margin = thresholds.fair_margin
    state = place_rate(rate, band, margin, minimum)
    share = rate.wins / rate.games if rate.games else 0.0
    low, high = wilson(rate.wins, rate.games)
    # said of a House or seat outside the band, which has played at least one game
    said = f"{name} wins {_pct(share)} of its games (95% CI {_pct(low)}–{_pct(high)}"
    shown_band = f"the fair band {_pct(band[0])}–{_pct(band[1])}"
    if state == INSIDE:
        return Judgement(what, name, INSIDE)
    if state == OUTSIDE:
        # how far outside, said of what is outside: the interval, or (an interval across
        # an edge yet narrow enough) the estimate
        gap = band_distance(rate, band)
        how = "the interval lies"
        if gap == 0:  # across an edge, judged by its estimate
            gap = share - band[1] if share > band[1] else share - band[0]
            how = f"{_points(high - low)} points wide: its estimate decides, and lies"
        points = _points(abs(gap))
        if points == "0.0":  # outside, if by a hair: do not say it is not
            points = "under 0.1"
        side = "above" if gap > 0 else "below"
        why = f"{said}; {how} {points} points {side} {shown_band}){extra}"
        return Judgement(what, name, OUTSIDE, why)
    more = _more_run_games(stats, rate, games_to_decide(rate, band, margin, minimum))
    if rate.games < minimum:
        why = (
            f"{name} has played {rate.games} game{'s' if rate.games != 1 else ''}, fewer than "
            f"the {minimum} it needs to be judged ({option}); deciding it takes {_more(more)}"
        )
    else:
        why = (
            f"{name} wins {_pct(share)} of its games; its 95% CI {_pct(low)}–{_pct(high)} "
            f"({_points(high - low)} points wide) straddles an edge of {shown_band} and is "
            f"wider than {_points(margin)} points: {_more(more)}"
        )
    return Judgement(what, name, UNDECIDED_ITEM, why, more)


def judge_house(stats: Statistics, thresholds: Thresholds, house: str) -> Judgement:
    """Where ``house``'s win rate stands."""
    return _judge_rate(
        stats,
        thresholds,
        "house",
        house,
        stats.houses[house],
        thresholds.house_games,
        "--house-games",
        _commonest_way(stats, house),
    )


def judge_seat(stats: Statistics, thresholds: Thresholds, seat: int) -> Judgement:
    """Where ``seat``'s win rate stands."""
    return _judge_rate(
        stats,
        thresholds,
        "seat",
        seat_label(stats, seat),
        stats.seats[seat],
        thresholds.seat_games,
        "--seat-games",
    )


def judge_card(stats: Statistics, thresholds: Thresholds, card: str) -> Judgement:
    """Whether ``card`` is alive (played), dead (never played in ``card_games`` games) or
    too soon to call."""
    if random_seats(stats):
        return Judgement("card", card, NOT_JUDGED)
    if stats.cards[card].played:
        return Judgement("card", card, INSIDE)
    if stats.games >= thresholds.card_games:
        return Judgement("card", card, OUTSIDE, f"{card} was never played in {stats.games} games")
    more = thresholds.card_games - stats.games
    why = (
        f"{card} has not been played in {stats.games} games; a card is dead once never "
        f"played in {thresholds.card_games} (--card-games): {more:,} more games"
    )
    return Judgement("card", card, UNDECIDED_ITEM, why, more)


def judgements(stats: Statistics, thresholds: Thresholds) -> list[Judgement]:
    """Every House's, seat's and card's judgement, in that order."""
    return [
        *(judge_house(stats, thresholds, h) for h in stats.houses),
        *(judge_seat(stats, thresholds, i) for i in range(len(stats.seats))),
        *(judge_card(stats, thresholds, c) for c in stats.cards),
    ]


def crashed(stats: Statistics) -> list[str]:
    """The run fails when any game crashed."""
    if not stats.crashes:
        return []
    first = stats.crashes[0]
    where = f"; record {first.record}" if first.record else ""
    return [
        f"{len(stats.crashes)} game(s) crashed (first: game {first.index}, "
        f"seed {first.seed}: {first.failure}{where})"
    ]


def broke_invariants(stats: Statistics) -> list[str]:
    """The run fails when any game broke an invariant."""
    if not stats.violations:
        return []
    first = stats.violations[0]
    where = f"; record {first.record}" if first.record else ""
    return [
        f"{len(stats.violations)} game(s) broke an invariant (first: game {first.index}, "
        f"seed {first.seed}: {'; '.join(first.violations)}{where})"
    ]


def capped(stats: Statistics, thresholds: Thresholds) -> list[str]:
    """The run fails when more than ``max_cap_rate`` of its games hit a cap."""
    if not stats.games or stats.cap_hits / stats.games <= thresholds.max_cap_rate:
        return []
    return [
        f"{stats.cap_hits} game(s) hit a cap ({_pct(stats.cap_hits / stats.games)}, "
        f"more than the {_pct(thresholds.max_cap_rate)} allowed)"
    ]


def judge_endings(stats: Statistics, thresholds: Thresholds) -> Judgement | None:
    """Where the share of finished games that end without a victory (the ruleset's
    ``undecided_endings``) stands against ``max_undecided_rate``; ``None`` where the run
    does not judge it (no such endings, any share allowed, random seats, no game ended).

    Placed as a House's rate is against its band, here ``0``–``max_undecided_rate``: by
    its 95% interval, judged by its estimate once the interval is no wider than the fair
    margin, undecided until then. A share of 11% over 200 games (95% CI 7–16%) said
    nothing yet about a 10% limit, and failed the run.
    """
    rate_limit = thresholds.max_undecided_rate
    if random_seats(stats) or not stats.completed or not thresholds.undecided_endings:
        return None
    if rate_limit >= 1.0:
        return None
    kinds = sorted(e for e in stats.endings if e in thresholds.undecided_endings)
    undecided = sum(stats.endings[e] for e in kinds)
    rate = Rate(games=stats.completed, wins=undecided)
    band = (0.0, rate_limit)
    margin = thresholds.fair_margin
    state = place_rate(rate, band, margin, 1)
    name = "games without a victory"
    if state == INSIDE:
        return Judgement("endings", name, INSIDE)
    share = undecided / stats.completed
    low, high = wilson(undecided, stats.completed)
    said = (
        f"{undecided} game(s) ended without a victory ({', '.join(kinds) or 'none'}: "
        f"{_pct(share)} of finished games, 95% CI {_pct(low)}–{_pct(high)}"
    )
    if state == OUTSIDE:
        # clear of the limit, or across it yet narrow: then its estimate decides
        how = "; " if low > rate_limit else f", {_points(high - low)} points wide: its estimate is "
        return Judgement(
            "endings", name, OUTSIDE, f"{said}{how}more than the {_pct(rate_limit)} allowed)"
        )
    more = games_to_decide(rate, band, margin, 1) - stats.completed
    why = (
        f"{said}, {_points(high - low)} points wide) straddles the {_pct(rate_limit)} "
        f"allowed and is wider than {_points(margin)} points: {_more(max(1, more))}"
    )
    return Judgement("endings", name, UNDECIDED_ITEM, why, max(1, more))


def ended_without_victory(stats: Statistics, thresholds: Thresholds) -> list[str]:
    """The run fails when the share of its finished games that end without a victory
    lies above ``max_undecided_rate`` (:func:`judge_endings`)."""
    judged = judge_endings(stats, thresholds)
    return [judged.why] if judged is not None and judged.state == OUTSIDE else []


def verdict(stats: Statistics, thresholds: Thresholds) -> list[str]:
    """The reasons the run fails; empty when nothing failed (the run may still be
    inconclusive: :func:`undecided`)."""
    reasons = [*crashed(stats), *broke_invariants(stats), *capped(stats, thresholds)]
    if stats.completed == 0:
        return [*reasons, "no game came to an end"]
    reasons += ended_without_victory(stats, thresholds)
    found = judgements(stats, thresholds)
    reasons += [j.why for j in found if j.state == OUTSIDE and j.what != "card"]
    dead = [j.name for j in found if j.state == OUTSIDE and j.what == "card"]
    if dead:  # one line for them all: a new set can have dozens
        shown = ", ".join(dead[:20]) + (f" and {len(dead) - 20} more" if len(dead) > 20 else "")
        reasons.append(f"{len(dead)} card(s) never played in {stats.games} games: {shown}")
    return reasons


def undecided(stats: Statistics, thresholds: Thresholds) -> list[Judgement]:
    """The share of games without a victory, the Houses, seats and cards still undecided
    (none in a run where no game ended)."""
    if stats.completed == 0:
        return []
    left = [j for j in judgements(stats, thresholds) if j.state == UNDECIDED_ITEM]
    endings = judge_endings(stats, thresholds)
    if endings is not None and endings.state == UNDECIDED_ITEM:
        left.insert(0, endings)
    return left


def outcome(reasons: Sequence[str], left: Sequence[Judgement]) -> str:
    """:data:`FAIL` with any reason, else :data:`INCONCLUSIVE` with anything undecided,
    else :data:`PASS`."""
    if reasons:
        return FAIL
    return INCONCLUSIVE if left else PASS


def undecided_lines(left: Sequence[Judgement]) -> list[str]:
    """What is undecided, one line per House or seat and one for all the cards."""
    lines = [j.why for j in left if j.what != "card"]
    cards = [j for j in left if j.what == "card"]
    if cards:
        names = [j.name for j in cards]
        shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
        first = cards[0].why.split("; ", 1)[1]  # the same games to go for every card
        lines.append(f"{len(cards)} card(s) not played yet: {shown}; {first}")
    return lines


def games_wanted(left: Sequence[Judgement]) -> int | None:
    """The most more games any undecided item needs by estimate (``None``: no estimate)."""
    wanted = [j.more_games for j in left if j.more_games is not None]
    return max(wanted) if wanted else None
