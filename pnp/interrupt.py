"""Ctrl-C that code pnp calls cannot turn into something else.

Python raises :class:`KeyboardInterrupt` wherever the program happens to be
when Ctrl-C arrives. Some libraries catch every exception there and raise
their own: reportlab's colour parser, for one, turns it into
``ValueError: Invalid color value``, which a kit build would then report as a
fault of the card being drawn. The command line installs :func:`install`'s
handler, which remembers that the user asked to stop; code that turns a
library's exception into a user-facing error asks :func:`check` first, so the
stop is reported as a stop.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

_requested = False


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


def reset() -> None:
    """Forget an earlier Ctrl-C (for tests that simulate one)."""
    global _requested
    _requested = False
