"""Exports beyond the PDF kit: per-side images, a Tabletop Simulator table, print on demand.

``pnp export RULESET... --format png|tts|pod`` writes into
``<out>/<ruleset>/<format>/`` (``pod/<printer>/`` for print on demand).
Every image is the kit's own drawing rasterised (:mod:`pnp.render.raster`):
the sides an export needs are drawn one per page by the kit's page writer,
and the pages rendered at exact pixel sizes. As with ``pnp build``, all
files are made in memory first and written at the end with atomic renames,
the same content and options give the same bytes, and an index
(``export.json``) lists what was written so the next run can remove what it
no longer makes.

Formats: :mod:`.images` (png), :mod:`.tts` (Tabletop Simulator),
:mod:`.pod` with the printers of :mod:`.printers`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.render.exports.base import Export, ExportOutcome, stale_exports
from pnp.render.exports.settings import ExportSettings
from pnp.render.kit import kit_components
from pnp.render.pdf import AtomicFiles
from pnp.render.progress import Bar
from pnp.render.report import RenderReport
from pnp.rulesets.ruleset import Ruleset

__all__ = ["ExportOutcome", "ExportSettings", "prepare_export"]


def prepare_export(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    settings: ExportSettings,
    out_root: Path,
    queue: AtomicFiles,
    report: RenderReport,
    bar: Bar,
) -> tuple[ExportOutcome, list[Path]]:
    """Draw and rasterise one ruleset's export into ``queue``; returns the outcome and the
    stale files to remove once the queue is written."""
    from pnp.render.exports.images import export_png
    from pnp.render.exports.pod import export_pod
    from pnp.render.exports.tts import export_tts

    components = kit_components(ruleset, content)
    folder = out_root / ruleset.name / settings.folder
    outcome = ExportOutcome(ruleset.name, folder)
    export = Export(ruleset, content, components, settings, folder, queue, report, bar, outcome)
    {"png": export_png, "tts": export_tts, "pod": export_pod}[settings.format](export)
    return outcome, stale_exports(folder, set(outcome.files))
