"""Play the same seeds under two versions of the content and add up the pairs.

A :class:`ComparePlan` holds two :class:`PlaytestPlan` that differ only in
their content (and where their failure records go). Game ``i`` is played
under both, with the seed of game ``i`` (:func:`pnp.playtest.plan.game_seed`):
the same seats, Houses, shuffles and agent streams wherever the content
allows, so a game the change does not touch is played the same way twice.
Both games of an index are played by the same worker and come back as one
:class:`GamePair`, which the parent adds to:

- each version's own :class:`Tally` (the playtest statistics of that version);
- a :class:`PairTally`: integer counts of paired outcomes over the games
  with a result in both versions -- per House and seat, won in both versions,
  in one only, in neither; per card, drawn (and played) by some seat in a game
  in both versions, in one only; and per card and House, the paired outcomes
  of the seat-games in which that seat drew the card in both versions, in one
  only, and played it in both (those in which it saw it in neither follow by
  subtraction from the House's own counts). Like :class:`Tally` it adds up
  in any order, so the comparison does not depend on the worker count, and
  it keeps no per-game list.

A seat whose House differs between the versions (a content change that
reshuffles the Houses) gives no pair for either House: its outcomes are
counted per version only, and those Houses' changes fall back to intervals as
if the versions were independent (:func:`pnp.playtest.paired.independent_change`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.runner import CAPPED, FINISHED
from pnp.errors import PnpError, UsageError
from pnp.playtest.executor import Executor, LocalExecutor
from pnp.playtest.harness import card_ids, check_plan
from pnp.playtest.paired import PairCounts
from pnp.playtest.plan import PlaytestPlan
from pnp.playtest.staging import StagedRecords
from pnp.playtest.stats import Statistics, Tally
from pnp.playtest.versions import ContentVersion
from pnp.playtest.worker import GameSummary

#: statuses of a game with a result (a winner, or none at a cap)
WITH_RESULT = (FINISHED, CAPPED)


@dataclass(frozen=True)
class GamePair:
    """Game ``index`` under each version."""

    index: int
    base: GameSummary
    candidate: GameSummary

    @property
    def failed(self) -> bool:
        """Whether either game crashed or broke an invariant (for the progress bar)."""
        return not all(g.status in WITH_RESULT for g in (self.base, self.candidate))


@dataclass(frozen=True)
class ComparePlan:
    """The two plans of a comparison; what an executor ships to its workers."""

    base: PlaytestPlan
    candidate: PlaytestPlan

    @property
    def games(self) -> int:
        """Games per version."""
        return self.base.games

    def play(self, contents: tuple[LoadedContent[Any], LoadedContent[Any]], index: int) -> GamePair:
        """Play game ``index`` under the base content, then under the candidate."""
        from pnp.playtest import worker  # looked up at call time, as PlaytestPlan.play does

        return GamePair(
            index,
            worker.play_game(self.base, contents[0], index),
            worker.play_game(self.candidate, contents[1], index),
        )


#: the groups of :attr:`PairTally.strength`, in order
SEEN_BOTH, SEEN_ONE, PLAYED_BOTH = range(3)


def _seat_cards(summary: GameSummary, seat: int) -> tuple[set[str], set[str]]:
    """The cards ``seat`` saw (drew or played) in a game, and those it played."""
    played = set(summary.played[seat]) if seat < len(summary.played) else set()
    drawn = set(summary.drawn[seat]) if seat < len(summary.drawn) else set()
    return drawn | played, played


def _seen(summary: GameSummary, played_only: bool) -> set[str]:
    """The cards any seat drew or played in a game (``played_only``: played)."""
    cards: set[str] = set()
    for plays in summary.played:
        cards.update(plays)
    if not played_only:
        for draws in summary.drawn:
            cards.update(draws)
    return cards


@dataclass
class PairTally:
    """Integer counts of paired outcomes over the games with a result in both versions."""

    players: int
    #: game indices with a result in both versions
    games: int = 0
    #: games that crashed or broke an invariant in either version (no pair)
    unpaired_games: int = 0
    #: House -> won under each version, over seats with that House in both
    houses: dict[str, PairCounts] = field(default_factory=dict)
    #: House -> [seat-games, wins] of seats with that House in one version only
    base_only_houses: dict[str, list[int]] = field(default_factory=dict)
    candidate_only_houses: dict[str, list[int]] = field(default_factory=dict)
    seats: list[PairCounts] = field(default_factory=list)
    #: card -> seen (drawn or played) by any seat in the game, under each version;
    #: ``neither`` is left at 0 while counting (:meth:`card_counts` fills it in)
    drawn: dict[str, PairCounts] = field(default_factory=dict)
    #: card -> played by any seat in the game, likewise
    played: dict[str, PairCounts] = field(default_factory=dict)
    #: card -> House -> won under each version, over that House's paired seat-games in
    #: which the seat saw the card: ``[in both versions, in one only, played in both]``
    strength: dict[str, dict[str, list[PairCounts]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [PairCounts() for _ in range(self.players)]

    def add(self, pair: GamePair) -> None:
        """Count one game index."""
        base, candidate = pair.base, pair.candidate
        if base.status not in WITH_RESULT or candidate.status not in WITH_RESULT:
            self.unpaired_games += 1
            return
        self.games += 1
        won_base, won_candidate = set(base.winners), set(candidate.winners)
        for seat in range(self.players):
            b, c = seat in won_base, seat in won_candidate
            self.seats[seat].add(b, c)
            house_b = base.factions[seat] if seat < len(base.factions) else None
            house_c = candidate.factions[seat] if seat < len(candidate.factions) else None
            if house_b is not None and house_b == house_c:
                self.houses.setdefault(house_b, PairCounts()).add(b, c)
                self._add_cards(base, candidate, seat, house_b, b, c)
                continue
            if house_b is not None:
                counts = self.base_only_houses.setdefault(house_b, [0, 0])
                counts[0] += 1
                counts[1] += b
            if house_c is not None:
                counts = self.candidate_only_houses.setdefault(house_c, [0, 0])
                counts[0] += 1
                counts[1] += c
        for table, played_only in ((self.drawn, False), (self.played, True)):
            in_base, in_candidate = _seen(base, played_only), _seen(candidate, played_only)
            for card in in_base | in_candidate:
                tally = table.get(card)
                if tally is None:
                    tally = table[card] = PairCounts()
                tally.add(card in in_base, card in in_candidate)

    def _add_cards(
        self, base: GameSummary, candidate: GameSummary, seat: int, house: str, b: bool, c: bool
    ) -> None:
        """Count a paired seat-game against each card its seat saw in either version."""
        seen_b, played_b = _seat_cards(base, seat)
        seen_c, played_c = _seat_cards(candidate, seat)
        for card in seen_b | seen_c:
            by_house = self.strength.get(card)
            if by_house is None:
                by_house = self.strength[card] = {}
            groups = by_house.get(house)
            if groups is None:
                groups = by_house[house] = [PairCounts(), PairCounts(), PairCounts()]
            groups[SEEN_BOTH if card in seen_b and card in seen_c else SEEN_ONE].add(b, c)
            if card in played_b and card in played_c:
                groups[PLAYED_BOTH].add(b, c)

    def card_counts(self, table: dict[str, PairCounts], card: str) -> PairCounts:
        """A card's paired counts of ``table`` (:attr:`drawn`, :attr:`played`), ``neither``
        included: the games in which neither version's game saw it."""
        counts = table.get(card, PairCounts())
        seen = counts.both + counts.base_only + counts.candidate_only
        return replace(counts, neither=self.games - seen)


