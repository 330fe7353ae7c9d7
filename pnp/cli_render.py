"""The print commands: ``pnp render``, ``pnp rules``, ``pnp calibrate``, ``pnp build``.

They only parse options and call :mod:`pnp.render.build`; registered on the
main app by :mod:`pnp.cli`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from pnp.cli import ContentOption, app, reports_errors, selected_rulesets
from pnp.content.problems import display_path
from pnp.errors import UsageError
from pnp.render.options import Duplex, Ink, RenderOptions, SheetLayout, parse_mm, parse_offset
from pnp.rulesets import load_all

if TYPE_CHECKING:  # imported where used: the command line starts without the renderer
    from pnp.render.report import RenderReport

# Choice options are Literal types matched case-insensitively (--duplex LONG, --format MD),
# as --paper is; they arrive in their canonical lower-case spelling and --help lists them.
ReferenceFormat = Literal["pdf", "md", "html"]
CalibrationDuplex = Literal["long", "short"]

PaperOption = Annotated[
    str, typer.Option("--paper", metavar="A4|Letter|A3", help="Paper: A4, Letter or A3.")
]
BleedOption = Annotated[
    str, typer.Option("--bleed", metavar="MM", help="Bleed around each piece, mm (0 for none).")
]
GutterOption = Annotated[
    str | None,
    typer.Option(
        "--gutter",
        metavar="MM",
        help="Space between cards, mm (0: cards share their cut lines). Default: twice the "
        "bleed each card keeps on every side, as much as fits without losing a card.",
    ),
]
DuplexOption = Annotated[
    Duplex | None,
    typer.Option(
        "--duplex",
        help="Backs: long (flip on the long edge, the default), short, or none.",
        case_sensitive=False,
    ),
]
LayoutOption = Annotated[
    SheetLayout,
    typer.Option(
        "--layout",
        help="grid (backs on their own pages) or gutterfold (fronts and backs side by side).",
        case_sensitive=False,
    ),
]
OffsetOption = Annotated[
    str,
    typer.Option(
        "--back-offset",
        metavar="X,Y",
        help="Shift back pages X,Y mm (right, up) to correct printer drift; "
        "measure it with pnp calibrate.",
    ),
]
CropOption = Annotated[
    bool, typer.Option("--crop-marks/--no-crop-marks", help="Crop marks in the margins.")
]
CutOption = Annotated[bool, typer.Option("--cut-lines", help="Thin grey lines along every cut.")]
OverlapOption = Annotated[
    str, typer.Option("--overlap", metavar="MM", help="Overlap of board tiles, mm.")
]
StrictOption = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Fail (exit status 2, nothing written) when text overflows its box "
        "or uses characters the font lacks.",
    ),
]
InkOption = Annotated[
    Ink,
    typer.Option(
        "--ink",
        help="normal, or low: light tints and outlines instead of dark fills, "
        "with the ink each PDF saves.",
        case_sensitive=False,
    ),
]
OutOption = Annotated[
    Path,
    typer.Option("--out", help="Output folder; each ruleset gets a sub-folder.", file_okay=False),
]


def _options(
    paper: str,
    bleed: str,
    duplex: Duplex | None,
    layout: SheetLayout,
    back_offset: str,
    crop_marks: bool,
    cut_lines: bool,
    overlap: str,
    strict: bool,
    ink: Ink = "normal",
    gutter: str | None = None,
) -> RenderOptions:
    if layout == "gutterfold" and duplex is not None:
        raise UsageError(
            "--duplex does not apply to --layout gutterfold (backs print beside their fronts)"
        )
    offset = parse_offset(back_offset)
    # an offset shifts back pages: asked for where there are none, it would be lost silently
    if any(offset) and (layout == "gutterfold" or duplex == "none"):
        why = "--layout gutterfold prints backs beside their fronts"
        if layout != "gutterfold":
            why = "--duplex none prints no backs"
        raise UsageError(f"--back-offset shifts the back pages of a duplex print; {why}")
    return RenderOptions(
        paper=paper,
        bleed=parse_mm(bleed, "--bleed"),
        gutter=None if gutter is None else parse_mm(gutter, "--gutter"),
        duplex=duplex or "long",
        layout=layout,
        back_offset=offset,
        crop_marks=crop_marks,
        cut_lines=cut_lines,
        overlap=parse_mm(overlap, "--overlap"),
        strict=strict,
        ink=ink,
    )


def _say_problems(report: RenderReport, options: RenderOptions | None = None) -> None:
    # under --strict a text problem fails the run, and the error lists them itself
    if options is not None and options.strict and report.problems:
        return
    for line in report.lines():
        typer.echo(line, err=True)


def _summary(outcome_files: list[Path], out: Path, name: str) -> str:
    names = ", ".join(p.name for p in outcome_files)
    return f"{name}: wrote {display_path(out / name)}/ ({names})"


@app.command("render")
@reports_errors
def render_command(
    ruleset: Annotated[str, typer.Argument(help="The ruleset whose kit to print.")],
    paper: PaperOption = "A4",
    bleed: BleedOption = "3",
    gutter: GutterOption = None,
    duplex: DuplexOption = None,
    layout: LayoutOption = "grid",
    back_offset: OffsetOption = "0,0",
    crop_marks: CropOption = True,
    cut_lines: CutOption = False,
    overlap: OverlapOption = "10",
    strict: StrictOption = False,
    ink: InkOption = "normal",
    content: ContentOption = None,
    out: OutOption = Path("output"),
) -> None:
    """Print a ruleset's cards, tokens and boards as PDFs, with a manifest."""
    from pnp.render.build import finish, prepare_ruleset
    from pnp.render.kit import kit_components
    from pnp.render.pdf import AtomicFiles
    from pnp.render.progress import progress_bar
    from pnp.render.report import RenderReport

    options = _options(
        paper,
        bleed,
        duplex,
        layout,
        back_offset,
        crop_marks,
        cut_lines,
        overlap,
        strict,
        ink,
        gutter=gutter,
    )
    (chosen,) = selected_rulesets([ruleset])
    loaded = chosen.load(content, alone=True)
    kit_components(chosen, loaded)  # a ruleset without a kit is an error for render
    queue = AtomicFiles()
    report = RenderReport()
    with progress_bar() as bar:
        outcome, stale = prepare_ruleset(
            chosen, loaded, options, out, queue, report, bar, with_reference=False
        )
    _say_problems(report, options)
    finish(queue, report, options, stale)
    for note in outcome.notes:
        typer.echo(f"{chosen.name}: {note}")
    typer.echo(_summary(outcome.files, out, chosen.name))


