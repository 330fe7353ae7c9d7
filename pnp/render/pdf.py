"""Deterministic PDF canvases and atomic output files.

Same input, same bytes: reportlab's invariant mode fixes the dates and the
document id, and every piece of metadata is set from the input alone.
Files are written to a temporary name in the target folder and renamed into
place only when everything succeeded, so a failed run leaves earlier output
untouched and no partial file behind.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from pnp import __version__, interrupt
from pnp.errors import OutputError as OutputError  # re-exported: its home was here
from pnp.filemode import output_mode
from pnp.render import fonts


def new_canvas(
    page_size: tuple[float, float], title: str, subject: str = ""
) -> tuple[Canvas, io.BytesIO]:
    """A canvas writing into memory, with fixed metadata; returns it and its buffer."""
    buffer = io.BytesIO()
    # the initial font goes into every page's resources: make it our embedded one,
    # not an unembedded Helvetica
    canvas = Canvas(
        buffer,
        pagesize=page_size,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.family().regular,
    )
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setCreator(f"pnp {__version__}")
    canvas.setSubject(subject)
    canvas.setProducer(f"pnp {__version__} (reportlab)")
    return canvas, buffer


@contextlib.contextmanager
def binary_streams() -> Iterator[None]:
    """Write compressed streams as binary, not ASCII85: a quarter smaller, and faster
    (reportlab reads this switch from its global config while saving)."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


class AtomicFiles:
    """Collects output files in memory and writes them all at once.

    ``add()`` queues a file; ``commit()`` writes each to a temporary file
    beside its target, then renames them all into place. If anything fails,
    the temporary files are removed and the targets keep their old contents.
    """

    def __init__(self) -> None:
        self._files: dict[Path, bytes] = {}

    def add(self, path: Path, data: bytes) -> None:
        """Queue ``data`` to be written to ``path``."""
        self._files[path] = data

    @property
    def paths(self) -> list[Path]:
        """The queued targets, in the order they were added."""
        return list(self._files)

    def commit(self) -> list[Path]:
        """Write every queued file; returns the targets written.

        Ctrl-C while the temporary files are written removes them (and the
        folders made for them) and leaves every target as it was; once the
        renames begin they all go through, and a Ctrl-C then comes too late.
        """
        temps: list[tuple[Path, Path]] = []
        made: list[Path] = []
        for path in self._files:
            if path.is_dir():
                raise OutputError(f"cannot write {path}: it is a folder")
        try:
            for path, data in self._files.items():
                try:
                    made += _make_folders(path.parent)
                    # held: a Ctrl-C between making the file and noting it would leave it
                    with interrupt.held():
                        fd, name = tempfile.mkstemp(
                            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
                        )
                        temps.append((Path(name), path))
                except OSError as exc:
                    raise OutputError(
                        f"cannot write to {path.parent}: {exc.strerror or exc}"
                    ) from None
                temp = temps[-1][0]
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                # mkstemp makes owner-only files; an output gets the umask's permissions
                os.chmod(temp, output_mode())
            with interrupt.held(too_late=True):
                for temp, path in temps:
                    os.replace(temp, path)
        except BaseException:
            for temp, _ in temps:
                with contextlib.suppress(OSError):
                    temp.unlink()
            for folder in reversed(made):  # deepest first; only those still empty
                with contextlib.suppress(OSError):
                    folder.rmdir()
            raise
        written = list(self._files)
        self._files.clear()
        return written


def _make_folders(folder: Path) -> list[Path]:
    """Make ``folder`` and its missing parents; the ones made, outermost first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        each.mkdir(exist_ok=True)
    return list(reversed(missing))


@contextlib.contextmanager
def atomic_files() -> Iterator[AtomicFiles]:
    """``with atomic_files() as out: out.add(...)``: commit on success, nothing on error."""
    files = AtomicFiles()
    yield files
    files.commit()
