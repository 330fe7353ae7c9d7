"""A rich progress bar on stderr for long renders (silent when stderr is not a terminal)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from pnp import interrupt


@dataclass
class Bar:
    """One task of a progress display; every method is a no-op when disabled."""

    progress: Progress | None
    task: TaskID | None = None

    def start(self, description: str, total: int) -> None:
        """Begin a new task (the previous one stays as completed)."""
        if self.progress is not None:
            self.task = self.progress.add_task(description, total=max(total, 1))

    def advance(self, n: int = 1) -> None:
        """Count ``n`` more units of work done (and stop here if Ctrl-C was pressed
        while a library swallowed it)."""
        interrupt.check()
        if self.progress is not None and self.task is not None:
            self.progress.advance(self.task, n)

    def finish(self) -> None:
        """Mark the current task complete."""
        if self.progress is not None and self.task is not None:
            task = self.progress.tasks[-1]
            self.progress.update(self.task, completed=task.total)


@contextmanager
def progress_bar(enabled: bool | None = None) -> Iterator[Bar]:
    """A progress display on stderr; by default only when stderr is a terminal."""
    console = Console(stderr=True)
    if enabled is None:
        enabled = console.is_terminal
    if not enabled:
        yield Bar(None)
        return
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    with progress:
        yield Bar(progress)
