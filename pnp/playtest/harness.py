"""Run a playtest: check the setup, play every game on an executor, add up the results."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from pnp.content import LoadedContent
from pnp.content.problems import display_path
from pnp.errors import PnpError, UsageError
from pnp.playtest import worker
from pnp.playtest.executor import Executor, LocalExecutor
from pnp.playtest.kit import (
    KitCheck,
    Printed,
    check_kit,
    kept_games,
    kit_shortfall_reasons,
    kits_for,
    printed_copies,
)
from pnp.playtest.plan import PlaytestPlan, check_houses
from pnp.playtest.report import PlaytestReport
from pnp.playtest.schedule import first_batch, next_total
from pnp.playtest.staging import StagedRecords
from pnp.playtest.stats import Tally
from pnp.playtest.verdict import Judgement, Thresholds, games_wanted, undecided, verdict
from pnp.playtest.worker import GameSummary
from pnp.rulesets.ruleset import Ruleset


def card_ids(
    ruleset: Ruleset, content: LoadedContent[Any], houses: Sequence[str | None] | None = None
) -> list[str] | None:
    """The card ids the statistics count: the ruleset's hook, else the content's ``cards``
    ids, less those no seat of ``houses`` can deal (:func:`cards_left_out`)."""
    if ruleset.card_ids is not None:
        ids = list(dict.fromkeys(ruleset.card_ids(content)))
    else:
        cards = getattr(content.model, "cards", None)
        if not isinstance(cards, list | tuple):
            return None
        found = [getattr(card, "id", None) for card in cards]
        ids = [i for i in dict.fromkeys(found) if isinstance(i, str)]
    left_out = set(cards_left_out(ruleset, content, houses))
    return [i for i in ids if i not in left_out]


def reported_card_ids(ruleset: Ruleset, content: LoadedContent[Any]) -> list[str] | None:
    """Every card id a run's figures may name: :func:`card_ids` and the ruleset's
    ``extra_card_ids`` (thrones' plots, listed once seen); ``None`` when the ruleset
    names neither (its cards are known once the games report them)."""
    ids = card_ids(ruleset, content)
    if ruleset.extra_card_ids is None:
        return ids
    counted = ids or []
    known = set(counted)
    extra = dict.fromkeys(ruleset.extra_card_ids(content))
    return [*counted, *(i for i in extra if i not in known)]


def cards_left_out(
    ruleset: Ruleset, content: LoadedContent[Any], houses: Sequence[str | None] | None
) -> list[str]:
    """The cards no game of a run can deal, when ``houses`` gives every seat's House: those
    only Houses no seat plays deal (a stark mirror match never sees a Lannister card). A
    seat left to the seed may play any House, so then none is left out."""
    if ruleset.card_houses is None or not houses or None in houses:
        return []
    seated = set(houses)
    return [
        c for c, dealt_by in ruleset.card_houses(content).items() if seated.isdisjoint(dealt_by)
    ]


def check_plan(plan: PlaytestPlan, content: LoadedContent[Any]) -> None:
    """Raise a :class:`PnpError` for a setup no game could use (before any worker starts)."""
    ruleset = plan.ruleset
    if ruleset.new_game is None:
        raise UsageError(f"the {ruleset.name} ruleset has no referee yet; it cannot be playtested")
    ruleset.check_players(plan.players)
    if plan.games < 1:
        raise UsageError("--games must be at least 1")
    check_houses(plan.houses, plan.players)
    try:  # a bad House or option fails every game alike: say so once, as a user error
        ruleset.new_game(content, plan.config(), plan.seed_of(0))
    except PnpError:
        raise
    except Exception:
        pass  # a crash: game 0 will be played, caught and recorded like any other


def run_playtest(
    plan: PlaytestPlan,
    content: LoadedContent[Any],
    *,
    executor: Executor | None = None,
    thresholds: Thresholds | None = None,
    progress: Callable[[GameSummary], None] | None = None,
    started: Callable[[], None] | None = None,
    batch: Callable[[int, list[Judgement]], None] | None = None,
) -> PlaytestReport:
    """Play ``plan``'s games and judge them.

    ``started()`` is called once each batch's workers are running (start a
    progress display there), ``progress(summary)`` after each game. With
    ``plan.auto`` the games are played in batches (:mod:`pnp.playtest.schedule`);
    before each batch after the first, ``batch(total, undecided)`` says how many
    games the run will have played once it is done and what is still undecided
    (stop any display thread there: the batch's workers are forked next).
    """
    check_plan(plan, content)
    # the copies the kit prints, before any game: a kit that cannot be declared stops
    # the run here, as it stops pnp build
    printed = printed_copies(plan.ruleset, content)
    runner = executor or LocalExecutor()
    limits = thresholds or Thresholds.for_ruleset(plan.ruleset)
    ids = card_ids(plan.ruleset, content, plan.houses)
    tally = Tally(plan.players, plan.agents)
    looks: list[int] = []
    # the records go aside and replace the earlier run's only once every game is
    # played: an interrupted run leaves the earlier records as they were
    with StagedRecords(plan.records_folder) as staged:
        staged_plan = replace(plan, staging_dir=staged.path)
        played = 0
        target = first_batch(plan.games) if plan.auto else plan.games
        while True:
            summaries = runner.run(staged_plan, content, range(played, target))
            try:
                if started is not None:
                    started()
                for summary in summaries:
                    tally.add(summary)
                    if progress is not None:
                        progress(summary)
            finally:
                _close(summaries)  # the workers stop (and stop writing) before the staging goes
            played = target
            looks.append(played)
            if not plan.auto or played >= plan.games:
                break
            stats = tally.statistics(ids)
            left = undecided(stats, limits)
            if (
                verdict(stats, limits)
                or kit_shortfall_reasons(judge_kit(tally, printed, plan))
                or not left
            ):
                break  # failed (there is something to fix: say so now), or decided
            target = next_total(played, games_wanted(left), plan.games)
            if batch is not None:
                batch(target, left)
        kit = judge_kit(tally, printed, plan)
        if kit is not None:
            keep_kit_records(staged_plan, content, kit)
        replaced = staged.commit()
    return playtest_report(plan, content, tally, limits, ids, kit, replaced, looks)


def playtest_report(
    plan: PlaytestPlan,
    content: LoadedContent[Any],
    tally: Tally,
    thresholds: Thresholds,
    ids: list[str] | None,
    kit: KitCheck | None,
    replaced: int,
    looks: list[int],
) -> PlaytestReport:
    """The report of a finished run: its statistics, judged (a sweep's cells are judged
    here too, so each is exactly the playtest it stands for)."""
    stats = tally.statistics(ids)
    return PlaytestReport(
        plan,
        stats,
        thresholds,
        verdict(stats, thresholds) + kit_shortfall_reasons(kit),
        replaced,
        kit=kit,
        content_hash=content.content_hash,
        looks=looks,
        cards_left_out=cards_left_out(plan.ruleset, content, plan.houses),
    )


def judge_kit(
    tally: Tally, printed: dict[str, Printed] | None, plan: PlaytestPlan
) -> KitCheck | None:
    """The games so far against the printed kit (``None``: the ruleset has no kit meter)."""
    if printed is None:
        return None
    return check_kit(
        tally.kit, printed, tally.completed, plan.ruleset.kit_change, kits_for(plan.houses)
    )


def keep_kit_records(plan: PlaytestPlan, content: LoadedContent[Any], kit: KitCheck) -> None:
    """Keep the record of each shortfall's worst game, as a crash's is kept: already
    written when every record is kept, else played again (the same seed plays the
    same game) and written."""
    for index in kept_games(kit):
        kept = plan.record_path(index, failed=False)  # a path when every record is kept
        if kept is not None:
            kit.records[index] = display_path(kept)
            continue
        record = worker.play_game(plan, content, index, keep=True).record
        if record is not None:
            kit.records[index] = record


def _close(summaries: Iterator[GameSummary]) -> None:
    """Stop an executor's run early: a generator's ``finally`` shuts its workers down."""
    close = getattr(summaries, "close", None)
    if close is not None:
        close()
