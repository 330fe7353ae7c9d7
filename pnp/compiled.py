"""Which modules of pnp run compiled, and a fall-back to their sources when stale.

An install compiles the referee's hottest modules with mypyc where a C
compiler is at hand (``hatch_build.py``): a C extension lands next to each
source, and Python imports an extension before a source of the same name.
The build also writes ``_compiled.json``: the SHA-256 of each source it
compiled.

In a checkout the sources move on (an edit, a ``git switch``) while the
extensions stay as built. :func:`guard`, run when :mod:`pnp` is imported,
compares the sources with that record; if any differs, or an extension is
missing, every module of :data:`MODULES` is imported from its source. A
compiled class cannot be subclassed by an interpreted one, so it is all of
them or none. ``PNP_PURE_PYTHON=1`` in the environment asks for the sources
too (to step through the referee in a debugger, or to compare the two).
Compiled or not, the games are the same; only the speed differs.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # mypyc reads a compiled class's options from this decorator (it comes with
    # mypy, which only the build installs)
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
        """mypyc's options for a compiled class (``acyclic=True`` …).

        The build reads them from the source; at run time the decorator
        changes nothing, so this module (never compiled itself) makes it a
        no-op rather than make ``mypy_extensions`` a dependency.
        """
        return lambda cls: cls


#: The modules an install compiles (pyproject.toml's build hook ``include``
#: names the same files; a test keeps them equal).
MODULES: tuple[str, ...] = (
    "pnp.engine.agents",
    "pnp.engine.decision",
    "pnp.engine.event",
    "pnp.engine.invariants",
    "pnp.engine.native",
    "pnp.engine.rng",
    "pnp.engine.runner",
    "pnp.rulesets.ironthrone.abilities",
    "pnp.rulesets.ironthrone.game",
    "pnp.rulesets.ironthrone.rules",
    "pnp.rulesets.ironthrone.setup",
    "pnp.rulesets.ironthrone.state",
)

#: The build's record of the sources it compiled, beside this file.
RECORD = "_compiled.json"

#: Environment variable that makes pnp import every module from its source.
PURE_ENV = "PNP_PURE_PYTHON"

PACKAGE = Path(__file__).resolve().parent

#: What :func:`guard` found: ``compiled``, ``pure`` (no extensions: nothing was
#: compiled), ``stale`` (sources changed since the build), ``forced`` (the
#: environment asked for the sources).
state = "pure"


def source_path(module: str, package: Path = PACKAGE) -> Path:
    """The ``.py`` file of ``module`` (a name under ``pnp``)."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def extension_path(module: str, package: Path = PACKAGE) -> Path | None:
    """The compiled extension of ``module`` for this Python, if one is there."""
    src = source_path(module, package)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = src.with_name(src.stem + suffix)
        if candidate.is_file():
            return candidate
    return None


def digest(path: Path) -> str:
    """SHA-256 of a file's bytes, as hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def find_state(
    modules: Sequence[str] = MODULES, package: Path = PACKAGE, environ: dict[str, str] | None = None
) -> str:
    """``compiled``, ``pure``, ``stale`` or ``forced`` for ``modules`` under ``package``."""
    env = os.environ if environ is None else environ
    extensions = [extension_path(m, package) for m in modules]
    if not any(extensions):
        return "pure"
    if env.get(PURE_ENV, "") not in ("", "0"):
        return "forced"
    try:
        record = json.loads((package / RECORD).read_text())
    except (OSError, ValueError):
        return "stale"  # extensions with no record of their sources: trust none
    if not isinstance(record, dict) or not all(extensions):
        return "stale"
    for module in modules:
        try:
            if record.get(module) != digest(source_path(module, package)):
                return "stale"
        except OSError:
            return "stale"
    return "compiled"


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the named modules' ``.py`` files, ahead of their extensions."""

    def __init__(self, modules: Sequence[str], package: Path) -> None:
        self.files = {m: source_path(m, package) for m in modules}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def guard() -> str:
    """Import :data:`MODULES` from their sources unless the extensions match them.

    Run once, before any of them is imported (by ``pnp/__init__``); returns
    and remembers the :data:`state`.
    """
    global state
    state = find_state()
    if state in ("stale", "forced") and not any(
        isinstance(f, _SourceFinder) for f in sys.meta_path
    ):
        sys.meta_path.insert(0, _SourceFinder(MODULES, PACKAGE))
    return state


def describe() -> str:
    """One line on how the referee runs, for ``pnp --version``."""
    return {
        "compiled": "referee compiled with mypyc",
        "pure": "pure Python (nothing compiled)",
        "stale": "pure Python: its sources changed since they were compiled; "
        "'pip install -e .' compiles them again",
        "forced": f"pure Python: {PURE_ENV} is set",
    }[state]
