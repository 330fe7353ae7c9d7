"""``pnp validate``'s content loading: valid content, and content with broken entries.

For each named ruleset, the CPU milliseconds (the best of ``--repeat`` runs:
the machine is shared, so wall time would measure the neighbours) of loading
and checking its shipped content, and of a copy with one schema error in
every list section (a file ``zz-broken.yaml`` repeats the first entry of each
with an unknown field): that second figure is the cost of checking the rest
of the content when entries are left out. It prints how many problems the
broken copy reports (as many as sections broken: nothing else is wrong).

    python bench/validate.py [RULESET ...] [--repeat R]

With no RULESET, every registered ruleset.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.content import ContentError, load_content
from pnp.content.loader import content_files
from pnp.rulesets import RULESETS, find_ruleset
from pnp.rulesets.ruleset import Ruleset


def best_load(ruleset: Ruleset, folder: Path, repeat: int) -> tuple[float, int]:
    """The least CPU seconds of ``repeat`` loads of ``folder``, and its problem count."""
    best, problems = float("inf"), 0
    for _ in range(repeat):
        start = time.process_time()
        try:
            load_content(ruleset.content_model, folder)
        except ContentError as exc:
            problems = len(exc.problems)
        best = min(best, time.process_time() - start)
    return best, problems


def broken_copy(ruleset: Ruleset, target: Path) -> int:
    """Copy ``ruleset``'s content to ``target`` with one broken entry per list section;
    return how many sections got one."""
    shutil.copytree(ruleset.content_dir(), target)
    broken: dict[str, list[object]] = {}
    for path in content_files(target):
        for key, value in (yaml.safe_load(path.read_text()) or {}).items():
            if key not in broken and isinstance(value, list) and value:
                first = value[0]
                if isinstance(first, dict):
                    broken[key] = [{**first, "zzz_broken": 1}]
    (target / "zz-broken.yaml").write_text(yaml.safe_dump(broken, sort_keys=False))
    return len(broken)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="rulesets (default: all registered)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure (best kept)")
    args = parser.parse_args()
    chosen = [find_ruleset(name) for name in args.rulesets] or list(RULESETS)
    print(f"python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset in chosen:
            shipped, _ = best_load(ruleset, ruleset.content_dir(), args.repeat)
            sections = broken_copy(ruleset, Path(tmp) / ruleset.name)
            broken, problems = best_load(ruleset, Path(tmp) / ruleset.name, args.repeat)
            print(
                f"{ruleset.name:11} shipped {shipped * 1000:6.1f} ms CPU; "
                f"{sections} sections broken {broken * 1000:6.1f} ms CPU, {problems} problems"
            )


if __name__ == "__main__":
    main()
