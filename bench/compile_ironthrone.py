"""Compile The Iron Throne referee's hot modules with mypyc, in place (an experiment).

pnp ships pure Python; this script only reproduces the compiled figures of
``bench/ironthrone.py`` (issue 6: 1,000 games/s). It builds a C extension
(``<module>.cpython-*.so``) next to each module listed in :data:`MODULES`;
Python then imports the extension instead of the ``.py`` file, until it is
removed again with ``--clean``. Nothing here is run by the tests.

Needs ``pip install "mypy[mypyc]"``, a C compiler and the Python headers.

Usage::

    python bench/compile_ironthrone.py            # build (about a minute)
    python bench/compile_ironthrone.py --clean    # back to pure Python
    python bench/compile_ironthrone.py --list     # the modules it compiles

A built extension does not follow later edits of its ``.py`` file: rebuild
(or ``--clean``) after every change, or Python keeps running the old code.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The modules compiled together (one mypyc "group", so calls between them are
#: native C calls): the referee (state, abilities, rules, game), the setup of a
#: new game, and the engine's play loop, RNG helpers and random agent.
#: ``pnp/engine/game.py`` is left out on purpose: the other rulesets' games
#: (interpreted classes) subclass its ``Game``, and an interpreted class cannot
#: inherit from a compiled one. ``effects.py`` (the pydantic schema of
#: abilities) and ``scenario.py`` stay interpreted too (pydantic models), as
#: do the views and the heuristic bot (not worked on for this measure).
MODULES = [
    "pnp/rulesets/ironthrone/state.py",
    "pnp/rulesets/ironthrone/abilities.py",
    "pnp/rulesets/ironthrone/rules.py",
    "pnp/rulesets/ironthrone/game.py",
    "pnp/rulesets/ironthrone/setup.py",
    "pnp/engine/rng.py",
    "pnp/engine/runner.py",
    "pnp/engine/agents.py",
]

SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="pnp-mypyc-experiment",
    packages=[],
    ext_modules=mypycify(sys.argv[sys.argv.index("--") + 1 :], opt_level="3"),
    script_args=["build_ext", "--inplace", "--build-temp", "build/mypyc"],
)
"""


def built() -> list[Path]:
    """The compiled extensions lying in the source tree (pnp/ and the root)."""
    return sorted([*ROOT.glob("pnp/**/*.so"), *ROOT.glob("*.so")])


def clean() -> None:
    """Remove every built extension and the build directory: pure Python again."""
    for so in built():
        so.unlink()
        print(f"removed {so.relative_to(ROOT)}")
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def build() -> None:
    """Compile :data:`MODULES` in place (from a clean tree, so nothing stale stays)."""
    clean()
    env = dict(os.environ, MYPYC_OPT_LEVEL="3")
    cmd = [sys.executable, "-c", SETUP, "--", *MODULES]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    for so in built():
        print(f"built {so.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the built extensions")
    parser.add_argument("--list", action="store_true", help="print the compiled modules")
    args = parser.parse_args()
    if args.list:
        print("\n".join(MODULES))
    elif args.clean:
        clean()
    else:
        build()


if __name__ == "__main__":
    main()
