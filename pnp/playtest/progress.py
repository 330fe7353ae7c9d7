"""A rich progress bar for long playtests (shown only on a terminal)."""

from __future__ import annotations

from collections.abc import Sequence
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
    from pnp.playtest.verdict import Judgement

#: undecided items named in the bar before it says "and N more"
NAMED = 4


class PlaytestProgress(AbstractContextManager["PlaytestProgress"]):
    """Games done, failures so far, elapsed and remaining time, on stderr."""

    def __init__(self, games: int, title: str, *, enabled: bool | None = None) -> None:
        console = Console(stderr=True)
        self.enabled = console.is_terminal if enabled is None else enabled
        self.games = games
        self.failures = 0
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            TextColumn("{task.fields[undecided]}"),
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
        self._task = self._progress.add_task(
            title, total=games, failures="", undecided="", start=False
        )

    def start(self) -> None:
        """Show the bar (call once the workers run: no thread may exist when they fork);
        again after :meth:`extend`."""
        self._progress.start()
        self._progress.start_task(self._task)

    def extend(self, total: int, undecided: Sequence[Judgement]) -> None:
        """``--games auto`` plays on, to ``total`` games, for what is still ``undecided``.

        The bar stops until :meth:`start` (the next batch's workers are forked in
        between, and a display thread must not be running then).
        """
        self._progress.stop()
        self.games = total
        self._progress.update(self._task, total=total, undecided=undecided_text(undecided))

    def advance(self, summary: GameSummary | GamePair) -> None:
        """One more game done (a comparison: one more game index, under both versions)."""
        if summary.failed:
            self.failures += 1
        failures = f"[red]{self.failures} failed" if self.failures else ""
        self._progress.update(self._task, advance=1, failures=failures)

    @property
    def description(self) -> str:
        """What the bar says besides its figures (the title and what is undecided)."""
        task = self._progress.tasks[0]
        return f"{task.description} {task.fields['undecided']}".strip()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.stop()


def undecided_text(undecided: Sequence[Judgement]) -> str:
    """``undecided: baratheon, seat 1, 2 cards``: what a playtest still plays for."""
    # a seat without its agent: "seat 1", as the bar has little room
    names = [j.name.split(" (")[0] for j in undecided if j.what != "card"]
    cards = sum(1 for j in undecided if j.what == "card")
    shown = names[:NAMED]
    if len(names) > NAMED:
        shown.append(f"{len(names) - NAMED} more")
    if cards:
        shown.append(f"{cards} card{'s' if cards != 1 else ''}")
    return f"undecided: {', '.join(shown)}" if shown else ""
