"""What the commands do: render kits, references and calibration sheets to disk.

Everything a command produces is rendered in memory first and written at
the end with atomic renames, so a failure (bad content, an overflow under
``--strict``, a broken template) leaves earlier output untouched.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.content.words import plural
from pnp.render import docpdf, export, marks
from pnp.render.calibration import plan_calibration
from pnp.render.document import Document
from pnp.render.face import DrawContext
from pnp.render.geometry import Box
from pnp.render.kit import (
    FilePlan,
    NoKitError,
    RenderedFile,
    kit_components,
    manifest,
    plan_files,
    render_files,
)
from pnp.render.options import RenderOptions
from pnp.render.pages import write_pdf
from pnp.render.pdf import AtomicFiles
from pnp.render.progress import Bar
from pnp.render.reference import NoReferenceError, build_reference
from pnp.render.report import RenderReport, StrictError
from pnp.render.units import to_mm
from pnp.rulesets.ruleset import Ruleset

FORMATS = ("pdf", "md", "html")
MANIFEST = "manifest.json"


@dataclass
class Outcome:
    """What a command did for one ruleset, in words, and the files it queued."""

    ruleset: str
    notes: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    pages: int = 0


def reference_bytes(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    fmt: str,
    options: RenderOptions,
    report: RenderReport,
    doc: Document | None = None,
) -> bytes:
    """The rules reference of ``ruleset`` in format ``fmt`` (pdf, md or html).

    ``doc`` is the reference already built from the template (a build writes
    three formats from one); without it the template is rendered here.
    """
    if doc is None:
        doc = build_reference(ruleset, content)
    title = f"{ruleset.title}: reference"
    if fmt == "md":
        return export.to_markdown(doc, ruleset.icons).encode()
    if fmt == "html":
        return export.to_html(doc, ruleset.icons, title).encode()
    context = DrawContext(
        icons=ruleset.icons,
        content_folder=content.folder,
        report=report,
        file=f"{ruleset.name}/reference.pdf",
    )
    return docpdf.document_pdf(
        doc, context, options.page_size, title, f"pnp rules reference, {ruleset.name}"
    )


def _manifest_bytes(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def _previous_manifest(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def earlier_references(folder: Path) -> tuple[str, ...]:
    """The formats of the reference files an earlier run listed in ``folder``'s manifest
    and left there."""
    listed = {
        e.get("file")
        for e in _previous_manifest(folder).get("files", [])
        if isinstance(e, dict) and e.get("kind") == "reference"
    }
    return tuple(
        fmt
        for fmt in FORMATS
        if f"reference.{fmt}" in listed and (folder / f"reference.{fmt}").is_file()
    )


def stale_files(folder: Path, keep: set[str], kinds: set[str] | None = None) -> list[Path]:
    """Files an earlier manifest in ``folder`` listed that this run no longer makes."""
    old = _previous_manifest(folder)
    out = []
    for entry in old.get("files", []):
        if not isinstance(entry, dict):
            continue
        name = entry.get("file")
        kind = entry.get("kind")
        if not isinstance(name, str) or "/" in name or "\\" in name or name.startswith("."):
            continue  # never follow a manifest outside its folder
        if kinds is not None and kind not in kinds:
            continue
        if name not in keep and (folder / name).is_file():
            out.append(folder / name)
    return out


def prepare_ruleset(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    options: RenderOptions,
    out_root: Path,
    queue: AtomicFiles,
    report: RenderReport,
    bar: Bar,
    *,
    with_reference: bool,
) -> tuple[Outcome, list[Path]]:
    """Render one ruleset's kit (and reference) into ``queue``; returns the outcome and
    the stale files to remove once the queue is written."""
    outcome = Outcome(ruleset.name)
    folder = out_root / ruleset.name
    try:
        components = kit_components(ruleset, content)
    except NoKitError as exc:
        components = None
        outcome.notes.append(str(exc).split(": ", 1)[1])
    if components is not None and not options.backs:
        backed = sum(1 for c in components if c.back_draw is not None and c.copies)
        if backed:
            outcome.notes.append(
                f"--duplex none: the backs of {backed} component{'s' if backed != 1 else ''} "
                "are not printed"
            )
    files: list[FilePlan] = plan_files(components, options) if components is not None else []
    outcome.notes += offset_notes(files, options) + margin_notes(files, options)
    pages = sum(len(f.pages) for f in files)
    # render (no reference of its own) draws again the reference files an earlier
    # build left here, for this run's paper and content: a Letter kit never sits
    # beside an A4 reference.pdf its manifest calls Letter
    formats = FORMATS if with_reference else earlier_references(folder)
    bar.start(f"{ruleset.name}", pages + len(formats))
    rendered = render_files(ruleset, content, files, report, bar.advance, low_ink=options.low_ink)
    for f in rendered:
        queue.add(folder / f.name, f.data)
        outcome.files.append(folder / f.name)
    if options.low_ink and rendered:
        outcome.notes += ink_report(ruleset, content, files, rendered)
    outcome.pages = pages
    references: list[str] = []
    if formats:
        try:
            doc = build_reference(ruleset, content)  # once for its three formats
            for fmt in formats:
                data = reference_bytes(ruleset, content, fmt, options, report, doc)
                queue.add(folder / f"reference.{fmt}", data)
                references.append(f"reference.{fmt}")
                outcome.files.append(folder / f"reference.{fmt}")
                bar.advance()
        except NoReferenceError as exc:
            outcome.notes.append(str(exc).split(": ", 1)[1])
    bar.finish()
    stale: list[Path] = []
    if components is not None or references:
        summary = manifest(ruleset, content, options, files, references)
        queue.add(folder / MANIFEST, _manifest_bytes(summary))
        outcome.files.append(folder / MANIFEST)
        keep = {p.name for p in outcome.files}
        stale = stale_files(folder, keep)
    return outcome, stale


def offset_notes(files: Sequence[FilePlan], options: RenderOptions) -> list[str]:
    """A note when ``--back-offset`` moves backs past the paper's edge: the printer
    would cut them short, and an offset that large is more likely a mismeasurement
    (or the wrong sign) than the printer's own drift."""
    count = 0
    where = []
    for f in files:
        pages = [
            n
            for n, page in enumerate(f.pages, 1)
            if page.role == "backs"
            for p in page.placed
            if not Box(0, 0, *page.size).contains(p.trim)
        ]
        if pages:
            count += len(pages)
            where.append(f"{f.name} from page {pages[0]}")
    if not count:
        return []
    x, y = (f"{to_mm(v):g}" for v in options.back_offset)
    return [
        f"--back-offset {x},{y} puts {plural(count, 'back')} past the paper's edge, where "
        f"the printer cuts them short ({', '.join(where)}); measure the offset again "
        "with pnp calibrate"
    ]


