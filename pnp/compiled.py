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

# pnp/__init__ runs guard() before anything else of pnp, the console script's
# Ctrl-C handling included (pnp/entry.py): so this module imports only what
# Python has loaded at start-up, and the rest where it is needed
import importlib.machinery
import os
import sys

# typing.TYPE_CHECKING without importing typing (type checkers know the name)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from pathlib import Path
    from types import ModuleType
    from typing import Any

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
    "pnp.engine.flowgame",
    "pnp.engine.invariants",
    "pnp.engine.native",
    "pnp.engine.rng",
    "pnp.engine.runner",
    "pnp.rulesets.fief.bots",
    "pnp.rulesets.fief.game",
    "pnp.rulesets.fief.invariants",
    "pnp.rulesets.fief.rules.battle",
    "pnp.rulesets.fief.rules.cards",
    "pnp.rulesets.fief.rules.decide",
    "pnp.rulesets.fief.rules.economy",
    "pnp.rulesets.fief.rules.fate",
    "pnp.rulesets.fief.rules.movement",
    "pnp.rulesets.fief.rules.phases",
    "pnp.rulesets.fief.rules.politics",
    "pnp.rulesets.fief.rules.round",
    "pnp.rulesets.fief.rules.setup",
    "pnp.rulesets.fief.rules.watch",
    "pnp.rulesets.fief.state",
    "pnp.rulesets.ironthrone.abilities",
    "pnp.rulesets.ironthrone.game",
    "pnp.rulesets.ironthrone.rules.encounter",
    "pnp.rulesets.ironthrone.rules.moves",
    "pnp.rulesets.ironthrone.rules.preparation",
    "pnp.rulesets.ironthrone.rules.resolution",
    "pnp.rulesets.ironthrone.rules.support",
    "pnp.rulesets.ironthrone.rules.turn",
    "pnp.rulesets.ironthrone.rules.windows",
    "pnp.rulesets.ironthrone.setup",
    "pnp.rulesets.ironthrone.state",
)

#: The build's record of the sources it compiled, beside this file.
RECORD = "_compiled.json"

#: Environment variable that makes pnp import every module from its source.
PURE_ENV = "PNP_PURE_PYTHON"

#: The folder of the pnp package (a plain path: see the imports).
PACKAGE = os.path.dirname(os.path.realpath(__file__))

#: What :func:`guard` found: ``compiled``, ``pure`` (no extensions: nothing was
#: compiled), ``stale`` (sources changed since the build), ``forced`` (the
#: environment asked for the sources).
state = "pure"


def _source_file(module: str, package: str | os.PathLike[str]) -> str:
    return os.path.join(os.fspath(package), *module.split(".")[1:]) + ".py"


def _extension_file(module: str, package: str | os.PathLike[str]) -> str | None:
    stem = _source_file(module, package)[: -len(".py")]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.isfile(stem + suffix):
            return stem + suffix
    return None


def source_path(module: str, package: str | os.PathLike[str] = PACKAGE) -> Path:
    """The ``.py`` file of ``module`` (a name under ``pnp``)."""
    from pathlib import Path

    return Path(_source_file(module, package))


def extension_path(module: str, package: str | os.PathLike[str] = PACKAGE) -> Path | None:
    """The compiled extension of ``module`` for this Python, if one is there."""
    from pathlib import Path

    found = _extension_file(module, package)
    return None if found is None else Path(found)


def digest(path: str | os.PathLike[str]) -> str:
    """SHA-256 of a file's bytes, as hex."""
    import hashlib

    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def find_state(
    modules: Sequence[str] = MODULES,
    package: str | os.PathLike[str] = PACKAGE,
    environ: dict[str, str] | None = None,
) -> str:
    """``compiled``, ``pure``, ``stale`` or ``forced`` for ``modules`` under ``package``."""
    env = os.environ if environ is None else environ
    extensions = [_extension_file(m, package) for m in modules]
    if not any(extensions):
        return "pure"
    if env.get(PURE_ENV, "") not in ("", "0"):
        return "forced"
    import json

    try:
        with open(os.path.join(os.fspath(package), RECORD), encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError):
        return "stale"  # extensions with no record of their sources: trust none
    if not isinstance(record, dict) or not all(extensions):
        return "stale"
    for module in modules:
        try:
            if record.get(module) != digest(_source_file(module, package)):
                return "stale"
        except OSError:
            return "stale"
    return "compiled"


class _SourceFinder:
    """Finds the named modules' ``.py`` files, ahead of their extensions (a meta path
    finder: Python asks it for every module it imports)."""

    def __init__(self, modules: Sequence[str], package: str | os.PathLike[str]) -> None:
        self.files = {m: _source_file(m, package) for m in modules}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``fullname``'s source, if it is one of the modules; else ``None``."""
        file = self.files.get(fullname)
        if file is None:
            return None
        import importlib.util

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


def build_failure(output: str, most: int = 3) -> str:
    """Why a compile failed, in one line, from what the compiler printed.

    The build hook (``hatch_build.py``) shows it before installing pure Python.
    Its first ``most`` error lines (a mypy type error, a missing ``Python.h``,
    no C compiler) say why; mypyc's warnings and summary, often the last lines,
    do not. With no error line, the last line is all there is to show.
    """
    lines = [line.strip() for line in output.strip().splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line]
    if not errors:
        return lines[-1] if lines else "no output"
    more = len(errors) - most
    return "; ".join(errors[:most]) + (f" (and {more} more)" if more > 0 else "")
