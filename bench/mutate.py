"""Mutation testing of the modules where a wrong line silently changes every game or page.

Runs mutmut 3 (``pip install -e ".[mutation]"``) on :data:`MODULES`: the rule modules
of the three rulesets, the engine's flow, RNG and records, the playtest statistics,
plan and verdict, the content loader and checks, and the render modules that place
things on the page. One module at a time, in its own folder ``.mutate/<module>/``
(ignored by git): symbolic links to the checkout and a pyproject.toml whose
``[tool.mutmut]`` mutates that module only and selects the tests of its package
(:data:`TESTS`). mutmut copies ``pnp/`` into that folder's ``mutants/``, rewrites
each function so that each of its mutants can be switched on by name, runs the
selected tests once to record which of them reach which function (cached), then
runs each mutant in a forked worker against only the tests that reached its
function.

The folder's ``mutants/`` must exist before mutmut starts: the tests' environment
puts it on ``PYTHONPATH`` (for the tests that start ``python -m pnp``), and Python
remembers a path entry that is not a directory yet as one to skip for the rest of
the process, so the first run's tests imported the checkout's own ``pnp`` (on
``sys.path`` through the editable install) and mutmut's stats pass recorded no test.

The referee's hottest modules run compiled with mypyc in an install (pnp/compiled.py);
a compiled extension would run instead of the mutated source and every mutant of it
would survive. So the tests run with ``PNP_PURE_PYTHON=1`` (pnp imports every module
from its source), and after each run this script checks, in a fresh interpreter with
the same environment, that ``pnp`` comes from ``mutants/`` and runs as pure Python.

    python bench/mutate.py                                  # every module, one after another
    python bench/mutate.py --module pnp/engine/rng.py       # one module (minutes)
    python bench/mutate.py --report                         # counts of the last runs only
    python bench/mutate.py --fresh --module PATH            # forget its last results first

At the end it prints, per package, the mutants killed, survived, timed out, reached
by no test, equivalent (allow-listed in bench/mutate-equivalent.txt; a survivor
or an unreached mutant listed there counts as equivalent), the total and the kill
rate (killed + timeout) / (total - equivalent), then the survivors by name, the
allow-list lines that name no surviving mutant (an edit above a mutant renumbers it)
and the allow-listed mutants that timed out.
``cd .mutate/<module> && mutmut show NAME`` shows one.

This is a bench, not a check: it is not part of .ci/run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGE = ROOT / ".mutate"
ALLOW_LIST = Path(__file__).resolve().parent / "mutate-equivalent.txt"

#: The modules mutated: where one wrong line changes every game or every page.
MODULES: tuple[str, ...] = (
    "pnp/rulesets/*/rules/*.py",
    "pnp/engine/flow.py",
    "pnp/engine/rng.py",
    "pnp/engine/record.py",
    "pnp/playtest/stats.py",
    "pnp/playtest/plan.py",
    "pnp/playtest/verdict.py",
    "pnp/content/loader.py",
    "pnp/content/checks.py",
    "pnp/render/imposition.py",
    "pnp/render/marks.py",
    "pnp/render/textbox.py",
)

#: The engine's tests but one, which runs pytest in a temporary folder, where the mutated
#: pnp's mutmut hooks find no configuration and fail every scenario it collects.
ENGINE_TESTS = [
    "tests/engine",
    "--deselect=tests/engine/test_scenario_cli.py::test_pytest_collects_scenarios_by_path",
]

#: The tests run for a module, by the first matching prefix of its path (pytest
#: arguments) when it has no mirror test file: those of its package; a ruleset's
#: rules by its scenarios and rule tests: mutmut runs each mutant against only the
#: tests of the selection that reached its function, so a wider selection costs one
#: longer stats pass, not longer mutants.
TESTS: tuple[tuple[str, list[str]], ...] = (
    *(
        (f"pnp/rulesets/{r}/", [f"tests/scenarios/{r}", f"tests/rulesets/{r}/rules"])
        for r in ("fief", "ironthrone", "thrones")
    ),
    ("pnp/engine/", ENGINE_TESTS),
    ("pnp/playtest/", ["tests/playtest", "--ignore=tests/playtest/test_cluster.py"]),
    ("pnp/content/", ["tests/content"]),
    ("pnp/render/", ["tests/render"]),
)

#: The playtest tests that judge and count whole runs (about 10 s of pure-Python play in
#: all): the package's other tests play many more games through the same functions, so
#: with them a surviving mutant of verdict.py or stats.py cost about 45 s, and a run hours.
PLAYTEST_RUNS = [
    "tests/playtest/test_verdict.py",
    "tests/playtest/test_stats.py",
    "tests/playtest/test_auto.py",
    "tests/playtest/test_harness.py",
    "tests/playtest/test_command.py",
    # a million games through the tally to show its memory stays flat (22 s): it
    # checks memory, not a figure
    "--deselect=tests/playtest/test_stats.py::test_a_million_games_keep_the_tally_flat",
]

#: Modules tested beyond their own package (the seeds of every game come from rng.py),
#: or by part of it.
MIRRORS: dict[str, list[str]] = {
    "pnp/playtest/verdict.py": PLAYTEST_RUNS,
    "pnp/playtest/stats.py": PLAYTEST_RUNS,
    # the render tests that draw text, cards, tokens and boards; the kit and export
    # tests draw the same through whole kits for minutes, and a mutant that loops
    # (a shrink-to-fit that never ends) ran each to its CPU limit
    "pnp/render/textbox.py": [
        "tests/render/test_text.py",
        "tests/render/test_markup.py",
        "tests/render/test_layout.py",
        "tests/render/test_cards.py",
        "tests/render/test_docpdf.py",
        "tests/render/test_reference.py",
    ],
    # the sheets are laid out by every kit the package's tests build but the low-ink
    # ones (16 s of faces drawn again in other inks, the same sheets)
    "pnp/render/imposition.py": ["tests/render", "--ignore=tests/render/test_lowink.py"],
    "pnp/engine/rng.py": [
        *ENGINE_TESTS,
        # the seed of each game of a run, and runs with one and two workers
        "tests/playtest/test_plan.py",
        "tests/playtest/test_harness.py",
    ],
}

#: What the staging folder links to (mutmut copies them into its mutants/).
LINKED = ("pnp", "tests", "content", "templates", "README.md", "bench", "hatch_build.py", ".ci")

#: mutmut's exit codes of a mutant's test run, grouped as this report counts them
#: (mutmut/stats.py: 1 and 3 are kills, 0 a survivor, 5 and 33 no test reached it,
#: SIGXCPU and 36 a timeout).
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests"}
TIMEOUTS = {24, -24, 36, 152, 255}
COLUMNS = ("killed", "survived", "timeout", "no tests", "equivalent", "other", "total")


def modules(paths: list[str] | None) -> list[str]:
    """The modules to mutate, as paths under the checkout (``pnp/engine/rng.py``)."""
    if paths:
        for path in paths:
            if not path.endswith(".py") or not (ROOT / path).is_file():
                sys.exit(f"mutate: --module {path}: not a .py file under {ROOT}")
        return [Path(p).as_posix() for p in paths]
    found = []
    for pattern in MODULES:
        found += sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob(pattern))
    return [m for m in found if not m.endswith("__init__.py")]


def tests_for(module: str) -> list[str]:
    """The pytest arguments selecting the tests of ``module``: :data:`MIRRORS` for a
    module tested beyond its package, else its package's (:data:`TESTS`; a module's
    mirror test file alone misses what the package's other tests check of it, such
    as the record paths of ``plan.py`` that the playtest command's tests write)."""
    if module in MIRRORS:
        return MIRRORS[module]
    for prefix, tests in TESTS:
        if module.startswith(prefix):
            return tests
    return ["tests"]


