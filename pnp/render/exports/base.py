"""What every export shares: the kit, the drawing context, the output folder and its index."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.content import LoadedContent
from pnp.render.components import Component
from pnp.render.exports.jobs import Job, run_jobs
from pnp.render.exports.settings import ExportSettings
from pnp.render.face import DrawContext
from pnp.render.pdf import AtomicFiles
from pnp.render.progress import Bar
from pnp.render.report import RenderReport
from pnp.render.sides import SidePage, side_pdf
from pnp.rulesets.ruleset import Ruleset

#: the file in every export folder that lists what the export wrote
INDEX = "export.json"


@dataclass
class ExportOutcome:
    """What one export of one ruleset did, in words, and the files it queued."""

    ruleset: str
    folder: Path
    files: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Export:
    """One ruleset's export in progress: everything a format needs."""

    ruleset: Ruleset
    content: LoadedContent[Any]
    components: list[Component]
    settings: ExportSettings
    folder: Path
    queue: AtomicFiles
    report: RenderReport
    bar: Bar
    outcome: ExportOutcome

    def context(self, words: dict[tuple[str, str], list[str]] | None = None) -> DrawContext:
        """A drawing context for the export's PDF (one per PDF: forms are per document);
        ``words`` collects each side's text in words (:attr:`DrawContext.words`)."""
        return DrawContext(
            icons=self.ruleset.icons,
            content_folder=self.content.folder,
            report=self.report,
            file=f"{self.ruleset.name}/{self.settings.folder}",
            sources=self.content.sources,
            low_ink=self.settings.low_ink,
            words=words,
        )

    def pdf(
        self, pages: Sequence[SidePage], words: dict[tuple[str, str], list[str]] | None = None
    ) -> bytes:
        """The sides drawn one per page by the kit's page writer (their text in words into
        ``words``, when given)."""
        return side_pdf(
            pages,
            self.context(words),
            title=f"{self.ruleset.title}: {self.settings.format} export",
            subject=f"pnp export, {self.ruleset.name}",
        )

    def rasterise(self, pdf: bytes, jobs: Sequence[Job]) -> list[bytes]:
        """Every job's image, advancing the progress bar per image."""
        return run_jobs(pdf, jobs, self.settings.workers, self.bar.advance)

    def add(self, relative: str, data: bytes) -> None:
        """Queue a file of the export folder."""
        path = self.folder / relative
        self.queue.add(path, data)
        self.outcome.files.append(path)

    def index(self, extra: dict[str, Any]) -> None:
        """Queue the export's index: what was asked and every file written."""
        data = {
            "ruleset": self.ruleset.name,
            "title": self.ruleset.title,
            "generator": f"pnp {__version__}",
            "content_hash": self.content.content_hash,
            "format": self.settings.format,
            "ink": self.settings.ink,
            **extra,
            "files": sorted(p.relative_to(self.folder).as_posix() for p in self.outcome.files),
        }
        self.add(INDEX, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode())


def stale_exports(folder: Path, keep: set[Path]) -> list[Path]:
    """Files an earlier export listed in ``folder``'s index that this one does not write."""
    try:
        old = json.loads((folder / INDEX).read_text())
    except (OSError, ValueError):
        return []
    out = []
    names = old.get("files", []) if isinstance(old, dict) else []
    for name in names:
        if not isinstance(name, str) or name.startswith(("/", "\\")) or ".." in name.split("/"):
            continue  # never follow an index outside its folder
        path = folder / name
        if path not in keep and path.is_file():
            out.append(path)
    return out
