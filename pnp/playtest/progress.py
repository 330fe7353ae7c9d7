"""A rich progress bar for long playtests (shown only on a terminal)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from types import TracebackType
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from pnp.playtest.worker import GameSummary

if TYPE_CHECKING:
    from pnp.playtest.compare import GamePair


class PlaytestProgress(AbstractContextManager["PlaytestProgress"]):
    """Games done, failures so far, elapsed and remaining time, on stderr."""

    def __init__(self, games: int, title: str, *, enabled: bool | None = None) -> None:
        console = Console(stderr=True)
        self.enabled = console.is_terminal if enabled is None else enabled
        self.games = games
        self.failures = 0
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[failures]}"),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            disable=not self.enabled,
        )
        self._task = self._progress.add_task(title, total=games, failures="", start=False)

    def start(self) -> None:
        """Show the bar (call once the workers run: no thread may exist when they fork)."""
        self._progress.start()
        self._progress.start_task(self._task)

    def advance(self, summary: GameSummary | GamePair) -> None:
        """One more game done (a comparison: one more game index, under both versions)."""
        if summary.failed:
            self.failures += 1
        failures = f"[red]{self.failures} failed" if self.failures else ""
        self._progress.update(self._task, advance=1, failures=failures)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.stop()