def stage_folder(module: str) -> Path:
    """``.mutate/pnp.engine.rng/`` for ``pnp/engine/rng.py``."""
    return STAGE / module.replace("/", ".").removesuffix(".py")


def stage(module: str) -> Path:
    """``.mutate/<module>/``: links to the checkout and a config mutating ``module`` only.

    Links, not copies: mutmut copies the sources into ``mutants/`` itself and never
    writes to them. The pyproject.toml is the project's with a ``[tool.mutmut]``.
    """
    folder = stage_folder(module)
    folder.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = folder / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    config = {
        "source_paths": ["pnp/"],
        "only_mutate": [module],
        "also_copy": [n for n in LINKED if n not in ("pnp", "tests")],
        "pytest_add_cli_args": ["-p", "no:cacheprovider"],
        # a mutant's CPU-time limit is (its tests' time + 1 s) × 2 × this; mutmut's 15
        # let a mutant that loops forever hold a worker for minutes
        "timeout_multiplier": 4.0,
        "pytest_add_cli_args_test_selection": tests_for(module),
    }
    lines = ["", "[tool.mutmut]"] + [f"{k} = {json.dumps(v)}" for k, v in config.items()]
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8") + "\n".join(lines) + "\n"
    target = folder / "pyproject.toml"
    # rewritten only when it changes: mutmut reruns its stats pass on a new config
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return folder


