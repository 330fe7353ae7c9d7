"""``pnp export`` of the three kits: wall time, CPU time and peak memory per format.

Runs ``pnp export thrones ironthrone fief --format F --dpi 300`` for each
format (png, tts, and pod with each printer) in a child process writing to a
temporary folder, and prints its wall-clock seconds, the CPU seconds of the
command and its worker processes, the files and megabytes written, and the
peak resident memory of the command and of its largest worker. The machine
is shared: the load average before each run is printed beside it.

    python bench/export.py [--workers N] [--dpi 300] [--formats png,tts,pod]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the command runs in its own process so its peak memory (and its workers') is its own
CHILD = """
import resource, sys, time
from pnp.cli import main
sys.argv = ["pnp", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code or 0
self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kids_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"@@ {self_kb} {kids_kb}", file=sys.stderr)
sys.exit(code)
"""


def run(args: list[str]) -> tuple[float, float, int, int, int]:
    """Wall seconds, CPU seconds, exit status, peak KB of the command and of a worker."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, *args], cwd=ROOT, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peaks = [line.split()[1:] for line in proc.stderr.splitlines() if line.startswith("@@ ")]
    self_kb, kids_kb = (int(v) for v in peaks[-1]) if peaks else (0, 0)
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
    return wall, cpu, proc.returncode, self_kb, kids_kb


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--formats", default="png,tts,pod")
    opts = parser.parse_args()
    runs: list[tuple[str, list[str]]] = []
    for fmt in opts.formats.split(","):
        if fmt == "pod":
            for printer in ("thegamecrafter", "drivethrucards", "makeplayingcards"):
                runs.append((f"pod {printer}", ["--format", "pod", "--preset", printer]))
        else:
            runs.append((fmt, ["--format", fmt, "--dpi", str(opts.dpi)]))
    print(
        f"pnp export thrones ironthrone fief, {opts.dpi} dpi, --workers {opts.workers}, "
        f"{os.cpu_count()} cores"
    )
    total = 0.0
    for name, args in runs:
        with tempfile.TemporaryDirectory() as out:
            load = os.getloadavg()[0]
            wall, cpu, code, self_kb, kids_kb = run(
                [
                    *("export", "thrones", "ironthrone", "fief", *args, "--out", out),
                    *("--workers", str(opts.workers)),
                ]
            )
            files = [p for p in Path(out).rglob("*") if p.is_file()]
            size = sum(p.stat().st_size for p in files) / 1e6
        total += wall
        status = "" if code == 0 else f"  EXIT {code}"
        print(
            f"{name:<22} {wall:6.1f} s wall {cpu:6.1f} s CPU  {len(files):5d} files "
            f"{size:7.1f} MB  peak {self_kb / 1024:5.0f} MB (worker {kids_kb / 1024:4.0f} MB)"
            f"  load {load:.2f}{status}"
        )
    print(f"{'all':<22} {total:6.1f} s wall")


if __name__ == "__main__":
    main()
