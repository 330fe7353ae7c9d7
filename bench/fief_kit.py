"""The fief print kit: how long ``pnp build fief`` spends on each file, and its memory.

Builds the whole kit in memory (no files written): the component list
(including the main board's layout from the map data), every PDF, and the
reference in its three formats. Prints CPU seconds per part (the best of
``--repeat`` runs; the machine is shared, so wall time would measure the
neighbours), pages per second, and the peak resident memory.

    python bench/fief_kit.py [--repeat R] [--paper A4|Letter]
"""

from __future__ import annotations

import argparse
import platform
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.render.build import reference_bytes
from pnp.render.kit import kit_components, plan_files, render_files
from pnp.render.options import RenderOptions
from pnp.render.report import RenderReport
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.board import layout_board


def cpu() -> float:
    """Process CPU seconds."""
    return time.process_time()


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="A4")
    args = parser.parse_args()
    content = RULESET.load(None)
    options = RenderOptions(paper=args.paper)
    best: dict[str, float] = {}
    pages: dict[str, int] = {}
    sizes: dict[str, int] = {}

    def keep(name: str, seconds: float) -> None:
        best[name] = min(seconds, best.get(name, seconds))

    first = 0.0
    for run in range(args.repeat):
        start = cpu()
        t = cpu()
        layout_board(content.model)
        keep("board layout (map shapes, placement)", cpu() - t)
        t = cpu()
        components = kit_components(RULESET, content)
        keep("component list (includes the layout)", cpu() - t)
        files = plan_files(components, options)
        for plan in files:
            t = cpu()
            rendered = render_files(RULESET, content, [plan], RenderReport())
            keep(plan.name, cpu() - t)
            for r in rendered:
                pages[r.name] = r.pages
                sizes[r.name] = len(r.data)
        for fmt in ("pdf", "md", "html"):
            t = cpu()
            data = reference_bytes(RULESET, content, fmt, options, RenderReport())
            keep(f"reference.{fmt}", cpu() - t)
            sizes[f"reference.{fmt}"] = len(data)
        if run == 0:
            first = cpu() - start
    total_pages = sum(pages.values())
    kit = sum(best[name] for name in pages)
    print(f"fief kit, {args.paper}, best of {args.repeat} ({platform.python_version()})")
    for name, seconds in best.items():
        extra = f", {pages[name]} pages" if name in pages else ""
        size = f", {sizes[name] / 1024:.0f} KiB" if name in sizes else ""
        print(f"  {name:42} {seconds:6.2f} s CPU{extra}{size}")
    print(f"  kit PDFs: {total_pages} pages in {kit:.2f} s CPU = {total_pages / kit:.1f} pages/s")
    print(f"  first (cold) run, everything: {first:.2f} s CPU")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak resident memory: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
