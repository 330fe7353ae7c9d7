"""Print-engine throughput: a synthetic 1,000-card deck, against bare reportlab.

Renders the deck with the engine (n-up imposition, bleed, crop marks, duplex
backs, markup text with inline icons and shrink-to-fit), then draws similar
cards with a plain reportlab loop (same frames, names, wrapped text and icons,
fixed text size, no imposition extras) in the same run, and prints cards per
second for both, their ratio (target >= 0.5) and peak memory.

Times are process CPU seconds (the machine is shared: wall time would
measure the neighbours), the best of several interleaved runs. Both sides
write the same kind of PDF streams (compressed, binary).

    python bench/render.py [--cards N] [--repeat R]
"""

from __future__ import annotations

import argparse
import gc
import io
import platform
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.graphics.shapes import Circle, Drawing, Polygon
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from pnp.render import Card, Face, IconSet, escape, mm
from pnp.render.face import DrawContext
from pnp.render.fonts import family
from pnp.render.options import RenderOptions
from pnp.render.pages import write_pdf
from pnp.render.pdf import binary_streams
from pnp.render.sheets import plan_cards

ICONS = IconSet()


@ICONS.icon("gold")
def gold(d: Drawing) -> None:
    """A coin."""
    d.add(Circle(50, 50, 45, fillColor="#d4a017", strokeColor="#7a5c00", strokeWidth=6))


@ICONS.icon("power")
def power(d: Drawing) -> None:
    """A crown-ish shape."""
    d.add(Polygon([5, 10, 95, 10, 95, 70, 75, 45, 50, 90, 25, 45, 5, 70], fillColor="#6a0dad"))


WORDS = [
    "challenge",
    "knight",
    "raven",
    "winter",
    "banner",
    "keep",
    "river",
    "gold",
    "power",
    "ward",
    "oath",
    "march",
    "siege",
    "feast",
    "crown",
    "hostage",
    "marriage",
    "storm",
    "spear",
]


def ability(i: int) -> str:
    """Deterministic pseudo-random rules text of varying length."""
    n = 12 + (i * 7) % 30
    words = [WORDS[(i * 13 + k * 5) % len(WORDS)] for k in range(n)]
    words[2] = "[gold]"
    words[n // 2] = "[power]"
    return "<b>Action:</b> " + " ".join(words) + "."


def name(i: int) -> str:
    """A card name (with a character that needs escaping now and then)."""
    return f"Ser Card {i}" + (" & Son" if i % 10 == 0 else "")


def engine_face(i: int, face: Face) -> None:
    """One card face drawn with the engine's helpers."""
    face.fill("#e9e1cf")
    box = face.safe_box()
    face.rect(box.x, box.y, box.w, box.h, fill="#fffaf0", stroke="#333", radius=2 * mm)
    face.label(name(i), box.x + 2 * mm, box.top - 11, size=10, bold=True, max_width=box.w - 14 * mm)
    face.label(str(i % 10), box.right - 2 * mm, box.top - 11, size=12, bold=True, align="right")
    face.text(
        ability(i), box.x + 2 * mm, box.y + 12 * mm, box.w - 4 * mm, 38 * mm, size=8.5, min_size=5
    )
    face.text(
        f"<i>{escape(name(i))} rides at dawn.</i>",
        box.x + 2 * mm,
        box.y + 2 * mm,
        box.w - 4 * mm,
        9 * mm,
        size=7,
        min_size=5,
    )


def engine_back(face: Face) -> None:
    """The shared back."""
    face.fill("#2b3a55")
    face.icon("power", face.width / 2 - 10 * mm, face.height / 2 - 10 * mm, 20 * mm)


def run_engine(n: int) -> bytes:
    """Render the deck with the engine."""
    deck = [Card(id=f"card-{i}", face=partial(engine_face, i), back=engine_back) for i in range(n)]
    pages = plan_cards(deck, RenderOptions())
    return write_pdf(pages, DrawContext(icons=ICONS), "bench")


def run_bare(n: int) -> bytes:
    """Similar cards with a plain reportlab loop: 9 per A4 page, each followed by backs."""
    fam = family()
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=fam.regular)
    with binary_streams():
        _bare_pages(c, n)
    return buffer.getvalue()