def environment(folder: Path) -> dict[str, str]:
    """The environment of mutmut and its test runs.

    ``PNP_PURE_PYTHON=1``: the mutated ``.py`` runs, never a compiled extension.
    ``PYTHONPATH``: the tests that start ``python -m pnp`` in a subprocess import the
    mutated copy too (mutmut passes the mutant's name to it through the environment).
    """
    env = dict(os.environ)
    env["PNP_PURE_PYTHON"] = "1"
    env["PYTHONPATH"] = str(folder / "mutants")
    return env


def check_pure(folder: Path, module: str, env: dict[str, str]) -> None:
    """Fail unless a fresh interpreter with ``env`` imports ``module`` from ``mutants/``
    as pure Python."""
    name = module.removesuffix(".py").replace("/", ".")
    probe = (
        f"import importlib, pnp.compiled; m = importlib.import_module({name!r});"
        "print(pnp.compiled.state, m.__file__)"
    )
    env = {**env, "MUTANT_UNDER_TEST": ""}
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=folder / "mutants",
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    state, file = out[0], Path(out[1])
    if state not in ("forced", "pure") or file != folder / "mutants" / module:
        sys.exit(f"mutate: {module} does not run from its mutated source ({state}, {file})")


def run(module: str, max_children: int) -> None:
    """Run mutmut on one module in its staging folder."""
    folder = stage(module)
    env = environment(folder)
    # before Python starts: a PYTHONPATH entry missing at start-up is skipped for good
    (folder / "mutants").mkdir(exist_ok=True)
    print(f"mutate: {module} (tests: {' '.join(tests_for(module))})", flush=True)
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(max_children)]
    # to a file, not a pipe: a mutant stopped at its CPU limit can leave a test's pool
    # workers behind, and they would hold a pipe open, and this script waiting, for good
    log = folder / "mutmut.log"
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(command, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        text = log.read_text(encoding="utf-8", errors="replace")
        tail = text.replace("\r", "\n").splitlines()[-15:]
        print(f"mutate: mutmut failed on {module}:\n" + "\n".join(tail))
        return
    check_pure(folder, module, env)


def forget(module: str) -> None:
    """Delete ``module``'s ``mutants/``: mutmut reuses a mutant's last result as long as
    its source is unchanged, so after tests are added only a fresh run counts them."""
    folder = stage_folder(module) / "mutants"
    if folder.exists():
        shutil.rmtree(folder)


def load_allow_list() -> dict[str, str]:
    """Equivalent mutants: ``name  reason`` a line, ``#`` starts a comment line."""
    allowed: dict[str, str] = {}
    if not ALLOW_LIST.exists():
        return allowed
    for number, line in enumerate(ALLOW_LIST.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition(" ")
        if not reason.strip():
            sys.exit(f"mutate: {ALLOW_LIST}:{number}: {name} has no reason")
        allowed[name] = reason.strip()
    return allowed


def results(module: str) -> dict[str, str]:
    """``{mutant: status}`` of ``module`` from mutmut's record of its last run."""
    meta = stage_folder(module) / "mutants" / (module + ".meta")
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    statuses = {}
    for name, code in codes.items():
        statuses[name] = "timeout" if code in TIMEOUTS else STATUS.get(code, "other")
    return statuses


def package_of(module: str) -> str:
    """The package a module is counted under: ``pnp/rulesets/fief/rules/battle.py``
    → ``rulesets/fief/rules``."""
    return "/".join(module.split("/")[1:-1])


def report(chosen: list[str]) -> None:
    """Print the counts per module and per package, and the survivors."""
    allowed = load_allow_list()
    by_module: dict[str, dict[str, int]] = {}
    survivors: list[str] = []
    stale: list[str] = []
    timed_out: list[str] = []
    for module in chosen:
        counts = dict.fromkeys(COLUMNS, 0)
        statuses = results(module)
        if not statuses:
            continue
        stale += allow_listed_as(module, statuses, allowed, "killed")
        timed_out += allow_listed_as(module, statuses, allowed, "timeout")
        for name, status in sorted(statuses.items()):
            if status in ("survived", "no tests") and name in allowed:
                status = "equivalent"
            elif status in ("survived", "no tests"):
                survivors.append(f"{name} ({status})")
            counts[status] += 1
            counts["total"] += 1
        by_module[module] = counts
    if not by_module:
        print("mutate: no results yet (run without --report first)")
        return
    by_package: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(COLUMNS, 0))
    everything = dict.fromkeys(COLUMNS, 0)
    for module, counts in by_module.items():
        for column in COLUMNS:
            by_package[package_of(module)][column] += counts[column]
            everything[column] += counts[column]
    header = f"{'':<40}" + "".join(f"{c:>11}" for c in COLUMNS) + f"{'kill rate':>11}"
    print(header)
    for module, counts in by_module.items():
        print(_row(module, counts))
    print()
    for package in sorted(by_package):
        print(_row(package + "/", by_package[package]))
    print(_row("all", everything))
    if survivors:
        print(f"\n{len(survivors)} survivors (cd .mutate/<module> && mutmut show NAME):")
        for name in survivors:
            print("  " + name)
    if stale:
        # a mutant's name is its function and its number there: an edit above it in
        # the function renumbers it, and the line then names another mutant
        print(f"\n{len(stale)} allow-list lines name no surviving mutant (renumbered?):")
        for name in stale:
            print("  " + name)
    if timed_out:
        print(
            f"\n{len(timed_out)} allow-listed mutants timed out (counted killed): "
            "a loaded machine, or a renumbered line naming a looping mutant:"
        )
        for name in timed_out:
            print("  " + name)


def allow_listed_as(
    module: str, statuses: dict[str, str], allowed: dict[str, str], status: str
) -> list[str]:
    """Allow-listed names of ``module`` to which its last run (``statuses``) gave ``status``.

    ``"killed"`` (a name the run did not make counts so too) marks a stale line: after
    an edit renumbers a function's mutants, it names another one. ``"timeout"`` marks
    one that hit its CPU limit: an equivalent mutant may on a loaded machine, so those
    are listed apart, to be read, not dropped.
    """
    prefix = module.removesuffix(".py").replace("/", ".") + "."
    return [
        name
        for name in sorted(allowed)
        if name.startswith(prefix) and statuses.get(name, "killed") == status
    ]


def _row(label: str, counts: dict[str, int]) -> str:
    judged = counts["total"] - counts["equivalent"]
    rate = (counts["killed"] + counts["timeout"]) / judged if judged else 1.0
    return f"{label:<40}" + "".join(f"{counts[c]:>11}" for c in COLUMNS) + f"{rate:>11.1%}"


def main() -> None:
    """Parse the options, run mutmut module by module, print the counts."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--module",
        action="append",
        metavar="PATH",
        help="mutate only this module (e.g. pnp/engine/rng.py); may be repeated",
    )
    parser.add_argument("--max-children", type=int, default=2, help="workers (default 2)")
    parser.add_argument("--report", action="store_true", help="only print the last counts")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="forget the modules' last results first (mutmut keeps them, even after the "
        "tests change)",
    )
    args = parser.parse_args()
    chosen = modules(args.module)
    if not args.report:
        for module in chosen:
            if args.fresh:
                forget(module)
            run(module, args.max_children)
    print()
    report(chosen)


if __name__ == "__main__":
    main()
