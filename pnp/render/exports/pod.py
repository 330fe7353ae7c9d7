"""``pnp export --format pod --preset PRINTER``: card files for a print-on-demand printer.

Each deck (a kit file's cards with one back, as in the Tabletop Simulator
export) goes on the printer's template that fits it best
(:func:`pnp.render.exports.printers.fit_card`): the card's drawing is scaled
uniformly to fit inside the printer's trim, turned upright if it is
landscape, and its background drawn out over the rest and the printer's
bleed (the face is drawn with that much bleed, so the fill is the card's
own). The run summary says how much each deck was scaled. Text outside the
printer's safe zone is reported like overflowing text (``--strict`` fails
on it). ``--guides`` draws the trim (red) and safe zone (blue) on every image,
a proof to check, not a file to upload.

Files (``<out>/<ruleset>/pod/<printer>/``):

folders (The Game Crafter, MakePlayingCards)
    ``<deck>/NNN-<id>.png`` one per distinct face, ``<deck>/back.png``, and
    ``<deck>/quantities.csv`` (file, name, quantity) to set the counts.
pdf (DriveThruCards)
    ``<deck>.pdf``: for every printed card in deck order, its back then its
    front, each page the template with bleed holding one 300 dpi CMYK image.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence

from reportlab.lib.utils import ImageReader

from pnp.render.components import Card, Component
from pnp.render.exports.base import Export
from pnp.render.exports.decks import deck_groups
from pnp.render.exports.jobs import Cell, Encoding, Guide, Job
from pnp.render.exports.printers import POD_DPI, Fit, Printer, find_printer, fit_card
from pnp.render.geometry import Box, Transform
from pnp.render.pdf import binary_streams, new_canvas
from pnp.render.raster import open_pdf
from pnp.render.sides import Side, SidePage, distinct_sides
from pnp.render.units import inch, mm, to_mm

TRIM_GUIDE = (220, 0, 0)
SAFE_GUIDE = (0, 90, 220)


def _page(side: Side, fit: Fit) -> SidePage:
    """The side on the printer's template with bleed, in the side's own orientation."""
    fw, fh = (v * inch for v in fit.template.full_in)
    if fit.turned:
        fw, fh = fh, fw
    s = fit.scale
    dx, dy = (fw - s * side.w) / 2, (fh - s * side.h) / 2
    # bleed, in the side's units, that covers the whole page around the scaled trim
    bleed = max(dx, dy) / s + 0.5
    return SidePage(side, (fw, fh), Transform(s, 0, 0, s, dx, dy), bleed)


def _guides(fit: Fit) -> tuple[Guide, ...]:
    t = fit.template
    pw, ph = t.pixels
    b = round(t.bleed_in * POD_DPI)
    s = round((t.bleed_in + t.safe_in) * POD_DPI)
    return (
        Guide((b, b, pw - 1 - b, ph - 1 - b), TRIM_GUIDE),
        Guide((s, s, pw - 1 - s, ph - 1 - s), SAFE_GUIDE),
    )


def _safe_box(fit: Fit, page: SidePage) -> Box:
    t = fit.template
    fw, fh = page.size
    inset = (t.bleed_in + t.safe_in) * inch
    return Box(inset, inset, fw - 2 * inset, fh - 2 * inset)


def _check_safe(
    export: Export, printer: Printer, pages: Sequence[tuple[SidePage, Fit]], pdf: bytes
) -> None:
    """Report text drawn outside the printer's safe zone, one finding per side."""
    with open_pdf(pdf) as doc:
        for index, (page, fit) in enumerate(pages):
            safe = _safe_box(fit, page)
            worst = 0.0
            words: list[str] = []
            for char, (left, bottom, right, top) in doc.char_boxes(index):
                over = max(
                    safe.x - left,
                    left - safe.right,
                    safe.x - right,
                    right - safe.right,
                    safe.y - bottom,
                    bottom - safe.top,
                    safe.y - top,
                    top - safe.top,
                    0.0,
                )
                if over > 0.01 * mm:
                    worst = max(worst, over)
                    words.append(char)
            if words:
                side = page.side
                text = "".join(words)[:30]
                export.report.add(
                    f"{export.ruleset.name}/{export.settings.folder}: "
                    f"{side.kind} {side.first.id!r} ({side.side})",
                    f"text {text!r} crosses {printer.title}'s safe zone "
                    f"({fit.template.safe_in:g} in inside the trim) by {to_mm(worst):.1f} mm",
                )


def _check_shrunk(
    export: Export,
    printer: Printer,
    decks: Sequence[tuple[str, list[Card], list[Side], Side | None, Fit]],
    page_of: dict[str, int],
    pdf: bytes,
) -> None:
    """Report every deck no template of the printer holds at its size, with what its
    smallest text, as the deck's own pages set it, comes down to."""
    with open_pdf(pdf) as doc:
        for deck, _, fronts, back, fit in decks:
            if not fit.shrinks_text():
                continue
            first = fronts[0]
            sizes = [
                size
                for side in [*fronts, *([back] if back else [])]
                for size in doc.font_sizes(page_of[side.name])
            ]
            text = ""
            if sizes:
                least = min(sizes)
                text = f", and its smallest text, {least:g} pt, at {least * fit.scale:.1f} pt"
            export.report.add(
                f"{export.ruleset.name}/{export.settings.folder}: deck {deck!r}",
                f"no {printer.title} template holds its {to_mm(first.w):g} × "
                f"{to_mm(first.h):g} mm cards: on the {fit.template.name} template they print "
                f"at {fit.scale * 100:.1f}%{text} "
                "(another printer may hold them at their size)",
            )


