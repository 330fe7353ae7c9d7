"""The permissions of the files pnp writes: those of any new file, ``0666`` less the umask.

Every output is written to a temporary file first and renamed into place
(:func:`pnp.engine.record.write_atomic`, :class:`pnp.render.pdf.AtomicFiles`).
Python's ``mkstemp`` makes that file owner-only (``0600``), so each writer
sets :func:`output_mode` on it before the rename: a PDF, a report, a record
or a CSV gets the permissions the user's umask gives any file (``0644``
under the usual ``022``, ``0600`` under a private ``077``).
"""

from __future__ import annotations

import os


def umask() -> int:
    """This process's umask, read without changing it where the system says it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    # elsewhere the only way to read it is to set it; set it straight back
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def output_mode() -> int:
    """The mode of a new output file: ``0666`` less the umask."""
    return 0o666 & ~umask()