@dataclass
class CompareRun:
    """What the games of a comparison gave, before any figure is worked out."""

    plan: ComparePlan
    versions: tuple[ContentVersion, ContentVersion]
    contents: tuple[LoadedContent[Any], LoadedContent[Any]]
    base: Statistics
    candidate: Statistics
    pairs: PairTally
    #: records of earlier runs replaced in each version's failure folder
    replaced: tuple[int, int] = (0, 0)


def run_compare(
    plan: ComparePlan,
    versions: tuple[ContentVersion, ContentVersion],
    contents: tuple[LoadedContent[Any], LoadedContent[Any]],
    *,
    executor: Executor | None = None,
    progress: Callable[[GamePair], None] | None = None,
    started: Callable[[], None] | None = None,
) -> CompareRun:
    """Play every game of ``plan`` under both versions and add the pairs up.

    ``started()`` is called once the workers are running, ``progress(pair)``
    after each game index. Crash and violation records of each version are
    kept (in its plan's failure folder) as a playtest keeps them.
    """
    for side, version, content, one in zip(
        ("base", "candidate"), versions, contents, (plan.base, plan.candidate), strict=True
    ):
        try:
            check_plan(one, content)
        except PnpError as exc:  # the versions may differ in what they can set up: say which
            raise UsageError(f"the {side} version ({version.label}): {exc}") from None
    runner = executor or LocalExecutor()
    tallies = (
        Tally(plan.base.players, plan.base.agents),
        Tally(plan.candidate.players, plan.candidate.agents),
    )
    pairs = PairTally(plan.base.players)
    with (
        StagedRecords(plan.base.records_folder) as staged_base,
        StagedRecords(plan.candidate.records_folder) as staged_candidate,
    ):
        staged = ComparePlan(
            replace(plan.base, staging_dir=staged_base.path),
            replace(plan.candidate, staging_dir=staged_candidate.path),
        )
        results: Iterator[GamePair] = runner.run(staged, contents, range(plan.games))
        try:
            if started is not None:
                started()
            for pair in results:
                tallies[0].add(pair.base)
                tallies[1].add(pair.candidate)
                pairs.add(pair)
                if progress is not None:
                    progress(pair)
        finally:
            close = getattr(results, "close", None)
            if close is not None:  # the workers stop before the staging folders go
                close()
        replaced = staged_base.commit(), staged_candidate.commit()
    ids = [*(card_ids(plan.base.ruleset, contents[0]) or [])]
    ids += [c for c in card_ids(plan.candidate.ruleset, contents[1]) or [] if c not in ids]
    return CompareRun(
        plan,
        versions,
        contents,
        tallies[0].statistics(ids or None),
        tallies[1].statistics(ids or None),
        pairs,
        replaced,
    )
