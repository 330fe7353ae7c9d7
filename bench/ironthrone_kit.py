"""The Iron Throne print kit: how long a full build takes and how big it is.

Builds the shipped kit (every PDF, in memory, the way ``pnp build`` renders
it, without the reference) and prints, per file, its pages and bytes, then
the CPU seconds of the whole kit (best of several runs: the machine is
shared, so wall time would measure the neighbours), pieces per second and
peak memory. Also times the reference in its three formats.

    python bench/ironthrone_kit.py [--repeat R] [--paper A4|Letter]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.render.build import reference_bytes
from pnp.render.kit import kit_components, plan_files, render_files
from pnp.render.options import RenderOptions
from pnp.render.report import RenderReport
from pnp.rulesets.ironthrone import RULESET


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="A4")
    args = parser.parse_args()

    content = RULESET.load()
    options = RenderOptions(paper=args.paper)
    best = float("inf")
    files = []
    pieces = 0
    for _ in range(args.repeat):
        start = time.process_time()
        components = kit_components(RULESET, content)
        plans = plan_files(components, options)
        report = RenderReport()
        files = render_files(RULESET, content, plans, report)
        best = min(best, time.process_time() - start)
        pieces = sum(c.copies for c in components)
        assert not report.lines(), report.lines()

    tracemalloc.start()
    render_files(
        RULESET, content, plan_files(kit_components(RULESET, content), options), RenderReport()
    )
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    ref_best = float("inf")
    for _ in range(args.repeat):
        start = time.process_time()
        for fmt in ("pdf", "md", "html"):
            reference_bytes(RULESET, content, fmt, options, RenderReport())
        ref_best = min(ref_best, time.process_time() - start)

    print(f"ironthrone kit on {args.paper}, Python {platform.python_version()}")
    for f in files:
        print(f"  {f.name:<22} {f.pages:>3} pages {len(f.data) / 1024:>8.0f} KiB")
    pages = sum(f.pages for f in files)
    print(
        f"kit: {pieces} pieces on {pages} pages in {best:.2f} s CPU ({pieces / best:.0f} pieces/s)"
    )
    print(f"kit: peak Python memory {peak / 2**20:.1f} MiB")
    print(f"reference (pdf + md + html): {ref_best:.2f} s CPU")


if __name__ == "__main__":
    main()
