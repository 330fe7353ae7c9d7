"""Play a sweep: every cell's playtest on one executor, each game added to its cell.

A :class:`SweepPlan` holds the :class:`PlaytestPlan` of each cell of the grid
(:mod:`pnp.playtest.sweep_grid`), every one with the same number of games.
The sweep's game ``index`` is game ``index % games`` of cell
``index // games``, played by that cell's own plan: the seed, setup, agents
and limits of game ``k`` of the single ``pnp playtest`` the cell stands for.
So the cells share one pool of workers (one run on the executor, which ships
the plan and content to each worker once), and each cell's statistics,
verdict and ``--json`` are exactly that playtest's, whatever the executor and
its number of workers. The only difference is where a cell keeps its crash
and violation records: its own folder, ``output/<ruleset>/sweep/seed-S/<cell>/``
(:attr:`~pnp.playtest.sweep_grid.Cell.slug`), as two cells' game 3 would
share one name.

The parent keeps one :class:`~pnp.playtest.stats.Tally` per cell and nothing
per game, so its memory does not grow with the games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.agents import parse_agents
from pnp.engine.runner import Limits
from pnp.errors import PnpError, UsageError
from pnp.playtest.executor import Executor, LocalExecutor
from pnp.playtest.harness import (
    card_ids,
    check_plan,
    judge_kit,
    keep_kit_records,
    playtest_report,
)
from pnp.playtest.kit import printed_copies
from pnp.playtest.plan import PlaytestPlan
from pnp.playtest.report import PlaytestReport
from pnp.playtest.staging import StagedRecords
from pnp.playtest.stats import Tally
from pnp.playtest.sweep_grid import Cell, Grid
from pnp.playtest.verdict import EXIT_CODES, FAIL, INCONCLUSIVE, PASS, Thresholds
from pnp.playtest.worker import GameSummary
from pnp.rulesets.ruleset import Ruleset

#: games per cell unless ``--games`` says otherwise (as ``pnp compare`` plays per version)
DEFAULT_GAMES = 200


@dataclass(frozen=True)
class CellGame:
    """One game of a sweep: which cell it belongs to, and its summary."""

    cell: int
    summary: GameSummary

    @property
    def failed(self) -> bool:
        """Whether the game crashed or broke an invariant (for the progress bar)."""
        return self.summary.failed


@dataclass(frozen=True)
class SweepPlan:
    """The plans of a sweep's cells; what an executor ships to its workers."""

    cells: tuple[PlaytestPlan, ...]
    #: games per cell (every cell's plan plays this many)
    games: int

    @property
    def total(self) -> int:
        """Games over every cell."""
        return len(self.cells) * self.games

    def locate(self, index: int) -> tuple[int, int]:
        """The cell of the sweep's game ``index``, and that game's index in the cell."""
        return divmod(index, self.games)

    def play(self, content: LoadedContent[Any], index: int) -> CellGame:
        """Play the sweep's game ``index``: its cell's game, as the cell's playtest plays it."""
        cell, game = self.locate(index)
        return CellGame(cell, self.cells[cell].play(content, game))


@dataclass(frozen=True)
class SweepSetup:
    """What every cell's playtest shares (the options besides the grid's axes)."""

    ruleset: Ruleset
    games: int = DEFAULT_GAMES
    seed: int = 0
    #: ``--agents`` as given (``None``: the ruleset's own bot at every seat)
    agents: str | None = None
    #: ``--budget``: simulations per decision of ``ismcts`` seats (``None``: the default)
    search_budget: int | None = None
    limits: Limits = field(default_factory=Limits)
    #: the ``--content`` root (``None``: the shipped content)
    content_root: Path | None = None

    @property
    def records_root(self) -> Path:
        """The folder holding each cell's folder of crash and violation records."""
        return Path("output") / self.ruleset.name / "sweep" / f"seed-{self.seed}"


def cell_plan(setup: SweepSetup, cell: Cell) -> PlaytestPlan:
    """The plan of the ``pnp playtest`` that ``cell`` stands for (but for its records folder)."""
    return PlaytestPlan(
        ruleset=setup.ruleset,
        games=setup.games,
        seed=setup.seed,
        players=cell.players,
        agents=parse_agents(setup.agents, cell.players, setup.ruleset),
        search_budget=setup.search_budget,
        houses=cell.seat_houses,
        options=dict(cell.options),
        limits=setup.limits,
        content_root=setup.content_root,
        failures_dir=setup.records_root / cell.slug,
    )


def plan_sweep(setup: SweepSetup, grid: Grid) -> SweepPlan:
    """The plan of every cell of ``grid``; :class:`UsageError` for a setup no cell can use."""
    if setup.games < 1:
        raise UsageError("--games must be at least 1")
    return SweepPlan(tuple(cell_plan(setup, cell) for cell in grid.cells()), setup.games)