@app.command("rules")
@reports_errors
def rules_command(
    ruleset: Annotated[str, typer.Argument(help="The ruleset whose rules reference to write.")],
    format: Annotated[
        ReferenceFormat,
        typer.Option(
            "--format", help="pdf, md (Markdown) or html (standalone page).", case_sensitive=False
        ),
    ] = "pdf",
    paper: PaperOption = "A4",
    content: ContentOption = None,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="DIR|-",
            help="Output folder (the file goes in its <ruleset>/ sub-folder); "
            "'-' prints Markdown or HTML to standard output.",
            file_okay=False,  # a file given as the folder is refused before anything renders
        ),
    ] = Path("output"),
) -> None:
    """Write a ruleset's rules reference as PDF, Markdown or HTML."""
    from pnp.render.build import reference_bytes
    from pnp.render.pdf import AtomicFiles
    from pnp.render.report import RenderReport

    if str(out) == "-" and format == "pdf":  # say so before loading and rendering anything
        raise UsageError("--out - prints Markdown or HTML only; give a folder for a PDF")
    options = RenderOptions(paper=paper)
    (chosen,) = selected_rulesets([ruleset])
    loaded = chosen.load(content, alone=True)
    report = RenderReport()
    data = reference_bytes(chosen, loaded, format, options, report)
    _say_problems(report)
    if str(out) == "-":
        sys.stdout.write(data.decode())
        return
    target = out / chosen.name / f"reference.{format}"
    queue = AtomicFiles()
    queue.add(target, data)
    queue.commit()
    typer.echo(f"{chosen.name}: wrote {display_path(target)}")


@app.command("calibrate")
@reports_errors
def calibrate_command(
    paper: PaperOption = "A4",
    duplex: Annotated[
        CalibrationDuplex,
        typer.Option(
            "--duplex", help="The flip you print with: long or short.", case_sensitive=False
        ),
    ] = "long",
    back_offset: Annotated[
        str,
        typer.Option(
            "--back-offset",
            metavar="X,Y",
            help="Apply this X,Y mm offset to check a measured one.",
        ),
    ] = "0,0",
    out: Annotated[
        Path,
        typer.Option("--out", help="Output folder for the calibration PDF.", file_okay=False),
    ] = Path("output"),
) -> None:
    """Print a two-page duplex calibration sheet to measure --back-offset."""
    from pnp.render.build import calibration_bytes
    from pnp.render.pdf import AtomicFiles

    options = RenderOptions(paper=paper, duplex=duplex, back_offset=parse_offset(back_offset))
    target = out / f"calibration-{options.paper.lower()}-{duplex}.pdf"
    queue = AtomicFiles()
    queue.add(target, calibration_bytes(options))
    queue.commit()
    typer.echo(f"wrote {display_path(target)}: print it double-sided at 100%, then read the back")


@app.command("build")
@reports_errors
def build_command(
    rulesets: Annotated[
        list[str] | None,
        typer.Argument(metavar="RULESET", help="Rulesets to build (default: all registered)."),
    ] = None,
    paper: PaperOption = "A4",
    bleed: BleedOption = "3",
    gutter: GutterOption = None,
    duplex: DuplexOption = None,
    layout: LayoutOption = "grid",
    back_offset: OffsetOption = "0,0",
    crop_marks: CropOption = True,
    cut_lines: CutOption = False,
    overlap: OverlapOption = "10",
    strict: StrictOption = False,
    ink: InkOption = "normal",
    content: ContentOption = None,
    out: OutOption = Path("output"),
) -> None:
    """Render every component and the rules reference of each ruleset into OUT/<ruleset>/."""
    from pnp.render.build import finish, prepare_ruleset
    from pnp.render.pdf import AtomicFiles
    from pnp.render.progress import progress_bar
    from pnp.render.report import RenderReport

    options = _options(
        paper,
        bleed,
        duplex,
        layout,
        back_offset,
        crop_marks,
        cut_lines,
        overlap,
        strict,
        ink,
        gutter=gutter,
    )
    chosen = selected_rulesets(rulesets)
    if not chosen:
        typer.echo("No rulesets are registered; nothing to build.")
        return
    loaded = load_all(chosen, content)
    queue = AtomicFiles()
    report = RenderReport()
    outcomes = []
    stale = []
    with progress_bar() as bar:
        for ruleset in chosen:
            outcome, old = prepare_ruleset(
                ruleset, loaded[ruleset.name], options, out, queue, report, bar, with_reference=True
            )
            outcomes.append(outcome)
            stale += old
    _say_problems(report, options)
    finish(queue, report, options, stale)
    for outcome in outcomes:
        for note in outcome.notes:
            typer.echo(f"{outcome.ruleset}: {note}")
        if outcome.files:
            typer.echo(_summary(outcome.files, out, outcome.ruleset))
        else:
            typer.echo(f"{outcome.ruleset}: nothing to build yet")
