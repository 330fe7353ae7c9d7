"""Checklist coverage: is every rule ID of a ruleset named by some test?

``CHECKLIST.md`` (in the shared rules folder next to the repository) lists
every testable rule as ``- [ ] TH-CHAL-07 — …``. A rule is covered when a
scenario lists its ID in ``covers:`` (and, when asked, when a Python test
file names it in a test name or docstring).

The repository keeps a snapshot of the checklist's IDs (IDs only, no rule
text) in ``tests/scenarios/checklist-ids.txt``, so a clone without the
shared folder still checks its coverage; where the shared checklist is
present the two must agree. ``python -m pnp.engine.scenarios.coverage``
rewrites the snapshot from the shared checklist.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.engine.scenarios.model import load_scenario, scenario_files

#: a checklist line: ``- [ ] TH-CHAL-07 — rule text``
_LINE = re.compile(r"^\s*[-*] \[[ xX]\] ([A-Z]{2,}(?:-[A-Z0-9]+)*-\d{2,})\b")
#: a run of words joined by hyphens, in text where ``_`` became ``-``
_RUN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

#: a line of the snapshot: a bare rule ID
_ID = re.compile(r"^([A-Z]{2,}(?:-[A-Z0-9]+)*-\d{2,})$")

#: environment variable naming the checklist file, overriding the search
CHECKLIST_ENV = "PNP_CHECKLIST"

_SNAPSHOT_HEADER = (
    "# The rule IDs of shared/rules/CHECKLIST.md, one per line, in its order (IDs only).\n"
    "# Rewrite with: python -m pnp.engine.scenarios.coverage\n"
)


def repo_root() -> Path:
    """The checkout holding the ``pnp`` package (its ``tests/`` live here)."""
    import pnp

    return Path(pnp.__file__).resolve().parent.parent


def find_checklist(start: Path | None = None) -> Path | None:
    """The shared ``rules/CHECKLIST.md``, or ``None`` when the shared folder is absent.

    ``$PNP_CHECKLIST`` wins; otherwise ``shared/rules/CHECKLIST.md`` is looked
    for next to the repository and next to each folder above it (a worktree
    may sit deeper than the main checkout).
    """
    env = os.environ.get(CHECKLIST_ENV)
    if env:
        path = Path(env)
        return path if path.is_file() else None
    root = (start or repo_root()).resolve()
    for folder in (root, *root.parents):
        candidate = folder / "shared" / "rules" / "CHECKLIST.md"
        if candidate.is_file():
            return candidate
    return None


def snapshot_path() -> Path:
    """The repository's snapshot of the checklist's IDs."""
    return repo_root() / "tests" / "scenarios" / "checklist-ids.txt"


def checklist_ids(path: Path, prefix: str = "") -> list[str]:
    """The rule IDs starting with ``prefix`` in the checklist (or snapshot) at ``path``."""
    ids: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _LINE.match(line) or _ID.match(line.strip())
        if m and m.group(1).startswith(prefix):
            ids[m.group(1)] = None
    return list(ids)


def write_snapshot(checklist: Path, snapshot: Path) -> int:
    """Write the IDs of ``checklist`` to ``snapshot``; returns how many."""
    ids = checklist_ids(checklist)
    snapshot.write_text(_SNAPSHOT_HEADER + "".join(f"{i}\n" for i in ids), encoding="utf-8")
    return len(ids)


class ChecklistOutOfStep(AssertionError):
    """The repository's snapshot of checklist IDs differs from the shared checklist."""


def checklist_for_tests() -> Path | None:
    """The checklist coverage tests read: the shared one if present, else the snapshot.

    Raises :class:`ChecklistOutOfStep` when both exist and their IDs differ.
    ``None`` only when neither exists.
    """
    shared = find_checklist()
    snapshot = snapshot_path()
    if shared is None:
        return snapshot if snapshot.is_file() else None
    if snapshot.is_file():
        theirs, ours = checklist_ids(shared), checklist_ids(snapshot)
        if theirs != ours:
            added = sorted(set(theirs) - set(ours))
            gone = sorted(set(ours) - set(theirs))
            raise ChecklistOutOfStep(
                f"{snapshot} is out of step with {shared} (new: {', '.join(added) or '-'}; "
                f"gone: {', '.join(gone) or '-'}; or reordered): "
                "run python -m pnp.engine.scenarios.coverage"
            )
    return shared


@dataclass
class Coverage:
    """Which checklist IDs of a prefix are covered, and by which files."""

    prefix: str
    ids: list[str]
    covered: dict[str, list[Path]] = field(default_factory=dict)
    #: IDs with the prefix named by a scenario but absent from the checklist (typos)
    unknown: dict[str, list[Path]] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        """Checklist IDs no scenario (or test) names, in checklist order."""
        return [i for i in self.ids if i not in self.covered]

    def summary(self) -> list[str]:
        """Readable lines: counts, then every missing and unknown ID."""
        lines = [
            f"{self.prefix}*: {len(self.ids) - len(self.missing)} of {len(self.ids)} rules covered"
        ]
        if self.missing:
            lines.append(f"not covered ({len(self.missing)}): {', '.join(self.missing)}")
        for rule, files in sorted(self.unknown.items()):
            names = ", ".join(sorted(p.name for p in files))
            lines.append(f"not in the checklist: {rule} (named in {names})")
        return lines


def coverage(
    prefix: str,
    checklist: Path,
    scenarios: Iterable[Path],
    tests: Iterable[Path] = (),
) -> Coverage:
    """Coverage of ``prefix`` IDs by the scenarios under ``scenarios`` (files or folders).

    ``tests`` adds folders (or files) of Python tests whose names or
    docstrings mention IDs (``TH-CHAL-07`` or ``th_chal_07``).
    """
    ids = checklist_ids(checklist, prefix)
    known = set(ids)
    result = Coverage(prefix, ids)
    for path in scenario_files([p for p in scenarios if p.exists()]):
        for rule in load_scenario(path).spec.covers:
            if not rule.startswith(prefix):
                continue
            target = result.covered if rule in known else result.unknown
            target.setdefault(rule, []).append(path)
    for root in tests:
        files = sorted(root.rglob("*.py")) if root.is_dir() else [root]
        for file in files:
            for rule in sorted(mentioned(file.read_text(encoding="utf-8"), known)):
                result.covered.setdefault(rule, []).append(file)
    return result


def mentioned(text: str, known: set[str]) -> set[str]:
    """The IDs of ``known`` that ``text`` names, as ``TH-CHAL-07`` or in a name like
    ``test_th_chal_07_tie``."""
    lowered = {rule.lower(): rule for rule in known}
    found: set[str] = set()
    for run in _RUN.findall(text.lower().replace("_", "-")):
        parts = run.split("-")
        for end, part in enumerate(parts, start=1):
            if not part.isdigit():
                continue
            for start in range(end - 1):
                rule = lowered.get("-".join(parts[start:end]))
                if rule:
                    found.add(rule)
    return found


def main() -> int:
    """Rewrite the snapshot of checklist IDs from the shared checklist."""
    shared = find_checklist()
    if shared is None:
        print(
            "no shared rules/CHECKLIST.md found next to the repository (or $PNP_CHECKLIST)",
            file=sys.stderr,
        )
        return 2
    count = write_snapshot(shared, snapshot_path())
    print(f"wrote {count} IDs from {shared} to {snapshot_path()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
