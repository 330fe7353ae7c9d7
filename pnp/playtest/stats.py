"""Playtest statistics: win rates with Wilson intervals, lengths, endings, cards.

:class:`Tally` adds game summaries up in any order using integer counts
only, so the statistics are identical however the games were spread over
workers; :meth:`Tally.statistics` turns the counts into rates at the end.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.engine.runner import CAPPED, CRASHED, FINISHED, VIOLATED
from pnp.playtest.worker import GameSummary

#: z for a two-sided 95% interval
Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / games`` (``(0, 1)`` for no games;
    ``wins`` may be fractional: an expected count)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # exact ends at 0% and 100%, which floating point would miss by a hair
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def quantile(sorted_values: Sequence[int | float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolating linearly (numpy's default)."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def spread(values: Iterable[int]) -> dict[str, float]:
    """Mean, median, p10, p90, min and max of ``values`` (a :class:`Histogram`, or any
    whole numbers)."""
    ordered = values if isinstance(values, Histogram) else Histogram.of(values)
    if not ordered:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0, "max": 0}
    return {
        "mean": _round(ordered.total() / len(ordered)),
        "median": _round(quantile(ordered, 0.5)),
        "p10": _round(quantile(ordered, 0.1)),
        "p90": _round(quantile(ordered, 0.9)),
        "min": ordered[0],
        "max": ordered[-1],
    }


def _round(value: float) -> float:
    return round(value, 6)


class Histogram(Sequence[int]):
    """Whole numbers (game lengths) kept as how many times each occurred.

    Its memory grows with the distinct values, not with the games (a million
    games of 5 to 40 rounds take 36 counts). As a :class:`Sequence` it reads
    as the values in ascending order, so :func:`quantile` gives exactly what it
    gives on the sorted list of every value.
    """

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()
        self._size = 0
        #: ascending (value, values up to and including it), rebuilt after an add
        self._cumulative: list[tuple[int, int]] | None = None

    @classmethod
    def of(cls, values: Iterable[int]) -> Histogram:
        """The histogram of ``values``."""
        h = cls()
        for v in values:
            h.add(v)
        return h

    def copy(self) -> Histogram:
        """A histogram with the same counts, which later adds to this one leave alone."""
        h = Histogram()
        h.counts = self.counts.copy()
        h._size = self._size
        return h

    def add(self, value: int) -> None:
        """Count one more ``value``."""
        self.counts[value] += 1
        self._size += 1
        self._cumulative = None

    def total(self) -> int:
        """The sum of every value (exact: whole numbers)."""
        return sum(v * n for v, n in self.counts.items())

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, position: int) -> int:  # type: ignore[override]  # no slices
        """The value at ``position`` among all values in ascending order."""
        if position < 0:
            position += self._size
        if not 0 <= position < self._size:
            raise IndexError(position)
        if self._cumulative is None:
            upto = 0
            self._cumulative = []
            for v in sorted(self.counts):
                upto += self.counts[v]
                self._cumulative.append((v, upto))
        for v, upto in self._cumulative:
            if position < upto:
                return v
        raise AssertionError("unreachable: the counts add up to the size")

    def __iter__(self) -> Iterator[int]:
        for v in sorted(self.counts):
            for _ in range(self.counts[v]):
                yield v

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Histogram):
            return self.counts == other.counts
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable: equal by its counts

    def __repr__(self) -> str:
        return f"Histogram({dict(sorted(self.counts.items()))})"


@dataclass
class Rate:
    """Wins out of games, with a 95% Wilson interval."""

    games: int
    wins: int

    def to_json(self) -> dict[str, Any]:
        """``{games, wins, rate, ci_low, ci_high}``."""
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return {
            "games": self.games,
            "wins": self.wins,
            "rate": _round(rate),
            "ci_low": _round(low),
            "ci_high": _round(high),
        }


#: the counts of :attr:`CardStats.houses`, in order
DRAWN_GAMES, DRAWN_WINS, PLAYED_GAMES, PLAYED_WINS = range(4)


@dataclass
class CardStats:
    """One card's counts over the run."""

    drawn: int = 0
    played: int = 0
    #: seat-games in which the card was played at least once
    played_games: int = 0
    #: of those, seat-games the seat went on to win ("in the winner's play")
    winner_played: int = 0
    #: the strength figures' counts (:mod:`pnp.playtest.strength`), over games with a
    #: result, per House of the seat: ``[drawn_games, drawn_wins, played_games,
    #: played_wins]`` -- seat-games in which that seat drew the card (or played it:
    #: what a seat plays it has seen), those it won, and the same for playing it
    houses: dict[str, list[int]] = field(default_factory=dict)

    def seen(self, index: int) -> int:
        """One of the strength counts (:data:`DRAWN_GAMES` …) summed over the Houses."""
        return sum(counts[index] for counts in self.houses.values())


