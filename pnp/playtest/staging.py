"""A run's records, written aside and swapped in for the earlier run's only when it completes.

A records folder holds exactly one run's records, so ``pnp replay DIR``
replays that run and nothing older: the ``--records`` folder, or the crash
records folder (``output/<ruleset>/playtest/seed-S``) that after a fix shows
this run's failures only. A run that is interrupted (Ctrl-C, a worker that
dies, any error) must not cost the earlier run's records, so the games write
into a hidden staging folder inside the records folder
(``.pnp-staging-<random>/``) and :meth:`StagedRecords.commit` swaps them in
once every game is played. Only files named as pnp names its records
(:data:`~pnp.engine.record.RECORD_NAME`) are replaced or removed; anything
else in the folder is the user's and stays.

A run killed outright (``kill -9``, the machine stops) cannot clean up: its
staging folder stays, hidden, with the earlier records untouched beside it.
The staging name carries the machine and process id, and the next run that
completes in the folder removes such leftovers of processes that are gone.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import uuid
from pathlib import Path
from types import TracebackType

from pnp.content.problems import display_path
from pnp.engine.record import RECORD_NAME
from pnp.errors import OutputError

#: the staging folder's name starts so (hidden, so listings and ``pnp replay DIR`` skip it)
STAGING_PREFIX = ".pnp-staging-"
#: a staging folder's name: the prefix, the machine, the process id, a random part
STAGING_NAME = re.compile(re.escape(STAGING_PREFIX) + r"(?P<host>.+)-(?P<pid>\d+)-[0-9a-f]+")


def _host() -> str:
    """This machine's name, as a staging folder's name carries it."""
    return re.sub(r"[^A-Za-z0-9.]", "_", socket.gethostname()) or "host"


class StagedRecords:
    """The staging folder of one run's records in ``folder``.

    Use it as a context manager: leaving the block with an exception (a
    ``KeyboardInterrupt`` too) discards the staged records (:meth:`discard`)
    and leaves the folder as it was; :meth:`commit` inside the block swaps
    them in.
    Nothing is created until a game writes its record, and a folder the run
    had to create is removed again when it stays empty.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        # a fresh name per run (never reused: a killed run's leftovers are never committed)
        name = f"{STAGING_PREFIX}{_host()}-{os.getpid()}-{uuid.uuid4().hex[:12]}"
        self.path = folder / name
        # the nearest folder that exists now: what the run creates lies below it
        existing = folder
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        self._existing = existing

    def __enter__(self) -> StagedRecords:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if kind is not None:
            self.discard()

    def commit(self) -> int:
        """Replace the earlier run's records in the folder with the staged ones; how many
        earlier records there were.

        Each staged record replaces its namesake in one step, then the earlier
        records this run did not write are removed, so the folder never holds
        fewer records than either run.
        """
        earlier = record_names(self.folder)
        staged = record_names(self.path)
        for name in staged:
            _move(self.path / name, self.folder / name)
        for name in earlier:
            if name not in staged:
                _remove(self.folder / name)
        self.discard()
        for leftover in self.leftovers():
            shutil.rmtree(leftover, ignore_errors=True)
        return len(earlier)

    def leftovers(self) -> list[Path]:
        """Staging folders in the folder of earlier runs on this machine whose process is
        gone (killed outright); never another live run's."""
        if os.name != "posix" or not self.folder.is_dir():  # os.kill(pid, 0) probes POSIX only
            return []
        host = _host()
        found = []
        for path in sorted(self.folder.iterdir()):
            match = STAGING_NAME.fullmatch(path.name)
            if not match or match["host"] != host or path == self.path or not path.is_dir():
                continue
            if not _alive(int(match["pid"])):
                found.append(path)
        return found

    def discard(self) -> None:
        """Remove the staging folder, and the folders the run created if they stay empty."""
        shutil.rmtree(self.path, ignore_errors=True)
        folder = self.folder
        while folder != self._existing and _is_empty_folder(folder):
            try:
                folder.rmdir()
            except OSError:  # someone else's now, or not ours to remove: leave it
                return
            folder = folder.parent


def record_names(folder: Path) -> set[str]:
    """The names of the playtest records in ``folder`` (none if it is missing)."""
    if not folder.is_dir():
        return set()
    return {
        p.name
        for p in folder.iterdir()
        if RECORD_NAME.fullmatch(p.name) and (p.is_file() or p.is_symlink())
    }


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except OSError:  # exists, but is another user's; or cannot tell: leave its folder alone
        return True
    return True


def _is_empty_folder(folder: Path) -> bool:
    try:
        return folder.is_dir() and not any(folder.iterdir())
    except OSError:
        return False


def _move(source: Path, target: Path) -> None:
    try:
        os.replace(source, target)
    except OSError as exc:
        raise OutputError(
            f"cannot put the record {display_path(target)} in place: {exc.strerror or exc}"
        ) from None


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError as exc:
        raise OutputError(
            f"cannot remove the earlier record {display_path(path)}: {exc.strerror or exc}"
        ) from None
