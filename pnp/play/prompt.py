"""The terminal a game is played on: a rich console to draw on and a line to read.

Reading goes through ``input()`` so that a pseudo-terminal, a pipe and
Typer's ``CliRunner`` all drive it alike; the end of the input (Ctrl-D, or a
script that stops) reads as ``q``, so the game is saved rather than lost.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType

from pnp.play import draw


class Terminal:
    """Where the screens go and the answers come from."""

    def __init__(self, out: Console | None = None, read: Callable[[str], str] = input) -> None:
        self.out = out if out is not None else draw.console()
        self._read = read

    def show(self, *things: RenderableType | str) -> None:
        """Draw each of ``things`` (markup strings or rich renderables)."""
        for thing in things:
            self.out.print(thing)

    def say(self, text: str) -> None:
        """One message left unwrapped, so a file path in it can be copied whole."""
        self.out.print(text, soft_wrap=True)

    def ask(self, prompt: str) -> str:
        """One line typed after ``prompt``; ``q`` at the end of the input."""
        self.out.print(prompt, end="")
        self.out.file.flush()
        try:
            return self._read("")
        except EOFError:
            self.out.print()
            return "q"

    def clear(self) -> None:
        """Clear the screen and its scrollback (hot-seat: the next player must not
        scroll back to the last one's hand); on a pipe, a rule instead."""
        if self.out.is_terminal:
            self.out.file.write("\x1b[2J\x1b[3J\x1b[H")
            self.out.file.flush()
        else:
            self.out.rule()
