"""A reader that stops reading is no failed check.

``pnp validate | head -1`` closes the pipe after one line; the next line pnp
writes raises :class:`BrokenPipeError`. Typer turns that into exit status 1,
which is also a playtest's FAIL: ``pnp playtest … | head`` would report a
failed check that never happened, and stop the run before its files are in
place. :func:`guard` wraps ``sys.stdout`` and ``sys.stderr`` so that, once
their reader has gone, whatever is written to them is dropped: the command
runs to its end and exits with its own status (0, 1, 2 or 3), as it would
have with its output sent to ``/dev/null``.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO


class Guarded:
    """A text stream that drops what is written once its reader has gone."""

    def __init__(self, stream: TextIO, fd: int) -> None:
        self.stream = stream
        self.fd = fd
        #: whether the reader has gone (nothing is written from then on)
        self.gone = False

    def write(self, text: str) -> int:
        """Write ``text``, or drop it once the reader has gone."""
        if not self.gone:
            try:
                return self.stream.write(text)
            except BrokenPipeError:
                self._forsake()
        return len(text)

    def writelines(self, lines: Any) -> None:
        """Write each of ``lines``."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush the stream, unless its reader has gone."""
        if not self.gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._forsake()

    def _forsake(self) -> None:
        self.gone = True
        # the stream still holds what it could not write, and Python flushes it
        # once more as it exits: point its file descriptor at /dev/null so that
        # last flush succeeds instead of printing a BrokenPipeError
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, self.fd)
        finally:
            os.close(devnull)

    def __getattr__(self, name: str) -> Any:
        # encoding, isatty, fileno, buffer …: the stream's own
        return getattr(self.stream, name)


def _guarded(stream: Any) -> Any:
    """``stream`` guarded, or as it is when it has no file descriptor of its own (a
    test's captured output) or is guarded already."""
    if stream is None or isinstance(stream, Guarded):
        return stream
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return stream
    return Guarded(stream, fd)


def guard() -> None:
    """Guard ``sys.stdout`` and ``sys.stderr`` (see the module docstring)."""
    sys.stdout = _guarded(sys.stdout)
    sys.stderr = _guarded(sys.stderr)