def skip_forbidden(setup: SweepSetup, grid: Grid, content: LoadedContent[Any]) -> Grid:
    """``grid`` with the cells the rules forbid skipped (:attr:`Grid.skipped`).

    A cell whose setup the ruleset refuses is skipped when each of its values (its
    player count, each option value, its pairing) is played in some other cell: the
    combination is what the rules forbid (fief's Night's Watch at 4 players of a
    ``--players 4,5 -o nights_watch=true,false`` grid). A value no cell can play is
    the user's to fix: :class:`CellError`, naming every such cell, as is a grid with
    no cell left.
    """
    refused: list[tuple[Cell, list[str]]] = []
    played: list[Cell] = []
    for cell in grid.all_cells():
        plan = cell_plan(setup, cell)  # a bad --agents is no cell's doing: raised as it is
        try:
            check_plan(plan, content)
        except PnpError as exc:
            refused.append((cell, exc.lines()))
        else:
            played.append(cell)
    wrong = [(c, why) for c, why in refused if not played or not _values_played(c, played)]
    if wrong:
        raise CellError(
            [
                f"sweep cell {' '.join(c.parts().values())}: {line}"
                for c, why in wrong
                for line in why
            ]
        )
    return replace(grid, skipped=tuple((c, "; ".join(why)) for c, why in refused))


def _values_played(cell: Cell, played: list[Cell]) -> bool:
    """Whether each value of ``cell`` is a value of some cell of ``played``."""
    return (
        any(c.players == cell.players for c in played)
        and all(any(c.options.get(k) == v for c in played) for k, v in cell.options.items())
        and any(c.pairing == cell.pairing for c in played)
    )


def check_cells(plan: SweepPlan, grid: Grid, content: LoadedContent[Any]) -> None:
    """Set up each cell's first game before any is played: a setup the ruleset refuses
    (an option value, a House) stops the sweep here, naming the cell."""
    for cell, cell_plan_ in zip(grid.cells(), plan.cells, strict=True):
        try:
            check_plan(cell_plan_, content)
        except PnpError as exc:
            where = " ".join(cell.parts().values())
            raise CellError([f"sweep cell {where}: {line}" for line in exc.lines()]) from None


class CellError(UsageError):
    """A cell whose setup the ruleset refuses: its problems, each naming the cell."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems

    def lines(self) -> list[str]:
        """One line per problem."""
        return list(self.problems)


@dataclass
class SweepRun:
    """What a sweep found: each cell's playtest report, in the grid's order."""

    grid: Grid
    cells: list[Cell]
    reports: list[PlaytestReport]

    @property
    def status(self) -> str:
        """``fail`` if any cell fails, else ``inconclusive`` if any is, else ``pass``."""
        found = {r.status for r in self.reports}
        for status in (FAIL, INCONCLUSIVE):
            if status in found:
                return status
        return PASS

    @property
    def exit_code(self) -> int:
        """As a playtest's: 0 when every cell passes, 1 when any fails, else 3."""
        return EXIT_CODES[self.status]

    @property
    def replaced(self) -> int:
        """Records of earlier sweeps replaced in the cells' folders."""
        return sum(r.replaced for r in self.reports)


def run_sweep(
    plan: SweepPlan,
    grid: Grid,
    content: LoadedContent[Any],
    *,
    executor: Executor | None = None,
    thresholds: Thresholds | None = None,
    progress: Callable[[CellGame], None] | None = None,
    started: Callable[[], None] | None = None,
) -> SweepRun:
    """Play every game of every cell in one run of ``executor`` and judge each cell.

    ``started()`` is called once the workers are running (start a progress
    display there), ``progress(game)`` after each game. Each cell's crash and
    violation records (and the worst game of a kit shortfall) are kept as a
    playtest keeps them, in the cell's folder, replacing an earlier sweep's
    only once every game is played.
    """
    if not plan.cells:
        raise UsageError("the sweep's grid has no cell")
    check_cells(plan, grid, content)
    ruleset = plan.cells[0].ruleset
    # the kit prints the same whatever the cell: one declaration, checked before any game
    printed = printed_copies(ruleset, content)
    runner = executor or LocalExecutor()
    limits = thresholds or Thresholds.for_ruleset(ruleset)
    tallies = [Tally(p.players, p.agents) for p in plan.cells]
    with ExitStack() as stack:
        staged = [stack.enter_context(StagedRecords(p.records_folder)) for p in plan.cells]
        staged_plan = SweepPlan(
            tuple(replace(p, staging_dir=s.path) for p, s in zip(plan.cells, staged, strict=True)),
            plan.games,
        )
        results: Iterator[CellGame] = runner.run(staged_plan, content, range(plan.total))
        try:
            if started is not None:
                started()
            for game in results:
                tallies[game.cell].add(game.summary)
                if progress is not None:
                    progress(game)
        finally:
            close = getattr(results, "close", None)
            if close is not None:  # the workers stop before the staging folders go
                close()
        kits = [judge_kit(t, printed, p) for t, p in zip(tallies, plan.cells, strict=True)]
        for kit, cell_plan_ in zip(kits, staged_plan.cells, strict=True):
            if kit is not None:
                keep_kit_records(cell_plan_, content, kit)
        replaced = [s.commit() for s in staged]
    reports = [
        playtest_report(
            p, content, t, limits, card_ids(ruleset, content, p.houses), kit, n, [plan.games]
        )
        for p, t, kit, n in zip(plan.cells, tallies, kits, replaced, strict=True)
    ]
    return SweepRun(grid, grid.cells(), reports)
