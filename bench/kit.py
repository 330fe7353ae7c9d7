"""A ruleset's print kit: how long ``pnp build`` spends on each file, and its size.

Builds each named ruleset's whole kit in memory (nothing is written), the way
``pnp build`` renders it: the component list, every PDF, and the rules
reference in its three formats. For each part it prints the CPU seconds (the
best of ``--repeat`` runs: the machine is shared, so wall time would measure
the neighbours), pages and size; then the kit's pages and pieces per second,
the peak Python memory of one kit render, and the process's peak resident
memory.

    python bench/kit.py [RULESET ...] [--repeat R] [--paper A4|Letter|A3]

With no RULESET, every registered ruleset that has a kit.
"""

from __future__ import annotations

import argparse
import platform
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.render.build import FORMATS, reference_bytes
from pnp.render.kit import kit_components, plan_files, render_files
from pnp.render.options import RenderOptions
from pnp.render.report import RenderReport
from pnp.rulesets import RULESETS, find_ruleset
from pnp.rulesets.ruleset import Ruleset

T = TypeVar("T")


class Best:
    """The least CPU time seen per named part, in the order parts first appear."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def time(self, name: str, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)``, keep its CPU time under ``name`` if best, return its result."""
        start = time.process_time()
        value = fn(*args)
        spent = time.process_time() - start
        self.seconds[name] = min(spent, self.seconds.get(name, spent))
        return value


def bench_ruleset(ruleset: Ruleset, paper: str, repeat: int) -> None:
    """Render ``ruleset``'s kit ``repeat`` times and print its figures."""
    content = ruleset.load()
    options = RenderOptions(paper=paper)
    best = Best()
    pages: dict[str, int] = {}
    sizes: dict[str, int] = {}
    pieces = 0
    problems: list[str] = []
    for _ in range(repeat):
        problems = []
        components = best.time("component list", kit_components, ruleset, content)
        pieces = sum(c.copies for c in components)
        for plan in plan_files(components, options):
            report = RenderReport()
            for rendered in best.time(plan.name, render_files, ruleset, content, [plan], report):
                pages[rendered.name] = rendered.pages
                sizes[rendered.name] = len(rendered.data)
            problems += report.lines()
        for fmt in FORMATS:
            data = best.time(
                f"reference.{fmt}", reference_bytes, ruleset, content, fmt, options, RenderReport()
            )
            sizes[f"reference.{fmt}"] = len(data)

    tracemalloc.start()
    plans = plan_files(kit_components(ruleset, content), options)
    render_files(ruleset, content, plans, RenderReport())
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"{ruleset.name} kit, {paper}, best of {repeat}")
    for name, seconds in best.seconds.items():
        extra = f" {pages[name]:>4} pages" if name in pages else " " * 10
        size = f" {sizes[name] / 1024:>7.0f} KiB" if name in sizes else ""
        print(f"  {name:28} {seconds:6.2f} s CPU{extra}{size}")
    kit = best.seconds["component list"] + sum(best.seconds[name] for name in pages)
    total = sum(pages.values())
    reference = sum(best.seconds[f"reference.{fmt}"] for fmt in FORMATS)
    print(
        f"  kit: {len(pages)} PDFs, {total} pages, {pieces} pieces in {kit:.2f} s CPU = "
        f"{total / kit:.0f} pages/s, {pieces / kit:.0f} pieces/s"
    )
    print(f"  reference (pdf + md + html): {reference:.2f} s CPU")
    print(f"  peak Python memory of one kit render: {peak / 2**20:.1f} MiB")
    print(f"  text problems: {len(problems)}")


def main() -> None:
    """Parse the arguments and bench each ruleset in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="rulesets to bench (default: all with a kit)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="A4")
    args = parser.parse_args()
    chosen = [find_ruleset(name) for name in args.rulesets] or [
        r for r in RULESETS if r.components is not None
    ]
    print(f"Python {platform.python_version()}")
    for ruleset in chosen:
        bench_ruleset(ruleset, args.paper, args.repeat)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