def _bare_pages(c: Canvas, n: int) -> None:
    fam = family()
    w, h = 63 * mm, 88 * mm
    x0, y0 = (210 * mm - 3 * w) / 2, (297 * mm - 3 * h) / 2
    slots = [(x0 + col * w, y0 + (2 - row) * h) for row in range(3) for col in range(3)]

    def coin(x: float, y: float, s: float) -> None:
        c.setFillColorRGB(0.83, 0.63, 0.09)
        c.circle(x + s / 2, y + s / 2, s * 0.45, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)

    def wrapped(text: str, x: float, top: float, width: float, font: str, size: float) -> None:
        lines = simpleSplit(text, font, size, width)
        for k, line in enumerate(lines):
            c.setFont(font, size)
            c.drawString(x, top - (k + 1) * size * 1.2, line)
        coin(x + width - size, top - size * 1.2, size)

    for start in range(0, n, 9):
        chunk = range(start, min(start + 9, n))
        for i, (x, y) in zip(chunk, slots, strict=False):
            c.setFillColorRGB(0.91, 0.88, 0.81)
            c.rect(x - 3 * mm, y - 3 * mm, w + 6 * mm, h + 6 * mm, stroke=0, fill=1)
            c.setFillColorRGB(1, 0.98, 0.94)
            c.roundRect(x + 3 * mm, y + 3 * mm, w - 6 * mm, h - 6 * mm, 2 * mm, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(fam.bold, 10)
            c.drawString(x + 5 * mm, y + h - 3 * mm - 11, name(i))
            c.setFont(fam.bold, 12)
            c.drawRightString(x + w - 5 * mm, y + h - 3 * mm - 11, str(i % 10))
            plain = (
                ability(i)
                .replace("<b>", "")
                .replace("</b>", "")
                .replace("[gold]", "  ")
                .replace("[power]", "  ")
            )
            wrapped(plain, x + 5 * mm, y + 53 * mm, w - 10 * mm, fam.regular, 8.5)
            wrapped(
                f"{name(i)} rides at dawn.", x + 5 * mm, y + 14 * mm, w - 10 * mm, fam.italic, 7
            )
        c.showPage()
        for _i, (x, y) in zip(chunk, slots, strict=False):
            bx = 210 * mm - x - w
            c.setFillColorRGB(0.17, 0.23, 0.33)
            c.rect(bx - 3 * mm, y - 3 * mm, w + 6 * mm, h + 6 * mm, stroke=0, fill=1)
            coin(bx + w / 2 - 10 * mm, y + h / 2 - 10 * mm, 20 * mm)
        c.showPage()
    c.save()


def timings(fns: list[Callable[[int], bytes]], n: int, repeat: int) -> list[tuple[float, int]]:
    """For each function, the fastest of ``repeat`` interleaved runs (CPU s) and its output size."""
    best = [float("inf")] * len(fns)
    sizes = [0] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            gc.collect()
            start = time.process_time()
            sizes[k] = len(fn(n))
            best[k] = min(best[k], time.process_time() - start)
    return list(zip(best, sizes, strict=True))


def peak(fn: Callable[[int], bytes], n: int) -> int:
    """Peak Python heap use of one run, bytes (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    fn(n)
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    n = args.cards
    run_engine(27)  # warm caches (fonts, icons) outside the timings
    run_bare(27)
    (engine_s, engine_bytes), (bare_s, bare_bytes) = timings([run_engine, run_bare], n, args.repeat)
    engine_peak = peak(run_engine, n)
    bare_peak = peak(run_bare, n)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    engine_rate, bare_rate = n / engine_s, n / bare_s
    print(
        f"python {platform.python_version()}, {platform.machine()}, CPU time, best of {args.repeat}"
    )
    print(
        f"engine:         {n} cards in {engine_s:.2f} s = {engine_rate:,.0f} cards/s "
        f"({engine_bytes / 1e6:.1f} MB PDF, peak heap {engine_peak / 1e6:.1f} MB)"
    )
    print(
        f"bare reportlab: {n} cards in {bare_s:.2f} s = {bare_rate:,.0f} cards/s "
        f"({bare_bytes / 1e6:.1f} MB PDF, peak heap {bare_peak / 1e6:.1f} MB)"
    )
    print(f"ratio engine/bare: {engine_rate / bare_rate:.2f} (target >= 0.5)")
    print(f"process peak RSS: {rss:.0f} MB")


if __name__ == "__main__":
    main()