def margin_notes(files: Sequence[FilePlan], options: RenderOptions) -> list[str]:
    """A note when crop marks could only go where many printers print nothing (a
    narrow margin, as three rows of cards leave on Letter): the cutter would have no
    guide there unless the pieces carry their own cut lines."""
    if options.cut_lines:
        return []
    count = 0
    names = []
    for f in files:
        n = sum(marks.near_edge(s, page.size) for page in f.pages for s in page.crop_marks)
        if n:
            count += n
            names.append(f.name)
    if not count:
        return []
    return [
        f"--paper {options.paper}: {plural(count, 'crop mark')} ({', '.join(names)}) "
        f"lie within {to_mm(marks.SAFE_EDGE):g} mm of the paper's edge, where many printers "
        "print nothing; --cut-lines also draws every cut line on the sheet"
    ]


def ink_report(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    files: Sequence[FilePlan],
    low: Sequence[RenderedFile],
) -> list[str]:
    """The estimated ink coverage of each low-ink PDF beside the normal kit's (drawn
    again here, in memory, to compare)."""
    from pnp.render.ink import savings

    normal = render_files(ruleset, content, files, RenderReport(), low_ink=False)
    found = savings({f.name: f.data for f in normal}, {f.name: f.data for f in low})
    return [f"--ink low: {s}" for s in found]


def finish(
    queue: AtomicFiles, report: RenderReport, options: RenderOptions, stale: Sequence[Path]
) -> list[Path]:
    """Fail under ``--strict`` if anything was reported, else write every queued file and
    remove stale ones."""
    if options.strict and report.problems:
        raise StrictError(report)
    written = queue.commit()
    for path in stale:
        path.unlink(missing_ok=True)
    return written


def finish_export(
    queue: AtomicFiles, report: RenderReport, strict: bool, stale: Sequence[Path]
) -> list[Path]:
    """:func:`finish` for an export: fail under ``--strict`` if anything was reported,
    else write the queue and remove the files an earlier export made and this one does
    not."""
    if strict and report.problems:
        raise StrictError(report)
    written = queue.commit()
    for path in stale:
        path.unlink(missing_ok=True)
    return written


def calibration_bytes(options: RenderOptions) -> bytes:
    """The two-page duplex calibration sheet."""
    pages = plan_calibration(options)
    mode = options.duplex if options.duplex != "none" else "long"
    return write_pdf(pages, DrawContext(), f"pnp duplex calibration, {options.paper}, {mode} edge")
