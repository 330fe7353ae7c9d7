"""The thrones print kit: how long the whole kit takes to render, and how big it is.

Renders every file of ``pnp build thrones`` in memory (cards, plots, House
cards, titles, tokens, banners, the board and the reference in PDF, Markdown
and HTML) and prints CPU seconds (best of ``--repeat`` runs: the machine is
shared, wall time would measure the neighbours), pages, pieces, file sizes and
peak Python memory.

    python bench/thrones_kit.py [--repeat R] [--paper A4|Letter|A3]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.render.build import FORMATS, reference_bytes
from pnp.render.kit import render_kit
from pnp.render.options import RenderOptions
from pnp.render.report import RenderReport
from pnp.rulesets.thrones import RULESET


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--paper", default="A4")
    args = parser.parse_args()
    content = RULESET.load()
    options = RenderOptions(paper=args.paper)
    best_kit = best_ref = float("inf")
    result = None
    refs: dict[str, bytes] = {}
    for _ in range(args.repeat):
        t = time.process_time()
        result = render_kit(RULESET, content, options)
        best_kit = min(best_kit, time.process_time() - t)
        t = time.process_time()
        refs = {f: reference_bytes(RULESET, content, f, options, RenderReport()) for f in FORMATS}
        best_ref = min(best_ref, time.process_time() - t)
    assert result is not None
    tracemalloc.start()
    render_kit(RULESET, content, options)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    pages = sum(f.pages for f in result.files)
    pieces = sum(e["copies"] for e in result.manifest["components"])
    distinct = len(result.manifest["components"])
    print(
        f"thrones kit, {args.paper}: {len(result.files)} PDFs, {pages} pages, "
        f"{pieces} pieces ({distinct} distinct)"
    )
    for f in result.files:
        print(f"  {f.name:<20} {f.pages:>3} pages {len(f.data) / 1024:>8.0f} KiB")
    for fmt, data in refs.items():
        print(f"  reference.{fmt:<10} {len(data) / 1024:>8.0f} KiB")
    print(
        f"kit render: {best_kit:.2f} s CPU (best of {args.repeat}), "
        f"{pages / best_kit:.0f} pages/s, {pieces / best_kit:.0f} pieces/s"
    )
    print(f"reference (pdf+md+html): {best_ref:.2f} s CPU")
    print(f"peak Python memory during a kit render: {peak / 2**20:.1f} MiB")
    print(f"text problems: {len(result.report.problems)}")


if __name__ == "__main__":
    main()