def export_pod(export: Export) -> None:
    """Queue every deck's files for the printer, and the index."""
    printer = find_printer(export.settings.preset)
    comps = export.components
    sides = distinct_sides(comps, include=lambda c: isinstance(c, Card))

    def side_of(comp: Component, which: str) -> Side | None:
        for s in sides:
            if s.side == which and comp in s.components:
                return s
        return None

    decks = []
    pages: list[tuple[SidePage, Fit]] = []
    page_of: dict[str, int] = {}
    fits: dict[str, list[str]] = {}
    for deck, cards in deck_groups(comps, sides):
        first = side_of(cards[0], "face")
        assert first is not None
        fit = fit_card(printer, to_mm(first.w), to_mm(first.h))
        fronts: list[Side] = []
        for card in cards:
            s = side_of(card, "face")
            if s is not None and s not in fronts:
                fronts.append(s)
        back = side_of(cards[0], "back")
        for s in [*fronts, *([back] if back else [])]:
            if s.name not in page_of:
                page_of[s.name] = len(pages)
                pages.append((_page(s, fit), fit))
        decks.append((deck, cards, fronts, back, fit))
        fits.setdefault(fit.describe(to_mm(first.w), to_mm(first.h)), []).append(deck)
    for words, names in fits.items():
        which = names[0] if len(names) == 1 else f"{len(names)} decks ({', '.join(names)})"
        export.outcome.notes.append(f"{which}: {words}")

    images: dict[str, Job] = {}
    for name, index in page_of.items():
        _, fit = pages[index]
        size = fit.template.pixels
        guides = _guides(fit) if export.settings.guides else ()
        encoding: Encoding = "jpeg-cmyk" if printer.layout == "pdf" else "png"
        images[name] = Job(size, (Cell(index, 0, 0, *size, fit.turned),), POD_DPI, encoding, guides)
    export.bar.start(f"{export.ruleset.name} {printer.name}", len(images))
    pdf = export.pdf([p for p, _ in pages])
    _check_shrunk(export, printer, decks, page_of, pdf)
    _check_safe(export, printer, pages, pdf)
    rendered = dict(zip(images, export.rasterise(pdf, list(images.values())), strict=True))
    export.bar.finish()

    blank_needed = False
    deck_index = []
    for deck, cards, fronts, back, fit in decks:
        if printer.layout == "pdf":
            export.add(f"{deck}.pdf", _deck_pdf(export, deck, cards, side_of, back, fit, rendered))
            files = [f"{deck}.pdf"]
            blank_needed = blank_needed or back is None
        else:
            files = []
            table = io.StringIO()
            writer = csv.writer(table, lineterminator="\n")
            writer.writerow(["file", "name", "quantity"])
            numbers = {s.name: n for n, s in enumerate(fronts, start=1)}
            for s in fronts:
                file = f"{deck}/{numbers[s.name]:03d}-{s.first.id}.png"
                export.add(file, rendered[s.name])
                files.append(file)
                quantity = sum(c.copies for c in s.components if c in cards)
                writer.writerow([file.split("/", 1)[1], s.first.label, quantity])
            if back is not None:
                export.add(f"{deck}/back.png", rendered[back.name])
            else:
                blank_needed = True
                export.add(f"{deck}/back.png", _blank(fit))
            files.append(f"{deck}/back.png")
            export.add(f"{deck}/quantities.csv", table.getvalue().encode())
        deck_index.append(
            {
                "deck": deck,
                "template": fit.template.name,
                "size_px": list(fit.template.pixels),
                "scale": round(fit.scale, 4),
                "turned": fit.turned,
                "cards": sum(c.copies for c in cards),
                "faces": len(fronts),
                "files": files,
            }
        )
    if blank_needed:
        export.outcome.notes.append("cards without a back get a plain white back")
    if export.settings.guides:
        export.outcome.notes.append(
            "--guides: trim (red) and safe zone (blue) drawn on every image: "
            "a proof to check, export again without --guides to upload"
        )
    skipped = [c for c in comps if not isinstance(c, Card) and c.copies > 0]
    if skipped:
        export.outcome.notes.append(
            f"{len(skipped)} tokens and boards are not on {printer.title}'s card templates: "
            "print them from the kit's PDFs"
        )
    export.index(
        {
            "printer": printer.name,
            "printer_title": printer.title,
            "sources": list(printer.sources),
            "dpi": POD_DPI,
            "guides": export.settings.guides,
            "decks": deck_index,
        }
    )


def _blank(fit: Fit) -> bytes:
    from PIL import Image

    from pnp.render.raster import png_bytes

    return png_bytes(Image.new("RGB", fit.template.pixels, (255, 255, 255)), POD_DPI)


def _deck_pdf(
    export: Export,
    deck: str,
    cards: Sequence[Card],
    side_of: Callable[[Component, str], Side | None],
    back: Side | None,
    fit: Fit,
    rendered: Mapping[str, bytes],
) -> bytes:
    """DriveThruCards' deck PDF: back then front of every printed card, one image a page."""
    fw, fh = (v * inch for v in fit.template.full_in)
    with binary_streams():
        canvas, buffer = new_canvas(
            (fw, fh),
            f"{export.ruleset.title}: {deck}",
            f"pnp print on demand, {export.ruleset.name}",
        )
        blank = None
        for card in cards:
            front = side_of(card, "face")
            assert front is not None
            for _ in range(card.copies):
                for data in (rendered[back.name] if back else None, rendered[front.name]):
                    if data is None:
                        if blank is None:
                            from PIL import Image

                            blank = Image.new("CMYK", fit.template.pixels, (0, 0, 0, 0))
                        reader = ImageReader(blank)
                    else:
                        reader = ImageReader(io.BytesIO(data))
                    canvas.drawImage(reader, 0, 0, fw, fh)
                    canvas.showPage()
        canvas.save()
    return buffer.getvalue()