@dataclass
class PeakStats:
    """One printed component's peaks in use over the run's games with a result.

    Integer counts only, added in any order: how many games reached each peak,
    and the largest peak with the first game (by index) that reached it.
    """

    #: peak in use -> games whose peak it was (games that used none are not listed)
    games: Counter[int] = field(default_factory=Counter)
    top: int = 0
    #: the first game (index, seed) whose peak was :attr:`top`
    top_index: int = -1
    top_seed: int = 0

    def add(self, peak: int, index: int, seed: int) -> None:
        """Count one game's peak."""
        self.games[peak] += 1
        if peak > self.top or (peak == self.top and index < self.top_index):
            self.top, self.top_index, self.top_seed = peak, index, seed

    def games_over(self, printed: int) -> int:
        """How many games had more in use at once than ``printed``."""
        return sum(n for peak, n in self.games.items() if peak > printed)


@dataclass
class Tally:
    """Integer counts over the games of a run, added in any order."""

    players: int
    agents: tuple[str, ...]
    games: int = 0
    crashes: list[GameSummary] = field(default_factory=list)
    violations: list[GameSummary] = field(default_factory=list)
    cap_hits: int = 0
    #: games with a result (finished or capped)
    completed: int = 0
    winner_slots: int = 0
    houses: dict[str, list[int]] = field(default_factory=dict)
    seats: list[list[int]] = field(default_factory=list)
    first_games: int = 0
    first_wins: int = 0
    #: lengths of the finished games: histograms, not a list a game
    rounds: Histogram = field(default_factory=Histogram)
    steps: Histogram = field(default_factory=Histogram)
    endings: Counter[str] = field(default_factory=Counter)
    cards: dict[str, CardStats] = field(default_factory=dict)
    #: House -> how its seats won (:attr:`GameSummary.paths`) -> wins
    paths: dict[str, Counter[str]] = field(default_factory=dict)
    #: printed component id -> its peaks in use (:attr:`GameSummary.peaks`)
    kit: dict[str, PeakStats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seats = [[0, 0] for _ in range(self.players)]

    def add(self, game: GameSummary) -> None:
        """Count one game."""
        self.games += 1
        for seat, draws in enumerate(game.drawn):
            plays = game.played[seat] if seat < len(game.played) else {}
            # a card a seat played counts as drawn by it (a thrones plot is revealed, not
            # drawn): else a plot showed 0 draws against 200 plays
            for card in dict.fromkeys([*draws, *plays]):
                self._card(card).drawn += max(draws.get(card, 0), plays.get(card, 0))
        won = set(game.winners)
        for seat, plays in enumerate(game.played):
            for card, n in plays.items():
                stats = self._card(card)
                stats.played += n
                stats.played_games += 1
                stats.winner_played += seat in won
        if game.status == CRASHED:
            self.crashes.append(game)
            return
        if game.status == VIOLATED:
            self.violations.append(game)
            return
        self.completed += 1
        self._add_peaks(game)
        self.endings[game.ending or "unknown"] += 1
        if game.status == CAPPED:
            self.cap_hits += 1
        self.winner_slots += len(won)
        for seat, faction in enumerate(game.factions):
            counts = self.houses.setdefault(faction, [0, 0])
            counts[0] += 1
            counts[1] += seat in won
        for seat, path in zip(game.winners, game.paths, strict=False):
            if 0 <= seat < len(game.factions):
                self.paths.setdefault(game.factions[seat], Counter())[path] += 1
        for seat in range(min(self.players, len(self.seats))):
            self.seats[seat][0] += 1
            self.seats[seat][1] += seat in won
        if game.first_player is not None:
            self.first_games += 1
            self.first_wins += game.first_player in won
        if game.status == FINISHED:
            self.rounds.add(game.rounds)
            self.steps.add(game.steps)
        self._add_strength(game, won)

    def _add_strength(self, game: GameSummary, won: set[int]) -> None:
        """Count, per seat with a House, the cards it saw and played and whether it won."""
        none: dict[str, int] = {}
        for seat, house in enumerate(game.factions):
            drawn = game.drawn[seat] if seat < len(game.drawn) else none
            played = game.played[seat] if seat < len(game.played) else none
            win = seat in won
            for card in drawn.keys() | played.keys():
                counts = self._card(card).houses.get(house)
                if counts is None:
                    counts = self._card(card).houses[house] = [0, 0, 0, 0]
                counts[DRAWN_GAMES] += 1
                counts[DRAWN_WINS] += win
                if card in played:
                    counts[PLAYED_GAMES] += 1
                    counts[PLAYED_WINS] += win

    def _add_peaks(self, game: GameSummary) -> None:
        """Count the game's peak of each printed component it used."""
        kit = self.kit
        for component, peak in game.peaks.items():
            stats = kit.get(component)
            if stats is None:
                stats = kit[component] = PeakStats()
            stats.add(peak, game.index, game.seed)

    def _card(self, card: str) -> CardStats:
        stats = self.cards.get(card)
        if stats is None:
            stats = self.cards[card] = CardStats()
        return stats

    def statistics(self, card_ids: Sequence[str] | None) -> Statistics:
        """Rates, intervals and lists, in a fixed order."""
        ids = list(card_ids) if card_ids is not None else []
        known = set(ids)
        ids += sorted(c for c in self.cards if c not in known)
        agents: dict[str, list[int]] = {}
        for seat, (games, wins) in enumerate(self.seats):
            counts = agents.setdefault(self.agents[seat], [0, 0])
            counts[0] += games
            counts[1] += wins
        fair = self.winner_slots / (self.completed * self.players) if self.completed else 0.0
        return Statistics(
            games=self.games,
            completed=self.completed,
            crashes=sorted(self.crashes, key=lambda g: g.index),
            violations=sorted(self.violations, key=lambda g: g.index),
            cap_hits=self.cap_hits,
            fair_rate=fair,
            houses={h: Rate(*self.houses[h]) for h in sorted(self.houses)},
            seats=[Rate(games, wins) for games, wins in self.seats],
            agents={a: Rate(*agents[a]) for a in agents},
            seat_agents=self.agents,
            first_player=Rate(self.first_games, self.first_wins) if self.first_games else None,
            rounds=self.rounds.copy(),
            steps=self.steps.copy(),
            endings=dict(sorted(self.endings.items(), key=lambda kv: (-kv[1], kv[0]))),
            cards={c: self.cards.get(c, CardStats()) for c in ids},
            paths={
                h: sorted(self.paths[h].items(), key=lambda kv: (-kv[1], kv[0]))
                for h in sorted(self.paths)
            },
            kit={c: self.kit[c] for c in sorted(self.kit)},
        )


@dataclass
class Statistics:
    """The finished statistics of a run."""

    games: int
    completed: int
    crashes: list[GameSummary]
    violations: list[GameSummary]
    cap_hits: int
    #: the win rate of a seat if every seat were equal: the winners of the games with a
    #: result over those games times the players (1/n only with one winner a game;
    #: shared wins raise it, games nobody wins, such as cap hits, lower it)
    fair_rate: float
    houses: dict[str, Rate]
    seats: list[Rate]
    agents: dict[str, Rate]
    seat_agents: tuple[str, ...]
    first_player: Rate | None
    #: lengths (rounds, decisions) of the finished games
    rounds: Histogram
    steps: Histogram
    endings: dict[str, int]
    cards: dict[str, CardStats]
    #: House -> (how it won, wins), commonest first; empty where the ruleset does not say
    paths: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: printed component id -> its peaks in use over the games with a result
    kit: dict[str, PeakStats] = field(default_factory=dict)

    @property
    def never_played(self) -> list[str]:
        """Cards (of the ruleset's list, and any seen) that no game played."""
        return [c for c, s in self.cards.items() if s.played == 0]
