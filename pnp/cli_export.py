"""``pnp export``: per-side images, a Tabletop Simulator table, print-on-demand files.

Parses options and calls :mod:`pnp.render.exports`; registered on the main
app by :mod:`pnp.cli`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from pnp.cli import ContentOption, app, reports_errors, selected_rulesets
from pnp.cli_render import OutOption, StrictOption
from pnp.content.problems import display_path
from pnp.render.options import parse_mm
from pnp.render.units import to_mm
from pnp.rulesets import load_all

ExportFormatOption = Literal["png", "tts", "pod"]
InkOption = Literal["normal", "low"]


@app.command("export")
@reports_errors
def export_command(
    rulesets: Annotated[
        list[str] | None,
        typer.Argument(metavar="RULESET", help="Rulesets to export (default: all registered)."),
    ] = None,
    format: Annotated[
        ExportFormatOption,
        typer.Option(
            "--format",
            help="png (an image per side), tts (Tabletop Simulator saved object) or "
            "pod (print-on-demand files, with --preset).",
            case_sensitive=False,
        ),
    ] = "png",
    dpi: Annotated[
        int, typer.Option("--dpi", help="Pixels per inch of the images (png, tts).")
    ] = 300,
    bleed: Annotated[
        str, typer.Option("--bleed", metavar="MM", help="Bleed around each PNG, mm (png only).")
    ] = "0",
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            metavar="PRINTER",
            help="pod: thegamecrafter, drivethrucards or makeplayingcards.",
        ),
    ] = None,
    guides: Annotated[
        bool,
        typer.Option(
            "--guides", help="pod: draw the trim and safe zone (a proof, not for upload)."
        ),
    ] = False,
    base_url: Annotated[
        str | None,
        typer.Option(
            "--base-url",
            metavar="URL",
            help="tts: where the images will be hosted (default: local file:/// paths); "
            "{ruleset} in it stands for each ruleset's name.",
        ),
    ] = None,
    ink: Annotated[
        InkOption,
        typer.Option(
            "--ink",
            help="normal, or low: light tints and outlines instead of dark fills.",
            case_sensitive=False,
        ),
    ] = "normal",
    strict: StrictOption = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", help="Processes rasterising pages (default: the cores, up to 4)."
        ),
    ] = None,
    content: ContentOption = None,
    out: OutOption = Path("output"),
) -> None:
    """Export kits as images, a Tabletop Simulator table or print-on-demand files
    into OUT/<ruleset>/<format>/."""
    from pnp.render.build import finish_export
    from pnp.render.exports import ExportSettings, prepare_export
    from pnp.render.exports.jobs import default_workers
    from pnp.render.pdf import AtomicFiles
    from pnp.render.progress import progress_bar
    from pnp.render.report import RenderReport

    settings = ExportSettings(
        format=format,
        dpi=dpi,
        bleed_mm=round(to_mm(parse_mm(bleed, "--bleed")), 4),
        preset=preset,
        guides=guides,
        base_url=base_url,
        ink=ink,
        strict=strict,
        workers=default_workers() if workers is None else workers,
    )
    chosen = selected_rulesets(rulesets)
    if not chosen:
        typer.echo("No rulesets are registered; nothing to export.")
        return
    settings.check_rulesets([r.name for r in chosen])
    loaded = load_all(chosen, content)
    queue = AtomicFiles()
    report = RenderReport()
    outcomes = []
    stale: list[Path] = []
    with progress_bar() as bar:
        for ruleset in chosen:
            outcome, old = prepare_export(
                ruleset, loaded[ruleset.name], settings, out, queue, report, bar
            )
            outcomes.append(outcome)
            stale += old
    if not (settings.strict and report.problems):
        for line in report.lines():
            typer.echo(line, err=True)
    finish_export(queue, report, settings.strict, stale)
    for outcome in outcomes:
        for note in outcome.notes:
            typer.echo(f"{outcome.ruleset}: {note}")
        where = display_path(outcome.folder)
        typer.echo(f"{outcome.ruleset}: wrote {len(outcome.files)} files to {where}/")
