"""Executors: where a playtest's games are played.

An :class:`Executor` receives the plan, the loaded content and the game
indices, and yields what ``plan.play(content, index)`` returns for each game
(a :class:`GameSummary` for a :class:`PlaytestPlan`; a pair of them for a
comparison's plan, :mod:`pnp.playtest.compare`) in any order; the statistics
never depend on that order. :class:`LocalExecutor` plays them in this process
(one worker) or in a pool of local worker processes;
:class:`~pnp.playtest.cluster.DaskExecutor` on a Dask cluster (``--cluster``),
shipping the (picklable) plan and content to its workers once, then batches of
indices. :func:`~pnp.playtest.cluster.executor_for` picks one from the command-line options.
"""

from __future__ import annotations

import gc
import os
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from types import TracebackType
from typing import Any, Protocol, Self

from pnp.errors import PnpError


class WorkerDied(PnpError):
    """A worker process ended abruptly (killed, out of memory, a crash in C code)."""

    exit_code = 1


class GamePlan(Protocol):
    """What an executor plays: any picklable plan that plays game ``index`` on ``content``."""

    def play(self, content: Any, index: int) -> Any:
        """Play game ``index``; the result goes back to the caller (it must pickle)."""
        ...


def default_workers() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class Executor(ABC):
    """Plays the games of a plan."""

    @abstractmethod
    def run(self, plan: GamePlan, content: Any, indices: Sequence[int]) -> Iterator[Any]:
        """Start playing the games ``indices``; iterate to receive their summaries.

        Worker processes start when ``run`` is called (before the first item
        is taken), so callers start a progress display (a thread) afterwards.
        """

    def close(self) -> None:  # noqa: B027 (a no-op unless the executor keeps something)
        """Release what the executor keeps between runs (a cluster); nothing by default."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class LocalExecutor(Executor):
    """Games in this process (``workers=1``) or in a pool of local processes."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else default_workers()
        if self.workers < 1:
            raise ValueError("workers must be at least 1")

    def run(self, plan: GamePlan, content: Any, indices: Sequence[int]) -> Iterator[Any]:
        """Summaries as games finish (in order for one worker, any order for several)."""
        if self.workers == 1 or len(indices) <= 1:
            return _in_process(plan, content, indices)
        pool = ProcessPoolExecutor(
            max_workers=min(self.workers, len(indices)),
            initializer=_init_worker,
            initargs=(plan, content),
        )
        # batches small enough to keep every worker busy to the end and the
        # progress bar moving, large enough that shipping them costs little
        size = max(1, min(64, len(indices) // (self.workers * 16)))
        batches = (list(indices[i : i + size]) for i in range(0, len(indices), size))
        # forked workers inherit the frozen objects (modules, content) outside
        # the collector's reach: their collections stay short and the pages stay shared
        gc.freeze()
        try:  # the first submit forks the workers
            first = [pool.submit(_play_batch, b) for b in islice(batches, self.workers * IN_FLIGHT)]
        finally:
            gc.unfreeze()
        return _collect(pool, first, batches)


#: batches queued per worker: the rest are submitted as these finish, so the parent
#: holds a few batches whatever the number of games
IN_FLIGHT = 4


def _in_process(plan: GamePlan, content: Any, indices: Sequence[int]) -> Iterator[Any]:
    # the long-lived objects (modules, content) need no scanning by the
    # collector while games allocate and free their states
    gc.freeze()
    try:
        for i in indices:
            yield plan.play(content, i)
    finally:
        gc.unfreeze()


def _collect(
    pool: ProcessPoolExecutor, futures: list[Future[list[Any]]], more: Iterator[list[int]]
) -> Iterator[Any]:
    pending = set(futures)
    # a finished future holds its batch's summaries: once they are handed on, nothing
    # may keep the future, or the parent's memory grows with every game played
    futures.clear()
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            try:
                for batch in islice(more, len(done)):  # keep the workers fed
                    pending.add(pool.submit(_play_batch, batch))
                while done:
                    yield from done.pop().result()
            except BrokenProcessPool:  # from a result, or from a submit to the broken pool
                raise WorkerDied(
                    "a playtest worker process died; run with --workers 1 to see which "
                    "game takes the process down"
                ) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


_STATE: dict[str, Any] = {}


def _init_worker(plan: GamePlan, content: Any) -> None:
    """Runs once in each worker process: keep the plan and the content."""
    _STATE["plan"] = plan
    _STATE["content"] = content


def _play_batch(indices: list[int]) -> list[Any]:
    plan: GamePlan = _STATE["plan"]
    content: Any = _STATE["content"]
    return [plan.play(content, i) for i in indices]
