"""Draw a screen with rich: panels and tables, House colours, at most 80 columns.

The one place that knows rich: a text form's :class:`~pnp.play.screen.Screen`,
the events since a seat's last turn and the numbered options of its decision
become rich renderables here, for the terminal and for a shared log alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pnp.play.screen import Block, Screen, readable

#: the widest a screen is drawn, so it fits a classic terminal
WIDTH = 80


def console(file: IO[str] | None = None, *, plain: bool = False) -> Console:
    """A console at most :data:`WIDTH` columns wide (``plain``: no colour, for a log file).

    Colour follows the terminal (and ``NO_COLOR``); a narrower terminal is used
    at its own width.
    """
    if plain:
        return Console(file=file, width=WIDTH, color_system=None, highlight=False, emoji=False)
    out = Console(file=file, highlight=False, emoji=False)
    if out.width > WIDTH or not out.is_terminal:
        out.width = WIDTH
    return out


def block(b: Block) -> RenderableType:
    """One panel: its lines, then its table."""
    parts: list[RenderableType] = [Text.from_markup(line) for line in b.lines]
    if b.columns:
        table = Table(show_edge=False, pad_edge=False, box=None, expand=False)
        for heading in b.columns:
            table.add_column(Text.from_markup(heading), overflow="fold")
        for row in b.rows:
            table.add_row(*(Text.from_markup(cell) for cell in row))
        parts.append(table)
    border = readable(b.colour) if b.colour else "white"
    return Panel(
        Group(*parts),
        title=Text.from_markup(b.title),
        title_align="left",
        border_style=border,
        expand=True,
    )


#: what separates the items of a heading ("Round 2 · purchase · first player …")
ITEM_GAP = " · "


class Items:
    """A line of items joined by :data:`ITEM_GAP`, wrapped between items: an item goes
    whole onto the next line when it does not fit (only an item wider than the screen
    is broken inside), so "first player Stark (seat 0)" is never cut at "(seat". An
    item's markup must close within it."""

    def __init__(self, markup: str) -> None:
        self.items = [Text.from_markup(item) for item in markup.split(ITEM_GAP)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """One :class:`Text` per line, as wide as the screen allows."""
        width = options.max_width
        line = Text()
        for item in self.items:
            if line and line.cell_len + len(ITEM_GAP) + item.cell_len > width:
                if line.cell_len + len(ITEM_GAP) - 1 <= width:
                    line.append(ITEM_GAP.rstrip())  # the line goes on below
                yield line
                line = Text()
            if line:
                line.append(ITEM_GAP)
            line.append_text(item)
        if line:
            yield line


def screen(s: Screen) -> RenderableType:
    """A whole screen: its heading (wrapped between its items), then each block."""
    parts: list[RenderableType] = []
    if s.heading:
        parts.append(Items(s.heading))
    parts += [block(b) for b in s.blocks]
    return Group(*parts)


def events(lines: Sequence[str], title: str) -> RenderableType:
    """What happened, one line each, in a panel."""
    body = [Text.from_markup(f"• {line}") for line in lines] or [Text("nothing yet")]
    return Panel(Group(*body), title=title, title_align="left", border_style="dim")


def options(question: str, labels: Sequence[str], who: str) -> RenderableType:
    """The decision: who decides, the question, and the options numbered from 1."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(justify="right", style="bold")
    table.add_column(overflow="fold")
    for n, label in enumerate(labels, start=1):
        table.add_row(f"{n}", Text.from_markup(label))
    head = Text.from_markup(f"{who}: [bold]{question}[/]")
    return Panel(Group(head, table), title="your decision", title_align="left", border_style="bold")
