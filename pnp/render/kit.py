"""Render a ruleset's whole kit: plan every file, draw it, describe it in a manifest."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp import __version__
from pnp.content import LoadedContent
from pnp.errors import PnpError
from pnp.render.boards import plan_board
from pnp.render.components import Board, Card, Component, Token, check_components
from pnp.render.face import DrawContext
from pnp.render.options import RenderOptions
from pnp.render.pages import PagePlan, write_pdf
from pnp.render.report import RenderError, RenderReport
from pnp.render.sheets import plan_cards, plan_tokens
from pnp.render.units import to_mm
from pnp.rulesets.ruleset import Ruleset

Progress = Callable[[int], None]


@dataclass
class FilePlan:
    """One output PDF: its components and its pages."""

    name: str
    kind: str
    components: list[Component]
    pages: list[PagePlan]


@dataclass
class RenderedFile:
    """A finished output file."""

    name: str
    data: bytes
    kind: str = ""
    pages: int = 0


@dataclass
class KitResult:
    """The files of a kit, its manifest and what the render noticed."""

    ruleset: str
    files: list[RenderedFile] = field(default_factory=list)
    manifest: dict[str, Any] = field(default_factory=dict)
    report: RenderReport = field(default_factory=RenderReport)


class NoKitError(PnpError):
    """The ruleset does not declare a print kit yet."""


def kit_components(ruleset: Ruleset, content: LoadedContent[Any]) -> list[Component]:
    """The ruleset's declared components, checked."""
    if ruleset.components is None:
        raise NoKitError(f"{ruleset.name}: no print kit yet (the ruleset declares no components)")
    try:
        components = list(ruleset.components(content))
    except PnpError:
        raise
    except Exception as exc:
        raise RenderError(
            f"{ruleset.name}: building the component list failed: {type(exc).__name__}: {exc}"
        ) from exc
    check_components(components, ruleset.name)
    return components


def plan_files(components: Sequence[Component], options: RenderOptions) -> list[FilePlan]:
    """Group components by file (in order of first appearance) and plan each file's pages."""
    groups: dict[str, list[Component]] = {}
    for comp in components:
        groups.setdefault(comp.file_stem, []).append(comp)
    plans = []
    for stem, comps in groups.items():
        kind = comps[0].kind
        printed = [c for c in comps if c.copies > 0]
        if not printed:
            pages: list[PagePlan] = []
        elif kind == "card":
            pages = plan_cards([c for c in printed if isinstance(c, Card)], options)
        elif kind == "token":
            pages = plan_tokens([c for c in printed if isinstance(c, Token)], options)
        else:
            pages = [p for c in printed if isinstance(c, Board) for p in plan_board(c, options)]
        plans.append(FilePlan(f"{stem}.pdf", kind, comps, pages))
    return plans


def manifest(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    options: RenderOptions,
    files: Sequence[FilePlan],
    extra_files: Sequence[str] = (),
) -> dict[str, Any]:
    """The manifest: every component with its count, file and pages."""
    entries = []
    for plan in files:
        fronts: dict[str, list[int]] = {}
        backs: dict[str, list[int]] = {}
        for number, page in enumerate(plan.pages, start=1):
            for placed in page.placed:
                target = backs if placed.side == "back" else fronts
                pages = target.setdefault(placed.component.id, [])
                if number not in pages:
                    pages.append(number)
        for comp in plan.components:
            w, h = comp.trim_size()
            entry: dict[str, Any] = {
                "id": comp.id,
                "kind": comp.kind,
                "name": comp.label,
                "copies": comp.copies,
                "file": plan.name,
                "page": fronts.get(comp.id, [None])[0],
                "pages": fronts.get(comp.id, []),
                "size_mm": [round(to_mm(w), 2), round(to_mm(h), 2)],
            }
            if isinstance(comp, Token):
                entry["shape"] = comp.shape
            if comp.back_draw is not None:
                entry["back_pages"] = backs.get(comp.id, [])
            entries.append(entry)
    return {
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "generator": f"pnp {__version__}",
        "content_hash": content.content_hash,
        "options": options.describe(),
        "files": [{"file": p.name, "kind": p.kind, "pages": len(p.pages)} for p in files if p.pages]
        + [{"file": name, "kind": "reference"} for name in extra_files],
        "components": entries,
    }


def render_files(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    files: Sequence[FilePlan],
    report: RenderReport,
    progress: Progress | None = None,
    *,
    low_ink: bool = False,
) -> list[RenderedFile]:
    """Draw every planned file (files without pages are skipped), in the low-ink
    variant when asked."""
    out = []
    for plan in files:
        if not plan.pages:
            continue
        context = DrawContext(
            icons=ruleset.icons,
            content_folder=content.folder,
            report=report,
            file=f"{ruleset.name}/{plan.name}",
            sources=content.sources,
            low_ink=low_ink,
        )
        data = write_pdf(
            plan.pages,
            context,
            title=f"{ruleset.title}: {plan.name[:-4]}",
            subject=f"pnp print kit, {ruleset.name}",
            progress=progress,
        )
        out.append(RenderedFile(plan.name, data, plan.kind, len(plan.pages)))
    return out


def render_kit(
    ruleset: Ruleset,
    content: LoadedContent[Any],
    options: RenderOptions,
    progress: Progress | None = None,
    on_total: Callable[[int], None] | None = None,
) -> KitResult:
    """Plan and draw every file of ``ruleset``'s kit (nothing is written to disk)."""
    components = kit_components(ruleset, content)
    files = plan_files(components, options)
    if on_total is not None:
        on_total(sum(len(f.pages) for f in files))
    result = KitResult(ruleset.name)
    result.files = render_files(
        ruleset, content, files, result.report, progress, low_ink=options.low_ink
    )
    result.manifest = manifest(ruleset, content, options, files)
    return result
