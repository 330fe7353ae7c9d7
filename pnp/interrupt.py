"""Ctrl-C that code pnp calls cannot turn into something else.

Python raises :class:`KeyboardInterrupt` wherever the program happens to be
when Ctrl-C arrives. Some libraries catch every exception there and raise
their own: reportlab's colour parser, for one, turns it into
``ValueError: Invalid color value``, which a kit build would then report as a
fault of the card being drawn. The command line installs :func:`install`'s
handler, which remembers that the user asked to stop; code that turns a
library's exception into a user-facing error asks :func:`check` first, so the
stop is reported as a stop.

However the stop is noticed (in a command, while Typer parses the command
line, or while the command line is still being imported: :mod:`pnp.entry`),
it is reported the same way: :data:`MESSAGE` on stderr, exit status
:data:`STATUS`. This module imports nothing heavy so that it can be in place
first.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

#: exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)
STATUS = 130

#: what a stopped command says on stderr (the README quotes it): every command
#: writes its files atomically at the end (a playtest's records are staged), so a
#: stop leaves what was there before
MESSAGE = "interrupted: nothing was written; earlier output is as it was"

_requested = False
_said = False


def _handler(signum: int, frame: FrameType | None) -> None:
    global _requested
    _requested = True
    raise KeyboardInterrupt


def install() -> None:
    """Remember every Ctrl-C from now on (only the main thread may set the handler)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _handler)


def requested() -> bool:
    """Whether Ctrl-C has been pressed since :func:`install`."""
    return _requested


def check() -> None:
    """Raise :class:`KeyboardInterrupt` if Ctrl-C was pressed, whatever became of it."""
    if _requested:
        raise KeyboardInterrupt


def say() -> None:
    """Print :data:`MESSAGE` on stderr (a stderr nobody reads any more is no reason to
    fail the stop)."""
    global _said
    _said = True
    with contextlib.suppress(OSError):
        print(MESSAGE, file=sys.stderr, flush=True)


def told() -> None:
    """Note that the command told of the stop in its own words (``pnp play``: where the
    game is saved), so that :data:`MESSAGE`, untrue there, is not printed after them."""
    global _said
    _said = True


def said() -> bool:
    """Whether :func:`say` has printed :data:`MESSAGE` since :func:`reset`."""
    return _said


@contextlib.contextmanager
def held(*, too_late: bool = False) -> Iterator[None]:
    """Hold Ctrl-C off for a short section that must not stop halfway.

    A Ctrl-C that arrives meanwhile is raised as soon as the section ends; with
    ``too_late``, for a section that puts finished output in place, it is dropped:
    the run then ends as if it had come a moment later, with everything written,
    rather than saying nothing was written after some of it was. Worker processes
    started inside the section inherit the holding handler, so they too are safe
    from Ctrl-C until they set their own. Outside the main thread (which alone may
    set a handler) the section runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: arrived.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if arrived and not too_late:
        global _requested
        _requested = True
        raise KeyboardInterrupt


def reset() -> None:
    """Forget an earlier Ctrl-C and its message (for tests that simulate one)."""
    global _requested, _said
    _requested = False
    _said = False
